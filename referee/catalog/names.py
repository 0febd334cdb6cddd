"""Turn what a person typed into a card id: rank, exact alias in either script, then fuzzy.

Priorities come from the database build: 0 the edition's canonical names, 1 an alias meant for
this edition (or another edition's canonical name), 2 an alias from any source, 3 an alias that
means this card only in another edition. The best priority wins; a tie between different cards
at the best priority is an ambiguity the user must settle.
"""

from __future__ import annotations

import sqlite3

from referee.text import has_cjk, name_key, parse_rank  # noqa: F401 (parse_rank: re-exported)
from referee.errors import AmbiguousName, UnknownName


class Match:
    """A resolved name. (A plain class: a dataclass costs a millisecond at every start.)"""

    __slots__ = ("id", "kind", "how", "others")

    def __init__(self, id: str, kind: str, how: str, others: tuple[str, ...] = ()):
        self.id = id
        self.kind = kind
        self.how = how            # "rank", "exact", "converted", "fuzzy"
        self.others = others      # other cards the same words can mean

    def __repr__(self) -> str:
        return f"Match({self.id!r}, {self.kind!r}, {self.how!r}, {self.others!r})"


def _kinds(kind: str | None) -> tuple[str, ...]:
    return (kind,) if kind else ("character", "district")


def _exact(conn: sqlite3.Connection, key: str, edition: str, kinds: tuple[str, ...]) -> list[sqlite3.Row]:
    marks = ",".join("?" * len(kinds))
    return conn.execute(
        f"SELECT card_id, kind, priority FROM aliases WHERE key = ? AND edition = ? AND kind IN ({marks})"
        " ORDER BY priority",
        (key, edition, *kinds),
    ).fetchall()


def _pick(rows, in_play: frozenset[str] | None, what: str, text: str, how: str) -> Match:
    if in_play:
        playing = [r for r in rows if r["kind"] != "character" or r["card_id"] in in_play]
        rows = playing or rows
    best = rows[0]["priority"]
    top = sorted({r["card_id"] for r in rows if r["priority"] == best})
    if len(top) > 1:
        raise AmbiguousName(what, text, [_display_name(rows, card) for card in top])
    others = tuple(sorted({r["card_id"] for r in rows} - set(top)))
    return Match(top[0], rows[0]["kind"], how, others)


def _display_name(rows, card_id: str) -> str:
    """A card's English name for messages (ids are for files): `thieves-den` → `Thieves' Den`."""
    from referee.catalog.db import connect

    row = connect().execute("SELECT name FROM cards WHERE id = ?", (card_id,)).fetchone()
    return row[0] if row else card_id


def resolve(
    conn: sqlite3.Connection,
    text: str,
    edition: str,
    kind: str | None = None,
    in_play: frozenset[str] | None = None,
    fuzzy: bool = True,
) -> Match:
    """The card `text` names in `edition`; `in_play` is the character set at the table, which
    settles ranks and aliases shared by characters of different ranks."""
    what = kind or "card"
    kinds = _kinds(kind)
    rank = parse_rank(text) if "character" in kinds else None
    if rank is not None:
        return _by_rank(conn, rank, edition, in_play, text)
    key = name_key(text)
    rows = _exact(conn, key, edition, kinds)
    how = "exact"
    if not rows and has_cjk(text):
        from referee.chinese import to_simplified

        rows = _exact(conn, name_key(to_simplified(text)), edition, kinds)
        how = "converted"
    if rows:
        return _pick(rows, in_play, what, text, how)
    closest = closest_names(conn, text, edition, kinds)
    if fuzzy and closest and closest[0][1] >= 80 and (len(closest) == 1 or closest[1][1] < closest[0][1] - 5):
        return Match(closest[0][2], closest[0][3], "fuzzy")
    closest = closest[:10]
    raise UnknownName(what, text, [name for name, _, _, _ in closest], limit=5,
                      aliases=aliases_of(conn, closest, edition))


def aliases_of(conn, closest, edition: str) -> dict[str, list[str]]:
    """The names each card of `closest` (as closest_names gives them) goes by in `edition`, by
    the name it is offered under: an unknown name is offered the cards closest by any of them."""
    ids = {card_id: name for name, _, card_id, _ in closest}
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = conn.execute(f"SELECT DISTINCT card_id, text FROM aliases WHERE edition = ? AND card_id IN ({marks})",
                        (edition, *ids)).fetchall()
    aliases: dict[str, list[str]] = {}
    for card_id, alias in rows:
        aliases.setdefault(ids[card_id], []).append(alias)
    return aliases


def _by_rank(conn, rank: int, edition: str, in_play: frozenset[str] | None, text: str) -> Match:
    """The character of `rank` among those in play (default: the edition's standard set); when
    none of them has that rank, every character of the rank is a choice."""
    rows = conn.execute(
        "SELECT id, name FROM cards WHERE kind = 'character' AND edition = ? AND rank = ? ORDER BY id", (edition, rank)
    ).fetchall()
    names = {r["id"]: r["name"] for r in rows}
    if in_play is None:
        from referee.catalog.cards import standard_characters

        in_play = frozenset(standard_characters(conn, edition))
    chosen = [i for i in names if i in in_play] or list(names)
    if not chosen:
        raise UnknownName("character", text, [])
    if len(chosen) == 1:
        return Match(chosen[0], "character", "rank", tuple(i for i in names if i != chosen[0]))
    raise AmbiguousName(f"rank {rank} character", text, [names[i] for i in chosen])


def closest_names(conn, text: str, edition: str, kinds: tuple[str, ...]) -> list[tuple[str, float, str, str]]:
    """(display name, score, card id, kind) of the nearest names, one per card, best first."""
    from rapidfuzz import fuzz, process

    marks = ",".join("?" * len(kinds))
    rows = conn.execute(
        f"SELECT key, text, card_id, kind FROM aliases WHERE edition = ? AND kind IN ({marks})", (edition, *kinds)
    ).fetchall()
    query = name_key(text)
    if has_cjk(text):
        from referee.chinese import to_simplified

        query = name_key(to_simplified(text))
    scored = process.extract(query, [r["key"] for r in rows], scorer=fuzz.WRatio, limit=40)
    best: dict[str, tuple[str, float, str, str]] = {}
    names = dict(conn.execute("SELECT id, name FROM cards WHERE edition = ?", (edition,)).fetchall())
    for _, score, index in scored:
        row = rows[index]
        if row["card_id"] not in best:
            best[row["card_id"]] = (names.get(row["card_id"], row["text"]), score, row["card_id"], row["kind"])
    return sorted(best.values(), key=lambda item: -item[1])
