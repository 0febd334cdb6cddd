"""Random legal games over seeds, player counts 2-8, both editions and random legal casts of
every character the engine plays: after every move gold and cards are conserved, duplicates and
build limits hold, undo restores the exact state, every legal move's notation round-trips, and
every game ends."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.cli.simulate_cmd import play_game
from referee.engine import Game
from referee.engine.invariants import totals

from tests.conftest import assert_refused_unless_listed


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_random_games_keep_every_invariant(rulebooks, seed, players, edition):
    game, moves, problems = play_game(rulebooks[edition], players, seed, check=True)
    assert problems == []
    assert game.is_over
    assert moves > 20
    assert len(game.winners()[0]) >= 1


def _random_cast_game(rb, seed: int, players: int, table: bool = False) -> Game:
    """A game of `players` with the random legal cast that `simulate --seed` deals for `seed`."""
    from referee.cli.simulate_cmd import random_characters

    return Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, table=table,
                    characters=random_characters(rb, players, seed))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
@example(seed=10810, players=3, edition="classic")   # the Wizard's draw read as his Hospital's answer
def test_refused_moves_change_nothing(rulebooks, seed, players, edition):
    """A move that is not legal now (taken from another moment of the game) leaves the state as
    it was; one that is accepted must be among legal_moves() (it lists every legal move)."""
    game = _random_cast_game(rulebooks[edition], seed, players)
    rng = random.Random(seed)
    seen = []
    for _ in range(150):
        if game.is_over:
            break
        moves = game.legal_moves()
        seen.extend(moves)
        for stranger in rng.sample(seen, min(12, len(seen))):
            if stranger in moves:
                continue
            assert_refused_unless_listed(game, stranger, moves)
        game.apply(rng.choice(moves))


def test_setup(rulebooks):
    from referee.engine.registry import supported

    classic = rulebooks["classic"]
    purple = sum(d.copies for d in classic.districts.values() if d.type == "unique" and supported(d.id, "classic"))
    for edition, deck in (("2016", 54 + 14), ("classic", 54 + purple)):   # classic: every purple card the engine plays
        game = Game.new(rulebooks[edition], ["A", "B", "C", "D"], seed=1)
        assert all(len(p.hand) == 4 and p.gold == 2 for p in game.state.players)
        assert game.state.crown == 0 and game.state.phase == "draft"
        assert totals(game)[1] == deck
        assert game.state.bank == 30 - 8
        draft = game.state.draft
        assert len(draft.faceup) == 2 and len(draft.facedown) == 1
        assert all(rulebooks[edition].characters[c].rank != 4 for c in draft.faceup)


def test_draft_for_every_player_count(rulebooks):
    for edition in ("2016", "classic"):
        for players in range(2, 9):
            for seed in range(5):
                game = Game.new(rulebooks[edition], [f"P{i}" for i in range(players)], seed=seed)
                while game.state.phase == "draft":
                    game.apply(game.legal_moves()[0])
                held = [c for p in game.state.players for c in p.characters]
                assert len(held) == len(set(held))
                per_player = 2 if players < 4 else 1
                assert all(len(p.characters) == per_player for p in game.state.players), (edition, players)
                draft = game.state.draft
                assert len(held) + len(draft.faceup) + len(draft.facedown) == len(game.state.characters)


def test_state_copy_covers_every_field(rulebooks):
    """State.copy() is written out by hand for speed: it must copy every slot, deeply enough
    that changing the copy leaves the original alone."""
    from referee.engine.state import State

    game = Game.new(rulebooks["2016"], ["A", "B", "C", "D"], seed=2)
    copy = game.state.copy()
    for slot in State._fields:
        assert getattr(copy, slot) == getattr(game.state, slot), slot
    copy.players[0].hand.append("temple")
    copy.deck.pop()
    assert copy != game.state and len(game.state.players[0].hand) == 4


def test_seat_of_answers_as_a_scan_of_the_seats(rulebooks):
    """State.seat_of() reads a table of the names made once per players list: for every name in
    any case, and for strangers, it must give the first seat whose name folds to it, as a scan of
    the seats would — on a new game, its copy, and a copy whose players list was replaced (a
    view's, table/view.py), whose names differ."""
    import copy

    from referee.engine.state import Player

    def scan(state, name):
        return next((seat for seat, p in enumerate(state.players) if p.name.casefold() == name.casefold()), None)

    names = ["Ann", "ann", "ANN", "bob", "Bob", "BOB", "émile", "ÉMILE", "Straße", "STRASSE", "carl", ""]
    state = Game.new(rulebooks["2016"], ["Ann", "bob", "BOB", "Émile", "strasse"], seed=1).state
    for seen in (state, state.copy()):
        assert [seen.seat_of(name) for name in names] == [scan(seen, name) for name in names]
    seen = copy.copy(state)
    seen.players = [Player(name) for name in ("Carl", "ann")]
    assert [seen.seat_of(name) for name in names] == [scan(seen, name) for name in names]
    assert [state.seat_of(name) for name in names] == [scan(state, name) for name in names]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_games_with_a_recorded_selection_phase(rulebooks, seed, players, edition):
    """At a physical table the selection is recorded, not dealt: whole games still hold."""
    from referee.engine.invariants import problems
    from referee.engine.players import choose_move

    game = Game.new(rulebooks[edition], [f"P{i}" for i in range(players)], seed=seed, table=True)
    rng = random.Random(seed)
    expected = totals(game)
    while not game.is_over and game.state.round < 100:
        before = game.state.copy()
        game.apply(choose_move(game, game.legal_moves(), rng))
        assert problems(game, expected, before) == []
        if game.state.phase == "turns":
            held = [c for p in game.state.players for c in p.characters]
            assert len(held) == len(set(held)) == (2 if players < 4 else 1) * players
    assert game.is_over


def test_snapshot_restores_every_field(rulebooks):
    """snapshot()/restore() share the lists (the engine never changes a list in place): a
    restored state equals a deep copy taken at the snapshot, whatever happened in between."""
    game = Game.new(rulebooks["classic"], ["A", "B", "C"], seed=5)
    for _ in range(30):
        game.apply(game.legal_moves()[0])
    before = game.state.copy()
    snapshot = game.state.snapshot()
    for _ in range(40):
        if game.is_over:
            break
        game.apply(game.legal_moves()[-1])
    game.state.restore(snapshot)
    assert game.state == before


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
# The verbs whose listed moves skip their checks (`Verb.apply_listed`) each played in a cast that has
# them: the Magistrate's warrants and the Blackmailer's threats; the Witch's spell and the threats at a table.
@example(seed=0, players=5, edition="2016", table=False)
@example(seed=3, players=4, edition="2016", table=True)
def test_a_listed_move_played_unchecked_plays_as_checked(rulebooks, seed, players, edition, table):
    """apply_listed() (a move taken from legal_moves(), its checks of who may make it not made
    again) leaves the same position and says the same events as the checked apply(), for every
    listed move (a sample of a long list) over random casts."""
    from referee.engine.players import choose_move

    game = _random_cast_game(rulebooks[edition], seed, players, table)
    rng = random.Random(seed)
    while not game.is_over and game.state.round < 30:
        moves = game.legal_moves()
        for move in moves if len(moves) <= 12 else rng.sample(moves, 12):
            checked = game.apply(move)
            after = game.state.copy()
            game.undo()
            assert game.apply_listed(move) == checked, move
            assert game.state == after, move
            game.undo()
        game.apply_listed(choose_move(game, moves, rng))
    assert game.is_over


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_the_moves_of_one_verb_are_those_of_the_whole_list(rulebooks, seed, players, edition, table):
    """legal_moves(verb) lists only that verb's generators: it must give exactly the whole list
    filtered by verb, in its order (also when it reads what the position listed already); so
    must a position's `listing()`, whose verbs hold every verb of the whole list in order (each
    verb's a list but the Magician's redraws and the Magistrate's warrants, which may be virtual
    parts), and its `listed()` of several verbs, some listed before, some not; so
    must a dealt selection's offer (the pick or discard, the characters offered), whose one move
    the random player makes; and the random player asking verb by verb (moves None)
    chooses the move it chooses from the whole list, with the same draws."""
    from referee.engine import draft
    from referee.engine.moves import make_move
    from referee.engine.players import choose_move

    game = _random_cast_game(rulebooks[edition], seed, players, table)
    rng = random.Random(seed)
    while not game.is_over and game.state.round < 30:
        moves = game.legal_moves()
        known: dict = {}            # what this position listed, verb by verb: read again, never listed twice
        for verb in {m.verb for m in moves} | {"build", "gold", "draw", "end", "use"}:
            assert game.legal_moves(verb) == [m for m in moves if m.verb == verb], verb
            assert game.legal_moves(verb, known) == [m for m in moves if m.verb == verb], verb
        assert game.legal_moves(None, known) == moves
        asked = game.listing()       # (None where the moves do not come grouped by verb)
        if asked is not None:
            assert {m.verb for m in moves} <= set(asked.verbs)
            for verb in asked.verbs + ("build", "gold", "draw", "end", "use"):
                assert asked.of(verb) == [m for m in moves if m.verb == verb], verb
                # (the random player reads every verb's but the redraws' and the warrants' as
                # listed: a list)
                assert verb in ("redraw", "warrant") or type(asked.of(verb)) is list, verb
            assert asked.all() == moves
            assert game.listing().all() == moves      # all first, then by verb
            # listed(verbs): their moves in one sequence (a view where the warrants are among
            # them), in the order asked, each verb's read back where the position listed it
            # already (here all of them) or listed now (a new one's).
            lists = tuple(verb for verb in asked.verbs if verb != "redraw")
            assert asked.listed(lists) == [m for m in moves if m.verb in lists]
            fresh = game.listing()
            for verb in lists[::2]:
                fresh.of(verb)
            assert fresh.listed(lists[::-1]) == [m for verb in lists[::-1] for m in moves if m.verb == verb]
        offer = draft.offer(game) if game.state.phase == "draft" else None
        if offer is not None:
            name, verb, characters = offer
            assert [make_move((name, verb, (c,))) for c in characters] == moves
        asking = random.Random()
        asking.setstate(rng.getstate())
        move = choose_move(game, moves, rng)
        assert choose_move(game, None, asking) == move
        assert asking.getstate() == rng.getstate()
        game.apply_listed(move)
    assert game.is_over


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_what_is_made_once_is_what_is_made_afresh(rulebooks, seed, players, edition, table):
    """What the engine and the random player make once and keep (session 12) is, at every step of
    random games, what is made afresh: each character's `end` and bare `income` moves, listed
    from `basic.bare_moves`' caches, are the moves its generators made before
    (the turn's character, the verb, no arguments; only where end_problem() and the income
    allow them); the other verbs of a position's `Listing` the random player reads
    (`players._OTHER_VERBS`) are its verbs but `end` and the redraws, in order."""
    from referee.engine.cards import basic
    from referee.engine.moves import Move
    from referee.engine.players import _NOT_OTHERS, _OTHER_VERBS, choose_move

    game = _random_cast_game(rulebooks[edition], seed, players, table)
    rng = random.Random(seed)
    while not game.is_over and game.state.round < 30:
        moves = game.legal_moves()
        turn = game.state.turn
        asked = game.listing()       # (a turn's moves grouped by verb, or a required decision's)
        if asked is not None and game.state.pending is None and not turn.only and not turn.acting:
            # (a whole turn, played by its character's holder: a part allows its verbs only, and
            # one played by another names her)
            for move in moves:
                if move.verb == "end" or (move.verb == "income" and not move.args):
                    assert type(move) is Move and move == Move(turn.character, move.verb, ()), move
            ends = [m for m in moves if m.verb == "end"]
            assert ends == ([] if basic.end_problem(game) else [Move(turn.character, "end", ())])
        move = choose_move(game, None, rng)
        if asked is not None and asked.verbs in _OTHER_VERBS:
            others = tuple(verb for verb in asked.verbs if verb not in _NOT_OTHERS)
            assert _OTHER_VERBS[asked.verbs] == others
        game.apply_listed(move)
    assert game.is_over or game.state.round >= 30


def _listed(moves) -> list:
    """The moves of `moves` but those of a virtual part that may be too many to list (the
    redraws): those of the lists, and of a `listable` part (the warrants) as a list's."""
    from referee.engine import listing

    return [m for part in listing.parts(moves) if isinstance(part, list) or part.listable for m in part]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_the_turn_tables_shared_by_every_cast_are_each_casts_own(rulebooks, seed, players, edition, table):
    """The generators a turn asks (turn._asked) come from one table per rulebook, shared by every
    game and every cast (registry._turn_tables): at every step of the turns of games of several
    random casts played one after the other, a table game and dealt games (with and without a
    district that has an action), the shared entry is what this game's own hooks make."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine import turn as turn_phase
    from referee.engine.players import choose_move

    rb = rulebooks[edition]
    names = [f"P{i}" for i in range(players)]
    for game_seed, uniques in ((seed, None), (seed + 1, []), (seed + 2, None)):
        # (uniques=[]: a deck without unique districts, so no district has an action)
        game = Game.new(rb, names, seed=game_seed, characters=random_characters(rb, players, game_seed),
                        uniques=uniques, table=table and game_seed == seed)
        rng = random.Random(game_seed)
        while not game.is_over and game.state.round < 30:
            now = game.state.turn
            if now is not None:
                key = (now.character, now.gathered, now.finished_actions, now.powers)
                assert turn_phase._asked(game, now) == turn_phase._generators(rb, game.hooks, *key), key
                if now.only:
                    # (a part that allows some verbs only: its own entry, under the longer key; the
                    # Witch's part of a bewitched turn asks the turn's own, `_asked`)
                    key += (now.only,)
                    assert turn_phase._part_asked(game, now) == turn_phase._generators(rb, game.hooks, *key), key
            game.apply_listed(choose_move(game, None, rng))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_a_turn_has_the_powers_it_uses(rulebooks, seed, players, edition):
    """has_power (asked by the generators at every step, without making the tuple of powers) says
    of every character what `powers` holds, at every step of the turns of random casts (the
    Witch's bewitched turns, whose holder has no power and whose rest she plays, included)."""
    from referee.engine.cards.common import has_power, powers
    from referee.engine.players import choose_move

    game = _random_cast_game(rulebooks[edition], seed, players)
    rng = random.Random(seed)
    while not game.is_over and game.state.round < 30:
        if game.state.turn is not None:
            held = powers(game)
            assert [c for c in game.rb.characters if has_power(game, c)] == [c for c in game.rb.characters if c in held]
        game.apply_listed(choose_move(game, None, rng))


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_what_a_city_has_built_is_what_it_holds(rulebooks, seed, players, edition, table):
    """Player.has_built reads the city's names, made once per city list (a city is never
    changed in place: every change puts a new list there): after every move, checked or listed,
    and every undo, the districts it says a seat has built are exactly those of its city, over
    random casts (the cards that change cities: builds, destructions, the Diplomat's exchanges,
    the Marshal's seizures, the Magistrate's confiscations, the Museum, the Artist). Each
    district of a city is a whole `Built` (a build makes it without its Python-level __new__)."""
    from referee.engine.players import choose_move
    from referee.engine.state import Built

    rb = rulebooks[edition]
    game = _random_cast_game(rb, seed, players, table)
    rng = random.Random(seed)

    def holds():
        for player in game.state.players:
            assert {d for d in rb.districts if player.has_built(d)} == {b.id for b in player.city}, player.name
            for built in player.city:
                assert type(built) is Built and built == Built(*built), built

    while not game.is_over and game.state.round < 30:
        holds()
        move = choose_move(game, game.legal_moves(), rng)
        game.apply(move)
        holds()
        game.undo()
        holds()
        game.apply_listed(move)
    holds()
    assert game.is_over


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_a_game_played_forward_only_plays_as_one_with_undo(rulebooks, seed, players, edition):
    """Game.new(..., undo=False) (simulate without its checks) takes no snapshot for a listed
    move: move by move it must reach the same positions and say the same events as a game that
    keeps its undo stack, over random casts."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.players import choose_move

    rb = rulebooks[edition]
    names, cast = [f"P{i}" for i in range(players)], random_characters(rb, players, seed)
    kept = Game.new(rb, names, seed=seed, characters=cast)
    forward = Game.new(rb, names, seed=seed, characters=cast, undo=False)
    assert forward.state == kept.state
    rng = random.Random(seed)
    while not kept.is_over and kept.state.round < 30:
        move = choose_move(kept, None, rng)
        assert forward.apply_listed(move) == kept.apply_listed(move), move
        assert forward.state == kept.state, move
    assert forward.is_over == kept.is_over
    assert [step.move for step in forward.history] == [step.move for step in kept.history]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_a_game_that_says_nothing_plays_as_one_that_does(rulebooks, seed, players, edition):
    """Game.new(..., events=False) (simulate without its checks, the bench) makes no event:
    move by move it must reach the same positions as a game that says them, and say nothing,
    over random casts."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.players import choose_move

    rb = rulebooks[edition]
    names, cast = [f"P{i}" for i in range(players)], random_characters(rb, players, seed)
    said = Game.new(rb, names, seed=seed, characters=cast)
    quiet = Game.new(rb, names, seed=seed, characters=cast, undo=False, events=False)
    assert quiet.state == said.state
    rng = random.Random(seed)
    while not said.is_over and said.state.round < 30:
        move = choose_move(said, None, rng)
        said.apply_listed(move)
        assert quiet.apply_listed(move) == [], move
        assert quiet.state == said.state, move
    assert quiet.is_over == said.is_over
    assert [step.move for step in quiet.history] == [step.move for step in said.history]
    assert all(step.events == [] for step in quiet.history)     # (they share one list: it stays empty)
    assert quiet.scores() == said.scores() and quiet.winners() == said.winners()   # asked, not said


def test_a_game_without_undo_says_so(rulebooks):
    """A game played forward only has no undo; a move it is told was listed but is refused leaves
    a position it cannot go back from: an error of the engine, not a refusal (IllegalMove says the
    position is untouched)."""
    import pytest

    from referee.engine.errors import IllegalMove

    game = Game.new(rulebooks["2016"], ["A", "B", "C", "D"], seed=3, undo=False)
    game.apply_listed(game.legal_moves()[0])
    with pytest.raises(RuntimeError, match="without undo"):
        game.undo()
    while game.state.phase == "draft":
        game.apply_listed(game.legal_moves()[0])
    hand = game.state.players[game.state.turn.seat].hand
    absent = next(card for card in game.rb.district_deck([]) if card not in hand)     # (not in the hand)
    stranger = game.parse(f"{game.state.turn.character}: build {absent}")
    with pytest.raises(IllegalMove):
        game.apply(stranger)             # checked: refused, the position untouched
    with pytest.raises(RuntimeError, match="refused"):
        game.apply_listed(stranger)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans(), forced=st.sampled_from(["", "trader", "cardinal", "navigator"]))
def test_the_build_listing_is_every_build_the_rules_allow(rulebooks, seed, players, edition, table, forced):
    """The build listing asks the turn's checks once and the limit once, then only the card's
    checks for each card, and asks nothing more once the limit leaves no card of the hand: at
    every step of the turns of random casts it must list exactly what every `build_moves` hook
    offers (the cards that pay another way), then every district the hand may stand for that
    build_problem() — the turn's and the card's checks together, as apply() asks them — allows.
    Asked of each position as it is, with a few cards of the deck more in the hand, those
    outside the limit (the Stables) among them when the deck has them, and with an unknown card
    more (which may stand for the Stables once the limit is reached). Most games have one of the
    characters whose build hooks the listing asks only in their own turns (basic.build_generator):
    the Trader (2016), whose trade districts stay outside his limit (the listing, once it is
    reached, looks only at the types his card names, `limit_free_types`), the Cardinal (2016),
    who builds with another player's gold, the Navigator, who may not build."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine import registry, turn as turns
    from referee.engine.cards import basic
    from referee.engine.moves import make_move
    from referee.engine.players import choose_move
    from referee.engine.state import UNKNOWN

    rb = rulebooks[edition]
    cast = random_characters(rb, players, seed)
    if forced in rb.characters:
        rank = rb.characters[forced].rank
        cast = tuple(forced if rb.characters[c].rank == rank else c for c in cast)
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast, table=table)
    rng, more = random.Random(seed), random.Random(-seed)

    # Every card's build_moves in play, the cast's (in rank order) then the districts': a
    # character's is asked only in a turn using its powers (the turn's build listing, as the
    # turn's generators list it: basic.build_generator), and says nothing in another.
    paying_otherwise = [b.build_moves for _, c in game.hooks.calling_order
                        if hasattr(b := registry.behaviour(c), "build_moves")] + list(game.hooks.build_moves)

    def lists_what_the_rules_allow():
        turn = game.state.turn
        seat = turn.seat
        hand = game.state.players[seat].hand
        named = sorted(set(rb.districts) if UNKNOWN in hand else set(hand))
        expected = [m for generate in paying_otherwise for m in generate(game)]
        expected += [make_move((turn.character, "build", (d,))) for d in named
                     if basic.build_problem(game, seat, d) is None]
        listed = dict(turns._asked(game, turn)[0]).get("build")     # (the turn's, once gathered)
        assert (listed(game) if listed is not None else []) == expected, hand

    while not game.is_over and game.state.round < 30:
        if game.state.turn is not None:
            lists_what_the_rules_allow()
            player = game.state.players[game.state.turn.seat]
            hand, deck = player.hand, sorted(set(game.state.deck) - {UNKNOWN})
            player.hand = hand + more.sample(deck, min(3, len(deck))) + sorted(rb.outside_limit & set(deck))
            lists_what_the_rules_allow()
            player.hand = hand + [UNKNOWN]      # a card a table does not know: any unseen district
            lists_what_the_rules_allow()
            player.hand = hand
        game.apply_listed(choose_move(game, None, rng))
    assert game.is_over


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       variant=st.booleans())
def test_the_armorys_targets_are_every_district_its_rule_allows(rulebooks, seed, players, edition, variant):
    """The Armory's move generator asks a whole city's protection once per city, then each
    district's own checks: at every step of the turns of random casts, with the Armory in the
    deck and in the turn's city, it must list exactly the districts of every city (each name
    once, by name) that armory_problem() — as apply() asks it — allows, with and without the
    edition's variant on completed cities."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.moves import make_move
    from referee.engine.players import choose_move
    from referee.engine.registry import behaviour
    from referee.engine.state import Built
    from referee.engine.cards.districts.armory import armory_problem

    rb = rulebooks[edition]
    variants = frozenset(["armory-hits-completed-city" if edition == "2016" else "armory-spares-completed-city"] if variant else [])
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, uniques=["armory"], variants=variants,
                    characters=random_characters(rb, players, seed))
    armory = behaviour("armory")
    rng = random.Random(seed)
    while not game.is_over and game.state.round < 30:
        turn = game.state.turn
        if turn is not None and "armory" not in turn.used:
            player = game.state.players[turn.seat]
            city = player.city
            if not player.has_built("armory"):
                player.city = city + [Built("armory")]
            expected = [make_move((turn.character, "use", ("armory", other.name, district)))
                        for owner, other in enumerate(game.state.players)
                        for district in sorted({b.id for b in other.city})
                        if armory_problem(game, owner, district) is None]
            assert armory.generate_use(game) == expected
            player.city = city
        game.apply_listed(choose_move(game, None, rng))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       marshal=st.booleans(), walls=st.booleans(), variants=st.booleans())
