"""A tracked game: its header and move log replayed through the engine.

The log is the truth and the position is rebuilt from it. Recording happens inside one write
transaction of the store: the log is read, replayed, each new move checked against the position
the log leaves, and only legal moves are appended — so a second command waiting on the lock is
checked against what the first recorded.

The same transaction stores the position the log now replays to (`positions` in the store):
the state, the game's few settings and its history (the cards read past events: the Magistrate
the build before a confiscation, the Theater this round's swaps), as tagged JSON — never pickle,
since a tables file may come from anywhere. A command uses it instead of replaying only when the
log it was made from equals the log now recorded and the code and card data a replay depends on
are the same files (`replay_key`); anything else — another version, an edited engine, a rebuilt
card database, a row that does not decode — means a full replay, so the log stays the truth and
a move that no longer replays is still found. A command that only reads the position (`show`)
gets it without the engine's cards (`Position`), whose import is most of its start-up.
"""

from __future__ import annotations

import os
import weakref
from typing import TYPE_CHECKING, NamedTuple

from referee import __version__
from referee.engine.errors import IllegalMove
from referee.errors import BadMove, RefereeError
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


class Refused(NamedTuple):
    """A well-formed move the rules refuse: not recorded."""

    text: str
    move: Move
    error: IllegalMove


def new_header(name: str, edition: str, players: list[str], characters: list[str], crown: int,
               variants: list[str], secret: bool, start: str) -> Header:
    import time

    return Header(name, edition, players, variants, characters, crown, 0, secret, start, __version__,
                  time.strftime("%Y-%m-%d %H:%M:%S"))


def setup_situation(rulebook, players: list[str], characters: list[str], crown: int, variants: list[str],
                    secret: bool) -> str:
    """The set-up of a new game as a situation file (the selection phase of round 1, every card
    unknown): the position a tracked game's log starts from, and what `export` extends."""
    import json

    def q(text: str) -> str:                           # a JSON string is a TOML basic string
        return json.dumps(text, ensure_ascii=False)
    setup = rulebook.setup
    lines = [f"edition = {q(rulebook.edition)}", f"variants = [{', '.join(q(v) for v in variants)}]", "",
             "[table]", f"crown = {q(players[crown])}", "phase = \"selection\"", f"secret = {str(secret).lower()}",
             f"characters = [{', '.join(q(rulebook.name(c)) for c in characters)}]"]
    for name in players:
        lines += ["", "[[players]]", f"name = {q(name)}", f"gold = {int(setup['start_gold'])}",
                  "hand = [" + ", ".join([q("?")] * int(setup["start_cards"])) + "]"]
    return "\n".join(lines) + "\n"


def starting_game(header: Header, rulebook) -> Game:
    """The position the log starts from: the set-up, or the situation file the table began with."""
    from referee.situation import load, read_text

    game = load(read_text(header.start), rulebook).game
    game.implicit_ends = False           # every turn is typed: one that has not gathered is not over
    return game


def replay(header: Header, log: list[Logged], rulebook) -> Tracked:
    game = starting_game(header, rulebook)
    for logged in log:
        try:
            game.apply(game.parse(logged.notation))
        except IllegalMove as error:
            return Tracked(header, game, log, Broken(logged.seq, logged.notation, error.key, error.values))
        except RefereeError as error:
            return Tracked(header, game, log, Broken(logged.seq, logged.notation, "unreadable", {"why": str(error)}))
    return Tracked(header, game, log, None)


def load(store: Store, name: str, rulebook_for, play: bool = True) -> Tracked:
    """The table's position: from its cached position when that is still the log's, else by a
    replay. `play=False`: the caller only reads it (a `Position` may come instead of a `Game`)."""
    header = store.header(name)
    log = store.moves(name)
    rulebook = rulebook_for(header.edition)
    return restore(store, header, log, rulebook, play) or replay(header, log, rulebook)


def record(store: Store, name: str, texts: list[str], rulebook_for) -> tuple[Tracked, list[tuple[str, Move, list[dict]]], Refused | None]:
    """Check and record `texts` in order: the legal ones before the first illegal one are
    recorded (one transaction); an unreadable move records nothing (it raises BadMove)."""
    with store.writing() as conn:
        header = store.header(name)
        log = store.moves(name, conn)
        rulebook = rulebook_for(header.edition)
        tracked = restore(store, header, log, rulebook, True, conn)
        cached = tracked is not None
        if not cached:
            tracked = replay(header, log, rulebook)
        if tracked.broken:
            raise RefereeError.say("error.table.move_this_table_no", seq=tracked.broken.seq, notation=tracked.broken.notation)
        game = tracked.game
        moves = []
        for text in texts:
            if not text.strip():
                raise BadMove.say("error.table.empty_move")
            moves.append(game.parse(text))              # every move readable before any is recorded
        done: list[tuple[str, Move, list[dict]]] = []
        refused = None
        seq = log[-1].seq if log else 0
        for text, move in zip(texts, moves):
            try:
                events = game.apply(move)
            except IllegalMove as error:
                refused = Refused(text, move, error)
                break
            seq += 1
            canonical = game.format(move)
            store.append(conn, name, seq, canonical, game.state.round)
            done.append((canonical, move, events))
            log = log + [Logged(seq, canonical, game.state.round, "")]
        if done or not cached:
            save(store, conn, Tracked(header, game, log, None))
    return Tracked(header, game, log, None), done, refused


