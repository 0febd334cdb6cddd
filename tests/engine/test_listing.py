"""The legal moves without listing 2**n of them (engine/listing.py): the Magician's redraw of a
hand is a virtual part — counted exactly, its i-th move made by mixed-radix counting, membership
by rule — and a view over the parts keeps every promise of a list that callers use (len, index,
iteration, `in`, `+`, ==). A 20-card hand lists at once; games that stalled on such hands finish.
"""

from __future__ import annotations

import random
import time
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import Game
from referee.engine.listing import Moves, Subsets, concrete, joined, parts, renamed, select
from referee.engine.moves import Move
from referee.situation import load, read_text

HANDS = [["temple"], ["temple", "castle"], ["temple", "temple"], ["market", "temple", "market", "castle"],
         ["docks", "castle", "castle", "castle", "temple", "docks", "manor"], list("abcdefgh")]


def _brute(actor: str, hand: list[str]) -> list[Move]:
    """Every non-empty sub-multiset of `hand`, sorted, in the order the redraw always listed
    them: itertools.product over the sorted cards' counts, the last card's changing fastest."""
    ids = sorted(set(hand))
    found = []
    for digits in product(*(range(hand.count(card) + 1) for card in ids)):
        cards = tuple(card for card, n in zip(ids, digits) for _ in range(n))
        if cards:
            found.append(Move(actor, "redraw", cards))
    return found


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: ",".join(hand))
def test_subsets_are_the_listed_redraws_exactly(hand):
    part = Subsets("magician", "redraw", hand)
    brute = _brute("magician", hand)
    assert len(brute) == len(set(brute))
    assert len(part) == len(brute)
    assert list(part) == brute
    assert [part[i] for i in range(len(part))] == brute
    assert [part[-i] for i in range(1, len(part) + 1)] == brute[::-1]
    assert part[1:4] == brute[1:4] and part[::-3] == brute[::-3]
    for i, move in enumerate(brute):            # index ↔ move, both ways
        assert move in part and part.index(move) == i and part.count(move) == 1
    with pytest.raises(IndexError):
        part[len(part)]
    with pytest.raises(IndexError):
        part[-len(part) - 1]


def test_membership_is_the_listed_rule_not_a_scan():
    part = Subsets("magician", "redraw", ["market", "temple", "market", "castle"])
    assert Move("magician", "redraw", ("castle", "market", "market")) in part
    assert ("magician", "redraw", ("castle",)) in part                       # a plain tuple compares as a Move
    for stranger in [Move("magician", "redraw", ("market", "castle")),      # not in the listed (sorted) order
                     Move("magician", "redraw", ("market",) * 3),           # more copies than the hand holds
                     Move("magician", "redraw", ("palace",)),               # not in the hand
                     Move("magician", "redraw", ("castle", "palace")),
                     Move("magician", "redraw", ()),                        # the empty part is no move
                     Move("witch", "redraw", ("castle",)),                  # another actor
                     Move("magician", "swap", ("castle",)), "magician", None]:
        assert stranger not in part
        assert stranger not in list(part)
    with pytest.raises(ValueError):
        part.index(Move("magician", "redraw", ("palace",)))


def test_a_view_keeps_the_promises_of_a_list():
    before = [Move("magician", "gold"), Move("magician", "swap", ("Bob",))]
    after = [Move("magician", "end")]
    part = Subsets("magician", "redraw", ["temple", "castle", "castle"])
    whole = before + list(part) + after
    moves = before + part + after
    assert isinstance(moves, Moves) and len(parts(moves)) == 3
    assert len(moves) == len(whole) and list(moves) == whole and moves == whole and whole == moves
    assert [moves[i] for i in range(-len(whole), len(whole))] == whole + whole
    assert moves[2:5] == whole[2:5] and list(reversed(moves)) == whole[::-1]
    assert all(moves.index(m) == i and m in moves for i, m in enumerate(whole))
    assert Move("magician", "redraw", ("temple", "temple")) not in moves
    assert concrete(moves) == before + after
    listed = list(before)
    listed += part                    # a list joined to a part becomes a view over both (never extended by it)
    assert isinstance(listed, Moves) and listed == before + list(part)
    assert joined([before, [], after]) == before + after and type(joined([before, after])) is list
    assert joined([[], []]) == []
    # Equal as sequences whatever their parts: a part listed is the same moves as the part virtual.
    assert Moves((before + list(part), after)) == moves == Moves((before, list(part), after))
    assert Moves((before, part, after[:0] + [Move("magician", "gold")])) != moves