def test_the_rank8_takings_listed_are_every_one_their_rule_allows(rulebooks, seed, players, edition, marshal, walls,
                                                                  variants):
    """The Diplomat's and the Marshal's move generators ask what concerns a whole city once per
    city, the Diplomat's values and counts once a step, the Marshal's most once a step and each
    district's Built from the city they go over. At every step of their turns, in random
    casts (rank 8 made the Diplomat, or in 2016 the Marshal), each must list exactly the moves
    that exchange_problem() or seize_problem() — as apply() asks them — allow, in that order.
    The generators ask the parts of those rules in an order of their own (the price first, a
    duplicate only where a name of one city is in the other): half the games with the Keep and
    the Great Wall in the deck (`walls`, with the Museum and the Quarry); half with the variants
    that change the values and the duplicates (`variants`: the Diplomat's values are asked a
    city at a time, `diplomat.values`)."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.players import choose_move
    from referee.engine.state import Built

    rb = rulebooks[edition]
    rank8 = "marshal" if marshal and edition == "2016" else "diplomat"
    cast = tuple(rank8 if rb.characters[c].rank == 8 else c for c in random_characters(rb, players, seed))
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast,
                    uniques=[card for card in ("keep", "great-wall", "museum", "quarry", "university", "dragon-gate")
                             if card in rb.districts] if walls else None,
                    variants=frozenset({"diplomat-full-value", "museum-cards-add-value",
                                        "quarry-allows-rank8-duplicates"}) if variants else frozenset())
    rng = random.Random(seed)
    while not game.is_over and game.state.round < 30:
        turn = game.state.turn
        if turn is not None and turn.character == rank8:
            state = game.state
            # As they are, then with a second copy of each city's first district (as a Quarry
            # allows) that differs from it by the Artist's coin: the Built the generators take
            # for a name must be the one apply() finds.
            cities = [player.city for player in state.players]
            _check_rank8_listing(game, rank8)
            for player in state.players:
                if player.city:
                    first = player.city[0]
                    player.city = player.city + [first._replace(beautified=not first.beautified)]
            _check_rank8_listing(game, rank8)
            # Then with a card under each city's first district (as a Museum holds them: a
            # value with museum-cards-add-value).
            for player in state.players:
                if player.city:
                    player.city = [player.city[0]._replace(stored=player.city[0].stored + ("temple",))] + player.city[1:]
            _check_rank8_listing(game, rank8)
            if walls:
                # Then with a Great Wall in every city (its surcharge asked once per city:
                # `rank8.surcharges`), his gold at every figure a price may be compared with.
                for player in state.players:
                    if player.city and not player.has_built("great-wall"):
                        player.city = player.city + [Built("great-wall")]
                me = state.players[turn.seat]
                gold = me.gold
                for figure in range(8):
                    me.gold = figure
                    _check_rank8_listing(game, rank8)
                me.gold = gold
            for player, city in zip(state.players, cities):
                player.city = city
        game.apply_listed(choose_move(game, None, rng))
    assert game.is_over or game.state.round >= 30


def _check_rank8_listing(game, rank8):
    """The rank 8 generator's moves are those its rule allows (the test above)."""
    from referee.engine.cards import rank8 as rank8_rules
    from referee.engine.cards.characters import diplomat, marshal
    from referee.engine.moves import make_move

    state = game.state
    turn = state.turn
    cities = [(owner, other, sorted({b.id for b in other.city})) for owner, other in enumerate(state.players)]
    if rank8 == "diplomat":
        generated = diplomat._generate_exchange(game)
        mine = sorted({b.id for b in state.players[turn.seat].city})
        expected = [make_move((rank8, "exchange", (given, other.name, taken)))
                    for owner, other, names in cities for taken in names for given in mine
                    if diplomat.exchange_problem(game, given, owner, taken) is None]
    else:
        generated = marshal._generate_seize(game)
        expected = [make_move((rank8, "seize", (other.name, district)))
                    for owner, other, names in cities for district in names
                    if marshal.seize_problem(game, owner, district) is None]
    if "exchange" in turn.used or "seize" in turn.used or turn.finished_actions or rank8_rules.timing_problem(game):
        expected = []
    assert generated == expected


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_the_crowns_listed_are_every_one_the_rule_allows(rulebooks, seed, players, edition, table):
    """The Emperor's move generator reads the new holder's gold and hand for the payments in gold
    and in nothing, and asks _payment_problem() only for a card: at every step of his turns
    (random casts, rank 4 made the Emperor; dealt and at a table), as the players are and with
    the gold and then the hands of every other player taken away, it must list exactly the
    crowns that _payment_problem() allows for each receiver and each way to pay (gold, card,
    nothing, then each card named where it may be), in that order."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.cards import hands
    from referee.engine.cards.characters import emperor
    from referee.engine.moves import make_move
    from referee.engine.players import choose_move
    from referee.engine.state import UNKNOWN

    rb = rulebooks[edition]
    cast = tuple("emperor" if rb.characters[c].rank == 4 else c for c in random_characters(rb, players, seed))
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast, table=table)
    rng = random.Random(seed)

    def lists_what_the_rule_allows(turn):
        state = game.state
        named = edition == "classic" or table
        expected = [] if "crown" in turn.used or turn.finished_actions else [
            make_move(("emperor", "crown", (state.players[receiver].name,) + payment))
            for receiver in emperor.receivers(game, turn.seat)
            for payment in [(resource,) for resource in ("gold", "card", "nothing")] +
            [("card", card) for card in (hands.distinct_cards(game, receiver) if named else ()) if card != UNKNOWN]
            if emperor._payment_problem(game, receiver, payment[0], payment[1] if len(payment) > 1 else None) is None]
        assert emperor._generate_crown(game) == expected

    while not game.is_over and game.state.round < 30:
        turn = game.state.turn
        if turn is not None and turn.character == "emperor":
            others = [player for seat, player in enumerate(game.state.players) if seat != turn.seat]
            kept = [(player.gold, player.hand) for player in others]
            lists_what_the_rule_allows(turn)
            for player in others:
                player.gold = 0
            lists_what_the_rule_allows(turn)
            for player in others:
                player.hand = []
            lists_what_the_rule_allows(turn)
            for player, (gold, hand) in zip(others, kept):
                player.gold, player.hand = gold, hand
        game.apply_listed(choose_move(game, None, rng))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       base_cast=st.booleans())
def test_the_warlords_targets_are_every_district_his_rule_allows(rulebooks, seed, players, edition, base_cast):
    """The rank 8 move generators ask the whole-city protections once per listing (the shielded
    cities, the size that ends the game) and the Warlord's prices once per city: at every step of
    his turns, with the Keep and the Great Wall in the deck, `open_cities` must be exactly the
    non-empty cities (but the one skipped) that city_problem() leaves open, and his listing
    exactly the districts of every city (each name once, by name) that destroy_problem() — as
    apply() asks it — allows."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.cards import rank8
    from referee.engine.cards.characters import warlord
    from referee.engine.moves import make_move
    from referee.engine.players import choose_move
    from referee.engine.state import Built

    rb = rulebooks[edition]
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, uniques=["keep", "great-wall"],
                    characters=None if base_cast else random_characters(rb, players, seed))
    rng = random.Random(seed)

    def lists_what_the_rules_allow(turn):
        cities = list(enumerate(game.state.players))
        for skip in (None, turn.seat):
            assert rank8.open_cities(game, skip) == [(owner, player) for owner, player in cities if player.city
                                                     and owner != skip and rank8.city_problem(game, owner) is None]
        expected = [] if "destroy" in turn.used or rank8.timing_problem(game) else [
            make_move(("warlord", "destroy", (player.name, district)))
            for owner, player in cities for district in sorted({b.id for b in player.city})
            if warlord.destroy_problem(game, owner, district) is None]
        assert warlord._generate_destroy(game) == expected

    while not game.is_over and game.state.round < 30:
        turn = game.state.turn
        if turn is not None and turn.character == "warlord":
            lists_what_the_rules_allow(turn)
            # A second of a name in every city (a Quarry's), beautified unlike the first: listed
            # once, priced as the first.
            cities = [player.city for player in game.state.players]
            for player, city in zip(game.state.players, cities):
                if city:
                    player.city = city + [city[0]._replace(beautified=not city[0].beautified)]
            lists_what_the_rules_allow(turn)
            # A Great Wall in every city (its surcharge asked once per city: `rank8.surcharges`),
            # the Warlord's gold at every figure a price may be compared with.
            for player, city in zip(game.state.players, cities):
                if city and not player.has_built("great-wall"):
                    player.city = city + [Built("great-wall")]
            me = game.state.players[turn.seat]
            gold = me.gold
            for figure in range(8):
                me.gold = figure
                lists_what_the_rules_allow(turn)
            me.gold = gold
            for player, city in zip(game.state.players, cities):
                player.city = city
        game.apply_listed(choose_move(game, None, rng))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_what_the_selection_and_the_gathering_make_once_is_what_they_would_make(rulebooks, seed, players,
                                                                                 edition, table):
    """What the selection and the gathering no longer make anew, against what they made before,
    at every step of games of random casts (dealt and table games): a pick's or discard's choices
    hold each character once (`_offered` sorts them without a set), the picks around the table
    that a round starts with (4-8 players: made once per player count and crown) are one per seat
    from the crown on, the gold move is `CHARACTER: gold` (made once per character) and the
    draw's keeps are the sorted set of the combinations of the cards shown."""
    from itertools import combinations

    from referee.engine import draft
    from referee.engine.cards import basic
    from referee.engine.moves import Move
    from referee.engine.players import choose_move

    game = _random_cast_game(rulebooks[edition], seed, players, table)
    rng = random.Random(seed)
    n = len(game.state.players)
    while not game.is_over and game.state.round < 30:
        state = game.state
        d = state.draft
        if state.phase == "draft" and d is not None and d.order:
            choices = draft._choices(game)
            assert len(choices) == len(set(choices)), choices
            assert draft._offered(game) == sorted(set(choices))
            if n >= 4 and not table and len(d.available) == len(state.characters) - 1 - len(d.faceup):
                # the round's first pick: its order as made from scratch
                assert [step for step in d.order if step[1] == "pick"] == \
                    [((state.crown + i) % n, "pick") for i in range(n)]
        turn = state.turn
        if turn is not None and not turn.gathered and state.phase == "turns":
            assert basic._generate_gold(game) == [Move(turn.character, "gold", ())]
            count, keep = basic.draw_plan(game, turn.seat)
            shown = state.deck[:count]
            if shown and "?" not in shown and keep < len(shown):
                keeps = sorted(set(combinations(sorted(shown), keep)))
                assert basic.draw_choices(game, turn.seat) == ([()] if game.table else []) + keeps
        game.apply_listed(choose_move(game, None, rng))
    assert game.is_over or game.state.round >= 30


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans(), undo=st.booleans())
def test_the_holders_kept_for_a_round_are_the_holders(rulebooks, seed, players, edition, table, undo):
    """`flow.round_seats` (who holds each character, found once a round in a dealt game and kept
    on the game with the round's Draft) against `State.holder` asked afresh, at every step of games
    of random casts (dealt and table games), also after an undo now and then (into the selection
    or an earlier round's turns) and the game played on from there."""
    from referee.engine import flow
    from referee.engine.players import choose_move

    game = _random_cast_game(rulebooks[edition], seed, players, table)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and game.state.round < 30:
        state = game.state
        if state.phase == "turns":
            seats = flow.round_seats(game)
            if table:
                assert seats is None
            else:
                assert seats == {c: state.holder(c) for c in state.characters if state.holder(c) is not None}
        kept = game.round_seats
        if kept is not None and kept[0] is state.draft and state.phase == "turns":
            assert kept[1] == {c: state.holder(c) for c in state.characters if state.holder(c) is not None}
        steps += 1
        if undo and game.history and rng.random() < 0.1:
            for _ in range(rng.randint(1, min(12, len(game.history)))):
                game.undo()
            continue
        game.apply_listed(choose_move(game, None, rng))
    assert game.is_over or game.state.round >= 30


