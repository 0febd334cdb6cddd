"""A tracked table as the text of a situation file (a TOML writer): the set-up a new table's
log starts from, and the export that adds the log as its `[play]` history."""

from __future__ import annotations

import json

from referee.errors import RefereeError


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)       # a JSON string is a TOML basic string (readable Chinese)


def setup_situation(rulebook, players: list[str], characters: list[str], crown: int, variants: list[str],
                    secret: bool) -> str:
    """The set-up of a new game as a situation file (the selection phase of round 1, every card
    unknown): the position a tracked game's log starts from, and what `export` extends."""
    q = _q
    setup = rulebook.setup
    lines = [f"edition = {q(rulebook.edition)}", f"variants = [{', '.join(q(v) for v in variants)}]", "",
             "[table]", f"crown = {q(players[crown])}", "phase = \"selection\"", f"secret = {str(secret).lower()}",
             f"characters = [{', '.join(q(rulebook.name(c)) for c in characters)}]"]
    for name in players:
        lines += ["", "[[players]]", f"name = {q(name)}", f"gold = {int(setup['start_gold'])}",
                  "hand = [" + ", ".join([q("?")] * int(setup["start_cards"])) + "]"]
    return "\n".join(lines) + "\n"


def with_history(start: str, moves: list[str], language: str = "") -> str:
    """`start` (a situation file) with `moves` as its `[play]` history: a file `referee ask`
    replays to the same position. `language`: the table's (its header's `lang`), declared at the
    top of the file so that the file speaks it at once (docs/situations.md `language`): a table
    whose first move decided it has nothing else in the file that says so."""
    start = start.rstrip()
    if "\n[play]" in "\n" + start:
        raise RefereeError.say("error.table.this_table_started_from")
    if language:
        start = _declaring(start, language)
    history = ",\n".join("  " + _q(move) for move in moves)
    return f"{start}\n\n[play]\nhistory = [\n{history}\n]\n" if moves else start + "\n"


def _declaring(start: str, language: str) -> str:
    """`start` declaring `language`: its own top-level `language` line (a file it started from may
    say one, which --lang at `new` overrode) given the table's, else one line first."""
    import re

    top = re.split(r"^\s*\[", start, maxsplit=1, flags=re.M)[0]      # the keys before the first table
    line = f"language = {_q(language)}"
    if re.search(r"^language\s*=.*$", top, flags=re.M):
        return re.sub(r"^language\s*=.*$", line, start, count=1, flags=re.M)
    return f"{line}\n{start}"
