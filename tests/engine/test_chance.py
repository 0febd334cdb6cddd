"""The chance events' generator (referee/engine/chance.py): the same event draws the same, every
value equally likely, and the library's draws come through its `_randbelow`."""

from __future__ import annotations

from collections import Counter

from referee.engine.chance import Draws


def test_the_draws_are_pinned():
    """Every dealt game's deal depends on these: a change here (of the generator, or of the
    library's shuffle) changes every simulated game and must be made knowingly."""
    cards = list(range(12))
    Draws(7, 1).shuffle(cards)
    assert cards == [3, 6, 7, 8, 1, 9, 10, 5, 4, 2, 0, 11]
    draws = Draws(7, 2)
    assert [draws.randrange(5) for _ in range(8)] == [1, 1, 1, 1, 4, 1, 1, 0]
    assert draws.choice("abcdefgh") == "e"
    assert draws.sample(range(40), 5) == [23, 32, 17, 11, 37]
    assert draws.getrandbits(20) == 961621
    assert draws.randrange(1000) == 428
    assert Draws(0, 0).sample(range(30), 14) == [15, 6, 29, 12, 17, 22, 7, 10, 28, 8, 2, 25, 26, 0]


def test_an_event_draws_the_same_every_time_and_apart_from_the_others():
    def shuffled(seed, event):
        cards = list(range(68))
        Draws(seed, event).shuffle(cards)
        return cards

    assert shuffled(3, 5) == shuffled(3, 5)
    assert len({tuple(shuffled(seed, event)) for seed in range(3) for event in range(4)}) == 12
    draws = Draws(3, 5)
    draws.randrange(7)
    state = draws.getstate()
    after = [draws.randrange(300) for _ in range(200)]            # past a block of 64 bytes
    draws.setstate(state)
    assert [draws.randrange(300) for _ in range(200)] == after
    draws.seed((3, 5))
    assert draws.randrange(7) == Draws(3, 5).randrange(7)


def test_the_library_draws_through_its_randbelow():
    """shuffle, choice, randrange and sample: if a Python version stopped calling `_randbelow`,
    the library's own would ask `getrandbits` for each try (still right, but other games, and
    slower than the seeding it replaced)."""
    calls = []

    class Counted(Draws):
        def _randbelow(self, n):
            calls.append(n)
            return super()._randbelow(n)

    draws = Counted(1, 1)
    draws.shuffle(list(range(10)))
    assert calls == [10, 9, 8, 7, 6, 5, 4, 3, 2]
    draws.choice("abc")
    draws.randrange(4)
    draws.sample(range(20), 2)
    assert calls[9:] == [3, 4, 20, 19]


def test_every_value_is_equally_likely():
    """A chi-squared test of 10,000 draws below n (one byte a try up to 256, two above), against
    a bound its degrees of freedom pass nearly always: the draws are fixed, so it passes or fails
    the same way every run."""
    for n in (2, 3, 5, 9, 13, 100, 256, 300, 1000):
        counts = Counter()
        for event in range(1000):
            draws = Draws(11, event)
            for _ in range(10):
                counts[draws.randrange(n)] += 1
        expected = 10000 / n
        chi2 = sum((counts[value] - expected) ** 2 / expected for value in range(n))
        assert set(counts) == set(range(n))
        assert chi2 < (n - 1) + 5 * (2 * (n - 1)) ** 0.5, (n, chi2)
    draws = Draws(11, 1)
    assert all(0 <= draws.getrandbits(k) < 2 ** k for k in (0, 1, 7, 8, 9, 53, 100) for _ in range(50))
    assert all(0.0 <= draws.random() < 1.0 for _ in range(100))
