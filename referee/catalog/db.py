"""Read-only access to the built database with the standard `sqlite3` module (fast to import).

The builder (sqlite-utils, OpenCC, tomllib) is imported only when the database is missing or
older than the text files, so an ordinary command never pays for it.
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


def ensure_db() -> Path:
    """The database path, built first when missing or older than the text files."""
    target = paths.db_path()
    if is_stale(target):
        from referee.dbbuild import build

        build(target)
    return target


@lru_cache(maxsize=None)
def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{ensure_db()}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn
