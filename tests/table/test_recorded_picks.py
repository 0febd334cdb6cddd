"""A table whose picks are recorded on one shared device (`table new --recorded-picks`: one phone
passed around, each player typing his own pick): everybody at the table reads what that device
and the phones show, so nobody's pick shows before its character is revealed (called and shown,
or the round's end) — not `show` (text and --json), `log`, `score`, `moves` outside the picker's
step, `undo`, the watch link, the table link, the other seats' pages, /state.json. The seat
that picked sees its own pick on its phone; the picker sees the characters left to choose from
(the rule), not who took the others. `export` waits until no pick is hidden.

(Seen at a game night: `show`, `log` and every phone said "Dan: Warlord" before the Warlord was
called, while `do` said only "Dan picks a character".)"""

from __future__ import annotations

import json
import re

import pytest

from tests.table.test_phone_acting import _links, post
from tests.table.test_phone_view import _events, get, serving

FIRST = ["Ann: faceup Architect, Bishop", "Ann: pick Thief", "Bob: pick King"]
REST = ["Cid: pick Merchant", "Dan: pick Warlord"]
# Names of the four picked characters in the three languages: none may show before its call.
HIDDEN = {"Thief": ("Thief", "盜賊", "盗贼"), "King": ("King", "國王", "国王"),
          "Merchant": ("Merchant", "商人"), "Warlord": ("Warlord", "領主", "领主")}


def _recorded(table, *moves: str) -> None:
    assert table("new", "rp", "--players", "Ann,Bob,Cid,Dan", "--crown", "Ann", "--recorded-picks").returncode == 0
    if moves:
        done = table("do", *moves)
        assert done.returncode == 0, done.stdout + done.stderr


def _characters_of(page: str, name: str) -> str | None:
    found = re.search(rf'<span class="name">{name}</span>(.*?)</div>', page, re.S)
    assert found, page
    shown = re.search(r'<span class="characters">([^<]*)</span>', found.group(1))
    return shown.group(1) if shown else None


def _names_absent(text: str, *characters: str) -> None:
    for character in characters:
        for name in HIDDEN[character]:
            assert name not in text, (name, text)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_show_log_score_and_moves_hide_the_picks_made(table, lang):
    _recorded(table, *FIRST)
    for args in (["show"], ["log"], ["score"], ["moves"], ["show", "--json"], ["log", "--json"], ["score", "--json"]):
        done = table(*args, "--lang", lang)
        assert done.returncode == 0, done.stderr
        _names_absent(done.stdout, "Thief", "King")
    shown = json.loads(table("show", "--json").stdout)
    assert [p["characters"] for p in shown["state"]["players"]] == [[], [], [], []]
    assert [p["hand_count"] for p in shown["state"]["players"]] == [4, 4, 4, 4]
    said = {"en": "Bob picks a character", "zh-Hant": "Bob 選了角色", "zh-Hans": "Bob 选了角色"}[lang]
    assert said in table("log", "--lang", lang).stdout
    assert [m["move"] for m in json.loads(table("log", "--json").stdout)] == \
        ["Ann: faceup Architect, Bishop", "Ann: pick ?", "Bob: pick ?"]


def test_the_picker_still_sees_the_characters_left_to_choose_from(table):
    _recorded(table, *FIRST)
    listed = table("moves").stdout
    assert listed.startswith("Cid: pick Assassin · pick Magician · pick Merchant · pick Warlord"), listed
    assert "Next: Cid picks a character." in table("show").stdout
    refused = table("do", "Cid: pick King")             # taken already: refused, as always
    assert refused.returncode == 1


def test_undo_of_a_pick_does_not_say_which(table):
    _recorded(table, *FIRST)
    undone = table("undo")
    assert undone.returncode == 0 and undone.stdout.startswith("Undone: Bob picks a character"), undone.stdout
    _names_absent(undone.stdout, "King")
    assert json.loads(table("undo", "--json").stdout)["undone"] == ["Ann: pick ?"]


