"""The flow: the one module that decides when a turn, a round, a phase or the game ends
(boardgame.io's `endIf`). Moves only change the position; after each one, `settle()` looks at it
and moves the game on: the selection done → the turns; a turn ended → its end-of-turn effects,
the next character called; nobody left → the round's end, the next selection or the final
scores.

Split turns (the Witch): a card may split a character's turn into parts played one after the
other (`Turn.then`). A `partial` part ends without the end-of-turn effects, which come once, at
the end of the part that completes the turn; the next part begins at once (`turn.resume`), before
the next character is called. The Witch's own first part is partial and has no `then`: her turn
continues only when the bewitched character is called (its holder's part has `then` = hers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import draft, secret, turn as turns
from referee.engine.moves import Move
from referee.engine.scoring import scores, winners
from referee.engine.state import Marks, Turn

if TYPE_CHECKING:
    from referee.engine.game import Game


def settle(game: "Game") -> None:
    state = game.state
    if state.pending is not None and state.pending.required:
        return                             # nothing moves on until the decision is made
    if state.phase == "draft" and state.draft is not None and not state.draft.order:
        draft.finish(game)
        start_turns(game)
    elif state.phase == "turns" and state.turn is not None and state.turn.ended:
        end_turn(game)
    elif state.phase == "turns" and state.turn is None and state.calling == 10 and state.awaiting is None:
        close_round(game)                  # a decision at the round's end has been made
    elif state.phase == "turns" and state.turn is None and state.awaiting is None:
        call_next(game)                    # a killed character's action (the Hospital) is done


def start_turns(game: "Game") -> None:
    state = game.state
    state.phase = "turns"
    state.calling = 0
    state.turn = None
    call_next(game)


def call_next(game: "Game") -> None:
    """Call characters in rank order; the next one held and alive takes a turn."""
    state = game.state
    for rank, character in _calling_order(game.rb, state.characters):
        if rank <= state.calling:
            continue
        seat = state.holder(character)
        # (state.secret first: nobody is possibly_held elsewhere, and this runs for every rank.)
        if seat is None and state.secret and secret.possibly_held(game, character) and (
                character != state.marks.killed or secret.killed_may_act(game)):
            state.calling, state.turn, state.awaiting = rank, None, character
            return                         # a secret table: wait for its holder to answer (or act, killed)
        if seat is None:
            continue
        if character == state.marks.killed:
            if _killed_turn(game, character, seat):
                state.calling = rank       # its holder acts (a required pending) before the next call
                state.turn = None
                return
            continue
        state.calling = rank
        state.turn = Turn(character, seat)
        turns.reveal(game)
        return
    state.calling = 10
    state.turn = None
    end_round(game)


# (rulebook id, cast) -> (rulebook, [(rank, character)] in calling order): the cast is fixed at
# set-up, and call_next runs at every turn's end.
_ORDER: dict[tuple, tuple] = {}


def _calling_order(rb, characters: tuple[str, ...]) -> list[tuple[int, str]]:
    if type(characters) is not tuple:
        characters = tuple(characters)
    key = (id(rb), characters)
    found = _ORDER.get(key)
    if found is None or found[0] is not rb:
        if len(_ORDER) > 256:
            _ORDER.clear()
        by_rank = {rb.characters[c].rank: c for c in characters}
        found = _ORDER[key] = (rb, [(rank, by_rank[rank]) for rank in range(1, 10) if rank in by_rank])
    return found[1]


def _killed_turn(game: "Game", character: str, seat: int) -> bool:
    """Whether a card (the classic Hospital) gives the killed character's holder an action now."""
    for hook in game.hooks.killed_turn:
        if hook(game, character, seat):
            return True
    return False


def end_turn(game: "Game") -> None:
    """The current turn's end-of-turn effects, then the next part of a split turn, or the next
    character."""
    state = game.state
    turn = state.turn
    if not turn.partial:
        for hook in game.hooks.on_turn_end:
            hook(game, turn.seat)
    state.pending = None
    game.event("turn_ended", character=turn.character)
    if turn.then is not None:
        state.turn = turn.then
        turns.resume(game)
        return
    call_next(game)


def advance_to(game: "Game", move: Move) -> None:
    """At a table, a move by a character later in calling order ends the current turn first
    (spec §1: the moves in between were not described, so the duty to gather is not enforced on
    them). A dealt game plays every turn, and there such a move is simply not due yet."""
    if not game.table:
        return
    state = game.state
    character = game.acting_character(move)
    if character is None or state.turn is None or character == state.turn.character:
        return
    following = state.turn.then
    if following is not None and character == following.acting:
        end_turn(game)         # the part that follows is this player's (the Witch resuming)
        return
    target = game.rb.characters[character].rank
    if target <= game.rb.characters[state.turn.character].rank:
        return   # an earlier character: turn.apply refuses it with the reason
    while state.turn is not None and game.rb.characters[state.turn.character].rank < target:
        if not game.implicit_ends and not state.turn.gathered:
            # A tracked game sees every turn: one that has not gathered is not over (a
            # mistyped name must not silently cost a player his turn).
            from referee.engine.errors import IllegalMove

            raise IllegalMove("must_gather", ("turn.gather",), character=state.turn.character)
        end_turn(game)


def resume_after_reveal(game: "Game", character: str) -> None:
    """A secret table: the player who revealed `character` holds it now; call it (the
    characters between its rank and the last call were held by nobody), or, at the round's
    end, go on with the end of the round."""
    state = game.state
    state.awaiting = None
    if state.calling >= 10:
        end_round(game)
        return
    state.calling = game.rb.characters[character].rank - 1
    state.turn = None
    call_next(game)


def end_round(game: "Game") -> None:
    state = game.state
    killed = state.marks.killed
    if killed and state.holder(killed) is None and secret.possibly_held(game, killed) \
            and _acts_at_round_end(game, killed):
        state.calling, state.turn, state.awaiting = 10, None, killed
        return                             # a secret table: the killed character's holder must show it
    if killed:
        seat = state.holder(killed)
        if seat is not None:
            game.event("revealed", character=killed, player=state.players[seat].name, killed=True)
    for hook in game.hooks.on_round_end:
        hook(game)
    if state.pending is None or not state.pending.required:
        close_round(game)


def _acts_at_round_end(game: "Game", character: str) -> bool:
    """Whether revealing a killed character at the round's end changes anything (the King's
    heir, the Queen beside a rank 4, the Emperor's crown): only then does the table wait."""
    from referee.engine import registry

    card = registry.behaviour(character)
    if card is not None and hasattr(card, "on_round_end"):
        return True
    state = game.state
    return game.rb.characters[character].rank == 4 and "queen" in state.revealed


def close_round(game: "Game") -> None:
    """After the round's end effects (and any decision they asked for): the final scores, or
    the next round's selection."""
    state = game.state
    state.last_round_revealed = list(state.revealed)
    if state.ending:
        state.phase = "over"
        results = scores(game.rb, state)
        names, rule = winners(game.rb, state, results)
        game.event("game_over", scores={r["name"]: r["score"] for r in results}, winners=names, tie_break=rule)
        return
    state.round += 1
    state.marks = Marks()
    state.pending = None
    state.secret = False
    state.awaiting = None
    state.revealed = []
    state.built_by = []
    for player in state.players:
        player.characters = []
    draft.begin(game)
