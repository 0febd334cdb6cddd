"""Every card's behaviour, one module each. Importing this package registers them all (the
`Game` facade does it): the turn's basic verbs, `use`, then every module found under
`characters/` and `districts/` — a new card is a new module, nothing else to list."""

from importlib import import_module
from pathlib import Path

for _module in ("basic", "use"):
    import_module(f"{__name__}.{_module}")
for _folder in ("characters", "districts"):
    for _path in sorted((Path(__file__).parent / _folder).glob("[!_]*.py")):
        import_module(f"{__name__}.{_folder}.{_path.stem}")
