"""The card database against the rulebooks' figures: a wrong cost, colour or count fails here."""

from __future__ import annotations

import pytest

from referee.catalog.cards import list_cards
from referee.catalog.names import resolve

BASIC = {  # R16 component list and the classic rulebook: cost, copies (same in both editions)
    "manor": ("noble", 3, 5), "castle": ("noble", 4, 4), "palace": ("noble", 5, 3),
    "temple": ("religious", 1, 3), "church": ("religious", 2, 3), "monastery": ("religious", 3, 3),
    "cathedral": ("religious", 5, 2), "tavern": ("trade", 1, 5), "market": ("trade", 2, 4),
    "trading-post": ("trade", 2, 3), "docks": ("trade", 3, 3), "harbor": ("trade", 4, 3),
    "town-hall": ("trade", 5, 2), "watchtower": ("military", 1, 3), "prison": ("military", 2, 3),
    "barracks": ("military", 3, 3), "fortress": ("military", 5, 2),
}
UNIQUE_2016 = {
    "armory": 3, "basilica": 4, "capitol": 5, "dragon-gate": 6, "factory": 5, "framework": 3, "gold-mine": 6,
    "great-wall": 6, "haunted-quarter": 2, "imperial-treasury": 5, "ivory-tower": 5, "keep": 3, "laboratory": 5,
    "library": 6, "map-room": 5, "monument": 4, "museum": 4, "necropolis": 5, "observatory": 4, "park": 6,
    "poor-house": 4, "quarry": 5, "school-of-magic": 6, "secret-vault": 0, "smithy": 5, "stables": 2, "statue": 3,
    "theater": 6, "thieves-den": 6, "wishing-well": 5,
}
UNIQUE_CLASSIC = {  # (cost, copies)
    "haunted-quarter": (2, 1), "keep": (3, 2), "laboratory": (5, 1), "smithy": (5, 1), "observatory": (5, 1),
    "graveyard": (5, 1), "dragon-gate": (6, 1), "university": (6, 1), "library": (6, 1), "great-wall": (6, 1),
    "school-of-magic": (6, 1), "armory": (3, 1), "ball-room": (6, 1), "bell-tower": (5, 1), "factory": (6, 1),
    "hospital": (6, 1), "imperial-treasury": (4, 1), "lighthouse": (3, 1), "map-room": (5, 1), "museum": (4, 1),
    "park": (6, 1), "poor-house": (5, 1), "quarry": (5, 1), "throne-room": (6, 1), "wishing-well": (5, 1),
}
RANKS_2016 = {
    1: {"assassin", "witch", "magistrate"}, 2: {"thief", "spy", "blackmailer"}, 3: {"magician", "wizard", "seer"},
    4: {"king", "emperor", "patrician"}, 5: {"bishop", "abbot", "cardinal"}, 6: {"merchant", "alchemist", "trader"},
    7: {"architect", "navigator", "scholar"}, 8: {"warlord", "diplomat", "marshal"}, 9: {"queen", "artist", "tax-collector"},
}
RANKS_CLASSIC = {
    "assassin": 1, "witch": 1, "thief": 2, "tax-collector": 2, "magician": 3, "wizard": 3, "king": 4, "emperor": 4,
    "bishop": 5, "abbot": 5, "merchant": 6, "alchemist": 6, "architect": 7, "navigator": 7, "warlord": 8,
    "diplomat": 8, "artist": 9, "queen": 9,
}


def by_id(rows):
    return {r["id"]: r for r in rows}


def test_2016_counts(conn):
    characters = list_cards(conn, "2016", kind="character")
    districts = by_id(list_cards(conn, "2016", kind="district"))
    assert len(characters) == 27
    assert {rank: {c["id"] for c in characters if c["rank"] == rank} for rank in RANKS_2016} == RANKS_2016
    assert sum(d["copies"] for d in districts.values() if d["type"] != "unique") == 54
    assert {i: d["cost"] for i, d in districts.items() if d["type"] == "unique"} == UNIQUE_2016
    assert all(d["copies"] == 1 for d in districts.values() if d["type"] == "unique")


def test_classic_counts(conn):
    characters = by_id(list_cards(conn, "classic", kind="character"))
    districts = by_id(list_cards(conn, "classic", kind="district"))
    assert {i: c["rank"] for i, c in characters.items()} == RANKS_CLASSIC
    assert sum(d["copies"] for d in districts.values()) == 80
    assert {i: (d["cost"], d["copies"]) for i, d in districts.items() if d["type"] == "unique"} == UNIQUE_CLASSIC
    assert districts["barracks"]["name"] == "Battlefield"
    assert districts["haunted-quarter"]["name"] == "Haunted City"


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_basic_districts(conn, edition):
    districts = by_id(list_cards(conn, edition, kind="district"))
    assert {i: (d["type"], d["cost"], d["copies"]) for i, d in districts.items() if d["type"] != "unique"} == BASIC


