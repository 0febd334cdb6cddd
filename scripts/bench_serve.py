"""How soon a recorded move reaches the phones (`referee table serve`), and whether the server
holds a game night.

1. `do`: a server (uvicorn, in a thread) runs in this process on a scratch tables file; a page's
   event stream is open; each `referee table do` of a random game's moves runs as its own command.
   Measured: the time from that command's start to the new view's arrival on the stream (the view
   often arrives before the command has finished printing), against the baseline timed in the
   same run: the command itself.
2. `taps` (issue 17 §6): `referee table serve --seats` as its own process on an 8-player table,
   the 8 seats' pages open (their event streams); the moves of a random game are made in turn by
   `referee table do` (the baseline) and by a tap (`POST <seat link>/act`, the move's own seat).
   Measured: from a tap's start until all 8 pages hold the new view; target median ≤ 1.0× and
   99th percentile ≤ 2× the median `do` of the same run.
3. `soak`: the same server with 8 seats and `--watchers` watch pages open for `--soak` seconds,
   while `--soak-moves` moves are made by taps (a game played forward; past its end, taken back
   by the table link's undo, and forward again). Checked: no move lost or doubled (the log is what
   was tapped), every page ends on the view its link shows now, /state.json equals `table show
   --json`, and the server's memory (its resident set) within 10 MB of what it was once the pages
   were open.

Run: .venv/bin/python scripts/bench_serve.py [--moves N] [--taps N] [--soak SECONDS] [--only do|taps|soak]
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
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="moves of the `do` part")
    parser.add_argument("--taps", type=int, default=60, help="moves of the `taps` part (half by do, half by taps)")
    parser.add_argument("--soak", type=float, default=300.0, help="seconds of the soak")
    parser.add_argument("--soak-moves", type=int, default=300)
    parser.add_argument("--watchers", type=int, default=30)
    parser.add_argument("--only", choices=["do", "taps", "soak"])
    args = parser.parse_args()
    if args.only in (None, "do"):
        bench_do(args)
    if args.only in (None, "taps"):
        print(bench_taps(args.taps))
    if args.only in (None, "soak"):
        print(soak(args.soak, args.soak_moves, args.watchers))


def bench_do(args) -> None:
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



# -- taps and the soak: `referee table serve` as its own process ----------------------------------------


class Page:
    """One open page: its event stream read in a thread; the views it has received."""

    def __init__(self, url: str):
        self.url = url
        self.views = 0
        self.html = None
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = urllib.request.urlopen(self.url + "events", timeout=600)
        for line in stream:
            if line.startswith(b"data: "):
                shown = json.loads(line[6:])
                with self.changed:
                    self.views += 1
                    self.html = shown["html"]
                    self.changed.notify_all()

    def wait_for(self, views: int, timeout: float = 30) -> None:
        with self.changed:
            if not self.changed.wait_for(lambda: self.views >= views, timeout):
                raise TimeoutError(f"{self.url}: {self.views} views, waited for {views}")

    def version(self) -> int | None:
        import re

        found = re.search(r'data-version="(\d+)"', self.html or "")
        return int(found.group(1)) if found else None


def _night(players: int = 8, seed: int = 1):
    """A scratch tables file with an 8-player table, its random game's moves as typed, and
    `referee table serve --seats --json` running on it: (env, moves, process, links)."""
    from referee.catalog.facts import rulebook
    from referee.dbbuild import register

    register()
    from tests.table.public import play_and_transcribe, typed_at_the_table

    tables = Path(tempfile.mkdtemp()) / "tables.db"
    env = {**os.environ, "REFEREE_TABLES": str(tables), "LANG": "C.UTF-8"}
    names = [f"P{i}" for i in range(players)]
    subprocess.run([sys.executable, "-m", "referee", "table", "new", "night", "--players", ",".join(names)],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    full, public = play_and_transcribe(rulebook("2016"), players, seed)
    moves = typed_at_the_table(rulebook("2016"), full, public)[1]
    server = subprocess.Popen([sys.executable, "-m", "referee", "table", "serve", "--host", "127.0.0.1", "--port", "0",
                               "--no-qr", "--seats", "--json", "--lang", "en"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    links = json.loads(server.stdout.readline())
    threading.Thread(target=server.stdout.read, daemon=True).start()      # the rest of what it prints
    return env, names, moves, server, links


def _tap(link: str, move: str, version: int) -> dict:
    request = urllib.request.Request(link + "act", data=json.dumps({"move": move, "version": version}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return {"status": error.code, **json.loads(error.read())}


def _link_of(move: str, names: list[str], links: dict) -> str:
    """The seat link of the move's player (`P3: gold`), else the table link."""
    actor = move.split(":", 1)[0].strip()
    return links["seats"].get(actor, links["table"])


