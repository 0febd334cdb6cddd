"""`State` is the whole position: a game rebuilt from a copy of its state alone — no history, no
events of earlier moves — lists the same legal moves and plays every move with the same events
and the same resulting state as the game that played to it. (The Magistrate once read the
previous move's events for the tax of a confiscated build, the Theater the history for a swap
already announced: what a card needs of the past is its slot in `state.cards`.)"""

from __future__ import annotations

import random

import pytest

from referee.engine import Game
from referee.engine.players import choose_move

CASTS = {
    # The Magistrate's confiscation with the 2016 Tax Collector's tax on it; the Witch's powers.
    "2016": ("magistrate", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord", "tax-collector"),
    # The classic Tax Collector's builders of the round, the Queen; the Graveyard's offer, the Bell Tower.
    "classic": ("witch", "tax-collector", "magician", "king", "bishop", "merchant", "architect", "warlord", "queen"),
}


def _rebuilt(game: Game) -> Game:
    other = Game(game.rb, game.state.copy(), game.seed, game.table, game.secret_selection)
    other.hooks = game.hooks             # the dealt game's lists (its deck's unique districts)
    other.implicit_ends = game.implicit_ends
    return other


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("seed", range(12))
def test_a_game_rebuilt_from_its_state_plays_on_the_same(rulebooks, edition, seed):
    rb = rulebooks[edition]
    names = [f"P{i}" for i in range(5)]
    uniques = sorted(d.id for d in rb.districts.values() if d.type == "unique")   # every one can turn up
    game = Game.new(rb, names, seed=seed, characters=CASTS[edition], uniques=uniques)
    rng = random.Random(seed)
    played = 0
    while not game.is_over and played < 1500:
        rebuilt = _rebuilt(game)         # before every move: nothing of the past but the state
        legal = game.legal_moves()
        assert rebuilt.legal_moves() == legal
        move = choose_move(game, legal, rng)
        assert rebuilt.apply(move) == game.apply(move), game.format(move)
        assert rebuilt.state == game.state
        played += 1
    assert game.is_over
