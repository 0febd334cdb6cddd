"""Calls and reveals by the rules at a tracked table with secret picks (issue 16): a killed
character stays hidden until the round's end, a call nobody answers is passed explicitly
(`pass` / 跳過 / 跳过), a later character's move never passes it silently, what the tracker takes
to be so is said, a reveal counts once, the classic Hospital's action is typed as players say
it, and every hint the table prints is a move that reads back and plays, at every player count."""

from __future__ import annotations

import json
import re

import pytest

from referee.engine import IllegalMove
from referee.engine.game import default_characters
from referee.say.events import describe
from referee.say.table_text import next_text
from referee.table.service import expected_next, new_header, starting_game
from referee.table.situation_text import setup_situation

NAMES = ["小明", "小華", "阿美", "大雄", "靜香"]


def _table(rulebook, names=NAMES, characters=None, start=None):
    characters = list(characters or default_characters(rulebook, len(names)))
    start = start or setup_situation(rulebook, names, characters, 0, [], True)
    header = new_header("t", rulebook.edition, names, characters, 0, [], True, start)
    return starting_game(header, rulebook)


def _play(game, *texts):
    events = []
    for text in texts:
        events += game.apply(game.parse(text))
    return events


def _refused(game, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        game.apply(game.parse(text))
    return caught.value


def _after_the_assassin(rulebooks):
    """5 players, 2016: the Bishop face up, the Merchant killed; the Thief is called."""
    game = _table(rulebooks["2016"])
    _play(game, "小明：面朝上 住持", "小華：刺殺 商人", "小華：拿金幣", "小華：結束")
    assert game.state.awaiting == "thief"
    return game


def _local(rulebook, lang):
    from referee.cli.table_common import local

    return local(rulebook.edition, lang)


# -- a killed character is never revealed during the round ------------------------------------------


def test_the_killed_characters_holder_is_refused_a_reveal_during_the_round(rulebooks):
    game = _after_the_assassin(rulebooks)
    error = _refused(game, "靜香：翻開 商人")
    assert error.key == "killed_stays_hidden" and "assassin.killed-stays-hidden" in error.citations
    assert game.state.awaiting == "thief"                       # nothing changed
    for lang in ("zh-Hant", "zh-Hans", "en"):
        prompt = next_text(game, lang, _local(game.rb, lang))
        assert "商人" not in prompt and "Merchant" not in prompt       # never suggested
    assert not [m for m in game.legal_moves() if m.verb == "reveal" and m.args == ("merchant",)]


def test_the_killed_king_is_shown_at_the_rounds_end_or_passed_when_nobody_held_it(rulebooks):
    game = _table(rulebooks["2016"])
    _play(game, "小明：面朝上 住持", "小華：刺殺 國王", "小華：拿金幣", "小華：結束", "pass", "阿美：翻開 魔術師",
          "阿美：拿金幣", "阿美：結束")
    assert game.state.awaiting == "merchant"                   # the King, killed, is not called
    assert _refused(game, "大雄：翻開 國王").key == "killed_stays_hidden"
    # (Two cards lie face down: the Thief and the Merchant. Passing the Architect and the Warlord
    # too would leave the King alone for three players: refused, `pass_too_few`.)
    _play(game, "跳過 商人", "大雄：翻開 建築師", "大雄：拿金幣", "大雄：結束", "靜香：翻開 領主", "靜香：拿金幣", "靜香：結束")
    assert game.state.calling == 10 and game.state.awaiting == "king"
    prompt = next_text(game, "zh-Hant", _local(game.rb, "zh-Hant"))
    assert "翻開 國王" in prompt
    assert _refused(game, "跳過").key == "pass_too_few"        # 小明 has shown nothing: he holds it
    events = _play(game, "小明：翻開 國王")
    assert game.state.phase == "draft" and game.state.round == 2
    assert any(e["event"] == "round_ended" and e["round"] == 1 for e in events)


# -- `pass`: the notation -------------------------------------------------------------------------


@pytest.mark.parametrize("typed,canonical", [
    ("pass", "pass"), ("pass 2", "pass Thief"), ("pass 2 3", "pass Thief, Magician"),
    ("pass Thief, Magician", "pass Thief, Magician"), ("跳過 盜賊 魔術師", "pass Thief, Magician"),
    ("跳过 盗贼、魔术师", "pass Thief, Magician"), ("Thief: pass", "pass Thief"), ("小明：跳過 3 2", "pass Thief, Magician"),
    ("pass Tax Collector", "pass Tax Collector"),
])
def test_pass_reads_and_prints_back(rulebooks, typed, canonical):
    game = _table(rulebooks["2016"], characters=["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant",
                                                 "Architect", "Warlord", "Tax Collector"])
    move = game.parse(typed)
    assert game.format(move) == canonical
    assert game.parse(canonical) == move


def test_pass_is_said_in_each_language_and_reads_back(rulebooks):
    from referee.say.notation import said

    game = _after_the_assassin(rulebooks)
    move = game.parse("pass 2 3")
    for lang, text in (("zh-Hant", "跳過 盜賊、魔術師"), ("zh-Hans", "跳过 盗贼、魔术师"), ("en", "pass Thief, Magician")):
        assert said(game, move, lang, _local(game.rb, lang)) == text
        assert game.parse(text) == move


def test_pass_moves_the_calls_on_and_is_refused_out_of_order(rulebooks):
    game = _after_the_assassin(rulebooks)
    assert _refused(game, "pass 3").key == "pass_not_called"
    events = _play(game, "跳過")
    assert game.state.awaiting == "magician"
    assert [e for e in events if e["event"] == "passed"] == [{"event": "passed", "characters": ["thief"]}]
    _play(game, "阿美：翻開 魔術師")
    assert _refused(game, "pass").key == "pass_turn_open"      # her turn has not gathered
    assert "pass" in {m.verb for m in _after_the_assassin(rulebooks).legal_moves()}


def test_a_pass_after_a_gathered_turn_ends_it_and_says_so(rulebooks):
    game = _after_the_assassin(rulebooks)
    _play(game, "pass", "阿美：翻開 魔術師", "阿美：拿金幣")
    events = _play(game, "pass")                               # the King's call: nobody
    assert events[0]["event"] == "turn_ended_implied" and events[0]["player"] == "阿美"
    # Said as what happened: the table passed the next call (it said "a later character acts").
    local = _local(rulebooks["2016"], "zh-Hant")
    assert describe(events[0], "zh-Hant", local) == "阿美（魔術師）的回合視為結束：牌桌跳過下一個叫號"
    later = _after_the_assassin(rulebooks)
    said = [describe(e, "en", _local(rulebooks["2016"], "en")) for e in _play(later, "阿美：拿金幣", "大雄：翻開 魔術師")]
    assert "阿美's turn (Thief) is taken as ended: a later character acts" in said
    assert game.state.awaiting == "bishop" or game.state.awaiting == "architect" or game.state.awaiting == "warlord"


# -- nothing inferred silently ------------------------------------------------------------------------


def test_a_later_characters_move_is_refused_while_a_call_is_open(rulebooks):
    from referee.refusals import reason

    game = _after_the_assassin(rulebooks)
    for text in ("大雄：翻開 魔術師", "大雄：交換手牌 小明", "大雄：翻開 軍閥"):
        error = _refused(game, text)
        assert error.key == "call_open" and error.values["called"] == "thief"
    said = reason(error.key, {**error.values, "called": "盜賊", "character": "軍閥"}, "zh-Hant")
    assert said == "叫到盜賊（2 號），還沒有人回應；軍閥在它之後。若沒有人持有盜賊，請先輸入「跳過」。"
    assert "type “pass” first" in reason(error.key, error.values, "en")


def test_a_tax_collectors_move_in_the_thiefs_turn_does_not_pass_the_calls_between(rulebooks):
    game = _table(rulebooks["2016"], characters=["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant",
                                                 "Architect", "Warlord", "Tax Collector"])
    _play(game, "小明：面朝上 住持、建築師", "小華：刺殺 商人", "小華：拿金幣", "小華：結束", "阿美：翻開 盜賊", "阿美：拿金幣")
    error = _refused(game, "大雄：收稅金")
    assert error.key == "call_open" and error.values["called"] == "magician"
    assert game.state.turn.character == "thief"                # nobody lost a turn


def test_a_later_character_shown_is_refused_while_a_threatened_player_owes_his_answer(rulebooks):
    """The Blackmailer's threatened King has gathered: until he bribes or refuses, a later
    character shown at a secret table (by `reveal` or by acting) neither ends his turn nor drops
    the decision; legal_moves lists only the answers (it listed the reveals, which apply took)."""
    start = HOSPITAL.replace('edition = "classic"', 'edition = "2016"').replace('city = ["Hospital"]\n', "").replace(
        "[table]\n", '[table]\ncharacters = ["Assassin", "Blackmailer", "Magician", "King", "Bishop", "Merchant", '
                     '"Architect", "Warlord"]\n')
    game = _table(rulebooks["2016"], names=["Ann", "Bob", "Cid", "Dan"], start=start)
    _play(game, "Ann: faceup Assassin, Bishop", "Bob: threaten King Merchant", "Bob: gold", "Bob: end", "pass",
          "Cid: reveal King", "Cid: gold")
    pending = game.state.pending
    assert pending is not None and pending.kind == "blackmailer" and pending.required
    assert sorted(game.format(m) for m in game.legal_moves()) == ["King: bribe", "King: refuse"]
    before = game.state.copy()
    for text in ("Dan: reveal Merchant", "Dan: gold", "Ann: reveal Merchant"):
        error = _refused(game, text)
        assert (error.key, error.values["player"]) == ("decision_pending", "Cid"), text
        assert game.state == before
    _play(game, "King: refuse")
    assert game.state.pending.kind == "blackmailer" and not game.state.pending.required     # his exposure: an offer


def test_a_move_that_answers_the_call_is_recorded_and_said(rulebooks, table):
    game = _after_the_assassin(rulebooks)
    events = _play(game, "大雄：拿金幣")
    taken = [e for e in events if e["event"] == "taken_as"]
    assert taken == [{"event": "taken_as", "player": "大雄", "character": "thief"}]
    assert describe(taken[0], "zh-Hant", _local(game.rb, "zh-Hant")) == "大雄 視為盜賊（這一步回應它的叫號）"
    # On the terminal: its own marked line, before what the move did.
    table("new", "t", "--players", ",".join(NAMES))
    table("do", "小明：面朝上 住持", "小華：刺殺 商人", "小華：拿金幣", "小華：結束")
    lines = table("do", "大雄：拿金幣").stdout.splitlines()
    assert lines[:2] == ["✓ 大雄：拿金幣", "  » 推定：大雄 視為盜賊（這一步回應它的叫號）"]
    lines = table("do", "阿美：翻開 魔術師").stdout.splitlines()
    assert lines[:2] == ["✓ 阿美：翻開 魔術師", "  » 推定：大雄（盜賊）的回合視為結束：之後的角色已行動"]
    lines = table("do", "阿美：拿金幣", "跳過").stdout.splitlines()       # the King's call: nobody
    assert "    沒有人回應：跳過國王" in lines and "  » 推定：阿美（魔術師）的回合視為結束：牌桌跳過下一個叫號" in lines
    logged = [m["move"] for m in json.loads(table("log", "--json").stdout)]
    assert logged[-1] == "pass King"                            # the log names the call passed


def test_a_recorded_picks_table_says_a_turn_ended_by_the_next_character(table, shown):
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Ann", "--recorded-picks")
    result = table("do", "--json", "Ann: faceup Merchant, Architect", "Ann: pick Assassin", "Bob: pick Thief",
                   "Cid: pick Magician", "Dan: pick King", "Assassin: gold", "Thief: gold")
    assert result.returncode == 0, result.stdout
    events = [e for r in json.loads(result.stdout)["recorded"] for e in r["events"]]
    assert {"event": "turn_ended_implied", "character": "assassin", "player": "Ann"} in events


# -- a reveal counts once ---------------------------------------------------------------------------


def test_a_repeated_reveal_is_refused_and_undo_takes_back_the_move_meant(rulebooks, table):
    game = _after_the_assassin(rulebooks)
    _play(game, "阿美：翻開 盜賊")
    assert _refused(game, "阿美：翻開 盜賊").key == "reveal_again"
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", "Cid: faceup Merchant, Architect", "Dan: reveal Assassin")
    result = table("do", "Dan: reveal Assassin")
    assert result.returncode == 1 and "Dan has already revealed Assassin." in result.stdout
    table("do", "Dan: kill Bishop")
    assert json.loads(table("undo", "--json").stdout)["undone"] == ["Dan: kill Bishop"]


def test_a_reveal_of_a_character_shown_already_is_refused_in_a_round_of_recorded_picks(table, shown):
    """The referee calls and shows each recorded character itself: `reveal` of one shown already —
    its turn now or over — was recorded as a no-op (that `undo` then took back instead of the move
    meant); the killed one's holder stays silent during the round."""
    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Ann", "--recorded-picks")
    assert table("do", "Ann: faceup Merchant, Architect", "Ann: pick Assassin", "Bob: pick Thief",
                 "Cid: pick Magician", "Dan: pick King", "Ann: kill King", "Ann: gold", "Ann: end",
                 "Bob: gold").returncode == 0
    before = shown()
    for move, reason in [("Ann: reveal Assassin", "Ann has already revealed Assassin."),     # past its turn
                         ("Bob: reveal Thief", "Bob has already revealed Thief."),           # its turn now
                         ("Dan: reveal King", "King was killed: its holder stays silent")]:
        result = table("do", "--json", move)
        assert result.returncode == 1, move
        assert json.loads(result.stdout)["refused"]["reason"].startswith(reason)
        assert shown() == before
    assert table("do", "Cid: reveal Magician").returncode == 0                       # a later one: its call
    assert shown()["turn"]["character"] == "magician"
    assert json.loads(table("undo", "--json").stdout)["undone"] == ["Cid: reveal Magician"]


def test_a_log_with_a_reveal_typed_again_replays_as_recorded(table, shown, tables):
    """Recorded before such a reveal was refused: the log still replays (nothing is lost)."""
    import sqlite3

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Ann", "--recorded-picks")
    assert table("do", "Ann: faceup Merchant, Architect", "Ann: pick Assassin", "Bob: pick Thief",
                 "Cid: pick Magician", "Dan: pick King", "Ann: gold").returncode == 0
    with sqlite3.connect(tables) as conn:
        conn.execute("INSERT INTO moves (game, seq, notation, round, at, source) VALUES ('t', 7, 'Ann: reveal Assassin', 1, '', '')")
        conn.execute("DELETE FROM positions")
    conn.close()
    assert len(json.loads(table("log", "--json").stdout)) == 7
    assert table("do", "Ann: end", "Bob: gold").returncode == 0
    assert shown()["turn"]["character"] == "thief"


# -- the classic Hospital as players say it -------------------------------------------------------


HOSPITAL = '''
edition = "classic"
[table]
phase = "selection"
secret = true
crown = "Ann"
[[players]]
name = "Ann"
[[players]]
name = "Bob"
city = ["Hospital"]
[[players]]
name = "Cid"
[[players]]
name = "Dan"
'''


@pytest.mark.parametrize("typed,gold", [("Bob: gold", 2), ("Dan: gold", None), ("Bob: 拿金幣", 2), ("Bob: draw", 0)])
def test_the_killed_hospital_owner_takes_his_action_as_gold_or_draw(rulebooks, typed, gold):
    game = _table(rulebooks["classic"], names=["Ann", "Bob", "Cid", "Dan"], start=HOSPITAL)
    _play(game, "Ann: faceup Thief, Bishop", "Cid: kill Merchant", "Cid: gold", "Cid: end", "pass", "Ann: reveal King",
          "Ann: gold", "Ann: end")
    assert game.state.awaiting == "merchant"                    # Bob may hold it and owns the Hospital
    for lang in ("en", "zh-Hant", "zh-Hans"):                   # never told to reveal the killed card
        prompt = next_text(game, lang, _local(game.rb, lang))
        assert "reveal" not in prompt and "翻開" not in prompt and "翻开" not in prompt, prompt
        assert ("“pass”" in prompt or "「跳過」" in prompt or "「跳过」" in prompt), prompt
    if gold is None:
        assert _refused(game, typed).key == "killed_no_turn"      # no Hospital: the killed take no turn
        return
    _play(game, typed)
    bob = game.state.players[1]
    assert bob.characters == ["merchant"] and bob.gold == gold and game.state.pending is None


def test_the_hospitals_action_is_offered_only_once_the_calls_before_it_are_passed(rulebooks):
    """legal_moves offered the Hospital's action while an earlier call was open, which apply
    then refused (call_open): found by a random secret table (seed 274959, 2 players)."""
    game = _table(rulebooks["classic"], names=["Ann", "Bob", "Cid", "Dan"], start=HOSPITAL)
    _play(game, "Ann: faceup Thief, Bishop", "Cid: kill Merchant", "Cid: gold", "Cid: end")
    assert game.state.awaiting == "magician"
    assert not [m for m in game.legal_moves() if m.verb == "use"]
    assert _refused(game, "Bob: use Hospital gold").key == "call_open"
    _play(game, "pass", "Ann: reveal King", "Ann: gold", "Ann: end")
    assert game.state.awaiting == "merchant"
    offered = [game.format(m) for m in game.legal_moves() if m.verb == "use"]
    assert "Bob: use Hospital gold" in offered and "Dan: use Hospital gold" not in offered


def test_the_hospital_refusal_says_what_to_type(rulebooks):
    from referee.refusals import reason

    start = HOSPITAL.replace('[table]\nphase = "selection"\nsecret = true\n', "[table]\n").replace(
        'name = "Ann"\n', 'name = "Ann"\ncharacters = ["Assassin"]\n').replace(
        'city = ["Hospital"]\n', 'city = ["Hospital"]\ncharacters = ["Merchant"]\n').replace(
        'name = "Cid"\n', 'name = "Cid"\ncharacters = ["Warlord"]\n').replace('name = "Dan"\n', 'name = "Dan"\ncharacters = ["King"]\n')
    game = _table(rulebooks["classic"], names=["Ann", "Bob", "Cid", "Dan"], start=start)
    _play(game, "Ann: kill Merchant", "Ann: gold", "Ann: end", "Dan: gold", "Dan: end")
    assert game.state.pending is not None and game.state.pending.kind == "hospital"
    error = _refused(game, "Cid: gold")
    assert reason(error.key, {**error.values, "character": "Merchant"}, "en") == \
        "Bob must first take the killed Merchant's action (the Hospital): type “Bob: gold” or “Bob: draw”."
    _play(game, "Bob: draw")
    assert game.state.pending is None and len(game.state.players[1].hand) == 1


# -- every hint reads back as the move it names -------------------------------------------------------


_SLOT = {"en": "<character>", "zh-Hant": "〈角色〉", "zh-Hans": "〈角色〉"}   # a placeholder, not a card
_PASS = {"en": "pass", "zh-Hant": "跳過", "zh-Hans": "跳过"}


def _named_in(hint: str, lang: str) -> str | None:
    found = re.search(r"[（(]([^（）()]*?[:：][^（）()]*?)[）)]", hint)
    return found.group(1) if found else None


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("players", range(2, 9))
def test_every_hint_reads_back_as_the_move_it_names(rulebooks, edition, players):
    rb = rulebooks[edition]
    names = [f"P{i}" for i in range(players)]
    casts = [None] + ([list(default_characters(rb, players)) + ["Queen"]] if edition == "2016" and 5 <= players <= 7 else [])
    for cast in casts:
        for lang in ("en", "zh-Hant", "zh-Hans"):
            game = _table(rb, names=names, characters=cast)
            local = _local(rb, lang)
            nxt = expected_next(game)
            hint = next_text(game, lang, local)
            if nxt["kind"] == "faceup":
                legal = [m for m in game.legal_moves() if m.verb == "faceup"]
                shown = _named_in(hint, lang)
                assert shown.count(_SLOT[lang]) == len(legal[0].args) == nxt["count"], hint
                for card in legal[0].args:
                    shown = shown.replace(_SLOT[lang], local.get(card, card), 1)
                assert game.parse(shown) == legal[0], (hint, shown)
                game.apply(game.parse(shown))
            # The calls: each passed as the prompt says while the cards face down may be the
            # ones called; once the players not shown must hold the called one, the prompt offers
            # no pass and the first of them answers (a turn: gold, end); the round then ends.
            game.apply(game.parse(_PASS[lang]))
            while game.state.phase == "turns":
                if game.state.turn is not None:
                    actor = names[game.state.turn.seat]
                    game.apply(game.parse(f"{actor}: gold" if not game.state.turn.gathered else f"{actor}: end"))
                    continue
                hint = next_text(game, lang, local)
                if expected_next(game).get("held"):
                    assert _PASS[lang] not in hint, hint
                    assert _refused(game, "pass").key == "pass_too_few"
                    per = 2 if players <= 3 else 1
                    seat = next(s for s, p in enumerate(game.state.players) if len(p.characters) < per)
                    game.apply(game.parse(f"{names[seat]}: reveal {game.state.awaiting}"))
                else:
                    assert _PASS[lang] in hint, hint
                    game.apply(game.parse(_PASS[lang]))
            assert game.state.phase == "draft" and game.state.round == 2


def test_a_reveal_typed_on_two_terminals_at_once_is_recorded_once(table, tables):
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--crown", "Cid")
    table("do", "Cid: faceup Merchant, Architect")
    env = {**os.environ, "LANG": "C.UTF-8"}
    for _ in range(3):
        runs = [subprocess.Popen([sys.executable, "-m", "referee", "table", "do", "Dan: reveal Assassin"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT) for _ in range(2)]
        codes = sorted(run.wait() for run in runs)
        for run in runs:
            run.stdout.close()
            run.stderr.close()
        logged = [m["move"] for m in json.loads(table("log", "--json").stdout)]
        assert logged.count("Dan: reveal Assassin") == 1 and codes[-1] == 1
        table("undo")


def test_a_log_recorded_before_explicit_passes_still_replays(table, tables, shown):
    """Logs recorded when a later reveal passed the calls before it, and when the prompt told a
    killed character's holder to show it, replay as they were recorded; moves typed from then on
    follow today's rules."""
    import sqlite3

    table("new", "t", "--players", "Ann,Bob,Cid,Dan,Eve", "--crown", "Cid")
    old = ["Cid: faceup Bishop", "Dan: kill Merchant", "Dan: gold", "Dan: end", "Eve: reveal Merchant",
           "Ann: reveal Magician", "Ann: gold", "Ann: end"]
    conn = sqlite3.connect(tables)
    conn.executemany("INSERT INTO moves (game, seq, notation, round, at) VALUES ('t', ?, ?, 1, '')",
                     list(enumerate(old, 1)))
    conn.commit()
    conn.close()
    state = shown()
    assert state["turn"]["kind"] == "reveal" and state["turn"]["character"] == "king"
    assert {p["name"]: p["characters"] for p in state["state"]["players"]}["Eve"] == ["Merchant"]
    assert table("log").stdout.splitlines()[-1].endswith("Ann: end")
    result = table("do", "Bob: reveal Warlord")
    assert result.returncode == 1 and "type “pass” first" in result.stdout
    # (Thief and one more lie face down: passing the King and the Architect would leave the
    # Warlord alone for Bob and Cid, refused.)
    refused = table("do", "pass 4 7")
    said = " ".join(refused.stdout.split())
    assert refused.returncode == 1 and "King, Architect cannot all be passed" in said and "(Bob, Cid)" in said
    assert table("do", "pass 4", "Cid: reveal Architect", "Cid: gold", "Cid: end", "Bob: reveal Warlord").returncode == 0


def test_a_pass_that_leaves_too_few_characters_for_the_players_not_shown_is_refused(rulebooks):
    # 5 players, 2016: the Architect face up, the Magician killed; Assassin and Thief shown. Three
    # players still hold a character: the Magician (killed, silent) and two of King, Bishop,
    # Merchant, Warlord. Two calls may be passed; a third would leave them two for three players.
    game = _table(rulebooks["2016"])
    _play(game, "小明：面朝上 建築師", "小華：刺殺 魔術師", "小華：拿金幣", "小華：結束", "阿美：偷竊 領主",
          "阿美：拿金幣", "阿美：結束", "跳過", "跳過")
    assert game.state.awaiting == "merchant"
    error = _refused(game, "跳過")
    assert error.key == "pass_too_few" and error.values["left"] == 2
    assert error.values["players"] == ["小明", "大雄", "靜香"]
    assert game.state.awaiting == "merchant"                    # nothing changed
    assert not any(m.verb == "pass" for m in game.legal_moves())    # `table moves`, the phones
    prompt = next_text(game, "zh-Hant", _local(game.rb, "zh-Hant"))
    assert "跳過" not in prompt and expected_next(game)["held"] is True
    game.undo()
    game.undo()                                                 # back at the King's call
    assert game.state.awaiting == "king"
    error = _refused(game, "跳過 國王 住持 商人")                  # the three at once: pass fewer
    assert error.key == "pass_too_many" and error.values["called"] == "king"
    _play(game, "跳過 國王 住持", "大雄：翻開 商人")              # two lay face down: legal
    assert game.state.turn.character == "merchant"


def test_the_same_passes_are_legal_where_enough_cards_lie_face_down(rulebooks):
    # 2 players, 2016: four characters are held (two each), four lie face down. Assassin and Thief
    # shown, the Magician killed: passing King, Bishop and Merchant leaves the Magician, the
    # Architect and the Warlord for the two characters still held.
    game = _table(rulebooks["2016"], names=["小明", "小華"])
    _play(game, "小明：刺殺 魔術師", "小明：拿金幣", "小明：結束", "小華：偷竊 領主", "小華：拿金幣", "小華：結束")
    assert game.state.awaiting == "king"
    _play(game, "跳過", "跳過", "跳過")
    assert game.state.awaiting == "architect"
    # The Architect too (the killed Magician and the Warlord left for the two characters still
    # held), but not the Warlord after it: the Magician alone would be left for two.
    _play(game, "跳過")
    assert game.state.awaiting == "warlord"
    assert _refused(game, "跳過").key == "pass_too_few"


def _wanted_and_left(game) -> tuple[int, int]:
    from referee.engine import holding

    state = game.state
    k = holding.per_player(state)
    wanted = sum(k - len(p.characters) for p in state.players if len(p.characters) < k)
    return wanted, len(holding.left_after_pass(game.rb, state, ()))


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("players", range(2, 9))
def test_random_legal_play_never_leaves_the_players_not_shown_too_few_characters(rulebooks, edition, players):
    """A property: on a secret table, legal play — passing whenever a pass is offered, most of the
    time — never reaches a position where the players who have not shown all their characters
    could not hold them; a pass is offered exactly when it is accepted. Every player count, both
    editions, the default cast and random ones (rank 9, the Emperor, the Witch…), three rounds."""
    import random

    from referee.engine.casts import random_cast
    from referee.engine.moves import Move
    from referee.engine.players import choose_move

    rb = rulebooks[edition]
    names = [f"P{i}" for i in range(players)]
    for seed in range(4):
        rng = random.Random(seed * 10 + players)
        cast = default_characters(rb, players) if seed == 0 else random_cast(rb, players, rng)
        game = _table(rb, names, characters=cast)
        moves = 0
        while not game.is_over and game.state.round <= 3 and moves < 500:
            state = game.state
            legal = game.legal_moves()
            offered = [m for m in legal if m.verb == "pass"]
            if state.phase == "turns" and state.secret and state.awaiting is not None and state.turn is None:
                if not offered:
                    error = _refused(game, "pass")
                    assert error.key == "pass_too_few", (edition, players, seed, error.key)
            move = offered[0] if offered and rng.random() < 0.7 else choose_move(game, legal, rng)
            assert move is not None, (edition, players, seed, moves)
            game.apply(move)
            moves += 1
            if game.state.phase == "turns" and game.state.secret:
                wanted, left = _wanted_and_left(game)
                assert left >= wanted, (edition, players, seed, moves, game.format(move))
        assert game.state.round > 3 or game.is_over, (edition, players, seed)


def test_end_typed_again_after_the_turn_is_refused_as_the_turn_is_over(rulebooks, table):
    # Issue 16, item 2: it was refused with "has revealed all his characters".
    game = _after_the_assassin(rulebooks)
    error = _refused(game, "小華：結束")
    assert error.key == "turn_over" and error.values == {"player": "小華", "character": "assassin"}
    _play(game, "阿美：拿金幣", "阿美：結束")
    assert _refused(game, "阿美：結束").key == "turn_over"
    assert _refused(game, "阿美：拿金幣").key == "turn_over"
    assert _refused(game, "阿美：翻開 國王").key == "reveal_all_known"      # a reveal: said as before
    # With two characters each, a second `end` is the turn over too (a gold may answer a call).
    two = _table(rulebooks["2016"], names=["小明", "小華", "阿美"])
    _play(two, "小明：刺殺 魔術師", "小明：拿金幣", "小明：結束")
    assert _refused(two, "小明：結束").key == "turn_over"
    # At the command line, in the table's script (a zh-Hans table).
    table("new", "t", "--players", "小明,小华,阿美,大雄,静香", "--edition", "2016")
    table("do", "小明：面朝上 建筑师", "小华：刺杀 魔术师", "小华：拿金币", "小华：结束")
    result = table("do", "小华：结束")
    assert result.returncode == 1
    assert "小华（刺客）的回合已经结束" in result.stdout and "全部" not in result.stdout


def test_a_refused_redraw_is_echoed_as_a_recorded_one_is_said(table):
    # Issue 16, item 3: the refusal echoed 「重抽 ?、?」 where the recorded move reads 「重抽 2 張」.
    table("new", "t", "--players", ",".join(NAMES), "--edition", "2016")
    done = table("do", "小明：面朝上 建築師", "小華：刺殺 國王", "小華：拿金幣", "小華：結束", "跳過", "靜香：換牌 ?, ?")
    assert "✓ 靜香：重抽 2 張" in done.stdout
    again = table("do", "靜香：換牌 ?, ?")
    assert again.returncode == 1
    assert "✗ 靜香：重抽 2 張" in again.stdout and "?" not in again.stdout.splitlines()[0]


def test_a_pass_that_names_no_call_now_is_refused_not_recorded_as_a_no_op(rulebooks):
    # Found trying the tracker: 「盜賊：跳過」 at the Bishop's call, the Thief passed already, was
    # recorded as 「跳過 盜賊」 and said 「沒有人回應：跳過盜賊」 — a pass that passed nothing.
    game = _after_the_assassin(rulebooks)
    _play(game, "跳過")
    assert game.state.awaiting == "magician"
    for typed in ("盜賊：跳過", "跳過 盜賊", "跳過 國王"):
        error = _refused(game, typed)
        assert error.key == "pass_not_called" and error.values["called"] == "magician", typed
    assert len(game.history) == 5 and game.state.awaiting == "magician"
    _play(game, "跳過 盜賊 魔術師")                  # the call now among them: passed, as before
    assert game.state.awaiting == "king"


def test_at_the_rounds_end_a_pass_names_only_the_killed_characters_call(rulebooks):
    game = _table(rulebooks["2016"])
    _play(game, "小明：面朝上 建築師", "小華：刺殺 國王", "小華：拿金幣", "小華：結束", "阿美：翻開 盜賊", "阿美：拿金幣",
          "阿美：結束", "大雄：翻開 魔術師", "大雄：拿金幣", "大雄：結束", "跳過 住持 商人",
          "靜香：翻開 領主", "靜香：拿金幣", "靜香：結束")
    assert game.state.calling == 10 and game.state.awaiting == "king"
    assert _refused(game, "跳過 國王 商人").key == "pass_not_called"
