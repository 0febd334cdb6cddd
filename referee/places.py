"""The places a citation points to in its document (`where = "Character Abilities in Detail: Thief"`,
`where = "回合完结"`), in each language the data carries: made when the database is built.

A document's section titles exist in its own language and script only; a reader is shown every
title in theirs. Between the Chinese scripts OpenCC converts the title (「回合完结」 → 「回合完結」).
Between English and Chinese the title is read as a sequence of known pieces: the section
headings of `data/places.toml`, card names (of the source's edition, else of the edition of
what cites the place, else of either; a Chinese title may use any alias), numbers and the marks
every language shares (Q5, FAQ, 1A, ☆). A title with a piece that is none of these cannot be said in the other language:
the build refuses it (`problems`), so that no title is shown in a language the reader does not read.
"""

from __future__ import annotations

import re

from referee.catalog.sources import split
from referee.text import DATA_LANGS, has_cjk

# Marks that read the same in every language: numbers, Q5, FAQ, p.3, ☆, punctuation and spaces.
_NEUTRAL = re.compile(r"Q\d+|FAQ|\d+[A-Z](?![A-Za-z])|p\.\s?\d+|\d+|[☆*.,，、:：;；()（）/\s–\-~～]")
_CJK_SPACE = re.compile(r"(?<=[\u3400-\u9fff\uf900-\ufaff])\s+(?=[\u3400-\u9fff\uf900-\ufaff])")
_TO_CHINESE_PUNCTUATION = (("; ", "；"), (": ", "："), (", ", "、"), ("(", "（"), (")", "）"))
_TO_ENGLISH_PUNCTUATION = (("；", "; "), ("：", ": "), ("，", ", "), ("、", ", "), ("（", " ("), ("）", ")"))


class Translator:
    """Says one place in each language: built once per database build."""

    def __init__(self, headings: list[dict], cards: list[dict], convert):
        from referee.text import EDITIONS

        self.convert = convert
        # Per edition (a card's name differs between them: 主教 is the classic Bishop and the
        # 2016 Cardinal): Chinese → English, every Chinese form folded to Simplified, and
        # English → Chinese (Traditional; Simplified is converted from it). Cards come first, so
        # that a heading's word never replaces a card's name.
        self.zh_pieces: dict[str, dict] = {}
        self.en_pieces: dict[str, dict] = {}     # (edition, script) → pieces
        for edition in EDITIONS:
            zh: dict[str, str] = {}
            en: dict[str, str] = {}
            en_hans: dict[str, str] = {}
            for with_aliases in (False, True):
                for card in cards:
                    facts = card.get("editions", {}).get(edition)
                    if facts is None:
                        continue
                    names = {**card["names"], **facts.get("names", {})}
                    if not with_aliases:
                        zh.setdefault(self._fold(names["zh-Hant"]), names["en"])
                        zh.setdefault(self._fold(names["zh-Hans"]), names["en"])
                        en.setdefault(names["en"], names["zh-Hant"])
                        en_hans.setdefault(names["en"], names["zh-Hans"])
                        continue
                    for other in card["names"].values():     # the card's name in the other edition
                        if has_cjk(other):
                            zh.setdefault(self._fold(other), names["en"])
                    for alias in card.get("aliases", []):
                        text = alias if isinstance(alias, str) else alias["text"]
                        if has_cjk(text):
                            zh.setdefault(self._fold(text), names["en"])
            for heading in headings:
                for form in [heading["zh-Hant"], heading["zh-Hans"], *heading.get("also", [])]:
                    zh.setdefault(self._fold(form), heading["en"])
                for form in [heading["en"], *heading.get("also_en", [])]:
                    en.setdefault(form, heading["zh-Hant"])
                    en_hans.setdefault(form, heading["zh-Hans"])
            self.zh_pieces[edition] = _buckets(zh)
            self.en_pieces[(edition, "zh-Hant")], self.en_pieces[(edition, "zh-Hans")] = _buckets(en), _buckets(en_hans)

    def _fold(self, text: str) -> str:
        return self.convert("t2s", text)

    def say(self, place: str, edition: str | None = None) -> dict[str, str] | None:
        """The place in each language (card names of `edition`, else of 2016), or None when a
        piece of it is unknown."""
        # The source's edition first, then the other: a classic card named in a 2016 summary.
        editions = sorted(self.zh_pieces, key=lambda e: (e != (edition or "2016")))
        if has_cjk(place):
            english = next((said for e in editions
                            if (said := _read(self._fold(place), self.zh_pieces[e], joined=False)) is not None), None)
            if english is None:
                return None
            english = _spaced(_punctuation(english, _TO_ENGLISH_PUNCTUATION))
            return {"en": english, "zh-Hant": self._traditional(place), "zh-Hans": self.convert("t2s", place)}
        said = {"en": place}
        for script in ("zh-Hant", "zh-Hans"):
            chinese = next((text for e in editions
                            if (text := _read(place, self.en_pieces[(e, script)], joined=True)) is not None), None)
            if chinese is None:
                return None
            # Each script's own words (公開資訊, 公开信息): the headings' and the cards' names as
            # written, without the English spaces between them (勘誤第11頁).
            said[script] = _CJK_SPACE.sub("", _punctuation(chinese, _TO_CHINESE_PUNCTUATION))
        return said

    def _traditional(self, place: str) -> str:
        """A place in Traditional characters; 台 as Taiwan writes it (天文台, 台灣), never 臺."""
        converted = self.convert("s2t", place)
        if len(converted) != len(place):
            return converted
        return "".join(old if old == "台" and new == "臺" else new for old, new in zip(place, converted))


