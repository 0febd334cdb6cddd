"""Every card's behaviour, one module each. Importing this package registers the turn's basic
verbs and `use`, and hands the registry a loader for the cards (registry.set_loader): a game
loads its cast's characters (`characters/`, a module per character named after its id) and the
unique districts that can act in it (`districts/`, likewise; those whose whole effect is data
share `districts/data_only.py`), and any lookup that misses loads them all. A new card is a new
module, nothing else to list."""

import os
from importlib import import_module

from referee.engine import registry

_HERE = os.path.dirname(__file__)


# os.listdir, not pathlib: this runs at the start of every command that plays a move.
def _modules(folder: str) -> list[str]:
    return sorted(f[:-3] for f in os.listdir(os.path.join(_HERE, folder)) if f.endswith(".py") and not f.startswith("_"))


_CHARACTERS = _modules("characters")
_DISTRICTS = _modules("districts")


def _load(card):
    """Import the module of `card` (its id, `-` written `_`): a character's, a district's, or for
    a card with no module of its own the districts whose effect is data (the registry loads the
    rest if that is not it). `card` None: every module."""
    if card is None:
        names = [f"characters.{m}" for m in _CHARACTERS] + [f"districts.{m}" for m in _DISTRICTS]
    else:
        module = card.replace("-", "_")
        names = [f"characters.{module}" if module in _CHARACTERS else
                 f"districts.{module}" if module in _DISTRICTS else "districts.data_only"]
    for name in names:
        import_module(f"{__name__}.{name}")


for _module in ("basic", "use"):
    import_module(f"{__name__}.{_module}")
registry.set_loader(_load)
