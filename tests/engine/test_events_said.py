"""A game that says its events says every change a move makes: the steps played at nearly every
move ask `game.says` before putting their words together (a silent game skips even that), so a
step that asked wrongly would leave a change unsaid in the games whose events are read (the
tracker, the checked simulate). Checked change by change over random casts, both editions, 2-8
players."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.engine import Game


def _said(events: list[dict], kind: str, **values) -> bool:
    return any(e["event"] == kind and all(e.get(k) == v for k, v in values.items()) for e in events)


# The events that say a player got cards (whoever gave them).
_CARDS_SAID = {"cards", "card_taken", "card_given", "seer_took", "hands_swapped", "recovered"}

# The characters' own moves and what each says even where no gold or card moves (a mark put, a
# district exchanged or seized, the deck shuffled...).
_SAID_BY_VERB = {"beautify": ("beautified",), "threaten": ("threatened",), "bribe": ("bribed",),
                 "refuse": ("refused",), "expose": ("exposed",), "exchange": ("exchanged",),
                 "warrant": ("warrants",), "confiscate": ("confiscated",), "seize": ("seized",),
                 "scholar": ("cards", "deck_shuffled"), "seer": ("seer_took",), "give": ("card_given",),
                 "spy": ("spied",), "bewitch": ("bewitched",), "look": ("card_taken",)}


def _gold_said(events: list[dict]) -> dict[str, int]:
    """Each player's gold as the events say it changed: a gain or payment (`gold`, from `source`
    where another player paid it) or a tax put on the token."""
    said: dict[str, int] = {}
    for e in events:
        if e["event"] in ("gold", "tax"):
            amount = e["amount"] if e["event"] == "gold" else -e["amount"]
            said[e["player"]] = said.get(e["player"], 0) + amount
            if e.get("source"):
                said[e["source"]] = said.get(e["source"], 0) - amount
    return said


def _names(event: dict, name: str) -> bool:
    return any(value == name or (isinstance(value, list) and name in value) for value in event.values())


def _unsaid(game: Game, move, before: dict, events: list[dict], round_events: list[dict]) -> list[str]:
    """The changes of `move` (from the position `before`) that none of its events says
    (`round_events`: the round's, this move's among them)."""
    state, missing = game.state, []
    names = [p.name for p in state.players]
    if move.verb in ("pick", "discard") and not _said(events, move.verb + "ed", player=move.actor):
        missing.append(move.verb)
    if move.verb == "income" and (before["bank"] > 0 or game.unlimited_bank) and before["deck"] \
            and not any(e.get("player") == names[before["turn"].seat] for e in events):
        missing.append("income")          # said even when it comes to nothing (but from an empty bank or deck)
    if state.round > before["round"]:
        if before["killed_seat"] is not None and not _said(            # (a decision may come between)
                round_events, "revealed", character=before["killed"], player=names[before["killed_seat"]], killed=True):
            missing.append("killed revealed")               # at the round's end
        if state.phase == "draft" and state.draft.faceup and not _said(events, "faceup"):
            missing.append("faceup")                        # the next round's face-up discards
    if state.phase == "draft" and before["phase"] == "draft" and state.round == before["round"]:
        discarded = len(state.draft.facedown) - before["facedown"]
        if discarded != sum(e["event"] == "discarded" for e in events):
            missing.append("discarded")                     # the random discards (3 players) too
    turn, old = state.turn, before["turn"]
    if old is not None and turn is not old and not _said(events, "turn_ended", character=old.character):
        missing.append("turn_ended")
    if turn is not None and turn is not old and turn.revealed and not turn.acting \
            and not _said(events, "revealed", character=turn.character, player=names[turn.seat]):
        missing.append("revealed")
    if turn is not None and turn is not old and turn.acting and not _said(events, "resumed", character=turn.character):
        missing.append("resumed")                           # the Witch plays the rest of a bewitched turn
    for seat, player in enumerate(state.players):
        if player.gold != before["gold"][seat] and not any(
                player.name in (e.get("player"), e.get("source")) for e in events):
            missing.append(f"gold of {player.name}")            # (said as gold, or as a tax, a bribe...)
        if move.verb in ("draw", "gold") and len(player.hand) > before["hand"][seat] \
                and not _said(events, "cards", player=player.name):
            missing.append(f"cards of {player.name}")
        if move.verb == "build" and len(player.city) > before["city"][seat] \
                and not _said(events, "built", player=player.name):
            missing.append(f"built by {player.name}")
    said = _gold_said(events)
    for seat, player in enumerate(state.players):
        if player.gold - before["gold"][seat] != said.get(player.name, 0):
            missing.append(f"gold sum of {player.name}")        # every coin said once, where it went
        if len(player.hand) > before["hand"][seat] and not any(
                e["event"] in _CARDS_SAID and _names(e, player.name) for e in events):
            missing.append(f"cards to {player.name}")          # (drawn, taken, given back...)
    for kind in _SAID_BY_VERB.get(move.verb, ()):
        if not _said(events, kind):
            missing.append(kind)
    if state.crown != before["crown"] and not _said(events, "crown", player=names[state.crown]):
        missing.append("crown")
    if len(state.completed) > before["completed"] and not _said(events, "city_completed"):
        missing.append("city_completed")
    return missing


def _position(game: Game) -> dict:
    state = game.state
    killed = state.marks.killed
    return {"phase": state.phase, "round": state.round, "turn": state.turn, "crown": state.crown,
            "killed": killed, "bank": state.bank, "deck": len(state.deck), "killed_seat": state.holder(killed) if killed else None,
            "facedown": len(state.draft.facedown) if state.draft else 0, "completed": len(state.completed),
            "gold": [p.gold for p in state.players], "hand": [len(p.hand) for p in state.players],
            "city": [len(p.city) for p in state.players]}


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]),
       undo=st.booleans())
@example(seed=5031, players=8, edition="2016", undo=False)     # an income of cards from an empty deck
def test_a_game_that_says_its_events_says_every_change(rulebooks, seed, players, edition, undo):
    _play_checked(rulebooks[edition], players, seed, undo)


def _play_checked(rb, players: int, seed: int, undo: bool, said: set | None = None,
                  variants: frozenset[str] = frozenset()) -> None:
    from referee.cli.simulate_cmd import random_characters
    from referee.engine.players import choose_move

    game = Game.new(rb, [f"P{i}" for i in range(players)], seed=seed, undo=undo, variants=variants,
                    characters=random_characters(rb, players, seed))
    rng, round_events = random.Random(seed), []
    while not game.is_over and game.state.round < 30:
        move = choose_move(game, None, rng)
        before = _position(game)
        events = game.apply_listed(move)
        round_events += events
        assert _unsaid(game, move, before, events, round_events) == [], (move, events)
        if said is not None:
            said.update((e["event"], e.get("reason")) for e in events)
        if game.state.round > before["round"]:
            round_events = []


# The characters' own events (and their reasons), each said in a step that asks `game.says`.
_CHARACTERS_SAY = {("cards", "abbot"), ("beautified", None), ("threatened", None), ("bribed", None),
                   ("exposed", None), ("refused", None), ("cards", "cardinal"), ("exchanged", None),
                   ("card_taken", None), ("warrants", None), ("confiscated", None), ("seized", None),
                   ("cards", "scholar"), ("deck_shuffled", None), ("seer_took", None), ("card_given", None),
                   ("spied", None), ("cards", "spy"), ("tax", None), ("gold", "taxes"), ("bewitched", None)}


_VARIANTS = frozenset({"spy-takes-from-hand", "abbot-gold-and-card"})


def test_the_characters_say_their_own_moves(rulebooks):
    """The characters' own steps ask `game.says` too: each of their events is said here, in
    talking games checked as above (with the variants where the Spy takes cards from the hand
    and the Abbot a card from the biggest one)."""
    said: set = set()
    for seed in range(80):              # (until each of them has been said)
        for edition in ("2016", "classic"):
            _play_checked(rulebooks[edition], 5 + seed % 3, seed, undo=False, said=said,
                          variants=_VARIANTS if seed % 2 else frozenset())
        if _CHARACTERS_SAY <= said:
            break
    assert _CHARACTERS_SAY <= said, _CHARACTERS_SAY - said


def test_a_game_asks_the_bank_rule_once(rulebooks):
    """Whether the bank is unlimited is asked when the game is made (asked at every gain): the
    rulebook's rule for the game's house rules, in a dealt game and in a situation's."""
    from referee.situation import load

    for edition, rb in rulebooks.items():
        for variants in (frozenset(), frozenset({"unlimited-bank"}), frozenset({"finite-bank"})):
            game = Game.new(rb, ["A", "B", "C", "D"], seed=1, variants=variants)
            assert game.unlimited_bank == rb.bank_unlimited(variants), (edition, variants)
        game = load({"edition": edition, "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}, rb).game
        assert game.unlimited_bank == rb.bank_unlimited(game.state.variants)
    assert {Game.new(rb, ["A", "B"], variants=v).unlimited_bank
            for rb in rulebooks.values() for v in (frozenset(), frozenset({"unlimited-bank"}))} == {True, False}
