"""The `referee` command line. Each command imports what it needs when it runs, so that the
start-up path of every command stays small (scripts/bench_cli.py measures it)."""


import sys
from typing import Optional

import typer

from referee.cli import completion
from referee.errors import RefereeError

HELP = ("The rules referee for Citadels (富饒之城 / 富饶之城): cards, rules, FAQ, rulings, scores. "
        "`referee --version` prints the version; `referee --install-completion [bash|zsh|fish]` sets up "
        "the shell's Tab completion.")

LangOpt = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the script of the query or situation file, else the locale).")
EditionOpt = typer.Option("2016", "--edition", "-e", help="2016 (default) or classic (2000 base + The Dark City); 新版, 經典, new, old are read too.")
JsonOpt = typer.Option(False, "--json", help="Print JSON for programs instead of text for people.")
TeamsOpt = typer.Option(None, "--teams", help='Team play: "Ann+Cid,Bob+Dan" (4 or 6 players, two equal teams seated alternately; a team scores its players\' sum).')


def card(
    name: str = typer.Argument(..., metavar="NAME", help="A card name in any language or script, an alias, or a character rank.",
                               autocompletion=completion.card_names),
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
    topic: Optional[str] = typer.Argument(None, metavar="TOPIC", help="A topic (setup, draft, turn, end, scoring, ties, team, variant…; casts; editions: what differs between the two editions), a rule id, or title words."),
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
    card_name: Optional[str] = typer.Option(None, "--card", help="Only answers about this card.",
                                            autocompletion=completion.card_names),
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
    player: Optional[list[str]] = typer.Option(None, "--player", "-p", help='Quick entry, once per player: "Ann: Temple, Castle; gold 3; hand 2; cards Secret Vault; character Warlord; crown" (or 金幣, 手牌, 牌, 角色, 皇冠).'),
    first: Optional[str] = typer.Option(None, "--first", help="The player who completed a city first (quick entry; needed when two cities are complete)."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="2016 or classic (quick entry; a file names its own)."),
    bell_tower: bool = typer.Option(False, "--bell-tower", help="Classic, quick entry: the Bell Tower in a city was announced, so 7 districts complete a city."),
    teams: Optional[str] = TeamsOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Final scores with a per-category breakdown and the winner after the tie-break."""
    from referee.cli import score_cmd

    score_cmd.run(file, player or [], first, edition, lang, json_out, bell_tower, teams)


def simulate(
    games: int = typer.Option(100, "--games", "-g", help="How many games."),
    players: str = typer.Option("5", "--players", "-p", help="Players per game (2-8), or a range such as 2-8 to draw from; 五, 二到八 are read too."),
    edition: str = typer.Option("2016", "--edition", "-e", help="2016 (default), classic, or both (drawn per game)."),
    characters: Optional[str] = typer.Option(None, "--characters", "-c", help="A preset cast (see `referee rules casts`) or a comma-separated list; default: a random legal cast per game."),
    seed: int = typer.Option(0, "--seed", "-s", help="Random seed: the same seed with the same options plays the same games (game i's own seed is a hash of the seed and i: two seeds share no game)."),
    check: bool = typer.Option(True, "--check/--no-check", help="Check the invariants after every move."),
    teams: Optional[str] = TeamsOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Play random legal games from set-up to final scores and report statistics."""
    from referee.cli import simulate_cmd

    simulate_cmd.run(games, players, edition, seed, check, json_out, characters, lang, teams)


def sources(
    words: Optional[str] = typer.Argument(None, metavar="WORDS", help="Only sources whose name or title has these words."),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """List the rulebooks, FAQs and player guides the rules and rulings come from, with links."""
    from referee.cli import sources_cmd

    sources_cmd.run(words, lang, json_out)


def sheet(
    table: Optional[str] = typer.Option(None, "--table", "-t", help="A tracked table (default: the current one, unless --characters, --players or --edition say otherwise).",
                                        autocompletion=completion.table_names),
    characters: Optional[str] = typer.Option(None, "--characters", "-c", help="A preset cast (see `referee rules casts`) or the characters, comma-separated (default: the edition's standard set)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="The player count (default: the table's; else the sheet says which counts may play the cast)."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="2016 (default) or classic; a table plays its own."),
    lang: Optional[str] = LangOpt,
    paper: str = typer.Option("a4", "--paper", help="a4 (default) or letter."),
    both_scripts: bool = typer.Option(False, "--both-scripts", help="A second page in the other Chinese script."),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="FILE", help="FILE.pdf or FILE.html (- : the HTML on standard output)."),
) -> None:
    """A printable page for a cast: the characters by rank, the round, the end, the scoring, the unique districts."""
    from referee.cli import sheet_cmd

    sheet_cmd.run(table, characters, players, edition, lang, paper, both_scripts, output)


def build_db() -> None:
    """Rebuild the database from data/ and faq/ (the CLI also does this by itself when needed)."""
    from referee.dbbuild import build

    typer.echo(str(build()))


def table(sub: str | None = None) -> typer.Typer:
    """The `referee table …` commands (a sub-app, loaded only when they run); with `sub`, only
    the command of that name when there is one: typer inspects the signature of every command
    it is given, and a command run needs only its own (anything else — `--help`, a misspelt
    name — gets them all, so help and suggestions are unchanged)."""
    from referee.cli.table_cmd import app as table_app, every_command

    chosen = [command for command in table_app.registered_commands if command.name == sub]
    if sub is None or not chosen:
        return every_command()
    import copy

    one = copy.copy(table_app)
    one.registered_commands = chosen
    return one


COMMANDS = {
    "card": card, "cards": cards, "rules": rules, "faq": faq, "ask": ask, "score": score,
    "simulate": simulate, "sources": sources, "sheet": sheet, "build-db": build_db, "table": table,
}
SUB_APPS = {"table": "Track a real game move by move: crown, coins, hands, cities, legal moves, undo, a live view on the phones."}


def build_app(only: str | None = None, sub: str | None = None) -> typer.Typer:
    """The Typer app; with `only`, just that command: typer inspects every registered function's
    signature at start-up, and a command run needs only its own (`sub`: the word after it, the
    sub-command of a sub-app)."""
    app = typer.Typer(add_completion=False, no_args_is_help=True, help=HELP,
                      context_settings={"help_option_names": ["-h", "--help"]})
    for name, function in COMMANDS.items():
        if only is not None and name != only:
            continue
        if name in SUB_APPS:
            if only is None:             # the top-level help lists it without loading it
                app.command(name, help=SUB_APPS[name], context_settings={"allow_extra_args": True,
                                                                         "ignore_unknown_options": True})(lambda: None)
            else:
                app.add_typer(function(sub), name=name)
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
        if rest[0] in SUB_APPS and len(rest) > 1 and not rest[1].startswith("-"):
            return [*rest[:2], *moved, *rest[2:]]        # `referee --json table show`: options of `show`
        return [rest[0], *moved, *rest[1:]]
    return argv


def _timer_default(argv: list[str]) -> list[str]:
    """`referee table serve --timer` without its times means seed 003's: typer has no option
    whose value may be left out, so the default is put in its place."""
    for i, arg in enumerate(argv):
        if arg == "--timer" and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            from referee.table.timer import Times

            return [*argv[:i + 1], Times().text(), *argv[i + 1:]]
    return argv


def _one_line(message: str) -> str:
    """A refusal is one line on stderr, whatever the message carries (a file name, TOML text)."""
    return " ".join(str(message).split())


def _in_players_language(error: RefereeError, argv: list[str]) -> str:
    """The refusal in the language the command line asked for (--lang) or was typed in, when the
    refusal has a Chinese form; file keys and option names stay as typed (they are English)."""
    if not hasattr(error, "localized"):
        return str(error)
    try:
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect
        lang = error.lang or _players_language(argv)
        if lang == "en":
            return str(error)
        # The names of the edition the refusal is about: the one its file or table declares, else
        # the one asked for, else 2016 (主教 is the classic Bishop, the 2016 Cardinal); a card of
        # the other edition only keeps that edition's name.
        edition = error.edition or _edition_asked(argv)
        other = "classic" if edition == "2016" else "2016"
        names = {**localized_names(connect(), other, lang), **localized_names(connect(), edition, lang)}
        return error.localized(lang, lambda n: names.get(n, n))
    except RefereeError:
        return str(error)


def _edition_asked(argv: list[str]) -> str:
    """-e/--edition when it names one edition (`old`, `2000`… as the commands read them), else 2016."""
    from referee.say.lang import check_edition

    asked = next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-e", "--edition")), None) or next(
        (a.split("=", 1)[1] for a in argv if a.startswith("--edition=")), None)
    try:
        return check_edition(asked) or "2016"
    except RefereeError:             # `both` (simulate), or the --edition value is itself the mistake
        return "2016"


# click's line for words left over on a command line (the words in its group 1).
_EXTRA_ARGUMENTS = r"Got unexpected extra argument(?:s|\(s\))? \((.+)\)"

# click's usage errors (a bad option value, a missing argument…) said in the player's language:
# (pattern of click's English line, the catalog key of the same line, usage.*).
_USAGE = [
    (r"Invalid value for (.+?): '(.*)' is not a valid (?:int|integer)\.", "usage.invalid_int"),
    (r"Invalid value for (.+?): (.*)", "usage.invalid_value"),
    (r"No such option: (\S+) \(Possible options: (.+)\)", "usage.no_option_possible"),
    (r"No such option: (\S+)", "usage.no_option"),
    (r"Missing argument '(.+)'\.", "usage.missing_argument"),
    (r"Missing option '(.+)'\.", "usage.missing_option"),
    (r"Option '(.+)' requires an argument\.", "usage.option_needs_argument"),
    (r"No such command '(.+)'\. Did you mean '(.+)'\?", "usage.no_command_did_you_mean"),
    (r"No such command '(.+)'\.", "usage.no_command"),
    (_EXTRA_ARGUMENTS, "usage.extra_arguments"),
]


def _usage_in_players_language(error, argv: list[str]) -> str:
    """A usage error of click in the language the command line asked for or was typed in."""
    import re

    message = error.format_message()
    try:
        lang = _players_language(argv)
    except RefereeError:
        return message
    players = _players_typed_as_names(message, argv)
    if players:
        from referee.messages import text

        return text("usage.table_new_players", lang).format(",".join(players))
    table = _table_typed_as_argument(message, argv)
    if table:
        from referee.messages import text

        return text("usage.table_named", lang).format(table, argv[1])
    if lang == "en":
        return message
    from referee.messages import text

    for pattern, key in _USAGE:
        found = re.fullmatch(pattern, message.strip())
        if found:
            said = text(key, lang)
            if said == text(key, "en"):          # a language that does not say it otherwise: click's words
                return message
            return said.format(*(g.replace("'", "") for g in found.groups()))
    return message


# `table new`'s options that take a value (the words after them are not names).
_TABLE_NEW_VALUES = {"--players", "-p", "--edition", "-e", "--characters", "-c", "--crown", "--variant",
                     "--from", "--teams", "--lang"}


def _players_typed_as_names(message: str, argv: list[str]) -> list[str] | None:
    """`referee table new Ann Bob Cid`: the players typed where the table's one name goes. click
    would only say that words were left over; the names typed, for a --players line to copy."""
    import re

    if argv[:2] != ["table", "new"] or any(a in ("--players", "-p") or a.startswith("--players=") for a in argv):
        return None
    if not re.fullmatch(_EXTRA_ARGUMENTS, message.strip()):
        return None
    names, rest = [], iter(argv[2:])
    for word in rest:
        if word in _TABLE_NEW_VALUES:
            next(rest, None)
        elif not word.startswith("-"):
            names.append(word)
    return names if len(names) > 1 else None


def _table_typed_as_argument(message: str, argv: list[str]) -> str | None:
    """`referee table show game1`: a table's name typed where no argument goes (as `table
    delete` takes it). click would only say that a word was left over; the option that names a
    table, for a line to copy. None unless the one word left over is a table in the tables file."""
    import re

    found = re.fullmatch(_EXTRA_ARGUMENTS, message.strip())
    if argv[:1] != ["table"] or len(argv) < 3 or found is None or " " in found.group(1):
        return None
    word = found.group(1)
    return word if _read_tables(lambda store: word in store.names()) else None


def _players_language(argv: list[str]) -> str:
    """--lang when it is a language, else the script of the player's own words on the command line
    (`_spoken_words`), else the locale."""
    from referee.say.lang import choose

    asked = argv[argv.index("--lang") + 1] if "--lang" in argv[:-1] else next(
        (a.split("=", 1)[1] for a in argv if a.startswith("--lang=")), None)
    if argv[:1] == ["table"]:
        from referee.text import has_cjk

        words = " ".join(a for a in argv if not a.startswith("-") and a != asked)
        if not has_cjk(words):        # names and notation in Latin letters: the locale decides, as
            words = ""                # for the table's own lines (table_cmd._language; a command
                                      # that knows its table marks a refusal with the table's)
            spoken = None if asked is not None else _tables_language(argv)
            if spoken:                # `table undo abc` at a Chinese table: said as the table speaks
                return spoken
        elif asked is None:
            current = _current_tables_chinese(words)
            if current:               # 周日: Chinese, but not which script: the current table's
                return current
    else:
        words = _spoken_words(argv)
    try:
        return choose(asked, words)
    except RefereeError:             # the --lang value itself is the mistake: the words decide
        return choose(None, words)


def _tables_language(argv: list[str]) -> str | None:
    """The language of the table a `table` command acts on (its --table, else the current one),
    for a usage error said before the command found it: None for `new` (no table yet), when the
    tables file does not exist (a refusal creates nothing) or the table stored no language."""
    if argv[1:2] == ["new"]:
        return None
    named = next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-t", "--table")), None) or next(
        (a.split("=", 1)[1] for a in argv if a.startswith("--table=")), None)

    def spoken(store) -> str:
        from referee.say.table_text import table_language

        name = named or store.current()
        header = store.header(name) if name in store.names() else None
        # An undecided table (names alike in both scripts) is said in the guess it shows.
        return (header.lang or table_language(None, header)) if header is not None else ""
    return _read_tables(spoken) or None


def _read_tables(read):
    """`read(store)` of the tables file, for a refusal said before its command opened it: None
    when there is no such file (a refusal creates nothing) or it cannot be read."""
    try:
        from referee.table.store import Store, default_path

        if not default_path().is_file():
            return None
        store = Store()
        try:
            return read(store)
        finally:
            store.conn.close()
    except (RefereeError, OSError, ValueError):
        return None


def _current_tables_chinese(words: str) -> str | None:
    """The current table's language when it is Chinese and `words` are written in characters
    both scripts share (a table's name, 周日, typed before the command found its table)."""
    from referee.say.lang import script_of

    if script_of(words):
        return None

    def spoken(store) -> str | None:
        from referee.say.table_text import table_language

        current = store.current()
        return table_language(None, store.header(current)) if current in store.names() else None
    found = _read_tables(spoken)
    return found if found in ("zh-Hant", "zh-Hans") else None


# The parameters whose values are the player's own words, by command: its query, and the names
# of cards, players and tables typed in an option. The command's name, its options,
# a file's name and a number say nothing: a refusal raised before the command knows its
# language then speaks the locale's, as the command would (`LANG=zh_TW referee simulate -g 0`).
_SPOKEN = {"card": {"name"}, "faq": {"query", "card_name"}, "rules": {"topic"}, "sources": {"words"},
           "score": {"player", "first", "teams"}, "simulate": {"teams", "characters", "players"},
           "sheet": {"characters", "table"}}


def _spoken_words(argv: list[str]) -> str:
    """The player's words on a command line (`_SPOKEN`), read as the command's parser reads them:
    which options take a value is the command's own declaration."""
    if argv and argv[0] not in COMMANDS:          # no such command: what was typed after it
        return " ".join(a for a in argv[1:] if not a.startswith("-"))
    spoken = _SPOKEN.get(argv[0]) if argv else None
    if not spoken:
        return ""
    import typer.main

    params = typer.main.get_command(build_app(only=argv[0])).commands[argv[0]].params
    options = {opt: p for p in params if p.param_type_name == "option" for opt in p.opts + p.secondary_opts}
    words, positional, i = [], [], 1
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            positional += argv[i + 1:]
            break
        if arg.startswith("-") and arg != "-":
            name, equals, value = arg.partition("=")
            if not equals and name not in options and name[:2] in options and not name.startswith("--"):
                name, equals, value = name[:2], "=", name[2:]          # -pAnn: a short option and its value
            option = options.get(name)
            if not equals and not (option and (option.is_flag or option.count)) and i + 1 < len(argv):
                i, value = i + 1, argv[i + 1]
            if option and option.name in spoken:
                words.append(value)
        else:
            positional.append(arg)
        i += 1
    if any(p.param_type_name == "argument" and p.name in spoken for p in params):
        words += positional
    return " ".join(words)


# Options whose empty value would silently mean their default (`--table ""`: the current table).
_NEVER_EMPTY = {"--table", "-t", "--crown", "--from", "--lang", "--players", "-p", "--characters", "-c", "--edition",
                "-e", "--card", "--host", "--format", "--variant", "--hand", "--player", "--first", "--output", "-o"}


def _refused_argument(argv: list[str]) -> tuple[str, dict] | None:
    """An argument no command can take, as (catalog key, values): bytes that are not UTF-8 text
    (Python hands them on as lone surrogates, which fail wherever they are written), or an empty
    value of an option that would otherwise fall back to its default."""
    for i, arg in enumerate(argv):
        if any("\udc80" <= ch <= "\udcff" for ch in arg):
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            return "error.argument_not_utf8", {"number": i + 1, "shown": shown}
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        option, equals, value = arg.partition("=")
        if option in _NEVER_EMPTY and arg.startswith("-") and ((equals and not value) or (
                not equals and i + 1 < len(argv) and argv[i + 1] == "")):
            return "error.empty_option", {"option": option}
    return None


def _build_database(target):
    from referee.dbbuild import build      # the builder loads only when the database is (re)built

    build(target)


def _readings(text: str) -> dict[str, str]:
    """The readings of the Chinese characters of `text` the database knows (search_chars)."""
    from referee.catalog.db import connect
    from referee.search.repair import char_rows

    return {char: pinyin for char, (_, pinyin) in char_rows(connect(), text).items()}


def run(argv: list[str]) -> int:
    """Run one command line in this process and return its exit status: 0 done, 2 a bad input
    (one line on stderr, nothing on stdout), 1 aborted. Tests call this directly."""
    if completion.requested():                 # the shell asks for completions (a Tab)
        return completion.answer(completion.requested(), build_app, COMMANDS, _build_database)
    if argv[:1] in (["--install-completion"], ["--show-completion"]):
        return completion.install(list(argv))
    argv = _global_options_after_command(list(argv)) or ["--help"]   # `referee` alone: the help, exit 0
    if argv[:2] == ["table", "serve"]:
        argv = _timer_default(argv)
    if argv and argv[0] in ("--version", "-V"):
        from referee import __version__

        print(f"referee {__version__}")
        return 0
    refused = _refused_argument(argv)
    if refused:
        from referee.messages import text
        from referee.say.lang import choose

        key, values = refused
        try:
            lang = _players_language(argv) if key == "error.empty_option" else choose(None)
        except RefereeError:
            lang = "en"
        print(f"referee: {_one_line(text(key, lang, **values))}", file=sys.stderr)
        return 2
    from referee.catalog.db import set_builder
    from referee.errors import set_readings

    set_builder(_build_database)           # the database is built on first use, and when stale
    set_readings(_readings)                # a mistyped Chinese name: the closest-sounding names first
    requested = argv[0] if argv else None
    if requested and not requested.startswith("-") and requested not in COMMANDS:
        from rapidfuzz import process

        close = [name for name, _, _ in process.extract(requested, list(COMMANDS), limit=2, score_cutoff=50)]
        from referee.messages import text

        try:
            lang = _players_language(argv)
        except RefereeError:
            lang = "en"
        hint = (text("error.no_command.did_you_mean", lang, commands=text("punct.or", lang).join(close)) if close
                else text("error.no_command.commands", lang, commands=text("punct.comma", lang).join(COMMANDS)))
        line = text("error.no_command", lang, command=_one_line(requested), hint=hint)
        print(f"referee: {line}", file=sys.stderr)
        return 2
    if requested in SUB_APPS and not any(not a.startswith("-") for a in argv[1:]) and not {"-h", "--help"} & set(argv):
        # `referee table` without its sub-command is a refusal like any other: one line on
        # stderr naming the sub-commands, exit 2, nothing on stdout.
        from referee.messages import text

        names = [command.name for command in table().registered_commands]
        try:
            lang = _players_language(argv)
        except RefereeError:
            lang = "en"
        line = text("error.no_sub_command", lang, command=requested, commands=text("punct.comma", lang).join(names))
        print(f"referee: {line}", file=sys.stderr)
        return 2
    app = build_app(requested if requested in COMMANDS else None, argv[1] if len(argv) > 1 else None)
    try:
        app(args=argv, prog_name="referee", standalone_mode=False)
        sys.stdout.flush()
    except RefereeError as error:
        print(f"referee: {_one_line(_in_players_language(error, argv))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return _reader_gone()
    except SystemExit as error:   # typer's own exits (help shown, --help on a group)
        if isinstance(error.__context__, BrokenPipeError):
            # A closed pipe met by rich (its console exits 1) or by typer around the command
            # (it exits 1 too): the reader left, the command did nothing wrong.
            return _reader_gone()
        return error.code if isinstance(error.code, int) else 0
    except Exception as error:  # usage errors from (typer's copy of) click, and aborts
        if hasattr(error, "format_message") and hasattr(error, "exit_code"):
            print(f"referee: {_one_line(_usage_in_players_language(error, argv))}", file=sys.stderr)
            return 2
        if type(error).__name__ == "Abort":
            return 1
        if type(error).__module__ == "sqlite3":       # the tables file failed outside a transaction
            from referee.table.store import default_path, fault

            said = fault(error, default_path())
            print(f"referee: {_one_line(_in_players_language(said, argv))}", file=sys.stderr)
            return 2
        from referee.dbbuild import DataError

        if isinstance(error, DataError):
            print(f"referee: the data files are inconsistent: {_one_line(error)}", file=sys.stderr)
            return 2
        raise
    return 0


def _reader_gone() -> int:
    """The reader went away (`referee cards | head`): nothing more to say to it, and nothing
    went wrong (exit 0). What is still buffered goes nowhere instead of failing at exit."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def main() -> None:
    status = run(sys.argv[1:])
    # The command is done and the process ends. While Python shuts down it collects cycles
    # over every object still alive — with typer and rich loaded, some 10 ms of a command's
    # wall time, for objects the end of the process frees anyway. Frozen objects are left out
    # of that collection. Nothing is left for it to do: what must be closed closes itself
    # (the tables file's connection, referee.table.store) and Python flushes stdout and stderr.
    import gc

    gc.freeze()
    sys.exit(status)
