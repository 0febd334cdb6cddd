"""A game seen only through what the table sees (secret picks, unknown hands) reaches the same
cities, gold and scores as the full-information game it was taken from."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from referee.engine import IllegalMove
from referee.engine.scoring import scores
from referee.table.service import new_header, setup_situation, starting_game
from tests.table.public import play_and_transcribe


def _table_game(rulebook, full):
    state = full.state
    names = [p.name for p in state.players]
    start = setup_situation(rulebook, names, list(state.characters), 0, sorted(state.variants), True)
    table = starting_game(new_header("t", rulebook.edition, names, list(state.characters), 0, [], True, start), rulebook)
    # A dealt game's deck holds only the unique districts the engine plays; the table's the
    # edition's number: give both the same deck, so cards put under it come back at the same time.
    table.state.deck = table.state.deck[:full.initial_deck] + ["?"] * (full.initial_deck - len(table.state.deck))
    return table


def replay_public(rulebook, full, public):
    table = _table_game(rulebook, full)
    for text in public:
        if text.startswith("?"):
            text = text[1:]
            if table.state.phase != "turns":
                continue                 # the round ended without it: nobody asked for it
        move = table.parse(text)
        try:
            table.apply(move)
        except IllegalMove as error:
            raise AssertionError(f"{text!r} refused at the table: {error.key} {error.values}") from None
    return table


def _hand_free(results):
    """Scores without what depends on hidden hands (Secret Vault, Map Room)."""
    return [(r["name"], r["score"] - r["breakdown"].get("secret-vault", 0) - r["breakdown"].get("map-room", 0))
            for r in results]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_public_information_replays_to_the_same_game(rulebooks, seed, players, edition):
    rb = rulebooks[edition]
    full, public = play_and_transcribe(rb, players, seed)
    table = replay_public(rb, full, public)
    assert table.is_over == full.is_over
    for mine, theirs in zip(table.state.players, full.state.players):
        assert mine.gold == theirs.gold, mine.name
        assert [b.id for b in mine.city] == [b.id for b in theirs.city], mine.name
        assert len(mine.hand) == len(theirs.hand), mine.name
    assert table.state.crown == full.state.crown
    assert _hand_free(scores(rb, table.state)) == _hand_free(scores(rb, full.state))
