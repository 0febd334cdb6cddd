"""The words that say which drawn card is kept (issue 16): one list, owned by the draw
(`cards/basic.py`), read by the draw, the Scholar and the Hospital's draw alike; a keep typed as a
move of its own is told how a kept card is written."""

from __future__ import annotations

import pytest

from referee.engine import Game, registry
from referee.engine.cards import basic
from referee.errors import BadMove


@pytest.fixture
def game(rulebooks):
    return Game.new(rulebooks["2016"], ["Bob", "小明", "Cid", "Dan"], seed=1)


@pytest.mark.parametrize("word", basic.KEEP_WORDS)
def test_every_keep_word_is_read_by_every_move_that_keeps_a_card(game, word):
    notation = game.notation
    assert registry.verb("draw")[0].parse(notation, f"{word} Temple") == ("temple",)
    assert registry.verb("scholar")[0].parse(notation, f"{word} Temple") == ("temple",)
    assert registry.behaviour("hospital").parse_use(notation, f"draw {word} Temple") == ("draw", "temple")


def test_the_keep_words_live_in_one_place():
    from pathlib import Path

    from referee.engine.cards.characters import scholar

    assert scholar.KEEP_WORDS is basic.KEEP_WORDS
    cards = Path(basic.__file__).parent
    for module in (cards / "characters" / "scholar.py", cards / "districts" / "hospital.py"):
        assert "保留" not in module.read_text(encoding="utf-8"), module     # no second list, no regex of its own


@pytest.mark.parametrize("typed,lang,hint", [
    ("Bob: keep Temple", "en", "a kept card is written with the draw: “Bob: draw keep Temple”"),
    ("小明：保留 神廟", "zh-Hant", "保留的牌要和抽牌寫在一起：「小明：抽牌 保留 神廟」"),
    ("小明：保留 神庙", "zh-Hans", "保留的牌要和抽牌写在一起：「小明：抽牌 保留 神庙」"),
    ("小明：留 神廟", "zh-Hant", "「小明：抽牌 留 神廟」"),
])
def test_a_keep_typed_as_a_move_of_its_own_says_how_a_kept_card_is_written(game, typed, lang, hint):
    with pytest.raises(BadMove) as caught:
        game.parse(typed)
    said = caught.value.render(lang)
    assert hint in said, said
    # The form it names reads back as the draw that keeps that card.
    shown = said.rsplit("“" if lang == "en" else "「", 1)[1].rstrip("”」")
    assert game.parse(shown).verb == "draw" and game.parse(shown).args == ("temple",)
