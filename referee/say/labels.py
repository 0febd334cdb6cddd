"""Interface words (the catalog's `label.*`; not rules: those live in data/) and the punctuation
between them, in the player's language."""

from __future__ import annotations

from referee import messages as catalog
from referee.text import EDITIONS, edition_name


def label(key: str, lang: str) -> str:
    """The catalog's `label.<key>` (an edition id: its name); a key without a label is shown as is."""
    if key in EDITIONS:
        return edition_name(key, lang)
    found = catalog.text("label." + key, lang)
    return key if found == "label." + key else found


def colon(lang: str) -> str:
    """`Winner: Ann`, `勝者：小明`: Chinese takes the full-width colon and no space."""
    return catalog.text("punct.colon", lang)


def comma(lang: str) -> str:
    """Items of a list: `Temple, Castle`, `神殿、城堡`."""
    return catalog.text("punct.comma", lang)


def clause(lang: str) -> str:
    """Between the parts of a sentence: `Thief, rank 2`, `盜賊，2 號`."""
    return catalog.text("punct.clause", lang)


def semicolon(lang: str) -> str:
    """Between the parts of a list whose parts have commas: `A (x, y); B`, `A（x、y）；B`."""
    return catalog.text("punct.semicolon", lang)


def parens(text: str, lang: str) -> str:
    return catalog.text("punct.parens", lang, text=text)


def winners_line(names: list[str], rule: str, lang: str) -> str:
    """`Winner: Ann (tie-break: …)`: the winners after the tie-break, and which rule decided
    ('score', or a tie-break's name; `still tied` when it did not separate them)."""
    tie = "" if rule == "score" else f"{label('tie_break', lang)}{colon(lang)}{label('tie.' + rule, lang)}"
    if rule not in ("score", "shared") and len(names) > 1:
        tie += semicolon(lang) + label("tie_stands", lang)      # the tie-break did not separate them
    return f"{label('winner', lang)}{colon(lang)}{comma(lang).join(names)}" + (parens(tie, lang) if tie else "")



def standing_line(results: list[dict], lang: str) -> str:
    """A game not over names no winner (the tie-break reads the last round, which has not come):
    who leads now, `Leading: Ann`, `Tied for the lead: Ann, Bob`, or that everyone is tied."""
    best = max(r["score"] for r in results)
    leaders = [r["name"] for r in results if r["score"] == best]
    if len(leaders) == len(results):
        return catalog.text("table.all_tied", lang).format(score=best)
    return f"{label('leading' if len(leaders) == 1 else 'tied_for_lead', lang)}{colon(lang)}{comma(lang).join(leaders)}"
