"""Instructions a whole command executes, counted by valgrind's callgrind: a figure that repeats
within a fraction of a per cent on a machine whose speed wanders from one second to the next,
where wall time cannot tell a 10 % change (the start-up benchmarks' `--instructions`,
`engine_instructions.py`). Children the command starts through `env` or a shell are counted too.
It counts work, not waiting: reading files the page cache already holds costs the same either way,
so it complements the timed runs and does not replace them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

_TOTAL = re.compile(r"^(?:totals|summary):\s*(\d+)", re.M)


def require_valgrind(script: str) -> None:
    if shutil.which("valgrind") is None:
        sys.exit(f"{script}: needs valgrind (apt-get install valgrind)")


def instructions(argv: list[str], env: dict) -> int:
    """The instructions `argv` executes (the sum over the processes it starts). The string hash
    seed is fixed: set order moves a count by a million instructions otherwise."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                        f"--callgrind-out-file={Path(folder) / 'out.%p'}", *argv],
                       env={**env, "PYTHONHASHSEED": "0"}, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return sum(int(_TOTAL.search(out.read_text()).group(1)) for out in Path(folder).glob("out.*"))
