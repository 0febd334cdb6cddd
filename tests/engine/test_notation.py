"""The move notation: lenient parsing, one canonical printing, and the round trip."""

from __future__ import annotations

import pytest

from referee.engine import Game
from referee.errors import AmbiguousName, BadMove, UnknownName


@pytest.fixture
def game(rulebooks):
    return Game.new(rulebooks["2016"], ["Ann", "Bob", "Cid", "Dee"], seed=3)


@pytest.mark.parametrize("text, canonical", [
    ("warlord: destroy bob temple", "Warlord: destroy Bob Temple"),
    ("領主: 摧毀 Bob 神殿", "Warlord: destroy Bob Temple"),
    ("8: destroy Bob Temple", "Warlord: destroy Bob Temple"),
    ("ann: draw keep dragon gate", "Ann: draw keep Dragon Gate"),
    ("Ann: build \"Thieves' Den\"", "Ann: build Thieves' Den"),
    ("Ann: build Thieves Den", "Ann: build Thieves' Den"),
    ("小偷: 偷 4", "Thief: rob King"),
    ("Magician: redraw Temple, 城堡", "Magician: redraw Temple, Castle"),
    ("Ann: use laboratory discard manor", "Ann: use Laboratory discard Manor"),
    ("Ann: use Armory Bob Great Wall", "Ann: use Armory Bob Great Wall"),
    ("Ann: income 2 gold 1 cards", "Ann: income 2 gold 1 cards"),
    ("Ann: pick 主教", "Ann: pick Bishop"),     # 2016's 主教 is the Cardinal, who is not in this game
    ("Ann: pick 住持", "Ann: pick Bishop"),
])
def test_parse_and_print(game, text, canonical):
    move = game.parse(text)
    assert game.format(move) == canonical
    assert game.parse(canonical) == move


def test_a_name_of_two_characters_means_the_one_in_the_game(rulebooks):
    # 主教 names the Cardinal in the 2016 Taiwanese edition and the Bishop in older printings and
    # to most players: the game's cast decides; with neither or both, the edition's reading holds.
    cast = ("assassin", "thief", "magician", "king", "cardinal", "merchant", "architect", "warlord")
    with_cardinal = Game.new(rulebooks["2016"], ["Ann", "Bob", "Cid", "Dee"], seed=3, characters=cast)
    assert with_cardinal.format(with_cardinal.parse("Ann: pick 主教")) == "Ann: pick Cardinal"
    assert with_cardinal.format(with_cardinal.parse("Ann: pick 5")) == "Ann: pick Cardinal"


def test_the_magicians_two_exchanges_go_by_what_follows_the_verb(game):
    # 換牌 ("change cards") is said of both: with a player's name it is the swap of hands.
    assert game.format(game.parse("魔術師：換牌 Bob")) == "Magician: swap Bob"
    assert game.format(game.parse("魔術師：換牌 神殿、城堡")) == "Magician: redraw Temple, Castle"
    assert game.format(game.parse("Magician: swap Temple, Castle")) == "Magician: redraw Temple, Castle"
    with pytest.raises(UnknownName) as refused:          # neither reads: the verb's own complaint
        game.parse("魔術師：換牌 Zed")
    assert refused.value.what == "district"


def test_chinese_ways_to_take_gold(game):
    assert {game.format(game.parse(f"Ann: {word}")) for word in ("拿金", "拿2金", "拿兩塊", "金幣")} == {"Ann: gold"}


@pytest.mark.parametrize("text, error", [
    ("Ann gold", BadMove), ("Ann: fly", BadMove), ("Zed: gold", UnknownName),
    ("Ann: build Castel Rock", UnknownName), ("Ann: gold now", BadMove),
])
def test_bad_notation(game, text, error):
    with pytest.raises(error):
        game.parse(text)


def test_rank_of_a_character_outside_the_cast_is_ambiguous(rulebooks):
    game = Game.new(rulebooks["2016"], ["Ann", "Bob", "Cid", "Dee"], seed=3,
                    characters=("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"))
    assert game.parse("8: end").actor == "warlord"
    with pytest.raises(AmbiguousName):
        game.parse("Ann: pick 9")      # no rank 9 in this cast: Queen, Artist or Tax Collector?


