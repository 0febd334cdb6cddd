"""A game's hook lists (registry.hooks_for) are its cast's characters' entries, in rank order, then
the districts' the game can hold, in the cards' order: each game's lists join its cast's part and
the districts' part shared by every cast (a dealt game's without the unique districts its deck
leaves out). They must be exactly the lists made card by card from the registered behaviours."""

import random

import referee.engine.cards  # noqa: F401  (registers every card's behaviour)
from referee.engine import registry
from referee.engine.casts import IllegalCast, random_cast


def _expected(rb, cast, uniques) -> dict:
    """The lists made card by card, as a game's set-up made them before they were shared."""
    behaviours = registry._BEHAVIOURS
    characters = sorted((c for c in cast if c in behaviours and rb.edition in behaviours[c].editions),
                        key=lambda c: rb.characters[c].rank)
    districts = sorted((d for d in rb.districts if d in behaviours and rb.edition in behaviours[d].editions
                        and (uniques is None or d in uniques or rb.districts[d].type != "unique")),
                       key=lambda d: behaviours[d].order)
    ordered = [behaviours[c] for c in characters] + [behaviours[d] for d in districts]
    # (a character's own turns' build_moves are asked by the build listing of those turns alone:
    # basic.build_generator, not the game's list)
    found = {hook: tuple(getattr(b, hook) for b in ordered
                         if hasattr(b, hook) and rb.edition in b.hook_editions.get(hook, (rb.edition,))
                         and not (hook == "build_moves" and hook in b.own_turn_hooks))
             for hook in registry.HOOKS}
    found["generators"] = {b.id: tuple((v.name, v.generate) for v in b.verbs if v.generate is not None)
                           for b in ordered if b.kind == "character"}
    found["uses"] = {b.id: b for b in ordered if b.use is not None}
    found["answers"] = {b.id: b for b in ordered if hasattr(b, "answer")}
    by_verb: dict = {}
    for b in found["answers"].values():          # in the cards' order
        for verb in b.answers_to:
            by_verb[verb] = by_verb.get(verb, ()) + (b,)
    found["answers_by_verb"] = by_verb
    return found


def _random_casts(rb, seeds: int):
    """(seed, its generator, players, a random legal cast) for each seed whose player count the
    edition has a cast for; the generator goes on from the draw (the test's own choices)."""
    for seed in range(seeds):
        rng = random.Random(seed)
        players = rng.randrange(2, 9)
        try:
            cast = random_cast(rb, players, rng, usable=lambda c: registry.supported(c, rb.edition))
        except IllegalCast:              # no such cast for that many players in this edition
            continue
        yield seed, rng, players, cast


def test_hook_lists_equal_the_lists_made_card_by_card(rulebooks):
    for edition, rb in rulebooks.items():
        pool = sorted(d for d in rb.districts if rb.districts[d].type == "unique")
        tested = 0
        for seed, rng, _, cast in _random_casts(rb, 40):
            uniques = rng.sample(pool, rng.randrange(0, len(pool) + 1))
            # (Each with the uniques it was made for: not told apart by identity with another
            # `hooks_for(rb, cast)`, which is another object once the shared lists' cache was
            # emptied — as after enough table games of tests/cli, run before in the whole suite.)
            for made, of in ((registry.hooks_for(rb, cast), None), (registry.hooks_for(rb, cast, uniques), uniques),
                             (registry.Hooks(rb, cast, uniques), uniques),
                             (registry.hooks_named(rb, cast, frozenset(uniques)), uniques)):
                wanted = _expected(rb, cast, of)
                for name, value in wanted.items():         # (a hook list in its order: tuples)
                    assert getattr(made, name) == value, (edition, seed, name)
            tested += 1
        assert tested >= 20


def test_the_calling_order_is_the_cast_by_rank(rulebooks):
    """`Hooks.calling_order` is the cast in calling order (what the Magistrate's warrants and the
    Blackmailer's threats list their characters in, instead of sorting the cast at each step),
    and `called_after` its tails."""
    from referee.engine import Game
    from referee.engine.cards.common import by_rank

    for edition, rb in rulebooks.items():
        for seed, _, players, cast in _random_casts(rb, 40):
            game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast)
            order = game.hooks.calling_order
            assert [c for _, c in order] == list(by_rank(game, game.state.characters)), (edition, seed)
            assert [rank for rank, _ in order] == [rb.characters[c].rank for _, c in order]
            for rank in range(11):
                assert game.hooks.called_after[rank] == tuple(call for call in order if call[0] > rank)


def test_each_build_form_is_one_cards_and_build_form_finds_it():
    """`registry.build_form` answers from the cards loaded, loading the others only where none
    has the form: right only while each form is one card's (register() refuses a second)."""
    import pytest

    owners: dict = {}
    for b in registry.behaviours().values():
        for form in b.build_forms:
            assert form not in owners, (form, owners.get(form), b.id)
            owners[form] = b
    assert set(owners) == {"using", "destroying", "with", "from"}
    for form, b in owners.items():
        assert registry.build_form(form) is b
    assert registry.build_form("nonsense") is None

    class Twice(registry.Behaviour):
        id = "not-a-card"
        build_forms = ("using",)

    with pytest.raises(ValueError, match="already framework's"):
        registry.register(Twice)
    assert "not-a-card" not in registry._BEHAVIOURS


