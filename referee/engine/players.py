"""A random player for simulations: legal moves only, with a taste for building so that games
end in a sensible number of rounds (uniform choice among all moves rarely builds)."""

from __future__ import annotations

import random

from referee.engine.game import Game
from referee.engine.listing import concrete, select
from referee.engine.moves import Move


def choose_move(game: Game, moves, rng: random.Random) -> Move:
    """A move among `moves` (what `legal_moves()` gave: a list, or a view with a part too large
    to list, `listing.py`). The choices by verb look only at the listed moves: a virtual part
    (the Magician's redraws of a big hand) is only ever picked by a random index, never opened."""
    listed = moves if type(moves) is list else concrete(moves)     # (a list: the usual case, asked once a move)
    builds = [m for m in listed if m.verb == "build"]
    if builds and rng.random() < 0.9:
        return rng.choice(builds)
    turn = game.state.turn
    if turn is not None and not turn.gathered:
        hand = len(game.state.players[turn.seat].hand)
        wanted = "gold" if hand >= 3 or rng.random() < 0.3 else "draw"
        options = [m for m in listed if m.verb == wanted]
        # A table also accepts a draw that does not say what was kept; a player who knows
        # his cards names them (an unknown card could not be built by this policy).
        if options:
            return rng.choice([m for m in options if m.verb != "draw" or m.args] or options)
        return rng.choice(select(moves, lambda m: m.verb != "draw" or m.args) or moves)
    if turn is not None:
        others = [m for m in listed if m.verb not in ("end", "redraw")]
        if others and rng.random() < 0.5:
            return rng.choice(others)
        ends = [m for m in listed if m.verb == "end"]
        if ends:
            return ends[0]
    return rng.choice(moves)
