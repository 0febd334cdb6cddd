"""The cached position (`positions` in the tables file): it equals what the log replays to, and
it is used only while it is the log's — a stale, foreign or corrupt row means a full replay, so a
move that no longer replays is still found."""

from __future__ import annotations

import json

import pytest

from referee.table import cache, service, stamp
from referee.table.situation_text import setup_situation
from referee.table.store import SCHEMA_VERSION, Store
from tests.table.public import play_and_transcribe


def _new_table(store: Store, rulebook, names: list[str], characters: list[str], name: str = "t") -> None:
    start = setup_situation(rulebook, names, characters, 0, [], True)
    store.create(service.new_header(name, rulebook.edition, names, characters, 0, [], True, start))


def _same_game(restored, replayed) -> None:
    assert restored.state == replayed.state
    assert restored.history == replayed.history
    for attribute in ("seed", "table", "secret_selection", "implicit_ends", "_events", "_listing"):
        assert getattr(restored, attribute) == getattr(replayed, attribute), attribute
    assert restored.hooks is replayed.hooks          # the same cast: the same shared hook lists
    assert restored.notation.state is restored.state


def _record_public_game(store: Store, rulebook, players: int, seed: int, every: int = 10):
    """Record a random game's public moves (as the bench does), comparing after every `every`
    moves the cached position with a replay of the log; returns the number recorded."""
    full, public = play_and_transcribe(rulebook, players, seed)
    _new_table(store, rulebook, [p.name for p in full.state.players], list(full.state.characters))
    recorded = 0
    for text in public:
        optional = text.startswith("?")
        _, done, refused = service.record(store, "t", [text.lstrip("?")], lambda edition: rulebook)
        if refused is not None:
            if optional:
                continue
            break                        # the table's deck of unknown cards differs from the dealt one
        recorded += 1
        if recorded % every == 0:
            header, log = store.header("t"), store.moves("t")
            restored = service.restore(store, header, log, rulebook)
            assert restored is not None, "the position recorded with the log is cached"
            replayed = service.replay(header, log, rulebook)
            _same_game(restored.game, replayed.game)
            shown = service.restore(store, header, log, rulebook, play=False)
            assert isinstance(shown.game, cache.Position)
            assert shown.game.state == replayed.game.state
            assert shown.game.unlimited_bank == replayed.game.unlimited_bank
            assert shown.game.is_over == replayed.game.is_over
            assert service.expected_next(shown.game) == service.expected_next(replayed.game)
    return recorded


@pytest.mark.parametrize("edition,players,seed", [("2016", 4, 1), ("2016", 7, 5), ("classic", 3, 2),
                                                  ("classic", 6, 11), ("2016", 2, 8)])
def test_a_cached_position_equals_the_replayed_one(tables, rulebooks, edition, players, seed):
    assert _record_public_game(Store(tables), rulebooks[edition], players, seed) >= 30


def _cached_table(tables, rulebooks) -> Store:
    store = Store(tables)
    _record_public_game(store, rulebooks["2016"], 4, 1, every=1000)
    assert service.restore(store, store.header("t"), store.moves("t"), rulebooks["2016"]) is not None
    return store


@pytest.mark.parametrize("column,value", [
    ("key", "another version"),                       # an upgrade, an edited engine, rebuilt card data
    ("log", "1 Ann: gold"),                           # another log (an older referee recorded moves)
    ("moves", 3),
    ("position", "{not json"),                        # corrupt
    ("position", '{"seed": 0, "table": true, "secret_selection": true, "implicit_ends": false, "state": {"\\u0000o": ["os.system", {}]}}'),
    ("position", '{"seed": 0, "table": true, "secret_selection": true, "implicit_ends": false, "state": ' + "[" * 100000 + "]" * 100000 + "}"),
    ("position", '{"seed": 0, "table": true, "secret_selection": true, "implicit_ends": false, "state": {"\\u0000s": [[1]]}}'),
    ("history", '[{"\\u0000o": ["Step", {"move": 1}]}]'),
    ("history", '[{"\\u0000x": []}]'),
    ("history", "null"),
])
def test_a_stale_or_foreign_position_is_ignored(tables, rulebooks, column, value):
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    store.conn.execute(f"UPDATE positions SET {column} = ? WHERE game = 't'", (value,))
    header, log = store.header("t"), store.moves("t")
    assert service.restore(store, header, log, rb) is None
    assert service.restore(store, header, log, rb, play=False) is None or column == "history"
    replayed = service.replay(header, log, rb)
    loaded = service.load(store, "t", lambda edition: rb)
    _same_game(loaded.game, replayed.game)
    # The next recorded move caches the position again.
    service.record(store, "t", [], lambda edition: rb)
    assert service.restore(store, header, log, rb) is not None


