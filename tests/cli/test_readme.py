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


def _json(text: str):
    import json

    return json.loads(text)


def _toml(text: str) -> dict:
    import tomllib

    return tomllib.loads(text)


# What each example shown without its output claims (its comment, or its command), checked on
# what it prints: an example added without output needs its claim here.
CLAIMS = {
    "referee card 主教 --edition classic --lang en":
        lambda out: out.splitlines()[0] == "Bishop" and "classic edition" in out,
    "referee cards --edition 2016 --rank 8 --json":
        lambda out: len(_json(out)) >= 3 and all(c["rank"] == 8 and c["edition"] == "2016" for c in _json(out))
        and {"warlord", "diplomat"} <= {c["id"] for c in _json(out)},
    "referee rules draft --players 3 --edition classic":
        lambda out: "How characters are chosen" in out.splitlines() and "draft.procedure" not in out,
    "referee faq 軍閥可以拆堡壘嗎":
        lambda out: out.startswith("1. 問：軍閥可以拆堡壘嗎") and "keep.rank-8" not in out and "答：不行" in out,
    'referee faq "how many cards do I start with" -n 1':
        lambda out: out.startswith("1. Rule: Starting hand and gold\n") and "2." not in out,
    "referee faq warlrod bishop killed --json":
        lambda out: _json(out)["hits"][0]["id"] == "bishop.warlord-cannot-destroy"
        and all(hit["kind"] in ("faq", "rule", "card") for hit in _json(out)["hits"]),
    "referee faq armory.completed-city":
        lambda out: out.startswith("Q: ") and "armory.completed-city" not in out and "Classic: yes" in out
        and "2016: no" in out,
    "referee ask tests/situations/01-thief-robs-merchant.toml":
        lambda out: "✓ 盜賊：偷 商人" in out and "✗" not in out,
    "referee ask --template 4":
        lambda out: len(_toml(out)["players"]) == 4 and "What happens" in out,       # LANG=C.UTF-8: English
    "referee simulate --games 20 --players 2-8 --edition both --seed 1":
        lambda out: out.startswith("20 games") and "2016" in out and "classic" in out,
    "referee rules casts --lang zh-Hant":
        lambda out: "狡猾密探" in out.splitlines() and "每個號碼只用一個角色" in out.splitlines()
        and "setup.one-character-per-rank" not in out,
    'referee sheet --characters "Cunning Agents" --lang zh-Hant -o -':
        lambda out: out.startswith("<!DOCTYPE html>") and 'lang="zh-Hant"' in out and "狡猾密探" in out,
    "referee rules editions --lang zh-Hant":
        lambda out: out.startswith("經典版與2016年版有什麼不同") and "出處" in out,
    "referee --version":
        lambda out: re.fullmatch(r"referee \d+\.\d+\.\d+\n", out) is not None,
}


def _claim(command: str):
    return CLAIMS.get(re.sub(r"\s+#.*$", "", command).strip())


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
        claim = _claim(command)
        assert claim is not None, f"say in CLAIMS what {command!r} shows"
        assert claim(result.stdout), result.stdout[:2000]


def test_the_readme_has_examples_with_output():
    assert sum(1 for _, expected in examples() if expected) >= 6
