"""Quick entry for `referee score`: `-p "Ann: Temple, Castle; gold 3; hand 2; crown"` (or
`-p "小明：神殿，瞭望塔；金幣 3"`) turned into the situation data a file would give, so that the
same reader checks both."""

from __future__ import annotations

import re
import unicodedata

from referee.errors import BadSituation, Inner, Said, Typed

# Quick-entry keywords in the three languages: what a player types after the city.
_KEYWORDS = {
    "gold": "gold", "金幣": "gold", "金币": "gold", "錢": "gold", "钱": "gold",
    "hand": "hand", "手牌": "hand",
    "cards": "cards", "card": "cards", "牌": "cards",
    "crown": "crown", "皇冠": "crown",
    "character": "character", "characters": "character", "角色": "character",
}
_LIST = re.compile(r"\s*[,，、]\s*")
# A district with the cards under it (the Museum): `Museum 3`, `Museum (3)`, `博物館3`, `博物館（3）`
# (full-width brackets are read after NFKC as `(3)`).
_STORED = r"(\D+?)\s*(?:\(\s*([0-9]+)\s*\)|([0-9]+))"      # compiled by `re` on first use
MAX_DIGITS = 4   # no count in a game reaches 10000; a longer number is a typing slip


def _number(text: str, what: str, entry: str) -> int:
    if not re.fullmatch(r"[0-9]{1,%d}" % MAX_DIGITS, text):
        raise BadSituation.say("error.quick_entry.player_takes_whole_number", entry=Typed(entry), what=what, text=Typed(text))
    return int(text)


def _keyword(part: str) -> tuple[str, str]:
    """(keyword, the rest) of one part: `gold 3`, `金幣 3` or `金幣3` (Chinese needs no space)."""
    lowered = part.lower()
    for word in sorted(_KEYWORDS, key=len, reverse=True):
        if lowered.startswith(word) and (len(part) == len(word) or part[len(word)].isspace() or not word.isascii()):
            return part[:len(word)], part[len(word):]
    head, _, rest = part.partition(" ")
    return head, rest


def _district(text: str) -> str | dict:
    """A district of the city as typed; with a number after it, the cards under it (a situation
    file's `{ name = "Museum", stored = 3 }`, which the reader allows for the Museum alone)."""
    found = re.fullmatch(_STORED, text)
    if not found:
        return text
    return {"name": found.group(1).strip(), "stored": int(found.group(2) or found.group(3))}


def quick_entry(players: list[str], first: str | None, edition: str) -> dict:
    """Turn `-p "Ann: Temple, Castle; gold 3; hand 2; crown"` options (or `小明：神殿，瞭望塔；金幣 3`)
    into situation data; the situation reader then checks it like a file."""
    data: dict = {"edition": edition, "table": {}, "players": []}
    for entry in players:
        text = unicodedata.normalize("NFKC", entry)     # full-width ：；，４ as typed on a Chinese keyboard
        name, sep, rest = text.partition(":")
        if not sep:
            raise BadSituation.say("error.quick_entry.player_write_as_name", entry=Typed(entry))
        parts = [p.strip() for p in rest.split(";")]
        player = {"name": name.strip(), "city": [_district(c) for c in _LIST.split(parts[0].strip()) if c]}
        given: set[str] = set()
        for extra in parts[1:]:
            if not extra:
                continue
            word, value = _keyword(extra)
            keyword = _KEYWORDS.get(word.lower())
            value = value.strip()
            if keyword is None:
                from rapidfuzz import process

                close = process.extractOne(word, list(_KEYWORDS))
                hint = Said("error.quick_entry.did_you_mean", word=close[0]) if close and close[1] >= 60 else ""
                raise BadSituation.say("error.quick_entry.unknown_part", entry=Typed(entry), extra=Typed(extra), hint=hint)
            if keyword in given or (keyword in ("hand", "cards") and {"hand", "cards"} & given):
                raise BadSituation.say("error.quick_entry.player_given_twice", entry=Typed(entry), word=Typed(word))
            given.add(keyword)
            if keyword == "crown":
                if value:
                    raise BadSituation.say("error.quick_entry.player_crown_takes_nothing", entry=Typed(entry), value=Typed(value))
                if "crown" in data["table"]:
                    raise BadSituation.say("error.quick_entry.player_crown_already_with", entry=Typed(entry), crown=data['table']['crown'])
                data["table"]["crown"] = player["name"]
            elif keyword == "gold":
                player["gold"] = _number(value, word, entry)
            elif keyword == "hand" and not re.fullmatch(r"[0-9]+", value) and value:
                player["hand"] = [c for c in _LIST.split(value) if c]     # 手牌 祕密金庫
            elif keyword == "hand":
                count = _number(value, word, entry)
                player["hand"] = ["?"] * min(count, 1000)   # the file reader refuses more than the deck
            elif not value:
                raise BadSituation.say("error.quick_entry.player_needs_names_after", entry=Typed(entry), word=Typed(word))
            elif keyword == "cards":
                player["hand"] = [c for c in _LIST.split(value) if c]
            else:
                player["characters"] = [c for c in _LIST.split(value) if c]
        data["players"].append(player)
    if first is not None:
        data["table"]["first_complete"] = first
    return data


def as_quick_entry(error: BadSituation, entries: list[str]) -> BadSituation:
    """A file reader's refusal in the words of the command line that produced the data."""
    def rewrite(message: str) -> str:
        message = re.sub(r"players\[(\d+)\](\.\w+)?", lambda m: f"--player {entries[int(m.group(1))]!r}", message)
        return (message.replace("table.first_complete", "--first").replace("table.crown", "crown")
                .replace("table.bell_tower", "--bell-tower"))

    class Rewritten:
        def render(self, lang: str) -> str:
            return rewrite(Inner(error).render(lang))

    return BadSituation.say("error.as_typed", line=Rewritten())
