"""Acting from a phone (issue 17 §2): the links and their keys, the contract of `POST <link>/act`
(200, 403, 409, 422, nothing recorded but on 200), two phones at once, what a seat's page and the
table link's page offer, where each move came from in `table log`, and `serve`'s links."""

from __future__ import annotations

import json
import re
import signal
import threading
import urllib.error
import urllib.request
from html import unescape

import pytest

from tests.table.test_phone_view import _serve, get, serving
from tests.table.test_table_cli import ROUND


def _links(tables, name: str = "friday", players: int = 4) -> dict[int, str]:
    from referee.table.store import Store

    store = Store(tables)
    try:
        return store.make_links(name, players)
    finally:
        store.conn.close()


def post(url: str, body, kind: str = "application/json", headers: dict | None = None) -> tuple[int, dict | str]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": kind, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read().decode("utf-8")
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text


def _logged(table) -> list[dict]:
    return json.loads(table("log", "--json").stdout)


@pytest.fixture
def friday(table, tables):
    """Cid holds the crown and has discarded face up; the links of the four seats and the table."""
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    assert table("do", *ROUND[0]).returncode == 0
    return _links(tables)


def test_keys_are_128_bits_from_secrets_stored_with_the_table_and_replaced_on_demand(friday, tables):
    from referee.table.store import Store

    assert set(friday) == {-1, 0, 1, 2, 3}
    assert all(re.fullmatch(r"[\w-]{22}", key) for key in friday.values())     # 16 bytes, base64url
    assert len(set(friday.values())) == 5
    assert _links(tables) == friday                                          # kept with the table
    store = Store(tables)
    renewed = store.make_links("friday", 4, replace=True)
    assert not set(renewed.values()) & set(friday.values())
    store.delete("friday")
    assert store.links() == []                                               # gone with the table


def test_a_seat_records_its_own_move_said_back_in_the_links_language(friday, table, tables):
    with serving(tables) as base:
        status, reply = post(f"{base}/k/{friday[3]}/act?lang=zh-Hant", {"move": "Dan: kill Bishop", "version": 1})
    assert status == 200 and reply["recorded"] is True and reply["version"] == 2 and reply["reason"] == ""
    assert "刺殺" in reply["said"] and "住持" in reply["said"]
    assert _logged(table)[-1] == {**_logged(table)[-1], "move": "Dan: kill Bishop", "source": "seat:3"}
    assert _logged(table)[0]["source"] == "terminal"
    said = table("log", "--lang", "en").stdout.splitlines()
    assert said[-1].endswith("Dan: kill Bishop  (from Dan's phone)") and not said[0].endswith(")")
    assert table("log", "--lang", "zh-Hant").stdout.splitlines()[-1].endswith("（來自 Dan 的手機）")


@pytest.mark.parametrize("body, status, reason", [
    ({"move": "Ann: kill Bishop", "version": 1}, 403, "This phone plays Dan only: nothing was recorded."),
    ({"move": "undo", "version": 1}, 403, "Only the table link can take a move back."),
    ({"move": "Dan: kill Bishop", "version": 0}, 409, "The table moved on meanwhile"),
    ({"move": "Dan: kill Assassin", "version": 1}, 422, "Assassin"),          # the rules refuse it
    ({"move": "Dan: fly away", "version": 1}, 422, "fly"),                     # unreadable
    ({"move": "Dan: kill Bishop"}, 422, "no move this page can read"),
    ({"move": "Dan: kill Bishop", "version": "1"}, 422, "no move this page can read"),
    (b"{not json", 422, "no move this page can read"),
])
def test_a_refused_action_records_nothing(friday, table, tables, body, status, reason):
    before = _logged(table)
    with serving(tables, lang="en") as base:
        got, reply = post(f"{base}/k/{friday[3]}/act", body)
    assert got == status and reply["recorded"] is False and reason in reply["reason"]
    assert reply["version"] == 1                                                # the table as it stands
    assert _logged(table) == before