@pytest.mark.parametrize("edition", ["2016", "classic"])
def test_character_facts(rulebooks, edition):
    rb = rulebooks[edition]
    assert rb.characters["architect"].build_limit == 3 and rb.characters["architect"].extra_cards == 2
    assert rb.characters["merchant"].extra_gold == 1 and rb.characters["merchant"].income == "trade"
    assert rb.characters["king"].income == "noble" and rb.characters["bishop"].income == "religious"
    assert rb.characters["warlord"].income == "military"
    assert rb.characters["navigator"].can_build is False
    assert rb.characters["queen"].min_players == 5


@pytest.mark.parametrize("alias, edition, expected", [
    ("軍閥", "2016", "warlord"), ("军阀", "2016", "warlord"), ("領主", "2016", "warlord"), ("领主", "classic", "warlord"),
    ("军事家", "classic", "warlord"), ("warlord", "2016", "warlord"), ("8", "2016", "warlord"), ("8號", "classic", "warlord"),
    ("殺手", "2016", "assassin"), ("刺客", "classic", "assassin"), ("杀手", "2016", "assassin"),
    ("魔術師", "2016", "magician"), ("魔术师", "classic", "magician"), ("小偷", "2016", "thief"), ("盜賊", "classic", "thief"),
    ("住持", "2016", "bishop"), ("主教", "2016", "cardinal"), ("主教", "classic", "bishop"), ("教皇", "classic", "bishop"),
    ("修士", "2016", "abbot"), ("修道院長", "classic", "abbot"), ("修道院长", "2016", "abbot"),
    ("航海家", "2016", "navigator"), ("領航員", "classic", "navigator"), ("领航员", "classic", "navigator"),
    ("稅務官", "2016", "tax-collector"), ("税务员", "classic", "tax-collector"), ("稅務員", "2016", "tax-collector"),
    ("煉金術士", "2016", "alchemist"), ("炼金术师", "classic", "alchemist"), ("皇后", "2016", "queen"),
    ("奸商", "classic", "merchant"), ("君主", "classic", "king"), ("Condottiere", "classic", "warlord"),
    ("tax collector", "2016", "tax-collector"), ("TAX-COLLECTOR", "2016", "tax-collector"),
    # names players use that no printed edition does (issue 18)
    ("先知", "2016", "seer"), ("收税官", "2016", "tax-collector"), ("收稅官", "classic", "tax-collector"),
    ("法官", "2016", "magistrate"), ("紅衣主教", "2016", "cardinal"), ("贸易商", "2016", "trader"),
])
def test_character_aliases(conn, alias, edition, expected):
    assert resolve(conn, alias, edition, kind="character").id == expected


@pytest.mark.parametrize("alias, edition, expected", [
    ("鐘塔", "classic", "bell-tower"), ("钟楼", "classic", "bell-tower"), ("城牆", "2016", "great-wall"),
    ("长城", "2016", "great-wall"), ("鬼城", "classic", "haunted-quarter"), ("Haunted City", "2016", "haunted-quarter"),
    ("天文台", "2016", "observatory"), ("龍門", "2016", "dragon-gate"), ("巨龙门", "classic", "dragon-gate"),
    ("古墓", "2016", "necropolis"), ("鷹架", "2016", "framework"), ("賊窟", "2016", "thieves-den"),
    ("Thieves Den", "2016", "thieves-den"), ("貧民窟", "2016", "poor-house"), ("墓園", "classic", "graveyard"),
    ("瞭望塔", "2016", "watchtower"), ("了望塔", "classic", "watchtower"), ("Battlefield", "2016", "barracks"),
    ("戰場", "classic", "barracks"), ("港口", "2016", "harbor"), ("魔法學院", "2016", "school-of-magic"),
    ("军械库", "2016", "armory"), ("博物馆", "2016", "museum"), ("許願井", "2016", "wishing-well"),
    ("框架", "2016", "framework"), ("脚手架", "2016", "framework"), ("許願池", "2016", "wishing-well"),
    ("许愿池", "classic", "wishing-well"), ("兵工厂", "2016", "armory"), ("剧场", "2016", "theater"),
])
def test_district_aliases(conn, alias, edition, expected):
    assert resolve(conn, alias, edition, kind="district").id == expected


