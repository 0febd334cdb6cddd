"""Read-only access to the built database with the standard `sqlite3` module (fast to import)."""

from __future__ import annotations

import sqlite3
from functools import lru_cache

from referee.dbbuild import ensure_db


@lru_cache(maxsize=None)
def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(f"file:{ensure_db()}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn
