"""The tables' file: one SQLite database holding every tracked game's header and move log.

It knows nothing of the rules. Writes are transactions: `BEGIN IMMEDIATE` takes the write lock
before anything is read, so two commands on the same table run one after the other and the
second sees what the first recorded (no lost update), and a crash at any instant leaves either
the whole `do` recorded or none of it, the same for every reader.

The file keeps a rollback journal, not a write-ahead log. In WAL mode a command killed while its
commit was being synced leaves a transaction in limbo: on disk in the log, but invisible to every
reader while another connection keeps the shared index alive, and visible again to whichever
command next rebuilds that index. A table would then show a `do` as not recorded, the player
would type it again, and later both copies would appear. With a rollback journal the commit is
one step (the journal's removal, synced with the folder: `synchronous = EXTRA`), and the first
reader after a crash rolls an unfinished one back for everyone. Readers wait the few
milliseconds a write takes.

The schema is versioned with sqlite-utils' migrations; `PRAGMA user_version` says which schema
a file has, so a command pays for sqlite-utils only when a file needs migrating.

Besides the truth (headers and move logs) the file keeps one disposable row per table in
`positions`: the position its log replays to, written by the service in the same transaction as
the moves and read only when it matches the log exactly (see `referee/table/service.py`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NamedTuple

from referee.errors import Listed, RefereeError, Said, Typed

SCHEMA_VERSION = 7


class TableError(RefereeError):
    """A table that does not exist, exists already, or a file that is not a tables file."""


class Header(NamedTuple):
    name: str
    edition: str
    players: list[str]
    variants: list[str]
    characters: list[str]        # the cast (ids)
    crown: int                   # the seat with the crown at set-up
    seed: int
    secret: bool                 # picks are secret (the default) or recorded one by one
    start: str                   # a situation file (TOML) the game started from, or ""
    data_version: str            # the card data the log was recorded with
    created: str
    lang: str = ""               # the language the table speaks, set at `new` or by the first move typed in one
                                 # script ("": undecided, the locale's guess; schema 3)
    teams: list = []             # team play: each team's players, by name (engine/teams.py); [] for none
    private: bool = False        # picks made on the players' own phones, each seen by its seat alone (schema 6)
    picks: str = ""              # how the picks are recorded (PICKS; schema 7): what table/view.py hides


# How a table's picks are recorded, as its header stores it (schema 7):
# "secret"   nobody types a pick (the default): the referee knows a character once it is shown;
# "recorded" every pick typed on one device passed around (`--recorded-picks`, or a `--from` file
#            whose round has not been picked yet and whose picks are not secret);
# "private"  each player picks on their own phone (`--private-picks`);
# "known"    a `--from` file that declares who holds what this round (known to everybody: no
#            pick was typed); its later rounds' picks are typed as at a "recorded" table.
PICKS = ("secret", "recorded", "private", "known")


def picks_of(secret: bool, private: bool, start: str) -> str:
    """How the picks of a table are recorded, from what every header holds: a header of schema
    6 or earlier (whose `secret` was false both for typed picks and for a file declaring the
    holders) is read so by the migration. A start that cannot be read is taken as "recorded",
    which hides the most."""
    if private:
        return "private"
    if secret:
        return "secret"
    import tomllib

    try:
        players = tomllib.loads(start).get("players", []) if start else []
        declared = any(isinstance(p, dict) and p.get("characters") for p in players)
    except (tomllib.TOMLDecodeError, AttributeError, TypeError):
        declared = False
    return "known" if declared else "recorded"


class Logged(NamedTuple):
    seq: int
    notation: str
    round: int
    at: str
    source: str = ""             # where it was recorded: "" (the terminal), "table" (the table link), "seat:N"


class Log:
    """A table's log as one query reads it: its length, its last move's number and its text
    (the moves one a line, as UTF-8: what a cached position's digest covers), with the moves
    themselves read only when asked for. A `do` on a long game needs no more of its log (at
    2,000 moves, a `Logged` per move cost more than the rest of the command's work).

    The moves are read from the store when first asked for — within the transaction that read
    the log, or after it (then the store as it is now: a record made from a log is not kept
    past the next command). `+` adds moves recorded since (`service.record`)."""

    def __init__(self, store: "Store", name: str, count: int, last: int, text: bytes, added: tuple = ()):
        self._store, self._name = store, name
        self._count, self.last_seq, self._text, self._added = count, last, text, added
        self._read: list | None = None

    def __len__(self) -> int:
        return self._count + len(self._added)

    def __bool__(self) -> bool:
        return len(self) > 0

    def _moves(self) -> list:
        if self._read is None:
            self._read = self._store.moves(self._name)[:self._count] + list(self._added)
        return self._read

    def __getitem__(self, index):
        if type(index) is int and self._added and (index < 0 and -index <= len(self._added) or index >= self._count):
            return self._added[index if index < 0 else index - self._count]
        return self._moves()[index]

    def __iter__(self):
        return iter(self._moves())

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def __add__(self, more) -> "Log":
        more = tuple(more)
        last = more[-1].seq if more else self.last_seq
        return Log(self._store, self._name, self._count, last, self._text, self._added + more)

    @property
    def text(self) -> bytes:
        """The log's text as `Store.log_text` gives it, moves added since included."""
        lines = [m.notation.encode("utf-8") for m in self._added]
        return b"\n".join(([self._text] if self._count else []) + lines)


def default_path() -> Path:
    override = os.environ.get("REFEREE_TABLES")
    if override:
        return Path(override)
    home = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return home / "referee" / "tables.db"


def _migrations():
    from sqlite_utils import Migrations

    migrations = Migrations("referee-tables")

    @migrations()
    def create_tables(db) -> None:
        db["games"].create({"name": str, "edition": str, "players": str, "variants": str, "characters": str,
                            "crown": int, "seed": int, "secret": int, "start": str, "data_version": str,
                            "created": str}, pk="name")
        db["moves"].create({"game": str, "seq": int, "notation": str, "round": int, "at": str},
                           pk=("game", "seq"), foreign_keys=[("game", "games", "name")])
        db["settings"].create({"key": str, "value": str}, pk="key")
        db.execute("PRAGMA user_version = 1")

    @migrations()
    def cache_positions(db) -> None:
        # The position a table's log replays to, so that a command need not replay it (schema 2).
        # `log` is the whole log it was replayed from and `key` what else the replay depended
        # on: the row is used only when both equal today's, so it can never outrank the log.
        db["positions"].create({"game": str, "moves": int, "log": str, "key": str, "position": str, "history": str},
                               pk="game", foreign_keys=[("game", "games", "name")])
        db.execute("PRAGMA user_version = 2")

    @migrations()
    def table_language(db) -> None:
        # The language a table speaks, chosen at `new` (schema 3). A table made before keeps ""
        # and speaks as it did: the language of the file it started from.
        db["games"].add_column("lang", str, not_null_default="")
        db.execute("PRAGMA user_version = 3")

    @migrations()
    def team_play(db) -> None:
        # The teams of a team game (schema 4): a JSON list of each team's players; "[]" for none.
        db["games"].add_column("teams", str, not_null_default="[]")
        db.execute("PRAGMA user_version = 4")

    @migrations()
    def cache_by_step(db) -> None:
        # Schema 5: a cached position that a move changes by what it changes. The row holds the
        # state (bounded by the game's cards) and a digest of the log, key, state and history it
        # stands for, instead of the whole log and history; the history is one row per step,
        # so a `do` appends its steps instead of rewriting every earlier one (at 2,000 moves
        # the history is some 400 kB). The old rows are only a cache: dropped, made again.
        db["positions"].drop()
        db["positions"].create({"game": str, "moves": int, "digest": str, "position": str, "steps": int, "chain": str},
                               pk="game", foreign_keys=[("game", "games", "name")])
        db["steps"].create({"game": str, "seq": int, "step": str}, pk=("game", "seq"),
                           foreign_keys=[("game", "games", "name")])
        db.execute("PRAGMA user_version = 5")

    @migrations()
    def phone_links(db) -> None:
        # Where each move came from (the terminal, the table link, a seat's phone), and the
        # secret keys of the links that may act from a phone (schema 6): seat -1 is the table
        # link, which acts for every seat. A key is replaced, never reused.
        db.execute("ALTER TABLE moves ADD COLUMN source TEXT NOT NULL DEFAULT ''")
        db.execute("ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0")
        db["links"].create({"game": str, "seat": int, "key": str}, pk=("game", "seat"),
                           foreign_keys=[("game", "games", "name")])
        db.execute("PRAGMA user_version = 6")

    @migrations()
    def picks_recorded(db) -> None:
        # How each table's picks are recorded (schema 7). Before, `secret` was false both at a
        # table that types its picks and at one started from a file declaring the holders: an
        # old table is told by its start (picks_of), the header every version wrote.
        db.execute("ALTER TABLE games ADD COLUMN picks TEXT NOT NULL DEFAULT ''")
        for name, secret, private, start in db.execute("SELECT name, secret, private, start FROM games").fetchall():
            db.execute("UPDATE games SET picks = ? WHERE name = ?", (picks_of(bool(secret), bool(private), start or ""), name))
        db.execute("PRAGMA user_version = 7")

    return migrations


class Store:
    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else default_path()
        self.conn = self._open()
        # Closed when the store goes away, or at exit at the latest, not whenever the garbage
        # collector reaches it (a sqlite3 connection sits in a reference cycle with its
        # statement cache; `referee.cli.app.main` freezes the collector at exit): a file
        # still in WAL mode from an earlier version is checkpointed into the tables file then.
        weakref.finalize(self, _close, self.conn)

    def _open(self) -> sqlite3.Connection:
        try:
            if self.path.exists() and self.path.is_dir():
                raise TableError.say("error.table.folder_tables_file", path=self.path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise TableError.say("error.table.parent_is_file", path=self.path, parent=_file_above(self.path)) from None
        except PermissionError:
            raise TableError.say("error.table.permission_denied", path=self.path) from None
        except OSError as error:
            raise TableError.say("error.table.cannot_open", path=self.path, error=error.strerror or error) from None
        try:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            conn.execute("PRAGMA busy_timeout = 30000")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                self._migrate(conn)
            elif version > SCHEMA_VERSION:
                raise TableError.say("error.table.was_written_by_newer", path=self.path, version=version)
            self._use_rollback_journal(conn)
            conn.execute("PRAGMA synchronous = EXTRA")
            conn.execute("SELECT name FROM games LIMIT 1").fetchall()
        except sqlite3.DatabaseError as error:
            raise fault(error, self.path) from None
        return conn

    @staticmethod
    def _use_rollback_journal(conn: sqlite3.Connection) -> None:
        """Leave WAL mode (which files written by earlier versions are in; see the module's
        docstring). Leaving needs the file to itself: while another command has it open the
        switch is refused, and a later command makes it."""
        try:
            conn.execute("PRAGMA journal_mode = DELETE").fetchone()
        except sqlite3.OperationalError:
            pass

    def _migrate(self, conn: sqlite3.Connection) -> None:
        from sqlite_utils import Database

        existing = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if existing - {"_sqlite_migrations"} and "games" not in existing:
            raise TableError.say("error.table.tables_file_holds_other", path=self.path)
        conn.execute("BEGIN IMMEDIATE")      # one process migrates; the others wait, then see it done
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                _migrations().apply(Database(conn))
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")     # every migration applied
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    @contextmanager
    def writing(self, wait: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the lock from the first read to the commit. A fault of
        the file (busy past the wait, read-only, full) is one line that says which; the
        transaction is rolled back unless SQLite has already done so (a full disk does).
        `wait=False`: busy at once if another program is writing (for a write that may be skipped)."""
        try:
            if wait:
                self.conn.execute("BEGIN IMMEDIATE")
            else:
                self.conn.execute("PRAGMA busy_timeout = 0")
                try:
                    self.conn.execute("BEGIN IMMEDIATE")
                finally:
                    self.conn.execute("PRAGMA busy_timeout = 30000")
            try:
                yield self.conn
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as error:
            raise fault(error, self.path) from None

    # -- games -------------------------------------------------------------------------------

    def create(self, header: Header) -> None:
        with self.writing() as conn:
            if conn.execute("SELECT 1 FROM games WHERE name = ?", (header.name,)).fetchone():
                raise TableError.say("error.table.table_named_exists_already", name=Typed(header.name))
            row = header._asdict()
            for key in ("players", "variants", "characters", "teams"):
                row[key] = json.dumps(row[key], ensure_ascii=False)
            row["secret"] = int(header.secret)
            row["private"] = int(header.private)
            row["picks"] = header.picks or picks_of(header.secret, header.private, header.start)
            conn.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", list(row.values()))
            self._set(conn, "current", header.name)

    def header(self, name: str) -> Header:
        row = self.conn.execute("SELECT * FROM games WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise TableError.say("error.table.no_table", name=Typed(name), hint=_closest(name, self.names()))
        return _header(self.conn, row)

    def names(self) -> list[str]:
        return [row[0] for row in self.conn.execute("SELECT name FROM games ORDER BY created, name")]

    def delete(self, name: str) -> None:
        with self.writing() as conn:
            if not conn.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
                raise TableError.say("error.table.no_table", name=Typed(name), hint=_closest(name, self.names()))
            conn.execute("DELETE FROM moves WHERE game = ?", (name,))
            conn.execute("DELETE FROM positions WHERE game = ?", (name,))
            conn.execute("DELETE FROM steps WHERE game = ?", (name,))
            conn.execute("DELETE FROM links WHERE game = ?", (name,))
            conn.execute("DELETE FROM games WHERE name = ?", (name,))
            if self.current() == name:
                conn.execute("DELETE FROM settings WHERE key = 'current'")

    def current(self) -> str | None:
        row = self.conn.execute("SELECT value FROM settings WHERE key = 'current'").fetchone()
        return row[0] if row else None

    def named_or_current(self, table: str | None) -> str:
        """The table a command acts on: the one `--table` names, else the current one."""
        name = table or self.current()
        if name is None:
            raise TableError.say("error.table.no_current_table_referee")
        return name

    def use(self, name: str) -> None:
        self.header(name)
        with self.writing() as conn:
            self._set(conn, "current", name)

    @staticmethod
    def _set(conn: sqlite3.Connection, key: str, value: str) -> None:
        conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (key, value))

    # -- moves -------------------------------------------------------------------------------

    def moves(self, name: str, conn: sqlite3.Connection | None = None) -> list[Logged]:
        rows = (conn or self.conn).execute("SELECT seq, notation, round, at, source FROM moves WHERE game = ? ORDER BY seq",
                                           (name,))
        return [Logged(*row) for row in rows]

    def log_text(self, name: str, conn: sqlite3.Connection | None = None) -> tuple[int, int, bytes]:
        """The log's moves in order, one a line, as UTF-8 (a NULL one left out), its length and
        its last move's number, joined by SQLite: what a cached position's digest covers (the
        moves' numbers do not change what the log replays to), without a Python object per move."""
        row = (conn or self.conn).execute(
            "SELECT count(*), max(seq), CAST(group_concat(notation, char(10)) AS BLOB) FROM "
            "(SELECT seq, notation FROM moves WHERE game = ? ORDER BY seq)", (name,)).fetchone()
        return row[0], row[1] or 0, row[2] or b""

    def log(self, name: str, conn: sqlite3.Connection | None = None) -> Log:
        """The table's log, its moves read only when asked for (`Log`)."""
        return Log(self, name, *self.log_text(name, conn))

    @staticmethod
    def append(conn: sqlite3.Connection, name: str, seq: int, notation: str, round_: int, source: str = "") -> None:
        """Inside `writing()`: one more move at the end of the log (`source`: see `Logged`)."""
        at = time.strftime("%Y-%m-%d %H:%M:%S")
        conn.execute("INSERT INTO moves (game, seq, notation, round, at, source) VALUES (?, ?, ?, ?, ?, ?)",
                     (name, seq, notation, round_, at, source))

    @staticmethod
    def decide_language(conn: sqlite3.Connection, name: str, lang: str) -> bool:
        """Inside `writing()`: store the language of a table that had none (`Header.lang` ""),
        with the moves that decided it, so that the two are recorded together or not at all.
        A table whose language is set keeps it (of two commands at once, the first decides).
        Whether it was stored."""
        if not conn.in_transaction:
            raise RuntimeError("a table's language is stored only inside the write transaction of its move")
        return conn.execute("UPDATE games SET lang = ? WHERE name = ? AND lang = ''", (lang, name)).rowcount == 1

    # -- the turn timer --------------------------------------------------------------------------

    def timer(self, name: str) -> str | None:
        """The times of the turn timer a running `serve --timer` shows for the table, if any."""
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", ("timer:" + name,)).fetchone()
        return row[0] if row else None

    def set_timer(self, name: str, times: str | None) -> None:
        """`serve --timer` starts (the times, `PICK,GATHER,ACT`) or stops (None) the table's timer."""
        with self.writing() as conn:
            if times is None:
                conn.execute("DELETE FROM settings WHERE key = ?", ("timer:" + name,))
            else:
                self._set(conn, "timer:" + name, times)

    # -- the phones' links -------------------------------------------------------------------

    def links(self, name: str | None = None) -> list[tuple[str, int, str]]:
        """(table, seat, key) of every link that may act (seat -1: the table link), of one table
        or of all."""
        query = "SELECT game, seat, key FROM links" + (" WHERE game = ?" if name else "") + " ORDER BY game, seat"
        return [tuple(row) for row in self.conn.execute(query, (name,) if name else ())]

    def make_links(self, name: str, seats: int, replace: bool = False) -> dict[int, str]:
        """The table's keys by seat (-1: the table link), made where missing (all of them anew
        with `replace`): 128 bits each from `secrets`, stored with the table."""
        import secrets

        with self.writing() as conn:
            if not conn.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
                raise TableError.say("error.table.no_table", name=Typed(name), hint=_closest(name, self.names()))
            if replace:
                conn.execute("DELETE FROM links WHERE game = ?", (name,))
            have = dict(conn.execute("SELECT seat, key FROM links WHERE game = ?", (name,)).fetchall())
            for seat in range(-1, seats):
                if seat not in have:
                    have[seat] = secrets.token_urlsafe(16)
                    conn.execute("INSERT INTO links (game, seat, key) VALUES (?, ?, ?)", (name, seat, have[seat]))
        return have

    # -- the cached position ------------------------------------------------------------------

    def position(self, name: str, conn: sqlite3.Connection | None = None) -> tuple | None:
        """The cached position of a table: (moves, digest, position, steps, chain), or None."""
        return (conn or self.conn).execute("SELECT moves, digest, position, steps, chain FROM positions WHERE game = ?",
                                           (name,)).fetchone()

    @staticmethod
    def put_position(conn: sqlite3.Connection, name: str, moves: int, digest: str, position: str, steps: int,
                     chain: str) -> None:
        """Inside `writing()`: replace the table's cached position (its history rows apart)."""
        conn.execute("INSERT OR REPLACE INTO positions (game, moves, digest, position, steps, chain) VALUES (?, ?, ?, ?, ?, ?)",
                     (name, moves, digest, position, steps, chain))

    def steps(self, name: str, conn: sqlite3.Connection | None = None) -> list[tuple[int, str]]:
        """The cached history of a table, one (seq, step) per move played since the set-up."""
        return (conn or self.conn).execute("SELECT seq, step FROM steps WHERE game = ? ORDER BY seq", (name,)).fetchall()

    def steps_text(self, name: str, conn: sqlite3.Connection | None = None) -> tuple[int, int, int, bytes]:
        """The cached history in one piece, its steps in order with a NUL between two (a NULL
        one left out), joined by SQLite, as UTF-8: (count, first seq, last seq, text)."""
        row = (conn or self.conn).execute(
            "SELECT count(*), min(seq), max(seq), CAST(group_concat(step, char(0)) AS BLOB) FROM "
            "(SELECT seq, step FROM steps WHERE game = ? ORDER BY seq)", (name,)).fetchone()
        return row[0], row[1], row[2], row[3] or b""

    @staticmethod
    def put_steps(conn: sqlite3.Connection, name: str, first: int, steps: list[str]) -> None:
        """Inside `writing()`: the steps from `first` on (any stored from there are replaced)."""
        conn.execute("DELETE FROM steps WHERE game = ? AND seq >= ?", (name, first))
        conn.executemany("INSERT INTO steps (game, seq, step) VALUES (?, ?, ?)",
                         [(name, first + i, step) for i, step in enumerate(steps)])

    @staticmethod
    def cut(conn: sqlite3.Connection, name: str, keep: int) -> None:
        """Inside `writing()`: drop every move after the first `keep`."""
        conn.execute("DELETE FROM moves WHERE game = ? AND seq > ?", (name, keep))


# A faulty file said by what went wrong (SQLite's error names), not all as "not a tables file".
_FAULTS = {"SQLITE_BUSY": "error.table.busy", "SQLITE_LOCKED": "error.table.busy",
           "SQLITE_READONLY": "error.table.read_only", "SQLITE_FULL": "error.table.disk_full",
           "SQLITE_PERM": "error.table.permission_denied", "SQLITE_AUTH": "error.table.permission_denied"}


def fault(error: sqlite3.Error, path: Path) -> TableError:
    """What a SQLite error on the tables file means to the person typing, as one line."""
    name = getattr(error, "sqlite_errorname", "") or ""
    for prefix, key in _FAULTS.items():
        if name.startswith(prefix):
            return TableError.say(key, path=path)
    if name.startswith("SQLITE_CANTOPEN"):
        if not os.access(path if path.exists() else path.parent, os.R_OK | os.W_OK):
            return TableError.say("error.table.permission_denied", path=path)
        return TableError.say("error.table.cannot_open", path=path, error=error)
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in str(error):
        return TableError.say("error.table.io_error", path=path, error=error)
    return TableError.say("error.table.tables_file", path=path, error=error)


def _file_above(path: Path) -> Path:
    """The first existing path above `path` that is not a folder (why the folder cannot be made)."""
    for parent in path.parents:
        if parent.exists():
            return parent
    return path.parent


EDITIONS = ("2016", "classic")


def _close(conn: sqlite3.Connection) -> None:
    """Close a store's connection when the store goes away. A store made in a server's worker
    thread may be collected in another thread, where sqlite3 refuses even to close it: it was
    closed already by whoever made it (the phones' server closes each store it opens)."""
    try:
        conn.close()
    except sqlite3.ProgrammingError:
        pass


def _header(conn, row) -> Header:
    """A header as stored; a value no version of referee writes (edited by hand, a broken
    file) is refused by name rather than failing somewhere later."""
    names = [d[0] for d in conn.execute("SELECT * FROM games LIMIT 0").description]
    values = dict(zip(names, row))
    field = ""
    try:
        for field in ("players", "variants", "characters"):
            values[field] = json.loads(values[field])
            if type(values[field]) is not list or any(type(v) is not str for v in values[field]):
                raise ValueError(field)
        field = "edition"
        if values["edition"] not in EDITIONS:
            raise ValueError(field)
        field = "crown"
        if type(values["crown"]) is not int or not 0 <= values["crown"] < max(len(values["players"]), 1):
            raise ValueError(field)
        field = "start"
        if type(values["start"]) is not str:
            raise ValueError(field)
        field = "picks"
        if values.get("picks", "") not in PICKS:
            raise ValueError(field)
    except (TypeError, ValueError):
        raise TableError.say("error.table.damaged_header", name=str(values["name"]), field=field) from None
    try:
        values["teams"] = json.loads(values["teams"])
        if type(values["teams"]) is not list or any(type(t) is not list for t in values["teams"]):
            raise ValueError("teams")
    except (TypeError, ValueError):
        raise TableError.say("error.table.damaged_header", name=str(values["name"]), field="teams") from None
    values["secret"] = bool(values["secret"])
    values["private"] = bool(values.get("private", 0))
    return Header(**values)


def _closest(name: str, names: list[str]) -> Said:
    if not names:
        return Said("error.table.no_table_yet")
    from referee.errors import closest_first

    # The three closest by letters and sound (週五 → 周五, zhouwu), as every name is offered.
    return Said("error.table.tables", tables=Listed(closest_first(name, names)[:3]))
