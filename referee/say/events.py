"""Engine events as sentences for people, in the player's language (JSON keeps the raw events)."""

from __future__ import annotations

from referee.messages import text

# The sentence of each event kind is the catalog's `event.<kind>`; the events of one card are
# keyed under the card's id (`theater.event.swap`), beside the card's other words.
_GENERAL = frozenset({"gold", "gold_from", "card", "cards", "built", "destroyed", "city_completed", "crown",
    "revealed", "turn_ended", "tax", "faceup", "picked", "discarded_random", "discarded", "game_over", "card_taken",
    "destroyed_to_build", "taken_as", "turn_ended_implied", "turn_ended_passed", "passed", "round_ended", "faceup_unrecorded"})
# What the tracker took to be so without being told (a player taken to hold the called character,
# a turn ended because a later character acted, the selection over before its face-up discards
# were recorded): each said on a marked line of its own.
INFERRED = frozenset({"taken_as", "turn_ended_implied", "faceup_unrecorded"})
_OF_A_CARD = {
    "killed": "assassin.event.killed", "robbed": "thief.event.robbed",
    "hands_swapped": "magician.event.hands_swapped", "redrawn": "magician.event.redrawn", "stored": "museum.event.stored",
    "recovered": "graveyard.event.recovered", "bell_tower": "bell-tower.event.announced",
    "bell_tower_fallen": "bell-tower.event.fallen", "bewitched": "witch.event.bewitched",
    "resumed": "witch.event.resumed", "warrants": "magistrate.event.warrants",
    "confiscated": "magistrate.event.confiscated", "spied": "spy.event.spied",
    "threatened": "blackmailer.event.threatened", "bribed": "blackmailer.event.bribed",
    "refused": "blackmailer.event.refused", "exposed": "blackmailer.event.exposed",
    "deck_shuffled": "scholar.event.deck_shuffled", "exchanged": "diplomat.event.exchanged",
    "seized": "marshal.event.seized", "beautified": "artist.event.beautified", "seer_took": "seer.event.took",
    "card_given": "seer.event.card_given", "paid_with_cards": "thieves-den.event.paid_with_cards",
    "theater_swap": "theater.event.swap", "theater_pass": "theater.event.pass",
    "hospital": "hospital.event.still_gathers", "ball_room": "ball-room.event.forgot_thanks",
}
# Words the engine puts in events as values (a district type: the Spy; what a threat marker
# showed: the Blackmailer) and the reasons for gold and cards it names: their texts are the
# catalog's `event.word.<value>` and `event.reason.<reason>`. Any other value is a card id.
_WORDS = frozenset({"noble", "religious", "trade", "military", "unique", "flowers", "blank"})
_REASONS = frozenset({"gather", "income", "draw", "build", "destroy", "robbed", "taxes", "beautify"})


def describe(event: dict, lang: str, local: dict[str, str]) -> str:
    """One line for an event; card names in `lang` through `local`."""
    values = {}
    for key, value in event.items():
        if isinstance(value, str):
            if key == "reason" and value in _REASONS:
                values[key] = text("event.reason." + value, lang)
            elif key in ("type", "shown") and value in _WORDS:
                values[key] = text("event.word." + value, lang)
            else:
                values[key] = local.get(value, value)
        elif isinstance(value, list):
            values[key] = text("punct.comma", lang).join(local.get(v, str(v)) for v in value)
        elif isinstance(value, dict):
            values[key] = text("punct.comma", lang).join(f"{local.get(k, k)} {v}" for k, v in value.items())
        else:
            values[key] = value
    kind = event["event"]
    if kind == "gold" and "source" in event:
        kind = "gold_from"
    elif kind == "cards" and event.get("count") == 1:
        kind = "card"
    elif kind == "discarded" and event.get("player") == "(random)":   # the engine's mark for the deck's own discard
        kind = "discarded_random"
    elif kind == "turn_ended_implied" and event.get("by") == "pass":   # not a later character: the table's pass
        kind = "turn_ended_passed"
    key = _OF_A_CARD.get(kind) or ("event." + kind if kind in _GENERAL else None)
    try:
        if key is None:
            raise KeyError(kind)
        return text(key, lang, **values)
    except (TypeError, KeyError, ValueError):
        # An event this version has no sentence for yet: its values, without our key names.
        return " · ".join(str(v) for k, v in values.items() if k != "event")
