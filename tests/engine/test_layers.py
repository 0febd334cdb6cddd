"""The engine's imports, read from the source with `ast`: every import counts — at the top of a
module, inside a function, under `if TYPE_CHECKING:` — since each is a dependency a reader
follows and a cycle waiting for the day it runs. The engine imports only itself, `referee.text`,
`referee.errors` and the standard library (it is handed a `Rulebook` of plain values); nothing
under the facade imports `Game`; the engine, the errors and the catalog form no cycle."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "referee"

# What the engine may import besides itself and the standard library, and why.
ENGINE_MAY_IMPORT = {
    "referee.text": "name keys and script tests shared by every layer",
    "referee.errors": "the typed errors of bad input (a name or a move that does not read)",
    "rapidfuzz": "the closest verb to a mistyped one (moves.py, loaded only then)",
}
# The modules above the facade that play a `Game` (the random player, the invariant checks).
ABOVE_THE_FACADE = {"referee.engine.game", "referee.engine.players", "referee.engine.invariants"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module `name` imports anywhere in its file: `from P import m` is module P.m when
    that is a module, else P."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    found.discard(name)
    return found


def _graph(prefixes: tuple[str, ...]) -> dict[str, set[str]]:
    modules = _modules()
    chosen = {n: p for n, p in modules.items() if n.startswith(prefixes)}
    return {n: {m for m in _imports(n, p, modules) if m.startswith(prefixes)} for n, p in chosen.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_engine_imports_only_itself_the_shared_text_and_the_standard_library():
    modules = _modules()
    wrong = []
    for name, path in sorted(modules.items()):
        if not name.startswith("referee.engine"):
            continue
        for imported in sorted(_imports(name, path, modules)):
            top = imported.partition(".")[0]
            if imported.startswith("referee.engine") or top in sys.stdlib_module_names or top == "__future__":
                continue
            if not any(imported == allowed or imported.startswith(allowed + ".") for allowed in ENGINE_MAY_IMPORT):
                wrong.append(f"{name} imports {imported}")
    assert wrong == []


def test_nothing_under_the_facade_imports_game():
    modules = _modules()
    importers = sorted(name for name, path in modules.items() if name.startswith("referee.engine")
                       and "referee.engine.game" in _imports(name, path, modules))
    assert set(importers) <= ABOVE_THE_FACADE, importers


def test_the_errors_and_the_shared_text_import_nothing_of_the_layers_above():
    modules = _modules()
    for name in ("referee.errors", "referee.text", "referee.chinese", "referee.messages"):
        above = {m for m in _imports(name, modules[name], modules) if m.startswith("referee")}
        assert above <= {"referee.text", "referee.chinese", "referee.messages"}, (name, above)


def test_the_catalog_never_imports_the_builder():
    modules = _modules()
    for name, path in modules.items():
        if name.startswith("referee.catalog"):
            assert "referee.dbbuild" not in _imports(name, path, modules), name


def test_no_import_cycle_in_the_engine():
    assert _cycles(_graph(("referee.engine",))) == []


def test_no_import_cycle_between_the_engine_the_errors_and_the_catalog():
    prefixes = ("referee.engine", "referee.errors", "referee.text", "referee.chinese", "referee.catalog",
                "referee.paths", "referee.dbbuild")
    assert _cycles(_graph(prefixes)) == []


def test_the_cycle_finder_finds_a_cycle():
    # The check above must be able to fail: a two-module loop and a longer one are found.
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c", "a"}, "f": set()}
    assert sorted(_cycles(graph)) == [["a", "b"], ["c", "d", "e"]]


# Card ids that a module outside the cards' own may spell, and why. Everything else a card does
# is in its module, reached through the registry's hooks.
CARD_IDS_ELSEWHERE = {
    ("referee.engine.state", "tax-collector"): "State.tax_pool, the situation files' and tracker's name for its slot",
    ("referee.engine.state", "bell-tower"): "State.bell_tower and first_bonus, likewise",
    ("referee.engine.casts", "queen"): "the default rank 9 where none is named",
    ("referee.engine.casts", "tax-collector"): "the default rank 9 where none is named",
    ("referee.engine.invariants", "quarry"): "the checks above the facade know the rules apart from the cards",
    ("referee.engine.invariants", "wizard"): "likewise",
    ("referee.engine.cards.basic", "keep"): "`keep`, a word of the draw notation, not the Keep",
    ("referee.engine.cards.rank8", "keep"): "the Keep's refusal key, reworded for a district taken",
}


def _card_ids() -> set[str]:
    folders = [PACKAGE / "engine" / "cards" / "characters", PACKAGE / "engine" / "cards" / "districts"]
    return {path.stem.replace("_", "-") for folder in folders for path in folder.glob("*.py")
            if path.stem not in ("__init__", "data_only")}


def test_no_card_id_outside_the_cards_own_modules():
    ids = _card_ids()
    assert {"theater", "queen", "seer", "bell-tower", "graveyard", "marshal"} <= ids
    found = set()
    for name, path in _modules().items():
        if not name.startswith("referee.engine") or name.startswith(("referee.engine.cards.characters.",
                                                                       "referee.engine.cards.districts.")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                found.add((name, node.value))
    assert found - set(CARD_IDS_ELSEWHERE) == set()
