"""The cached position (`positions` in the tables file): it equals what the log replays to, and
it is used only while it is the log's — a stale, foreign or corrupt row means a full replay, so a
move that no longer replays is still found."""

from __future__ import annotations

import json

import pytest

from referee.table import cache, service, stamp
from referee.table.situation_text import setup_situation
from referee.table.store import SCHEMA_VERSION, Store
from tests.table.public import play_and_transcribe, typed_at_the_table
from tests.table.reference_scores import reference_scores


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
    for text in typed_at_the_table(rulebook, full, public)[1]:     # the calls nobody answers passed
        _, done, refused = service.record(store, "t", [text], lambda edition: rulebook)
        if refused is not None:
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
    header, log = store.header("t"), store.moves("t")
    restored = service.restore(store, header, log, rulebook)
    if restored is not None and restored.game.is_over:       # the cached game's scores, worked out apart
        from referee.engine.scoring import scores

        found = {r["name"]: r["score"] - r["breakdown"].get("secret-vault", 0) - r["breakdown"].get("map-room", 0)
                 for r in scores(rulebook, restored.game.state)}
        assert found == reference_scores(rulebook.edition, restored.game.state)
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


def _gold_set_to_99(position: str) -> str:
    """A cached position edited by hand: valid, well-typed, and wrong (the first player's gold)."""
    found = json.loads(position)
    found["state"]["\0o"][1]["players"][0]["\0o"][1]["gold"] = 99
    return json.dumps(found, ensure_ascii=False)


@pytest.mark.parametrize("column,value", [
    ("key", "another version"),                       # an upgrade, an edited engine, rebuilt card data
    ("log", "1 Ann: gold"),                           # another log (an older referee recorded moves)
    ("moves", 3),
    ("digest", "0" * 64),
    ("position", _gold_set_to_99),                    # edited by hand: well-formed, and not the log's
    ("position", "abc"),
    ("position", "{not json"),                        # corrupt
    ("position", '{"seed": 0, "table": true, "secret_selection": true, "implicit_ends": false, "state": {"\\u0000o": ["os.system", {}]}}'),
    ("position", '{"seed": 0, "table": true, "secret_selection": true, "implicit_ends": false, "state": ' + "[" * 100000 + "]" * 100000 + "}"),
    ("position", '{"seed": 0, "table": true, "secret_selection": true, "implicit_ends": false, "state": {"\\u0000s": [[1]]}}'),
    ("position", None),
    ("steps", 3),
    ("chain", "abc"),
    ("history", '[{"\\u0000o": ["Step", {"move": 1}]}]'),   # a step row edited
    ("history", '{"\\u0000x": []}'),
    ("history", "null"),
    ("history", None),
])
def test_a_stale_or_foreign_position_is_ignored(tables, rulebooks, column, value):
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    if column == "key":
        store.conn.execute("UPDATE games SET created = ? WHERE name = 't'", (value,))    # the key holds the header
    elif column == "log":
        store.conn.execute("UPDATE moves SET notation = notation || ' ' WHERE game = 't' AND seq = 1")
    elif column == "history":
        store.conn.execute("UPDATE steps SET step = ? WHERE game = 't' AND seq = 5", (value,))
    else:
        if callable(value):
            value = value(store.position("t")[2])
        store.conn.execute(f"UPDATE positions SET {column} = ? WHERE game = 't'", (value,))
    header, log = store.header("t"), store.moves("t")
    assert service.restore(store, header, log, rb) is None
    # `show` reads no history: an edited step is found by the commands that read it
    assert (service.restore(store, header, log, rb, play=False) is None) is (column != "history")
    replayed = service.replay(header, log, rb)
    loaded = service.load(store, "t", lambda edition: rb)
    _same_game(loaded.game, replayed.game)
    # The next recorded move caches the position again.
    service.record(store, "t", [], lambda edition: rb)
    restored = service.restore(store, header, log, rb)
    assert restored is not None
    _same_game(restored.game, replayed.game)


