"""Measure the search on labelled questions.

The tuning set is tests/search/queries-*.toml and the questions the search indexes
(faq/questions/*.toml: retired test sets, so the search has seen them). What it does with a
question it has never seen is measured two ways:
- --dev measures the development sets tests/search/dev_*.toml (tuning sets of their own, kept
  out of the test suite's floors: their misses are the work list);
- --held-out NAME rebuilds the database without faq/questions/NAME.toml and measures that set;
- --blind [SET] measures a blind set, tests/search/blind/SET.toml (default questions.toml; written by someone who
  never read faq/, labelled afterwards by others, never tuned on, never indexed): its misses are
  listed only with --misses, since looking at them would make it a tuning set. A query's `expect`
is one id or a list of acceptable ids (FAQ entry, rule or card). Prints top-1 and top-3 overall
and per kind (or language), then every miss with what came first.

Usage: python scripts/search_quality.py [--blind [SET] | --held-out NAME | --dev [NAME]] [--db PATH] [--misses]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TUNING = ROOT / "tests" / "search"
QUESTIONS = ROOT / "faq" / "questions"
BLIND = ROOT / "tests" / "search" / "blind" / "questions.toml"


def _load(path: Path) -> list[dict]:
    with path.open("rb") as handle:
        queries = tomllib.load(handle).get("query", [])
    for query in queries:
        query["file"] = path.name
        expect = query.get("expect", [])
        query["expect"] = [expect] if isinstance(expect, str) else list(expect)
        query.setdefault("kind", query.get("lang", "?"))
    return queries


def load_queries(folder: Path | None = None) -> list[dict]:
    """The tuning set: the test queries and the indexed questions."""
    paths = sorted((folder or TUNING).glob("queries-*.toml")) + sorted(QUESTIONS.glob("*.toml"))
    return [q for path in paths for q in _load(path) if q["expect"]]


def load_blind(path: Path | None = None) -> list[dict]:
    """The blind set: only its labelled questions."""
    return [q for q in _load(path or BLIND) if q["expect"]]


def rank_of(hits: list[str], expect: list[str]) -> int | None:
    return next((n for n, hit in enumerate(hits, 1) if hit in expect), None)


def current_ids(conn: sqlite3.Connection) -> dict[str, str]:
    """Old id → id, for entries and rules merged or renamed after a query was labelled."""
    return dict(conn.execute("SELECT alias, id FROM id_aliases WHERE kind IN ('faq', 'rule')"))


def restating(conn: sqlite3.Connection) -> dict[str, str]:
    """A FAQ entry → the rule it restates, and back: until they were told apart they shared an id
    (draft.eight-players), so a question labelled with it accepts either."""
    pairs = dict(conn.execute("SELECT id, restates FROM faq WHERE restates IS NOT NULL"))
    return {**pairs, **{rule: entry for entry, rule in pairs.items()}}


def evaluate(conn: sqlite3.Connection, queries: list[dict]) -> dict:
    from referee.search.query import EmptyQuery, search

    per_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    misses = []
    renamed = current_ids(conn)
    pairs = restating(conn)
    verdicts = verdicts_of(conn)
    opposite = 0
    for query in queries:
        expect = [renamed.get(e, e) for e in query["expect"]]
        query = {**query, "expect": expect + [pairs[e] for e in expect if e in pairs and pairs[e] not in expect]}
        try:
            hits = [h.id for h in search(conn, query["q"], top=3)]
        except EmptyQuery:
            hits = []
        rank = rank_of(hits, query["expect"])
        for kind in ("all", query.get("kind", "?")):
            per_kind[kind][0] += 1
            per_kind[kind][1] += rank == 1
            per_kind[kind][2] += rank is not None
        if rank != 1:
            misses.append({**query, "rank": rank, "hits": hits})
            first = verdicts.get(hits[0]) if hits else None
            # A wrong first hit that answers yes where every right answer with a verdict says no
            # (or the reverse) is worse than a miss: it tells the table the opposite.
            expected = {verdicts.get(e) for e in query["expect"]} - {None}
            if first and expected and first not in expected:
                opposite += 1
                misses[-1]["opposite"] = True
    return {"per_kind": dict(per_kind), "misses": misses, "opposite": opposite}


def verdicts_of(conn: sqlite3.Connection) -> dict[str, str]:
    """FAQ id → "yes" or "no" for the entries whose English answer opens with a verdict."""
    out = {}
    for entry_id, answer in conn.execute("SELECT id, a_en FROM faq"):
        head = (answer or "").split(".")[0].split(",")[0].strip().lower()
        if head in ("yes", "no"):
            out[entry_id] = head
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blind", nargs="?", const="questions", metavar="SET",
                        help="measure a blind set instead of the tuning set: tests/search/blind/SET.toml "
                             "(default: questions, the third set)")
    parser.add_argument("--misses", action="store_true",
                        help="list the misses (always for the tuning set; for the blind set only when asked)")
    parser.add_argument("--held-out", metavar="NAME",
                        help="measure faq/questions/NAME.toml on a database built without it")
    parser.add_argument("--dev", nargs="?", const="*", metavar="NAME",
                        help="measure the development sets, tests/search/dev_*.toml (NAME: only dev_NAME.toml)")
    parser.add_argument("--db", help="database to use (default: build a fresh one in a temporary folder)")
    args = parser.parse_args()
    if args.held_out and args.db:
        parser.error("--held-out builds its own database (without the set); leave out --db")
    if args.held_out and not (QUESTIONS / f"{args.held_out}.toml").is_file():
        parser.error(f"no question set {args.held_out!r}; there are: "
                     + ", ".join(p.stem for p in sorted(QUESTIONS.glob("*.toml"))))
    sys.path.insert(0, str(ROOT))
    if args.db:
        path = Path(args.db)
    else:
        import tempfile

        from referee.dbbuild import build, load_bundle

        path = Path(tempfile.mkdtemp(prefix="referee-quality-")) / "referee.db"
        build(path, load_bundle(held_out={args.held_out} if args.held_out else set()))
    os.environ["REFEREE_DB"] = str(path)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    if args.blind:
        blind = BLIND.parent / f"{args.blind}.toml"
        if not blind.is_file():
            parser.error(f"no blind set {args.blind!r}; there are: "
                         + ", ".join(p.stem for p in sorted(BLIND.parent.glob("*.toml"))))
        queries = load_blind(blind)
    elif args.held_out:
        queries = [q for q in _load(QUESTIONS / f"{args.held_out}.toml") if q["expect"]]
    elif args.dev:
        paths = sorted(TUNING.glob(f"dev_{args.dev}.toml"))
        if not paths:
            parser.error(f"no development set {args.dev!r}; there are: "
                         + ", ".join(p.stem[4:] for p in sorted(TUNING.glob("dev_*.toml"))))
        queries = [q for path in paths for q in _load(path) if q["expect"]]
    else:
        queries = load_queries()
    result = evaluate(conn, queries)
    print(f"{'kind':<10} {'n':>4} {'top-1':>8} {'top-3':>8}")
    order = ["all"] + sorted(k for k in result["per_kind"] if k != "all")
    for kind in order:
        n, one, three = result["per_kind"][kind]
        print(f"{kind:<10} {n:>4} {100 * one / n:>7.1f}% {100 * three / n:>7.1f}%")
    print(f"wrong first hits whose yes/no differs from the right answer's (at most this many mislead): {result['opposite']}")
    if result["misses"] and (args.misses or not args.blind):
        print(f"\nmisses ({len(result['misses'])}):")
        for miss in result["misses"]:
            rank = f"rank {miss['rank']}" if miss["rank"] else "not in top 3"
            flag = " YES/NO DIFFERS" if miss.get("opposite") else ""
            print(f"  [{miss.get('kind', '?')}]{flag} {miss['q']!r}: expected {' | '.join(miss['expect'])} ({rank});"
                  f" got {', '.join(miss['hits'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
