"""`referee table do` and `referee table show` on a game with a 150-move log: the median wall
time of one recorded move (then its undo, untimed, so the log stays at 150) and of a show, each
as a ratio against `python -c "import typer, rich.console"` timed in the same run (target
≤ 1.3×). Both read the position cached beside the log (an undo stores it too).

    python scripts/bench_table.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BASELINE = [sys.executable, "-c", "import typer, rich.console"]


def timed(argv: list[str], env: dict, runs: int, after: list[str] | None = None) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        # check: a command that failed fast would time nothing worth timing
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
        samples.append(time.perf_counter() - start)
        if after:
            subprocess.run(after, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return statistics.median(samples)


def prepared_table(env: dict, moves: int = 150) -> tuple[str, str]:
    """A 4-player table with `moves` recorded moves from a random game, and one more legal move."""
    from referee.catalog.facts import rulebook
    from referee.dbbuild import register

    register()
    from tests.table.public import play_and_transcribe, typed_at_the_table

    referee = [sys.executable, "-m", "referee", "table"]
    subprocess.run(referee + ["new", "bench", "--players", "P0,P1,P2,P3"], env=env, check=True, stdout=subprocess.DEVNULL)
    for seed in range(1, 50):
        full, public = play_and_transcribe(rulebook("2016"), 4, seed)
        lines = typed_at_the_table(rulebook("2016"), full, public)[1]
        if len(lines) > moves:
            break
    result = subprocess.run(referee + ["do", *lines[:moves]], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"could not prepare the table: {result.stdout[-300:]} {result.stderr}")
    return lines[moves], "bench"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    import compileall
    import referee as package

    compileall.compile_dir(os.path.dirname(package.__file__), quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "REFEREE_TABLES": str(Path(folder) / "tables.db")}
        subprocess.run([sys.executable, "-m", "referee", "card", "king"], stdout=subprocess.DEVNULL, env=env, check=True)
        move, name = prepared_table(env)
        do = [sys.executable, "-m", "referee", "table", "do", move]
        undo = [sys.executable, "-m", "referee", "table", "undo"]
        show = [sys.executable, "-m", "referee", "table", "show"]
        baselines, dos, shows = [], [], []
        for _ in range(3):                 # interleaved, so that machine load affects all alike
            baselines.append(timed(BASELINE, env, args.runs))
            dos.append(timed(do, env, args.runs, after=undo))
            shows.append(timed(show, env, args.runs))
    base = statistics.median(baselines)
    print(f"baseline (import typer, rich.console): {base * 1000:.1f} ms")
    for label, samples in (("referee table do (150-move log)", dos), ("referee table show (150-move log)", shows)):
        value = statistics.median(samples)
        print(f"{label:<36} {value * 1000:7.1f} ms  {value / base:5.2f}x")


if __name__ == "__main__":
    main()
