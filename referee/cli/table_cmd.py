"""`referee table …`: follow a real game move by move (store → service → these commands).

Every command acts on the current table unless `--table NAME` names another. Moves are recorded
in the canonical notation (English); `do` shows them in the chosen language when that reads back
to the same move (say/notation.py), and everything else speaks that language too.
"""

from __future__ import annotations

import errno
import sys
from typing import Optional

import typer

from referee.cli.output import console, escape, paragraph, print_json
from referee.errors import Listed, RefereeError, Said
from referee.say.labels import colon, comma, label, semicolon
from referee.say.lang import choose, refusals_in
from referee.say.notation import names_as_set_up, said, said_in_turn
from referee.say.table_text import (broken_text, hand_text, next_text, position_facts, table_language as _language,
                                    words as _w)

app = typer.Typer(help="Track a real game move by move: the crown, coins, hands and cities; legal moves; undo; a live view on the phones.",
                  no_args_is_help=True, add_completion=False)

TableOpt = typer.Option(None, "--table", "-t", help="The table to act on (default: the current one).")
LangOpt = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the script of "
                       "the Chinese typed, else of the file the table started from or its players' names, else the locale).")
JsonOpt = typer.Option(False, "--json", help="Print JSON for programs.")

def _spoken(lang: str | None, header, typed: str = "") -> str | None:
    """The table's language for its refusals when --lang does not say (refusals_in; None: the
    command line's --lang decides): the words typed alone cannot tell a table of Chinese."""
    return None if lang else _language(None, header, typed)


def _store():
    from referee.table.store import Store

    return Store()


def _rulebook(edition: str):
    from referee.catalog.facts import rulebook

    return rulebook(edition)


def _local(edition: str, lang: str) -> dict[str, str]:
    from referee.catalog.cards import localized_names
    from referee.catalog.db import connect

    return localized_names(connect(), edition, lang)


# -- new ---------------------------------------------------------------------------------------------


