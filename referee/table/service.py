"""A tracked game: its header and move log replayed through the engine.

The log is the truth and the position is rebuilt from it. Recording happens inside one write
transaction of the store: the log is read, replayed, each new move checked against the position
the log leaves, and only legal moves are appended — so a second command waiting on the lock is
checked against what the first recorded.

The same transaction stores the position the log now replays to (`cache.py`), which a later
command uses instead of replaying while it is still the log's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from referee import __version__
from referee.engine.errors import IllegalMove
from referee.errors import BadMove, RefereeError
from referee.table import cache
from referee.table.store import Header, Logged, Store

if TYPE_CHECKING:
    from referee.engine.game import Game
    from referee.engine.moves import Move


class Broken(NamedTuple):
    """A recorded move that no longer replays (after an upgrade of the rules or data)."""

    seq: int
    notation: str
    key: str
    values: dict


class Tracked(NamedTuple):
    header: Header
    game: Game
    log: list[Logged]
    broken: Broken | None


class Stale(Exception):
    """A move made against a position the table has since left (`version`: the log's length now)."""

    def __init__(self, version: int):
        super().__init__("stale")
        self.version = version


def _check_version(log: list[Logged], expected: int | None) -> None:
    if expected is not None and expected != len(log):
        raise Stale(len(log))


class NotYours(Exception):
    """A seat's phone sent a move of another player (nothing recorded)."""


def seat_of(game: Game, move: Move) -> int | None:
    """The seat that makes `move`: its player, or the player who holds (or plays the turn of)
    the character it names; None when the table cannot tell."""
    state = game.state
    found = state.seat_of(move.actor)
    if found is not None:
        return found
    if state.turn is not None and state.turn.character == move.actor:
        return state.turn.seat
    return state.holder(move.actor)


class Refused(NamedTuple):
    """A well-formed move the rules refuse: not recorded."""

    text: str
    move: Move
    error: IllegalMove


def new_header(name: str, edition: str, players: list[str], characters: list[str], crown: int,
               variants: list[str], secret: bool, start: str, lang: str = "",
               teams: list[list[str]] = ()) -> Header:
    import time

    return Header(name, edition, players, variants, characters, crown, 0, secret, start, __version__,
                  time.strftime("%Y-%m-%d %H:%M:%S"), lang, teams=[list(team) for team in teams])


def starting_game(header: Header, rulebook) -> Game:
    """The position the log starts from: the set-up, or the situation file the table began with."""
    from referee.situation import load, read_text

    game = load(read_text(header.start), rulebook).game
    game.implicit_ends = False           # every turn is typed: one that has not gathered is not over
    return game


# What a log recorded before calls were passed explicitly, or before typed picks were refused at
# a table whose picks are secret, may hold, refused today: replayed as then.
_LEGACY = frozenset({"call_open", "call_held", "killed_stays_hidden", "picks_secret", "reveal_again", "pass_too_few", "pass_too_many",
                     "pass_not_called"})


def replay(header: Header, log: list[Logged], rulebook, legacy: bool = False) -> Tracked:
    game = starting_game(header, rulebook)
    game.legacy_calls = legacy
    for logged in log:
        if type(logged.notation) is not str:     # a file edited by hand: NULL, a number, bytes
            return Tracked(header, game, log, Broken(logged.seq, str(logged.notation), "unreadable",
                                                     {"why": type(logged.notation).__name__}))
        try:
            game.apply(game.parse(logged.notation))
        except IllegalMove as error:
            if error.key in _LEGACY and not legacy:
                return replay(header, log, rulebook, legacy=True)
            return Tracked(header, game, log, Broken(logged.seq, logged.notation, error.key, error.values))
        except RefereeError as error:
            return Tracked(header, game, log, Broken(logged.seq, logged.notation, "unreadable", {"why": str(error)}))
    game.legacy_calls = False                 # the moves typed from now on: by today's rules
    return Tracked(header, game, log, None)


def load(store: Store, name: str, rulebook_for, play: bool = True, history: bool = True) -> Tracked:
    """The table's position: from its cached position when that is still the log's, else by a
    replay. `play=False`: the caller only reads it (a `Position` may come instead of a `Game`);
    `history=False`: the caller reads nothing of the moves played before (a cached game then
    holds none of them: `cache.restore`)."""
    header = store.header(name)
    log = store.log(name)                   # its moves are read only if it is replayed
    rulebook = rulebook_for(header.edition)
    stale: list[str] = []
    found = restore(store, header, log, rulebook, play, history=history, stale=stale)
    if found is not None:
        return found
    tracked = replay(header, log, rulebook)
    if stale:
        _mend(store, tracked)
    return tracked


def _mend(store: Store, tracked: Tracked) -> None:
    """Store the cached history again when a command that read it found a step edited by hand:
    a `do` does not read the earlier steps, so it would not. Only if the file is free at once
    and the log is still the one replayed (a reader neither waits for a writer nor fails for a
    file it may not write)."""
    import sqlite3

    if tracked.broken:
        return
    try:
        with store.writing(wait=False) as conn:
            now = store.log(tracked.header.name, conn)
            if len(now) == len(tracked.log) and now.text == tracked.log.text:
                save(store, conn, tracked)
    except (RefereeError, sqlite3.Error):
        pass


def record(store: Store, name: str, texts: list[str], rulebook_for, expected_version: int | None = None,
           source: str = "", seat: int | None = None, language: str | None = None,
           ) -> tuple[Tracked, list[tuple[str, Move, list[dict]]], Refused | None]:
    """Check and record `texts` in order: the legal ones before the first illegal one are
    recorded (one transaction); an unreadable move records nothing (it raises BadMove).
    `expected_version`: the log's length the moves were made against (a phone's); checked inside
    the transaction, so of two phones tapping at once one records and the other gets `Stale`.
    `source`: where the moves come from (`Logged.source`); `seat`: the only seat whose moves
    these may be (a seat's phone), else NotYours and nothing recorded. `language`: the language
    the typed moves give a table that has none yet (`say/table_text.deciding_language`), stored in
    the same transaction when a move is recorded; the returned header has it."""
    with store.writing() as conn:
        header = store.header(name)
        log = store.log(name, conn)             # its moves are read only if it is replayed
        _check_version(log, expected_version)
        rulebook = rulebook_for(header.edition)
        tracked = restore(store, header, log, rulebook, True, conn, history=False)    # the moves add steps
        cached = tracked is not None
        if not cached:
            tracked = replay(header, log, rulebook)
        if tracked.broken:
            from referee.text import clipped

            raise RefereeError.say("error.table.move_this_table_no", seq=tracked.broken.seq,
                                   notation=clipped(tracked.broken.notation))
        game = tracked.game
        from referee.table import typed

        moves = []
        for text in texts:
            if not text.strip():
                raise BadMove.say("error.table.empty_move")
            try:
                moves.append(typed.parse(game, text))   # every move readable before any is recorded
            except BadMove as error:
                raise _after_gathering(game, error) from None
            if seat is not None and seat_of(game, moves[-1]) != seat:
                raise NotYours()
        done: list[tuple[str, Move, list[dict]]] = []
        refused = None
        seq = log.last_seq
        for text, move in zip(texts, moves):
            made_in = game.state.round           # a move that ends a round belongs to that round
            try:
                events = game.apply(move)
            except IllegalMove as error:
                refused = Refused(text, move, error)
                break
            seq += 1
            named = _named(move, events)
            if named is not move:                # the game's history as a replay of the log has it
                game.history[-1] = game.history[-1]._replace(move=named)
            canonical = game.format(named)
            store.append(conn, name, seq, canonical, made_in, source)
            done.append((canonical, named, events))
            log = log + [Logged(seq, canonical, made_in, "", source)]     # as the store has it now
        if done and language and store.decide_language(conn, name, language):
            header = header._replace(lang=language)
        if done or not cached:
            save(store, conn, Tracked(header, game, log, None))
    return Tracked(header, game, log, None), done, refused


def _after_gathering(game, error: BadMove) -> BadMove:
    """`Ann: keep Temple` typed after `Ann: draw` was recorded: the kept card is written with the
    draw, which is recorded already, so the hint says to take the draw back first (typed as it
    says without the undo, the draw would be refused as a second gathering)."""
    from referee.errors import Said

    hint = error.values.get("hint") if error.key == "error.move.unknown_verb" else None
    turn = game.state.turn
    if not (isinstance(hint, Said) and hint.key == "error.move.written_inside" and turn is not None and turn.gathered):
        return error
    return BadMove.say(error.key, **{**error.values, "hint": Said("error.move.written_inside_gathered", **hint.values)})


def _named(move: Move, events: list[dict]) -> Move:
    """The move as the log keeps it: a bare `pass` names the calls it passed (`pass Thief`)."""
    if move.verb == "pass" and not move.args:
        for event in events:
            if event["event"] == "passed":
                return type(move)(move.actor, move.verb, tuple(event["characters"]))
    return move


def undo(store: Store, name: str, count: int, rulebook_for, expected_version: int | None = None) -> tuple[Tracked, list[Logged]]:
    with store.writing() as conn:
        header = store.header(name)
        log = store.moves(name, conn)
        _check_version(log, expected_version)
        if count < 1:
            raise RefereeError.say("error.table.undo_takes_number_moves")
        if count > len(log):
            if not log:
                raise RefereeError.say("error.table.nothing_to_undo")
            if len(log) == 1:
                raise RefereeError.say("error.table.only_one_move_is_recorded")
            raise RefereeError.say("error.table.only_move_are_recorded", count=len(log))
        keep = log[:-count]
        store.cut(conn, name, keep[-1].seq if keep else 0)
        tracked = replay(header, keep, rulebook_for(header.edition))
        save(store, conn, tracked)
    return tracked, log[-count:]


def expected_next(game: Game) -> dict:
    """What the table is waiting for, as ids and names (the CLI puts it into words)."""
    state = game.state
    if state.phase == "over":
        return {"kind": "over"}
    if state.pending is not None:
        return {"kind": "decision", "player": state.players[state.pending.seat].name, "card": state.pending.kind}
    if state.phase == "draft":
        d = state.draft
        if not d.order:
            return {"kind": "selection"}
        seat, step = d.order[0]
        found = {"kind": step, "player": state.players[seat].name, "secret": game.secret_selection}
        if step == "faceup":               # how many, by the rules in force (players, cast)
            found["count"] = game.rb.faceup_discards(len(state.players), len(state.characters))
        return found
    if state.awaiting is not None:
        # A call nobody answers is passed by the table (`pass`), never by showing the killed card.
        found = {"kind": "reveal", "character": state.awaiting, "rank": game.rb.characters[state.awaiting].rank,
                 "round_end": state.calling >= 10}
        from referee.engine import holding   # (pure: a cached position asks it without the cards)

        if state.secret and holding.pass_leaves_too_few(game.rb, state, (state.awaiting,)) is not None:
            found["held"] = True            # the players not shown must hold it: no pass offered
        if state.awaiting == state.marks.killed and state.calling < 10:
            found["killed"] = True          # its holder acts through a card he owns (the Hospital), unrevealed
        return found
    if state.turn is not None:
        turn = state.turn
        return {"kind": "turn", "player": state.players[turn.seat].name, "character": turn.character,
                "gathered": turn.gathered, "finished": turn.finished_actions}
    return {"kind": "selection"}


def restore(store: Store, header: Header, log: list[Logged], rulebook, play: bool = True, conn=None,
            history: bool = True, stale: list | None = None) -> Tracked | None:
    """The table from its cached position when that is the one `log` replays to today, else None
    (then replay). `play=False`: a `Position` may come instead of a `Game`; `history=False`: a
    game to record on, without the earlier moves' steps; `stale`: see `cache.restore`."""
    game = cache.restore(store, header, log, rulebook, play, conn, history, stale)
    return None if game is None else Tracked(header, game, log, None)


def save(store: Store, conn, tracked: Tracked) -> None:
    """Inside the write transaction that recorded the log: cache the position it replays to (a
    log that no longer replays is not cached)."""
    if not tracked.broken:
        cache.save(store, conn, tracked.header, tracked.log, tracked.game)