def test_gold_edited_in_the_cache_is_neither_shown_nor_used(table, tables):
    """Issue 16: Cid's gold set to 99 in the cached position was shown, and let him build a
    Palace. Through the CLI: `show` and `do` go by the log."""
    from tests.table.test_table_cli import ROUND

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    for moves in ROUND[:5]:
        assert table("do", *moves).returncode == 0
    before = json.loads(table("show", "--json").stdout)
    store = Store(tables)
    found = json.loads(store.position("t")[2])
    players = found["state"]["\0o"][1]["players"]
    cid = next(p for p in players if p["\0o"][1]["name"] == "Cid")
    cid["\0o"][1]["gold"] = 99
    store.conn.execute("UPDATE positions SET position = ?", (json.dumps(found, ensure_ascii=False),))
    store.conn.close()
    assert json.loads(table("show", "--json").stdout) == before
    assert [p["gold"] for p in before["state"]["players"] if p["name"] == "Cid"] == [2]
    result = table("do", "Cid: reveal King", "Cid: gold", "Cid: build Palace")
    assert result.returncode == 1 and "Cid: build Palace" in result.stdout
    log = json.loads(table("log", "--json").stdout)
    assert [m["move"] for m in log][-2:] == ["Cid: reveal King", "Cid: gold"]


def test_a_move_writes_what_it_changes_not_the_whole_history(tables, rulebooks):
    """Writes that do not grow with the game: a recorded move adds its own steps and replaces
    the state's row; the rows of the earlier steps are not written again."""
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    service.undo(store, "t", 5, lambda edition: rb)          # the game over: back into it
    before = store.steps("t")
    assert len(before) > 100
    game = service.load(store, "t", lambda edition: rb).game
    move = game.format(game.legal_moves()[0])
    written = []
    store.conn.set_trace_callback(lambda sql: written.append(sql) if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "REPLACE")) else None)
    _, done, refused = service.record(store, "t", [move], lambda edition: rb)
    store.conn.set_trace_callback(None)
    assert done and refused is None
    after = store.steps("t")
    assert after[:len(before)] == before and len(after) == len(before) + 1
    inserted = [sql for sql in written if "INSERT INTO steps" in sql]
    assert len(inserted) == 1, written                  # one step row: the move's own
    row = store.position("t")
    assert row[3] == len(after)
    assert len(row[2]) < 20_000                          # the state, not the history


def test_the_key_follows_the_code_and_the_card_data(tables, rulebooks, monkeypatch, tmp_path):
    store = _cached_table(tables, rulebooks)
    header = store.header("t")
    key = stamp.replay_key(header)
    assert key and json.loads(key)[2] == json.loads(json.dumps(header._asdict()))      # the header is in it
    stamp._STAMPS["code"] = stamp._STAMPS["code"][1:]                 # an engine file changed or went away
    assert stamp.replay_key(header) != key
    stamp._STAMPS.clear()
    assert stamp.replay_key(header) == key                  # the same files stamped again: the same key
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
    store.conn.execute("DROP TABLE steps")
    store.conn.execute("DELETE FROM _sqlite_migrations WHERE name IN ('cache_positions', 'cache_by_step')")
    store.conn.execute("PRAGMA user_version = 1")
    store.conn.close()
    again = Store(tables)
    assert again.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
    assert again.moves("t") == moves and again.position("t") is None
    assert service.load(again, "t", lambda edition: rulebooks["2016"]).broken is None


def test_a_schema_2_file_gains_the_teams(tables, rulebooks):
    store = _cached_table(tables, rulebooks)
    moves = store.moves("t")
    store.conn.execute("ALTER TABLE games DROP COLUMN teams")
    store.conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'team_play'")
    store.conn.execute("PRAGMA user_version = 2")
    store.conn.close()
    again = Store(tables)
    assert again.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert again.header("t").teams == [] and again.moves("t") == moves
    assert service.load(again, "t", lambda edition: rulebooks["2016"]).broken is None


