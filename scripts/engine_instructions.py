"""Engine work counted in instructions, not seconds: valgrind's callgrind over 40 complete random
games (2016, 5 players, seeds 0-39, after one warm-up game, as `bench_engine.py` plays them),
net of a run that plays the warm-up only (both draw the random casts first: the games are
measured, not the drawing of their casts, as bench_engine.py times them). The count repeats
within ~0.3 % whatever else the machine does, so it can tell a 1 % change that CPU time on a
shared machine cannot; the moves, rounds and a hash of every move say whether two trees played
the same games.

    python scripts/engine_instructions.py [base|random] [--games 40] [--character NAME]

`--character NAME`: the base cast with NAME in the place of the base character of its rank (as
`cast_cost.py` plays it), for what one character's listings and moves cost.

The tree's bytecode is compiled first (an environment with PYTHONDONTWRITEBYTECODE=1 would
otherwise count compiling in the measured games: ~126 M of 617 M once), and the string hash seed
is fixed (set order moves a count by ±1 M otherwise). Needs `valgrind` (Debian's package).
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys
from pathlib import Path

from callgrind import instructions, require_valgrind   # scripts/callgrind.py

ROOT = Path(__file__).resolve().parent.parent


def play(kind: str, games: int, hashed: bool, casts: int | None = None, character: str | None = None) -> str:
    """Play the games in this process; return 'moves rounds hash'. The random casts of games
    0..`casts` (default: `games`) are drawn before any is played and are not part of the games:
    bench_engine.py times the games, not the drawing of their casts, and the warm-up run that is
    taken off (`casts` = the games, no games) draws them too."""
    import gc
    import hashlib
    import random

    from referee.catalog.facts import rulebook
    from referee.dbbuild import register
    from referee.engine import Game
    from referee.engine.casts import random_cast
    from referee.engine.players import choose_move
    from referee.engine.registry import supported

    register()
    gc.set_threshold(50_000, 50, 50)     # as the `referee` executable sets it
    rb = rulebook("2016")
    digest, moves, rounds = hashlib.sha256(), 0, 0
    seeds = [10**6, *range(games if casts is None else casts)]
    if character is not None:
        from cast_cost import with_character        # scripts/cast_cost.py
        swapped = with_character(Game.new(rb, [f"P{i}" for i in range(5)]).state.characters, rb, character)
        dealt = {seed: swapped for seed in seeds}
    else:
        dealt = {seed: None if kind == "base" else random_cast(
            rb, 5, random.Random(f"cast:{seed}"), usable=lambda c: supported(c, rb.edition)) for seed in seeds}
    for seed in [10**6, *range(games)]:
        cast = dealt[seed]
        game = Game.new(rb, [f"P{i}" for i in range(5)], seed=seed, characters=cast, undo=False, events=False)
        rng = random.Random(seed)
        while not game.is_over:
            move = choose_move(game, None, rng)
            game.apply_listed(move)
            if seed != 10**6:
                moves += 1
                if hashed:
                    digest.update(repr(tuple(move)).encode())
        if seed != 10**6:
            rounds += game.state.round
    return f"{moves} {rounds} {digest.hexdigest()[:12] if hashed else '-'}"


def counted(kind: str, games: int, env: dict, casts: int, character: list[str]) -> int:
    """Instructions callgrind counts for a child process that draws `casts` casts and plays
    `games` games."""
    return instructions([sys.executable, __file__, kind, "--games", str(games), "--casts", str(casts),
                         "--play", "--no-hash", *character], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", nargs="?", choices=("base", "random"), default="base",
                        help="the base cast, or a random legal cast per game")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)      # the measured child
    parser.add_argument("--casts", type=int, default=None, help=argparse.SUPPRESS)   # ... and the casts it draws
    parser.add_argument("--no-hash", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--character", help="the base cast with this character in its rank's place (a 2016 id)")
    args = parser.parse_args()
    if args.games < 0:
        parser.error(f"--games must be 0 or more, not {args.games}")
    if args.play:
        print(play(args.kind, args.games, not args.no_hash, args.casts, args.character))
        return
    if args.character is not None:
        from cast_cost import character_argument         # scripts/cast_cost.py
        from referee.catalog.facts import rulebook

        character_argument(parser, rulebook("2016"), args.character)
    require_valgrind("engine_instructions")
    compileall.compile_dir(ROOT / "referee", quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONHASHSEED="0", PYTHONPATH=str(ROOT))
    character = ["--character", args.character] if args.character else []
    games = subprocess.run([sys.executable, __file__, args.kind, "--games", str(args.games), "--play", *character],
                           env=env, check=True, capture_output=True, text=True).stdout.strip()
    net = counted(args.kind, args.games, env, args.games, character) - counted(args.kind, 0, env, args.games, character)
    kind = f"base cast with the {args.character}" if args.character else f"{args.kind} cast"
    print(f"{kind}, {args.games} games: {games} (moves, rounds, hash of the moves); "
          f"{net / 1e6:.1f} M instructions net of the warm-up")


if __name__ == "__main__":
    main()
