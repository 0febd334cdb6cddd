"""Ranks 7-9 (Navigator, Scholar, Diplomat, Marshal, Artist, Queen) through the engine: whole
random games with them in the cast, the selection phase with a ninth character, and what the
FAQ files cannot say (a dealt deck's shuffle, the bank after a beautified district falls)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import Game, IllegalMove
from referee.engine.casts import rank9_allowed
from referee.engine.invariants import problems, round_trip_problems, totals
from referee.engine.moves import Move
from referee.engine.players import choose_move

from tests.conftest import assert_refused_unless_listed

CASTS = {
    "2016": [("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "diplomat", "artist"),
             ("assassin", "thief", "magician", "king", "bishop", "merchant", "scholar", "marshal", "artist"),
             ("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "marshal", "queen")],
    "classic": [("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "diplomat", "artist"),
                ("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "diplomat", "queen")],
}


def _cast(rb, which: int, players: int) -> tuple[str, ...]:
    """One of the edition's casts, made legal for `players`: the Queen needs five players (the
    Artist takes her place), and a player count that allows no rank 9 character (2016: 2
    players; classic: 2-3) plays ranks 1-8."""
    cast = CASTS[rb.edition][which % len(CASTS[rb.edition])]
    if cast[-1] == "queen" and players < 5:
        cast = cast[:-1] + ("artist",)
    return cast if rank9_allowed(rb, players) else cast[:-1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       which=st.integers(0, 2), table=st.booleans())
def test_random_games_with_ranks_7_to_9_keep_every_invariant(rulebooks, seed, players, edition, which, table):
    """Gold and cards conserved, build limits and duplicates hold, undo restores the exact state,
    notation round-trips, and a move the generator omits is refused without a trace."""
    rb = rulebooks[edition]
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed,
                    characters=_cast(rb, which, players), table=table)
    rng = random.Random(seed)
    expected = totals(game)
    seen: list[Move] = []
    used = Counter()
    while not game.is_over:
        if game.state.round >= 60:
            # Only a true deadlock may stop a game: every coin out of play (the classic bank is
            # finite and the Artist's coins stay on districts) and no card left to draw.
            state = game.state
            assert state.bank <= 0 and not any(p.gold for p in state.players) and not state.deck \
                and not state.discard, "the game does not end"
            return
        moves = game.legal_moves()
        assert moves, "no legal move"
        assert round_trip_problems(game, moves) == []
        seen.extend(m for m in moves if m.verb in ("navigate", "scholar", "exchange", "seize", "beautify"))
        # Only in a dealt game: at a table a later character's move ends the turns before it, and
        # a card drawn unknown may be named as anything (only `?` is listed, as for `draw`).
        for stranger in [] if table else rng.sample(seen[-200:], min(4, len(seen))):
            if stranger in moves:
                continue
            assert_refused_unless_listed(game, stranger, moves)
        ours = [m for m in moves if m.verb in ("navigate", "scholar", "exchange", "seize", "beautify")]
        move = rng.choice(ours) if ours and rng.random() < 0.7 else choose_move(game, moves, rng)
        before = game.state.copy()
        game.apply(move)
        game.undo()
        assert game.state == before, f"undo after {game.format(move)}"
        game.apply(move)
        used[move.verb] += 1
        assert problems(game, expected, before) == [], game.format(move)
    assert len(game.winners()[0]) >= 1


def test_every_verb_of_ranks_7_to_9_is_played_in_random_games(rulebooks):
    """The random games above do reach each ability (not a property that could hold vacuously)."""
    used = Counter()
    for edition in ("2016", "classic"):
        for seed in range(6):
            game = Game.new(rulebooks[edition], [f"P{i}" for i in range(5)], seed=seed,
                            characters=_cast(rulebooks[edition], seed, 5))
            rng = random.Random(seed)
            while not game.is_over and game.state.round < 60:
                moves = game.legal_moves()
                ours = [m for m in moves if m.verb in ("navigate", "scholar", "exchange", "seize", "beautify")]
                move = rng.choice(ours) if ours and rng.random() < 0.7 else choose_move(game, moves, rng)
                game.apply(move)
                used[move.verb] += 1
    assert {"navigate", "scholar", "exchange", "seize", "beautify"} <= set(used), used


def test_eight_players_use_nine_characters_and_the_last_picker_sees_the_facedown_card(rulebooks):
    """FAQ draft.eight-players-rank9: a ninth character, no face-up discard, and the last player chooses
    between the last card and the face-down one."""
    for edition in ("2016", "classic"):
        rb = rulebooks[edition]
        game = Game.new(rb, [f"P{i}" for i in range(8)], seed=3)
        state = game.state
        assert len(state.characters) == 9
        assert {rb.characters[c].rank for c in state.characters} == set(range(1, 10))
        assert state.draft.faceup == [] and len(state.draft.facedown) == 1
        while len(state.draft.order) > 1:
            game.apply(game.legal_moves()[0])
        last = game.legal_moves()
        assert len({m.args for m in last}) == 2, "the eighth player chooses between two cards"
        game.apply(last[0])
        assert state.phase == "turns"
        assert all(len(p.characters) == 1 for p in state.players)


def test_three_players_use_nine_characters_and_two_players_eight(rulebooks):
    """FAQ draft.few-players-nine-characters (2016): three players use ranks 1-9, two use 1-8;
    the Queen needs five players (FAQ queen.player-count), so the ninth is another rank 9."""
    rb = rulebooks["2016"]
    three = Game.new(rb, ["A", "B", "C"], seed=1).state.characters
    assert len(three) == 9 and "queen" not in three and rb.characters[three[-1]].rank == 9
    assert len(Game.new(rb, ["A", "B"], seed=1).state.characters) == 8


def _turn_of(game: Game, character: str) -> None:
    """Play the game on (first legal moves) until `character` is taking a turn."""
    for _ in range(400):
        if game.state.phase == "turns" and game.state.turn.character == character:
            return
        game.apply(game.legal_moves()[0])
    pytest.fail(f"{character} never took a turn")


def _dealt_with(rulebooks, character: str, seed: int = 4) -> Game:
    rb = rulebooks["2016"]
    cast = ("assassin", "thief", "magician", "king", "bishop", "merchant", "scholar", "marshal", "artist")
    for attempt in range(seed, seed + 40):
        game = Game.new(rb, ["A", "B", "C", "D"], seed=attempt, characters=cast)
        while game.state.phase == "draft":
            moves = game.legal_moves()
            preferred = [m for m in moves if m.verb == "pick" and m.args == (character,)]
            game.apply(preferred[0] if preferred else moves[-1])
        if game.state.holder(character) is not None:
            _turn_of(game, character)
            return game
    pytest.fail(f"no deal gave {character} to anyone")


def test_scholar_in_a_dealt_game_keeps_one_and_shuffles_six_back(rulebooks):
    game = _dealt_with(rulebooks, "scholar")
    state = game.state
    deck_before = Counter(state.deck)
    top = state.deck[:7]
    hand_before = list(state.players[state.turn.seat].hand)
    moves = [m for m in game.legal_moves() if m.verb == "scholar"]
    assert sorted(m.args[0] for m in moves) == sorted(set(top))     # one move per distinct card drawn
    with pytest.raises(IllegalMove):
        game.apply(Move("scholar", "scholar", ("?",)))               # a dealt game names the card
    keep = moves[0].args[0]
    game.apply(moves[0])
    assert state.players[state.turn.seat].hand == hand_before + [keep]
    assert Counter(state.deck) == deck_before - Counter([keep])
    assert "?" not in state.deck


def test_a_destroyed_beautified_district_gives_its_coin_back_to_the_bank(rulebooks):
    from referee.engine.state import Built

    game = _dealt_with(rulebooks, "artist")
    state = game.state
    seat = state.turn.seat
    state.players[seat].city = [Built("manor", beautified=True), Built("temple")]
    expected, bank = totals(game), state.bank
    game.destroy_district(seat, "manor")
    assert state.bank == bank + 1
    assert totals(game) == expected          # the coin left the city for the bank: none lost


def test_exchange_notation_with_spaces_and_chinese(rulebooks):
    rb = rulebooks["2016"]
    game = Game.new(rb, ["Ann Lee", "Bob"], seed=1, characters=("assassin", "thief", "magician", "king", "bishop",
                                                                 "merchant", "architect", "diplomat"))
    move = game.parse("Diplomat: exchange Trading Post Ann Lee Great Wall")
    assert move == Move("diplomat", "exchange", ("trading-post", "Ann Lee", "great-wall"))
    assert game.parse(game.format(move)) == move
    assert game.parse("外交官: 交換 神殿 Bob 城堡") == Move("diplomat", "exchange", ("temple", "Bob", "castle"))
    assert game.parse("航海家: 航海 金幣") == Move("navigator", "navigate", ("gold",))
    assert game.parse("Artist: beautify Manor, Castle") == Move("artist", "beautify", ("manor", "castle"))
    assert game.parse("元帥: 奪取 Bob 莊園") == Move("marshal", "seize", ("Bob", "manor"))


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_whoever_uses_the_navigators_power_inherits_his_ban_and_duty(rulebooks, edition):
    """The Navigator's hooks ask whose powers the turn uses (`Turn.powers`, which the Witch
    sets), not who the character is: another character playing his power cannot build, and in
    classic cannot end the turn before taking the bonus (FAQ witch.bewitched-navigator)."""
    rb = rulebooks[edition]
    cast = ("assassin", "thief", "magician", "king", "bishop", "merchant", "navigator", "warlord")
    game = Game.new(rb, ["A", "B", "C", "D"], seed=2, characters=cast)
    while game.state.phase == "draft":
        game.apply(game.legal_moves()[0])
    state = game.state
    turn = state.turn
    seat = turn.seat
    state.players[seat].hand = state.players[seat].hand + ["temple"]   # something to build
    state.players[seat].gold = 9                                       # (the totals are not checked here)
    game.apply(Move(turn.character, "gold"))
    assert any(m.verb == "build" for m in game.legal_moves())        # its own power: it may build
    turn.powers = ("navigator",)                                     # as a Witch who bewitched him
    moves = game.legal_moves()
    assert not any(m.verb == "build" for m in moves)
    assert {m.args for m in moves if m.verb == "navigate"} == {("gold",), ("cards",)}
    with pytest.raises(IllegalMove) as refused:
        game.apply(Move(turn.character, "build", ("temple",)))
    assert refused.value.key == "cannot_build"
    if edition == "classic":
        assert Move(turn.character, "end") not in moves
        with pytest.raises(IllegalMove):
            game.apply(Move(turn.character, "end"))
    game.apply(Move(turn.character, "navigate", ("gold",)))
    assert state.players[seat].gold == 9 + 2 + 4
    game.apply(Move(turn.character, "end"))
