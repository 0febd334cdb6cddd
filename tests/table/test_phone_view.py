"""`referee table serve`: the phones' view shows what `table show` knows, in each phone's
language, follows the table live, escapes what players typed, only reads, and refuses bad
input before listening."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from html import unescape

import pytest

from tests.conftest import ROOT
from tests.table.test_table_cli import ROUND


@contextmanager
def serving(tables, table: str | None = None, lang: str | None = None, host: str = "127.0.0.1", limits=None,
            share: str = "", hub_class=None):
    """The server (uvicorn, in a thread of this process) on a free port of `host`; yields its
    base URL once it answers."""
    from referee.catalog.facts import rulebook
    from referee.cli.table_cmd import _local
    from referee.web import server as web

    hub = (hub_class or web.Hub)(tables, table, lang, rulebook, _local)
    server = web.make_server(hub, host, 0, limits or web.Limits())
    server.share_svg = share
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        base = f"http://{f'[{host}]' if ':' in host else host}:{server.port}"
        deadline = time.monotonic() + 10
        while not server.started():                 # listening already; answering once uvicorn runs
            assert time.monotonic() < deadline
            time.sleep(0.01)
        yield base
    finally:
        server.stop()
        thread.join(10)
        server.close()
        assert not thread.is_alive()


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def _events(url: str):
    """The views pushed on `events`, one at a time, as they arrive ({"html", "title"})."""
    response = urllib.request.urlopen(url, timeout=10)
    for line in response:
        if line.startswith(b"data: "):
            yield json.loads(line[6:])


def _kings_turn(table) -> None:
    """The example round up to the King's build: Cid (King) is acting, Ann and Cid have built."""
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    for moves in ROUND[:5] + [ROUND[5][:3]]:
        assert table("do", *moves).returncode == 0


def test_the_view_shows_each_player_as_table_show_does(table, shown, tables):
    _kings_turn(table)
    state = shown()
    with serving(tables) as base:
        status, html = get(base + "/view?lang=en")
    assert status == 200
    assert "<h1>Table friday</h1>" in html
    assert '<p class="facts">Round 1 · turns · crown Cid · a city of 7 ends the game</p>' in html
    for player in state["state"]["players"]:
        block = html[html.index(f'<span class="name">{player["name"]}</span>'):]
        block = block[:block.index("</li>\n<li") if "</li>\n<li" in block else len(block)]
        assert f'gold <b>{player["gold"]}</b>' in block
        assert f'hand {player["hand_count"]}' in block
        assert f'score so far <b>{player["score"]}</b>' in block
        assert re.findall(r'<li class="district \w+"[^>]*>([^<]+)<small>', block) == player["city"]
    assert '<li class="player crown acting">' in html                 # Cid, the King, is acting now
    assert '<p class="next">Next: Cid (King): build, use abilities, or end.</p>' in html
    assert '<li class="district noble" title="noble">Manor<small>3</small></li>' in html
    recent = re.search(r'<section class="recent">.*?<ol>(.*?)</ol>', html).group(1)
    assert re.findall(r"<li>(.*?)</li>", recent)[:2] == [
        "Cid -3 gold (building) · Cid builds Manor for 3", "Cid +2 gold (gathering)"]


def test_each_phone_reads_its_own_language(table, tables):
    _kings_turn(table)
    with serving(tables) as base:
        hant = get(base + "/?lang=zh-Hant")[1]
        hans = get(base + "/view?lang=zh-Hans")[1]
        english = get(base + "/")[1]                     # Latin names at an English table: English
        odd = get(base + "/view?lang=xx")[1]             # an unknown language: the table's own
    assert '<html lang="zh-Hant">' in hant and "<h1>牌桌 friday</h1>" in hant
    assert "下一步：Cid（國王）：建造、使用能力或結束回合。" in hant and ">莊園<small>3</small>" in hant
    assert "下一步：Cid（国王）：建造、使用能力或结束回合。" in hans and ">庄园<small>3</small>" in hans
    assert '<html lang="en">' in english and "Next: Cid (King)" in english
    assert odd == _view_of(english)


def _view_of(page: str) -> str:
    return page[page.index('<main id="view">\n') + len('<main id="view">\n'):page.index("\n</main>")]


