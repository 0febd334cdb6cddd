"""`referee sources`: the documents the rules and rulings come from, with titles and links."""

from __future__ import annotations

from referee.catalog import sources as source_data
from referee.cli.output import Page, console, escape, print_json
from referee.errors import RefereeError, Typed
from referee.say.lang import choose
from referee.text import name_key


def run(words: str | None, lang: str | None, json_out: bool) -> None:
    lang = choose(lang, words)
    rows = source_data.listing(lang)
    if words is not None:
        key = name_key(words)
        if not key:
            raise RefereeError.say("error.sources.give_words_source_name")
        rows = [r for r in rows if any(key in name_key(t) for t in (*r["name"].values(), r["title"], r["id"]))]
        if not rows:
            raise RefereeError.say("error.sources.no_source_matches_referee", words=Typed(words))
    if json_out:
        print_json([{k: r[k] for k in ("id", "name", "title", "links")} for r in rows])
        return
    from rich.padding import Padding

    out = Page(console())
    for row in rows:
        out.print(f"[bold]{escape(row['shown'])}[/bold]")
        out.print(Padding(escape(row["title"]), (0, 0, 0, 2), expand=False))
        for link in row["links"]:
            out.print(f"  [dim]{escape(link)}[/dim]", overflow="ignore", crop=False)
    out.show()