def test_a_character_shows_once_it_is_called(table):
    _recorded(table, *FIRST, *REST)                      # the picks are done: the Thief is called
    shown = {p["name"]: p["characters"] for p in json.loads(table("show", "--json").stdout)["state"]["players"]}
    assert shown == {"Ann": ["Thief"], "Bob": [], "Cid": [], "Dan": []}
    out = table("show").stdout + table("log").stdout
    assert "Ann: pick Thief" in table("log").stdout
    _names_absent(out, "King", "Merchant", "Warlord")
    assert table("do", "Ann: gold", "Ann: end").returncode == 0        # the King (rank 4) is called
    shown = {p["name"]: p["characters"] for p in json.loads(table("show", "--json").stdout)["state"]["players"]}
    assert shown == {"Ann": ["Thief"], "Bob": ["King"], "Cid": [], "Dan": []}
    _names_absent(table("log").stdout, "Merchant", "Warlord")


def test_every_pick_shows_once_the_round_is_over(table):
    _recorded(table, *FIRST, *REST, "Ann: gold", "Ann: end", "Bob: gold", "Bob: end", "Cid: gold", "Cid: end",
              "Dan: gold", "Dan: end")
    shown = json.loads(table("show", "--json").stdout)
    assert shown["phase"] == "selection" and shown["state"]["round"] == 2
    logged = table("log").stdout
    for move in ("Ann: pick Thief", "Bob: pick King", "Cid: pick Merchant", "Dan: pick Warlord"):
        assert move in logged
    assert table("export").returncode == 0                 # nothing hidden any more


def test_export_waits_while_a_pick_is_hidden(table):
    _recorded(table, *FIRST)
    for args in (["export"], ["export", "--format", "json"]):
        refused = table(*args)
        assert refused.returncode == 2 and refused.stdout == "", args
        assert refused.stderr.startswith("referee: This table's picks are typed on one shared device"), refused.stderr
        assert refused.stderr.count("\n") == 1


def test_the_phones_show_a_pick_to_its_seat_alone(table, tables):
    _recorded(table, FIRST[0])
    links = _links(tables, "rp")
    with serving(tables, lang="en") as base:
        ann = get(f"{base}/k/{links[0]}/")[1]
        assert 'data-move="Ann: pick Thief"' in ann                     # the picker's step works
        assert post(f"{base}/k/{links[0]}/act", {"move": "Ann: pick Thief", "version": 1})[0] == 200
        assert post(f"{base}/k/{links[-1]}/act", {"move": "Bob: pick King", "version": 2})[0] == 200
        pages = {"watch": get(base + "/")[1], "table": get(f"{base}/k/{links[-1]}/")[1],
                 "Cid": get(f"{base}/k/{links[2]}/")[1], "Dan": get(f"{base}/k/{links[3]}/")[1],
                 "stream of Dan": next(_events(f"{base}/k/{links[3]}/events"))["html"],
                 "watch stream": next(_events(f"{base}/events"))["html"]}
        ann = get(f"{base}/k/{links[0]}/")[1]
        bob = get(f"{base}/k/{links[1]}/")[1]
        state = json.loads(get(base + "/state.json")[1])
    assert _characters_of(ann, "Ann") == "Thief 2" and _characters_of(ann, "Bob") is None
    assert _characters_of(bob, "Bob") == "King 4" and _characters_of(bob, "Ann") is None
    for name, page in pages.items():
        assert _characters_of(page, "Ann") is None and _characters_of(page, "Bob") is None, name
        assert "Thief 2" not in page and "King 4" not in page and "pick Thief" not in page, name
    assert "Merchant" in pages["table"] and 'data-move="Cid: pick Merchant"' in pages["table"]   # the shared device
    assert "Bob picks a character" in pages["watch"] and "Ann picks a character" in pages["Dan"]  # said, not which
    assert 'data-move="Cid: pick Merchant"' in pages["Cid"]
    assert [p["characters"] for p in state["state"]["players"]] == [[], [], [], []]


KNOWN = '''edition = "2016"
[table]
crown = "Ann"
[[players]]
name = "Ann"
characters = ["Thief"]
[[players]]
name = "Bob"
characters = ["King"]
[[players]]
name = "Cid"
characters = ["Merchant"]
[[players]]
name = "Dan"
characters = ["Warlord"]
'''
ROUND_1 = ["Ann: gold", "Ann: end", "Bob: gold", "Bob: end", "Cid: gold", "Cid: end", "Dan: gold", "Dan: end"]


def _characters(table) -> dict[str, list[str]]:
    return {p["name"]: p["characters"] for p in json.loads(table("show", "--json").stdout)["state"]["players"]}


