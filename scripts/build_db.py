"""Build referee.db from data/ and faq/ (the CLI also does this by itself when needed).

    python scripts/build_db.py [PATH]
"""

from __future__ import annotations

import sys
from pathlib import Path

from referee.dbbuild import build

if __name__ == "__main__":
    target = build(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
    print(target)