def test_a_huge_part_is_joined_filtered_and_renamed_without_being_opened():
    hand = [f"card{i:02d}" for i in range(40)]                 # 2**40 - 1 moves: opening it would never end
    part = Subsets("magician", "redraw", hand)
    moves = [Move("magician", "gold")] + part + [Move("magician", "end")]
    assert len(moves) == 2 ** 40 + 1
    assert moves[-1] == Move("magician", "end") and moves[1] == Move("magician", "redraw", ("card39",))
    assert moves[-2] == Move("magician", "redraw", tuple(hand))
    witch = renamed(moves, "magician", "witch")
    assert len(witch) == len(moves) and witch[-2] == Move("witch", "redraw", tuple(hand))
    assert Move("witch", "redraw", ("card03", "card17")) in witch
    kept = select(moves, lambda m: m.verb != "gold")
    assert len(kept) == 2 ** 40 and kept[0] == Move("magician", "redraw", ("card39",))
    assert len(select(moves, lambda m: m.verb != "redraw")) == 2


TWENTY = """
edition = "classic"
[table]
characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"]
[[players]]
name = "Ann"
characters = ["Magician", "King"]
gold = 2
hand = ["Temple", "Temple", "Castle", "Manor", "Palace", "Tavern", "Market", "Trading Post", "Docks", "Harbor",
        "Town Hall", "Watchtower", "Prison", "Battlefield", "Fortress", "Church", "Monastery", "Cathedral", "Market", "Castle"]
[[players]]
name = "Bob"
characters = ["Warlord", "Merchant"]
gold = 2
hand = ["Temple"]
"""


def _twenty(rulebooks) -> Game:
    return load(read_text(TWENTY), rulebooks["classic"]).game


def test_a_twenty_card_hand_lists_at_once_and_exactly(rulebooks):
    game = _twenty(rulebooks)
    start = time.process_time()
    moves = game.legal_moves()
    assert time.process_time() - start < 0.05
    redraws = [part for part in parts(moves) if isinstance(part, Subsets)]
    # 17 different cards, three of them twice: 2**14 * 3**3 parts, less the empty one.
    assert len(redraws) == 1 and len(redraws[0]) == 2 ** 14 * 3 ** 3 - 1
    assert len(moves) == len(concrete(moves)) + 2 ** 14 * 3 ** 3 - 1
    rng = random.Random(3)
    for i in [0, len(moves) - 1] + [rng.randrange(len(moves)) for _ in range(40)]:
        move = moves[i]
        assert game.parse(game.format(move)) == move and moves.index(move) == i and move in moves
    # Any part of the hand is accepted as it always was, in any order it is typed.
    events = game.apply(game.parse("Magician: redraw Market, Temple, Castle, Market"))
    assert [e for e in events if e["event"] == "redrawn"][0]["count"] == 4
    assert len(game.state.players[0].hand) == 20
    game.undo()
    assert game.parse("Magician: redraw Market, Market") in game.legal_moves()


def test_the_witch_playing_the_magician_redraws_her_own_big_hand(rulebooks):
    """Bewitched, the Magician's part of the turn is the Witch's, with her hand: the view names
    her and stays virtual."""
    rb = rulebooks["2016"]
    text = TWENTY.replace('edition = "classic"', 'edition = "2016"').replace('"Assassin", "Thief"', '"Witch", "Thief"')
    text = text.replace('characters = ["Magician", "King"]', 'characters = ["Witch", "King"]')
    text = text.replace('characters = ["Warlord", "Merchant"]', 'characters = ["Magician", "Merchant"]')
    game = load(read_text(text), rb).game
    for typed in ("Witch: gold", "Witch: bewitch Magician", "Bob: gold"):
        game.apply(game.parse(typed))
    moves = game.legal_moves()
    redraws = [part for part in parts(moves) if isinstance(part, Subsets)]
    assert len(redraws) == 1 and redraws[0].actor == "witch" and redraws[0].hand_size == 20
    assert game.parse("Witch: redraw Temple, Temple") in moves
    game.apply(game.parse("Witch: redraw Temple, Temple"))
    assert len(game.state.players[0].hand) == 20


