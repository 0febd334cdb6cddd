"""The shell's completion (bash, zsh, fish; click's protocol, which typer carries): card names,
table names, the players of `--players` for `--crown`, and for `table do` the moves legal now, in
the table's language.

`referee --install-completion [SHELL]` writes the shell's script (typer's), which calls
`referee` again with `_REFEREE_COMPLETE` set for every Tab: `answer` then builds only the command
being completed (as `app.run` does for a command run), so a completion costs a start-up and the
lookup it needs, nothing else. A completion never creates, migrates or writes a tables file, and
says nothing when something fails (a Tab must never print an error into the command line).
"""

import os
import sys

PROG = "referee"
VARIABLE = "_REFEREE_COMPLETE"


def _matching(found, incomplete: str) -> list[str]:
    """The values that begin as typed (in any case: `ki` finds King), each once, in order,
    beginning exactly as typed (typer keeps only those; names are read in any case)."""
    typed = incomplete.lower()
    seen, chosen = set(), []
    for value in found:
        if value and value.lower().startswith(typed) and len(value.lower()) == len(value):
            value = incomplete + value[len(incomplete):]
            if value not in seen:
                seen.add(value)
                chosen.append(value)
    return chosen


# -- what each parameter completes ------------------------------------------------------------------


def card_names(ctx, incomplete: str) -> list[str]:
    """Card names of the edition asked for (both without one), in the three scripts."""
    try:
        from referee.catalog.db import connect
        from referee.say.lang import check_edition

        edition = check_edition(ctx.params.get("edition")) if ctx.params.get("edition") else None
        query = "SELECT name, name_zh_hant, name_zh_hans FROM cards" + (" WHERE edition = ?" if edition else "")
        rows = connect().execute(query + " ORDER BY kind, rank, name", (edition,) if edition else ()).fetchall()
    except Exception:                    # a Tab never prints an error
        return []
    return _matching((name for row in rows for name in row), incomplete)


def _tables_file():
    """The tables file opened read-only, or None when there is none (nothing is created)."""
    import sqlite3

    from referee.table.store import default_path

    path = default_path()
    if not path.is_file():
        return None
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def table_names(incomplete: str) -> list[str]:
    try:
        conn = _tables_file()
        if conn is None:
            return []
        names = [row[0] for row in conn.execute("SELECT name FROM games ORDER BY created, name")]
        conn.close()
    except Exception:
        return []
    return _matching(names, incomplete)


def crown_players(ctx, incomplete: str) -> list[str]:
    """The players `--players` names before `--crown`."""
    players = ctx.params.get("players") or ""
    return _matching((p.strip() for p in players.replace("，", ",").split(",")), incomplete)


def legal_moves(ctx, incomplete: str) -> list[str]:
    """The moves legal now at the table, said in its language (the canonical notation too, for a
    move begun in English at a Chinese table)."""
    try:
        conn = _tables_file()
        if conn is None:
            return []
        conn.close()
        from referee.cli.table_common import local, rulebook, store
        from referee.say.notation import is_whole, said, shown, whole_head
        from referee.say.table_text import table_language
        from referee.table import service

        tables = store()
        name = tables.named_or_current(ctx.params.get("table"))
        header = tables.header(name)
        log = tables.log(name)               # its moves are read only if it is replayed
        rb = rulebook(header.edition)
        tracked = service.restore(tables, header, log, rb, history=False) or service.replay(header, log, rb)
        if tracked.broken:
            return []
        game = tracked.game
        lang = table_language(ctx.params.get("lang"), header, incomplete)
        names = local(header.edition, lang)
        spoken, canonical = [], []
        for move in shown(game.legal_moves()):
            if is_whole(move):
                # A choice too large to list (the Magician's redraws of a big hand): its verb,
                # then the cards of the hand one at a time, after those already typed.
                spoken += _whole(game, move, whole_head(game, move, lang, names), incomplete, names)
                canonical += _whole(game, move, whole_head(game, move, "en", {}), incomplete, {})
                continue
            spoken.append(_by_player(game, move, said(game, move, lang, names)))
            canonical.append(_by_player(game, move, game.format(move)))
    except Exception:
        return []
    return _matching(spoken, incomplete) or _matching(canonical, incomplete)