def test_a_recorded_move_reaches_an_open_page(table, tables):
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", *ROUND[0], *ROUND[1])
    with serving(tables) as base:
        views = _events(base + "/events?lang=zh-Hans")
        first = next(views)
        assert first["title"] == "牌桌 friday"
        assert "Dan 亮出 刺客 · 住持 被刺杀" in first["html"] and "金币 <b>4</b>" not in first["html"]
        assert table("do", "Dan: gold").returncode == 0
        second = next(views)["html"]
        assert '<span class="name">Dan</span><span class="characters">刺客 1</span>' in second
        assert "Dan +2 金币（拿资源）" in second and "金币 <b>4</b>" in second
        assert table("undo").returncode == 0
        assert next(views) == first                      # undone: the page is as it was


def test_the_page_follows_the_current_table_unless_one_is_named(table, tables):
    table("new", "first", "--players", "Ann,Bob,Cid,Dan")
    table("new", "second", "--players", "小明,小華,小美,小強")
    with serving(tables) as base, serving(tables, table="first") as pinned:
        assert "<h1>牌桌 second</h1>" in get(base + "/view")[1]          # Chinese names: Chinese
        assert table("use", "first").returncode == 0
        deadline = time.monotonic() + 5
        while "<h1>Table first</h1>" not in get(base + "/view")[1]:
            assert time.monotonic() < deadline
        assert "<h1>Table first</h1>" in get(pinned + "/view")[1]
        assert table("delete", "first", "--yes").returncode == 0
        deadline = time.monotonic() + 5
        while "no table named" not in get(pinned + "/view")[1]:
            assert time.monotonic() < deadline
        assert unescape(get(pinned + "/view")[1]) == "<p class=\"message\">no table named 'first'; tables: second</p>"


def test_what_players_typed_is_escaped(table, tables):
    table("new", "<b>x</b>", "--players", "<i>Ann</i>,Bob&Co,Cid,Dan")
    with serving(tables) as base:
        html = get(base + "/")[1]
    assert "<i>Ann</i>" not in html and "<b>x</b>" not in html
    assert "&lt;i&gt;Ann&lt;/i&gt;" in html and "Bob&amp;Co" in html and "Table &lt;b&gt;x&lt;/b&gt;" in html


def test_it_only_reads(table, tables):
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan")
    with serving(tables) as base:
        for method in ("POST", "PUT", "DELETE"):
            request = urllib.request.Request(base + "/", data=b"Ann: gold", method=method)
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 405
        assert get(base + "/admin")[0] == 404
        status, body = get(base + "/state.json")
    assert status == 200
    assert json.loads(body) == json.loads(table("show", "--json").stdout)
    assert json.loads(table("log", "--json").stdout) == []


def test_no_table_yet_is_said_on_the_page(tables):
    with serving(tables, lang="zh-Hant") as base:
        assert unescape(get(base + "/view")[1]) == '<p class="message">還沒有牌桌：referee table new 名稱 --players "Ann,Bob,Cid,Dan"</p>'


