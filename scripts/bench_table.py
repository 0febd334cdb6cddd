"""`referee table do`, `show` and `moves` on games with a 150-move and a 2,000-move log: the
median wall time of one recorded move (then its undo, untimed, so the log keeps its length), of
a show and of the legal moves listed, each as a ratio against `python -c "import typer,
rich.console"` (limit 1.3× at both lengths: the median of each run's ratio to the baseline's run
of the same turn, every command run once in turn, 45 turns). They read the position
cached beside the log (an undo stores it too). Also `table new` (then deleted, untimed) and the
shell's completion of `table do` (the legal moves) and of `card`. The 2,000-move game is a
random one in which nobody builds while anything else is legal, so that it lasts.

    python scripts/bench_table.py [--runs 15] [--moves 150 2000]
    python scripts/bench_table.py --instructions   # counted by callgrind, once each (needs valgrind)

On a machine whose speed wanders, `--instructions` gives the same ratios as instructions
executed (scripts/callgrind.py): work, not waiting.
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


def timed(argv: list[str], env: dict, after: list[str] | None = None) -> float:
    """The wall time of one run of `argv`; then `after` (untimed: an undo, a delete)."""
    start = time.perf_counter()
    # check: a command that failed fast would time nothing worth timing
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    elapsed = time.perf_counter() - start
    if after:
        subprocess.run(after, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return elapsed


def _long_games():
    """Random players that build only when nothing else is legal: games that do not end."""
    import tests.table.public as public
    from referee.engine.players import choose_move

    def patient(game, legal, rng):
        other = [move for move in legal if move.verb != "build"]
        return choose_move(game, other or legal, rng)

    public.choose_move = patient


def prepared_table(env: dict, moves: int = 150, name: str = "bench") -> tuple[str, str]:
    """A 4-player table with `moves` recorded moves from a random game, and one more legal move."""
    from referee.catalog.facts import rulebook
    from referee.dbbuild import register

    register()
    import tests.table.public as public
    from referee.engine.players import choose_move

    if moves > 300:
        _long_games()
    try:
        referee = [sys.executable, "-m", "referee", "table"]
        subprocess.run(referee + ["new", name, "--players", "P0,P1,P2,P3"], env=env, check=True, stdout=subprocess.DEVNULL)
        for seed in range(1, 50):
            full, transcript = public.play_and_transcribe(rulebook("2016"), 4, seed, max_moves=moves * 2 + 100)
            lines = public.typed_at_the_table(rulebook("2016"), full, transcript)[1]
            if len(lines) > moves:
                break
        else:
            raise SystemExit(f"no random game of more than {moves} moves")
    finally:
        public.choose_move = choose_move
    result = subprocess.run(referee + ["do", *lines[:moves]], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"could not prepare the table: {result.stdout[-300:]} {result.stderr}")
    return lines[moves], name


def _count(baseline: list[str], commands: dict, env: dict) -> None:
    """Each command's instructions once (a `do` then undone, uncounted), against the baseline's."""
    from callgrind import instructions

    base = instructions(baseline, env)
    print(f"baseline (import typer, rich.console): {base / 1e6:.1f} M instructions")
    for label, (argv, after) in commands.items():
        count = instructions(argv, env)
        if after:
            subprocess.run(after, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
        print(f"{label:<40} {count / 1e6:7.1f} M  {count / base:5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--moves", type=int, nargs="+", default=[150, 2000], help="log lengths to time")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with valgrind instead of timing (once each)")
    args = parser.parse_args()
    if args.instructions:
        from callgrind import require_valgrind   # scripts/callgrind.py

        require_valgrind("bench_table")
    import compileall
    import referee as package

    compileall.compile_dir(os.path.dirname(package.__file__), quiet=1)
    results: dict[str, list[float]] = {}
    baselines = []
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "REFEREE_TABLES": str(Path(folder) / "tables.db")}
        subprocess.run([sys.executable, "-m", "referee", "card", "king"], stdout=subprocess.DEVNULL, env=env, check=True)
        commands = {}
        for count in args.moves:
            move, name = prepared_table(env, count, f"bench{count}")
            commands[f"referee table do ({count}-move log)"] = (
                [sys.executable, "-m", "referee", "table", "do", "--table", name, move],
                [sys.executable, "-m", "referee", "table", "undo", "--table", name])
            commands[f"referee table show ({count}-move log)"] = (
                [sys.executable, "-m", "referee", "table", "show", "--table", name], None)
            commands[f"referee table moves ({count}-move log)"] = (
                [sys.executable, "-m", "referee", "table", "moves", "--table", name], None)
            # A Tab after `referee table do --table NAME P`: the legal moves, as the shell asks.
            words = f"referee table do --table {name} P"
            commands[f"completion of do ({count}-move log)"] = (
                ["env", f"COMP_WORDS={words}", "COMP_CWORD=5", "_REFEREE_COMPLETE=complete_bash",
                 sys.executable, "-m", "referee"], None)
        # A new table (then deleted, untimed): the set-up, the tables file written, the first call.
        commands["referee table new (4 players)"] = (
            [sys.executable, "-m", "referee", "table", "new", "fresh", "--players", "Ann,Bob,Cid,Dan"],
            [sys.executable, "-m", "referee", "table", "delete", "fresh", "--yes"])
        commands["completion of card"] = (["env", "COMP_WORDS=referee card K", "COMP_CWORD=2",
                                           "_REFEREE_COMPLETE=complete_bash", sys.executable, "-m", "referee"], None)
        if args.instructions:
            _count(BASELINE, commands, env)
            return
        # One run of each in turn, `runs` x 3 times, each set against the baseline's run of the
        # same turn (the median of those ratios): each command's runs spread over the whole
        # measurement, not fifteen in a row, which a machine whose speed wanders from one second
        # to the next can catch in a slow spell (as bench_cli.py).
        for _ in range(3 * args.runs):
            baselines.append(timed(BASELINE, env))
            for label, (argv, after) in commands.items():
                results.setdefault(label, []).append(timed(argv, env, after=after))
    base = statistics.median(baselines)
    print(f"baseline (import typer, rich.console): {base * 1000:.1f} ms")
    for label, samples in results.items():
        ratio = statistics.median(a / b for a, b in zip(samples, baselines))
        print(f"{label:<40} {statistics.median(samples) * 1000:7.1f} ms  {ratio:5.2f}x")


if __name__ == "__main__":
    main()
