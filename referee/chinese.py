"""Traditional ↔ Simplified conversion (OpenCC), loaded only when a command needs it. A leaf
below every layer (no imports of the package): the errors, the catalog and the builder use it."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)
def _converter(config: str):
    import opencc  # imported lazily: loading its dictionaries costs start-up time

    return opencc.OpenCC(config)


def to_simplified(text: str) -> str:
    return _converter("t2s").convert(text)


def to_traditional(text: str) -> str:
    # Taiwan vocabulary for characters (not phrases): keeps card names recognisable.
    return _converter("s2t").convert(text)
