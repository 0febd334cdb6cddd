"""The card registry: every refusal the engine can raise has its text in each catalog (en,
zh-Hant, zh-Hans), with the same placeholders in each language, and cites rule and FAQ ids that
exist."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "referee" / "engine"


def _strings(node) -> tuple[str, ...] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return tuple(e.value for e in node.elts)
    return None


def refusals_in_code() -> list[tuple[str, str, tuple[str, ...]]]:
    """(file, key, citations) of every `IllegalMove(key, citations)` and every
    `(key, citations, {values})` problem tuple in the engine's source."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove" and node.args:
                key = _strings(node.args[0])
                cites = _strings(node.args[1]) if len(node.args) > 1 else ()
                if key and cites is not None:
                    found.append((path.name, key[0], cites))
            elif isinstance(node, ast.Tuple) and len(node.elts) == 3 and isinstance(node.elts[2], ast.Dict):
                key, cites = _strings(node.elts[0]), _strings(node.elts[1])
                if key and len(key) == 1 and cites is not None:
                    found.append((path.name, key[0], cites))
    return found


def test_the_scan_finds_the_refusals():
    keys = {key for _, key, _ in refusals_in_code()}
    assert {"rob_killed", "bishop", "keep", "build_limit", "graveyard_timing"} <= keys


def _catalog_messages(code: str) -> dict[str, str]:
    """The messages of one catalog as written (no fallback to English)."""
    import gettext

    found = {}
    for part in (ROOT / "referee" / "locale" / code / "LC_MESSAGES").glob("*.mo"):     # every part
        with part.open("rb") as fp:
            found.update({k: v for k, v in gettext.GNUTranslations(fp)._catalog.items() if k})
    return found


def test_every_refusal_has_a_text_in_each_catalog_with_the_same_placeholders():
    from referee.refusals import message_keys

    known = message_keys()
    for where, key, _ in refusals_in_code():
        assert key in known, f"{where}: refusal {key!r} has no texts"
    catalogs = [_catalog_messages(code) for code in ("en", "zh_Hant", "zh_Hans")]
    for key, message in known.items():
        triple = [found.get(message, "") for found in catalogs]
        assert len(triple) == 3 and all(t.strip() for t in triple), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(t) if f} for t in triple]
        assert fields[0] == fields[1] == fields[2], f"{key}: placeholders differ between languages"


def test_whose_refusal_is_said_the_same_without_every_card_loaded():
    """`reasons.owner_of` answers a refusal of the turn, the selection, the secret table or the
    rank 8 characters without loading the cards (they come before the cards' in `owners()`):
    every declared key, and one nobody declares, has the owner `owners()` gives; and a refused
    build's text is found in a process that has loaded no card module."""
    import subprocess
    import sys

    from referee.engine.reasons import owner_of, owners

    for key in [*owners(), "not-a-refusal"]:
        assert owner_of(key) == owners().get(key), key
    code = ("import sys; from referee.refusals import message_key; "
            "assert message_key('build_limit') == 'refusal.build_limit'; "
            "assert message_key('reveal_passed') == 'secret.refusal.reveal_passed'; "
            "loaded = [m for m in sys.modules if m.startswith(('referee.engine.cards.characters.', "
            "'referee.engine.cards.districts.'))]; assert not loaded, loaded")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_citation_exists(conn):
    ids = {row[0] for row in conn.execute("SELECT id FROM faq")} | {row[0] for row in conn.execute("SELECT id FROM rules")}
    for where, key, cites in refusals_in_code():
        for cite in cites:
            assert cite in ids, f"{where}: {key} cites {cite!r}, which is neither a rule nor a FAQ entry"


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_verbs_and_their_words_are_unique_and_round_trip(edition, rulebooks):
    from referee.engine import Game
    from referee.engine.registry import verb_named, verb_words

    for word in verb_words():
        assert verb_named(word) is not None
    game = Game.new(rulebooks[edition], ["Ann", "Bob", "Cid", "Dee"], seed=5)
    for move in game.legal_moves():
        assert game.parse(game.format(move)) == move


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_every_official_card_is_registered(edition, rulebooks):
    """No official character or unique district is left to the "not supported yet" verdict."""
    import referee.engine.cards  # noqa: F401
    from referee.engine.registry import supported

    rb = rulebooks[edition]
    cards = list(rb.characters) + [d.id for d in rb.districts.values() if d.type == "unique"]
    assert [c for c in cards if not supported(c, edition)] == []


def test_every_verb_the_notation_fixes_is_played():
    """shared/spec/situations.md §2 fixes one verb per ability: each is registered by a card."""
    import referee.engine.cards  # noqa: F401
    import referee.engine.game  # noqa: F401  (the selection's and the table's verbs)
    from referee.engine.registry import verb

    spec = ("gold draw income build end kill bewitch warrant confiscate rob spy threaten expose bribe refuse "
            "swap redraw look seer give crown take-gold navigate scholar destroy exchange seize beautify "
            "take-taxes use reveal faceup pick discard").split()
    assert [v for v in spec if verb(v) is None] == []


def test_a_card_that_answers_out_of_turn_says_to_which_verbs():
    """Every move is looked up by its verb among the answering cards in play
    (Hooks.answers_by_verb): a card that answers without saying to which verbs would never be
    asked, so registering one is refused; and each registered one answers only moves of its verbs."""
    import referee.engine.cards  # noqa: F401  (installs the cards' loader)
    from referee.engine import registry
    from referee.engine.moves import Move

    class Silent(registry.Behaviour):
        id = "silent-test-card"

        def is_answer(self, move):
            return move.verb == "give"

        def answer(self, game, move):
            pass

    with pytest.raises(ValueError, match="answers_to"):
        registry.register(Silent)
    assert "silent-test-card" not in registry.behaviours()
    answering = [b for b in registry.behaviours().values() if hasattr(b, "answer")]
    assert answering and all(b.answers_to for b in answering)
    for card in answering:
        for verb in ("gold", "build", "end", "use", "give", "crown", "bribe", "confiscate"):
            for args in ((), (card.id,), ("P0",), (card.id, "gold")):
                if card.is_answer(Move("P0", verb, args)):
                    assert verb in card.answers_to, (card.id, verb)
