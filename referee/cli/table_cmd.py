"""`referee table …`: follow a real game move by move (store → service → these commands).

Every command acts on the current table unless `--table NAME` names another. Moves are recorded
in the canonical notation (English); `do` shows them in the chosen language when that reads back
to the same move (say/notation.py), and everything else speaks that language too.
"""

# (No `from __future__ import annotations`: typer reads the commands' annotations, and strings it
# would compile and evaluate, some 2 M instructions of every `table` command.)

import sys
from typing import Optional

import typer

from referee.cli import completion
from referee.cli.output import Page, console, escape, facts_line, paragraph, print_json
from referee.cli.table_common import local as _local, rulebook as _rulebook, store as _store
from referee.errors import BadMove, RefereeError, Typed
from referee.say.labels import colon, comma, label, semicolon
from referee.say.lang import choose, refusals_in
from referee.say.notation import (is_whole, names_as_set_up, reads as _reads, said, said_in_turn, said_whole, shown, told,
                                  whole_head)
from referee.say.table_text import (broken_text, hand_text, next_text, position_facts, table_language as _language,
                                    words as _w)

app = typer.Typer(help="Track a real game move by move: the crown, coins, hands and cities; legal moves; undo; a live view on the phones.",
                  no_args_is_help=True, add_completion=False)

TableOpt = typer.Option(None, "--table", "-t", help="The table to act on (default: the current one).",
                        autocompletion=completion.table_names)
LangOpt = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the script of "
                       "the Chinese typed, else of the file the table started from or its players' names, else the locale).")
JsonOpt = typer.Option(False, "--json", help="Print JSON for programs.")


def _spoken(lang: str | None, header, typed: str = "") -> str | None:
    """The table's language for its refusals when --lang does not say (refusals_in; None: the
    command line's --lang decides): the words typed alone cannot tell a table of Chinese."""
    return None if lang else _language(None, header, typed)


# -- new ---------------------------------------------------------------------------------------------


