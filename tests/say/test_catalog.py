"""The catalogs of words (referee/locale): each compiled .mo is its .po, every key has a text
in en, zh-Hant and zh-Hans with the same placeholders, every key the code uses exists, and a
language without a catalog speaks English."""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest

from referee import messages as catalog

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALES = ROOT / "referee" / "locale"
# Every catalog in the repository (a language added is checked as soon as its folder is there).
CODES = ("en", "zh_Hant", "zh_Hans", *sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/referee.po")
                                            if p.parent.parent.name not in ("en", "zh_Hant", "zh_Hans")))


def read_po(code: str, locales: Path = LOCALES):
    from babel.messages.pofile import read_po

    with (locales / code / "LC_MESSAGES" / "referee.po").open("rb") as fp:
        return read_po(fp, locale=code, domain="referee")


def messages(code: str, locales: Path = LOCALES) -> dict[str, str]:
    return {m.id: m.string for m in read_po(code, locales) if m.id}


def gaps(locales: Path = LOCALES) -> list[str]:
    """What the catalogs under `locales` lack: a key some catalog has and another has not, or
    holds with an empty text."""
    keys = {code: messages(code, locales) for code in CODES}
    every = set().union(*keys.values())
    found = []
    for code, texts in keys.items():
        found += [f"missing in {code}: {key}" for key in sorted(every - set(texts))]
        found += [f"empty in {code}: {key}" for key, text in sorted(texts.items()) if not text.strip()]
    return found


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_the_three_languages_have_catalogs():
    assert catalog.languages()[:3] == ("en", "zh-Hant", "zh-Hans")


@pytest.mark.parametrize("code", CODES)
def test_each_mo_is_its_po_compiled(code):
    # In parts (messages.part): each message in the part that holds it, and in no other.
    compiled = {}
    for domain in catalog.PARTS:
        with (LOCALES / code / "LC_MESSAGES" / f"{domain}.mo").open("rb") as fp:
            held = {k: v for k, v in gettext.GNUTranslations(fp)._catalog.items() if k}
        assert all(catalog.part(key) == domain for key in held), domain
        compiled.update(held)
    assert compiled == messages(code), "run scripts/compile_catalogs.py"


def test_a_command_that_refuses_nothing_reads_no_refusal(monkeypatch):
    # The parts are read as they are needed: a label reads the rest, a refusal its own part.
    monkeypatch.setattr(catalog, "_loaded", {})
    assert catalog.text("label.rank", "zh-Hant") and catalog.text("page.title", "en")
    assert {domain for _, lang, domain in catalog._loaded if lang == "zh-Hant"} == {"referee"}
    assert catalog.text("error.faq.top_must_be_at", "en", top=0) != "error.faq.top_must_be_at"
    assert {domain for _, lang, domain in catalog._loaded if lang == "en"} == {"referee-pages", "referee-errors"}


def test_a_move_the_rules_refuse_reads_no_bad_input(monkeypatch):
    # A rule's refusal (the engine's, a card's) is read from its own part: the bad inputs'
    # messages, as many again, are not decoded for it.
    monkeypatch.setattr(catalog, "_loaded", {})
    assert catalog.text("thief.refusal.rob_self", "zh-Hans") != "thief.refusal.rob_self"
    assert catalog.text("refusal.build_limit", "zh-Hans", limit=1) != "refusal.build_limit"
    assert {domain for _, lang, domain in catalog._loaded} == {"referee-refusals"}


def test_a_ruling_reads_none_of_the_table_trackers_words(monkeypatch):
    # `ask` speaks labels, events and moves (the main part); the tracker's words are apart.
    monkeypatch.setattr(catalog, "_loaded", {})
    assert catalog.text("label.rank", "zh-Hans") != "label.rank"
    assert catalog.text("punct.colon", "zh-Hans") != "punct.colon"
    assert {domain for _, lang, domain in catalog._loaded} == {"referee"}
    table_keys = [key for key in messages("zh_Hans") if key.startswith("table.")]
    assert table_keys and catalog.text(table_keys[0], "zh-Hans") != table_keys[0]
    assert {domain for _, lang, domain in catalog._loaded} == {"referee", "referee-table"}


