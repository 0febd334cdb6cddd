"""The phones' view of a tracked table (`referee table serve`): a read-only page on the local
network that follows the table live. `page.py` turns a position into HTML; `server.py` serves
it and pushes a new view whenever the tables file changes. Both sit around the tracker
(`referee/table/`) as the commands do; nothing here records a move."""