def test_invariant_checks_sample_a_huge_part(rulebooks):
    from referee.engine.invariants import WHOLE_AT_MOST, round_trip_problems, sample

    game = _twenty(rulebooks)
    part = next(p for p in parts(game.legal_moves()) if isinstance(p, Subsets))
    chosen = sample(part)
    assert chosen == sample(part) and len(set(chosen)) == len(chosen) <= 17
    assert chosen[0] == part[0] and chosen[-1] == part[-1]
    small = Subsets("magician", "redraw", ["temple"] * 2 + ["castle"] * 20)       # 62 moves: all checked
    assert len(small) <= WHOLE_AT_MOST and sample(small) == list(small)
    printed = []
    format_move = game.format
    game.format = lambda move: printed.append(move) or format_move(move)
    moves = game.legal_moves()
    assert round_trip_problems(game, moves) == []
    assert printed == concrete(moves) + chosen            # every listed move, and the sample of the part
    game.parse = lambda text: Move("magician", "gold")    # a notation that does not read back: each is said
    assert len(round_trip_problems(game, moves)) == len(printed) // 2 - 1


@pytest.mark.parametrize("index", [79, 7281])
def test_the_games_that_stalled_on_a_big_hand_finish_quickly_checked(rulebooks, index):
    """Games of `simulate --seed 0` in which the Magician holds a big hand (2 players, classic):
    17 and 19 cards, the biggest of the 10,000 games since the random player draws first
    (session 13). Games 4076, 6006 and 7785 of the games before, in which he held 20+ cards, took
    113 s, 4.4 s and 2.5 s without checks when every part of his hand was listed, and far longer
    with the checks."""
    from referee.cli.simulate_cmd import game_seed, play_game

    own = game_seed(0, index)
    choice = random.Random(f"table:{own}")
    edition, players = choice.choice(["2016", "classic"]), choice.choice(range(2, 9))
    assert (edition, players) == ("classic", 2)
    start = time.process_time()
    game, count, problems = play_game(rulebooks[edition], players, own, check=True)
    assert problems == [] and game.is_over and count > 100
    assert time.process_time() - start < 5


def test_a_secret_table_offers_a_big_hands_redraw_as_a_reveal_without_trying_each(rulebooks):
    """At a table whose picks are secret, a player may show the Magician by redrawing: each such
    move is tried by playing it, so a big known hand once meant 2**n trials; its part is tried
    once (all its moves are legal alike) and stays virtual, named by the player."""
    cast = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
    game = Game.new(rulebooks["classic"], ["Ann", "Bob"], seed=0, characters=cast, table=True, secret_selection=True)
    hand = ["temple", "castle", "manor", "palace", "tavern", "market", "docks", "harbor", "prison", "church",
            "monastery", "cathedral", "fortress", "temple"]
    for player in game.state.players:
        player.hand = list(hand)
    rng = random.Random(0)
    while True:
        start = time.process_time()
        moves = game.legal_moves()
        assert time.process_time() - start < 1
        redraws = [part for part in parts(moves) if isinstance(part, Subsets)]
        if redraws:
            break
        game.apply(moves[rng.randrange(len(moves))])
    assert [(part.actor, len(part)) for part in redraws] == [("Ann", 2 ** 12 * 3 - 1), ("Bob", 2 ** 12 * 3 - 1)]
    move = Move("Ann", "redraw", ("temple", "temple"))
    assert move in moves
    game.apply(move)
    assert "magician" in game.state.players[0].characters and len(game.state.players[0].hand) == 14


# The Magistrate's warrants as a virtual part (`listing.Triples`, session 14): the moves, their
# order, `in` and `index` exactly those of the list made the old way, every warrant made.

def _old_warrants(actor: str, cast: tuple[str, ...], table: bool) -> list[Move]:
    """The warrants as listed until session 14: for each three of the cast in calling order,
    each of them signed, and at a table none."""
    return [Move(actor, "warrant", (a, b, c, signed)) for a, b, c in combinations(cast, 3)
            for signed in ((a, b, c, "") if table else (a, b, c))]


