"""`referee table`: a round typed at a real table (shared/examples/04-tracked-round.md), undo,
refusals that record nothing, export, and bad input."""

from __future__ import annotations

import json
import re

ROUND = [
    ["Cid: faceup Merchant, Architect"],
    ["Dan: kill Bishop"],
    ["Dan: gold", "Dan: end"],
    ["pass", "Ann: reveal Magician"],                    # the Thief lies face down: nobody answers
    ["Ann: swap Bob", "Ann: gold", "Ann: build Tavern", "Ann: end"],
    ["Cid: reveal King", "Cid: gold", "Cid: build Manor", "Cid: end"],
    ["Bob: reveal Warlord", "Bob: gold", "Bob: destroy Ann Tavern", "Bob: end"],
]


def _players(state: dict) -> dict:
    return {p["name"]: p for p in state["state"]["players"]}


def test_the_tracked_round_of_the_example(table, shown):
    assert table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid").returncode == 0
    for moves in ROUND:
        result = table("do", *moves)
        assert result.returncode == 0, result.stdout + result.stderr
    state = shown()
    players = _players(state)
    assert state["state"]["round"] == 2 and state["phase"] == "selection"
    assert state["state"]["crown"] == "Cid"
    assert {n: p["gold"] for n, p in players.items()} == {"Ann": 3, "Bob": 4, "Cid": 1, "Dan": 4}
    assert {n: p["hand_count"] for n, p in players.items()} == {"Ann": 3, "Bob": 4, "Cid": 3, "Dan": 4}
    assert {n: p["city"] for n, p in players.items()} == {"Ann": [], "Bob": [], "Cid": ["Manor"], "Dan": []}
    assert state["turn"] == {"kind": "faceup", "player": "Cid", "secret": True, "count": 2}


def test_refused_moves_are_not_recorded_and_exit_1(table, shown):
    table("new", "friday", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    for moves in ROUND[:4]:
        table("do", *moves)
    before = shown()
    result = table("do", "Ann: reveal Thief")
    assert result.returncode == 1
    assert "already revealed" in result.stdout
    assert shown() == before
    for moves in ROUND[4:6]:
        table("do", *moves)
    result = table("do", "Bob: reveal Warlord", "Bob: gold", "Bob: destroy Ann Tavern", "Bob: destroy Cid Manor")
    assert result.returncode == 1                      # the Warlord destroys once per turn
    log = json.loads(table("log", "--json").stdout)
    assert [m["move"] for m in log][-3:] == ["Bob: reveal Warlord", "Bob: gold", "Bob: destroy Ann Tavern"]


def test_the_next_selection_typed_before_the_round_ends_says_the_selection_is_over(table, shown):
    """A table that forgets a reveal and types the next round's face-up discards hears that the
    selection is over, whoever types it: not that he has revealed all his characters."""
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", "Cid: faceup Merchant, Architect", "Dan: kill Bishop", "Dan: gold", "Dan: end")
    before = shown()
    for move in ("Dan: faceup Thief, King", "Cid: faceup Thief, King", "Dan: pick King", "Ann: discard Thief"):
        result = table("do", "--json", move)
        assert result.returncode == 1
        refused = json.loads(result.stdout)["refused"]
        assert refused["reason"] == "The selection phase is over: characters are no longer picked or discarded."
        assert shown() == before


def test_undo_takes_back_every_kind_of_move(table, tables):
    """In process (the store and the service the commands use): one move at a time, then back
    through the round's end, a destruction, a build, a swap, reveals and the face-up discards."""
    import pytest

    from referee.catalog.facts import rulebook
    from referee.errors import RefereeError
    from referee.table import service
    from referee.table.store import Store
    from referee.table.view import state_json

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    store = Store(tables)
    positions = [state_json(service.load(store, "t", rulebook).game)]
    for moves in ROUND:
        for move in moves:
            _, done, refused = service.record(store, "t", [move], rulebook)
            assert refused is None and len(done) == 1
            positions.append(state_json(service.load(store, "t", rulebook).game))
    for expected in reversed(positions[:-1]):
        tracked, undone = service.undo(store, "t", 1, rulebook)
        assert len(undone) == 1
        assert state_json(tracked.game) == expected == state_json(service.load(store, "t", rulebook).game)
    with pytest.raises(RefereeError):
        service.undo(store, "t", 1, rulebook)


def test_undo_n_and_replay_from_the_log(table, shown):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", *ROUND[0], *ROUND[1], *ROUND[2])
    after_assassin = shown()
    table("do", *ROUND[3], *ROUND[4])
    result = table("undo", "6", "--json")
    assert json.loads(result.stdout)["undone"] == ["pass Thief", "Ann: reveal Magician", "Ann: swap Bob", "Ann: gold",
                                                    "Ann: build Tavern", "Ann: end"]
    assert shown() == after_assassin


def test_export_replays_to_the_same_position(table, shown, tmp_path, cli):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    for moves in ROUND[:5]:
        table("do", *moves)
    exported = table("export").stdout
    path = tmp_path / "game.toml"
    path.write_text(exported, encoding="utf-8")
    report = json.loads(cli("ask", str(path), "--json").stdout)
    assert report["state"] == shown()["state"]


def test_a_game_in_progress_from_a_situation_file(table, shown, tmp_path):
    path = tmp_path / "start.toml"
    path.write_text('''
edition = "classic"
[table]
crown = "Bob"
[[players]]
name = "Ann"
characters = ["Thief"]
gold = 3
[[players]]
name = "Bob"
characters = ["Merchant"]
gold = 1
[[players]]
name = "Cid"
characters = ["King"]
''', encoding="utf-8")
    assert table("new", "later", "--from", str(path)).returncode == 0
    assert table("do", "Ann: rob Merchant", "Ann: gold", "Cid: gold", "Bob: gold").returncode == 0
    players = _players(shown())
    assert players["Ann"]["gold"] == 3 + 2 + 1             # Bob's 1 gold taken when he is revealed
    assert players["Bob"]["gold"] == 0 + 2 + 1            # gathering and the Merchant's extra gold


def test_bad_input_is_one_line_exit_2_and_changes_nothing(table, shown, tables):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", *ROUND[0])
    before = shown()
    for args in (["do", "Ann gold"], ["do", "Zed: gold"], ["do", "Ann: fly"], ["do", "Ann: build Castel"],
                 ["show", "--table", "nope"], ["use", "nope"], ["new", "t", "--players", "Ann,Bob"],
                 ["new", "x", "--players", "Ann"], ["new", "x", "--players", "Ann,Bob", "--variant", "tie-shraed"],
                 ["undo", "0"], ["do", "Cid: faceup Bishop, Warlord", "Ann: fly"]):
        result = table(*args)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)
    assert "did you mean 'gold'" in table("do", "Ann: glod").stderr
    assert shown() == before


