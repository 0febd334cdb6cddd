"""A physical table's hidden selection: nobody types the secret picks, so who holds which
character is learnt only when its holder reveals it — with `reveal CH`, or by acting as it
(`Bob: rob Merchant` says that Bob is the Thief). Everything here uses only what the table
knows: the face-up discards, what was revealed, how many characters each player holds.

The flow (`flow.py`) asks `possibly_held()` when it calls a character nobody is known to hold:
if somebody may still hold it, the game waits for an answer (`state.awaiting`); a character
nobody answers for is passed over as soon as a later one is revealed. This module only answers
questions; the flow alone changes whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import holding, registry
from referee.engine.cards.common import format_names, parse_character
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move

if TYPE_CHECKING:
    from referee.engine.ops import Operations


def per_player(game: "Operations") -> int:
    """Characters each player holds in a round: two with 2 or 3 players, else one."""
    return holding.per_player(game.state)


def _faceup(game: "Operations") -> list[str]:
    draft = game.state.draft
    return draft.faceup if draft is not None else []


def open_seats(game: "Operations") -> list[int]:
    """The players who may still hold a character nobody has revealed."""
    return holding.open_seats(game.state)


def killed_acts(game: "Operations", seat: int) -> list:
    """The cards through which the killed character's holder, in `seat`, acts when it is called
    (the classic Hospital in his city)."""
    return [hook.__self__ for hook in game.hooks.killed_turn if game.owns(seat, hook.__self__.id)]


def killed_may_act(game: "Operations") -> bool:
    """A secret table: whether the killed character's unknown holder could act when it is called
    (a player who may hold it owns a Hospital), so the call waits for him."""
    return any(killed_acts(game, seat) for seat in open_seats(game))


def possibly_held(game: "Operations", character: str) -> bool:
    state = game.state
    return (state.secret and character in state.characters and character not in _faceup(game)
            and state.holder(character) is None and bool(open_seats(game)))


def pass_problem(game: "Operations", named) -> tuple | None:
    """Why the calls `named` cannot all be passed, or None: every player holds his characters
    (two each with 2 or 3 players, else one), so the players who have not shown them all must
    still find them among the characters not passed (`holding.py`); a pass that leaves too few
    is a holder who forgot to answer, not a card face down. Said as what to do: the call now
    answered by its holder, or fewer calls passed when the call now alone may be."""
    state = game.state
    if game.legacy_calls or state.awaiting is None or state.awaiting not in named:
        return None                       # (not the call now: `pass_not_called` says so)
    found = holding.pass_leaves_too_few(game.rb, state, named)
    if found is None:
        return None
    values = {"characters": list(named), "players": found["players"], "left": found["left"],
              "called": state.awaiting}
    alone = len(named) > 1 and holding.pass_leaves_too_few(game.rb, state, (state.awaiting,)) is None
    if alone:       # say how many may be passed: the most calls from the one now that leave enough
        allowed = next(list(named[:n]) for n in range(len(named) - 1, 0, -1)
                       if holding.pass_leaves_too_few(game.rb, state, tuple(named[:n])) is None)
        values["allowed"] = allowed
        values["ranks"] = " ".join(str(game.rb.characters[c].rank) for c in allowed)
    return ("pass_too_many" if alone else "pass_too_few", ("draft.procedure", "turn.calling-order"), values)


def reveal_problem(game: "Operations", seat: int, character: str, acting: bool = False) -> tuple | None:
    """Why the player in `seat` cannot be the one who reveals `character` now, or None."""
    state = game.state
    rb = game.rb
    name = state.players[seat].name
    if character not in state.characters:
        return ("not_in_set", (), {"character": character})
    if character in _faceup(game):
        return ("reveal_faceup", ("draft.procedure",), {"character": character})
    holder = state.holder(character)
    if holder is not None:
        if holder == seat:
            return None                                   # agrees with what is known
        turn = state.turn
        if acting and turn is not None and turn.character == character:
            # A move by another player in the middle of this turn: said as a turn, not a reveal.
            return ("others_turn", ("turn.calling-order",), {"player": state.players[holder].name,
                                                             "character": character, "actor": name})
        return ("reveal_taken", ("turn.calling-order",), {"character": character, "player": state.players[holder].name})
    if len(state.players[seat].characters) >= per_player(game):
        return ("reveal_all_known", ("draft.procedure",), {"player": name, "count": per_player(game)})
    if state.calling >= 10:                               # the round's end: only the killed character
        if character != state.marks.killed:
            return ("reveal_passed", ("turn.calling-order",), {"character": character})
        return None
    awaited = state.awaiting or (state.turn.character if state.turn else None)
    if character == state.marks.killed:
        if acting:
            return ("killed_no_turn", ("assassin.killed-loses-turn", "turn.calling-order"), {"character": character})
        if game.legacy_calls:
            return None                                   # (a log recorded when this was allowed)
        # The victim stays silent and skips his turn; only at the round's end does a killed
        # King's (Emperor's, Patrician's) holder show the card: never to pass a call.
        return ("killed_stays_hidden", ("assassin.killed-stays-hidden", "assassin.killed-loses-turn"),
                {"character": character})
    if awaited is not None and rb.characters[character].rank < rb.characters[awaited].rank:
        return ("reveal_passed", ("turn.calling-order",), {"character": character})
    return None


def turn_over(game: "Operations", seat: int, move: Move) -> tuple | None:
    """A move of a turn typed by a player whose turn is over (`end` typed twice): said as that,
    not as a reveal of the called character — or None. With one character each, any move that
    is not a character's own verb (`gold`, `build`, `end`); with two, only `end` (a `gold` may
    answer the call with his second character, but a turn never begins with its end)."""
    state = game.state
    player = state.players[seat]
    if not player.characters or move.verb == "reveal" or own_character(game, move) is not None:
        return None
    if len(player.characters) < per_player(game) and move.verb != "end":
        return None
    last = max(player.characters, key=lambda c: game.rb.characters[c].rank)
    if state.turn is not None and state.turn.character == last:
        return None                                   # his turn now (the Witch's resumed part)
    return ("turn_over", ("turn.calling-order",), {"player": player.name, "character": last})


def implied_character(game: "Operations", move: Move) -> str | None:
    """The character a move at a secret table reveals: the one named by `reveal`, the owner of a
    character's own verb (`kill` → the Assassin), else the character being called now."""
    if move.verb == "reveal":
        return move.args[0] if move.args else None
    own = own_character(game, move)
    if own is not None:
        return own
    state = game.state
    if state.turn is not None:
        return state.turn.character
    return state.awaiting


