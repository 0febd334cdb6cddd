"""The README's examples, run exactly as printed: a command followed by lines prints those lines
(a line starting `referee:` is the refusal on stderr, with exit 2); a command shown alone must
run and print something."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def examples() -> list[tuple[str, list[str]]]:
    found = []
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S):
        command, expected = None, []
        for line in block.splitlines() + [""]:
            if line.startswith("$ ") or not line.strip():
                if command:
                    found.append((command, expected))
                command, expected = (line[2:], []) if line.startswith("$ ") else (None, [])
            elif command:
                expected.append(line)
    return found


@pytest.mark.parametrize("command, expected", examples(), ids=[c[:60] for c, _ in examples()])
def test_readme_example(command, expected):
    argv = shlex.split(command, comments=True)
    assert argv[0] == "referee"
    env = {**os.environ, "LANG": "C.UTF-8", "COLUMNS": "80"}
    env.pop("LC_ALL", None)
    result = subprocess.run([sys.executable, "-m", "referee", *argv[1:]], capture_output=True, text=True, env=env,
                            cwd=ROOT)
    if expected and expected[0].startswith("referee: "):
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.splitlines() == expected
    elif expected:
        assert result.returncode == 0, result.stderr
        assert [line.rstrip() for line in result.stdout.splitlines()] == expected
    else:
        assert result.returncode == 0 and result.stdout.strip(), result.stderr


def test_the_readme_has_examples_with_output():
    assert sum(1 for _, expected in examples() if expected) >= 6