def test_a_file_that_is_not_a_tables_file(table, tables):
    tables.write_bytes(b"this is not a database at all" * 100)
    result = table("list")
    assert result.returncode == 2 and "not a tables file" in result.stderr
    assert tables.read_bytes() == b"this is not a database at all" * 100


def test_tables_list_use_delete(table):
    table("new", "a", "--players", "Ann,Bob")
    table("new", "b", "--players", "Cid,Dan,Eve", "--edition", "classic")
    listed = json.loads(table("list", "--json").stdout)
    assert [(t["table"], t["current"]) for t in listed] == [("a", False), ("b", True)]
    assert table("use", "a").returncode == 0
    assert json.loads(table("show", "--json").stdout)["table"] == "a"
    refused = table("delete", "a")                 # no terminal to ask on, no --yes: nothing deleted
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == ("referee: delete table 'a' and its 0 recorded moves? Nothing was deleted: add --yes "
                              "to delete without being asked\n")
    assert [t["table"] for t in json.loads(table("list", "--json").stdout)] == ["a", "b"]
    assert table("delete", "a", "--yes").returncode == 0
    assert [t["table"] for t in json.loads(table("list", "--json").stdout)] == ["b"]


def test_legal_moves_listed_now(table):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", *ROUND[0], *ROUND[1], "Dan: gold")
    moves = json.loads(table("moves", "--json").stdout)
    assert "Assassin: end" in moves and "Assassin: gold" not in moves
    assert all(m.split(":")[0] in ("Assassin",) or " reveal " in m or ": " in m for m in moves)