def test_a_build_form_of_a_card_in_play_loads_no_other_card():
    """The first `build … using Framework` of a process once loaded every card module (~4 % of
    40 games of the base cast): the Framework's module is loaded with a game that can hold it, so
    asking for its form loads nothing more."""
    import subprocess
    import sys

    code = ("from referee.engine import registry, cards; "
            "registry.behaviour('framework'); loaded = len(registry._BEHAVIOURS); "
            "assert registry.build_form('using').id == 'framework'; "
            "assert len(registry._BEHAVIOURS) == loaded and not registry._LOADER[1], loaded")
    subprocess.run([sys.executable, "-c", code], check=True)


def _calls(hook: str, game):
    """The hook asked as the engine asks it at this step (None: not asked here)."""
    state = game.state
    turn = state.turn
    if hook == "on_round_end":
        return lambda method: method(game)
    if turn is None:
        return None
    if hook == "on_reveal":
        return lambda method: method(game, turn.character, turn.seat)
    if hook == "on_turn_end":
        return lambda method: method(game, turn.seat)
    if hook == "end_problem":
        return lambda method: method(game)
    # The build listing's hooks, by what each says where it has nothing to say: no build, the
    # turn's permission unchanged, no opinion on any district of the hand.
    if hook == "build_moves":
        return lambda method: method(game) or None
    if hook == "can_build":
        return lambda method: None if (method(game, True), method(game, False)) == (True, False) else "changed"
    if hook == "counts_toward_limit":
        hand = state.players[turn.seat].hand
        return lambda method: next((found for found in (method(game, turn.seat, d) for d in hand)
                                    if found is not None), None)
    raise AssertionError(f"no call written for {hook}")


def test_a_hook_left_out_of_an_editions_lists_does_nothing_in_it(rulebooks):
    """A card's `hook_editions` leaves a hook out of the other editions' lists: it must be one
    that does nothing there. At every step of random games of such an edition with the card in
    the cast, the hook asked as the engine would ask it changes nothing and returns nothing; and
    the cast's lists do not hold it."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine import Game
    from referee.engine.players import choose_move

    gated = [(b, hook, editions) for b in registry._BEHAVIOURS.values()
             for hook, editions in b.hook_editions.items()]
    assert {(b.id, hook) for b, hook, _ in gated} >= {("tax-collector", "on_turn_end"), ("navigator", "end_problem")}
    asked = 0
    for card, hook, editions in gated:
        for edition, rb in rulebooks.items():
            if edition in editions or edition not in card.editions:
                continue
            rank = rb.characters[card.id].rank
            for seed in range(12):
                players = 3 + seed % 6
                # (with the Assassin: a hook that acts when its character is killed is asked then)
                cast = tuple(card.id if rb.characters[c].rank == rank else "assassin" if rb.characters[c].rank == 1
                             else c for c in random_characters(rb, players, seed))
                if card.id not in cast:
                    cast = (*cast, card.id)         # (a rank 9 card: the ninth character)
                game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast)
                assert getattr(card, hook) not in getattr(game.hooks, hook), (card.id, hook, edition)
                rng = random.Random(seed)
                while not game.is_over and game.state.round < 20:
                    call = _calls(hook, game)
                    if call is not None:
                        before = game.state.copy()
                        assert call(getattr(card, hook)) is None, (card.id, hook, edition)
                        assert game.state == before, (card.id, hook, edition)
                        asked += 1
                    game.apply_listed(choose_move(game, None, rng))
    assert asked > 1000


def test_a_hook_of_its_own_turn_does_nothing_in_another(rulebooks):
    """A character's `own_turn_hooks` are asked only in its own turn (a reveal asks
    `Hooks.reveal_of` the revealed character's): at every step of random games of both editions
    with the card in the cast, in the turn of another character (the Witch's spell and the
    Assassin's kill included), the hook asked as the engine would ask it changes nothing and
    returns nothing; and each character's list at a reveal is the cast's list without the other
    characters' such hooks, in its order."""
    from referee.cli.simulate_cmd import random_characters
    from referee.engine import Game
    from referee.engine.casts import IllegalCast
    from referee.engine.players import choose_move

    owning = [(b, hook) for b in registry.behaviours().values() for hook in b.own_turn_hooks]
    assert {(b.id, hook) for b, hook in owning} >= {("king", "on_reveal"), ("abbot", "on_reveal")}
    asked = 0
    for card, hook in owning:
        for edition, rb in rulebooks.items():
            if edition not in card.editions:
                continue
            rank = rb.characters[card.id].rank
            for seed in range(8):
                players = 3 + seed % 6
                # (with the Witch or the Assassin: a bewitched or killed turn is asked too)
                game = None
                for first in ("witch", "assassin") if seed % 2 else ("assassin",):
                    cast = tuple(card.id if rb.characters[c].rank == rank else first if rb.characters[c].rank == 1
                                 else c for c in random_characters(rb, players, seed))
                    if card.id not in cast:
                        cast = (*cast, card.id)     # (a rank 9 card: the ninth character)
                    try:
                        game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast)
                        break
                    except IllegalCast:
                        continue                    # (a character with too few players for it)
                if game is None:
                    continue
                lists = game.hooks
                for character in cast:
                    assert lists.reveal_of[character] == tuple(
                        entry for entry in lists.on_reveal if "on_reveal" not in entry.__self__.own_turn_hooks
                        or entry.__self__.id == character), (character, cast)
                rng = random.Random(seed)
                while not game.is_over and game.state.round < 20:
                    call = _calls(hook, game)
                    if call is not None and game.state.turn.character != card.id:
                        before = game.state.copy()
                        assert call(getattr(card, hook)) is None, (card.id, hook, edition)
                        assert game.state == before, (card.id, hook, edition)
                        asked += 1
                    game.apply_listed(choose_move(game, None, rng))
    assert asked > 1000


