"""Conservation and consistency checks that must hold after every move (simulations, tests)."""

from __future__ import annotations

from collections import Counter

from referee.engine.game import Game
from referee.engine.listing import parts


def totals(game: Game) -> tuple[int, int]:
    """(gold, cards) in the whole game: fixed from set-up on, whatever is played."""
    state = game.state
    gold = state.bank + state.tax_pool + sum(p.gold + sum(b.beautified for b in p.city) for p in state.players)
    cards = len(state.deck) + len(state.discard) + sum(
        len(p.hand) + len(p.city) + sum(len(b.stored) for b in p.city) for p in state.players
    )
    return gold, cards


def problems(game: Game, expected: tuple[int, int], before=None) -> list[str]:
    """Everything wrong with the position; `before` is the state before the last move, to check
    that no duplicate was built without a power that allows it (a Quarry destroyed later leaves
    its duplicates standing)."""
    state = game.state
    found: list[str] = []
    gold, cards = totals(game)
    if gold != expected[0]:
        found.append(f"gold not conserved: {gold} != {expected[0]}")
    if cards != expected[1]:
        found.append(f"cards not conserved: {cards} != {expected[1]}")
    if not game.unlimited_bank and state.bank < 0:
        found.append(f"finite bank below zero: {state.bank}")
    held: list[str] = []
    for player in state.players:
        if player.gold < 0:
            found.append(f"{player.name} has negative gold")
        held += player.characters
    if len(set(held)) != len(held) or not set(held) <= set(state.characters):
        found.append(f"characters held outside the cast or twice: {held} (cast {state.characters})")
    if before is not None:
        for player, old in zip(state.players, before.players):
            ids, old_ids = Counter(b.id for b in player.city), Counter(b.id for b in old.city)
            grew = [d for d, n in ids.items() if n > 1 and n > old_ids.get(d, 0)]
            if grew and not old.has_built("quarry") and not _wizard_turn(before):
                found.append(f"{player.name} built a duplicate {grew[0]} without a Quarry")
    turn = state.turn
    if turn is not None:
        from referee.engine.cards.basic import build_limit

        limit = build_limit(game)
        if turn.builds > limit:
            found.append(f"{turn.character} built {turn.builds} > limit {limit}")
    return found


def _wizard_turn(state) -> bool:
    """The Wizard (or whoever has his power this turn) may build identical districts."""
    turn = state.turn
    return turn is not None and "wizard" in (turn.powers or (turn.character,))


# A virtual part of the legal moves (listing.py: the Magician's redraws, up to 2**n for a hand of
# n cards) is checked whole up to this many moves, beyond on this many spread over it; one that
# is `listable` (the warrants) always whole, as a list.
WHOLE_AT_MOST = 64
SAMPLED = 16


def sample(part) -> list:
    """The moves of a virtual part that the checks print and read back: all of a small one; of a
    larger one, a deterministic sample (the same each time): SAMPLED moves evenly spaced from the
    first, and the last (the whole hand)."""
    size = len(part)
    if size <= WHOLE_AT_MOST or part.listable:
        return list(part)
    return [part[i] for i in sorted({size * k // SAMPLED for k in range(SAMPLED)} | {size - 1})]


def round_trip_problems(game: Game, moves) -> list[str]:
    """Every listed move, printed in the notation, reads back as itself. `moves` is what
    `legal_moves()` gave: each listed move is checked, and a virtual part on `sample` of it
    (a part's moves are all printed by the one verb's printer: a sample shows whether it holds)."""
    found = []
    for part in parts(moves):
        for move in (part if isinstance(part, list) else sample(part)):
            text = game.format(move)
            back = game.parse(text)
            if back != move:
                found.append(f"notation does not round-trip: {text!r} -> {back!r} != {move!r}")
    return found


def cast_problems(game: Game) -> list[str]:
    """The cast must be one the rules allow for the table (checked once, at set-up)."""
    from referee.engine.casts import check_cast

    problem = check_cast(game.rb, len(game.state.players), game.state.characters)
    return [f"illegal cast: {problem}"] if problem else []
