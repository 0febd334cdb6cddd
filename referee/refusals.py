"""Why a move is illegal, in the player's language: the sentence of an `IllegalMove`.

The engine names a refusal by its key and says whose it is (`referee.engine.reasons.owners`);
the texts are in the catalogs, a card's under its id: `thief.refusal.rob_rank_one`, the secret
table's under `secret.refusal.<key>`, the turn's and the selection's under `refusal.<key>`.
"""

from __future__ import annotations

from referee.messages import fill, text


def message_key(key: str) -> str | None:
    """The catalog key of the refusal `key`, or None for a key the engine does not declare."""
    from referee.engine.reasons import owner_of

    owner = owner_of(key)
    if owner is None:
        return None
    return f"{owner}.refusal.{key}" if owner else f"refusal.{key}"


def message_keys() -> dict[str, str]:
    """Every refusal key the engine declares, with its catalog key."""
    from referee.engine.reasons import owners

    return {key: message_key(key) for key in owners()}


def reason(key: str, values: dict, lang: str = "en") -> str:
    """The sentence of refusal `key` in `lang`, filled in with `values` (left as written when they
    do not fit it); an undeclared key is said as itself."""
    found = message_key(key)
    template = text(found, lang) if found is not None else key
    try:
        return fill(template, values)
    except (KeyError, IndexError):
        return template
