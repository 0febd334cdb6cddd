"""The position a table's log replays to, kept beside the log (`positions` in the store) so
that a command need not replay while code, data and log are unchanged.

It is stored inside the write transaction that recorded the log: the state, the game's few
settings and its history (the moves played and their events, which the phones' page shows), as
tagged JSON — never pickle, since a tables file may come from anywhere. The history is one row
per step and a move appends its own, so a `do` writes what it changed, however long the game.
It is used instead of a replay only when its digest is the digest of the log now recorded, of
the code and card data a replay depends on (`stamp.replay_key`, which holds the header) and of
the row's own state and the end of its history's chain; anything else — another version, an
edited engine, a rebuilt card database, a value edited by hand, a row that does not decode —
means a full replay, so the log stays the truth and a move that no longer replays is still found.
The history's steps are chained (`_chained`): a `do` extends the chain without reading them, and
whoever reads them checks each (a step edited by hand means a replay; `service.load` then stores
the history again). A command that only reads the position (`show`)
gets it without the engine's cards (`Position`), whose import is most of its start-up.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, NamedTuple

from referee.table.stamp import replay_key
from referee.table.store import Header, Log, Logged, Store

if TYPE_CHECKING:
    from referee.engine.game import Game
    from referee.table.plain import PlainStep


class Position:
    """A cached position for a command that only reads it: the state and what readers ask of a
    position (`rb`, `secret_selection`, `unlimited_bank`, `is_over`), without the engine's cards,
    whose import is most of such a command's start-up. Anything that plays a move gets a `Game`."""

    def __init__(self, rulebook, state, seed: int, table: bool, secret_selection: bool):
        self.rb = rulebook
        self.state = state
        self.seed = seed
        self.table = table
        self.secret_selection = secret_selection

    @property
    def unlimited_bank(self) -> bool:
        return self.rb.bank_unlimited(self.state.variants)       # the rule the game plays by

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"


def _hasher(data: bytes = b""):
    """BLAKE2b (256 bits) from the interpreter's own module when it has one: `hashlib` loads
    OpenSSL first, some 10 million instructions of every command that reads a cached position.
    Not SHA-256: a `do` hashes its whole log, and a command that reads the history every step
    of it (some 400 kB at 2,000 moves), which BLAKE2b does in a quarter of the instructions."""
    try:
        from _blake2 import blake2b
    except ImportError:
        from hashlib import blake2b
    return blake2b(data, digest_size=32)


def _digest_of(data: bytes) -> str:
    return _hasher(data).hexdigest()


def _chained(chain: str, steps) -> str:
    """The history's chain extended by `steps` (each a step's text as UTF-8 bytes): each link
    the digest of the link before and the step's text; an empty history's chain is "". A row
    keeps the chain's end, so a `do` extends it without reading the earlier steps, and a command
    that reads them checks every one."""
    link = bytes.fromhex(chain)
    for step in steps:
        link = _hasher(link + step).digest()
    return link.hex()


def _one_each(joined: bytes, count: int, separator: bytes) -> bool:
    """Whether `count` rows joined by `separator` are exactly its pieces: no row held the
    separator (a JSON text never holds a NUL, a notation never a line break) and none was
    NULL (SQLite leaves it out). Then a joined text stands for the rows it was made from."""
    return joined.count(separator) == max(count - 1, 0) and (count > 0 or not joined)


def _digest(store: Store, conn, name: str, log, key: str, position: str, steps: int, chain: str) -> str:
    """What a cached row stands for: the log as now recorded and the key (header, versions,
    code) it was made from, and its own state and history. A row whose digest is not this one's
    is not used: a position edited by hand (gold set to 99) or made from another log never
    outranks the log. `log`: the log as `Store.log` read it in this transaction (its text),
    else the store's log is read."""
    import json

    if isinstance(log, Log):
        moves, text = len(log), log.text
    else:
        moves, _, text = store.log_text(name, conn)
    if not _one_each(text, moves, b"\n"):
        return None                              # a move stored with a line break or as NULL: replay
    return _digest_of(json.dumps([key, moves, _digest_of(text), position, steps, chain],
                                 ensure_ascii=False).encode("utf-8", "surrogatepass"))


def save(store: Store, conn, header: Header, log: list[Logged], game: Game) -> None:
    """Inside the write transaction that recorded `log`: cache the position `game` it replays
    to (the caller caches no log that no longer replays). A position that the tagged JSON
    cannot hold is not cached. Writes what changed: the state and the steps played since the
    cached row was read (all of them after a replay)."""
    import json
    import sqlite3

    key = replay_key(header)
    try:
        if not key:
            raise Uncacheable("no key")
        position = json.dumps({"seed": game.seed, "table": game.table, "secret_selection": game.secret_selection,
                               "implicit_ends": game.implicit_ends, "state": encode(game.state)}, ensure_ascii=False)
        first, chained, new = _new_steps(game)
        texts = [json.dumps(encode(step), ensure_ascii=False) for step in new]
    except Uncacheable:
        try:
            store.put_position(conn, header.name, -1, "", "", 0, "")      # no row stands for this log
        except sqlite3.OperationalError:
            pass
        return
    chain = _chained(chained, [text.encode("utf-8", "surrogatepass") for text in texts])
    steps = first + len(texts)
    try:
        store.put_steps(conn, header.name, first, texts)
        digest = _digest(store, conn, header.name, log, key, position, steps, chain)
        store.put_position(conn, header.name, len(log), digest or "", position, steps, chain)
    except sqlite3.OperationalError as error:
        # A file whose cache table is not ours: the log still stands. But a fault that ended the
        # transaction (a full disk rolls it back) is the command's failure, not the cache's.
        if not conn.in_transaction or getattr(error, "sqlite_errorname", "").startswith(("SQLITE_FULL", "SQLITE_IOERR")):
            raise
        return
    _READ[game] = _Read(steps, chain, len(game.history), game.history[-1] if game.history else None)


