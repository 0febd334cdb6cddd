"""Whole games recorded through `referee table do` for 2, 4, 5 and 7 players in both editions:
the tracker, which sees only the public moves, ends with the scores of the full-information
game they came from (everything but what depends on hidden hands), and the scores worked out
from the rulebooks apart from the engine (tests/table/reference_scores.py)."""

from __future__ import annotations

import json

import pytest

from referee.engine.scoring import scores
from tests.table.public import play_and_transcribe, typed_at_the_table
from tests.table.reference_scores import reference_scores


def _hand_free(results) -> dict[str, int]:
    return {r["name"]: r["score"] - r["breakdown"].get("secret-vault", 0) - r["breakdown"].get("map-room", 0)
            for r in results}


def _record(table, batch: list[str]) -> None:
    if batch:
        result = table("do", *batch)
        assert result.returncode == 0, result.stdout[-800:]
        batch.clear()


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("players", [2, 4, 5, 7])
def test_a_whole_game_through_the_cli(table, rulebooks, edition, players):
    rb = rulebooks[edition]
    full, public = play_and_transcribe(rb, players, seed=players * 7 + len(edition))
    assert full.is_over
    names = ",".join(p.name for p in full.state.players)
    assert table("new", "g", "--players", names, "--edition", edition).returncode == 0
    # As the table types it: a killed character shown at the round's end only when the tracker
    # asks for it, and each call nobody answers passed.
    batch = typed_at_the_table(rb, full, public)[1]
    _record(table, batch)
    final = json.loads(table("score", "--json").stdout)
    assert final["final"] is True
    assert _hand_free(final["players"]) == _hand_free(scores(rb, full.state))
    assert _hand_free(final["players"]) == reference_scores(edition, full.state)     # worked out apart
    assert final["winners"] == full.winners()[0]