def _whole(game, part, head: str, incomplete: str, names: dict[str, str]) -> list[str]:
    """What Tab offers for a choice shown whole (`said_whole`): `Ann: redraw ` until the verb is
    typed, then what is typed followed by each card of the hand not named yet (after any word of
    the verb: 換牌 as well as the 重抽 it is said with)."""
    from referee.engine import registry

    head = _by_player(game, part, head) + " "
    verb = registry.verb(part.verb)[0]
    words = (verb.name, *verb.words)
    said_with = max((w for w in words if head.endswith(w + " ")), key=len, default="")
    actor = head[:len(head) - len(said_with) - 1]                    # `Ann: `, `Ann：`
    typed_head = next((h for h in (head, *(actor + w + " " for w in words))
                       if incomplete.lower().startswith(h.lower())), None)
    if typed_head is None:
        return [head]
    head = typed_head
    typed = incomplete[len(head):]
    cut = max(typed.rfind(mark) for mark in (",", "，", "、"))
    rest = typed[cut + 1:]
    done = typed[:cut + 1] + rest[:len(rest) - len(rest.lstrip())]     # the cards named, as typed

    def name(card: str) -> str:
        return names.get(card) or game.rb.name(card)

    left = list(part.cards())
    for word in typed[:cut + 1].replace("，", ",").replace("、", ",").split(","):
        try:
            named = game.notation.district(word)         # any name the card is known by, in any script
        except Exception:
            continue
        if named in left:
            left.remove(named)
    return [head + done + name(card) for card in dict.fromkeys(left)]


def _by_player(game, move, text: str) -> str:
    """A move as the person typing names its actor: the player who holds the acting character
    (`Dan: end`, not `Assassin: end`), as the tracker reads it."""
    if move.actor not in game.rb.characters:
        return text
    seat = game.state.holder(move.actor)
    if seat is None:
        return text
    for mark in ("：", ": "):
        actor, found, body = text.partition(mark)
        if found:
            return f"{game.state.players[seat].name}{mark}{body}"
    return text


# -- answering the shell ----------------------------------------------------------------------------


def _words(instruction: str) -> tuple[list[str], str] | None:
    """The words typed after `referee` and the one being completed, as the shell's class reads
    them from its environment."""
    from typer.completion import completion_init
    from typer._click.shell_completion import get_completion_class

    completion_init()
    shell = instruction.partition("_")[2]
    found = get_completion_class(shell)
    if found is None:
        return None
    return found(None, {}, PROG, VARIABLE).get_completion_args()


def answer(instruction: str, build_app, commands, build_database) -> int:
    """Print the completions the shell asked for (`instruction`: complete_bash, complete_zsh,
    complete_fish, or source_SHELL). The program's entry hands over how it builds its app (only
    the command being completed), its commands' names and the database's builder."""
    import typer
    from typer.completion import shell_complete

    try:
        args, _ = _words(instruction) or ([], "")
    except Exception:
        args = []
    command = next((a for a in args if not a.startswith("-")), None)
    sub = None
    if command in commands and args.index(command) + 1 < len(args):
        sub = args[args.index(command) + 1]
    app = build_app(command if command in commands else None, sub)
    from referee.catalog.db import set_builder

    set_builder(build_database)
    import contextlib
    import io

    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            status = shell_complete(typer.main.get_command(app), {}, PROG, VARIABLE, instruction)
    except Exception:                    # a Tab never prints a traceback into the command line
        return 0
    lines = printed.getvalue().splitlines()
    if instruction == "complete_bash":
        # bash puts a completion in the line as it is: a move holds spaces, so it goes in quoted
        # (zsh and fish quote by themselves).
        import shlex

        lines = [shlex.quote(line) if line and " " in line else line for line in lines]
    if lines:
        print("\n".join(lines))
    return status


def install(argv: list[str]) -> int:
    """`referee --install-completion [SHELL]` / `--show-completion [SHELL]` (typer's scripts),
    in the locale's language (no command line words to tell it)."""
    from typer._completion_shared import _get_shell_name, get_completion_script
    from typer._completion_shared import install as install_script

    from referee.messages import text
    from referee.say.lang import choose

    lang = choose(None)
    shell = argv[1] if len(argv) > 1 else _get_shell_name()
    if shell not in ("bash", "zsh", "fish", "powershell", "pwsh"):
        print("referee: " + text("error.completion_shell", lang, shell=shell or "?"), file=sys.stderr)
        return 2
    if argv[0] == "--show-completion":
        print(get_completion_script(prog_name=PROG, complete_var=VARIABLE, shell=shell))
        return 0
    try:
        found, path = install_script(shell=shell, prog_name=PROG, complete_var=VARIABLE)
    except OSError as error:                       # a shell start-up file it cannot write
        print("referee: " + text("error.completion_install", lang, error=error.strerror or error), file=sys.stderr)
        return 2
    print(text("completion.installed", lang, shell=found, path=path))
    return 0


def requested() -> str | None:
    return os.environ.get(VARIABLE)
