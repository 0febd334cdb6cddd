"""How soon a recorded move reaches the phones (`referee table serve`).

A server (uvicorn, in a thread) runs in this process on a scratch tables file; a page's event stream is open; each
`referee table do` of a random game's moves runs as its own command. Measured: the time from
that command's start to the new view's arrival on the stream (the view often arrives before the
command has finished printing), against the baseline timed in the same run: the command itself.
Run: .venv/bin/python scripts/bench_serve.py [--moves N]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()

    from referee.catalog.facts import rulebook
    from referee.dbbuild import register

    register()
    from referee.cli.table_cmd import _local
    from referee.web import server as web
    from referee.web.hub import POLL_SECONDS
    from tests.table.public import play_and_transcribe, typed_at_the_table

    tables = Path(tempfile.mkdtemp()) / "tables.db"
    env = {**os.environ, "REFEREE_TABLES": str(tables), "LANG": "C.UTF-8"}
    referee = [sys.executable, "-m", "referee", "table"]
    subprocess.run(referee + ["new", "bench", "--players", "P0,P1,P2,P3"], env=env, check=True, stdout=subprocess.DEVNULL)
    full, public = play_and_transcribe(rulebook("2016"), 4, 1)
    moves = typed_at_the_table(rulebook("2016"), full, public)[1][:args.moves]

    hub = web.Hub(tables, None, "en", rulebook, _local)
    server = web.make_server(hub, "127.0.0.1", 0)
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    arrivals: queue.Queue[float] = queue.Queue()
    while not server.started():
        time.sleep(0.01)

    def listen() -> None:
        stream = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/events", timeout=30)
        for line in stream:
            if line.startswith(b"data: "):
                json.loads(line[6:])
                arrivals.put(time.perf_counter())

    threading.Thread(target=listen, daemon=True).start()
    arrivals.get(timeout=30)                                  # the first view, before any move
    commands, latencies = [], []
    for move in moves:
        started = time.perf_counter()
        subprocess.run(referee + ["do", move], env=env, check=True, stdout=subprocess.DEVNULL)
        done = time.perf_counter()
        arrived = arrivals.get(timeout=30)
        commands.append(done - started)
        latencies.append(arrived - started)
    server.stop()
    serving.join(10)
    server.close()
    command = statistics.median(commands)
    median, p99 = statistics.median(latencies), statistics.quantiles(latencies, n=100)[98]
    print(f"baseline: referee table do, median of {len(moves)}: {command * 1000:.1f} ms")
    print(f"a move on the phones after do starts: median {median * 1000:.1f} ms ({median / command:.2f}x), "
          f"99th percentile {p99 * 1000:.1f} ms ({p99 / command:.2f}x), slowest {max(latencies) * 1000:.1f} ms "
          f"({max(latencies) / command:.2f}x); the watcher asks every {POLL_SECONDS * 1000:.0f} ms")


if __name__ == "__main__":
    main()