def test_a_catalog_compiled_whole_is_read_for_every_part(tmp_path, monkeypatch):
    # A translator's own referee.mo, all messages in one file: its refusals are found in it.
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    whole = Catalog(locale="fr", domain="referee")
    whole.add("error.faq.top_must_be_at", "--top doit valoir au moins 1, pas {top}")
    whole.add("label.rank", "rang")
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "fr" / "LC_MESSAGES" / "referee.mo").open("wb") as fp:
        write_mo(fp, whole)
    monkeypatch.setenv("REFEREE_LOCALES", str(tmp_path))
    monkeypatch.setattr(catalog, "_loaded", {})
    assert catalog.text("error.faq.top_must_be_at", "fr", top=0) == "--top doit valoir au moins 1, pas 0"
    assert catalog.text("label.rank", "fr") == "rang"


def test_every_key_has_a_text_in_every_language():
    assert not gaps(), gaps()[:20]


def test_a_message_missing_in_one_language_is_found(tmp_path):
    import shutil

    from babel.messages.pofile import write_po

    for code in CODES:
        shutil.copytree(LOCALES / code, tmp_path / code)
    traditional = read_po("zh_Hant")
    del traditional["label.rank"]
    traditional["label.cost"].string = " "
    with (tmp_path / "zh_Hant" / "LC_MESSAGES" / "referee.po").open("wb") as fp:
        write_po(fp, traditional)
    assert gaps(tmp_path) == ["missing in zh_Hant: label.rank", "empty in zh_Hant: label.cost"]


# Messages whose Chinese text has always left out a detail the English one gives (the output
# stays as it was): the placeholders the Chinese texts may leave out.
FEWER_IN_CHINESE = {"error.situation.out_of_range": {"why"}}


def test_the_placeholders_agree_in_every_language():
    english = messages("en")
    for code in CODES[1:]:
        differ = [key for key, text in messages(code).items()
                  if placeholders(text) | FEWER_IN_CHINESE.get(key, set()) != placeholders(english.get(key, ""))]
        assert not differ, f"placeholders differ in {code}: {differ[:20]}"


# The helpers that read the catalog under a prefix: `words("next_pick", …)` is `table.next_pick`.
_HELPERS = {"text": "", "say": "", "Said": "", "Own": "", "CastProblem": "", "words": "table.", "_w": "table.", "word": "page.",  # (web/page.py; the sheet's own `word` is `sheet.`, below)
            "label": "label.", "_word": "faq.", "_diff_word": "differences."}


def used_keys() -> set[str]:
    """Every key the code asks for: literal keys handed to the catalog or its helpers, and the
    tables of values a module turns into keys."""
    call = re.compile(r"""\b(%s)\(\s*["']([A-Za-z0-9_.\-]+)["']\s*[,)]""" % "|".join(_HELPERS))
    found = set()
    for path in (ROOT / "referee").rglob("*.py"):
        # (the engine's refusal keys are checked with its registry, below; its errors' keys here)
        source = path.read_text(encoding="utf-8")
        helpers = {**_HELPERS, "word": "sheet."} if "sheet" in path.parts else _HELPERS   # the sheet's own word()
        found |= {helpers[helper] + key for helper, key in call.findall(source)
                  if not (helper in ("words", "word", "label", "_word") and "." not in key and key.isupper())}
    from referee.cli import app
    from referee.cli.table_serve import _LISTEN_ERRORS
    from referee.say import events
    from referee.text import EDITIONS

    found |= {"event.word." + w for w in events._WORDS} | {"event.reason." + r for r in events._REASONS}
    found |= {"event." + kind for kind in events._GENERAL} | set(events._OF_A_CARD.values())
    found |= {key for _, key in app._USAGE} | {"error.table.listen." + n for n in _LISTEN_ERRORS.values()}
    found |= {f"edition.{e}" for e in EDITIONS} | {f"edition.bare.{e}" for e in EDITIONS}
    found |= {"table." + phase for phase in ("selection", "turns", "over")}
    found |= {f"error.situation.kind.{k}" for k in ("whole_number", "text", "list", "table", "boolean")}
    found |= {f"error.situation.size.{k}" for k in ("edition", "bell_tower")}
    from referee import differences

    found |= {f"differences.change.{k}" for k in differences._CHANGES} | {f"differences.side.{e}" for e in EDITIONS}
    found |= {"differences.title.card", "differences.title.rule"}
    from referee import refusals

    found |= set(refusals.message_keys().values())
    return found


