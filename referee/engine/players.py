"""A random player for simulations: legal moves only, with a taste for building so that games
end in a sensible number of rounds (uniform choice among all moves rarely builds)."""

from __future__ import annotations

import random

from referee.engine.game import Game
from referee.engine.moves import Move


def choose_move(game: Game, moves: list[Move], rng: random.Random) -> Move:
    builds = [m for m in moves if m.verb == "build"]
    if builds and rng.random() < 0.9:
        return rng.choice(builds)
    turn = game.state.turn
    if turn is not None and not turn.gathered:
        hand = len(game.state.players[turn.seat].hand)
        wanted = "gold" if hand >= 3 or rng.random() < 0.3 else "draw"
        options = [m for m in moves if m.verb == wanted] or moves
        # A table also accepts a draw that does not say what was kept; a player who knows
        # his cards names them (an unknown card could not be built by this policy).
        options = [m for m in options if m.verb != "draw" or m.args] or options
        return rng.choice(options)
    if turn is not None:
        others = [m for m in moves if m.verb not in ("end", "redraw")]
        if others and rng.random() < 0.5:
            return rng.choice(others)
        ends = [m for m in moves if m.verb == "end"]
        if ends:
            return ends[0]
    return rng.choice(moves)
