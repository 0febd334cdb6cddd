"""Engine speed on one core: complete random 5-player 2016 games per second (no invariant
checks), and legal_moves() calls per second over the positions of those games. The figures
are for the fixed cast (the edition's default characters); a last line gives the all-cards
figure: the same games with a random legal cast each, drawn among every character the engine
plays (referee.engine.casts.random_cast), as `referee simulate` plays them.

Rates are per second of CPU time of this process (time.process_time), which is what "on one
core" means and what a busy virtual machine disturbs least; wall-clock rates are printed too.

    python scripts/bench_engine.py [--games 200] [--players 5] [--edition 2016]
"""

from __future__ import annotations

import argparse
import random
import time

from referee.catalog.facts import rulebook
from referee.dbbuild import register as register_database_builder
from referee.engine import Game
from referee.engine.casts import random_cast
from referee.engine.players import choose_move
from referee.engine.registry import supported


def play(rb, players: int, seed: int, positions: list | None = None, characters=None) -> int:
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=characters)
    rng = random.Random(seed)
    moves = 0
    while not game.is_over:
        legal = game.legal_moves()
        if positions is not None:
            positions.append(game.state.copy())
        game.apply(choose_move(game, legal, rng))
        moves += 1
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--edition", default="2016")
    args = parser.parse_args()
    register_database_builder()     # the database is built on first use, and when stale
    rb = rulebook(args.edition)
    play(rb, args.players, 10**6)  # warm up
    rates = []
    for _ in range(3):   # the same games three times: the median damps a busy machine's noise
        cpu, wall = time.process_time(), time.perf_counter()
        total_moves = sum(play(rb, args.players, seed) for seed in range(args.games))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rates.append((args.games / cpu, total_moves / cpu, args.games / wall))
    games_rate, moves_rate, wall_rate = sorted(rates)[1]
    print(f"{args.games} games ({args.edition}, {args.players} players), median of 3 runs: "
          f"{games_rate:.1f} games/s, {moves_rate:.0f} moves/s (CPU time; {wall_rate:.1f} games/s wall clock), "
          f"{total_moves / args.games:.0f} moves/game")
    positions: list = []
    for seed in range(0, args.games, 10):
        play(rb, args.players, seed, positions)
    game = Game.new(rb, [f"P{i}" for i in range(args.players)], seed=0)
    start = time.process_time()
    calls = 0
    while time.process_time() - start < 2.0:
        for state in positions:
            game.state = state
            game.notation.state = state
            game.legal_moves()
            calls += 1
    elapsed = time.process_time() - start
    print(f"legal_moves: {calls / elapsed:.0f} calls/s over {len(positions)} positions")
    casts = [random_cast(rb, args.players, random.Random(f"cast:{seed}"), usable=lambda c: supported(c, rb.edition))
             for seed in range(args.games)]
    rates = []
    for _ in range(3):
        cpu = time.process_time()
        total_moves = sum(play(rb, args.players, seed, characters=cast) for seed, cast in enumerate(casts))
        cpu = time.process_time() - cpu
        rates.append((args.games / cpu, total_moves / cpu))
    games_rate, moves_rate = sorted(rates)[1]
    used = sorted({c for cast in casts for c in cast}, key=lambda c: (rb.characters[c].rank, c))
    print(f"all cards: {games_rate:.1f} games/s, {moves_rate:.0f} moves/s (CPU time) with random legal casts "
          f"over {len(used)} characters ({', '.join(used)}), {total_moves / args.games:.0f} moves/game")


if __name__ == "__main__":
    main()
