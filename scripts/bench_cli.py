"""Whole-command start-up benchmark: the median wall time of each `referee` command, and its ratio
to `python -c "import typer, rich.console"` (limit 1.3×: the median of each run's ratio to the
baseline's run of the same turn, every command run once in turn, 45 turns), each on a
short job (a page or so of output: rich draws a line in about 0.6 M instructions, so a command
that prints hundreds of lines costs that much more, whatever its start-up). The help pages are
rich's, drawn by typer: they are set against the help of a two-command typer app. The `table`
commands are in bench_table.py; `build-db` is the rebuild itself (seconds), not a start-up.

    python scripts/bench_cli.py [--runs 15]
    python scripts/bench_cli.py --instructions     # counted by callgrind, once each (needs valgrind)

On a machine whose speed wanders (the ratios of two timed runs minutes apart differing by a
third), `--instructions` gives the same ratios as instructions executed (scripts/callgrind.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASELINE = [sys.executable, "-c", "import typer, rich.console"]
EXAMPLES = Path(__file__).resolve().parent.parent / "tests" / "situations"     # copies of ../shared/examples
COMMANDS = {
    "referee card 軍閥": ["card", "軍閥"],
    "referee cards --json": ["cards", "--json"],
    "referee rules draft --players 5": ["rules", "draft", "--players", "5"],
    "referee faq 軍閥 主教": ["faq", "軍閥 主教"],
    # A situation played and ruled on (its moves, one refused), and a final position scored:
    # the engine, the situation's TOML and a page of output, all in start-up.
    "referee ask (example 01)": ["ask", str(EXAMPLES / "01-thief-robs-merchant.toml")],
    "referee ask (example 02, refused)": ["ask", str(EXAMPLES / "02-architect-build-limit.toml")],
    "referee score (example 03)": ["score", str(EXAMPLES / "03-final-score.toml")],
    "referee cards --rank 4": ["cards", "--rank", "4"],
    "referee sources": ["sources"],
    "referee sheet -o - (HTML)": ["sheet", "-o", "-"],
    # One random game (some 200 moves, unchecked) and its report: the engine's start-up and a game.
    "referee simulate --games 1 --no-check": ["simulate", "--games", "1", "--no-check"],
}
# A typer app of two commands, its help drawn as typer draws every help page (with rich).
TYPER_HELP = [sys.executable, "-c", "import typer; app = typer.Typer(help='Two commands.'); "
              "app.command()(lambda name: None); app.command('other')(lambda: None); app()", "--help"]
HELPS = {"referee --help": ["--help"], "referee card --help": ["card", "--help"]}


def timed(argv: list[str]) -> float:
    """The wall time of one run of `argv`."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with valgrind instead of timing (once each)")
    args = parser.parse_args()
    referee = [sys.executable, "-m", "referee"]
    # An installed package has its bytecode compiled at install time; an editable checkout gets
    # it on first import unless PYTHONDONTWRITEBYTECODE is set: compile it so runs compare alike.
    import compileall
    import referee as package

    compileall.compile_dir(os.path.dirname(package.__file__), quiet=1)
    subprocess.run(referee + ["card", "king"], stdout=subprocess.DEVNULL, check=True)  # build the database first
    if args.instructions:
        from callgrind import instructions, require_valgrind   # scripts/callgrind.py

        require_valgrind("bench_cli")
        base = instructions(BASELINE, dict(os.environ))
        print(f"baseline (import typer, rich.console): {base / 1e6:.1f} M instructions")
        for name, argv in COMMANDS.items():
            count = instructions(referee + argv, dict(os.environ))
            print(f"{name:<38} {count / 1e6:7.1f} M  {count / base:5.2f}x")
        helps = instructions(TYPER_HELP, dict(os.environ))
        print(f"a two-command typer app's --help: {helps / 1e6:.1f} M instructions ({helps / base:.2f}x the baseline)")
        for name, argv in HELPS.items():
            count = instructions(referee + argv, dict(os.environ))
            print(f"{name:<38} {count / 1e6:7.1f} M  {count / helps:5.2f}x of typer's")
        return
    # One run of each in turn, `runs` x 3 times: each command's runs are spread over the whole
    # measurement, as the baseline's are, and each is set against the baseline's run of the same
    # turn, a second or so before it (the median of those ratios). Fifteen runs of one command in
    # a row, then fifteen of the next, let a machine whose speed wanders from one second to the
    # next give two timed runs minutes apart ratios differing by a third.
    names = [*COMMANDS, *HELPS]
    argvs = {name: referee + argv for name, argv in {**COMMANDS, **HELPS}.items()}
    samples = {name: [] for name in [*names, "baseline", "typer help"]}
    for _ in range(3 * args.runs):
        samples["baseline"].append(timed(BASELINE))
        for name in COMMANDS:
            samples[name].append(timed(argvs[name]))
        samples["typer help"].append(timed(TYPER_HELP))
        for name in HELPS:
            samples[name].append(timed(argvs[name]))

    def ratio(name: str, against: str) -> float:
        return statistics.median(a / b for a, b in zip(samples[name], samples[against]))

    base = statistics.median(samples["baseline"])
    print(f"baseline (import typer, rich.console): {base * 1000:.1f} ms")
    for name in COMMANDS:
        value = statistics.median(samples[name])
        print(f"{name:<38} {value * 1000:7.1f} ms  {ratio(name, 'baseline'):5.2f}x")
    helps = statistics.median(samples["typer help"])
    print(f"a two-command typer app's --help: {helps * 1000:.1f} ms ({ratio('typer help', 'baseline'):.2f}x the baseline)")
    for name in HELPS:
        value = statistics.median(samples[name])
        print(f"{name:<38} {value * 1000:7.1f} ms  {ratio(name, 'typer help'):5.2f}x of typer's")


if __name__ == "__main__":
    main()
