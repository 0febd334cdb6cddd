"""The benchmarks of issue 17 §6 (scripts/bench_serve.py), run short: taps reach eight open pages,
and a soak with eight seats and watchers loses or doubles no move, leaves every page on the
final view and /state.json equal to `table show --json`. The figures themselves (5 minutes, 300
moves, 30 watchers) are measured by running the script."""

from __future__ import annotations

import importlib.util
import re

from tests.conftest import ROOT


def _bench():
    spec = importlib.util.spec_from_file_location("bench_serve", ROOT / "scripts" / "bench_serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_taps_reach_eight_pages():
    said = _bench().bench_taps(8)
    assert re.search(r"a tap recorded and on all 8 seats' pages: median [\d.]+ ms", said), said


def test_a_short_soak_loses_no_move_and_every_page_ends_on_the_final_view():
    said = _bench().soak(4.0, 24, 4)
    assert "24 taps" in said and "log exact" in said, said
    assert "pages not on the final view: 0," in said and "/state.json equals table show --json" in said, said
