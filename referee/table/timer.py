"""A turn timer (seed 003's online rule, `referee table serve --timer`): how long the player whose
pick or turn it is has left. It only shows; it never acts.

The times: PICK seconds to pick a character (or discard), GATHER to gather once the turn begins,
ACT to build and use abilities once gathered; each ability used adds BONUS seconds, never leaving
more than ACT. The clock of a step starts when the move before it was recorded (the log keeps
each move's time, to the second).
"""

from __future__ import annotations

import time
from typing import NamedTuple

GATHER_VERBS = ("gold", "draw")
PLAIN_VERBS = GATHER_VERBS + ("build", "end", "reveal")     # not an ability: no time added


class Times(NamedTuple):
    pick: int = 45
    gather: int = 15
    act: int = 30
    bonus: int = 10

    def text(self) -> str:
        return f"{self.pick},{self.gather},{self.act}"


def parse_times(text: str) -> Times | None:
    """`PICK,GATHER,ACT` in seconds (each 1–3600), or None when it is not that."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 3 or not all(part.isdigit() and 1 <= int(part) <= 3600 for part in parts):
        return None
    return Times(*map(int, parts))


class Countdown(NamedTuple):
    player: str
    step: str                # pick, gather or act
    deadline: float          # seconds since the epoch


def countdown(tracked, times: Times) -> Countdown | None:
    """Whose clock runs now and until when; None when nobody's does (the table waits for a
    reveal, a decision, or the game is over)."""
    from referee.table import service

    game = tracked.game
    nxt = service.expected_next(game)
    log = tracked.log
    started = _epoch(log[-1].at) if log else _epoch(tracked.header.created)
    if nxt["kind"] in ("pick", "discard", "faceup"):
        return Countdown(nxt["player"], "pick", started + times.pick)
    if nxt["kind"] != "turn":
        return None
    if not nxt["gathered"]:
        return Countdown(nxt["player"], "gather", started + times.gather)
    # Since the gather: ACT seconds, and BONUS more for each ability used, never past ACT from then.
    history = tuple(getattr(game, "history", None) or ())
    offset = len(history) - len(log)
    turn = []
    for number in range(len(history) - 1, max(offset, 0) - 1, -1):
        step = history[number]
        turn.append((step.move.verb, _epoch(log[number - offset].at)))
        if step.move.verb in GATHER_VERBS:
            break
    if not turn or turn[-1][0] not in GATHER_VERBS:
        return Countdown(nxt["player"], "act", started + times.act)
    turn.reverse()
    deadline = turn[0][1] + times.act
    for verb, at in turn[1:]:
        if verb not in PLAIN_VERBS:
            deadline = min(deadline + times.bonus, at + times.act)
    return Countdown(nxt["player"], "act", deadline)


def _epoch(stamp: str) -> float:
    """A log's time (local, to the second) as seconds since the epoch."""
    try:
        return time.mktime(time.strptime(stamp, "%Y-%m-%d %H:%M:%S"))
    except (ValueError, OverflowError):
        return time.time()