def _buckets(pieces: dict[str, str]) -> dict:
    """Pieces by their first character (a piece that starts with a number under each digit),
    longest first: the reading tries only those that can start where it stands."""
    out: dict[str, list] = {}
    for key, said in sorted(pieces.items(), key=lambda item: -len(item[0])):
        pattern = re.compile(re.escape(key).replace(r"\{n\}", r"(\d+)")) if "{n}" in key else None
        for first in ("0123456789" if key.startswith("{n}") else key[:1]):
            out.setdefault(first, []).append((key, pattern, said))
    return out


def _read(text: str, buckets: dict, joined: bool) -> str | None:
    out: list[tuple[str, bool]] = []       # (text, whether it is a piece said in the other language)
    at = 0
    while at < len(text):
        found = None
        for key, pattern, said in buckets.get(text[at], ()):
            if pattern is not None:
                match = pattern.match(text, at)
                if match:
                    found = (match.end(), said.replace("{n}", match.group(1)), True)
                    break
            elif text.startswith(key, at) and not (key[-1].isascii() and key[-1].isalpha()
                                                   and text[at + len(key):at + len(key) + 1].isalpha()):
                found = (at + len(key), said, True)
                break
        if found is None:
            neutral = _NEUTRAL.match(text, at)
            if not neutral:
                return None
            found = (neutral.end(), neutral.group(), False)
        at = found[0]
        out.append(found[1:])
    # Pieces written together in Chinese (一般规则FAQ, 5.主教) stand apart in English.
    return "".join(part for part, _ in out) if joined else _join_words(out)


def _join_words(parts: list[tuple[str, bool]]) -> str:
    out = ""
    last_said = False
    for part, said in parts:
        if out and (said or last_said) and not out[-1].isspace() and not part[:1].isspace() \
                and part[:1] not in ".,:;)）、，：；-–" and out[-1] not in "(（☆-–":
            out += " "
        out += part
        last_said = said
    return out


def _punctuation(text: str, pairs) -> str:
    for old, new in pairs:
        text = text.replace(old, new)
    return text


def _spaced(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def place_rows(refs: list[tuple[dict, tuple[str, ...]]], translator: Translator, edition_of) \
        -> tuple[list[dict], list[str]]:
    """One row per place cited in a source (its text as the data writes it, then each
    language's), and the places that cannot be said in every language. A card's name is read in
    the source's edition, else in the one edition of everything that cites the place there (墓地
    is the classic Graveyard and the 2016 Necropolis), else in 2016's."""
    cited: dict[tuple[str, str], set[str]] = {}
    for ref, editions in refs:
        source = f"seed-{ref['seed']}" if "seed" in ref else str(ref.get("doc"))
        for place in split(ref.get("where")):
            cited.setdefault((source, place), set()).update(editions or ("classic", "2016"))
    rows: list[dict] = []
    problems: list[str] = []
    for (source, place), editions in cited.items():
        edition = edition_of(source) or (next(iter(editions)) if len(editions) == 1 else None)
        said = translator.say(place, edition)
        if said is None:
            problems.append(f"the place {place!r} (cited in {source}) has a piece data/places.toml does not translate")
            continue
        rows.append({"source": source, "place": place,
                     **{f"text_{lang.replace('-', '_').lower()}": said[lang] for lang in DATA_LANGS}})
    return rows, problems


def every_ref(node, editions: tuple[str, ...] = ()) -> list[tuple[dict, tuple[str, ...]]]:
    """Every citation of a source in the data (`{doc = …}` or `{seed = …}` with a `where`), with
    the editions of what cites it (an entry's `editions`, a card's edition)."""
    from referee.text import EDITIONS

    found: list[tuple[dict, tuple[str, ...]]] = []
    if isinstance(node, dict):
        if isinstance(node.get("editions"), list):
            editions = tuple(node["editions"])
        if "where" in node and ("doc" in node or "seed" in node):
            found.append((node, editions))
        for key, value in node.items():
            if isinstance(value, (dict, list)):
                found += every_ref(value, (key,) if key in EDITIONS and isinstance(value, dict) else editions)
    elif isinstance(node, list):
        for value in node:
            if isinstance(value, (dict, list)):
                found += every_ref(value, editions)
    return found
