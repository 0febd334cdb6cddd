"""A dealt game's hook lists are its cast's full lists filtered (registry.hooks_for): they must
be exactly the lists built from scratch for the uniques its deck holds, in the same order."""

import random

import referee.engine.cards  # noqa: F401  (registers every card's behaviour)
from referee.engine import registry
from referee.engine.casts import IllegalCast, random_cast


def test_filtered_hook_lists_equal_the_lists_built_for_the_deck(rulebooks):
    for edition, rb in rulebooks.items():
        pool = sorted(d for d in rb.districts if rb.districts[d].type == "unique")
        tested = 0
        for seed in range(40):
            rng = random.Random(seed)
            try:
                cast = random_cast(rb, rng.randrange(2, 9), rng, usable=lambda c: registry.supported(c, rb.edition))
            except IllegalCast:              # no such cast for that many players in this edition
                continue
            uniques = rng.sample(pool, rng.randrange(0, len(pool) + 1))
            built, filtered = registry.Hooks(rb, cast, uniques), registry.hooks_for(rb, cast, uniques)
            for name in (*registry.HOOKS, "generators", "uses", "answers"):
                assert getattr(filtered, name) == getattr(built, name), (edition, seed, name)
            tested += 1
        assert tested >= 20
