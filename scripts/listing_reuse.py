"""How much a legal-move listing derived from the last move could save (issue 20's "legal moves
derived incrementally from what the last move changed"): random games played as
`bench_engine.py` plays them, every generator of a turn timed, and each call whose moves are
exactly those the same generator listed at its previous call in the same turn counted apart —
the most that moves kept from step to step could spare, were keeping them and knowing what a
move changed free.

    python scripts/listing_reuse.py [base|random] [--games 200]

It wraps the generators that `turn._generators` hands out (a measurement only: the games are
those of bench_engine.py, the same moves), so its absolute times include the wrapping; the
shares are of the whole run's CPU time.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections import defaultdict

from referee.catalog.facts import rulebook
from referee.dbbuild import register as register_database_builder
from referee.engine import Game, turn
from referee.engine.casts import random_cast
from referee.engine.players import choose_move
from referee.engine.registry import supported


class Tally:
    """Per verb: calls, their time, and the calls (and time) that listed what the verb's previous
    call in the same turn had listed."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = defaultdict(int)
        self.seconds: dict[str, float] = defaultdict(float)
        self.same_calls: dict[str, int] = defaultdict(int)
        self.same_seconds: dict[str, float] = defaultdict(float)
        self._last: dict[tuple, tuple] = {}

    def timed(self, verb: str, generate):
        def listing(game):
            start = time.process_time()
            moves = generate(game)
            spent = time.process_time() - start
            state = game.state
            key = (id(game), state.round, state.turn.character, state.turn.seat, verb)
            listed = tuple(moves) if isinstance(moves, list) else ("a virtual part of", len(moves))
            self.calls[verb] += 1
            self.seconds[verb] += spent
            if self._last.get(key) == listed:
                self.same_calls[verb] += 1
                self.same_seconds[verb] += spent
            self._last[key] = listed
            return moves
        return listing


def measured(tally: Tally):
    """turn._generators with each generator timed by `tally` (the same generators, in order)."""
    made = turn._generators

    def generators(*args, **kwargs):
        listed, by_verb, grouped = made(*args, **kwargs)
        listed = tuple((verb, tally.timed(verb, generate)) for verb, generate in listed)
        by_verb = {verb: tuple((v, tally.timed(v, g)) for v, g in pairs) for verb, pairs in by_verb.items()}
        if grouped is not None:
            grouped = (grouped[0], {verb: tally.timed(verb, g) for verb, g in grouped[1].items()})
        return listed, by_verb, grouped
    return generators


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", nargs="?", choices=("base", "random"), default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    register_database_builder()
    gc.set_threshold(50_000, 50, 50)            # as the `referee` executable sets it
    rb = rulebook("2016")
    casts = [None if args.kind == "base" else random_cast(rb, args.players, random.Random(f"cast:{seed}"),
                                                          usable=lambda c: supported(c, rb.edition))
             for seed in range(args.games)]
    tally = Tally()
    turn._generators = measured(tally)
    start = time.process_time()
    for seed, cast in enumerate(casts):
        game = Game.new(rb, [f"P{i}" for i in range(args.players)], seed=seed, characters=cast, undo=False,
                        events=False)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply_listed(choose_move(game, None, rng))
    whole = time.process_time() - start
    listing, same = sum(tally.seconds.values()), sum(tally.same_seconds.values())
    print(f"{args.kind} casts, {args.games} games: the turns' generators {listing / whole:.1%} of the CPU time; "
          f"the calls that listed what their previous call in the turn had listed {same / whole:.1%} "
          f"({sum(tally.same_calls.values())} of {sum(tally.calls.values())} calls)")
    for verb in sorted(tally.seconds, key=tally.seconds.get, reverse=True)[:12]:
        print(f"  {verb:10} {tally.calls[verb]:6} calls, {tally.seconds[verb] / whole:5.1%}; "
              f"the same as before {tally.same_calls[verb]:6} calls, {tally.same_seconds[verb] / whole:5.1%}")


if __name__ == "__main__":
    main()
