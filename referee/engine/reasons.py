"""Which refusals the engine can give, and whose words say each: the turn's and the selection's
own here (`GENERAL`), the secret table's in `secret.py`, each card's with the card
(`Behaviour.refusals`). Keys are the `IllegalMove.key` values; the texts are not here (the engine
holds no display text) but in the catalogs, rendered by `referee.refusals`:
`refusal.<key>`, `secret.refusal.<key>`, `rank8.refusal.<key>`, `<card id>.refusal.<key>`."""

from __future__ import annotations

import referee.engine.cards  # noqa: F401  (the cards' refusals)
from referee.engine import registry
from referee.engine.cards.rank8 import REFUSALS as TAKING_KEYS
from referee.engine.secret import REFUSALS as SECRET_KEYS

GENERAL = (
    "game_over", "not_supported", "selection_phase", "not_selection_phase", "not_your_pick", "not_your_discard",
    "faceup_by_crown", "next_is_faceup", "next_is_pick", "next_is_discard", "faceup_none", "faceup_done",
    "faceup_past", "faceup_twice", "not_available", "faceup_count", "rank4_faceup", "round_over",
    "no_character", "not_held", "killed_no_turn", "turn_passed", "not_your_turn",
    "decision_pending", "must_gather", "already_gathered", "library_keeps_all", "name_keep", "keep_count",
    "not_drawn", "no_income", "income_once", "gather_first", "after_destroy", "cannot_build", "build_limit",
    "not_in_hand", "name_built", "no_copy_left", "unbuildable", "duplicate", "monument_late", "too_poor",
    "ability_once", "wrong_character", "not_in_set", "not_owned", "no_action", "income_no_split",
    "income_name_split", "income_split_sum",
)


# Who words a refusal that is no card's: the turn and the selection (no owner), the secret table.
GENERAL_OWNER = ""
SECRET_OWNER = "secret"
TAKING_OWNER = "rank8"           # what every rank 8 character that takes a district meets (cards/rank8.py)
_owners: dict[str, str] | None = None


def owners() -> dict[str, str]:
    """Every refusal key the engine can raise, with who words it: `GENERAL_OWNER` for the
    turn's and the selection's own, `SECRET_OWNER` for the secret table's, `TAKING_OWNER` for
    the rank 8 characters' shared ones, else a card id."""
    global _owners
    if _owners is None:
        _owners = {**registry.refusal_owners(), **dict.fromkeys(SECRET_KEYS, SECRET_OWNER),
                   **dict.fromkeys(TAKING_KEYS, TAKING_OWNER),
                   **dict.fromkeys(GENERAL, GENERAL_OWNER)}
    return _owners


def owner_of(key: str) -> str | None:
    """Who words refusal `key` (as `owners()` says; None: a key the engine does not declare),
    without loading every card's module for a refusal that is the turn's, the selection's, the
    secret table's or the rank 8 characters' (those come before the cards' in `owners()`): a
    refused build at a table is said without importing 50 modules first."""
    for keys, owner in ((GENERAL, GENERAL_OWNER), (TAKING_KEYS, TAKING_OWNER), (SECRET_KEYS, SECRET_OWNER)):
        if key in keys:
            return owner
    return owners().get(key)
