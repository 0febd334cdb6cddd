"""Write into each FAQ entry whether the engine checks it, from the checks themselves.

The engine's checks of the FAQ live in tests/rulings/*.toml (`[[check]] faq = ID`, and
`[[skip]] faq = ID, why = ...` for an entry moves cannot decide). The database is built from
data/ and faq/ only, so each entry carries the result as one line after its `cards`:

    engine = "checked"                        # at least one check names the entry
    engine = "cannot decide: WHY"             # a skip names it (and no check does)

and no line at all for an entry nobody has asked yet. Run this after adding checks or skips;
tests/rulings/test_rulings_data.py fails while the lines and the checks disagree.

    python scripts/faq_engine_marks.py            # rewrite the lines in faq/*.toml
    python scripts/faq_engine_marks.py --check    # only say which entries disagree (exit 1)
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = "checked"
CANNOT = "cannot decide: "


def wanted_marks(rulings: Path = ROOT / "tests" / "rulings") -> dict[str, str]:
    """FAQ id -> the `engine` value the checks call for."""
    checked: set[str] = set()
    skipped: dict[str, str] = {}
    for path in sorted(rulings.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        checked.update(c["faq"] for c in data.get("check", []))
        for skip in data.get("skip", []):
            skipped.setdefault(skip["faq"], " ".join(skip["why"].split()))
    marks = {entry: CANNOT + why for entry, why in skipped.items()}
    marks.update({entry: CHECKED for entry in checked})
    return marks


def _line(value: str) -> str:
    # A JSON string with the characters as they are is a valid TOML basic string.
    return f"engine = {json.dumps(value, ensure_ascii=False)}\n"


def marked(text: str, marks: dict[str, str]) -> str:
    """`text` (one faq/*.toml file) with every entry's `engine` line as `marks` says."""
    out: list[str] = []
    entry_id: str | None = None
    in_entry = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("[["):
            in_entry = stripped == "[[entry]]"
            entry_id = None
        elif in_entry and stripped.startswith("engine ="):
            continue                                   # replaced below
        elif in_entry and stripped.startswith("id =") and entry_id is None:
            entry_id = tomllib.loads(stripped)["id"]
        out.append(line)
        if in_entry and stripped.startswith("cards =") and entry_id in marks:
            out.append(_line(marks[entry_id]))
    return "".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report disagreements, change nothing")
    args = parser.parse_args()
    marks = wanted_marks()
    changed = []
    for path in sorted((ROOT / "faq").glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        new = marked(text, marks)
        if new != text:
            changed.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    known = {e["id"] for p in (ROOT / "faq").glob("*.toml")
             for e in tomllib.loads(p.read_text(encoding="utf-8")).get("entry", [])}
    for unknown in sorted(set(marks) - known):
        print(f"no FAQ entry {unknown} (named in tests/rulings)", file=sys.stderr)
    if changed:
        print(("out of date: " if args.check else "updated: ") + ", ".join(changed))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
