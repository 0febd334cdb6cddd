"""A reader that leaves early (`referee cards | head -3`) is no failure of the command: it stops
writing and exits 0, with nothing on stderr — whether rich's console, typer around the command,
or the final flush meets the closed pipe. A refusal still exits 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SITUATION = ROOT / "tests" / "situations" / "01-thief-robs-merchant.toml"


def _with_reader_gone(*args: str) -> subprocess.CompletedProcess:
    """Run `referee args` with its stdout a pipe whose reading end is closed before it writes."""
    process = subprocess.Popen([sys.executable, "-m", "referee", *args], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()              # every write the command makes meets a closed pipe
    error = process.stderr.read().decode()
    process.stderr.close()
    return subprocess.CompletedProcess(args, process.wait(), "", error)


@pytest.mark.parametrize("args", [
    ("faq", "刺客殺國王", "--top", "2"),     # rich's console meets it inside the command
    ("cards", "--json"),                     # a plain write, inside the command (typer's EPIPE exit)
    ("ask", str(SITUATION)),
    ("--help",),                             # typer's own console
])
def test_a_reader_that_leaves_is_not_a_failure(args):
    result = _with_reader_gone(*args)
    assert (result.returncode, result.stderr) == (0, "")


def test_a_refusal_still_exits_2_with_its_line():
    result = _with_reader_gone("card", "Zzzqx")
    assert result.returncode == 2
    assert result.stderr.startswith("referee: ") and "Zzzqx" in result.stderr