def test_a_probe_for_a_name_says_none_where_the_name_is_refused(rulebooks):
    # split_characters and the Wizard's look try where a name ends: character_or_none answers
    # what character() answers, None where character() refuses (no name, or several).
    game = Game.new(rulebooks["2016"], ["Ann", "Bob", "Cid", "Dee"], seed=3,
                    characters=("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"))
    notation = game.notation
    for text in ("Tax Collector", "主教", "住持", "8", "八號", "warlord"):
        try:
            expected = notation.character(text)
        except (UnknownName, AmbiguousName):
            expected = None
        assert notation.character_or_none(text) == expected
    assert notation.character_or_none("主教") == "bishop"
    assert notation.character_or_none("Tax") is None          # no such name
    assert notation.character_or_none("9") is None            # Queen, Artist or Tax Collector
    with pytest.raises(AmbiguousName):
        notation.character("9")


def test_every_legal_move_round_trips(game):
    for _ in range(60):
        moves = game.legal_moves()
        for move in moves:
            assert game.parse(game.format(move)) == move
        game.apply(moves[-1])


def test_the_face_up_discards_may_be_written_with_spaces_only(rulebooks):
    """`面朝上 國王 商人` was refused as one unknown character 「國王 商人」, though the other lists
    of characters (warrants, threats, `pass 2 3`) take spaces as well as commas."""
    cast = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "tax-collector"]
    game = Game.new(rulebooks["2016"], ["Ann", "Bob", "Cid", "Dee", "Eve"], seed=3, characters=cast, table=True)
    assert game.parse("Ann: 面朝上 國王 商人") == game.parse("Ann: faceup King, Merchant")
    assert game.parse("Ann: faceup Thief   Bishop") == game.parse("Ann: faceup Thief, Bishop")
    # A name with a space in it stays whole.
    assert game.parse("Ann: faceup Tax Collector Thief") == game.parse("Ann: faceup Tax Collector, Thief")
    with pytest.raises(UnknownName):
        game.parse("Ann: faceup King Merchent")


@pytest.mark.parametrize("text, canonical", [
    # What a Chinese keyboard types between words: a full-width comma, 、, the ideographic space.
    ("ann: 抽牌，保留 神殿", "Ann: draw keep Temple"),
    ("ann: 抽牌、保留、神殿", "Ann: draw keep Temple"),
    ("ann: 抽牌\u3000保留\u3000神殿", "Ann: draw keep Temple"),
    ("ann: 抽牌, 保留 神殿", "Ann: draw keep Temple"),
    ("ann: 抽牌 保留，神殿，城堡", "Ann: draw keep Temple, Castle"),   # after the keep word a list
    ("Ann\u3000：拿金幣", "Ann: gold"),
    ("ann: 建造 神殿，用 框架", "Ann: build Temple using Framework"),
    ("ann: 建造 賊窩，用牌，神殿、市場", "Ann: build Thieves' Den with cards Temple, Market"),
    ("ann: 建造 墓地、拆除 神殿", "Ann: build Necropolis destroying Temple"),
    # The build's words in any case (the reader looks for each word before trying its pattern).
    ("ann: BUILD Temple USING Framework", "Ann: build Temple using Framework"),
    ("ann: build Thieves' Den With Cards Temple, Market", "Ann: build Thieves' Den with cards Temple, Market"),
])
def test_chinese_typists_separators_between_words(game, text, canonical):
    assert game.format(game.parse(text)) == canonical


def test_a_full_width_comma_still_separates_a_list_and_not_a_name(game):
    # Between the kept cards a comma is the list's: each card is one name, read whole.
    assert game.parse("Ann: draw keep Dragon Gate，Temple").args == ("dragon-gate", "temple")


