"""What the table's words say about single cards, keyed by the card's id: the one place in
say/ that names a card by its id. A card whose position or decision needs a sentence of its own
adds an entry here (its sentence goes beside the others in table_text.WORDS)."""

from __future__ import annotations

from referee.say.labels import comma


def _tax_pool(game, lang: str) -> dict:
    return {"gold": game.state.tax_pool}


def _seer_owes(game, lang: str) -> dict:
    """The Seer owes each player she took from a card back (the decision's data: their names)."""
    owed = game.state.pending.data if game.state.pending else ()
    return {"players": comma(lang).join(owed)}


# A figure the line over the players shows while the character is in the game: character id →
# (word key, the sentence's values).
POSITION_FIGURES = {"tax-collector": ("tax_pool", _tax_pool)}

# A decision that has a sentence of its own instead of "{player} answers the {card}": card id →
# (word key, the sentence's values besides the player and the card, said as {character}).
DECISIONS = {"seer": ("next_seer", _seer_owes)}