def test_every_key_the_code_uses_exists():
    english = messages("en")
    used = used_keys()
    assert len(used) > 200                  # the search finds the keys (a broken pattern finds none)
    missing = sorted(key for key in used if key not in english)
    assert not missing, missing


def test_the_compile_script_finds_nothing_stale():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "compile_catalogs.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_the_compile_script_removes_a_part_left_over(tmp_path):
    """A part renamed away leaves its .mo: --check names it, a run removes it and keeps the rest."""
    import shutil
    import subprocess
    import sys

    for code in CODES:
        shutil.copytree(LOCALES / code, tmp_path / code)
    folder = tmp_path / CODES[0] / "LC_MESSAGES"
    kept = sorted(p.name for p in folder.glob("*.mo"))
    (folder / "referee-renamed.mo").write_bytes((folder / "referee.mo").read_bytes())
    script = [sys.executable, str(ROOT / "scripts" / "compile_catalogs.py"), "--locales", str(tmp_path)]
    checked = subprocess.run([*script, "--check"], capture_output=True, text=True)
    assert checked.returncode == 1 and "left over: " in checked.stdout and "referee-renamed.mo" in checked.stdout
    assert (folder / "referee-renamed.mo").is_file()           # --check changes nothing
    ran = subprocess.run(script, capture_output=True, text=True)
    assert ran.returncode == 0 and "removed " in ran.stdout
    assert sorted(p.name for p in folder.glob("*.mo")) == kept


def test_a_language_without_a_catalog_falls_back_to_english(tmp_path, monkeypatch):
    import shutil

    for code in CODES:
        shutil.copytree(LOCALES / code, tmp_path / code)
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "fr" / "LC_MESSAGES" / "referee.mo").open("wb") as fp:
        write_mo(fp, Catalog(locale="fr", domain="referee"))
    monkeypatch.setenv("REFEREE_LOCALES", str(tmp_path))
    assert catalog.languages() == ("en", "zh-Hant", "zh-Hans", "fr")
    assert catalog.text("event.word.noble", "fr") == catalog.text("event.word.noble", "en") == "noble"
    assert catalog.text("event.word.noble", "zh-Hant") == "貴族"
    assert catalog.text("event.word.noble", "xx") == "noble"      # no catalog at all: English
    assert catalog.text("no.such.key", "zh-Hans") == "no.such.key"


def test_values_fill_the_placeholders_and_a_text_without_values_is_left_as_written(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    messages_ = Catalog(locale="en", domain="referee")
    messages_.add("t.round", "round {n}")
    with (tmp_path / "en" / "LC_MESSAGES" / "referee.mo").open("wb") as fp:
        write_mo(fp, messages_)
    monkeypatch.setenv("REFEREE_LOCALES", str(tmp_path))
    assert catalog.text("t.round", "en", n=3) == "round 3"
    assert catalog.text("t.round", "en") == "round {n}"


def test_a_move_said_in_chinese_reads_no_english_catalog():
    """How the notation shows a verb is each language's own word or its rule (`messages.own`):
    a command in Chinese that shows `build` never opens the English catalog to find it has no
    word either (a whole catalog decoded, some 8 M instructions)."""
    import subprocess
    import sys

    assert catalog.own("notation.verb.gold", "zh-Hans") == catalog.text("notation.verb.gold", "zh-Hans")
    assert catalog.own("notation.verb.build", "zh-Hans") is None
    code = ("from referee import messages; from referee.engine import registry, cards; "
            "from referee.say.notation import _word; "
            "assert _word(registry.verb('build')[0], 'zh-Hans') == '建造', _word(registry.verb('build')[0], 'zh-Hans'); "
            "assert [lang for _, lang, _ in messages._loaded] == ['zh-Hans'], list(messages._loaded)")
    subprocess.run([sys.executable, "-c", code], check=True)
