"""A move said back in Chinese (`referee ask`, `table do`, `log`) has every word in Chinese: the
keywords among its arguments too (勒索者：威脅 國王 商人 花邊 商人, never `flowers`), and it still
reads back to the same move. Checked on every legal move of random games in both editions."""

from __future__ import annotations

import random
import re

import pytest

LATIN = re.compile(r"[A-Za-z]+")


@pytest.mark.parametrize("edition", ["2016", "classic"])
@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_word_of_a_move_is_said_in_chinese(rulebooks, conn, edition, lang):
    from referee.catalog.cards import localized_names
    from referee.cli.simulate_cmd import random_characters
    from referee.engine import Game
    from referee.engine.players import choose_move
    from referee.say.notation import said

    rb = rulebooks[edition]
    local = localized_names(conn, edition, lang)
    names = ["小明", "小華", "阿美", "大雄", "靜香"]
    seen_verbs, english, canonical, forms = set(), [], set(), set()
    # Six games at least, more (up to 30) until 2016's three build forms have been said: which
    # games reach a Necropolis depends on the random player's draws, not on what is checked.
    wanted = {"destroying", "with", "from"} if edition == "2016" else set()
    for seed in range(30):
        if seed >= 6 and wanted <= forms:
            break
        game = Game.new(rb, names, seed=seed, characters=random_characters(rb, 5, seed))
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 400:
            moves = game.legal_moves()
            for move in moves[:40]:
                text = said(game, move, lang, local)
                if text == game.format(move):
                    canonical.add(text)           # said in English: Chinese would not read back
                    continue
                assert game.parse(text) == move
                seen_verbs.add(move.verb)
                if move.verb == "build" and len(move.args) > 1:
                    forms.add(move.args[1])
                if LATIN.search(text):
                    english.append(text)
            game.apply(choose_move(game, moves, rng))
    assert not english, sorted({(t.split("：")[1].split()[0], w) for t in english for w in LATIN.findall(t)})
    assert {"build", "gold", "end"} <= seen_verbs
    if edition == "2016":          # the Necropolis, the Thieves' Den, the Cardinal's (classic has none)
        assert wanted <= forms
    assert not canonical, sorted(canonical)[:10]


@pytest.mark.parametrize("lang, giving", [("zh-Hant", "給出"), ("zh-Hans", "给出")])
def test_the_builds_special_forms_in_chinese(rulebooks, conn, lang, giving):
    from referee.catalog.cards import localized_names
    from referee.engine import Game
    from referee.engine.moves import Move
    from referee.say.notation import said

    rb = rulebooks["2016"]
    game = Game.new(rb, ["小明", "小華", "阿美"], seed=1)
    moves = [Move("小明", "build", ("temple", "using", "framework")),
             Move("小明", "build", ("necropolis", "destroying", "temple")),
             Move("小明", "build", ("thieves-den", "with", ("temple", "market"))),
             Move("小明", "build", ("temple", "from", "小華", ("market",)))]
    n = localized_names(conn, "2016", lang)
    shown = [said(game, move, lang, n) for move in moves]
    assert [game.parse(text) for text in shown] == moves
    assert shown == [f"小明：建造 {n['temple']} 用 {n['framework']}", f"小明：建造 {n['necropolis']} 拆除 {n['temple']}",
                     f"小明：建造 {n['thieves-den']} 用牌 {n['temple']}、{n['market']}",
                     f"小明：建造 {n['temple']} 向 小華 {giving} {n['market']}"]
