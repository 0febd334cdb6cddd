"""What each character beyond the base eight costs a round (issue 20: where the random casts'
extra time goes): random 2016 games played as `bench_engine.py` plays them, the base cast against
the base cast with one character put in the place of the base character of its rank, the same
seeds, in turns of ten games (a machine whose speed wanders slows both alike).

    python scripts/cast_cost.py [--games 300] [--players 5]

For each character: a round's CPU time against the base cast's, and the moves a round against its
(a character whose rules add steps to a round, the Emperor's crown or the Seer's gives, adds moves;
one that only lists or applies differently does not). A rank 9 character is added to the base
cast, not put in a place. Timed, not counted: read the differences of a few per cent as noise.
"""

from __future__ import annotations

import argparse
import difflib
import gc
import time

from referee.catalog.facts import rulebook
from referee.dbbuild import register as register_database_builder
from referee.engine import Game
from referee.engine.casts import character_problem
from referee.engine.registry import supported

from bench_engine import play

TURN = 10


def with_character(base: tuple[str, ...], rb, character: str) -> tuple[str, ...]:
    """The base cast with `character` in the place of the base character of its rank (a rank 9
    character added)."""
    rank = rb.characters[character].rank
    if all(rb.characters[c].rank != rank for c in base):
        return (*base, character)
    return tuple(character if rb.characters[c].rank == rank else c for c in base)


def character_argument(parser: argparse.ArgumentParser, rb, name: str) -> str:
    """`name` as a character of `rb`, else the parser's error naming the closest ids."""
    if name in rb.characters:
        return name
    closest = difflib.get_close_matches(name, sorted(rb.characters), n=3, cutoff=0.5)
    parser.error(f"no 2016 character {name!r}" + (f"; the closest: {', '.join(closest)}" if closest else ""))


def timed(rb, players: int, games: int, *casts) -> list[tuple[float, int, int]]:
    """(CPU seconds, rounds, moves) of `games` games of each cast, played in turns of TURN."""
    totals = [[0.0, 0, 0] for _ in casts]
    for first in range(0, games, TURN):
        for cast, total in zip(casts, totals):
            start = time.process_time()
            for seed in range(first, min(first + TURN, games)):
                moves, rounds = play(rb, players, seed, characters=cast)
                total[1] += rounds
                total[2] += moves
            total[0] += time.process_time() - start
    return [tuple(total) for total in totals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games of each cast")
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be 1 or more, not {args.games}")
    if not 2 <= args.players <= 8:
        parser.error(f"--players must be between 2 and 8, not {args.players}")
    register_database_builder()
    gc.set_threshold(50_000, 50, 50)          # as the `referee` executable and bench_engine.py set it
    rb = rulebook("2016")
    base = Game.new(rb, [f"P{i}" for i in range(args.players)]).state.characters
    play(rb, args.players, 10**6)             # warm up
    others = [c for c in sorted(rb.characters, key=lambda c: (rb.characters[c].rank, c))
              if c not in base and supported(c, rb.edition) and character_problem(rb, c, args.players) is None]
    rows = []
    for character in others:
        (base_s, base_r, base_m), (own_s, own_r, own_m) = timed(
            rb, args.players, args.games, base, with_character(base, rb, character))
        rows.append((own_s / own_r / (base_s / base_r), character, own_m / own_r, base_m / base_r))
    print(f"2016, {args.players} players, {args.games} games of each cast: a round's time and moves "
          f"with the character against the base cast ({', '.join(base)})")
    for ratio, character, moves, base_moves in sorted(rows, reverse=True):
        print(f"  {character:14s} rank {rb.characters[character].rank}  time {ratio:5.3f}x  "
              f"moves a round {moves:5.2f} against {base_moves:5.2f}")


if __name__ == "__main__":
    main()
