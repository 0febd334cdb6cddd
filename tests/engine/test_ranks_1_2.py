"""The rank 1-2 characters added with the card registry (Witch, Magistrate, Spy, Blackmailer) in
whole random games — dealt and at a physical table, both editions where they exist — and the
notation corners TOML situations cannot express (a move that does not parse is a bad input)."""

from __future__ import annotations

import random

import pytest

from referee.engine import Game, IllegalMove
from referee.engine.invariants import problems, round_trip_problems, totals
from referee.engine.players import choose_move
from referee.errors import BadMove

from tests.conftest import assert_refused_unless_listed

CASTS = {
    "2016": [
        ("witch", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"),
        ("magistrate", "spy", "magician", "king", "bishop", "merchant", "architect", "warlord"),
        ("magistrate", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"),
        ("witch", "spy", "magician", "king", "bishop", "merchant", "architect", "warlord"),
        ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"),
    ],
    "classic": [
        ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"),
        ("witch", "tax-collector", "magician", "king", "bishop", "merchant", "architect", "warlord"),
    ],
}


def _cast(rb, cast, players):
    if players in rb.setup.get("rank9_required", []):
        nine = "queen" if players >= rb.characters["queen"].min_players else "tax-collector"
        if nine not in cast:
            return cast + (nine,)
    return cast


def _play(rb, cast, players, seed, table, variants=frozenset()):
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=_cast(rb, cast, players), table=table,
                    variants=variants)
    rng = random.Random(seed)
    expected = totals(game)
    seen, played = [], set()
    while not game.is_over:
        assert game.state.round <= 100, "the game does not end"
        moves = game.legal_moves()
        assert moves, f"no legal move in round {game.state.round}"
        assert round_trip_problems(game, moves) == []
        seen.extend(moves)
        # Moves of other moments: refused without a trace, or accepted only if listed now (a
        # dealt game: at a table a later character's move is accepted and ends the turns between).
        for stranger in rng.sample(seen, min(4, len(seen))) if not table else ():
            if stranger in moves:
                continue
            assert_refused_unless_listed(game, stranger, moves)
        move = choose_move(game, moves, rng)
        before = game.state.copy()
        game.apply(move)
        game.undo()
        assert game.state == before, f"undo after {game.format(move)}"
        game.apply(move)
        played.add(move.verb)
        assert problems(game, expected, before) == [], game.format(move)
    return played


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_random_games_with_ranks_1_and_2(rulebooks, edition):
    rb = rulebooks[edition]
    played = set()
    for index, cast in enumerate(CASTS[edition]):
        for seed in range(4):
            players = 2 + (3 * seed + index) % 7
            played |= _play(rb, cast, players, 100 * index + seed, table=seed % 2 == 1)
    wanted = {"bewitch"} if edition == "classic" else {"bewitch", "warrant", "spy", "threaten", "bribe", "refuse"}
    assert wanted <= played


@pytest.mark.parametrize("variant, edition, cast", [
    ("spy-takes-from-hand", "2016", CASTS["2016"][1]),
    ("magistrate-victim-builds-again", "2016", CASTS["2016"][2]),
    ("blackmailer-spares-warranted", "2016", CASTS["2016"][2]),
    ("witch-may-decline", "classic", CASTS["classic"][1]),
])
def test_random_games_with_the_variants_of_ranks_1_and_2(rulebooks, variant, edition, cast):
    for seed in range(3):
        _play(rulebooks[edition], cast, 3 + 2 * seed, 700 + seed, table=seed == 1, variants=frozenset({variant}))


def _situation_game(rulebooks, text):
    from referee.situation import edition_of, load, read_text

    data = read_text(text)
    return load(data, rulebooks[edition_of(data)]).game


BASE = """
edition = "2016"
[table]
characters = [{cast}]
[[players]]
name = "Ann"
characters = ["{first}"]
gold = 2
[[players]]
name = "Bob"
characters = ["King"]
gold = 3
hand = ["Manor", "?"]
[[players]]
name = "Cid"
characters = ["Warlord"]
gold = 1
"""


def test_threat_and_warrant_lists_parse_in_any_order_and_print_by_rank(rulebooks):
    cast = '"Magistrate", "Blackmailer", "Magician", "King", "Bishop", "Merchant", "Architect", "Tax Collector", "Warlord"'
    game = _situation_game(rulebooks, BASE.format(cast=cast, first="Magistrate"))
    move = game.parse("Ann: warrant Warlord, Tax Collector King signed 9")
    assert move.args == ("king", "warlord", "tax-collector", "tax-collector")
    assert game.parse(game.format(move)) == move
    assert game.format(game.parse("Magistrate: warrant 8 4 5")) == "Magistrate: warrant King Bishop Warlord"
    with pytest.raises(BadMove):
        game.parse("Ann: warrant King Bishop")
    game = _situation_game(rulebooks, BASE.format(cast=cast, first="Blackmailer"))
    with pytest.raises(BadMove):
        game.parse("Ann: threaten King Warlord Bishop flowers King")      # two markers, not three
    assert game.parse("Ann: 威脅 領主 國王 花邊 國王").args == ("king", "warlord", "king")


def test_a_dealt_game_needs_the_hidden_marker_named(rulebooks):
    """Dealt (not at a table), the engine knows every marker: the signed one must be said."""
    rb = rulebooks["2016"]
    cast = ("magistrate", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord")
    for seed in range(20):
        game = Game.new(rb, ["A", "B", "C", "D"], seed=seed, characters=cast)
        while game.state.phase == "draft":
            game.apply(game.legal_moves()[0])
        if game.state.turn is not None and game.state.turn.character == "magistrate":
            break
    else:
        pytest.fail("no seed gives the Magistrate the first turn")
    with pytest.raises(IllegalMove) as refused:
        game.apply(game.parse("Magistrate: warrant King Bishop Warlord"))
    assert refused.value.key == "name_signed"
    warrants = [m for m in game.legal_moves() if m.verb == "warrant"]
    assert warrants and all(m.args[-1] in m.args[:3] for m in warrants)


def test_spy_counts_a_known_hand_and_asks_for_an_unknown_one(rulebooks):
    cast = '"Assassin", "Spy", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"'
    game = _situation_game(rulebooks, BASE.format(cast=cast, first="Spy"))
    noble = [m for m in game.legal_moves() if m.verb == "spy" and m.args[:2] == ("Bob", "noble")]
    assert [m.args for m in noble] == [("Bob", "noble", 1), ("Bob", "noble", 2)]   # Manor, and the unknown card
    plain = [m for m in game.legal_moves() if m.verb == "spy" and m.args[:2] == ("Cid", "noble")]
    assert [m.args for m in plain] == [("Cid", "noble"), ("Cid", "noble", 0)]       # an empty hand is known
    game.apply(game.parse("Ann: spy Bob yellow found 2"))
    assert [p.gold for p in game.state.players] == [4, 1, 1]
    assert len(game.state.players[0].hand) == 2


def test_the_witch_may_bewitch_her_own_second_character(rulebooks):
    """Three players hold two characters each: nothing forbids naming her own; she gathers as its
    holder, then plays the rest of it as the Witch (her seat either way)."""
    text = """
edition = "2016"
[table]
characters = ["Witch", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Tax Collector"]
[[players]]
name = "Ann"
characters = ["Witch", "Merchant"]
gold = 0
[[players]]
name = "Bob"
characters = ["King", "Bishop"]
[[players]]
name = "Cid"
characters = ["Warlord", "Architect"]
[play]
moves = ["Ann: gold", "Ann: bewitch Merchant", "Ann: gold", "Ann: income", "Ann: end"]
"""
    from referee.cli.ask_cmd import rule_on_moves
    from referee.situation import load, read_text

    report = rule_on_moves(load(read_text(text), rulebooks["2016"]), "en")
    assert [s["legal"] for s in report["steps"]] == [True, True, True, True, True]
    assert report["steps"][2]["character"] == "Merchant"      # the holder's part: gathering
    assert report["steps"][3]["character"] == "Witch"         # the rest: the Witch
    assert report["state"]["players"][0]["gold"] == 2 + 2 + 1  # two gatherings and the Merchant's extra gold


def test_undo_crosses_the_split_turn(rulebooks):
    text = BASE.format(cast='"Witch", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"',
                       first="Witch")
    game = _situation_game(rulebooks, text)
    start = game.state.copy()
    for line in ("Ann: gold", "Ann: bewitch King", "Bob: gold", "Ann: income"):
        game.apply(game.parse(line))
    assert game.state.turn.acting == "witch" and game.state.turn.character == "king"
    for _ in range(4):
        game.undo()
    assert game.state == start