@pytest.mark.parametrize("args, said", [
    (["--port", "70000"], "--port 70000: a port is 0 to 65535 (0: any free one)"),
    (["--table", "fridya"], "no table named 'fridya'; tables: friday"),
    (["--lang", "xx"], None),
])
def test_bad_input_is_one_line_exit_2_before_listening(table, args, said):
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan")
    result = table("serve", "--host", "127.0.0.1", *args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    if said:
        assert lines[0].endswith(said)


def _serve(tables, *args: str) -> subprocess.Popen:
    """`referee table serve` on a free port of 127.0.0.1, as its own process (Ctrl+C is a signal)."""
    env = {**os.environ, "REFEREE_TABLES": str(tables), "LANG": "C.UTF-8"}
    return subprocess.Popen([sys.executable, "-m", "referee", "table", "serve", "--host", "127.0.0.1", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_serve_prints_where_to_look_then_stops_on_ctrl_c(table, tables):
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan")
    process = _serve(tables, "--table", "friday")
    try:
        first = process.stdout.readline()
        url = re.search(r"open (http://127\.0\.0\.1:\d+/)", first).group(1)
        assert first.startswith("Table friday is live on this computer only. Watch link (it only watches: nobody acts "
                                "from it): open ")    # 127.0.0.1
        qr = [process.stdout.readline() for _ in range(3)]
        assert all(set(line.strip()) <= set("█▀▄ ") and line.strip() for line in qr)     # the QR code
        assert "<h1>Table friday</h1>" in get(url)[1]
        busy = table("serve", "--host", "127.0.0.1", "--port", url.rsplit(":", 1)[1].strip("/"))
        assert busy.returncode == 2 and busy.stderr == f"referee: cannot listen on 127.0.0.1:{url.rsplit(':', 1)[1].strip('/')} " \
            "(the port is in use); choose another --port (0: any free one) or --host\n"
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    assert process.returncode == 0 and "Stopped." in out and "Traceback" not in err


def test_the_round_marks_and_the_end_of_the_game(table, tables):
    from referee.catalog.facts import rulebook
    from referee.table import service
    from referee.table.store import Store
    from tests.table.public import play_and_transcribe, typed_at_the_table

    table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", "Cid: faceup Merchant, Architect", "Dan: kill Bishop", "Dan: gold", "Dan: end", "Bob: rob Magician")
    with serving(tables) as base:
        marks = re.search(r'<p class="marks">(.*?)</p>', get(base + "/view?lang=zh-Hant")[1]).group(1)
    assert marks == "面朝上棄掉：商人、建築師 · 住持 被刺殺 · 魔術師 被偷"

    rb = rulebook("2016")
    full, public = play_and_transcribe(rb, 4, 11)
    table("new", "whole", "--players", "P0,P1,P2,P3")
    store = Store(tables)
    _, done, refused = service.record(store, "whole", typed_at_the_table(rb, full, public)[1], lambda edition: rb)
    store.conn.close()
    assert refused is None
    final = json.loads(table("score", "--json").stdout)
    assert final["final"] is True
    with serving(tables) as base:
        html = get(base + "/view")[1]
    assert '<p class="marks">' not in html and "<p class=\"facts\">" in html and " · game over · " in html
    said = unescape(re.search(r'<p class="next">(.*?)</p>', html).group(1))
    assert said == table("score").stdout.splitlines()[len(final["players"])]       # the line under the scores
    assert said.startswith("Winner: " + ", ".join(final["winners"]))
    winners = re.findall(r'<li class="player[^"]*winner[^"]*">\n<div class="who"><span class="name">(\w+)</span>', html)
    assert winners == final["winners"]
    for player in final["players"]:
        assert re.search(rf'<span class="name">{player["name"]}</span>.*?Score <b>(\d+)</b>', html, re.S).group(1) == str(player["score"])
    first = full.state.players[full.state.completed[0]].name
    assert re.search(rf'<span class="name">{first}</span>[^\n]*<span class="badge">first complete</span>', html)


def test_serve_speaks_the_current_tables_language(table, tables):
    table("new", "週五", "--players", "小明,小華,小美,小強")
    process = _serve(tables, "--no-qr")
    try:
        first = process.stdout.readline()
        assert first.startswith("目前的牌桌只在這台電腦上即時顯示（跟隨 referee table use 切換）。"
                                "觀看連結（只能看，不能出手）：請開啟 http://127.0.0.1:")
        assert process.stdout.readline() == ("手機連不到 127.0.0.1：只有這台電腦自己的瀏覽器能開啟這個頁面"      # --no-qr: no code
                                             "（用 --host 0.0.0.0 才能讓手機連線）。按 Ctrl+C 停止。\n")
        said = process.stdout.readline().rstrip("\n")    # then who may act, and the table link
        link = process.stdout.readline().rstrip("\n")
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)       # (reads past what readline buffered)
    assert said == "可以出手的連結（手機只能透過這些連結出手；每個連結只給它那支手機）："
    assert re.fullmatch(r"桌面連結，可代任何座位出手、可撤銷（請自己保管）：http://127\.0\.0\.1:\d+/k/[\w-]{22}/", link)
    assert out == "已停止。\n" and process.returncode == 0, (out, err)


def test_a_tables_file_damaged_while_serving_is_said_on_the_page(table, tables):
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan")
    with serving(tables, lang="en") as base:
        assert "<h1>Table friday</h1>" in get(base + "/view")[1]
        with open(tables, "r+b") as damaged:            # the file's pages overwritten, its header kept
            damaged.seek(100)
            damaged.write(b"\xff" * 4000)
        deadline = time.monotonic() + 5
        while not (html := get(base + "/view")[1]).startswith('<p class="message">'):
            assert time.monotonic() < deadline, html
    assert html.endswith("is not a tables file (database disk image is malformed)</p>") or \
        html.startswith('<p class="message">The tables file cannot be read now (')


def test_a_classic_game_in_progress_from_a_file(table, tables, tmp_path):
    """A table started from a situation file: the bank (classic), the Museum's cards, the
    Artist's coin, two characters each with three players, the first complete city."""
    start = tmp_path / "start.toml"
    start.write_text('''edition = "classic"

[table]
crown = "Bob"
round = 4
first_complete = "Ann"

[[players]]
name = "Ann"
characters = ["Thief", "Merchant"]
gold = 3
city = ["Watchtower", "Prison", { name = "Museum", stored = 2 }, "Temple", "Castle", "Manor", "Tavern", "Market"]

[[players]]
name = "Bob"
characters = ["King", "Architect"]
gold = 1
city = ["Temple", "Manor"]

[[players]]
name = "Cid"
characters = ["Assassin", "Warlord"]
gold = 2
''', encoding="utf-8")
    assert table("new", "museum", "--from", str(start)).returncode == 0
    with serving(tables) as base:
        html = get(base + "/view")[1]
    shown = json.loads(table("show", "--json").stdout)
    assert f" · bank {shown['state']['bank']} · last round</p>" in html          # Ann's city is complete
    assert table("show").stdout.splitlines()[0] == f"museum · Round 4 · turns · crown Bob · bank {shown['state']['bank']} · last round"
    assert '<li class="district unique" title="unique">Museum<small>4 +2</small></li>' in html
    assert '<span class="characters">Thief 2, Merchant 6</span>' in html
    assert re.search(r'<span class="name">Ann</span>[^\n]*<span class="badge">first complete</span>', html)


def test_the_artists_coin_is_marked(table, tables, tmp_path):
    start = tmp_path / "artist.toml"
    start.write_text('''edition = "2016"

[table]
characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Artist"]

[[players]]
name = "Ann"
city = [{ name = "Castle", beautified = true }, "Temple"]

[[players]]
name = "Bob"

[[players]]
name = "Cid"
''', encoding="utf-8")
    assert table("new", "artist", "--from", str(start)).returncode == 0
    with serving(tables) as base:
        html = get(base + "/view")[1]
    assert '<li class="district noble beautified" title="noble">Castle<small>4</small></li>' in html
    assert '<li class="district religious" title="religious">Temple<small>1</small></li>' in html
    assert "score so far <b>6</b>" in html                     # 4 + 1 (the coin) + 1

    table("new", "tax", "--players", "Ann,Bob,Cid,Dan", "--characters",
          "Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord, Tax Collector")
    with serving(tables) as base:
        facts = re.search(r'<p class="facts">(.*?)</p>', get(base + "/view?lang=zh-Hant")[1]).group(1)
    assert facts == "第 1 輪 · 選角階段 · 皇冠 Ann · 稅金 0 · 城市蓋到 7 座即觸發結束"
    assert table("show").stdout.splitlines()[0] == "tax · Round 1 · selection · crown Ann · tax pool 0"


def test_an_ipv6_address(table, tables):
    import socket

    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 on this machine")
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan")
    with serving(tables, lang="en", host="::1") as base:
        assert "<h1>Table friday</h1>" in get(base + "/view")[1]


def test_the_address_the_phones_open():
    from referee.cli.table_serve import _address

    same = "The phones must be on the same network as this computer. Ctrl+C stops it."
    alone = "This computer seems to have no network: only its own browser can open the page."
    assert _address("0.0.0.0", 8000, lambda: "192.168.1.23", "en") == ("http://192.168.1.23:8000/", [same])
    assert _address("0.0.0.0", 8000, lambda: "127.0.0.1", "en") == ("http://127.0.0.1:8000/", [same, alone])
    assert _address("127.0.0.1", 80, lambda: "192.168.1.23", "en") == ("http://127.0.0.1:80/", [
        "No phone can reach 127.0.0.1: only this computer's own browser can open the page (--host 0.0.0.0 lets the phones in). "
        "Ctrl+C stops it."])
    assert _address("192.168.1.23", 80, lambda: "x", "en") == ("http://192.168.1.23:80/", [same])
    assert _address("::1", 8000, lambda: "x", "zh-Hans")[0] == "http://[::1]:8000/"