def _memory(pid: int) -> int:
    """A process's resident set, in kB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def bench_taps(count: int) -> str:
    env, names, moves, server, links = _night()
    referee = [sys.executable, "-m", "referee", "table"]
    try:
        pages = [Page(url) for url in links["seats"].values()]
        for page in pages:
            page.wait_for(1)
        commands, taps = [], []
        for number, move in enumerate(moves[:count]):
            views = [page.views for page in pages]
            started = time.perf_counter()
            if number % 2 == 0:
                subprocess.run(referee + ["do", move], env=env, check=True, stdout=subprocess.DEVNULL)
                commands.append(time.perf_counter() - started)
            else:
                reply = _tap(_link_of(move, names, links), move, number)
                if not reply.get("recorded"):
                    raise SystemExit(f"tap {number} ({move}) not recorded: {reply}")
            for page, seen in zip(pages, views):
                page.wait_for(seen + 1)
            if number % 2:
                taps.append(time.perf_counter() - started)
    finally:
        server.send_signal(2)
        server.wait(10)
    command = statistics.median(commands)
    median, p99 = statistics.median(taps), statistics.quantiles(taps, n=100, method="inclusive")[98]
    return (f"baseline: referee table do, median of {len(commands)}: {command * 1000:.1f} ms\n"
            f"a tap recorded and on all {len(pages)} seats' pages: median {median * 1000:.1f} ms ({median / command:.2f}x, "
            f"target <= 1.0x), 99th percentile {p99 * 1000:.1f} ms ({p99 / command:.2f}x, target <= 2x), "
            f"slowest {max(taps) * 1000:.1f} ms")


def soak(seconds: float, count: int, watchers: int) -> str:
    env, names, moves, server, links = _night()
    try:
        pages = [Page(url) for url in links["seats"].values()] + [Page(links["watch"]) for _ in range(watchers)]
        for page in pages:
            page.wait_for(1)
        time.sleep(1)
        start_memory = _memory(server.pid)
        # Forward through the game, back by undo, forward again...: `count` taps, each against
        # the version the table is at (the log's length).
        plan, version, forward = [], 0, True
        while len(plan) < count:
            if forward and version < len(moves):
                plan.append((moves[version], version))
                version += 1
            elif version > 0:
                forward = False
                plan.append(("undo", version))
                version -= 1
            else:
                forward = True
            if version == len(moves):
                forward = False
        gap = seconds / max(1, len(plan))
        began = time.monotonic()
        largest = start_memory
        samples = []
        for number, (move, at) in enumerate(plan):
            if number % 50 == 0:
                samples.append(_memory(server.pid))
            link = links["table"] if move == "undo" else _link_of(move, names, links)
            reply = _tap(link, move, at)
            if not reply.get("recorded"):
                raise SystemExit(f"tap {number} ({move} at {at}) not recorded: {reply}")
            largest = max(largest, _memory(server.pid))
            time.sleep(max(0.0, began + gap * (number + 1) - time.monotonic()))
        time.sleep(1)                                              # the last pushes arrive
        end_memory = _memory(server.pid)
        logged = json.loads(subprocess.run([sys.executable, "-m", "referee", "table", "log", "--json"], env=env,
                                           check=True, capture_output=True, text=True).stdout)
        expected = moves[:version]
        lost_or_doubled = [m["move"] for m in logged] != [_canonical(m) for m in expected]
        shown = json.loads(subprocess.run([sys.executable, "-m", "referee", "table", "show", "--json"], env=env,
                                          check=True, capture_output=True, text=True).stdout)
        state = json.loads(urllib.request.urlopen(links["watch"] + "state.json", timeout=30).read())
        now = {url: urllib.request.urlopen(url + "view", timeout=30).read().decode("utf-8")
               for url in {page.url for page in pages}}
        stale_pages = sum(page.html != now[page.url] for page in pages)
    finally:
        server.send_signal(2)
        server.wait(10)
    return (f"soak: {len(plan)} taps over {time.monotonic() - began:.0f} s, {len(pages)} pages "
            f"(8 seats, {watchers} watchers): log {'WRONG' if lost_or_doubled else 'exact'} "
            f"({len(logged)} moves), pages not on the final view: {stale_pages}, /state.json "
            f"{'equals' if state == shown else 'DIFFERS from'} table show --json; server memory "
            f"{start_memory / 1024:.1f} MB at the start, {end_memory / 1024:.1f} MB at the end "
            f"({(end_memory - start_memory) / 1024:+.1f} MB, target within 10 MB; largest {largest / 1024:.1f} MB; "
            f"every 50 taps: {', '.join(f'{m / 1024:.1f}' for m in samples)} MB)")


def _canonical(move: str) -> str:
    """A typed move as the log keeps it (the notation's canonical form)."""
    return move


if __name__ == "__main__":
    main()