class _Read(NamedTuple):
    """A restored game's cached history: `stored` steps, whose chain ends in `chain`; the game
    holds the last `held` of them (all, or none when it was restored to record moves), the last
    being `last`."""

    stored: int
    chain: str
    held: int
    last: object


_READ: "weakref.WeakKeyDictionary[Game, _Read]" = weakref.WeakKeyDictionary()


def _new_steps(game: Game) -> tuple[int, str, list]:
    """(the first step not stored yet, the history's chain up to it, the steps from it on)."""
    read = _READ.get(game)
    history = game.history
    if read is not None and len(history) >= read.held and (
            read.held == 0 or history[read.held - 1] is read.last):
        return read.stored, read.chain, history[read.held:]
    return 0, "", history                          # not the history that was read: store it all


def restore(store: Store, header: Header, log: list[Logged], rulebook, play: bool = True, conn=None,
            history: bool = True, stale: list | None = None):
    """The cached position (a `Game`, or with `play=False` a `Position`) when it is the one
    `log` replays to today, else None (then replay). `history=False`: a game to record moves on,
    which holds only the steps played on it: the earlier ones are neither read nor used (the
    row's chain is extended past them). `stale`: told "history" when the position is the log's
    but a step of its history was edited (the caller may store it again)."""
    import json
    import sqlite3

    try:
        row = store.position(header.name, conn)
    except sqlite3.OperationalError:
        return None
    if row is None:
        return None
    moves, digest, position, stored, chain = row
    key = replay_key(header)
    if moves != len(log) or not key or type(position) is not str or type(chain) is not str or type(stored) is not int:
        return None
    found = _digest(store, conn, header.name, log, key, position, stored, chain)
    if found is None or digest != found:
        return None
    from referee.engine.state import State

    try:
        found = json.loads(position, object_hook=_decoder(play=False))
        state = found["state"]
        settings = (found["seed"], found["table"], found["secret_selection"], found["implicit_ends"])
        if type(state) is not State:
            return None
        if not play:
            return Position(rulebook, state, *settings[:3])
        from referee.engine.game import Game, Step

        steps: list = []
        if history:
            # Every step read is checked: the rows, in order, must be the chain the row ends in
            # (the row's digest covers its end). A step found edited (or missing, or added)
            # means a replay, and the caller may store the history again.
            texts = _history(store, header.name, conn, stored, chain)
            if texts is None:
                if stale is not None:
                    stale.append("history")
                return None
            steps = json.loads("[" + b",".join(texts).decode("utf-8") + "]", object_hook=_decoder(play=True))
            if any(type(step) is not Step for step in steps):
                return None
    except (Uncacheable, ValueError, KeyError, TypeError, RecursionError, sqlite3.OperationalError):
        return None
    game = Game(rulebook, state, settings[0], table=settings[1], secret_selection=settings[2])
    game.implicit_ends = settings[3]
    # The moves played since the set-up and their events, as a replay leaves them (its undo
    # snapshots are not kept: a tracked game is taken back through its log).
    game.history = steps
    _READ[game] = _Read(stored, chain, len(steps), steps[-1] if steps else None)
    return game


def _history(store: Store, name: str, conn, stored: int, chain: str) -> list[bytes] | None:
    """The cached history's steps (UTF-8 texts) when they are the `stored` steps whose chain
    ends in `chain`, else None."""
    count, first, last, joined = store.steps_text(name, conn)
    if count != stored or (count and (first, last) != (0, count - 1)) or not _one_each(joined, count, b"\0"):
        return None
    texts = joined.split(b"\0") if count else []
    return texts if _chained("", texts) == chain else None


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
    return cls._fields          # a NamedTuple's, or a record's of engine/state.py (`_Record`)


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


def plain_history(store: Store, header: Header, log: list[Logged]) -> list[PlainStep] | None:
    """The moves played and their events as values, from the cached position when it is the one
    `log` replays to (else None): for a reader of the history that plays nothing (`referee
    table stats`), without loading the engine's game and cards."""
    import json

    from referee.table.plain import PlainMove, PlainStep

    if restore(store, header, log, None, play=False) is None:
        return None
    row = store.position(header.name)
    texts = _history(store, header.name, None, row[3], row[4]) if row is not None else None
    if texts is None:                           # a step edited by hand is not read: replay
        return None
    plain = {"Step": PlainStep, "Move": PlainMove}

    def hook(value: dict):
        if len(value) != 1:
            return value
        (tag, inner), = value.items()
        if tag == "\0o" and type(inner) is list and len(inner) == 2 and inner[0] in plain and type(inner[1]) is dict:
            return plain[inner[0]](**inner[1])
        if tag == "\0t" and type(inner) is list:
            return tuple(inner)
        return value

    try:
        steps = [json.loads(text, object_hook=hook) for text in texts]
    except (ValueError, TypeError, RecursionError):
        return None
    if type(steps) is not list or any(type(s) is not PlainStep or type(s.move) is not PlainMove for s in steps):
        return None
    return steps
