"""What a phone that acts shows besides the position: what happens next, said to its reader, and
the moves it may make now as buttons, grouped as a player thinks of a turn (choose a character;
answer what is asked out of turn; reveal; gather; build; the character's ability; end).

Each button carries the move in the canonical notation (`data-move`), which the page's script
sends to `act` with the version of the view it was shown on; its label is the move in the
page's language (`say/notation.py`). A group with many choices (a build from a hand the table
does not know, a kill among every rank) is a list to choose from and one button.
"""

from __future__ import annotations

from html import escape

from referee import messages as catalog
from referee.say.notation import is_whole
from referee.web.gate import Link

_BUTTONS_AT_MOST = 8             # more choices than this in one group: a list and one button

# The groups in the order a turn goes, and the verbs each holds (any other verb: the ability).
_GROUPS = (("answer", ()), ("choose", ("pick", "discard", "faceup")), ("reveal", ("reveal",)),
           ("gather", ("gold", "draw")), ("build", ("build",)), ("ability", ()), ("end", ("end",)))


def table_waits(game, nxt: dict, lang: str, local: dict[str, str]) -> str:
    """What the table waits for, as the phones say it (`nxt`: `service.expected_next`): the
    table's own sentence, but the face-up discards said for the reader, not in the notation."""
    from referee.say.table_text import next_text

    if nxt["kind"] == "faceup":
        return word("next_faceup" if nxt["secret"] else "next_faceup_picks", lang, player=nxt["player"])
    return next_text(game, lang, local) or ""


def reader_next(game, lang: str, local: dict[str, str], link: Link) -> str:
    """What happens next, said to the person holding the phone ("Your turn: gather, then build
    or use your ability"); the table link, and a seat whose turn it is not, read the table's
    own sentence."""
    from referee.table import service

    nxt = service.expected_next(game)
    kind = nxt["kind"]
    table_says = table_waits(game, nxt, lang, local)
    if link.is_table:
        return table_says
    me = game.state.players[link.seat].name
    if kind == "reveal":
        return word("your_reveal", lang, character=local.get(nxt["character"], nxt["character"]), rank=nxt["rank"])
    if nxt.get("player") != me:
        return table_says
    if kind == "turn":
        key = "your_end" if nxt.get("finished") else "your_act" if nxt["gathered"] else "your_gather"
        return word(key, lang,
                    character=local.get(nxt["character"], nxt["character"]))
    if kind in ("pick", "discard") and nxt["secret"]:
        return table_says                        # picked from the cards, never typed nor tapped
    if kind in ("pick", "discard", "faceup"):
        return word("your_" + kind, lang)
    if kind == "decision":
        return word("your_answer", lang, card=local.get(nxt["card"], nxt["card"]))
    return table_says


def actions(tracked, lang: str, local: dict[str, str], link: Link) -> str:
    """The moves `link` may make now, as buttons (the table link: every seat's, and undo)."""
    game = tracked.game
    state = game.state
    moves = [] if state.phase == "over" else _legal(game)
    if not link.is_table:
        moves = [(seat, move) for seat, move in moves if seat == link.seat]
    elif tracked.header.private:                 # the picks are each seat's own, on its own phone
        from referee.table.view import SECRET_VERBS

        moves = [(seat, move) for seat, move in moves if move.verb not in SECRET_VERBS]
    pending = state.pending.seat if state.pending is not None else None
    parts = []
    if link.is_table:
        parts.append(f'<h2>{escape(word("table_link", lang))}</h2>')
        if tracked.log:
            parts.append(f'<p class="buttons"><button type="button" class="undo" data-move="undo">{escape(word("undo", lang))}</button></p>')
        for seat, player in enumerate(state.players):
            theirs = [move for s, move in moves if s == seat]
            if theirs:
                acting = seat == pending or (state.turn is not None and state.turn.seat == seat)
                parts.append(f'<details class="seat"{" open" if acting else ""}><summary>{escape(player.name)}</summary>'
                             f'{_groups(game, theirs, seat == pending, lang, local)}</details>')
    else:
        parts.append(f'<h2>{escape(word("you_play", lang, player=state.players[link.seat].name))}</h2>')
        mine = [move for _, move in moves]
        parts.append(_groups(game, mine, link.seat == pending, lang, local) if mine
                     else f'<p class="idle">{escape(word("nothing_to_do", lang))}</p>')
    return f'<section class="moves">{"".join(parts)}</section>'


