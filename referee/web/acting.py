"""A move sent from a phone (`POST <link>/act`), recorded as `referee table do` records one.

The contract (docs/table.md): the request is JSON `{"move": "<notation>", "version": N}`, N the
length of the log the phone's view was made from; the answer is JSON `{"recorded": true|false,
"version": N, "said": "...", "reason": "..."}` in the link's language, `version` the log's length
after it. 403: a move of another seat from a seat's phone (or an undo from one); 409: the table
moved meanwhile (the version is checked inside the store's write transaction, so of two phones
tapping at once exactly one records); 422: a move unreadable or illegal. Nothing is recorded in
any of them. The table link acts for every seat and may send `undo`.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.web.gate import Link

UNDO = "undo"                    # what the table link sends to take back the last move


class Reply(NamedTuple):
    status: int
    recorded: bool
    version: int
    said: str = ""
    reason: str = ""

    def json(self) -> dict:
        return {"recorded": self.recorded, "version": self.version, "said": self.said, "reason": self.reason}


def source_of(link: Link) -> str:
    """Where a move from `link` came from, as the log keeps it (`Logged.source`)."""
    return "table" if link.is_table else f"seat:{link.seat}"


def act(tables, link: Link, body: object, lang: str | None, rulebook_for, names_for, announce=None) -> Reply:
    """Record the move in `body` (the request's JSON) for `link`; the reply in `lang` (None: the
    table's language). `announce(lang) -> callable(text)`: where the terminal that serves hears
    what a phone recorded, in its language (None: nowhere)."""
    from referee.errors import RefereeError
    from referee.say.table_text import table_language
    from referee.table import service
    from referee.table.store import Store
    from referee.web.page import word

    store = Store(tables)
    try:
        header = store.header(link.table)
        lang = lang or table_language(None, header)
        now = len(store.moves(link.table))
        if not isinstance(body, dict) or not isinstance(body.get("move"), str) or type(body.get("version")) is not int:
            return Reply(422, False, now, reason=word("act_unreadable", lang))
        text, version = body["move"].strip(), body["version"]
        local = names_for(header.edition, lang)
        try:
            if text.casefold() == UNDO:
                if not link.is_table:
                    return Reply(403, False, now, reason=word("act_no_undo", lang))
                tracked, undone = service.undo(store, link.table, 1, rulebook_for, expected_version=version)
                from referee.say.notation import said_in_turn, told

                from referee.table.view import WATCHER, hidden_notation, picks_hidden

                def undone_text(spoken: str) -> str:
                    if picks_hidden(header) and hidden_notation(undone[0].notation, header.players, WATCHER):
                        from referee.say.table_text import hidden_pick_text   # a pick taken back is still its own

                        hidden = hidden_pick_text(undone[0].notation, header, spoken)
                        return hidden if header.private else word("act_undone", spoken, move=hidden)
                    back = said_in_turn(tracked.game, [m.notation for m in undone], spoken, names_for(header.edition, spoken), say=told)
                    return word("act_undone", spoken, move=back[0])

                _announce(announce, header, link, lambda spoken: undone_text(spoken))
                return Reply(200, True, len(tracked.log), said=undone_text(lang))
            from referee.say.notation import names_as_set_up

            tracked, done, refused = service.record(
                store, link.table, [names_as_set_up(text, header.players)], rulebook_for,
                expected_version=version, source=source_of(link), seat=None if link.is_table else link.seat)
        except service.Stale as stale:
            return Reply(409, False, stale.version, reason=word("act_stale", lang))
        except service.NotYours:
            return Reply(403, False, now, reason=word("act_not_yours", lang, player=header.players[link.seat]))
        except RefereeError as error:                 # unreadable, or a log that no longer replays
            return Reply(422, False, now, reason=error.localized(lang, lambda n: local.get(n, n)))
        game = tracked.game
        if refused:
            return Reply(422, False, len(tracked.log), reason=_reason(refused, lang, local))
        from referee.table.view import SECRET_VERBS, picks_hidden

        picked = picks_hidden(header) and any(move.verb in SECRET_VERBS for _, move, _ in done)
        if not (header.private and picked):              # (a private pick is its phone's alone)
            # A pick from a phone at a table of recorded picks: the terminal that serves says
            # what `do` says of it ("Bob picks a character"), not which.
            _announce(announce, header, link,
                      lambda spoken: said_back(game, done, spoken, names_for(header.edition, spoken), unsaid=picked))
        return Reply(200, True, len(tracked.log), said=said_back(game, done, lang, local))
    finally:
        store.conn.close()


def _announce(announce, header, link: Link, text) -> None:
    """Tell the terminal that serves what a phone recorded: `text(lang)`, in the terminal's
    language, after where it came from."""
    if announce is None:
        return
    from referee.say.labels import parens
    from referee.say.table_text import source_text, table_language

    spoken, tell = announce(table_language(None, header))
    tell(text(spoken).replace("\n", " · ") + parens(source_text(source_of(link), header.players, spoken), spoken))


def said_back(game, done, lang: str, local: dict[str, str], unsaid: bool = False) -> str:
    """What the recorded moves did, as `table do` says it: the move, then its events
    (`unsaid`: a pick or face-down discard by its events alone, which do not name it)."""
    from referee.say.events import describe
    from referee.say.notation import told
    from referee.table.view import SECRET_VERBS

    lines = []
    for _, move, events in done:
        if not (unsaid and move.verb in SECRET_VERBS):
            lines.append(told(game, _by_player(game, move), lang, local))
        lines.extend(describe(event, lang, local) for event in events)
    return "\n".join(lines)


def _by_player(game, move):
    """A button's move names the character whose turn it is; said back, it names the player
    holding it, as the table would say it ("Ann: build Temple")."""
    seat = game.state.holder(move.actor) if move.actor in game.rb.characters else None
    return move if seat is None else type(move)(game.state.players[seat].name, move.verb, move.args)


def _reason(refused, lang: str, local: dict[str, str]) -> str:
    """Why the rules refuse the move, in `lang`, its card names in the table's edition."""
    from referee.refusals import reason
    from referee.say.labels import comma

    values = {k: local.get(v, v) if isinstance(v, str) else
              (comma(lang).join(local.get(x, x) for x in v) if isinstance(v, list) else v)
              for k, v in refused.error.values.items()}
    return reason(refused.error.key, values, lang)