@app.command("new")
def new(
    name: str = typer.Argument("table", metavar="NAME", help="A name for the table (default: table)."),
    players: Optional[str] = typer.Option(None, "--players", "-p", help='Seating order, clockwise: "Ann,Bob,Cid,Dan".'),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="2016 (default) or classic; a --from file names its own."),
    characters: Optional[str] = typer.Option(None, "--characters", "-c", help="A preset cast (see `referee rules casts`, any language) or the characters, comma-separated (default: the edition's standard set)."),
    crown: Optional[str] = typer.Option(None, "--crown", help="Who holds the crown at the start (default: the first player)."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", help="A house rule by id (repeat)."),
    recorded_picks: bool = typer.Option(False, "--recorded-picks", help="Record every pick (one phone passed around) instead of secret picks."),
    from_file: Optional[str] = typer.Option(None, "--from", help="Start from a situation file (a game in progress), in its edition and language."),
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Start a new game (or one in progress, --from FILE); it becomes the current table."""
    from referee.say.lang import check_edition, file_edition
    from referee.table import service

    lang = choose(lang) if lang else None        # a mistyped --lang is refused before a table is made
    name = name.strip()
    if not name:
        raise RefereeError.say("error.table.table_needs_name")
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
            game = service.starting_game(service.new_header(name, edition, [], [], 0, [], False, start),
                                         _rulebook(edition))
        seats = [p.name for p in game.state.players]
        header = service.new_header(name, edition, seats, list(game.state.characters), game.state.crown,
                                    sorted(game.state.variants), game.secret_selection, start)
    else:
        edition = check_edition(edition) or "2016"
        rb = _rulebook(edition)
        seats = [p.strip() for p in (players or "").replace("，", ",").split(",") if p.strip()]
        if not 2 <= len(seats) <= 8:
            raise RefereeError.say("error.table.players_player_game_has", count=len(seats))
        if len({s.casefold() for s in seats}) != len(seats):
            raise RefereeError.say("error.table.players_two_players_have")
        cast = _cast(rb, characters, len(seats))
        seat = 0
        if crown:
            matches = [i for i, s in enumerate(seats) if s.casefold() == crown.strip().casefold()]
            if not matches:
                from referee.errors import UnknownName

                raise UnknownName("player", crown, seats)
            seat = matches[0]
        variants = _variants(variant or [])
        start = service.setup_situation(rb, seats, cast, seat, variants, not recorded_picks)
        header = service.new_header(name, edition, seats, cast, seat, variants, not recorded_picks, start)
        service.starting_game(header, rb)                  # refuse a set-up that cannot exist
    store = _store()
    with refusals_in(spoken):
        store.create(header)
    tracked = service.load(store, name, _rulebook)
    if json_out:
        from referee.table.view import show_json

        print_json(show_json(tracked))
        return
    lang = spoken or _language(lang, header)     # as the table's later commands will speak
    out = console()
    out.print(_w("created", lang, table=name, count=len(header.players), edition=label(edition, lang),
                 crown=header.players[tracked.game.state.crown]))
    _print_next(out, tracked.game, lang, _local(edition, lang))


def _cast(rb, text: str | None, players: int) -> list[str]:
    """`--characters`: a preset's name as `referee rules casts` lists it (any language, `+9` for
    its rank 9 character where it is optional), or the characters, comma-separated."""
    from referee.engine.game import default_characters
    from referee.situation import read_cast

    if not text or not text.strip():
        return list(default_characters(rb, players))
    parts = [p for p in text.replace("，", ",").replace("、", ",").split(",") if p.strip()]
    if len(parts) == 1:
        cast, _ = read_cast(rb, parts[0], players, "--characters")
        return cast
    cast, _ = read_cast(rb, parts, players, "--characters")
    if len(set(cast)) != len(cast):
        raise RefereeError.say("error.table.characters_character_listed_twice")
    return cast


def _variants(given: list[str]) -> list[str]:
    from referee.catalog.db import connect

    known = {row[0] for row in connect().execute("SELECT id FROM variants")}
    for variant in given:
        if variant not in known:
            from rapidfuzz import process

            close = [v for v, _, _ in process.extract(variant, sorted(known), limit=3)]
            raise RefereeError.say("error.table.unknown_variant_closest", variant=variant, closest=Listed(close))
    return sorted(set(given))


# -- do / undo ---------------------------------------------------------------------------------------


@app.command("do")
def do(
    moves: list[str] = typer.Argument(..., metavar="MOVE...", help='Moves in the notation, e.g. "Bob: rob Merchant" "Bob: gold".'),
    table: Optional[str] = TableOpt,
    lang: Optional[str] = LangOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Check and record moves; an illegal one is refused (exit 1) and not recorded."""
    from referee.say.events import describe
    from referee.table import service

    store = _store()
    name = store.named_or_current(table)
    header = store.header(name)
    spoken = _spoken(lang, header, " ".join(moves))
    lang = spoken or choose(lang)               # before anything is recorded: a mistyped --lang records nothing
    moves = [names_as_set_up(move, header.players) for move in moves]
    with refusals_in(spoken, header.edition):   # a move's cards go by the table's edition
        tracked, done, refused = service.record(store, name, moves, _rulebook)
    game = tracked.game
    local = _local(tracked.header.edition, lang)
    values = {}
    if refused:
        from referee.engine.reasons import reason      # the refusals' texts: only for a refusal

        values = {k: local.get(v, v) if isinstance(v, str) else
                  (comma(lang).join(local.get(x, x) for x in v) if isinstance(v, list) else v)
                  for k, v in refused.error.values.items()}
    if json_out:
        from referee.table.view import show_json

        print_json({
            "table": name,
            "recorded": [{"move": text, "events": events} for text, _, events in done],
            "refused": None if not refused else {"input": refused.text, "move": game.format(refused.move),
                                                 "reason": reason(refused.error.key, values, lang),
                                                 "citations": list(refused.error.citations)},
            "next": service.expected_next(game),
            "state": show_json(tracked)["state"],
        })
    else:
        out = console()
        for text, move, events in done:
            out.print(f"[green]✓[/green] {escape(said(game, move, lang, local))}")
            for event in events:
                out.print(f"    [dim]{escape(describe(event, lang, local))}[/dim]")
        if refused:
            out.print(f"[red]✗[/red] {escape(said(game, refused.move, lang, local))}  {_w('refused', lang)}")
            paragraph(out, reason(refused.error.key, values, lang), lang, indent=4)
            if refused.error.citations:
                from referee.catalog.citations import citation_text
                from referee.catalog.db import connect

                shown = semicolon(lang).join(citation_text(connect(), c, lang) for c in refused.error.citations)
                paragraph(out, f"[dim]{label('sources', lang)}{colon(lang)}{escape(shown)}[/dim]", lang,
                          markup=True, indent=4)
        _print_next(out, game, lang, local)
    if refused:
        sys.stdout.flush()
        sys.exit(1)


