"""A game night tracked in Traditional Chinese (issue 16): what the table was told that did not
hold, each as it was met."""

from __future__ import annotations

CLASSIC = """edition = "classic"

[table]
crown = "小華"
round = 6

[[players]]
name = "小華"
characters = []
gold = 9
hand = ["?", "?", "?"]
city = ["神殿", "教堂"]

[[players]]
name = "阿寶"
characters = []
gold = 6
hand = ["?", "?", "?"]
city = ["碼頭", "監獄"]

[[players]]
name = "靜香"
characters = []
gold = 4
hand = ["?", "?"]
city = ["城堡"]

[[players]]
name = "大雄"
characters = []
gold = 3
hand = ["?", "?", "?", "?"]
city = ["莊園"]

[play]
history = []
moves = []
"""


def test_after_the_classic_warlords_destroy_the_prompt_says_only_end(table, tmp_path):
    # the destroy ends his actions (warlord.when-to-use-ability): a build typed then is refused,
    # so the prompt must not offer one
    situation = tmp_path / "g.toml"
    situation.write_text(CLASSIC, encoding="utf-8")
    assert table("new", "週六", "--from", str(situation), "--recorded-picks").returncode == 0
    result = table("do", "小華：面朝上 主教、商人", "小華：選 建築師", "阿寶：選 刺客", "靜香：選 國王", "大雄：選 軍閥",
                   "阿寶：刺殺 盜賊", "阿寶：拿金幣", "阿寶：結束", "靜香：拿金幣", "靜香：結束",
                   "小華：拿金幣", "小華：結束", "大雄：拿金幣", "大雄：摧毀 阿寶 監獄")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "下一步：大雄（軍閥）：結束回合。"
    assert table("show").stdout.splitlines()[-1] == "下一步：大雄（軍閥）：結束回合。"


def _five(table):
    assert table("new", "週五", "--players", "小華,阿寶,靜香,大雄,胖虎", "--crown", "小華").returncode == 0
    # the Merchant face up, the Magician killed, the King robbed: Assassin and Thief shown; two
    # cards lie face down among the Magician, King, Bishop, Warlord and Architect
    result = table("do", "小華：面朝上 商人", "阿寶：刺殺 魔術師", "阿寶：拿金幣", "阿寶：結束",
                   "大雄：偷 國王", "大雄：拿金幣", "大雄：結束")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_pass_of_too_many_calls_says_how_many_may_be_passed(table):
    # King and Bishop may both be passed (two cards face down); the refusal of three once said
    # "pass the King alone", as if the Bishop's call had to be answered
    _five(table)
    result = table("do", "跳過 4 5 8")
    assert result.returncode == 1
    said = "".join(line.strip() for line in result.stdout.splitlines())
    assert "最多只能跳過國王、住持（「跳過 4 5」），之後的叫號由持有者回應。" in said
    assert "請只跳過" not in said
    assert table("do", "跳過 4 5").returncode == 0          # what it names is legal


def test_a_later_move_while_a_held_call_waits_says_its_holder_answers_not_pass(table):
    # 3 players, 2016: three cards face down (the Assassin, Magician and King passed), so the
    # Warlord's call must be held; the Tax Collector's reveal then once said "type 跳過 first",
    # which the table refuses
    assert table("new", "週日", "--players", "小華,阿寶,靜香", "--crown", "阿寶").returncode == 0
    result = table("do", "跳過", "小華：偷 商人", "小華：拿金幣", "小華：結束", "跳過 3 4",
                   "靜香：翻開 住持", "靜香：拿金幣", "靜香：結束", "阿寶：翻開 商人", "阿寶：拿金幣", "阿寶：結束",
                   "阿寶：翻開 建築師", "阿寶：抽牌", "阿寶：結束")
    assert result.returncode == 0, result.stdout + result.stderr
    assert table("do", "跳過").returncode == 1                      # the Warlord cannot be passed
    result = table("do", "小華：翻開 稅務官")
    assert result.returncode == 1
    said = "".join(line.strip() for line in result.stdout.splitlines())
    assert "領主一定有人持有：請持有者先亮出（「玩家：翻開 領主」）。" in said
    assert "跳過" not in said


def test_a_keep_typed_after_the_draw_was_recorded_says_to_undo_the_draw_first(table):
    # 「靜香：保留 莊園」 after 「靜香：抽牌」: the hint once named 「靜香：抽牌 保留 莊園」 alone,
    # which the table then refused (a second gathering)
    _five(table)
    assert table("do", "跳過 4 5", "胖虎：翻開 建築師", "胖虎：拿金幣", "胖虎：結束", "靜香：抽牌").returncode == 0
    result = table("do", "靜香：保留 莊園")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == ("referee: 「靜香：保留 莊園」中沒有「保留」這個動作；保留的牌要和抽牌寫在一起，"
                                     "而這回合已經拿過資源：先撤銷（referee table undo），再輸入「靜香：抽牌 保留 莊園」")
    assert table("undo").returncode == 0
    assert table("do", "靜香：抽牌 保留 莊園").returncode == 0          # as it said


def test_stats_name_a_classic_games_characters_as_the_classic_edition_does(table, tmp_path):
    # a finished classic game's Warlord was listed by its 2016 name, 領主, a word its table never saw
    situation = tmp_path / "g.toml"
    situation.write_text(CLASSIC.replace('city = ["神殿", "教堂"]',
                                         'city = ["神殿", "教堂", "市場", "莊園", "瞭望塔", "酒館", "宮殿"]'),
                         encoding="utf-8")
    assert table("new", "週六", "--from", str(situation), "--recorded-picks").returncode == 0
    result = table("do", "小華：面朝上 主教、商人", "小華：選 建築師", "阿寶：選 刺客", "靜香：選 國王", "大雄：選 軍閥",
                   "阿寶：刺殺 盜賊", "阿寶：拿金幣", "阿寶：結束", "靜香：拿金幣", "靜香：結束",
                   "小華：拿金幣", "小華：建造 城堡", "小華：結束", "大雄：拿金幣", "大雄：結束")
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [line.split()[0] for line in table("stats").stdout.splitlines()]
    assert "軍閥" in rows and "領主" not in rows


def test_a_build_of_an_unnamed_card_is_refused_in_the_players_words(table, tmp_path):
    # 「小華：建造 ?」 was answered 「請說明是哪一張（build C）」: English at a Chinese table
    situation = tmp_path / "g.toml"
    situation.write_text(CLASSIC, encoding="utf-8")
    assert table("new", "週六", "--from", str(situation), "--recorded-picks").returncode == 0
    result = table("do", "小華：面朝上 主教、商人", "小華：選 建築師", "阿寶：選 刺客", "靜香：選 國王", "大雄：選 軍閥",
                   "阿寶：刺殺 盜賊", "阿寶：拿金幣", "阿寶：結束", "靜香：拿金幣", "靜香：結束", "小華：拿金幣", "小華：建造 ?")
    assert result.returncode == 1
    assert "    建築是正面朝上蓋出的：請說明是哪一張（建造 〈地區〉）。" in result.stdout.splitlines()
    assert "build" not in result.stdout
