"""`simulate --seed S`: game i is played from a seed hashed from (S, i), so two seeds share no
game, and a seed with the same options plays the same games again."""

from __future__ import annotations

import json

from referee.cli.simulate_cmd import game_seed, play_game


def _fingerprint(game, moves: int) -> tuple:
    """What tells two games apart: the cast, the moves played and every player's final score."""
    return (game.state.characters, moves, tuple(r["score"] for r in game.scores()))


def _games(rulebook, seeds) -> set[tuple]:
    played = set()
    for seed in seeds:
        game, moves, _ = play_game(rulebook, 4, seed, check=False)
        played.add(_fingerprint(game, moves))
    return played


def test_two_seeds_share_no_game(rulebooks):
    rb = rulebooks["2016"]
    one = _games(rb, [game_seed(1, i) for i in range(25)])
    two = _games(rb, [game_seed(2, i) for i in range(25)])
    assert len(one) == len(two) == 25 and not one & two
    # The seeds as they were (S + i) shared all games but one: the fingerprint tells that apart.
    assert len(_games(rb, [1 + i for i in range(25)]) & _games(rb, [2 + i for i in range(25)])) == 24


def test_game_seeds_are_distinct_and_in_range():
    seeds = {game_seed(s, i) for s in range(20) for i in range(500)}
    assert len(seeds) == 20 * 500 and all(0 <= s < 2 ** 63 for s in seeds)


def test_a_seed_replays_the_same_games_and_help_says_so(cli):
    args = ("simulate", "--games", "4", "--players", "2-8", "--edition", "both", "--no-check", "--json")
    first, again, other = (json.loads(cli(*args, "--seed", s).stdout) for s in ("5", "5", "6"))
    same = ("moves", "tables", "characters_in_casts", "average_score")
    assert [first[k] for k in same] == [again[k] for k in same]
    assert [first[k] for k in same] != [other[k] for k in same]
    help_text = " ".join(cli("simulate", "--help").stdout.split())
    assert "share no game" in help_text
