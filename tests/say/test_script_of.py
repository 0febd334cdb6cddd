"""Which Chinese script words are written in, for any character a player types — not only those
of the card data (週 of 週日) — without loading OpenCC."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_every_character_tells_its_script_without_opencc():
    probe = ("import sys; from referee.say.lang import script_of; "
             "print([script_of(w) for w in ('週日', '周日', '静香', '靜香', '小明', '鬱悶', '郁闷')]); "
             "print('opencc' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "['zh-Hant', None, 'zh-Hans', 'zh-Hant', None, 'zh-Hant', 'zh-Hans']", "False"]