@app.command("undo")
def undo(
    count: int = typer.Argument(1, metavar="N", help="How many recorded moves to take back (default 1)."),
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
    with refusals_in(spoken):
        tracked, undone = service.undo(store, name, count, _rulebook)
    if json_out:
        print_json({"table": name, "undone": [m.notation for m in undone], "next": service.expected_next(tracked.game)})
        return
    out = console()
    local = _local(tracked.header.edition, lang)
    for text in reversed(said_in_turn(tracked.game, [m.notation for m in undone], lang, local)):
        out.print(_w("undone", lang, move=escape(text)))
    _print_next(out, tracked.game, lang, local)


# -- reading -----------------------------------------------------------------------------------------


@app.command("show")
def show(table: Optional[str] = TableOpt, lang: Optional[str] = LangOpt, json_out: bool = JsonOpt) -> None:
    """The position: round, phase, crown, whose turn, and each player's gold, hand, city, score."""
    from referee.table import service

    store = _store()
    tracked = service.load(store, store.named_or_current(table), _rulebook, play=False)     # only read: no cards needed
    lang = _language(lang, tracked.header)
    local = _local(tracked.header.edition, lang)
    if json_out:
        from referee.table.view import show_json

        print_json(show_json(tracked))
        return
    game = tracked.game
    state = game.state
    out = console()
    out.print(" · ".join([f"[bold]{escape(tracked.header.name)}[/bold]", *map(escape, position_facts(game, lang))]))
    from referee.engine.scoring import score_player

    for seat, player in enumerate(state.players):
        chars = comma(lang).join(local.get(c, c) for c in player.characters)
        city = comma(lang).join(local.get(b.id, b.id) for b in player.city) or "-"
        out.print(f"  [bold]{escape(player.name)}[/bold]{' ' + escape(chars) if chars else ''} · {label('gold', lang)} "
                  f"{player.gold} · {escape(hand_text(player, lang, local))} · {label('city', lang)}{colon(lang)}{escape(city)} · "
                  f"{label('score', lang)} {score_player(game.rb, state, seat)['score']}")
    if tracked.broken:
        out.print(f"[red]{escape(broken_text(tracked.broken, lang))}[/red]")
    _print_next(out, game, lang, local)


@app.command("moves")
def moves(table: Optional[str] = TableOpt, lang: Optional[str] = LangOpt, json_out: bool = JsonOpt) -> None:
    """Every legal move now, in the notation (grouped by who makes it)."""
    from referee.table import service

    store = _store()
    tracked = service.load(store, store.named_or_current(table), _rulebook)
    game = tracked.game
    legal = game.legal_moves()
    if json_out:
        print_json([game.format(m) for m in legal])
        return
    lang = _language(lang, tracked.header)
    local = _local(tracked.header.edition, lang)
    out = console()
    groups: dict[str, list[str]] = {}
    for move in legal:         # in the player's language where it reads back (say/notation.py)
        actor, _, body = said(game, move, lang, local).replace("：", ": ", 1).partition(": ")
        groups.setdefault(actor, []).append(body)
    for actor, bodies in groups.items():
        paragraph(out, f"[bold]{escape(actor)}[/bold]{colon(lang)}{escape(' · '.join(bodies))}", lang, markup=True)


@app.command("log")
def log(table: Optional[str] = TableOpt, lang: Optional[str] = LangOpt, json_out: bool = JsonOpt) -> None:
    """The recorded moves, with round numbers and times."""
    store = _store()
    name = store.named_or_current(table)
    header = store.header(name)
    logged = store.moves(name)
    if json_out:
        print_json([{"seq": m.seq, "round": m.round, "move": m.notation, "at": m.at} for m in logged])
        return
    lang = _language(lang, header)
    texts = [m.notation for m in logged]
    if lang != "en" and logged:                  # each move as it reads in the player's language
        from referee.table import service

        start = service.starting_game(header, _rulebook(header.edition))
        texts = said_in_turn(start, texts, lang, _local(header.edition, lang), take_back=False)
    out = console()
    for m, text in zip(logged, texts):
        out.print(f"{m.seq:>4}  [dim]{escape(_w('round', lang, round=m.round))} · {m.at}[/dim]  {escape(text)}")


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

    store = _store()
    tracked = service.load(store, store.named_or_current(table), _rulebook)
    game = tracked.game
    spoken = _spoken(lang, tracked.header, " ".join(hand or []))
    with refusals_in(spoken, tracked.header.edition):       # the hand's cards go by the table's edition
        _declare_hands(game, [names_as_set_up(h, tracked.header.players) for h in hand or []])
    results = scores(game.rb, game.state, final_round=game.state.round)
    names, rule = winners(game.rb, game.state, results)
    hidden = _hidden_hands(game)
    if json_out:
        print_json({"edition": tracked.header.edition, "players": results, "winners": names, "tie_break": rule,
                    "final": game.is_over, "provisional_for": hidden})
        return
    from referee.cli import score_cmd

    lang = spoken or choose(lang)
    # The same lines as `referee score`: one printer for a score report.
    score_cmd.show({"edition": tracked.header.edition, "players": results, "winners": names, "tie_break": rule}, lang)
    out = console()
    if not game.is_over:
        out.print(f"[dim]{_w('provisional', lang)}[/dim]")
    if hidden:
        paragraph(out, f"[dim]{escape(_w('hidden_hands', lang, players=comma(lang).join(hidden)))}[/dim]", lang, markup=True)


def _declare_hands(game, declared: list[str]) -> None:
    """`--hand "Ann: Secret Vault, Temple"`: the hand a player shows when the game is scored."""
    state = game.state
    for text in declared:
        who, sep, cards = text.replace("：", ":").partition(":")
        if not sep:
            raise RefereeError.say("error.table.hand_write_as_ann", text=text)
        seat = state.seat_of(who.strip())
        if seat is None:
            from referee.errors import UnknownName

            raise UnknownName("player", who.strip(), [p.name for p in state.players])
        shown = list(game.notation.districts(cards)) if cards.strip() else []
        player = state.players[seat]
        if len(shown) != len(player.hand):
            raise RefereeError.say("error.table.hand_holds_card", text=text, name=player.name, count=len(player.hand), count2=len(shown))
        known = [c for c in player.hand if c != "?"]
        for card in known:
            if card not in shown:
                raise HandError(text, player.name, game.rb.name(card))
        player.hand = shown


class HandError(RefereeError):
    """`--hand` leaves out a card the table knows the player holds (named in the player's language)."""

    def __init__(self, text: str, player: str, card: str):
        self.key, self.values = "error.table.hand_known", {"text": text, "player": player, "card": card}
        super().__init__(f"--hand {text!r}: {player} is known to hold {card}")
        self.text, self.player, self.card = text, player, card


def _hidden_hands(game) -> list[str]:
    """Players whose unknown cards could change their score: the edition has a card that scores
    from the hand (data: `unbuildable` with `extra_points`, the Secret Vault)."""
    if not any(d.fact("unbuildable") and d.fact("extra_points") for d in game.rb.districts.values()):
        return []
    return [p.name for p in game.state.players if "?" in p.hand]


@app.command("export")
def export(
    fmt: str = typer.Option("toml", "--format", help="toml (a situation file `referee ask` replays) or json (the log)."),
    table: Optional[str] = TableOpt,
) -> None:
    """Share a game: a situation file that replays to the same position, or the JSON log."""
    import json

    store = _store()
    name = store.named_or_current(table)
    header = store.header(name)
    logged = store.moves(name)
    if fmt == "json":
        print_json({"table": name, "edition": header.edition, "players": header.players, "variants": header.variants,
                    "start": header.start, "moves": [{"seq": m.seq, "round": m.round, "move": m.notation, "at": m.at}
                                                     for m in logged]})
    elif fmt == "toml":
        start = header.start.rstrip()
        if "\n[play]" in "\n" + start:
            raise RefereeError.say("error.table.this_table_started_from")
        history = ",\n".join("  " + json.dumps(m.notation, ensure_ascii=False) for m in logged)  # readable Chinese
        sys.stdout.write(f"{start}\n\n[play]\nhistory = [\n{history}\n]\n" if logged else start + "\n")
    else:
        raise RefereeError.say("error.table.format_choose_toml_json", fmt=fmt)


@app.command("list")
def list_tables(lang: Optional[str] = typer.Option(None, "--lang", help="Output language: zh-Hant, zh-Hans or en (default: the locale)."),
                json_out: bool = JsonOpt) -> None:
    """Every table, the current one marked."""
    store = _store()
    names = store.names()
    current = store.current()
    if json_out:
        print_json([{"table": n, "current": n == current, "moves": len(store.moves(n))} for n in names])
        return
    lang = choose(lang)
    out = console()
    if not names:
        out.print(_w("no_tables", lang))
    for n in names:
        header = store.header(n)
        mark = "*" if n == current else " "
        out.print(f"{mark} [bold]{escape(n)}[/bold]  {label(header.edition, lang)} · {comma(lang).join(map(escape, header.players))} · "
                  f"{_w('moves_count', lang, count=len(store.moves(n)))}")


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
                raise RefereeError.say("error.table.delete_table_its_recorded", name=name, count=count)
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


@app.command("serve")
def serve(
    table: Optional[str] = typer.Option(None, "--table", "-t", help="The table to show (default: the current one, "
                                        "followed when referee table use changes it)."),
    port: int = typer.Option(8000, "--port", help="The port to listen on (0: any free one)."),
    host: str = typer.Option("0.0.0.0", "--host", help="The address to listen on (default: every network of this "
                             "computer; 127.0.0.1: this computer only)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The page's language (default: the table's; each phone "
                                       "may switch)."),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Print a QR code of the address for the phones to scan."),
) -> None:
    """Show the table live on the phones at the table: a read-only page on the local network."""
    from referee.web import server as web

    store = _store()
    header = store.header(table) if table else None          # an unknown table is refused before listening
    current = store.current()
    shown_now = header or (store.header(current) if current in store.names() else None)
    spoken = None if lang else (_language(None, shown_now, table or "") if shown_now else None)
    lang = choose(lang) if lang else None                    # a mistyped --lang is refused before listening
    said = lang or spoken or choose(None)
    with refusals_in(spoken):
        if not 0 <= port <= 65535:
            raise RefereeError.say("error.table.port_port_any_free", port=port)
        hub = web.Hub(store.path, table, lang, _rulebook, _local)
        try:
            server = web.make_server(hub, host, port, share_svg=_share_code)
        except OSError as error:
            name = _LISTEN_ERRORS.get(error.errno)
            why = Said("error.table.listen." + name) if name else (error.strerror or str(error))
            raise RefereeError.say("error.table.cannot_listen", host=host, port=port, why=why) from None
    import signal
    import threading

    # Ctrl+C (or a kill) asks the server to stop instead of raising KeyboardInterrupt wherever
    # the program happens to be: one raised inside a flush of stdout prints its lines again.
    def stop_serving(signum, frame) -> None:
        threading.Thread(target=server.shutdown, daemon=True).start()

    for stopping in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stopping, stop_serving)
    out = console()
    try:
        url, notes = _address(host, server.server_address[1], web.lan_address, said)
        out.print(_w("serving" if table else "serving_current", said, table=escape(table or ""), url=url), soft_wrap=True)
        if qr:
            import segno

            segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
        for note in notes:
            out.print(escape(note), style="dim" if note == notes[0] else "yellow")
        sys.stdout.flush()
        server.serve_forever(poll_interval=0.2)      # until a signal asks it to stop, even one that came first
        out.print(_w("stopped", said))
    finally:
        web.close(server, hub)


