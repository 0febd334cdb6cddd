"""Every card's behaviour, one module each. Importing this package registers them all (the
`Game` facade does it): the turn's basic verbs, `use`, then every module found under
`characters/` and `districts/` — a new card is a new module, nothing else to list."""

import os
from importlib import import_module

for _module in ("basic", "use"):
    import_module(f"{__name__}.{_module}")
for _folder in ("characters", "districts"):
    # os.listdir, not pathlib: this runs at the start of every command that plays a move.
    for _file in sorted(os.listdir(os.path.join(os.path.dirname(__file__), _folder))):
        if _file.endswith(".py") and not _file.startswith("_"):
            import_module(f"{__name__}.{_folder}.{_file[:-3]}")
