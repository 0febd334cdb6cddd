"""What a replay depends on besides its log, as one key: a cached position is used only while
the key it was stored with is the key now (`cache.py`)."""

from __future__ import annotations

import os

from referee import __version__
from referee.table.store import Header

# The code a replay runs besides the log (relative to the package): the engine, the starting
# position, the rulebook's loading, names, the replay itself and the decoding of a cached
# position. Any change to these files, or to the card database, makes every cached position stale.
_REPLAY_CODE = ("engine", "situation.py", "table/service.py", "table/cache.py", "catalog/facts.py", "text.py",
                "errors.py", "__init__.py")

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
    # The language a table speaks changes nothing it replays to (a move may set it: one decided
    # by the first move typed in one script leaves the cached position standing).
    return json.dumps([__version__, sys.version, header._replace(lang="")._asdict(), stamps], ensure_ascii=False)


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
