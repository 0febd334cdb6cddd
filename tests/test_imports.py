"""The import rule holds (pyproject.toml, [tool.importlinter]): each floor imports only the
floors under it — the terminal may start the phones' server, never the reverse — and no package's
modules import each other in a cycle, counting imports inside functions."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from tests.conftest import ROOT


def test_the_import_contracts_are_kept():
    result = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
                             "--no-cache"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_every_part_of_the_package_has_a_floor():
    """A new package or top-level module is placed on a floor, not left outside the rule."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    floors = next(c for c in config["contracts"] if c["id"] == "floors")["layers"]
    placed = {name.strip() for layer in floors for name in layer.replace(":", "|").split("|")}
    parts = {f"referee.{p.stem if p.suffix == '.py' else p.name}" for p in (ROOT / "referee").iterdir()
             if (p.suffix == ".py" or (p / "__init__.py").exists()) and p.stem not in ("__init__", "__main__")}
    assert parts - placed == set()