def test_chinese_moves_and_output(table):
    table("new", "t", "--players", "小明,小華,阿強,大衛", "--crown", "阿強")
    table("do", "阿強: faceup 商人, 建築師")
    result = table("do", "大衛: 殺 國王", "--lang", "zh-Hant")
    assert result.returncode == 0, result.stderr
    assert "大衛 亮出 刺客" in result.stdout
    result = table("do", "大衛：拿金幣", "大衛：結束", "跳過 盜賊", "小明：亮 魔術師", "小明：抽牌 保留 神殿", "小明：換牌 小華")
    shown = [line for line in result.stdout.splitlines() if line.startswith("✓")]
    # Said back in Chinese (not 抽牌 keep 神殿); 換牌 with a player's name is the swap of hands.
    assert shown[-2:] == ["✓ 小明：抽牌 保留 神殿", "✓ 小明：交換手牌 小華"]
    log = [m["move"] for m in json.loads(table("log", "--json").stdout)]
    assert log[-2:] == ["小明: draw keep Temple", "小明: swap 小華"]
    logged = table("log").stdout.splitlines()
    assert [line.split("  ")[-1] for line in logged[-3:]] == ["小明：翻開 魔術師", "小明：抽牌 保留 神殿", "小明：交換手牌 小華"]
    assert table("log", "--lang", "en").stdout.splitlines()[-1].endswith("  小明: swap 小華")
    undone = table("undo", "2").stdout.splitlines()               # said as they were typed, last first
    assert undone[:2] == ["已撤銷：小明：交換手牌 小華", "已撤銷：小明：抽牌 保留 神殿"]
    assert [m["move"] for m in json.loads(table("log", "--json").stdout)][-1] == "小明: reveal Magician"
    # Names typed in the other script (a phone's simplified keyboard) are the players as set up.
    assert table("do", "小明：换牌 小华").returncode == 0
    assert [m["move"] for m in json.loads(table("log", "--json").stdout)][-1] == "小明: swap 小華"
    result = table("do", "--json", "小华：拿金币")               # not his turn: refused, but read as 小華
    assert result.returncode == 1 and json.loads(result.stdout)["refused"]["move"].startswith("小華")


def test_a_hand_shown_at_the_end_scores_the_secret_vault(table):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    provisional = json.loads(table("score", "--json").stdout)
    assert provisional["provisional_for"] == ["Ann", "Bob", "Cid", "Dan"]
    shown = json.loads(table("score", "--json", "--hand", "Ann: Secret Vault, Temple, Manor, Tavern").stdout)
    ann = next(p for p in shown["players"] if p["name"] == "Ann")
    assert ann["breakdown"]["secret-vault"] == 3 and ann["score"] == 3
    assert "Ann" not in shown["provisional_for"]
    assert table("score", "--hand", "Ann: Secret Vault").returncode == 2      # Ann holds four cards


def test_moves_list_builds_from_unknown_cards(table):
    """A hand of unknown cards may hold any district with a copy not yet seen: each such build is
    listed, and a district whose every copy is known is not."""
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", *ROUND[0], *ROUND[1], *ROUND[2], "pass", "Ann: reveal Magician", "Ann: gold")
    moves = json.loads(table("moves", "--json").stdout)
    assert "Magician: build Tavern" in moves and "Magician: build Temple" in moves
    assert "Magician: build Palace" not in moves            # Ann has 4 gold; the Palace costs 5
    assert table("do", "Ann: build Tavern").returncode == 0


def test_a_turn_that_has_not_gathered_does_not_end_by_itself(table, shown):
    """At a tracked table a later character's move does not silently skip a turn still owed its
    gathering (a mistyped name must not cost a player his turn)."""
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", *ROUND[0], "Dan: kill Bishop")
    before = shown()
    result = table("do", "--json", "Ann: reveal Magician")
    assert result.returncode == 1 and json.loads(result.stdout)["refused"]["reason"] == \
        "Dan (Assassin) has not gathered yet (gold or cards): that turn is not over, so Ann cannot act yet."
    result = table("do", "--lang", "zh-Hant", "Ann: reveal Magician")
    assert "Dan（刺客）還沒拿資源（金幣或卡牌）：這個回合還沒結束，Ann還不能行動。" in result.stdout
    result = table("do", "--json", "Ann: gold")          # a basic move: Ann has no character called yet
    assert result.returncode == 1 and json.loads(result.stdout)["refused"]["reason"] == \
        "It is Dan's turn (Assassin); Ann acts when their own character is called."
    assert shown() == before
    assert table("do", "Dan: gold", "pass", "Ann: reveal Magician").returncode == 0   # gathered: it ends


def test_the_witch_plays_the_bewitched_emperor_under_her_name(table, shown):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan,Eve", "--crown", "Ann",
          "--characters", "Witch, Thief, Magician, Emperor, Bishop, Merchant, Architect, Warlord")
    assert table("do", "Bob: gold", "Bob: bewitch Emperor").returncode == 0
    assert table("do", "pass 2 3", "Dan: reveal Emperor", "Dan: draw").returncode == 0
    result = table("do", "Bob: crown Eve take gold", "Bob: end")
    assert result.returncode == 0, result.stdout
    assert shown()["state"]["crown"] == "Eve"