def test_a_file_declaring_the_holders_shows_them_and_then_hides_the_picks_typed(table, tables, tmp_path):
    """`--from` a file that says who holds what: known to everybody in its round (no pick was
    typed); the next rounds' picks are typed on the host's device, and hidden as at a table of
    recorded picks."""
    from referee.table.store import Store

    path = tmp_path / "known.toml"
    path.write_text(KNOWN, encoding="utf-8")
    assert table("new", "k", "--from", str(path)).returncode == 0
    assert Store(tables).header("k").picks == "known"
    assert _characters(table) == {"Ann": ["Thief"], "Bob": ["King"], "Cid": ["Merchant"], "Dan": ["Warlord"]}
    assert "Dan Warlord" in table("show").stdout
    assert table("do", *ROUND_1, "Bob: faceup Architect, Bishop", "Bob: pick Assassin").returncode == 0
    assert _characters(table) == {"Ann": [], "Bob": [], "Cid": [], "Dan": []}
    logged = table("log").stdout
    assert "Bob picks a character" in logged and "Assassin" not in logged and "Dan: end" in logged
    _names_absent(table("show").stdout + table("show", "--lang", "zh-Hant").stdout, "Thief")


def test_each_table_says_how_its_picks_are_recorded(table, tables, tmp_path):
    from referee.table.store import Store

    path = tmp_path / "selection.toml"            # a file whose round is still to be picked, picks not secret
    path.write_text(KNOWN.replace('characters = ["Thief"]', "").replace('characters = ["King"]', "")
                    .replace('characters = ["Merchant"]', "").replace('characters = ["Warlord"]', ""), encoding="utf-8")
    made = {"s": [], "r": ["--recorded-picks"], "p": ["--private-picks"]}
    for name, options in made.items():
        assert table("new", name, "--players", "Ann,Bob,Cid,Dan", *options).returncode == 0
    assert table("new", "f", "--from", str(path)).returncode == 0
    store = Store(tables)
    assert {name: store.header(name).picks for name in ("s", "r", "p", "f")} == \
        {"s": "secret", "r": "recorded", "p": "private", "f": "recorded"}


def test_an_old_tables_file_tells_recorded_picks_from_declared_holders(table, tables, tmp_path):
    """A file of schema 6 had no `picks`: its `secret` was false both at a table of recorded
    picks and at one started from a file declaring the holders. The migration tells them by the
    start (holders declared: known), and the old recorded table hides its picks at once."""
    import sqlite3

    from referee.table.store import SCHEMA_VERSION, Store

    path = tmp_path / "known.toml"
    path.write_text(KNOWN, encoding="utf-8")
    assert table("new", "k", "--from", str(path)).returncode == 0
    assert table("new", "s", "--players", "Ann,Bob,Cid,Dan").returncode == 0
    assert table("new", "p", "--players", "Ann,Bob,Cid,Dan", "--private-picks").returncode == 0
    _recorded(table, *FIRST)
    with sqlite3.connect(tables) as conn:         # back to schema 6, as an earlier version left it
        conn.execute("ALTER TABLE games DROP COLUMN picks")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'picks_recorded'")
        conn.execute("PRAGMA user_version = 6")
    conn.close()
    store = Store(tables)
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
    assert {name: store.header(name).picks for name in ("k", "s", "p", "rp")} == \
        {"k": "known", "s": "secret", "p": "private", "rp": "recorded"}
    store.conn.close()
    assert _characters(table) == {"Ann": [], "Bob": [], "Cid": [], "Dan": []}
    assert "Bob picks a character" in table("log").stdout
    assert _characters(lambda *a: table(*a, "--table", "k")) == \
        {"Ann": ["Thief"], "Bob": ["King"], "Cid": ["Merchant"], "Dan": ["Warlord"]}


def test_a_header_edited_to_an_unknown_way_of_picking_is_named(table, tables):
    import sqlite3

    _recorded(table)
    with sqlite3.connect(tables) as conn:
        conn.execute("UPDATE games SET picks = 'shouted'")
    conn.close()
    refused = table("show")
    assert refused.returncode == 2 and "picks" in refused.stderr and refused.stderr.count("\n") == 1