def test_a_schema_2_file_gains_the_cache_by_step(tables, rulebooks):
    """A file of the previous version: its whole-history cache row is dropped (a cache only),
    the log kept, and the next command caches the position again, step by step."""
    store = _cached_table(tables, rulebooks)
    moves = store.moves("t")
    store.conn.execute("DROP TABLE positions")
    store.conn.execute("DROP TABLE steps")
    store.conn.execute("CREATE TABLE positions (game TEXT PRIMARY KEY, moves INTEGER, log TEXT, key TEXT, "
                       "position TEXT, history TEXT)")
    store.conn.execute("INSERT INTO positions VALUES ('t', 1, '1 x', 'k', '{}', '[]')")
    store.conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'cache_by_step'")
    store.conn.execute("PRAGMA user_version = 2")
    store.conn.close()
    again = Store(tables)
    assert again.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert again.moves("t") == moves and again.position("t") is None and again.steps("t") == []
    rb = rulebooks["2016"]
    service.undo(again, "t", 3, lambda edition: rb)
    game = service.load(again, "t", lambda edition: rb).game
    _, done, _ = service.record(again, "t", [game.format(game.legal_moves()[0])], lambda edition: rb)
    assert done
    restored = service.restore(again, again.header("t"), again.moves("t"), rb)
    _same_game(restored.game, service.replay(again.header("t"), again.moves("t"), rb).game)


def test_a_foreign_positions_table_is_ignored(tables, rulebooks):
    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    store.conn.execute("DROP TABLE positions")
    store.conn.execute("CREATE TABLE positions (something TEXT)")
    header, log = store.header("t"), store.moves("t")
    assert service.restore(store, header, log, rb) is None
    service.undo(store, "t", 2, lambda edition: rb)                            # still undoes
    log = store.moves("t")
    game = service.load(store, "t", lambda edition: rb).game
    move = game.format(game.legal_moves()[0])
    _, done, refused = service.record(store, "t", [move], lambda edition: rb)     # still records
    assert [canonical for canonical, _, _ in done] == [move] and refused is None
    assert store.moves("t")[-1].notation == move and len(store.moves("t")) == len(log) + 1
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


def test_an_edited_step_is_found_by_the_command_that_reads_it_and_stored_again(tables, rulebooks):
    """A `do` neither reads nor uses the earlier steps of the cached history (it extends the
    chain their row ends in), so a step edited by hand — well-formed, another step's text — is
    found by the first command that reads the history: it replays, shows the log's history and
    stores it again, unless another program is writing (then it does not wait)."""
    import sqlite3
    import time

    store = _cached_table(tables, rulebooks)
    rb = rulebooks["2016"]
    service.undo(store, "t", 5, lambda edition: rb)
    steps = store.steps("t")
    store.conn.execute("UPDATE steps SET step = ? WHERE game = 't' AND seq = 5", (steps[6][1],))
    header = store.header("t")
    assert isinstance(service.load(store, "t", lambda edition: rb, play=False).game, cache.Position)   # `show`
    replayed = service.replay(header, store.moves("t"), rb).game
    move = replayed.format(replayed.legal_moves()[0])
    _, done, refused = service.record(store, "t", [move], lambda edition: rb)
    assert done and refused is None
    log = store.moves("t")
    assert service.restore(store, header, log, rb) is None                       # still edited: never read
    assert store.steps("t")[5][1] == steps[6][1]
    other = sqlite3.connect(tables, timeout=0, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")                                             # another program writing
    started = time.monotonic()
    busy = service.load(store, "t", lambda edition: rb)
    assert time.monotonic() - started < 5
    other.execute("ROLLBACK")
    other.close()
    assert store.steps("t")[5][1] == steps[6][1]                                 # not stored: the file was busy
    replayed = service.replay(header, log, rb).game
    _same_game(busy.game, replayed)
    loaded = service.load(store, "t", lambda edition: rb)
    _same_game(loaded.game, replayed)                                           # the log's history, not the edit
    assert store.steps("t")[5][1] == steps[5][1]                                 # stored again
    restored = service.restore(store, header, log, rb)
    assert restored is not None
    _same_game(restored.game, replayed)