@app.command("new")
def new(
    name: str = typer.Argument("table", metavar="NAME", help="A name for the table (default: table)."),
    players: Optional[str] = typer.Option(None, "--players", "-p", help='Seating order, clockwise: "Ann,Bob,Cid,Dan".'),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="2016 (default) or classic; a --from file names its own."),
    characters: Optional[str] = typer.Option(None, "--characters", "-c", help="A preset cast (see `referee rules casts`, any language) or the characters, comma-separated (default: the edition's standard set)."),
    crown: Optional[str] = typer.Option(None, "--crown", help="Who holds the crown at the start (default: the first player).",
                                        autocompletion=completion.crown_players),
    variant: Optional[list[str]] = typer.Option(None, "--variant", help="A house rule by id (repeat)."),
    recorded_picks: bool = typer.Option(False, "--recorded-picks", help="Record every pick (one phone passed around) instead of secret picks: each is shown once its character is revealed."),
    private_picks: bool = typer.Option(False, "--private-picks", help="Each player picks on their own phone (referee table serve --seats): "
                                       "the referee knows every pick, each phone shows only its own until it is revealed."),
    from_file: Optional[str] = typer.Option(None, "--from", help="Start from a situation file (a game in progress), in its edition and language."),
    teams: Optional[str] = typer.Option(None, "--teams", help='Team play: "Ann+Cid,Bob+Dan" (4 or 6 players, two equal teams seated alternately; without --players they sit so).'),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Start a new game (or one in progress, --from FILE); it becomes the current table."""
    from referee.say.lang import check_edition, file_edition
    from referee.table import service, setup

    lang = choose(lang) if lang else None        # a mistyped --lang is refused before a table is made
    name = setup.table_name(name)
    spoken = None                   # a --from file's language, when --lang does not say (lang.file_language)
    if from_file:
        from referee.cli.reading import read_situation_text
        from referee.situation import edition_of

        if players or characters or crown or variant:
            raise RefereeError.say("error.table.from_takes_players_cast")
        start, data, spoken = read_situation_text(from_file, lang)
        with refusals_in(spoken):               # a file written in Chinese is refused in Chinese
            edition = file_edition(edition, edition_of(data))
        with refusals_in(spoken, edition):      # ... naming its cards as its edition does
            header = setup.from_file(name, edition, start, _rulebook(edition), teams)
    else:
        edition = check_edition(edition) or "2016"
        header = setup.from_options(name, _rulebook(edition), players, characters, crown, variant or [],
                                    not (recorded_picks or private_picks), teams)
    from referee.say.table_text import new_language

    header = header._replace(lang=new_language(lang, header.start, name))   # the table's one language, or undecided
    if private_picks:
        header = header._replace(private=True)
    store = _store()
    with refusals_in(spoken):
        store.create(header)
    tracked = service.load(store, name, _rulebook)
    if json_out:
        from referee.table.view import show_json, table_viewer

        print_json(show_json(tracked, table_viewer(tracked.header, round_now=tracked.game.state.round)))
        return
    lang = spoken or _language(lang, header)     # as the table's later commands will speak
    out = Page(console())
    out.print(_w("created", lang, table=name, count=len(header.players), edition=label(edition, lang),
                 crown=header.players[tracked.game.state.crown]))
    if header.teams:
        from referee.engine.teams import members
        from referee.messages import text

        out.print(escape(text("teams.set_up", lang, a=members(header.teams[0]), b=members(header.teams[1]))))
    _print_next(out, tracked.game, lang, _local(edition, lang))
    out.show()


# -- do / undo ---------------------------------------------------------------------------------------


@app.command("do")
def do(
    moves: list[str] = typer.Argument(..., metavar="MOVE...", help='Moves in the notation, e.g. "Bob: rob Merchant" "Bob: gold".',
                                      autocompletion=completion.legal_moves),
    table: Optional[str] = TableOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Check and record moves; an illegal one is refused (exit 1) and not recorded."""
    from referee.say.events import describe
    from referee.say.table_text import deciding_language
    from referee.table import service

    store = _store()
    name = store.named_or_current(table)
    header = store.header(name)
    typed = " ".join(moves)
    spoken = _spoken(lang, header, typed)
    lang = spoken or choose(lang)               # before anything is recorded: a mistyped --lang records nothing
    moves = [names_as_set_up(move, header.players) for move in moves]
    with refusals_in(spoken, header.edition):   # a move's cards go by the table's edition
        # An undecided table takes the script of the first move typed in one, with that move.
        try:
            tracked, done, refused = service.record(store, name, moves, _rulebook,
                                                    language=deciding_language(header, typed))
        except BadMove as error:
            if _undo_typed(error):
                raise BadMove.say("error.table.undo_typed", text=Typed(error.values["text"])) from None
            word = str(error.values.get("text", "")).strip()
            if error.key == "error.move.no_colon" and word in store.names():
                # `table do game1 "Ann: gold"`: the table named where a move goes.
                raise BadMove.say("error.table.table_typed", text=Typed(word)) from None
            if error.key not in ("error.move.no_verb", "error.move.no_colon"):
                raise
            raise _no_verb(store, name, str(error.values["text"]), lang, error) from None
    game = tracked.game
    local = _local(tracked.header.edition, lang)
    # The moves typed after a refused one are not recorded either (they were meant to follow it).
    later = moves[len(done) + 1:] if refused else []
    values, cited = {}, []
    if refused:
        from referee.catalog.citations import of_edition
        from referee.catalog.db import connect
        from referee.refusals import reason       # the refusals' texts: only for a refusal

        cited = of_edition(connect(), refused.error.citations, tracked.header.edition)   # the table's edition only

        values = {k: local.get(v, v) if isinstance(v, str) else
                  (comma(lang).join(local.get(x, x) for x in v) if isinstance(v, list) else v)
                  for k, v in refused.error.values.items()}
    if json_out:
        from referee.table.view import show_json, table_viewer

        print_json({
            "table": name,
            "recorded": [{"move": text, "events": events} for text, _, events in done],
            "refused": None if not refused else {"input": refused.text, "move": game.format(refused.move),
                                                 "reason": reason(refused.error.key, values, lang),
                                                 "citations": cited},
            "not_recorded": later,
            "next": service.expected_next(game),
            # as `show` prints it: at a table of recorded picks, the picks made stay hidden
            "state": show_json(tracked, table_viewer(tracked.header, round_now=game.state.round))["state"],
        })
    else:
        from referee.say.events import INFERRED

        out = Page(console())
        for text, move, events in done:
            out.print(f"[green]✓[/green] {escape(told(game, move, lang, local))}")
            for event in events:
                if event["event"] in INFERRED:       # taken to be so, not typed: a marked line of its own
                    out.print(f"  [yellow]» {escape(_w('inferred', lang))}{colon(lang)}"
                              f"{escape(describe(event, lang, local))}[/yellow]")
                else:
                    out.print(f"    [dim]{escape(describe(event, lang, local))}[/dim]")
        if tracked.header.lang != header.lang:          # told once, when the moves above decided it
            out.print(escape(_w(_SPEAKS[tracked.header.lang], lang)))
        if refused:
            out.print(f"[red]✗[/red] {escape(told(game, refused.move, lang, local))}  {_w('refused', lang)}")
            paragraph(out, reason(refused.error.key, values, lang), lang, indent=4)
            if cited:
                from referee.catalog.citations import citation_text

                shown = semicolon(lang).join(citation_text(connect(), c, lang, tracked.header.edition) for c in cited)
                paragraph(out, f"[dim]{label('sources', lang)}{colon(lang)}{escape(shown)}[/dim]", lang,
                          markup=True, indent=4)
            if later:
                from referee.text import clipped

                typed = comma(lang).join(clipped(text) for text in later)
                paragraph(out, escape(_w("not_recorded_after", lang, count=len(later), moves=typed)), lang)
        _print_next(out, game, lang, local)
        out.show()
    if refused:
        sys.stdout.flush()
        sys.exit(1)