END = '''edition = "2016"
[table]
crown = "Ann"
phase = "selection"
[[players]]
name = "Ann"
gold = 9
hand = ["Temple"]
city = ["Manor", "Castle", "Palace", "Tavern", "Market", "Harbor"]
[[players]]
name = "Bob"
gold = 2
[[players]]
name = "Cid"
gold = 2
[[players]]
name = "Dan"
gold = 2
'''


def test_a_finished_game_shows_every_pick(table, tmp_path):
    """Ann completes her city in the round: once the game is over every pick shows (log,
    show, stats) and the game exports."""
    path = tmp_path / "end.toml"
    path.write_text(END, encoding="utf-8")
    assert table("new", "e", "--from", str(path)).returncode == 0
    assert table("do", *FIRST, *REST, "Ann: gold", "Ann: build Temple", "Ann: end", "Bob: gold").returncode == 0
    assert _characters(table) == {"Ann": ["Thief"], "Bob": ["King"], "Cid": [], "Dan": []}
    assert table("export").returncode == 2                       # Merchant and Warlord not called yet
    assert table("do", "Bob: end", "Cid: gold", "Cid: end", "Dan: gold", "Dan: end").returncode == 0
    assert json.loads(table("show", "--json").stdout)["phase"] == "over"
    logged = table("log").stdout
    for move in ("Ann: pick Thief", "Bob: pick King", "Cid: pick Merchant", "Dan: pick Warlord"):
        assert move in logged
    assert "Merchant" in table("stats").stdout
    exported = table("export")
    assert exported.returncode == 0 and "Dan: pick Warlord" in exported.stdout
    assert "Dan: pick Warlord" in table("export", "--format", "json").stdout


def test_the_terminal_that_serves_hears_a_phones_pick_without_its_character(table, tables):
    """`serve` prints each move a phone records for the host's terminal, which everybody reads:
    a pick as `do` says it. The phone that tapped is told its own pick back."""
    from referee.catalog.facts import rulebook
    from referee.cli.table_common import local
    from referee.web.acting import act
    from referee.web.gate import Link

    _recorded(table, FIRST[0])
    _links(tables, "rp")
    heard = []
    reply = act(tables, Link("rp", 0), {"move": "Ann: pick Thief", "version": 1}, "en", rulebook, local,
                announce=lambda lang: (lang, heard.append))
    assert reply.status == 200 and "Ann: pick Thief" in reply.said
    undone = act(tables, Link("rp", -1), {"move": "undo", "version": 2}, "en", rulebook, local,
                 announce=lambda lang: (lang, heard.append))
    assert undone.status == 200 and undone.said == "Taken back: Ann picks a character"
    assert heard == ["Ann picks a character (from Ann's phone)", "Taken back: Ann picks a character (from the table link)"]


def test_the_killed_character_stays_hidden_until_the_rounds_end(table):
    """The King killed: his holder stays silent until the round's end, where he reveals it."""
    _recorded(table, "Ann: faceup Architect, Bishop", "Ann: pick Assassin", "Bob: pick King", "Cid: pick Thief",
              "Dan: pick Warlord", "Ann: gold", "Ann: kill King", "Ann: end")
    assert _characters(table) == {"Ann": ["Assassin"], "Bob": [], "Cid": ["Thief"], "Dan": []}
    for args in (["show"], ["moves"], ["log"], ["show", "--lang", "zh-Hans"]):
        out = table(*args).stdout
        assert not re.search(r"Bob\S* (King|国王)", out) and "pick King" not in out, (args, out)
    assert "King is killed" in table("show").stdout                  # what the table heard
    assert table("do", "Cid: gold", "Cid: end", "Dan: gold", "Dan: end").returncode == 0
    assert "Bob: pick King" in table("log").stdout                   # the round is over


def test_a_face_down_discard_is_said_without_its_character(table):
    assert table("new", "two", "--players", "Ann,Bob", "--recorded-picks").returncode == 0
    assert table("do", "Ann: pick Thief", "Bob: pick King", "Bob: discard Bishop").returncode == 0
    logged = table("log").stdout
    assert "Bob discards a character face down" in logged and "Bishop" not in logged
    assert "Bob: pick King" not in logged and "Bob picks a character" in logged
    assert json.loads(table("log", "--json").stdout)[2]["move"] == "Bob: discard ?"
    assert table("moves").stdout.startswith("Ann: pick ")            # Ann's second pick, from what is left
