"""The Wizard, the Seer, the Emperor and the Patrician in dealt games: random games with them in
the cast keep every invariant (undo exact, notation round-trips, legal_moves() lists exactly what
apply() accepts), and the parts a situation (a physical table) cannot show: the engine's own
random cards and the decisions that must be made before anything else."""

from __future__ import annotations

import random

import pytest

from referee.engine import Game, IllegalMove
from referee.engine.casts import check_cast, default_rank9, rank9_required
from referee.engine.invariants import problems, round_trip_problems, totals
from referee.engine.moves import Move
from referee.engine.players import choose_move

BASE = ("assassin", "thief", "bishop", "merchant", "architect", "warlord")
CASTS = [
    ("2016", "wizard", "emperor", "queen", ()),
    ("2016", "seer", "patrician", "tax-collector", ()),
    ("2016", "seer", "emperor", "queen", ()),
    ("classic", "wizard", "emperor", "queen", ()),
    ("classic", "wizard", "emperor", "queen", ("name-characters-not-players", "queen-beside-crowned")),
]


def cast(three: str, four: str, nine: str) -> tuple[str, ...]:
    return BASE[:2] + (three, four) + BASE[2:] + (nine,)


def legal_cast(rb, players: int, three: str, four: str, nine: str) -> tuple[str, ...]:
    """`cast(three, four, nine)` where the player count allows it; otherwise the rank 9 character
    gives way (the Queen needs 5+ players; classic allows no rank 9 with 3): to the edition's
    default one where the count requires a rank 9, else to none."""
    chars = cast(three, four, nine)
    if check_cast(rb, players, chars) is None:
        return chars
    eight = chars[:-1]
    return eight + (default_rank9(rb, players),) if rank9_required(rb, players) else eight


def play(game: Game, seed: int, strangers: bool) -> list[str]:
    """A random game; every move checked. `strangers`: moves seen earlier are tried too, and one
    that applies must be among legal_moves()."""
    rng = random.Random(seed)
    expected = totals(game)
    seen: list[Move] = []
    found: list[str] = []
    while not game.is_over and not found:
        moves = game.legal_moves()
        if not moves or game.state.round > 60:
            return [f"stuck in round {game.state.round}"]
        if strangers:
            seen = (seen + moves)[-300:]
            for stranger in rng.sample(seen, min(6, len(seen))):
                if stranger in moves:
                    continue
                before = game.state.copy()
                try:
                    game.apply(stranger)
                except IllegalMove:
                    if game.state != before:
                        found.append(f"refused {game.format(stranger)} changed the state")
                else:
                    game.undo()
                    found.append(f"{game.format(stranger)} applies but legal_moves() omits it")
        move = choose_move(game, moves, rng)
        before = game.state.copy()
        found += round_trip_problems(game, moves)
        game.apply(move)
        game.undo()
        if game.state != before:
            found.append(f"undo did not restore the state after {game.format(move)}")
        game.apply(move)
        found += problems(game, expected, before)
    return found


@pytest.mark.parametrize("edition, three, four, nine, variants", CASTS)
@pytest.mark.parametrize("players", [3, 5, 7])
def test_random_games_with_ranks_3_and_4(rulebooks, edition, three, four, nine, variants, players):
    for seed in range(2):
        rb = rulebooks[edition]
        game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed * 7 + players,
                        characters=legal_cast(rb, players, three, four, nine), variants=frozenset(variants))
        assert play(game, seed, strangers=seed == 0) == []
        assert game.is_over


def turn_of(rb, character: str, players: int = 4, seed: int = 3, others=()) -> Game:
    """A dealt game played with random moves until `character`'s turn starts."""
    chars = legal_cast(rb, players, *(others or ("seer", "emperor", "queen")))
    for attempt in range(200):
        game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed + attempt, characters=chars)
        rng = random.Random(attempt)
        while game.state.round == 1 and not game.is_over:
            turn = game.state.turn
            if turn is not None and turn.character == character and not turn.used and not turn.gathered:
                return game
            moves = game.legal_moves()
            kills = [m for m in moves if m.verb != "kill" or m.args[0] != character]
            game.apply(choose_move(game, kills or moves, rng))
    raise AssertionError(f"{character} never played")


def test_the_seer_takes_random_cards_and_must_give_one_back_to_each_first(rulebooks):
    game = turn_of(rulebooks["2016"], "seer")
    state = game.state
    seat = state.turn.seat
    holders = [p.name for i, p in enumerate(state.players) if i != seat and p.hand]
    sizes = [len(p.hand) for p in state.players]
    other = next(n for n in holders)
    with pytest.raises(IllegalMove) as refused:
        game.apply(Move("seer", "seer", ((other, state.players[state.seat_of(other)].hand[0]),)))
    assert refused.value.key == "seer_random"          # a dealt game: the engine draws
    game.apply(Move("seer", "seer"))
    assert len(state.players[seat].hand) == sizes[seat] + len(holders)
    assert state.pending.required and set(state.pending.data) == set(holders)
    moves = game.legal_moves()
    assert moves and all(m.verb == "give" for m in moves)
    assert {m.args[0] for m in moves} == set(holders)
    while state.pending is not None:
        game.apply(game.legal_moves()[0])
    assert [len(p.hand) for p in state.players] == sizes
    assert any(m.verb == "gold" for m in game.legal_moves())


