"""Time the FAQ search.

1. Whole command in a fresh process: the median of repeated `referee faq 軍閥 主教` runs, as a
   ratio against `python -c "import typer, rich.console"` timed in the same run (interleaved,
   so both see the same machine load); `referee card 軍閥` alongside for comparison.
2. In process: the median (and slowest) time of one search over the labelled queries in
   tests/search/queries-*.toml, faq/questions/ and the blind set, on a warm connection.

Usage: python scripts/bench_faq.py [--runs N] [--db PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERY = ["軍閥 主教"]   # the words of `referee faq 軍閥 主教`, as one argument


def timed(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode(errors='replace').strip()}")
    return elapsed


def whole_command(runs: int, env: dict) -> dict[str, float]:
    commands = {
        "baseline": [sys.executable, "-c", "import typer, rich.console"],
        "faq": [sys.executable, "-m", "referee", "faq", *QUERY],
        "card": [sys.executable, "-m", "referee", "card", "軍閥"],
    }
    for cmd in commands.values():   # warm the file cache and build the database if needed
        timed(cmd, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(timed(cmd, env))
    return {name: statistics.median(values) for name, values in times.items()}


def in_process(db: Path, repeat: int = 5) -> tuple[float, float, int]:
    import sqlite3

    sys.path.insert(0, str(ROOT / "scripts"))
    from search_quality import load_blind, load_queries

    from referee.search.query import search

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    queries = [q["q"] for q in load_queries() + load_blind()]
    search(conn, queries[0])   # first use imports rapidfuzz
    per_query = []
    for text in queries:
        samples = []
        for _ in range(repeat):
            start = time.perf_counter()
            search(conn, text, 3)
            samples.append(time.perf_counter() - start)
        per_query.append(statistics.median(samples))
    return statistics.median(per_query), max(per_query), len(queries)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="fresh-process runs per command (default 15)")
    parser.add_argument("--db", help="database to use (default: the project's, built if stale)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    env = dict(os.environ, LANG="C.UTF-8")
    if args.db:
        env["REFEREE_DB"] = args.db
        os.environ["REFEREE_DB"] = args.db
    from referee.catalog.db import ensure_db
    from referee.dbbuild import register

    register()

    # An installed package has its bytecode; with PYTHONDONTWRITEBYTECODE set, every fresh process
    # would compile the sources again and time the compiler, not the command.
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)
    db = ensure_db()
    medians = whole_command(args.runs, env)
    base = medians["baseline"]
    print(f"fresh process, median of {args.runs} (interleaved):")
    print(f"  python -c 'import typer, rich.console'  {1000 * base:7.1f} ms  1.00x")
    print(f"  referee faq {' '.join(QUERY):<26}  {1000 * medians['faq']:7.1f} ms  {medians['faq'] / base:.2f}x")
    print(f"  referee card 軍閥                      {1000 * medians['card']:7.1f} ms  {medians['card'] / base:.2f}x")
    median, slowest, count = in_process(db)
    print(f"in process, {count} questions: median {1000 * median:.2f} ms, slowest {1000 * slowest:.2f} ms per search")
    return 0


if __name__ == "__main__":
    sys.exit(main())
