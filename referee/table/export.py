"""Share a tracked game: a situation file that replays to the same position (`referee ask`
reads it), or the log as JSON."""

from __future__ import annotations

from referee.errors import RefereeError, Typed
from referee.table.store import Store


def exported(store: Store, name: str, fmt: str) -> str | dict:
    """The table `name` as `fmt`: "toml" (a situation file's text) or "json" (the log)."""
    header = store.header(name)
    logged = store.moves(name)
    if fmt == "json":
        return {"table": name, "edition": header.edition, "language": header.lang or None, "players": header.players,
                "variants": header.variants, "start": header.start, "moves": [{"seq": m.seq, "round": m.round, "move": m.notation, "at": m.at}
                                                 for m in logged]}
    if fmt == "toml":
        from referee.table.situation_text import with_history

        return with_history(header.start, [m.notation for m in logged], header.lang)
    raise RefereeError.say("error.table.format_choose_toml_json", fmt=Typed(fmt))
