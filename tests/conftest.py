"""Shared fixtures: one database built from data/ and faq/ for the whole run (subprocesses of
the CLI inherit it through REFEREE_DB), and helpers to run situations in process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def database(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "referee.db"
    os.environ["REFEREE_DB"] = str(path)
    from referee.dbbuild import build

    build(path)
    return path


@pytest.fixture(scope="session")
def conn(database):
    from referee.catalog.db import connect

    return connect()


@pytest.fixture(scope="session")
def rulebooks(database):
    from referee.catalog.facts import rulebook

    return {"2016": rulebook("2016"), "classic": rulebook("classic")}


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True,
                          input=stdin, env={**os.environ, "LANG": "C.UTF-8"}, cwd=ROOT)


def run_in_process(*argv: str, stdin: str | bytes = "") -> tuple[int, str, str]:
    """One command line run in this process (the way `referee` runs it, without a subprocess):
    its exit status, standard output and standard error; `stdin` as text or as raw bytes."""
    import contextlib
    import io

    from referee.cli.app import run as run_command

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    raw = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8")
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_command(list(argv))
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def assert_refused_unless_listed(game, move, legal) -> None:
    """`apply` accepts `move` only if `legal_moves()` listed it (`legal`), and a refusal leaves
    the state untouched; an accepted move is undone, restoring the exact state."""
    from referee.engine import IllegalMove

    before = game.state.copy()
    try:
        game.apply(move)
    except IllegalMove:
        assert game.state == before
        return
    game.undo()
    assert game.state == before
    assert move in legal, f"{game.format(move)} applies but legal_moves() omits it"


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def situation(rulebooks):
    """Run a situation given as TOML text; returns the ask report (JSON shape)."""
    from referee.cli.ask_cmd import rule_on_moves
    from referee.situation import edition_of, load, read_text

    def run(text: str, lang: str = "en") -> dict:
        data = read_text(text)
        return rule_on_moves(load(data, rulebooks[edition_of(data)]), lang)

    return run