def undo(store: Store, name: str, count: int, rulebook_for) -> tuple[Tracked, list[Logged]]:
    with store.writing() as conn:
        header = store.header(name)
        log = store.moves(name, conn)
        if count < 1:
            raise RefereeError.say("error.table.undo_takes_number_moves")
        if count > len(log):
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
        return {"kind": step, "player": state.players[seat].name, "secret": game.secret_selection}
    if state.awaiting is not None:
        killed = state.marks.killed
        silent = killed if killed and state.holder(killed) is None and killed != state.awaiting else None
        return {"kind": "reveal", "character": state.awaiting, "rank": game.rb.characters[state.awaiting].rank,
                "round_end": state.calling >= 10, "killed": silent}
    if state.turn is not None:
        turn = state.turn
        return {"kind": "turn", "player": state.players[turn.seat].name, "character": turn.character,
                "gathered": turn.gathered}
    return {"kind": "selection"}


# -- the cached position ---------------------------------------------------------------------------


class Position:
    """A cached position for a command that only reads it: the state and what readers ask of a
    game (`rb`, `secret_selection`, `unlimited_bank`, `is_over`), without the engine's cards,
    whose import is most of such a command's start-up. Anything that plays a move gets a `Game`."""

    def __init__(self, rulebook, state, seed: int, table: bool, secret_selection: bool):
        self.rb = rulebook
        self.state = state
        self.seed = seed
        self.table = table
        self.secret_selection = secret_selection

    @property
    def unlimited_bank(self) -> bool:
        from referee.engine.ops import Operations

        return Operations.unlimited_bank.fget(self)      # the game's own rule, not a copy of it

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"


# The code a replay runs besides the log (relative to the package): the engine, the starting
# position, the rulebook's loading, names and this module. Any change to these files, or to the
# card database, makes every cached position stale.
_REPLAY_CODE = ("engine", "situation.py", "table/service.py", "catalog/facts.py", "text.py", "errors.py", "__init__.py")


def replay_key(header: Header) -> str:
    """What a replay depends on besides the log: the table's header, the version (referee's and
    Python's: chance events draw from `random`), and the size and modification time of every
    source file of `_REPLAY_CODE` and of the card database — the test Python itself applies
    before it trusts bytecode. Stat calls only (a command reads and writes the cache: the code's
    stamps are taken once per process)."""
    import json
    import sys

    from referee import paths

    if "code" not in _STAMPS:
        _STAMPS["code"] = _code_stamps()
    db = str(paths.db_path())
    try:
        found = os.stat(db)
    except OSError:
        return ""                            # no stamp, no cache
    if _STAMPS["code"] is None:
        return ""
    stamps = _STAMPS["code"] + [f"{os.path.abspath(db)} {found.st_size} {found.st_mtime_ns}"]
    return json.dumps([__version__, sys.version, header._asdict(), stamps], ensure_ascii=False)


_STAMPS: dict[str, list[str] | None] = {}


def _code_stamps() -> list[str] | None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))      # the package
    cut = len(root) + 1
    stamps = []
    try:
        for part in _REPLAY_CODE:
            pending = [os.path.join(root, part)]
            while pending:
                path = pending.pop()
                if path.endswith(".py"):
                    found = os.stat(path)
                    stamps.append(f"{path[cut:]} {found.st_size} {found.st_mtime_ns}")
                    continue
                with os.scandir(path) as entries:
                    for entry in entries:
                        if entry.name.endswith(".py") or (entry.is_dir() and entry.name != "__pycache__"):
                            pending.append(entry.path)
    except OSError:
        return None
    return sorted(stamps)


def _log_text(log: list[Logged]) -> str:
    return "\n".join(f"{m.seq} {m.notation}" for m in log)


def save(store: Store, conn, tracked: Tracked) -> None:
    """Inside the write transaction that recorded the log: cache the position it replays to. A
    log that no longer replays, or a position that the tagged JSON cannot hold, is not cached."""
    import json
    import sqlite3

    if tracked.broken:
        return
    game = tracked.game
    try:
        position = json.dumps({"seed": game.seed, "table": game.table, "secret_selection": game.secret_selection,
                               "implicit_ends": game.implicit_ends, "state": encode(game.state)}, ensure_ascii=False)
        history = _history_text(game)
    except Uncacheable:
        return
    try:
        store.put_position(conn, tracked.header.name, len(tracked.log), _log_text(tracked.log),
                           replay_key(tracked.header), position, history)
    except sqlite3.OperationalError:     # a file whose cache table is not ours: the log still stands
        return


# A restored game's history as it was read (the steps and their JSON text): a move recorded on
# it adds its steps to that text instead of encoding the whole history again.
_READ: "weakref.WeakKeyDictionary[Game, tuple[list, str]]" = weakref.WeakKeyDictionary()


