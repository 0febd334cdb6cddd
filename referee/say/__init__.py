"""The words both faces say — the terminal (`referee/cli/`) and the phones (`referee/web/`):
which language to answer in (lang.py), interface labels (labels.py), engine events as sentences
(events.py), a move said back in the player's words (notation.py) and what a tracked table says
(table_text.py). Nothing here prints or serves: the faces put these words on their screens."""