# Why a server cannot listen, in words (the system's own message is English only).
_LISTEN_ERRORS = {errno.EADDRINUSE: "in_use", errno.EADDRNOTAVAIL: "no_address", errno.EACCES: "privileged"}


def _address(host: str, port: int, lan_address, said: str) -> tuple[str, list[str]]:
    """The address the phones open, and what to tell the person who started the server: on every
    network it is this computer's address on the local one; without a network, only itself."""
    everywhere = host in ("0.0.0.0", "", "::")
    shown = lan_address() if everywhere else (f"[{host}]" if ":" in host else host)
    notes = [_w("same_network", said)]
    if everywhere and shown == "127.0.0.1":          # no route out: the phones cannot reach it
        notes.append(_w("no_network", said))
    return f"http://{shown}:{port}/", notes


def _share_code(host: str | None) -> str:
    """The page's own address as a QR code (SVG), for a phone to pass it to the next one."""
    if not host:
        return ""
    import segno

    return segno.make(f"http://{host}/", error="m").svg_inline(scale=4)


# -- what next ---------------------------------------------------------------------------------------


def _print_next(out, game, lang: str, local: dict[str, str]) -> None:
    text = next_text(game, lang, local)
    if text:
        paragraph(out, f"[cyan]{escape(text)}[/cyan]", lang, markup=True)