def test_the_2016_emperor_takes_a_random_card_the_classic_one_the_card_given(rulebooks):
    game = turn_of(rulebooks["2016"], "emperor", others=("seer", "emperor", "queen"))
    crowns = [m for m in game.legal_moves() if m.verb == "crown"]
    assert crowns and all(len(m.args) == 2 for m in crowns)        # never a named card
    assert not any(m.verb == "end" for m in game.legal_moves())
    game = turn_of(rulebooks["classic"], "emperor", others=("wizard", "emperor", "queen"))
    state = game.state
    crowns = [m for m in game.legal_moves() if m.verb == "crown"]
    cards = [m for m in crowns if len(m.args) > 1 and m.args[1] == "card"]
    assert all(len(m.args) == 3 for m in cards)                   # classic: the giver's card is named
    for move in cards:
        receiver = state.players[state.seat_of(move.args[0])]
        assert move.args[2] in receiver.hand
    assert all(state.seat_of(m.args[0]) not in (state.turn.seat, state.crown) for m in crowns)


def test_the_crown_may_move_exactly_where_a_receiver_is_listed(rulebooks):
    """The Emperor's duty before `end` and his advisor's decision ask whether anyone may receive
    the crown by counting the seats (`may_crown`), not listing them: it must say so exactly where
    `receivers` lists someone, for every giver and holder at every number of players."""
    from referee.engine.cards.characters import emperor

    for players in range(2, 9):
        game = Game.new(rulebooks["2016"], [f"P{i}" for i in range(players)], seed=0)
        for holder in range(players):
            game.state.crown = holder
            for giver in range(players):
                assert emperor.may_crown(game, giver) == bool(emperor.receivers(game, giver)), (players, holder, giver)


def test_a_killed_2016_emperor_moves_the_crown_at_the_end_of_the_round(rulebooks):
    rb = rulebooks["2016"]
    for seed in range(40):
        game = Game.new(rb, ["A", "B", "C", "D"], seed=seed, characters=legal_cast(rb, 4, "seer", "emperor", "queen"))
        while game.state.phase == "draft":
            game.apply(game.legal_moves()[0])
        state = game.state
        if state.turn.character != "assassin" or state.holder("emperor") is None:
            continue
        game.apply(Move("assassin", "kill", ("emperor",)))
        rng = random.Random(seed)
        while state.turn is not None:
            game.apply(choose_move(game, game.legal_moves(), rng))
        advisor = state.holder("emperor")
        moves = game.legal_moves()
        assert moves and all(m.verb == "crown" and len(m.args) == 1 for m in moves)
        assert {state.seat_of(m.args[0]) for m in moves} == set(range(4)) - {advisor, state.crown}
        gold = [p.gold for p in state.players]
        before = state.copy()
        game.apply(moves[0])
        assert state.crown == state.seat_of(moves[0].args[0])
        assert [p.gold for p in state.players] == gold           # he takes nothing
        assert state.phase == "draft" and state.round == 2
        game.undo()
        assert state == before
        return
    raise AssertionError("no game where the Assassin could kill a held Emperor")


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("table", [False, True])
def test_the_wizards_builds_listed_are_every_one_his_rule_allows(rulebooks, edition, table):
    """The Wizard's look listing asks the turn's part of his build check once, and for each
    card first whether it is affordable at the best discount any card gives (`build_discount`),
    then the card's part: at every step of his turns, with his gold as it is and set to each of
    a few amounts, and (2016) with a Factory in his city, each card he may take is listed with
    `build` exactly when _build_problem() — as apply() asks it — allows it."""
    from referee.engine.cards.characters import wizard
    from referee.engine.moves import make_move
    from referee.engine.state import UNKNOWN, Built

    rb = rulebooks[edition]

    def lists_what_the_rule_allows(game):
        seat = game.state.turn.seat
        moves = wizard._generate_look(game)
        expected = []
        for move in (m for m in moves if len(m.args) < 3):
            expected.append(move)
            card = move.args[1] if len(move.args) > 1 else UNKNOWN
            if card != UNKNOWN and wizard._build_problem(game, seat, card) is None:
                expected.append(make_move((move.actor, "look", move.args + ("build",))))
        assert moves == expected
        return sum(len(m.args) > 2 for m in moves)

    builds = 0
    for seed in range(12):
        game = Game.new(rb, ["A", "B", "C", "D", "E"], seed=seed, table=table,
                        characters=cast("wizard", "king", "queen"))
        rng = random.Random(seed)
        while not game.is_over and game.state.round < 30:
            turn = game.state.turn
            if turn is not None and turn.character == "wizard":
                player = game.state.players[turn.seat]
                gold, city = player.gold, player.city
                for player.gold in (gold, 0, 1, 3, 6):
                    builds += lists_what_the_rule_allows(game)
                    if edition == "2016":
                        player.city = city + [Built("factory", 1)]
                        builds += lists_what_the_rule_allows(game)
                        player.city = city
                player.gold = gold
            game.apply_listed(choose_move(game, None, rng))
    assert builds
