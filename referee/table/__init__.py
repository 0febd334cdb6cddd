"""The live table tracker: a game followed move by move at a real table.

store.py knows only SQLite (headers, move logs, a cached position); service.py replays a log
through the engine and records moves; cache.py keeps the position a log replays to (tagged
JSON), stamp.py the key that says when it is stale; setup.py checks a new table; hands.py the
hands shown at the score; situation_text.py writes a table as a situation file, which export.py
shares; view.py says what the host, each seat and a watcher may see. The faces
(`referee/cli/table_cmd.py`, `referee/web/`) sit on top. The move log is the truth: every
position is what it replays to (a cached one is used only while it is the log's).
"""
