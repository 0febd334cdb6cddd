"""Print a sheet's HTML to PDF with WeasyPrint, the one module that imports it (it loads pango
and its own fonts machinery: some hundreds of milliseconds no other command should pay)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from referee.errors import RefereeError


# A page that runs over (a long house rule, English on letter paper) is set again in smaller type,
# at most this much smaller: a player aid on one sheet of paper is the point.
SCALES = (1.0, 0.95, 0.9, 0.85)


def write_pdf(page: Callable[[float], str], target: Path, pages: int = 1) -> None:
    """Write the HTML `page(scale)` gives as PDF, in the largest type that keeps it to `pages`."""
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as error:     # OSError: the package is there, pango is not
        raise RefereeError.say("error.sheet.no_pdf", detail=" ".join(str(error).split())) from None
    for scale in SCALES:
        document = HTML(string=page(scale)).render()
        if len(document.pages) <= pages:
            break
    document.write_pdf(target)
