"""Every card's behaviour, one module each. Importing this package registers them all (the
`Game` facade does it); a new card is a new module listed here."""

from importlib import import_module

_MODULES = (
    "basic", "use",
    # characters, by rank
    "characters.assassin", "characters.thief", "characters.magician", "characters.king", "characters.bishop",
    "characters.plain", "characters.warlord", "characters.queen", "characters.tax_collector",
    # unique districts
    "districts.data_only", "districts.gold_mine", "districts.observatory", "districts.library",
    "districts.factory", "districts.quarry", "districts.poor_house", "districts.park", "districts.keep",
    "districts.great_wall", "districts.laboratory", "districts.smithy", "districts.museum",
    "districts.armory", "districts.bell_tower", "districts.graveyard",
)

for _module in _MODULES:
    import_module(f"{__name__}.{_module}")
