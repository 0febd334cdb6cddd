"""Print a sheet's HTML to PDF with WeasyPrint, the one module that imports it (it loads pango
and its own fonts machinery: some hundreds of milliseconds no other command should pay)."""

from __future__ import annotations

from pathlib import Path

from referee.errors import RefereeError


def write_pdf(html: str, target: Path) -> None:
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as error:     # OSError: the package is there, pango is not
        raise RefereeError(f"cannot write a PDF: WeasyPrint is not usable here ({' '.join(str(error).split())}); "
                           "see the README's set-up, or write -o FILE.html",
                           "無法產生 PDF：這台機器無法使用 WeasyPrint；請見 README 的安裝說明，或改寫 -o 檔名.html") from None
    HTML(string=html).write_pdf(target)