def test_only_unique_districts_have_behaviours(rulebooks):
    """A game whose deck is not known lists the unique districts its position names, and loads
    no other district's module (`hooks_named`): right only while no other district has one."""
    for edition, rb in rulebooks.items():
        for card in registry.behaviours().values():
            if card.kind == "district" and card.id in rb.districts:
                assert rb.districts[card.id].type == "unique", (edition, card.id)
            if card.id in rb.districts:
                assert card.kind == "district", (edition, card.id)


def test_an_open_games_lists_act_as_every_districts_would(rulebooks):
    """A game whose deck is not known (a table, a situation) lists the hooks of the unique
    districts its position names, and takes in others as they turn up (Game._cover). A unique
    district acts only from a city or a hand: so at steps of random games whose deck is hidden,
    the legal moves, and the position after a move, are those of the same game with every
    district's lists."""
    from referee.engine import Game
    from referee.engine.players import choose_move
    from referee.engine.state import UNKNOWN

    fewer = compared = 0
    for edition, rb in rulebooks.items():
        for seed, rng, players, cast in _random_casts(rb, 16):
            dealt = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, characters=cast)
            step = 0
            while not dealt.is_over and dealt.state.round < 12:
                if step % 7 == 3 and dealt.state.phase == "turns":
                    twins = []
                    for every in (False, True):
                        state = dealt.state.copy()
                        state.deck = [UNKNOWN] * len(state.deck)       # a deck nobody knows
                        twin = Game(rb, state, seed, table=True)
                        if every:
                            twin._open = False
                            twin.hooks = registry.hooks_for(rb, state.characters)
                        twins.append(twin)
                    named, every = twins
                    fewer += named.hooks is not every.hooks and len(named._named) < len(rb.uniques)
                    for _ in range(4):                                # a few moves on from here
                        moves = named.legal_moves()
                        assert list(moves) == list(every.legal_moves()), (edition, seed, step)
                        if not moves:
                            break
                        move = moves[rng.randrange(len(moves))]
                        named.apply(move)
                        every.apply(move)
                        assert named.state == every.state, (edition, seed, step, move)
                        compared += 1
                dealt.apply_listed(choose_move(dealt, None, rng))
                step += 1
    assert compared > 1000 and fewer > 100, (compared, fewer)


def test_a_game_takes_in_a_district_put_in_a_hand_by_hand(rulebooks):
    """`table moves --hand` sets a hand after the game is made: the Necropolis in it is listed
    (its hooks taken in when the moves are asked for, not only after a move)."""
    from referee.engine import Game
    from referee.engine.state import Built, Player, State, Turn

    rb = rulebooks["2016"]
    state = State(players=[Player("Ann", gold=0, city=[Built("temple")]), Player("Bob")],
                  characters=rb.standard_characters(), phase="turns", deck=["?"] * 40)
    state.turn = Turn("king", 0, revealed=True, gathered=True)
    state.players[0].characters = ["king"]
    game = Game(rb, state, table=True)
    assert not any(m.verb == "build" for m in game.legal_moves())
    state.players[0].hand = ["necropolis"]
    assert [m.args for m in game.legal_moves() if m.verb == "build"] == [("necropolis", "destroying", "temple")]


def test_a_table_loads_the_modules_of_the_districts_its_position_names():
    """A tracked table's command imports the modules of the unique districts in its cities and
    hands, not every district's (most of its engine import once)."""
    import subprocess
    import sys

    code = ("import sys; from referee.catalog.facts import rulebook; from referee.engine import Game; "
            "from referee.engine.state import Built, Player, State; rb = rulebook('2016'); "
            "state = State(players=[Player('Ann', city=[Built('gold-mine')]), Player('Bob', hand=['keep'])], "
            "characters=rb.standard_characters(), deck=['?'] * 40); game = Game(rb, state, table=True); "
            "loaded = {m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('referee.engine.cards.districts.')}; "
            "assert loaded == {'gold_mine', 'keep'}, loaded; "
            "assert game.hooks.on_gather and game.hooks.shield_district and not game.hooks.destroy_surcharge")
    subprocess.run([sys.executable, "-c", code], check=True)
