"""Compile the gettext catalogs: every referee/locale/<code>/LC_MESSAGES/referee.po into the
.mo files beside it, one for each part of its messages (referee.mo, referee-refusals.mo…: see
referee/messages.py, `part`), committed so that an install needs no Babel, after writing the .po
back in its normal form (entries sorted by key, one line per text), so that a hand edit in any
order and parallel branches merge cleanly.

    python scripts/compile_catalogs.py             # after editing a .po
    python scripts/compile_catalogs.py --check     # exit 1 if a .mo or a .po is not up to date

Needs Babel (the `test` extra).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))        # referee.messages says which part a message is in
LOCALES = ROOT / "referee" / "locale"


def read(po: Path):
    from babel.messages.pofile import read_po

    with po.open("rb") as fp:
        return read_po(fp, locale=po.parent.parent.name, domain="referee")


def po_bytes(catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_output=True, no_location=True, omit_header=False)
    return out.getvalue()


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def parts(catalog) -> dict[str, object]:
    """The catalog's messages by the domain that holds them (each with the catalog's header)."""
    from babel.messages.catalog import Catalog

    from referee.messages import PARTS, part

    found = {}
    for domain in PARTS:
        found[domain] = Catalog(locale=catalog.locale, domain=domain)
        found[domain].mime_headers = catalog.mime_headers
    for message in catalog:
        if message.id:
            found[part(message.id)][message.id] = message
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything is stale")
    parser.add_argument("--locales", type=Path, default=LOCALES)
    args = parser.parse_args()
    stale, left = [], []
    for po in sorted(args.locales.glob("*/LC_MESSAGES/referee.po")):
        catalog = read(po)
        written = [(po, po_bytes(catalog))]
        written += [(po.with_name(domain + ".mo"), mo_bytes(piece)) for domain, piece in parts(catalog).items()]
        for path, data in written:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path)
                if not args.check:
                    path.write_bytes(data)
        # A part renamed or merged away leaves its old .mo behind: gettext would never read it,
        # but it would ship in every install and mislead whoever looks in the folder.
        kept = {path for path, _ in written}
        for path in sorted(po.parent.glob("*.mo")):
            if path not in kept:
                left.append(path)
                if not args.check:
                    path.unlink()
    for path in stale:
        print(("stale: " if args.check else "wrote ") + str(path.relative_to(args.locales)))
    for path in left:
        print(("left over: " if args.check else "removed ") + str(path.relative_to(args.locales)))
    return 1 if args.check and (stale or left) else 0


if __name__ == "__main__":
    sys.exit(main())