def own_character(game: "Operations", move: Move) -> str | None:
    """The character whose own verb `move` is (`kill` → the Assassin), or None (a basic move, a
    district's: it says nothing of who made it)."""
    found = registry.verb(move.verb)
    return found[1] if found is not None and found[1] in game.rb.characters else None


def unrevealed_seat(game: "Operations", move: Move) -> int | None:
    """The seat of a player acting with a character not yet known to be his, or None."""
    state = game.state
    if not state.secret or state.phase != "turns" or move.actor in game.rb.characters:
        return None
    seat = state.seat_of(move.actor)
    if seat is None or any(card.is_answer(move) for card in game.hooks.answers.values()):
        return None                                       # an answer out of turn reveals nothing
    character = implied_character(game, move)
    if character is None or state.holder(character) == seat:
        return None
    if state.turn is not None and state.turn.seat == seat and character == state.turn.character:
        return None                                       # his own part of this turn (the Witch resuming)
    if state.turn is not None and state.turn.seat == seat and move.verb != "reveal" \
            and registry.verb(move.verb) is not None and registry.verb(move.verb)[1] not in game.rb.characters:
        return None                                       # a basic move during his own turn
    return seat


def apply_reveal(game: "Operations", move: Move) -> None:
    """`reveal CH` by its holder: accepted when it agrees with what is known (the secret-table
    assignment happened before this, in the flow: `flow.reveal_at_secret_table`)."""
    state = game.state
    seat = state.seat_of(move.actor) if move.actor not in game.rb.characters else state.holder(move.actor)
    character = move.args[0]
    if seat is None or state.holder(character) != seat:
        raise IllegalMove("reveal_wrong", ("turn.calling-order",), character=character)


def recorded_reveal_problem(game: "Operations", move: Move) -> IllegalMove | None:
    """`reveal CH` in a round whose picks were recorded, at a tracked table: the referee calls
    and shows every held character itself, so a reveal is only a way to call a later one. A
    character already shown (its turn now or over) is refused, as typed twice at a secret table
    (it was a no-op the log kept and `undo` took back instead of the move meant), and so is the
    killed one during the round (its holder stays silent)."""
    state = game.state
    character = move.args[0] if move.args else None
    seat = state.seat_of(move.actor) if move.actor not in game.rb.characters else state.holder(move.actor)
    if character is None or seat is None or state.holder(character) != seat:
        return None                                       # apply_reveal says whose it is
    if character in state.revealed:
        return IllegalMove("reveal_again", ("turn.calling-order",), character=character,
                           player=state.players[seat].name)
    if character == state.marks.killed and state.calling < 10:
        return IllegalMove("killed_stays_hidden", ("assassin.killed-stays-hidden", "assassin.killed-loses-turn"),
                           character=character)
    return None


def parse_passed(notation, tail: str) -> tuple:
    """`pass`, `pass 2 3`, `跳過 盜賊、魔術師`: the characters whose calls nobody answers, in
    calling order (none named: the call now)."""
    from referee.engine.cards.common import by_rank, split_characters
    from referee.errors import RefereeError

    words = tail.replace(",", " ").replace("，", " ").replace("、", " ").split()
    if not words:
        return ()
    error = None
    for count in range(len(words), 0, -1):       # each word a character first (`pass 2 3`)
        try:
            return by_rank(notation, dict.fromkeys(split_characters(notation, tail, count)))
        except RefereeError as problem:
            error = error or problem
    notation.character(tail)                      # the closest names of a single unknown one
    raise error


def apply_pass(game: "Operations", move: Move) -> None:
    """Played by the flow (`flow.pass_calls`), which alone moves the calls on."""
    raise IllegalMove("pass_nothing", ("turn.calling-order",))


registry.register_verb(registry.Verb("reveal", ("翻開", "翻开", "亮出", "亮", "揭示", "亮牌"), parse_character, apply_reveal, None, format_names))
# A call nobody answers (its card lies face down, or its holder forgot to answer and the table
# agrees he has not got it) is passed by the table, explicitly: never inferred from a later move.
registry.register_verb(registry.Verb("pass", ("跳過", "跳过", "略過", "略过"), parse_passed, apply_pass, None, format_names))

# The refusals of the secret table; their texts are in the catalogs under `secret.refusal.<key>`.
REFUSALS = ("reveal_faceup", "reveal_taken", "reveal_all_known", "reveal_passed", "turn_not_over", "others_turn",
            "reveal_wrong", "killed_stays_hidden", "call_open", "call_held", "reveal_again", "pass_nothing",
            "pass_turn_open", "pass_not_called", "picks_secret", "pass_too_few", "pass_too_many", "turn_over")