def test_a_full_width_question_mark_is_the_unknown_card(game):
    assert game.parse("Ann: 抽牌 保留 ？") == game.parse("Ann: draw keep ?")
    assert game.parse("Magician: 重抽 ？、？") == game.parse("Magician: redraw ?, ?")


@pytest.mark.parametrize("text", ["Ann: end.", "Ann: done", "Ann: end turn", "Ann：结束。", "Ann：结束回合", "Ann：回合結束！"])
def test_the_ways_players_end_a_turn(game, text):
    assert game.parse(text) == game.parse("Ann: end")


def test_a_lists_mark_left_after_the_last_name_is_dropped(game):
    assert game.parse("Magician: 交換手牌 Bob、") == game.parse("Magician: swap Bob")
    assert game.parse("Ann: draw keep Temple, ") == game.parse("Ann: draw keep Temple")


def test_chinese_district_names_may_be_listed_with_spaces(game):
    assert game.parse("Ann: 抽牌 保留 神殿 城堡") == game.parse("Ann: draw keep Temple, Castle")
    assert game.parse("Ann: draw keep Dragon Gate") == game.parse("Ann: draw keep 龍門")
    with pytest.raises(UnknownName):          # a word that is no district: the whole is named unknown
        game.parse("Ann: 抽牌 保留 神殿 城")


def test_a_colon_is_offered_only_after_a_whole_name(game):
    from referee.errors import BadMove

    with pytest.raises(BadMove) as found:
        game.parse("Annie gold")                 # Ann is seated, Annie is not
    assert found.value.values["hint"] == ""
    with pytest.raises(BadMove) as found:
        game.parse("Ann gold")
    assert found.value.values["hint"].values["example"] == "Ann: gold"


@pytest.mark.parametrize("text", ["Warlord: 摧毀 Bob，神殿", "Warlord: 摧毀 Bob、神殿", "Warlord: 摧毀 Bob的神殿",
                                  "Warlord: 摧毀 Bob 的 神殿", "Warlord: 摧毀，Bob，神殿", "Warlord: 摧毀 bob, 神殿",
                                  "Warlord: destroy Bob's Temple", "Warlord: destroy bob’s temple"])
def test_a_player_and_a_card_as_a_chinese_typist_separates_them(game, text):
    assert game.parse(text) == game.parse("Warlord: destroy Bob Temple")


def test_a_rank_in_full_width_digits(game):
    assert game.parse("Assassin: 刺殺 ４") == game.parse("Assassin: kill King")
    assert game.parse("Assassin: 刺殺 ４號") == game.parse("Assassin: kill 4")


def test_make_move_makes_the_move_the_named_tuple_makes():
    """moves.make_move (tuple.__new__ bound to Move, for the generators) gives a Move equal to,
    hashed as and printed as the one Move(...) makes, and never a plain tuple."""
    from referee.engine.moves import Move, make_move

    for fields in (("thief", "rob", ("king",)), ("P1", "pick", ("thief",)), ("king", "end", ())):
        made = make_move(fields)
        assert type(made) is Move and made == Move(*fields) and hash(made) == hash(Move(*fields))
        assert (made.actor, made.verb, made.args) == fields and str(made) == str(Move(*fields))


def test_first_word_splits_where_a_typist_separates_words():
    # The first word ends at a space of any width or a comma (either width, or 、); one comma
    # and the spaces around it go; the rest is kept as typed, trimmed. The rule as a pattern:
    import random
    import re

    from referee.engine.moves import first_word

    rule = re.compile(r"([^\s,，、]*)(?:\s*[,，、]\s*|\s+|$)(.*)", re.S)
    rng = random.Random(5)
    for _ in range(5000):
        text = "".join(rng.choice(["保留", "keep", " ", "\u3000", ",", "，", "、", "\t", "神廟"])
                       for _ in range(rng.randrange(8)))
        found = rule.match(text.strip())
        assert first_word(text) == (found.group(1), found.group(2).strip()), text
    assert first_word("抽牌，保留 神廟") == ("抽牌", "保留 神廟")
    assert first_word("  keep ,, Temple ") == ("keep", ", Temple")