def test_chinese_both_scripts_share_speaks_the_tables_script(table):
    """阿美：面朝上 商人 is written alike in both scripts: a simplified table answers in simplified."""
    table("new", "周六", "--players", "阿明,阿华,阿美,阿强,阿伟", "--edition", "classic", "--crown", "阿美")
    result = table("do", "阿美：面朝上 商人")
    assert result.stdout.splitlines() == ["✓ 阿美：面朝上 商人", "    面朝上弃掉：商人",
                                          "下一步：从 阿美 开始秘密选角；第一个行动即结束选角。"]
    result = table("do", "阿强：刺殺 國王")          # typed in traditional: the table keeps its script
    assert "    国王 被刺杀" in result.stdout.splitlines()
    assert table("show").stdout.splitlines()[0].startswith("周六 · 第 1 轮")


def test_the_chinese_hints_show_moves_that_read():
    """What a Chinese hint tells the table to type is a move the notation reads, in that script."""
    from referee.catalog.facts import rulebook
    from referee.say.table_text import words
    from referee.engine import Game

    game = Game.new(rulebook("2016"), ["Ann", "Bob", "Cid", "Dee"], seed=3)
    for lang, names in (("zh-Hant", ("商人", "建築師", "住持", "神殿")), ("zh-Hans", ("商人", "建筑师", "住持", "神庙"))):
        faceup = re.search(r"（(Cid：.*?)）", words("next_faceup", lang, player="Cid", cards="角色、角色")).group(1)
        assert game.format(game.parse(faceup.replace("角色、角色", f"{names[0]}、{names[1]}"))) == "Cid: faceup Merchant, Architect"
        shown = re.search(r"（(\S+ \S+)；", words("next_reveal_end", lang, character=names[2])).group(1)
        assert game.format(game.parse(f"Dee：{shown}")) == "Dee: reveal Bishop"
        give = re.search(r"（(Bob：\S+) 玩家 卡牌）", words("next_seer", lang, player="Bob", character="x", players="Ann")).group(1)
        assert game.format(game.parse(f"{give} Ann {names[3]}")) == "Bob: give Ann Temple"


def test_the_list_counts_one_move_as_one(table):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan")
    assert table("list").stdout.rstrip().endswith("· 0 moves")
    assert table("do", "Ann: faceup Bishop, Warlord").returncode == 0
    assert table("list").stdout.rstrip().endswith("· 1 move")


def test_a_table_of_three_or_eight_needs_its_rank_9_character(table):
    """A 2016 table of 3 or 8 deals a rank 9 character (a situation file may leave it out; a table
    plays by the rules): a cast without one is refused in one line, and no table is made."""
    eight = "Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord"
    for players in ("Ann,Bob,Cid", "A,B,C,D,E,F,G,H"):
        result = table("new", "t", "--players", players, "--characters", eight)
        count = len(players.split(","))
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"referee: --characters: {count} players need a rank 9 character in the 2016 edition\n"
    assert "Ann, Bob, Cid" not in table("list").stdout
    assert table("new", "t", "--players", "Ann,Bob,Cid", "--characters", eight + ", Artist").returncode == 0
    assert table("new", "five", "--players", "A,B,C,D,E", "--characters", eight).returncode == 0   # optional at 5
    assert "Ann, Bob, Cid" in table("list").stdout


def test_a_file_of_eight_players_needs_its_rank_9_character_too(table, tmp_path):
    """`--from`: the situation file may leave the rank 9 character out (its default cast is the
    standard eight); a table made from it may not, as `--characters` may not."""
    players = "".join(f'[[players]]\nname = "{name}"\n' for name in "ABCDEFGH")
    path = tmp_path / "eight.toml"
    path.write_text('edition = "2016"\n' + players, encoding="utf-8")
    result = table("new", "eight", "--from", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "referee: table.characters: 8 players need a rank 9 character in the 2016 edition\n"
    assert "eight" not in table("list").stdout
    cast = '"Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord", "Queen"'
    path.write_text(f'edition = "2016"\n[table]\ncharacters = [{cast}]\n' + players, encoding="utf-8")
    assert table("new", "eight", "--from", str(path)).returncode == 0
    assert "eight" in table("list").stdout
