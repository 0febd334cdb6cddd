"""The live table tracker: a game followed move by move at a real table.

store.py knows only SQLite (headers, move logs, a cached position); service.py replays a log
through the engine; the CLI (`referee/cli/table_cmd.py`) sits on top. The move log is the truth:
every position is what it replays to (a cached one is used only while it is the log's).
"""