def test_a_wrong_or_missing_key_and_the_watch_link_are_refused(friday, table, tables):
    before = _logged(table)
    with serving(tables, lang="en") as base:
        assert post(f"{base}/k/{friday[3][:-1]}x/act", {"move": "Dan: gold", "version": 1})[0] == 403
        assert post(f"{base}/act", {"move": "Dan: gold", "version": 1})[0] == 403
        assert post(f"{base}/k//act", {"move": "Dan: gold", "version": 1})[0] == 404
        assert get(f"{base}/k/{friday[3][:-1]}x/")[0] == 403
        watch = get(base + "/")[1]
    assert "data-move=" not in watch and "<button" not in watch and "<select" not in watch    # a watch link: no buttons
    assert _logged(table) == before


def test_a_key_page_says_no_referrer_and_no_store_and_a_bare_link_goes_on_relatively(friday, tables):
    import http.client

    with serving(tables) as base:
        host, port = base.split("://", 1)[1].split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", f"/k/{friday[0]}/", headers={"Host": "evil.example"})
        page = connection.getresponse()
        page.read()
        connection.request("GET", f"/k/{friday[0]}", headers={"Host": "evil.example"})
        bare = connection.getresponse()
        bare.read()
    assert page.status == 200 and page.getheader("Referrer-Policy") == "no-referrer"
    assert page.getheader("Cache-Control") == "no-store"
    assert bare.status == 308 and bare.getheader("Location") == f"{friday[0]}/"       # relative: no Host in it


def test_a_request_another_site_could_forge_is_refused(friday, table, tables):
    before = _logged(table)
    with serving(tables) as base:
        act = f"{base}/k/{friday[3]}/act"
        assert post(act, {"move": "Dan: gold", "version": 1}, kind="text/plain")[0] == 415
        assert post(act, b"move=Dan%3A+gold", kind="application/x-www-form-urlencoded")[0] == 415
        assert post(act, {"move": "Dan: gold", "version": 1}, headers={"Origin": "http://evil.example"})[0] == 403
        assert _logged(table) == before
        host = base.split("://", 1)[1]
        assert post(act, {"move": "Dan: kill Bishop", "version": 1}, headers={"Origin": f"http://{host}"})[0] == 200


def test_ten_wrong_keys_in_a_minute_block_the_address_for_a_minute():
    from referee.web.gate import Blocked, Gate, Link

    now = [0.0]
    gate = Gate(lambda: [("friday", 0, "right-key")], clock=lambda: now[0])
    assert gate.open("10.0.0.2", "right-key") == Link("friday", 0)
    for _ in range(9):
        assert gate.open("10.0.0.2", "wrong") is None
        now[0] += 5
    assert gate.open("10.0.0.3", "right-key") == Link("friday", 0)           # another address goes on
    now[0] = 100.0                                                          # the nine have aged out
    for _ in range(9):
        assert gate.open("10.0.0.2", "wrong") is None
    assert gate.open("10.0.0.2", "wrong") is None                           # the tenth within a minute
    with pytest.raises(Blocked):
        gate.open("10.0.0.2", "right-key")                                  # even a right key, meanwhile
    now[0] = 159.0
    with pytest.raises(Blocked):
        gate.open("10.0.0.2", "right-key")
    now[0] = 161.0
    assert gate.open("10.0.0.2", "right-key") == Link("friday", 0)


def test_keys_are_compared_in_constant_time(monkeypatch):
    """Every known key is compared with hmac.compare_digest, whichever matches (no early exit)."""
    import hmac

    from referee.web import gate as gates

    compared, compare = [], hmac.compare_digest
    monkeypatch.setattr(gates.hmac, "compare_digest", lambda a, b: compared.append(b) or compare(a, b))
    gate = gates.Gate(lambda: [("t", -1, "k0"), ("t", 0, "k1"), ("t", 1, "k2")])
    assert gate.open("a", "k0") == gates.Link("t", -1)
    assert compared == [b"k0", b"k1", b"k2"]


def test_blocked_over_http_after_ten_wrong_keys(friday, tables):
    with serving(tables, lang="en") as base:
        for _ in range(10):
            assert post(f"{base}/k/wrong-{_}/act", {"move": "Dan: gold", "version": 1})[0] == 403
        status, reply = post(f"{base}/k/{friday[3]}/act", {"move": "Dan: kill Bishop", "version": 1})
    assert status == 429 and "wait a minute" in reply["reason"]


