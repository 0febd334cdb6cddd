"""Each test gets its own tables file (REFEREE_TABLES), so tests never share a game."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli


@pytest.fixture
def tables(tmp_path, monkeypatch):
    path = tmp_path / "tables.db"
    monkeypatch.setenv("REFEREE_TABLES", str(path))
    return path


@pytest.fixture
def table(tables):
    """Run `referee table ARGS…`; returns the completed process."""

    def run(*args: str, stdin: str = ""):      # never the terminal's stdin: `delete` would ask on it
        return run_cli("table", *args, stdin=stdin)

    return run


@pytest.fixture
def shown(table):
    def run(name: str | None = None) -> dict:
        args = ["show", "--json"] + (["--table", name] if name else [])
        result = table(*args)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    return run
