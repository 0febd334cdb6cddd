"""The `referee` command line. Each command imports what it needs when it runs, so that the
start-up path of every command stays small (scripts/bench_cli.py measures it)."""


import sys
from typing import Optional

import typer

from referee.errors import RefereeError

HELP = "The rules referee for Citadels (富饒之城 / 富饶之城): cards, rules, FAQ, rulings, scores."

LangOpt = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the query's script, else the locale).")
EditionOpt = typer.Option("2016", "--edition", "-e", help="2016 (default) or classic (2000 base + The Dark City).")
JsonOpt = typer.Option(False, "--json", help="Print JSON for programs instead of text for people.")


def card(
    name: str = typer.Argument(..., metavar="NAME", help="A card name in any language or script, an alias, or a character rank."),
    edition: str = EditionOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Show one character or district: names, rank or cost, copies, ability."""
    from referee.cli import lookup

    lookup.show_card(name, edition, lang, json_out)


def cards(
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Only this edition (2016 or classic); default both."),
    rank: Optional[int] = typer.Option(None, "--rank", help="Only characters of this rank."),
    colour: Optional[str] = typer.Option(None, "--colour", "--color", "--type", help="Only districts of this type/colour."),
    kind: Optional[str] = typer.Option(None, "--kind", help="character or district."),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """List cards, filtered by edition, rank, colour or kind."""
    from referee.cli import lookup

    lookup.list_cards(edition, rank, colour, kind, lang, json_out)


def rules(
    topic: Optional[str] = typer.Argument(None, metavar="TOPIC", help="A topic (setup, draft, turn, end, scoring, ties, team, variant…), a rule id, or title words."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Only rules that apply with this many players (2-8)."),
    edition: str = EditionOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Show the rules on a topic, for an edition and a player count."""
    from referee.cli import lookup

    lookup.show_rules(topic, players, edition, lang, json_out)


def faq(
    query: Optional[list[str]] = typer.Argument(None, metavar="QUERY", help="A question or keywords in Traditional/Simplified Chinese or English, or an entry id."),
    top: int = typer.Option(3, "--top", "-n", help="How many hits to show."),
    card_name: Optional[str] = typer.Option(None, "--card", help="Only answers about this card."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Only answers for this edition."),
    list_all: bool = typer.Option(False, "--list", help="List entries instead of searching."),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Answer a question from the FAQ rulings, the rules and the card texts (or show one entry or rule by id, or list the entries)."""
    from referee.cli import faq_cmd

    faq_cmd.run(query, top, card_name, edition, list_all, lang, json_out)


def ask(
    file: Optional[str] = typer.Argument(None, metavar="FILE", help="A situation file (TOML), or - for standard input."),
    template: Optional[int] = typer.Option(None, "--template", help="Print a starting situation file for N players."),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Rule on every move of a situation file (see docs/situations.md)."""
    from referee.cli import ask_cmd

    ask_cmd.run(file, template, lang, json_out)


def score(
    file: Optional[str] = typer.Argument(None, metavar="FILE", help="A situation file (TOML) with the end position, or -."),
    player: Optional[list[str]] = typer.Option(None, "--player", "-p", help='Quick entry: "Ann: Temple, Castle, Dragon Gate" (repeat per player).'),
    first: Optional[str] = typer.Option(None, "--first", help="The player who completed a city first (quick entry)."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="2016 or classic (quick entry; a file names its own)."),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Final scores with a per-category breakdown and the winner after the tie-break."""
    from referee.cli import score_cmd

    score_cmd.run(file, player or [], first, edition, lang, json_out)


def simulate(
    games: int = typer.Option(100, "--games", "-g", help="How many games."),
    players: int = typer.Option(5, "--players", "-p", help="Players per game (2-8)."),
    edition: str = EditionOpt,
    seed: int = typer.Option(0, "--seed", "-s", help="Random seed (games are reproducible)."),
    check: bool = typer.Option(True, "--check/--no-check", help="Check the invariants after every move."),
    json_out: bool = JsonOpt,
) -> None:
    """Play random legal games from set-up to final scores and report statistics."""
    from referee.cli import simulate_cmd

    simulate_cmd.run(games, players, edition, seed, check, json_out)


def build_db() -> None:
    """Rebuild the database from data/ and faq/ (the CLI also does this by itself when needed)."""
    from referee.dbbuild import build

    typer.echo(str(build()))


def table() -> typer.Typer:
    """The `referee table …` commands (a sub-app, loaded only when they run)."""
    from referee.cli.table_cmd import app as table_app

    return table_app


COMMANDS = {
    "card": card, "cards": cards, "rules": rules, "faq": faq, "ask": ask, "score": score,
    "simulate": simulate, "build-db": build_db, "table": table,
}
SUB_APPS = {"table": "Track a real game move by move: crown, coins, hands, cities, legal moves, undo."}


def build_app(only: str | None = None) -> typer.Typer:
    """The Typer app; with `only`, just that command: typer inspects every registered function's
    signature at start-up, and a command run needs only its own."""
    app = typer.Typer(add_completion=False, no_args_is_help=True, help=HELP)
    for name, function in COMMANDS.items():
        if only is not None and name != only:
            continue
        if name in SUB_APPS:
            if only is None:             # the top-level help lists it without loading it
                app.command(name, help=SUB_APPS[name], context_settings={"allow_extra_args": True,
                                                                         "ignore_unknown_options": True})(lambda: None)
            else:
                app.add_typer(function(), name=name)
        else:
            app.command(name)(function)
    if only is not None:
        app.callback()(lambda: None)   # keep `referee NAME …` a group, as with every command
    return app


GLOBAL_OPTIONS = {"--lang": True, "--edition": True, "-e": True, "--json": False}


def _global_options_after_command(argv: list[str]) -> list[str]:
    """`referee --lang en card 8` means `referee card 8 --lang en`: the options every command
    takes may also stand before the command name."""
    moved, rest = [], list(argv)
    while rest and rest[0] in GLOBAL_OPTIONS:
        takes_value = GLOBAL_OPTIONS[rest[0]]
        moved += rest[:2] if takes_value else rest[:1]
        rest = rest[2:] if takes_value else rest[1:]
    if moved and rest and rest[0] in COMMANDS:
        return [rest[0], *moved, *rest[1:]]
    return argv


def main() -> None:
    sys.argv[1:] = _global_options_after_command(sys.argv[1:])
    requested = sys.argv[1] if len(sys.argv) > 1 else None
    app = build_app(requested if requested in COMMANDS else None)
    try:
        app(standalone_mode=False)
        sys.stdout.flush()
    except RefereeError as error:
        print(f"referee: {error}", file=sys.stderr)
        sys.exit(2)
    except BrokenPipeError:
        # The reader went away (`referee cards | head`): nothing more to say to it.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except Exception as error:  # usage errors from (typer's copy of) click, and aborts
        if hasattr(error, "format_message") and hasattr(error, "exit_code"):
            print(f"referee: {error.format_message()}", file=sys.stderr)
            sys.exit(2)
        if type(error).__name__ == "Abort":
            sys.exit(1)
        from referee.dbbuild import DataError

        if isinstance(error, DataError):
            print(f"referee: the data files are inconsistent: {error}", file=sys.stderr)
            sys.exit(2)
        raise