def test_two_phones_tapping_at_once_record_exactly_one(friday, table, tables):
    replies = []
    with serving(tables) as base:
        barrier = threading.Barrier(6)

        def tap(key: str, move: str) -> None:
            barrier.wait()
            replies.append(post(f"{base}/k/{key}/act", {"move": move, "version": 1}))

        taps = [threading.Thread(target=tap, args=(friday[seat], move))
                for seat, move in [(3, "Dan: kill Bishop"), (-1, "Dan: kill Bishop"), (3, "Dan: kill Bishop"),
                                   (-1, "Dan: kill King"), (3, "Dan: kill Magician"), (-1, "Dan: kill Warlord")]]
        for thread in taps:
            thread.start()
        for thread in taps:
            thread.join(30)
    assert sorted(status for status, _ in replies) == [200, 409, 409, 409, 409, 409]
    assert len(_logged(table)) == 2


def test_the_table_link_acts_for_every_seat_and_undoes(friday, table, tables):
    with serving(tables, lang="en") as base:
        page = get(f"{base}/k/{friday[-1]}/")[1]
        assert 'data-move="undo"' in page
        assert all(f"<summary>{name}</summary>" in page for name in ("Ann", "Bob", "Cid", "Dan"))
        assert post(f"{base}/k/{friday[-1]}/act", {"move": "Dan: kill Bishop", "version": 1})[0] == 200
        status, reply = post(f"{base}/k/{friday[-1]}/act", {"move": "undo", "version": 2})
        assert status == 200 and reply == {"recorded": True, "version": 1, "said": "Taken back: Dan: kill Bishop", "reason": ""}
        assert post(f"{base}/k/{friday[-1]}/act", {"move": "undo", "version": 5})[0] == 409
    assert [m["move"] for m in _logged(table)] == ["Cid: faceup Merchant, Architect"]


def test_a_seats_page_offers_its_own_moves_grouped_and_says_what_comes_next(table, tables):
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    for moves in ROUND[:4] + [["Ann: swap Bob", "Ann: gold"]]:
        assert table("do", *moves).returncode == 0
    links = _links(tables)
    with serving(tables, lang="en") as base:
        ann = get(f"{base}/k/{links[0]}/")[1]
        bob = get(f"{base}/k/{links[1]}/?lang=zh-Hant")[1]
        view = get(f"{base}/k/{links[0]}/view")[1]
    moves = re.findall(r'data-move="([^"]*)"', ann) + re.findall(r'<option value="([^"]+)"', ann)
    assert moves and all(unescape(m).startswith(("Ann: ", "Magician: ")) for m in moves)    # her turn: the character acts
    assert 'data-move="Magician: end"' in ann and "Your turn (Magician): build or use your ability, then end your turn." in ann
    assert re.search(r'<h3>Build</h3>.*"Magician: build Temple">build Temple<', ann, re.S)
    assert "<h3>End</h3>" in ann and "You play Ann" in ann
    assert f'data-version="{sum(map(len, ROUND[:4])) + 2}"' in view and view in ann                      # the log's length
    assert "你是 Bob" in bob and "Magician:" not in bob and 'data-move="Bob: reveal' in bob
    # every page gains the cast by rank (the face-up discards marked), and each score's breakdown
    assert re.search(r'<details class="cast" open>.*<li class="faceup"><b>6</b> Merchant <small>face up</small>', ann, re.S)
    assert re.search(r'<li class="called"><b>1</b> Assassin', ann)
    assert '<details class="score">' in ann


def test_the_crowned_player_is_asked_to_discard_face_up_from_a_list(table, tables):
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    links = _links(tables)
    with serving(tables, lang="en") as base:
        page = get(f"{base}/k/{links[2]}/")[1]
    assert "Discard characters face up." in page                            # Cid has the crown
    assert '<h3>Characters</h3><form class="choose"><select' in page and 'value="Cid: faceup Assassin, Bishop"' in page


def test_the_cast_sheet_is_served(friday, tables):
    with serving(tables) as base:
        with urllib.request.urlopen(base + "/sheet?lang=zh-Hant", timeout=10) as response:
            html = response.read().decode("utf-8")
            policy = response.headers["Content-Security-Policy"]
            assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "刺客" in html and "script-src" not in policy and "'unsafe-inline'" not in policy
    assert policy.startswith("default-src 'none'; style-src 'sha256-")