def test_keep_and_fortress_share_names_but_canonical_names_win(conn):
    keep = resolve(conn, "堡壘", "2016", kind="district")
    assert keep.id == "keep"
    assert resolve(conn, "要塞", "2016", kind="district").id == "fortress"


def test_unknown_and_ambiguous_names(conn):
    from referee.errors import AmbiguousName, UnknownName

    with pytest.raises(UnknownName) as error:
        resolve(conn, "zzzz", "2016")
    assert "closest" in str(error.value)
    with pytest.raises(AmbiguousName):
        resolve(conn, "8", "2016", kind="character", in_play=frozenset({"warlord", "diplomat"}))


def test_every_faq_card_and_citation_exists(conn):
    ids = {r[0] for r in conn.execute("SELECT id FROM cards")}
    for (cards,) in conn.execute("SELECT cards FROM faq"):
        assert set(cards.split()) <= ids


def test_engine_citations_exist(conn):
    import re
    from pathlib import Path

    known = {r[0] for r in conn.execute("SELECT id FROM rules UNION SELECT id FROM faq")}
    engine = Path(__file__).resolve().parent.parent / "referee" / "engine"
    cited = set()
    for path in engine.glob("*.py"):
        for group in re.findall(r'_illegal\("[a-z_]+", \(([^)]*)\)', path.read_text()):
            cited |= set(re.findall(r'"([a-z0-9.-]+)"', group))
        for group in re.findall(r'IllegalMove\("[a-z_]+", \(([^)]*)\)', path.read_text()):
            cited |= set(re.findall(r'"([a-z0-9.-]+)"', group))
    assert cited and cited <= known, cited - known


def test_faq_size(conn):
    total = conn.execute("SELECT COUNT(*) FROM faq").fetchone()[0]
    assert total >= 150
    for edition in ("2016", "classic"):
        count = conn.execute("SELECT COUNT(*) FROM faq WHERE ' ' || editions || ' ' LIKE ?", (f"% {edition} %",)).fetchone()[0]
        assert count >= 60


def test_faq_counts_per_card_and_edition(conn):
    per_card = dict(conn.execute("SELECT card_id, COUNT(*) FROM faq_cards GROUP BY card_id").fetchall())
    assert per_card["warlord"] >= 10 and per_card["armory"] >= 5
    per_edition = dict(conn.execute("SELECT edition, COUNT(*) FROM faq_editions GROUP BY edition").fetchall())
    total = conn.execute("SELECT COUNT(*) FROM faq").fetchone()[0]
    assert per_edition["classic"] + per_edition["2016"] >= total


def _every_alias():
    from referee.dbbuild import load_bundle

    bundle = load_bundle()
    for kind, cards in (("character", bundle.characters), ("district", bundle.districts)):
        for card in cards:
            for alias in card.get("aliases", []):
                alias = {"text": alias} if isinstance(alias, str) else alias
                editions = alias.get("editions") or list(card["editions"])
                for edition in editions:
                    if edition in card["editions"]:
                        yield kind, card["id"], alias["text"], edition


@pytest.mark.parametrize("kind, card, text, edition", list(_every_alias()))
def test_every_alias_resolves_in_both_scripts(conn, kind, card, text, edition):
    """Each alias names its card, or offers it as a choice where the same words name another
    card (要塞: the Fortress in most sources, the Keep in some)."""
    from referee.chinese import to_simplified, to_traditional
    from referee.errors import AmbiguousName

    for form in {text, to_simplified(text), to_traditional(text)}:
        try:
            match = resolve(conn, form, edition, kind=kind)
        except AmbiguousName as error:
            assert any(card in c.lower().replace(" ", "-").replace("'", "") for c in error.choices), (form, error)
            continue
        assert match.id == card or card in match.others, (form, match)


def test_every_alias_says_where_it_is_used():
    from referee.dbbuild import ALIAS_USES, load_bundle, validate

    bundle = load_bundle()
    for card in bundle.characters + bundle.districts:
        for alias in card.get("aliases", []):
            assert alias["used"] and set(alias["used"]) <= ALIAS_USES, (card["id"], alias)
    bundle.characters[0]["aliases"].append({"text": "無名"})
    bundle.characters[0]["aliases"].append({"text": "亂寫", "used": ["rumour"]})
    problems = validate(bundle)
    assert any("'無名' must say where it is used" in p for p in problems)
    assert any("'亂寫' must say where it is used" in p for p in problems)


def test_an_alias_row_keeps_where_it_is_used(conn):
    used = dict(conn.execute("SELECT text, used FROM aliases WHERE card_id = 'seer'"))
    assert used["先知"] == "posts" and used["預言家"] == "printed"
