"""A cast's sheet (content.Sheet) as one page of HTML and CSS: a pure function, every text
escaped. The same page prints to PDF (pdf.py, through @page: the paper size and margins) and
shows on a phone (the viewport and a single column on a narrow screen), for `referee table
serve`'s /sheet."""

from __future__ import annotations

from html import escape

from referee.messages import text as said
from referee.sheet.content import Rule, Sheet

PAPER = {"a4": "A4", "letter": "letter"}          # CSS page sizes, by the --paper the command takes
# The CJK font of each script first (Debian: fonts-noto-cjk), so that a Han character shared by
# both scripts takes the form of the page's script; Latin text falls back through them.
FONTS = {"zh-Hant": '"Noto Sans CJK TC", "Noto Sans TC"', "zh-Hans": '"Noto Sans CJK SC", "Noto Sans SC"',
         "en": '"Noto Sans", "DejaVu Sans", "Noto Sans CJK TC"'}

CSS = """
@page { size: %(paper)s; margin: 9mm 11mm; }
* { box-sizing: border-box; }
body { margin: 0; color: #111; font-size: %(size).2fpt; line-height: 1.28; }
.page { break-after: page; }
.page:last-child { break-after: auto; }
header { display: flex; align-items: baseline; justify-content: space-between; gap: 1em;
         border-bottom: 1.4pt solid #111; padding-bottom: 2pt; margin-bottom: 5pt; }
h1 { font-size: 1.875em; margin: 0; }
header .sub { font-size: 1.19em; color: #333; text-align: right; }
h2 { font-size: 1.25em; margin: 6pt 0 2.5pt; padding: 1pt 4pt; background: #e9e4d8; border-radius: 2pt; }
table.cast { width: 100%%; border-collapse: collapse; }
table.cast td { vertical-align: top; padding: 2.2pt 3pt; border-bottom: 0.5pt solid #bbb; }
table.cast td.rank { width: 1.4em; text-align: center; font-weight: bold; font-size: 1.375em; }
table.cast td.name { width: 8.5em; font-weight: bold; }
.order { font-weight: bold; margin: 3pt 0 1pt; }
.cols { column-count: 3; column-gap: 9pt; }
.cols h2 { break-after: avoid; }
.cols p, .cols li { break-inside: avoid; }
p { margin: 0 0 2.5pt; }
p b { font-weight: bold; }
ul.uniques { list-style: none; margin: 0; padding: 0; }
ul.uniques li { margin: 0 0 2.5pt; }
.cost { color: #555; white-space: nowrap; }
@media screen and (max-width: 40em) {
  body { font-size: 12pt; margin: 0.6em; }
  .cols { column-count: 1; }
  header { display: block; } header .sub { text-align: left; }
}
"""


def _rule(rule: Rule, colon: str) -> str:
    if not rule.title:
        return f"<p><b>{escape(rule.text)}</b></p>"
    if not rule.text:
        return f"<p><b>{escape(rule.title)}</b></p>"
    return f"<p><b>{escape(rule.title)}</b>{escape(colon)}{escape(rule.text)}</p>"


def _page(sheet: Sheet) -> str:
    heads, colon = sheet.headings, said("punct.colon", sheet.lang)
    rows = "".join(f'<tr><td class="rank">{c.rank}</td><td class="name">{escape(c.name)}</td>'
                   f"<td>{escape(c.ability)}</td></tr>" for c in sheet.characters)
    left = (f"<h2>{escape(heads['round'])}</h2>"
            f'<p class="order">{escape(sheet.order)}</p>'
            + "".join(_rule(r, colon) for r in sheet.round)
            + f"<h2>{escape(heads['end'])}</h2>" + "".join(_rule(r, colon) for r in sheet.end)
            + f"<h2>{escape(heads['scoring'])}</h2>" + "".join(_rule(r, colon) for r in sheet.scoring))
    if sheet.house:
        left += f"<h2>{escape(heads['house'])}</h2>" + "".join(_rule(r, colon) for r in sheet.house)
    right = ""
    if sheet.uniques:
        # A cost of 0 is the data's stand-in for a card that is never built (the Secret Vault).
        items = "".join(f"<li><b>{escape(d.name)}</b>"
                        + (f'<span class="cost">{escape(d.cost_text)}</span>' if d.cost else "")
                        + f"{escape(colon)}{escape(d.effect)}</li>" for d in sheet.uniques)
        right = f'<h2>{escape(heads["uniques"])}</h2><ul class="uniques">{items}</ul>'
    return (f'<div class="page {sheet.lang}" lang="{escape(sheet.lang)}">'
            f'<header><h1>{escape(sheet.title)}</h1><div class="sub">{escape(sheet.subtitle)}</div></header>'
            f'<h2>{escape(heads["characters"])}</h2><table class="cast">{rows}</table>'
            f'<div class="cols">{left}{right}</div></div>')


FONT_SIZE = 8           # points, at scale 1: a cast of 9 and 14 unique districts fits one page


def sheet_html(sheets: list[Sheet], paper: str = "a4", scale: float = 1.0) -> str:
    """One page per sheet (the same cast in each script asked for), as a whole HTML document;
    `scale` shrinks the type (pdf.py's last resort for a page that would run over)."""
    first = sheets[0]
    fonts = "".join(f".{lang} {{ font-family: {family}, sans-serif; }}\n" for lang, family in FONTS.items())
    return ("<!DOCTYPE html>"
            f'<html lang="{escape(first.lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(first.title)} · {escape(first.subtitle)}</title>"
            f"<style>{CSS % {'paper': PAPER[paper], 'size': FONT_SIZE * scale}}{fonts}</style></head><body>"
            + "".join(_page(sheet) for sheet in sheets) + "</body></html>")