def test_serve_prints_the_links_and_json_first(friday, tables):
    process = _serve(tables, "--no-qr", "--seats", "--json")
    try:
        first = json.loads(process.stdout.readline())
        lines = []
        while not lines or not lines[-1].startswith("Dan's phone"):
            lines.append(process.stdout.readline())
        assert post(f"{first['seats']['Dan']}act", {"move": "Dan: kill Bishop", "version": 1})[0] == 200
        heard = process.stdout.readline()                   # the host's terminal hears the phone's move
        assert post(f"{first['table']}act", {"move": "undo", "version": 2})[0] == 200
        undone = process.stdout.readline()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=10)
    base = first["watch"]
    assert first["table"] == f"{base}k/{friday[-1]}/"
    assert first["seats"] == {name: f"{base}k/{friday[seat]}/" for seat, name in enumerate(["Ann", "Bob", "Cid", "Dan"])}
    assert heard == "Dan: kill Bishop · Dan reveals Assassin · Bishop is killed (from Dan's phone)\n"
    assert undone == "Taken back: Dan: kill Bishop (from the table link)\n"
    text = "".join(lines)
    assert "The links that act (a phone acts only through one of these; give each to its phone alone):" in text
    assert f"Dan's phone, acts for Dan only: {base}k/{friday[3]}/" in text
    assert f"Table link, plays for every seat and may undo (keep it to yourself): {base}k/{friday[-1]}/" in text


class _Lines:
    """What a server process prints, line by line, each waited for 20 s at most (a line that never
    comes fails the test instead of hanging it)."""

    def __init__(self, process):
        import queue

        self.queue: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [self.queue.put(line) for line in process.stdout] + [self.queue.put("")],
                         daemon=True).start()

    def next(self) -> str:
        line = self.queue.get(timeout=20)
        assert line, "the server printed nothing more"
        return line

    def until(self, predicate) -> list[str]:
        lines = [self.next()]
        while not predicate(lines[-1]):
            lines.append(self.next())
        return lines


def test_every_seat_link_is_printed_with_its_qr_code(friday, tables):
    process = _serve(tables, "--seats")
    printed = _Lines(process)
    try:
        lines = printed.until(lambda line: line.startswith("Dan's phone"))
        lines += printed.until(lambda line: set(line.strip()) == {"▀"})       # the last row of Dan's code
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=10)
    drawn = lambda line: line.strip() and set(line.strip()) <= set("█▀▄ ")     # noqa: E731
    links = [i for i, line in enumerate(lines) if "/k/" in line]
    assert [lines[i].split(",")[0] for i in links] == ["Table link", "Ann's phone", "Bob's phone", "Cid's phone", "Dan's phone"]
    for at, end in zip(links, links[1:] + [len(lines)]):
        assert all(drawn(line) for line in lines[at + 1:end]) and end - at > 10, lines[at]   # its code, under it
    assert "Watch link" in lines[0] and drawn(lines[1])


def test_a_table_made_while_serving_gets_its_links_without_a_restart(friday, table, tables):
    process = _serve(tables, "--no-qr", "--seats", "--json")
    printed = _Lines(process)
    try:
        first = json.loads(printed.next())
        printed.until(lambda line: line.startswith("Dan's phone"))
        assert table("new", "saturday", "--players", "Eve,Fay,Gus,Hal").returncode == 0
        followed = json.loads(printed.next())
        lines = printed.until(lambda line: line.startswith("Hal's phone"))
        status, reply = post(f"{followed['seats']['Eve']}act", {"move": "Eve: faceup Merchant, Architect", "version": 0})
        heard = printed.next()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=10)
    saturday = _links(tables, "saturday", 4)
    assert followed == {"watch": first["watch"], "table": f"{first['watch']}k/{saturday[-1]}/", "name": "saturday",
                        "seats": {name: f"{first['watch']}k/{saturday[seat]}/" for seat, name in enumerate(["Eve", "Fay", "Gus", "Hal"])}}
    assert lines[0] == "Now showing table saturday; its links that act:\n"
    assert lines[-1] == f"Hal's phone, acts for Hal only: {first['watch']}k/{saturday[3]}/\n"
    assert (status, reply["recorded"]) == (200, True) and heard.startswith("Eve: faceup Merchant, Architect"), heard
    assert _links(tables)[3] in first["seats"]["Dan"]          # friday's links are kept, and still friday's


