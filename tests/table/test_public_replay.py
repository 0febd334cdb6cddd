"""A game seen only through what the table sees (secret picks, unknown hands) reaches the same
cities, gold and scores as the full-information game it was taken from."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from referee.engine.scoring import scores
from tests.table.public import play_and_transcribe, typed_at_the_table
from tests.table.reference_scores import reference_scores


def _hand_free(results):
    """Scores without what depends on hidden hands (Secret Vault, Map Room)."""
    return [(r["name"], r["score"] - r["breakdown"].get("secret-vault", 0) - r["breakdown"].get("map-room", 0))
            for r in results]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), edition=st.sampled_from(["2016", "classic"]))
def test_public_information_replays_to_the_same_game(rulebooks, seed, players, edition):
    rb = rulebooks[edition]
    full, public = play_and_transcribe(rb, players, seed)
    table, _ = typed_at_the_table(rb, full, public)
    assert table.is_over == full.is_over
    for mine, theirs in zip(table.state.players, full.state.players):
        assert mine.gold == theirs.gold, mine.name
        assert [b.id for b in mine.city] == [b.id for b in theirs.city], mine.name
        assert len(mine.hand) == len(theirs.hand), mine.name
    assert table.state.crown == full.state.crown
    assert _hand_free(scores(rb, table.state)) == _hand_free(scores(rb, full.state))
    if full.is_over:                            # the scores, worked out apart from the engine
        assert dict(_hand_free(scores(rb, table.state))) == reference_scores(edition, full.state)
