"""A finished game in a tables file, recorded as a table types it (the public moves of a random
full-information game, tests/table/public.py), without a command per move."""

from __future__ import annotations

from referee.table import service, setup
from referee.table.store import Store
from tests.table.public import play_and_transcribe, typed_at_the_table


def record_finished(path, name: str, rb, players: int, seed: int, teams: str | None = None):
    """Record the whole game in table `name` of the file at `path`; returns the full game."""
    full, public = play_and_transcribe(rb, players, seed)
    assert full.is_over
    names = ",".join(p.name for p in full.state.players)
    store = Store(path)
    store.create(setup.from_options(name, rb, names, None, None, [], True, teams))
    _, typed = typed_at_the_table(rb, full, public)
    _, _, refused = service.record(store, name, typed, lambda edition: rb)
    assert refused is None, (refused.text, refused.error.key)
    assert service.load(store, name, lambda edition: rb).game.is_over
    return full
