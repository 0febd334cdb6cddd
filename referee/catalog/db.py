"""Read-only access to the built database with the standard `sqlite3` module (fast to import).

The database is built when it is missing or older than the text files, by the builder the
program's entry hands over (`set_builder`: the command line's, `referee.dbbuild.register()` for
scripts): the catalog sits below the builder and never imports it, and the builder (sqlite-utils,
OpenCC, tomllib) is loaded only when it runs, so an ordinary command never pays for it.
"""

from __future__ import annotations

import os
import sqlite3
from functools import lru_cache
from pathlib import Path

from referee import paths


def is_stale(target: Path) -> bool:
    try:
        built = target.stat().st_mtime_ns
    except FileNotFoundError:
        return True
    return any(os.stat(path).st_mtime_ns > built for path in paths.source_files())


# [build(target)]: set by the entry that runs the program.
_BUILDER: list = []


def set_builder(build) -> None:
    """The function that builds the database at a path, called when it is missing or stale."""
    _BUILDER[:] = [build]


def ensure_db() -> Path:
    """The database path, built first when missing or older than the text files."""
    target = paths.db_path()
    if is_stale(target):
        if not _BUILDER:
            raise RuntimeError(f"the database {target} is missing or older than data/ and faq/, and no builder "
                               "was set: run scripts/build_db.py, or call referee.dbbuild.register() first")
        _BUILDER[0](target)
    return target


@lru_cache(maxsize=None)
def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{ensure_db()}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn
