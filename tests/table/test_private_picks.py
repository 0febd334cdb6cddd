"""Private picks (issue 17 §3, `table new --private-picks`): each player picks on their own phone;
the referee knows every pick, and nobody else sees one before its reveal — not the watch link,
the table link, the other seats' pages or streams, /state.json, nor the terminal's show, log,
moves, undo or export."""

from __future__ import annotations

import json
import re

from tests.table.test_phone_acting import _links, post
from tests.table.test_phone_view import _events, get, serving


def _picking(table, tables):
    assert table("new", "pp", "--players", "Ann,Bob,Cid,Dan", "--crown", "Ann", "--private-picks").returncode == 0
    assert table("do", "Ann: faceup Merchant, Architect").returncode == 0
    return _links(tables, "pp")


def _characters_of(page: str, name: str) -> str | None:
    found = re.search(rf'<span class="name">{name}</span>(.*?)</div>', page, re.S)
    assert found, page
    shown = re.search(r'<span class="characters">([^<]*)</span>', found.group(1))
    return shown.group(1) if shown else None


def test_a_pick_is_seen_by_its_seat_alone_until_it_is_revealed(table, tables):
    links = _picking(table, tables)
    with serving(tables, lang="en") as base:
        ann = get(f"{base}/k/{links[0]}/")[1]
        assert "Pick your character." in ann and 'data-move="Ann: pick King"' in ann
        table_link = get(f"{base}/k/{links[-1]}/")[1]
        assert ": pick " not in table_link and "Ann" in table_link            # the table link offers no pick
        assert post(f"{base}/k/{links[0]}/act", {"move": "Ann: pick King", "version": 1})[0] == 200
        assert post(f"{base}/k/{links[1]}/act", {"move": "Bob: pick Assassin", "version": 2})[0] == 200
        pages = {"watch": get(base + "/")[1], "table": get(f"{base}/k/{links[-1]}/")[1],
                 "Cid": get(f"{base}/k/{links[2]}/")[1], "Bob": get(f"{base}/k/{links[1]}/")[1],
                 "stream of Cid": next(_events(f"{base}/k/{links[2]}/events"))["html"],
                 "watch stream": next(_events(f"{base}/events"))["html"]}
        ann = get(f"{base}/k/{links[0]}/")[1]
        state = json.loads(get(base + "/state.json")[1])
    assert _characters_of(ann, "Ann") == "King 4" and _characters_of(ann, "Bob") is None
    assert _characters_of(pages["Bob"], "Bob") == "Assassin 1"
    for name, page in pages.items():
        assert _characters_of(page, "Ann") is None, name
        assert "pick King" not in page and "King 4" not in page, name
    assert [p["characters"] for p in state["state"]["players"]] == [[], [], [], []]
    # the terminal: show, log, moves and export keep it too
    shown = json.loads(table("show", "--json").stdout)
    assert [p["characters"] for p in shown["state"]["players"]] == [[], [], [], []]
    for args in (["show"], ["log"], ["log", "--json"], ["moves"], ["show", "--lang", "zh-Hant"]):
        out = table(*args).stdout
        assert "King" not in out and "Assassin" not in out and "國王" not in out, args
    assert "Ann chose on their phone" in table("log").stdout
    assert json.loads(table("log", "--json").stdout)[1]["move"] == "Ann: pick ?"
    refused = table("export")
    assert refused.returncode == 2 and refused.stderr.startswith("referee: This table's picks are made on the players' phones")
    undone = table("undo")
    assert undone.stdout.startswith("Undone: Bob chose on their phone") and "Assassin" not in undone.stdout


def test_a_revealed_character_shows_everywhere_and_the_rest_stay_hidden(table, tables):
    links = _picking(table, tables)
    with serving(tables, lang="en") as base:
        for version, (seat, character) in enumerate([(0, "King"), (1, "Assassin"), (2, "Thief"), (3, "Magician")], 1):
            name = "Ann Bob Cid Dan".split()[seat]
            status, reply = post(f"{base}/k/{links[seat]}/act", {"move": f"{name}: pick {character}", "version": version})
            assert status == 200, reply
        watch = get(base + "/")[1]
        cid = get(f"{base}/k/{links[2]}/")[1]
    assert "Next: Bob (Assassin): gather" in watch                    # the turns began: the Assassin is called
    assert _characters_of(watch, "Bob") == "Assassin 1" and _characters_of(watch, "Ann") is None
    assert _characters_of(cid, "Cid") == "Thief 2" and _characters_of(cid, "Dan") is None
    out = table("log").stdout
    assert "Bob: pick Assassin" in out and "Ann chose on their phone" in out and "King" not in out
