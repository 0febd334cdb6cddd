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
    # The builder's own code shapes the database too: a new table must trigger a rebuild. So
    # does the code that packs what a command reads whole in one value (and reads it back):
    # the rulebooks, the lexicon and the card names.
    found += [str(_PACKAGE / "dbbuild.py"), str(_PACKAGE / "search" / "index.py"),
              str(_PACKAGE / "search" / "normalise.py"), str(_PACKAGE / "catalog" / "facts.py"),
              str(_PACKAGE / "search" / "lexicon.py"), str(_PACKAGE / "search" / "cards.py")]
    # ... and the compiled catalogs (every part of each): the editions' differences are built in
    # their words (4 個地區).
    try:
        with os.scandir(_PACKAGE / "locale") as entries:
            for entry in entries:
                folder = os.path.join(entry.path, "LC_MESSAGES")
                if entry.is_dir() and os.path.isdir(folder):
                    found += [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".mo")]
    except FileNotFoundError:
        pass
    return sorted(found)


def db_path() -> Path:
    override = os.environ.get("REFEREE_DB")
    if override:
        return Path(override)
    root = source_root()
    if _writable(root):
        return root / "referee.db"
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "referee"
    if _can_make(cache):
        return cache / "referee.db"
    # A read-only checkout and a home folder nothing may be written to (a locked-down account,
    # HOME pointing at a file): the system's temporary folder, one per user.
    import tempfile

    return Path(tempfile.gettempdir()) / f"referee-{os.getuid() if hasattr(os, 'getuid') else 'user'}" / "referee.db"


def _writable(folder: Path) -> bool:
    return os.access(folder, os.W_OK)


def _can_make(folder: Path) -> bool:
    """`folder` exists and is writable, or could be made: its nearest existing parent is a
    writable folder."""
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            return candidate.is_dir() and _writable(candidate)
    return False