def _strangers(listed: list[Move], cast: tuple[str, ...], rng: random.Random) -> list:
    """Moves like the warrants that are not all of them: out of order, signed elsewhere or not
    at all, a name outside the cast, another actor or verb, other shapes."""
    found = []
    for move in rng.sample(listed, min(12, len(listed))):
        a, b, c, signed = move.args
        outside = next(x for x in ("assassin", "witch", "seer", "queen", "nobody") if x not in cast)
        found += [move._replace(args=(b, a, c, signed)), move._replace(args=(a, c, b, signed)),
                  move._replace(args=(a, b, c, "")), move._replace(args=(a, b, c, outside)),
                  move._replace(args=(a, b, outside, signed)), move._replace(args=(a, a, c, a)),
                  move._replace(args=(a, b, c, cast[-1] if cast[-1] not in (a, b, c) else cast[0])),
                  move._replace(args=(a, b, c)), move._replace(args=(a, b, c, signed, signed)),
                  move._replace(args=[a, b, c, signed]), move._replace(args=(a, b, c, None)),
                  move._replace(actor="witch"), move._replace(verb="threaten"), tuple(move),
                  (move.actor, move.verb), "warrant"]
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), table=st.booleans())
def test_the_warrants_are_those_listed_the_old_way(rulebooks, seed, players, table):
    """For the random casts of 8 and 9 characters with the Magistrate, at a table and not, named
    for the Magistrate and (with_actor) the Witch playing his part: the same moves in the same
    order, each by index, `in` and `index` as the list's for them and for moves that are not
    among them, the view's `+` and `==`."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.cards.characters.magistrate import _every_warrant

    rb = rulebooks["2016"]
    cast = random_characters(rb, players, seed)
    cast = tuple("magistrate" if rb.characters[c].rank == 1 else c for c in cast)
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast, table=table)
    order = tuple(character for _, character in game.hooks.calling_order)
    assert len(order) in (8, 9) and "magistrate" in order
    rng = random.Random(seed)
    part = _every_warrant(game.hooks.calling_order, "magistrate", table)
    for actor, virtual in (("magistrate", part), ("witch", part.with_actor("witch")), ("P0", part.with_actor("P0"))):
        listed = _old_warrants(actor, order, table)
        assert len(virtual) == len(listed) == len(list(virtual))
        assert list(virtual) == listed
        assert [virtual[i] for i in range(len(listed))] == listed
        assert [virtual[-i] for i in range(1, len(listed) + 1)] == listed[::-1]
        assert virtual[3:40:7] == listed[3:40:7]
        for i, move in enumerate(listed):
            assert move in virtual and virtual.index(move) == i and virtual.count(move) == 1
        for stranger in _strangers(listed, order, rng):
            assert (stranger in virtual) == (stranger in listed), stranger
            if stranger not in listed:
                with pytest.raises(ValueError):
                    virtual.index(stranger)
            else:
                assert virtual.index(stranger) == listed.index(stranger)
        with pytest.raises(IndexError):
            virtual[len(listed)]
        before, after = [Move(actor, "gold")], [Move(actor, "end")]
        view = before + virtual + after
        assert type(view) is Moves and view == before + listed + after and len(view) == len(listed) + 2
        assert [view[i] for i in range(len(view))] == before + listed + after
        assert view.index(listed[-1]) == len(listed) and listed[5] in view
        assert renamed(view, actor, "P1") == [m._replace(actor="P1") for m in before + listed + after]
    assert part == _every_warrant(game.hooks.calling_order, "magistrate", table) and part != part.with_actor("witch")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), table=st.booleans())
def test_the_warrants_of_random_games_are_those_listed_the_old_way(rulebooks, seed, players, table):
    """At every step of random games with the Magistrate: the warrants legal_moves() gives are a
    virtual part exactly where the old list was (his turn, until he warrants or his actions are
    over), with its moves, named for whoever makes them."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.listing import Triples
    from referee.engine.players import choose_move

    rb = rulebooks["2016"]
    cast = random_characters(rb, players, seed)
    cast = tuple("magistrate" if rb.characters[c].rank == 1 else c for c in cast)
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast, table=table)
    order = tuple(character for _, character in game.hooks.calling_order)
    rng = random.Random(seed)
    seen = 0
    while not game.is_over and game.state.round < 30:
        moves = game.legal_moves()
        turn = game.state.turn
        open_ = (turn is not None and turn.character == "magistrate" and "warrant" not in turn.used
                 and not turn.finished_actions)
        warrants = [part for part in parts(moves) if isinstance(part, Triples)]
        if warrants:
            seen += 1
            assert open_ and len(warrants) == 1
            assert list(warrants[0]) == _old_warrants(warrants[0].actor, order, game.table)
        if open_ and not game.state.secret:
            assert game.legal_moves("warrant") == _old_warrants("magistrate", order, game.table)
        game.apply_listed(choose_move(game, None, rng))
    assert seen or all(step.move.verb != "warrant" for step in game.history)     # each warrant played was listed so