def test_the_key_follows_the_code_and_the_card_data(tables, rulebooks, monkeypatch, tmp_path):
    store = _cached_table(tables, rulebooks)
    header = store.header("t")
    key = stamp.replay_key(header)
    assert key == stamp.replay_key(header)
    other = tmp_path / "other.db"
    other.write_bytes(b"")
    monkeypatch.setenv("REFEREE_DB", str(other))           # another card database
    stamp._STAMPS.clear()
    assert stamp.replay_key(header) != key
    monkeypatch.undo()
    stamp._STAMPS.clear()
    assert stamp.replay_key(header) == key
    assert stamp.replay_key(header._replace(variants=["unlimited-bank"])) != key


def test_a_log_that_no_longer_replays_is_found_despite_the_cache(tables, rulebooks):
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    # As if the rules had changed under a recorded move: the log itself is the truth.
    store.conn.execute("UPDATE moves SET notation = 'P0: fly' WHERE game = 't' AND seq = 5")
    tracked = service.load(store, "t", lambda edition: rb)
    assert tracked.broken is not None and tracked.broken.seq == 5
    assert service.load(store, "t", lambda edition: rb, play=False).broken.seq == 5


def test_undo_and_delete_keep_the_cache_the_logs(tables, rulebooks):
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    tracked, _ = service.undo(store, "t", 3, lambda edition: rb)
    header, log = store.header("t"), store.moves("t")
    restored = service.restore(store, header, log, rb)
    assert restored is not None
    _same_game(restored.game, service.replay(header, log, rb).game)
    _same_game(tracked.game, restored.game)
    store.delete("t")
    assert store.conn.execute("SELECT COUNT(*) FROM positions").fetchone()[0] == 0


def test_a_schema_1_file_gains_the_cache(tables, rulebooks):
    store = _cached_table(tables, rulebooks)
    moves = store.moves("t")
    store.conn.execute("DROP TABLE positions")
    store.conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'cache_positions'")
    store.conn.execute("PRAGMA user_version = 1")
    store.conn.close()
    again = Store(tables)
    assert again.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert again.moves("t") == moves and again.position("t") is None
    assert service.load(again, "t", lambda edition: rulebooks["2016"]).broken is None


def test_a_foreign_positions_table_is_ignored(tables, rulebooks):
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    store.conn.execute("DROP TABLE positions")
    store.conn.execute("CREATE TABLE positions (something TEXT)")
    header, log = store.header("t"), store.moves("t")
    assert service.restore(store, header, log, rb) is None
    _, done, refused = service.record(store, "t", [], lambda edition: rb)        # still records
    assert service.load(store, "t", lambda edition: rb).broken is None


def test_the_tagged_json_keeps_types():
    from referee.engine.state import Built, Marks, Pending

    value = [("a", ("b",)), {"x": [1, True, None]}, {"s"}, frozenset({2}), Built("temple", 2, ("museum",)),
             Marks(warrants=("a", "b")), Pending("graveyard", 1, (Built("keep"),), True)]
    back = cache.decode(json.dumps(cache.encode(value)))
    assert back == value
    assert [type(v) for v in back] == [type(v) for v in value]
    assert type(back[0][1]) is tuple and type(back[4].stored) is tuple
    with pytest.raises(cache.Uncacheable):
        cache.encode(object())
    with pytest.raises(cache.Uncacheable):
        cache.encode({1: "a"})
    with pytest.raises(cache.Uncacheable):
        cache.encode({"\0t": "a"})                   # a key that would read as a tag
    assert cache.decode('{"t": [1]}') == {"t": [1]}  # a plain one-key dict stays a dict


def test_show_reads_the_same_from_the_cache_as_from_a_replay(table, tables):
    """Through the CLI, at every step of a round and in both languages: `show` (which reads the
    cache without the cards) prints what a full replay prints."""
    from tests.table.test_table_cli import ROUND

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    for moves in ROUND:
        assert table("do", *moves).returncode == 0
        cached = [table("show", *args) for args in (["--json"], ["--lang", "en"], ["--lang", "zh-Hant"])]
        store = Store(tables)
        assert store.position("t") is not None
        store.conn.execute("DELETE FROM positions")
        store.conn.close()
        replayed = [table("show", *args) for args in (["--json"], ["--lang", "en"], ["--lang", "zh-Hant"])]
        assert [(r.returncode, r.stdout, r.stderr) for r in cached] == [(r.returncode, r.stdout, r.stderr) for r in replayed]
