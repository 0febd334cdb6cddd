"""Engine speed on one core: complete random 5-player 2016 games per second (no invariant
checks), and legal_moves() calls per second over the positions of those games.

    python scripts/bench_engine.py [--games 200] [--players 5] [--edition 2016]
"""

from __future__ import annotations

import argparse
import random
import time

from referee.catalog.facts import rulebook
from referee.engine import Game
from referee.engine.players import choose_move


def play(rb, players: int, seed: int) -> tuple[int, list]:
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    moves = 0
    positions = []
    while not game.is_over:
        legal = game.legal_moves()
        if seed % 10 == 0 and len(positions) < 400:
            positions.append(game.state.copy())
        game.apply(choose_move(game, legal, rng))
        moves += 1
    return moves, positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--edition", default="2016")
    args = parser.parse_args()
    rb = rulebook(args.edition)
    play(rb, args.players, 10**6)  # warm up
    rates = []
    for _ in range(3):   # the same games three times: the median damps a busy machine's noise
        start = time.perf_counter()
        total_moves = 0
        positions = []
        for seed in range(args.games):
            moves, seen = play(rb, args.players, seed)
            total_moves += moves
            positions += seen
        elapsed = time.perf_counter() - start
        rates.append((args.games / elapsed, total_moves / elapsed))
    games_rate, moves_rate = sorted(rates)[1]
    print(f"{args.games} games ({args.edition}, {args.players} players), median of 3 runs: "
          f"{games_rate:.1f} games/s, {moves_rate:.0f} moves/s, {total_moves / args.games:.0f} moves/game")
    game = Game.new(rb, [f"P{i}" for i in range(args.players)], seed=0)
    start = time.perf_counter()
    calls = 0
    while time.perf_counter() - start < 2.0:
        for state in positions:
            game.state = state
            game.notation.state = state
            game.legal_moves()
            calls += 1
    elapsed = time.perf_counter() - start
    print(f"legal_moves: {calls / elapsed:.0f} calls/s over {len(positions)} positions")


if __name__ == "__main__":
    main()