def _history_text(game: Game) -> str:
    import json

    steps, text = _READ.get(game, ((), "[]"))
    history = game.history
    if len(history) < len(steps) or any(a is not b for a, b in zip(history, steps)):
        steps, text = (), "[]"                   # not the history that was read: encode it all
    new = [json.dumps(encode(step), ensure_ascii=False) for step in history[len(steps):]]
    if not new:
        return text
    return text[:-1] + ("," if steps else "") + ",".join(new) + "]"


def restore(store: Store, header: Header, log: list[Logged], rulebook, play: bool = True, conn=None) -> Tracked | None:
    """The cached position when it is the one `log` replays to today, else None (then replay)."""
    import json
    import sqlite3

    try:
        row = store.position(header.name, conn)
    except sqlite3.OperationalError:
        return None
    if row is None:
        return None
    moves, logged, key, position, history = row
    if moves != len(log) or logged != _log_text(log) or not key or key != replay_key(header):
        return None
    from referee.engine.state import State

    try:
        found = json.loads(position, object_hook=_decoder(play=False))
        state = found["state"]
        settings = (found["seed"], found["table"], found["secret_selection"], found["implicit_ends"])
        if type(state) is not State:
            return None
        if not play:
            return Tracked(header, Position(rulebook, state, *settings[:3]), log, None)
        from referee.engine.game import Game, Step

        steps = json.loads(history, object_hook=_decoder(play=True))
        if type(steps) is not list or any(type(step) is not Step for step in steps):
            return None
    except (Uncacheable, ValueError, KeyError, TypeError, RecursionError):
        return None
    game = Game(rulebook, state, settings[0], table=settings[1], secret_selection=settings[2])
    game.implicit_ends = settings[3]
    # The moves played since the set-up and their events, as a replay leaves them (its undo
    # snapshots are not kept: a tracked game is taken back through its log).
    game.history = steps
    _READ[game] = (list(steps), history)
    return Tracked(header, game, log, None)


# Tagged JSON: a JSON list is a list and a JSON object a dict (string keys), except an object
# whose one key starts with NUL, a tag: "\0t" a tuple, "\0s" a set, "\0f" a frozenset, "\0o" one
# of the engine's plain-data classes as [name, {field: value}]. So a decoded position has the
# same values of the same types as the one encoded (a tuple stays a tuple: a move's arguments
# compare by type), and json's own parser rebuilds it (`object_hook`).


class Uncacheable(Exception):
    """A value the tagged JSON does not hold, or a stored value that is not a valid encoding."""


_CLASSES = {"referee.engine.state": ("State", "Player", "Built", "Draft", "Turn", "Marks", "Pending"),
            "referee.engine.game": ("Step",), "referee.engine.moves": ("Move",)}


def _fields(cls: type) -> tuple[str, ...]:
    return tuple(getattr(cls, "_fields", None) or cls.__dataclass_fields__)


def encode(value):
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool or kind is float:
        return value
    if kind is list:
        return [encode(v) for v in value]
    if kind is tuple:
        return {"\0t": [encode(v) for v in value]}
    if kind is dict:
        if any(type(k) is not str or k[:1] == "\0" for k in value):
            raise Uncacheable("a dict with keys that are not plain strings")
        return {k: encode(v) for k, v in value.items()}
    if kind is set or kind is frozenset:
        return {"\0s" if kind is set else "\0f": [encode(v) for v in value]}
    if kind.__name__ in _CLASSES.get(kind.__module__, ()):
        return {"\0o": [kind.__name__, {name: encode(getattr(value, name)) for name in _fields(kind)}]}
    raise Uncacheable(f"a {kind.__name__}")


def _decoder(play: bool = False):
    """The `object_hook` that turns tagged objects back into values (only the engine's own
    plain-data classes, with exactly their fields; `play`: also moves and steps)."""
    from referee.engine.state import Built, Draft, Marks, Pending, Player, State, Turn

    found = [State, Player, Built, Draft, Turn, Marks, Pending]
    if play:
        from referee.engine.game import Step
        from referee.engine.moves import Move

        found += [Step, Move]
    classes = {cls.__name__: (cls, frozenset(_fields(cls))) for cls in found}

    def hook(value: dict):
        if len(value) != 1:
            return value
        (tag, inner), = value.items()
        if tag[:1] != "\0":
            return value
        if type(inner) is not list:
            raise Uncacheable("not a tagged value")
        if tag == "\0t":
            return tuple(inner)
        if tag == "\0o":
            if len(inner) != 2 or inner[0] not in classes or type(inner[1]) is not dict:
                raise Uncacheable("not one of the engine's classes")
            cls, fields = classes[inner[0]]
            if inner[1].keys() != fields:
                raise Uncacheable(f"the fields of a {inner[0]} changed")
            return cls(**inner[1])
        try:
            if tag == "\0s":
                return set(inner)
            if tag == "\0f":
                return frozenset(inner)
        except TypeError:                        # an unhashable member
            raise Uncacheable("not a set of values") from None
        raise Uncacheable(f"an unknown tag {tag!r}")

    return hook


def decode(text: str, play: bool = False):
    import json

    return json.loads(text, object_hook=_decoder(play))