# What an undecided table is told when a move typed in one script decides its language.
_SPEAKS = {"zh-Hant": "speaks_traditional", "zh-Hans": "speaks_simplified"}


@app.command("undo")
def undo(
    count: str = typer.Argument("1", metavar="N", help="How many recorded moves to take back (default 1; 2, ２, 两 alike)."),
    table: Optional[str] = TableOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Take back the last N recorded moves."""
    from referee.table import service

    store = _store()
    name = store.named_or_current(table)
    spoken = _spoken(lang, store.header(name))
    lang = spoken or choose(lang)               # before anything is undone: a mistyped --lang undoes nothing
    from referee.text import parse_count

    with refusals_in(spoken):
        number = parse_count(count)
        if number is None:
            raise RefereeError.say("error.table.undo_count", text=Typed(count))
        tracked, undone = service.undo(store, name, number, _rulebook)
    hidden = _hidden_undone(undone, tracked)
    if json_out:
        from referee.table.view import hidden_as

        print_json({"table": name, "undone": [hidden_as(m.notation) if m.seq in hidden else m.notation for m in undone],
                    "next": service.expected_next(tracked.game)})
        return
    out = Page(console())
    local = _local(tracked.header.edition, lang)
    from referee.text import clipped

    texts = said_in_turn(tracked.game, [m.notation for m in undone], lang, local, say=told)
    if hidden:                                  # a pick taken back is still its player's own
        from referee.say.table_text import hidden_pick_text

        texts = [hidden_pick_text(m.notation, tracked.header, lang) if m.seq in hidden else text
                 for m, text in zip(undone, texts)]
    for text in reversed(texts):
        out.print(_w("undone", lang, move=escape(clipped(str(text)))))
    _print_next(out, tracked.game, lang, local)
    out.show()


# -- reading -----------------------------------------------------------------------------------------


@app.command("show")
def show(table: Optional[str] = TableOpt, lang: Optional[str] = LangOpt, json_out: bool = JsonOpt) -> None:
    """The position: round, phase, crown, whose turn, and each player's gold, hand, city, score."""
    from referee.table import service

    store = _store()
    tracked = service.load(store, store.named_or_current(table), _rulebook, play=False)     # only read: no cards needed
    lang = _language(lang, tracked.header)
    local = _local(tracked.header.edition, lang)
    from referee.table.view import see, table_viewer

    viewer = table_viewer(tracked.header, round_now=tracked.game.state.round)   # the host's view, but where picks are typed
    if json_out:
        from referee.table.view import show_json

        print_json(show_json(tracked, viewer))
        return
    from referee.say.table_text import round_marks

    game = tracked.game
    out = Page(console())
    facts_line(out, " · ".join([f"[bold]{escape(tracked.header.name)}[/bold]", *map(escape, position_facts(game, lang))]),
               lang, hang=2, lists=False)
    seen = see(game, viewer)                     # everything the table records (typed picks: once revealed)
    state = game.state
    if state.phase == "draft" and state.round > 1:      # the round just ended, said as `do` said it
        from referee.say.events import describe

        out.print("  " + escape(describe({"event": "round_ended", "round": state.round - 1,
                                          "crown": state.players[state.crown].name}, lang, local)))
    marks = round_marks(seen.marks, lang, local)
    if marks:                                    # as the phones show them
        facts_line(out, "  " + escape(" · ".join(marks)), lang)
    for player in seen.players:
        chars = comma(lang).join(local.get(c, c) for c in player.characters)
        city = comma(lang).join(local.get(b.id, b.id) for b in player.city) or "-"
        facts_line(out, f"  [bold]{escape(player.name)}[/bold]{' ' + escape(chars) if chars else ''} · {label('gold', lang)} "
                   f"{player.gold} · {escape(hand_text(player, lang, local))} · {label('city', lang)}{colon(lang)}{escape(city)} · "
                   f"{label('score', lang).lower()} {player.score}", lang)      # a fact among facts: gold, hand, city
    if tracked.broken:
        out.print(f"[red]{escape(broken_text(tracked.broken, lang))}[/red]")
    _print_next(out, game, lang, local)
    times = store.timer(tracked.header.name)
    if times:                                    # `serve --timer` runs: the countdown the phones show
        _print_timer(out, store, tracked, times, lang)
    out.show()


@app.command("moves")
def moves(table: Optional[str] = TableOpt, lang: Optional[str] = LangOpt, json_out: bool = JsonOpt) -> None:
    """Every legal move now, in the notation (grouped by who makes it)."""
    from referee.table import service

    store = _store()
    # The moves legal now follow from the position alone: the history is not read (at 2,000
    # moves, decoding it was most of the command's time).
    tracked = service.load(store, store.named_or_current(table), _rulebook, history=False)
    game = tracked.game
    legal = _legal_shown(tracked)
    if json_out:
        # A choice shown whole: the move it begins with and the cards it chooses among.
        print_json([{"move": whole_head(game, m, "en", {}), "any_of": [game.rb.name(c) for c in m.cards()]}
                    if is_whole(m) else game.format(m) for m in legal])
        return
    lang = _language(lang, tracked.header)
    local = _local(tracked.header.edition, lang)
    out = Page(console())
    for actor, bodies in _grouped(game, legal, lang, local).items():
        head = f"[bold]{escape(actor)}[/bold]{colon(lang)}" if actor else ""
        # Broken between moves, never inside one (建造 酒/館, 交/換手牌 were cut in two).
        facts_line(out, f"{head}{escape(' · '.join(bodies))}", lang, hang=2, lists=False)
    out.show()


def _legal_shown(tracked) -> list:
    """The legal moves as `moves` shows them: a choice too large to list (the Magician's redraws of
    a big hand: up to 2**n) whole, said in one line (say/notation.py `shown`); at a table of
    private picks, no pick (those are the picking seat's to see, on its phone)."""
    legal = shown(tracked.game.legal_moves())
    if tracked.header.private:
        from referee.table.view import SECRET_VERBS

        legal = [m for m in legal if m.verb not in SECRET_VERBS]
    return legal


def _grouped(game, legal, lang: str, local: dict[str, str]) -> dict[str, list[str]]:
    """The moves said in the player's language where they read back (say/notation.py), by who
    makes them: the acting character's under its player, as `do` says them back; the table's own
    (`pass`) under "" (said by nobody in particular)."""
    groups: dict[str, list[str]] = {}
    for move in legal:
        if not move.actor:
            groups.setdefault("", []).append(said(game, move, lang, local))
            continue
        text = said_whole(game, move, lang, local) if is_whole(move) else said(game, move, lang, local)
        actor, _, body = text.replace("：", ": ", 1).partition(": ")
        seat = game.state.holder(move.actor) if move.actor in game.rb.characters else None
        if seat is not None:
            actor = game.state.players[seat].name
        groups.setdefault(actor, []).append(body)
    return groups


# What players type for taking a move back, which is a command of its own (`table undo`).
_UNDO_WORDS = {"undo", "撤銷", "撤销", "悔棋", "復原", "复原"}


def _undo_typed(error: BadMove) -> bool:
    """`do 撤销`, `do "Ann: undo"`: a move taken back typed as a move."""
    from referee.engine.moves import first_word

    if error.key == "error.move.no_colon":
        word = first_word(str(error.values["text"]))[0]
    elif error.key == "error.move.unknown_verb":
        word = str(error.values["head"])
    else:
        return False
    return word.casefold() in _UNDO_WORDS


def _no_verb(store, name: str, text: str, lang: str, error: BadMove) -> BadMove:
    """`胖虎：` or `胖虎` (a name, with or without its colon, and nothing else): what is missing,
    and the moves that player may make now as `moves` lists them — or, with none, what the table
    waits for. Any other move without a verb or a colon keeps its `error`."""
    import re

    from referee.table import service

    tracked = service.load(store, name, _rulebook, history=False)
    game = tracked.game
    local = _local(tracked.header.edition, lang)
    try:
        actor = game.notation.actor(re.split(r"[:：]", text, maxsplit=1)[0])
    except RefereeError:
        return error
    if actor in game.rb.characters:               # a character typed: its player, when known
        seat = game.state.holder(actor)
        player = game.state.players[seat].name if seat is not None else local.get(actor, game.rb.name(actor))
    else:
        player = actor
    bodies = _grouped(game, _legal_shown(tracked), lang, local).get(player)
    if bodies:
        return BadMove.say("error.move.no_verb_moves", text=Typed(text), player=player, moves=" · ".join(bodies))
    return BadMove.say("error.move.no_verb_none", text=Typed(text), player=player,
                       next=next_text(game, lang, local) or "")


@app.command("log")
def log(table: Optional[str] = TableOpt, lang: Optional[str] = LangOpt, json_out: bool = JsonOpt) -> None:
    """The recorded moves, with round numbers and times."""
    store = _store()
    name = store.named_or_current(table)
    header = store.header(name)
    logged = store.moves(name)
    hidden = _hidden_picks(store, name, header, logged)
    if json_out:
        from referee.table.view import hidden_as

        print_json([{"seq": m.seq, "round": m.round, "move": hidden_as(m.notation) if m.seq in hidden else m.notation,
                     "at": m.at, "source": _source_id(m.source)} for m in logged])
        return
    lang = _language(lang, header)
    texts = [m.notation for m in logged]
    if logged and _reads(lang):                  # each move as it reads in the player's language
        from referee.table import service

        start = service.starting_game(header, _rulebook(header.edition))
        start.legacy_calls = True            # only reads moves once recorded (maybe under older rules)
        texts = said_in_turn(start, texts, lang, _local(header.edition, lang), take_back=False)
    from referee.say.labels import parens
    from referee.say.table_text import source_text

    out = console()
    from referee.text import clipped

    rows = []
    for m, text in zip(logged, texts):        # a stored move may be any length: never echoed whole
        if m.seq in hidden:
            from referee.say.table_text import hidden_pick_text

            text = hidden_pick_text(m.notation, header, lang)
        came = source_text(m.source, header.players, lang)        # a move sent from a phone says which
        move, came = clipped(str(text)), parens(came, lang) if came else ""
        rows.append((f"{m.seq}", f"{_w('round', lang, round=m.round)} · {m.at}",
                     escape(move) + (f" [dim]{escape(came)}[/dim]" if came else ""), move + (f" {came}" if came else "")))
    if rows:
        _print_log(out, rows)


# The narrowest column a move is given beside its round and time; narrower, it goes after them in
# one column (a move cut every few cells reads worse than a line that starts under the time).
_MOVE_COLUMN = 16


def _print_log(out, rows: list[tuple[str, str, str, str]]) -> None:
    """The log's lines (number, round and time, the move as markup and as plain text), in one
    print: a line that fits as written; one that does not is wrapped by rich (`Text.wrap`) and
    keeps its hanging indent, under the move (`1  第 1 輪 · … 04:24:58  胖虎：面朝上` / the rest
    under 胖虎) — or, where the terminal leaves the move too narrow a column, under the round and
    time, which the move then follows. (Not a rich grid: it measures every cell of every row, some
    seven times the time of a 2,000-move log that fits.)"""
    from rich.cells import cell_len
    from rich.text import Text

    numbers = max(4, max(len(seq) for seq, _, _, _ in rows))
    widths = [cell_len(at) for _, at, _, _ in rows]
    beside = out.width - numbers - max(widths) - 4 >= _MOVE_COLUMN
    lines = []
    for (seq, at, move, plain), width in zip(rows, widths):
        head, when = f"{seq:>{numbers}}  ", f"[dim]{escape(at)}[/dim]"
        hang = len(head) + width + 2
        if hang + 2 * len(plain) <= out.width or hang + cell_len(plain) <= out.width:   # (a cell or two each)
            lines.append(f"{head}{when}  {move}")
            continue
        body = Text.from_markup(move if beside else f"{when}  {move}", emoji=False)
        if not beside:
            hang = len(head)
        wrapped = [line.markup for line in body.wrap(out, out.width - hang, overflow="fold")]
        lines.append((f"{head}{when}  " if beside else head) + wrapped[0])
        lines.extend(" " * hang + line for line in wrapped[1:])
    out.print("\n".join(lines))


def _print_timer(out, store, tracked, times: str, lang: str) -> None:
    import time

    from referee.table import service
    from referee.table.timer import countdown, parse_times

    parsed = parse_times(times)
    tracked = service.load(store, tracked.header.name, _rulebook)       # the moves of the turn: its history
    clock = countdown(tracked, parsed) if parsed else None
    if clock is None:
        return
    left = int(clock.deadline - time.time() + 0.999)
    out.print(escape(_w("timer_left", lang, player=clock.player, seconds=left) if left > 0
                     else _w("timer_out", lang, player=clock.player)))


def _hidden_picks(store, name: str, header, logged) -> set[int]:
    """The recorded picks (and face-down discards) of `logged` nobody but their player may see
    yet: another seat's pick stays on its phone, or unsaid on the shared device, until revealed
    (view.hidden_in_log); none at a table whose picks are secret (none is typed)."""
    from referee.table.view import hidden_in_log, picks_hidden

    if not picks_hidden(header):
        return set()
    from referee.table import service

    return hidden_in_log(logged, header.players, lambda: service.load(store, name, _rulebook, play=False).game)


def _hidden_undone(undone, tracked) -> set[int]:
    """The moves just taken back that were picks nobody else had seen: said without their
    character (a pick taken back is still its player's own)."""
    from referee.table.view import WATCHER, hidden_notation, picks_hidden

    if not picks_hidden(tracked.header) or tracked.game.is_over:
        return set()
    return {m.seq for m in undone if hidden_notation(m.notation, tracked.header.players, WATCHER)}


def _source_id(source: str) -> str:
    """Where a move came from, for programs: terminal, table, or seat:N."""
    return source or "terminal"


@app.command("score")
def score(
    hand: Optional[list[str]] = typer.Option(None, "--hand", help='A player\'s hand shown at the end: "Ann: Secret Vault, Temple" (repeat).'),
    table: Optional[str] = TableOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Final (or current) scores with the breakdown, and the winner after the tie-break.

    Scores that depend on hidden cards (Secret Vault, Map Room) are provisional until --hand shows them."""
    from referee.engine.scoring import scores, winners
    from referee.table import service
    from referee.table.hands import declare_hands, hidden_hands

    store = _store()
    tracked = service.load(store, store.named_or_current(table), _rulebook)
    game = tracked.game
    spoken = _spoken(lang, tracked.header, " ".join(hand or []))
    with refusals_in(spoken, tracked.header.edition):       # the hand's cards go by the table's edition
        declare_hands(game, [names_as_set_up(h, tracked.header.players) for h in hand or []])
    results = scores(game.rb, game.state, final_round=game.state.round)
    # Nobody wins before the game ends: mid-game the report says who leads (the tie-break reads
    # the last round's reveals, which have not come).
    names, rule = winners(game.rb, game.state, results) if game.is_over else ([], None)
    hidden = hidden_hands(game)
    report = {"edition": tracked.header.edition, "players": results, "winners": names, "tie_break": rule}
    if not game.is_over:
        best = max(r["score"] for r in results)
        report["leading"] = [r["name"] for r in results if r["score"] == best]
    if tracked.header.teams:
        from referee.table.view import team_standing

        report.update(team_standing(tracked.header, game, results))
    if json_out:
        print_json({**report, "final": game.is_over, "provisional_for": hidden})
        return
    from referee.cli import score_cmd

    lang = spoken or choose(lang)
    # The same lines as `referee score`: one printer for a score report.
    score_cmd.show(report, lang, game.is_over)
    out = console()
    if not game.is_over:
        out.print(f"[dim]{_w('provisional', lang)}[/dim]")
    if hidden:
        paragraph(out, f"[dim]{escape(_w('hidden_hands', lang, players=comma(lang).join(hidden)))}[/dim]", lang, markup=True)


@app.command("export")
def export(
    fmt: Optional[str] = typer.Option(None, "--format", help="toml (a situation file `referee ask` replays; the default) or json (the log)."),
    bgstats: bool = typer.Option(False, "--bgstats", help="A finished game as BG Stats imports it (JSON: games, players, plays)."),
    csv: bool = typer.Option(False, "--csv", help="A finished game's score by player and category (CSV)."),
    table: Optional[str] = TableOpt,
) -> None:
    """Share a game: a situation file that replays to the same position, the JSON log, or a
    finished game's record for a score-keeping app (--bgstats, --csv)."""
    store = _store()
    name = store.named_or_current(table)
    if bgstats or csv:
        if (fmt is not None) + bgstats + csv > 1:
            raise RefereeError.say("error.records.one_format")
        from referee.table import records

        with refusals_in(_spoken(None, store.header(name))):     # said as the table speaks
            found = records.final(store, name, _rulebook)
        if bgstats:
            print_json(records.bgstats(found, store.header(name).created, _rulebook(found.edition).setup["bgg"]))
        else:
            sys.stdout.write(records.score_csv(found, _rulebook(found.edition).name))
        return
    from referee.table.export import exported

    header = store.header(name)
    if header.private:                            # its picks would show: only once the game is over
        from referee.table import service

        if not service.load(store, name, _rulebook, play=False).game.is_over:
            raise RefereeError.say("error.table.private_export")
    elif _hidden_picks(store, name, header, store.moves(name)):
        # A pick typed on the shared device would show; without it the file would not replay to
        # the same position: once the round's picks are revealed (a face-down discard: the game's end).
        raise RefereeError.say("error.table.recorded_export")
    found = exported(store, name, fmt or "toml")
    if isinstance(found, dict):
        print_json(found)
    else:
        sys.stdout.write(found)


@app.command("stats")
def stats(lang: Optional[str] = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the current table's, else the locale)."),
          json_out: bool = JsonOpt) -> None:
    """Over every finished table in the file: wins and average scores per player, and how often
    each character was picked (where the picks are known) and how its players fared."""
    from referee.table import records

    store = _store()
    found = records.standing(store, _rulebook)
    if json_out:
        print_json(found)
        return
    from referee.cli.table_stats import show_stats

    show_stats(found, _file_language(store, lang))


def _file_language(store, lang: Optional[str]) -> str:
    """The language of a command about every table of the file (`list`, `stats`): the current
    table's (it is typed at that table), else the locale's."""
    current = store.current()
    return _language(lang, store.header(current)) if current in store.names() else choose(lang)


@app.command("list")
def list_tables(lang: Optional[str] = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the current table's, else the locale)."),
                json_out: bool = JsonOpt) -> None:
    """Every table, the current one marked."""
    store = _store()
    names = store.names()
    current = store.current()
    if json_out:
        print_json([{"table": n, "current": n == current, "moves": len(store.moves(n))} for n in names])
        return
    lang = _file_language(store, lang)
    out = Page(console())
    if not names:
        out.print(_w("no_tables", lang))
    for n in names:
        header = store.header(n)
        moves = len(store.moves(n))
        mark = "*" if n == current else " "
        facts_line(out, f"{mark} [bold]{escape(n)}[/bold]  {label(header.edition, lang)} · {comma(lang).join(map(escape, header.players))} · "
                        f"{_w('moves_count_one' if moves == 1 else 'moves_count', lang, count=moves)}", lang)
    out.show()


@app.command("delete")
def delete(
    name: str = typer.Argument(..., metavar="NAME"),
    yes: bool = typer.Option(False, "--yes", "-y", help="Delete without asking."),
    lang: Optional[str] = LangOpt,
) -> None:
    """Delete a table and its log (asks first; --yes to skip the question)."""
    store = _store()
    header = store.header(name)                 # an unknown table is refused before any question
    spoken = _spoken(lang, header, name)
    lang = spoken or choose(lang)
    if not yes:
        count = len(store.moves(name))
        if not sys.stdin.isatty():
            with refusals_in(spoken):
                raise RefereeError.say("error.table.delete_table_its_recorded", name=Typed(name), count=count)
        answer = console().input(escape(_w("confirm_delete", lang, table=name, count=count)) + " ")
        if answer.strip().lower() not in ("y", "yes", "是", "好", "確定", "确定"):
            console().print(_w("kept", lang, table=escape(name)))
            return
    store.delete(name)
    console().print(_w("deleted", lang, table=escape(name)))


@app.command("use")
def use(name: str = typer.Argument(..., metavar="NAME"), lang: Optional[str] = LangOpt) -> None:
    """Make NAME the current table."""
    store = _store()
    store.use(name)
    console().print(_w("using", _language(lang, store.header(name), name), table=escape(name)))


# -- what next ---------------------------------------------------------------------------------------


def _print_next(out, game, lang: str, local: dict[str, str]) -> None:
    text = next_text(game, lang, local)
    if text:
        paragraph(out, f"[cyan]{escape(text)}[/cyan]", lang, markup=True)


def every_command() -> typer.Typer:
    """The app with every command: `serve` too, whose module (the web server's options) loads
    only for it, for help and for a name to be suggested, never for a command that records or
    shows (`referee.cli.app.table`). Registered once, last, as the help lists it."""
    if not any(command.name == "serve" for command in app.registered_commands):
        from referee.cli.table_serve import serve

        app.command("serve")(serve)
    return app
