"""Where the reviewed text files and the built database live.

From a source checkout (or an editable install) the text files are the repository's own
`data/` and `faq/`; from a plain `pip install .` they travel inside the package as
`referee/_bundled/`. The database sits beside them when that folder is writable, otherwise in
the user's cache folder. `REFEREE_DB` overrides the database path (tests use it).
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def source_root() -> Path:
    """The folder that holds `data/` and `faq/`."""
    checkout = _PACKAGE.parent
    if (checkout / "data" / "editions.toml").is_file():
        return checkout
    return _PACKAGE / "_bundled"


def data_dir() -> Path:
    return source_root() / "data"


def faq_dir() -> Path:
    return source_root() / "faq"


def source_files() -> list[str]:
    """Every file the database is built from (os.scandir: this runs at every start)."""
    found: list[str] = []
    pending = [str(data_dir()), str(faq_dir())]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir():
                    pending.append(entry.path)
                elif entry.name.endswith(".toml"):
                    found.append(entry.path)
    # The builder's own code shapes the database too: a new table must trigger a rebuild.
    found += [str(_PACKAGE / "dbbuild.py"), str(_PACKAGE / "search" / "index.py"),
              str(_PACKAGE / "search" / "normalise.py")]
    return sorted(found)


def db_path() -> Path:
    override = os.environ.get("REFEREE_DB")
    if override:
        return Path(override)
    root = source_root()
    if os.access(root, os.W_OK):
        return root / "referee.db"
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "referee"
    return cache / "referee.db"
