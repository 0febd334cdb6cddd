"""Measure the FAQ search on the labelled queries in tests/search/queries-*.toml.

Prints top-1 and top-3 (the expected entry first / within the first three) overall and per
kind, then every miss with what came first. Usage: python scripts/search_quality.py [--db PATH]
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


def load_queries(folder: Path | None = None) -> list[dict]:
    folder = folder or ROOT / "tests" / "search"
    queries = []
    for path in sorted(folder.glob("queries-*.toml")):
        with path.open("rb") as handle:
            for query in tomllib.load(handle).get("query", []):
                query["file"] = path.name
                queries.append(query)
    return queries


def evaluate(conn: sqlite3.Connection, queries: list[dict]) -> dict:
    from referee.search.query import search

    per_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    misses = []
    for query in queries:
        hits = [h.id for h in search(conn, query["q"], top=3)]
        rank = hits.index(query["expect"]) + 1 if query["expect"] in hits else None
        for kind in ("all", query.get("kind", "?")):
            per_kind[kind][0] += 1
            per_kind[kind][1] += rank == 1
            per_kind[kind][2] += rank is not None
        if rank != 1:
            misses.append({**query, "rank": rank, "hits": hits})
    return {"per_kind": dict(per_kind), "misses": misses}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="database to use (default: build a fresh one in a temporary folder)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.db:
        path = Path(args.db)
    else:
        import tempfile

        from referee.dbbuild import build

        path = Path(tempfile.mkdtemp(prefix="referee-quality-")) / "referee.db"
        build(path)
    os.environ["REFEREE_DB"] = str(path)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    result = evaluate(conn, load_queries())
    print(f"{'kind':<10} {'n':>4} {'top-1':>8} {'top-3':>8}")
    order = ["all"] + sorted(k for k in result["per_kind"] if k != "all")
    for kind in order:
        n, one, three = result["per_kind"][kind]
        print(f"{kind:<10} {n:>4} {100 * one / n:>7.1f}% {100 * three / n:>7.1f}%")
    if result["misses"]:
        print(f"\nmisses ({len(result['misses'])}):")
        for miss in result["misses"]:
            rank = f"rank {miss['rank']}" if miss["rank"] else "not in top 3"
            print(f"  [{miss.get('kind', '?')}] {miss['q']!r}: expected {miss['expect']} ({rank}); got {', '.join(miss['hits'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