_last: tuple = (None, [])        # (game, its legal moves with their seats): the last position asked


def _legal(game) -> list:
    """The legal moves now, each with the seat that makes it, worked out once per position for
    all the pages that show it (the server renders them one after another, from one `Game`
    per version): at a secret selection each reveal is tried by playing it, eight seats' pages
    would try each eight times."""
    from referee.say.notation import shown
    from referee.table import service

    global _last
    if _last[0] is not game:
        # A choice too large to list (the Magician's redraws of a big hand) comes whole: one group.
        _last = (game, [(service.seat_of(game, move), move) for move in shown(game.legal_moves())])
    return _last[1]


def _groups(game, moves: list, answering: bool, lang: str, local: dict[str, str]) -> str:
    grouped: dict[str, list] = {name: [] for name, _ in _GROUPS}
    for move in moves:
        grouped[_group_of(move.verb, answering)].append(move)
    out = []
    for name, found in grouped.items():
        if not found:
            continue
        out.append(f'<div class="group {name}"><h3>{escape(word("group_" + name, lang))}</h3>')
        wholes = [_whole(game, part, lang, local) for part in found if is_whole(part)]
        choices = [(game.format(move), _label(game, move, lang, local)) for move in found if not is_whole(move)]
        if choices and len(choices) <= _BUTTONS_AT_MOST:
            out.append('<p class="buttons">' + "".join(
                f'<button type="button" data-move="{escape(value)}">{escape(shown)}</button>' for value, shown in choices) + '</p>')
        elif choices:
            options = f'<option value="" selected disabled>{escape(word("choose", lang))}</option>' + "".join(
                f'<option value="{escape(value)}">{escape(shown)}</option>' for value, shown in choices)
            out.append(f'<form class="choose"><select name="move" aria-label="{escape(word("group_" + name, lang))}">{options}'
                       f'</select> <button type="submit">{escape(word("do_it", lang))}</button></form>')
        out.extend(wholes)
        out.append('</div>')
    return "".join(out)


def _whole(game, part, lang: str, local: dict[str, str]) -> str:
    """A choice too large to list (the Magician's redraw of a big hand: up to 2**n moves) as one
    form: a box to tick for each card of the hand and one button; the page's script sends the
    move of the ticked cards (`data-whole`: the move without them, `Magician: redraw`)."""
    from referee.say.notation import whole_head

    boxes = "".join(f'<label class="card"><input type="checkbox" value="{escape(game.rb.name(card))}"> '
                    f'{escape(local.get(card) or game.rb.name(card))}</label>' for card in part.cards())
    return (f'<form class="whole" data-whole="{escape(whole_head(game, part, "en", {}))}">'
            f'<p>{escape(word(part.verb + "_any", lang, count=part.hand_size))}</p><p class="cards">{boxes}</p>'
            f'<button type="submit">{escape(word("do_it", lang))}</button></form>')


def word(key: str, lang: str, **values) -> str:
    """The catalog's `page.<key>` (the words of the phones' pages only), filled in; `page.py`
    says them through this one."""
    return catalog.text("page." + key, lang).format(**values)


def _group_of(verb: str, answering: bool) -> str:
    if answering:
        return "answer"
    return next((name for name, verbs in _GROUPS if verb in verbs), "ability")


def _label(game, move, lang: str, local: dict[str, str]) -> str:
    """The move in the page's language without its actor (the page already says whose it is)."""
    from referee.engine.state import UNKNOWN
    from referee.say.notation import said

    if move.verb == "redraw" and all(card == UNKNOWN for card in move.args):
        return word("redraw_unknown", lang, count=len(move.args))    # cards the table does not know: short
    text = said(game, move, lang, local)
    for colon in (": ", "："):
        actor, found, body = text.partition(colon)
        if found and ":" not in actor and "：" not in actor:
            return body
    return text