# The verbs whose moves name characters, players or the cards shown (made once per set of
# names: `common.moves_naming`, the Thief's and the Blackmailer's `_cast_targets`,
# `_every_threat`; the Spy's and the Scholar's as they come), each with every argument its
# checked apply may accept, in the order the generator lists them.
_NAMING_RANKS = {1: ("assassin", "witch", "magistrate"), 2: ("thief", "spy", "blackmailer"), 3: ("magician",),
                 7: ("scholar",)}


def _naming_candidates(game, verb: str) -> list[tuple]:
    from itertools import combinations

    from referee.engine.types import TYPES

    state = game.state
    turn = state.turn
    if verb in ("kill", "bewitch", "rob"):
        return [(c,) for c in state.characters]
    if verb == "swap":
        return [(player.name,) for player in state.players]
    if verb == "threaten":
        cast = [c for _, c in game.hooks.calling_order]
        return [(a, b, flowers) for a, b in combinations(cast, 2) for flowers in (a, b, "")]
    if verb == "spy":
        return [args for seat, player in enumerate(state.players) if seat != turn.seat for kind in TYPES
                for args in [(player.name, kind)] + [(player.name, kind, n) for n in range(len(player.hand) + 1)]]
    if verb == "scholar":
        return [(card,) for card in sorted(set(state.deck[:7]))]
    raise AssertionError(verb)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_the_named_targets_listed_are_every_one_their_rule_allows(rulebooks, seed, players, edition, table):
    """The moves that name a character or a player are made once per set of names (the kill,
    the bewitching, the robbery, the threats, the swap; with them the Spy's and the Scholar's):
    at every step of those characters' turns, in random casts that hold them (ranks 1, 2, 3 and
    7 drawn among them), dealt and at a table, the listed moves of each such verb are exactly
    those of every candidate argument that the checked apply accepts (each tried, then undone),
    in the generator's order."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine import IllegalMove
    from referee.engine.casts import character_problem
    from referee.engine.moves import Move
    from referee.engine.players import choose_move
    from referee.engine.registry import supported

    rb = rulebooks[edition]
    rng = random.Random(seed)
    forced = {}
    for rank, names in _NAMING_RANKS.items():
        usable = [c for c in names if c in rb.characters and supported(c, edition)
                  and character_problem(rb, c, players) is None]
        if usable:
            forced[rank] = rng.choice(usable)
    cast = tuple(forced.get(rb.characters[c].rank, c) for c in random_characters(rb, players, seed))
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast, table=table)
    verbs = {"assassin": "kill", "witch": "bewitch", "thief": "rob", "blackmailer": "threaten", "spy": "spy",
             "scholar": "scholar", "magician": "swap"}
    while not game.is_over and game.state.round < 30:
        state = game.state
        turn = state.turn
        verb = verbs.get(turn.character) if turn is not None else None
        if verb and state.pending is None and not turn.acting:
            listed = game.legal_moves(verb)
            accepted = []
            for args in _naming_candidates(game, verb):
                move = Move(turn.character, verb, args)
                before = state.copy()
                try:
                    game.apply(move)
                except IllegalMove:
                    assert game.state == before
                    continue
                game.undo()
                accepted.append(move)
            assert list(listed) == accepted, (verb, set(listed) ^ set(accepted))
        game.apply(choose_move(game, None, rng))
    assert game.is_over or game.state.round >= 30


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       table=st.booleans())
def test_a_split_turn_lists_what_all_its_generators_would(rulebooks, seed, players, edition, table):
    """A part of a split turn (`Turn.only`: the Witch's, the bewitched one's, a threatened
    character's gathering) does not ask the generators of the verbs it does not allow
    (turn.legal_moves): every turn generator's moves name the turn's character, so that the
    moves dropped are exactly those the part refuses. Checked at every step of random casts,
    the Witch and the Blackmailer dealt in where they may be: each generator's moves against
    the turn's character, and the listing against all generators' moves filtered (renamed in
    the part the Witch plays as the bewitched character, `Turn.acting`); the part's `listing()`
    lists them too."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.casts import character_problem
    from referee.engine.players import choose_move
    from referee.engine.registry import supported
    from referee.engine.turn import _asked, _part_asked, pending_answers

    rb = rulebooks[edition]
    rng = random.Random(seed)
    cast = list(random_characters(rb, players, seed))
    for wanted in ("witch", "blackmailer"):
        if (wanted in rb.characters and supported(wanted, edition) and character_problem(rb, wanted, players) is None
                and rng.random() < 0.8):
            rank = rb.characters[wanted].rank
            cast = [wanted if rb.characters[c].rank == rank else c for c in cast]
    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=tuple(cast), table=table)
    while not game.is_over and game.state.round < 30:
        state = game.state
        turn = state.turn
        if turn is not None and state.phase == "turns" and not state.secret:
            every = []
            for _, generate in _asked(game, turn)[0]:
                listed = _listed(generate(game))
                assert all(m.actor == turn.character for m in listed), listed
                every += generate(game)
            if (turn.only or turn.acting) and (state.pending is None or not state.pending.required):
                expected = [m for m in list(pending_answers(game)) + _listed(every)
                            if not turn.only or m.verb in turn.only or m.actor != turn.character]
                if turn.acting:
                    expected = [m._replace(actor=turn.acting) if m.actor == turn.character else m for m in expected]
                assert _listed(game.legal_moves()) == expected
                for verb in ("build", "end", "gold", "draw", "bewitch", "income", "use"):
                    assert _listed(game.legal_moves(verb)) == [m for m in expected if m.verb == verb]
            if (turn.only or turn.acting) and state.pending is None:
                # A part with no answer open lists its moves grouped by verb, as a whole turn does
                # (`Game.listing`: its entry's generators are the part's verbs', or the turn's
                # where another plays it, their moves renamed as they are handed out); what it
                # lists is checked against legal_moves() above and in
                # test_the_moves_of_one_verb_are_those_of_the_whole_list.
                asked = game.listing()
                assert asked is not None or (_part_asked if turn.only else _asked)(game, turn)[2] is None
                if asked is not None:
                    assert asked.all() == game.legal_moves()
                    assert set(asked.verbs) <= set(turn.only or asked.verbs)
        game.apply_listed(choose_move(game, None, rng))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_income_count_is_the_count_of_the_city_read_card_by_card(rulebooks, seed, players, edition):
    """`basic.income_count` reads the districts that count as any type (the School of Magic) from a
    set kept per rulebook (`_wild_districts`): at every step of random games of both editions (the
    two rulebooks alternate, so the kept set is made again), the count of each seat for each
    character with a district income is the one that asks each district's facts afresh."""
    from referee.engine.cards import basic

    rb = rulebooks[edition]
    game = _random_cast_game(rb, seed, players)
    rng = random.Random(seed)
    incomes = [(c, basic.income_of(game, c)) for c in rb.characters if rb.characters[c].income]
    while not game.is_over:
        for seat, player in enumerate(game.state.players):
            for character, income in incomes:
                fresh = sum(1 for built in player.city if rb.districts[built.id].type == income.type
                            or rb.districts[built.id].fact("counts_as_any_type_for_income")) // income.per
                assert basic.income_count(game, seat, character, income) == fresh
        game.apply(rng.choice(game.legal_moves()))
