"""Every card's behaviour, one module each. Importing this package registers the turn's basic
verbs, `use` and every unique district (`districts/`), and hands the registry a loader for the
characters (`characters/`, a module per character named after its id): a game loads its cast's,
and any lookup that misses loads them all (registry.set_loader). A new card is a new module,
nothing else to list."""

import os
from importlib import import_module

from referee.engine import registry

_HERE = os.path.dirname(__file__)
# os.listdir, not pathlib: this runs at the start of every command that plays a move.
_CHARACTERS = sorted(f[:-3] for f in os.listdir(os.path.join(_HERE, "characters"))
                     if f.endswith(".py") and not f.startswith("_"))


def _load_characters(card):
    """Import the module of the character `card` (its id, `-` written `_`), or of every character
    (None, or a card with no module of its own name)."""
    module = card.replace("-", "_") if card else None
    for name in ([module] if module in _CHARACTERS else _CHARACTERS):
        import_module(f"{__name__}.characters.{name}")


for _module in ("basic", "use"):
    import_module(f"{__name__}.{_module}")
for _file in sorted(os.listdir(os.path.join(_HERE, "districts"))):
    if _file.endswith(".py") and not _file.startswith("_"):
        import_module(f"{__name__}.districts.{_file[:-3]}")
registry.set_loader(_load_characters)
