"""The phones' view of a tracked table (`referee table serve`): a page on the local network that
follows the table live, and, for a phone holding a key link, the moves it may tap. `page.py` and
`buttons.py` turn a position into HTML; `server.py` serves it and pushes a new view whenever the
tables file changes; `gate.py` checks the keys and `acting.py` records a tapped move through
`referee/table/`, as the commands do."""