def test_a_refused_key_speaks_the_tables_language(table, tables):
    """The watch link's act and a wrong key are told in the table's language, as the pages are
    (they were told in the server's locale: English beside a Chinese table)."""
    assert table("new", "週五", "--players", "小明,小華,小美,小強").returncode == 0
    with serving(tables) as base:
        watched = post(f"{base}/act", {"move": "小明：拿金幣", "version": 0})
        wrong = post(f"{base}/k/{'x' * 22}/act", {"move": "小明：拿金幣", "version": 0})
        page = get(f"{base}/k/{'x' * 22}/")
        asked = post(f"{base}/act?lang=en", {"move": "小明：拿金幣", "version": 0})
    assert watched == (403, {"recorded": False, "version": None, "said": "", "reason": "這個連結只能觀看，要出手請用你座位的連結。"})
    assert wrong[0] == 403 and wrong[1]["reason"] == "這個連結的密鑰不對，請向主持人重新要連結。"
    assert page[0] == 403 and "這個連結的密鑰不對" in page[1]
    assert asked[1]["reason"] == "This link only watches: use your seat's link to play."


def test_serve_new_key_replaces_every_key(friday, tables):
    process = _serve(tables, "--no-qr", "--json", "--new-key")
    try:
        first = json.loads(process.stdout.readline())
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=10)
    assert friday[-1] not in first["table"] and first["seats"] == {}
    assert _links(tables)[-1] in first["table"]


def test_an_answer_asked_out_of_turn_is_offered_to_that_seat(table, tables, tmp_path):
    """The Warlord destroys Bob's Temple: Ann's Graveyard asks her (classic), on her phone."""
    start = tmp_path / "start.toml"
    start.write_text('edition = "classic"\n[table]\ncrown = "Bob"\n'
                     '[[players]]\nname = "Ann"\ncharacters = ["Thief"]\ngold = 3\ncity = ["Graveyard"]\n'
                     '[[players]]\nname = "Bob"\ncharacters = ["Merchant"]\ngold = 1\ncity = ["Temple", "Manor"]\n'
                     '[[players]]\nname = "Cid"\ncharacters = ["Warlord"]\ngold = 5\n', encoding="utf-8")
    assert table("new", "gy", "--from", str(start)).returncode == 0
    assert table("do", "Ann: gold", "Ann: end", "Bob: gold", "Bob: end", "Cid: gold", "Cid: destroy Bob Temple").returncode == 0
    links = _links(tables, "gy", 3)
    with serving(tables, lang="en") as base:
        ann = get(f"{base}/k/{links[0]}/")[1]
        cid = get(f"{base}/k/{links[2]}/")[1]
        status, reply = post(f"{base}/k/{links[0]}/act", {"move": "Ann: use Graveyard", "version": 6})
    assert "The Graveyard asks you: answer below." in ann
    assert re.search(r'<h3>Answer</h3><p class="buttons"><button type="button" data-move="Ann: use Graveyard">', ann)
    assert 'data-move="Ann: use Graveyard"' not in cid and "Next: Ann answers the Graveyard." in cid
    assert status == 200 and "Temple" in reply["said"]
    assert "Temple" in json.loads(table("show", "--json").stdout)["state"]["players"][0]["hand"]


def test_a_tap_is_said_back_by_its_player_and_an_unknown_redraw_by_its_count(table, tables):
    """A button's move names the character; said back it names the player, and a redraw of cards
    the table does not know is offered by how many ("redraw 2"), not as "?, ?"."""
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    for moves in ROUND[:4]:
        assert table("do", *moves).returncode == 0
    links = _links(tables)
    version = sum(map(len, ROUND[:4]))
    with serving(tables, lang="en") as base:
        status, reply = post(f"{base}/k/{links[0]}/act", {"move": "Magician: gold", "version": version})
        ann = get(f"{base}/k/{links[0]}/")[1]
        hant, hans = (get(f"{base}/k/{links[0]}/?lang={lang}")[1] for lang in ("zh-Hant", "zh-Hans"))
    assert status == 200 and reply["said"].splitlines()[0] == "Ann: gold"
    assert ">redraw 2</button>" in ann and ">重抽 2 張</button>" in hant and ">重抽 2 张</button>" in hans      # short
    assert not re.search(r">[^<]*\?, \?[^<]*</button>", ann)        # the notation stays in data-move
