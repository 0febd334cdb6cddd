"""The flow: the one module that decides when a turn, a round, a phase or the game ends
(boardgame.io's `endIf`). Moves only change the position; after each one, `settle()` looks at it
and moves the game on: the selection done → the turns; a turn ended → its end-of-turn effects,
the next character called; nobody left → the round's end, the next selection or the final
scores.

Split turns (the Witch): a card may split a character's turn into parts played one after the
other (`Turn.then`). A `partial` part ends without the end-of-turn effects, which come once, at
the end of the part that completes the turn; the next part begins at once (`turn.resume`), before
the next character is called. The Witch's own first part is partial and has no `then`: her turn
continues only when the bewitched character is called (its holder's part has `then` = hers).

A table with secret picks (`secret.py` says what the table knows): the first move of the turns
ends the selection (`begin_secret_turns`); a call nobody is known to answer waits
(`state.awaiting`); a player who shows a character, by `reveal` or by acting as it, ends the
turns it passes over (`reveal_at_secret_table`). `play()` routes every move, so that this module
alone ends turns and phases and sets `calling` and `awaiting`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import draft, registry, secret, turn as turns
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move
from referee.engine.scoring import scores, winners
from referee.engine.state import Marks, Turn

if TYPE_CHECKING:
    from referee.engine.ops import Operations


# A round's marks before anyone marks anything: a named tuple, never changed (replaced on change).
_NO_MARKS = Marks()


def play(game: "Operations", move: Move, listed: bool = False) -> None:
    """Play one move on the live position and settle it (the facade's checked apply takes the
    snapshot around this). `listed`: the move was taken from legal_moves() now, so the turn's
    checks of who may make it are not made again (`turn.apply_listed`)."""
    state = game.state
    phase = state.phase
    verb = move.verb
    if phase == "draft":
        # Announced only while the selection may still end in secret (no pick recorded): once the
        # picks are recorded, the Theater's step is the selection's own (a swap of what was recorded).
        if game.secret_selection and draft.ends_in_secret(game, move):
            for hook in game.hooks.secret_selection_apply:
                if hook(game, move):
                    return                   # seen at the table, not what changed hands (the Theater)
        if not (game.secret_selection and draft.ends_in_secret(game, move)):
            if listed:
                draft.apply_listed(game, move)
            else:
                draft.apply(game, move)
            settle(game)
            return
        begin_secret_turns(game)             # the first move of the turns: the picks stay secret
    elif phase == "over":
        raise IllegalMove("game_over", ("general.end-trigger",))
    elif verb in draft.SELECTION_VERBS:
        draft.outside_selection(game, move)  # refused: said so, not read as a reveal or a turn
    if verb == "pass":
        pass_calls(game, move)
        settle(game)
        return
    # Only a secret table hides who holds what: elsewhere (every simulated game) its checks are
    # not even called.
    if state.secret:
        if verb == "reveal" and move.args and state.holder(move.args[0]) is not None \
                and state.holder(move.args[0]) == state.seat_of(move.actor):
            # Shown already: a second reveal (typed twice, or from two terminals) records nothing.
            raise IllegalMove("reveal_again", ("turn.calling-order",), character=move.args[0], player=move.actor)
        killed_acts_at_secret_table(game, move)
        if reveal_at_secret_table(game, move):
            settle(game)                     # a killed character shown: nothing more to do
            return
    if verb == "reveal":
        # A round whose picks were recorded, at a tracked table (a situation file describes only
        # some moves: a reveal there agrees with what is known; a secret round checked it above).
        if game.table and not state.secret and not game.implicit_ends and not game.legacy_calls:
            problem = secret.recorded_reveal_problem(game, move)
            if problem is not None:
                raise problem
        advance_to(game, Move(move.args[0], "reveal", move.args))
        secret.apply_reveal(game, move)
    else:
        card = turns.answering_card(game, move) if game.hooks.answers else None
        if game.table:
            # At a table a later character's move (the Hospital's action of a killed one, too)
            # ends the turns before it — but not while a required decision is open (turn.apply
            # refuses it until the decision is made), nor for the answer to the decision open now.
            pending = state.pending
            waiting = pending is not None and pending.required
            answering = card is not None and pending is not None and pending.kind == card.id
            if not waiting and not answering:
                advance_to(game, move)
        if listed:
            turns.apply_listed(game, move, card)
        else:
            turns.apply(game, move, card)
    settle(game)


def play_dealt(game: "Operations", move: Move) -> None:
    """`play(game, move, listed=True)` in a dealt game (no table: no secret picks, reveals or
    passes, and nothing ends a turn but its own `end`): the selection's pick or discard, or the
    turn's move — what play() asks only of a table not asked at every move —, then `settle`
    unless the selection or the turn simply goes on, where it has nothing to do (most moves).
    A turn's move that answers no card and meets no open decision (most of them) is its verb's
    listed apply, without `turn.apply_listed`'s steps (tests/engine/test_properties.py: the
    same positions and events as the checked apply)."""
    state = game.state
    if state.phase == "draft":
        draft.apply_listed(game, move)
        if state.draft.order:
            return                           # the selection goes on: nothing for settle() to do
    else:
        # (The cards in play answer out of turn only moves of a few verbs: `answers_by_verb`.)
        answered = move.verb in game.hooks.answers_by_verb
        if answered or state.pending is not None:
            turns.apply_listed(game, move, turns.answering_card(game, move) if answered else None)
        else:
            registry.APPLY_LISTED[move.verb](game, move)   # no answer, no decision open: the verb's own
        turn = state.turn
        if turn is not None and not turn.ended:
            return                           # the turn goes on: nothing for settle() to do
    settle(game)


def settle(game: "Operations") -> None:
    """After every move: the selection done → the turns; a turn ended → the next; between turns
    (a decision made at the round's end, a killed character's action done) → the round's end or
    the next call. Nothing moves on while a required decision is open."""
    state = game.state
    pending = state.pending
    if pending is not None and pending.required:
        return
    if state.phase == "turns":
        turn = state.turn
        if turn is not None:
            if turn.ended:
                end_turn(game)
        elif state.awaiting is None:
            if state.calling == 10:
                close_round(game)          # a decision at the round's end has been made
            else:
                call_next(game)            # a killed character's action (the Hospital) is done
    elif state.phase == "draft" and state.draft is not None and not state.draft.order:
        draft.finish(game)
        start_turns(game)


def start_turns(game: "Operations") -> None:
    state = game.state
    state.phase = "turns"
    state.calling = 0
    state.turn = None
    game.round_seats = None            # (a selection played again after an undo: its own holders)
    call_next(game)


def round_seats(game: "Operations") -> dict[str, int] | None:
    """Who holds each character this round, in a dealt game: found once, at the round's first
    call, instead of every seat asked for each rank called (`State.holder`, 8 scans a round of 5
    players). Dealt, nobody's characters change between the selection's end (the Theater's swap
    included) and the round's end; a table learns them as they are shown, so it asks
    `State.holder`. Kept on the game with the round's Draft: each round has its own, which the
    turns do not replace and undo puts back, so a position of another round finds its own;
    `start_turns` drops it (a selection played again after an undo keeps its Draft object).
    None at a table, or in a position set up without a selection (no Draft to keep it with)."""
    draft = game.state.draft
    if game.table or draft is None:
        return None
    kept = game.round_seats
    if kept is not None and kept[0] is draft:
        return kept[1]
    seats = {}
    seat = 0
    for player in game.state.players:
        for character in player.characters:
            seats[character] = seat
        seat += 1
    game.round_seats = (draft, seats)
    return seats


def call_next(game: "Operations") -> None:
    """Call characters in rank order; the next one held and alive takes a turn."""
    state = game.state
    killed = state.marks.killed
    # (The round's holders once found, read here without a call: one call at most a round.)
    kept = game.round_seats
    seats = kept[1] if kept is not None and kept[0] is state.draft else round_seats(game)
    for rank, character in game.hooks.called_after[state.calling]:
        seat = state.holder(character) if seats is None else seats.get(character)
        if seat is None:
            # (state.secret first: nobody is possibly_held elsewhere, and this runs for every rank.)
            if state.secret and secret.possibly_held(game, character) and (
                    character != killed or secret.killed_may_act(game)):
                state.calling, state.turn, state.awaiting = rank, None, character
                return                     # a secret table: wait for its holder to answer (or act, killed)
            continue
        if character == killed:
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


def _killed_turn(game: "Operations", character: str, seat: int) -> bool:
    """Whether a card (the classic Hospital) gives the killed character's holder an action now."""
    for hook in game.hooks.killed_turn:
        if hook(game, character, seat):
            return True
    return False


def end_turn(game: "Operations") -> None:
    """The current turn's end-of-turn effects, then the next part of a split turn, or the next
    character."""
    state = game.state
    turn = state.turn
    if not turn.partial:
        for hook in game.hooks.on_turn_end:
            hook(game, turn.seat)
    state.pending = None
    if game.says:
        game.event("turn_ended", character=turn.character)
    if turn.then is not None:
        state.turn = turn.then
        turns.resume(game)
        return
    call_next(game)


def advance_to(game: "Operations", move: Move) -> None:
    """At a table, a move by a character later in calling order ends the current turn first
    (docs/situations.md, "Implicit ends": the moves in between were not described, so the duty
    to gather is not enforced on them). A dealt game plays every turn, and there such a move is
    simply not due yet."""
    if not game.table:
        return
    state = game.state
    character = turns.acting_character(game, move)
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
            raise IllegalMove("must_gather", ("turn.gather",), character=state.turn.character)
        _end_implied(game)


def _end_implied(game: "Operations", passing: bool = False) -> None:
    """End the current turn because a later character acts, or the table passes the next call
    (`passing`): at a tracked table, said (an event of its own, with why) — the table never
    typed `end`."""
    turn = game.state.turn
    if not game.implicit_ends:
        said = {"by": "pass"} if passing else {}
        game.event("turn_ended_implied", character=turn.character, player=game.state.players[turn.seat].name, **said)
    end_turn(game)


# -- a table with secret picks ---------------------------------------------------------------


def begin_secret_turns(game: "Operations") -> None:
    """A secret table's selection ends with the first move of the turns: the picks stay secret.
    Face-up discards not recorded by then stay unknown for the round: said, not decided silently."""
    if any(step == "faceup" for _, step in game.state.draft.order):
        game.event("faceup_unrecorded")
    game.state.secret = True
    draft.finish(game)
    start_turns(game)


def killed_turn_at_secret_table(game: "Operations", seat: int, card) -> None:
    """The killed character's holder, in `seat`, acts through `card` (the Hospital) at its call,
    which shows that he holds it; the calls before it went unanswered: nobody holds those."""
    state = game.state
    killed = state.marks.killed
    state.players[seat].characters = state.players[seat].characters + [killed]
    state.calling, state.awaiting = game.rb.characters[killed].rank, None
    card.killed_turn(game, killed, seat)


def killed_acts_at_secret_table(game: "Operations", move: Move) -> None:
    """A secret table waiting on the killed character's call: its holder answers through the
    card that lets him act (`PLAYER: use Hospital gold`), which shows that he holds it."""
    state = game.state
    killed = state.marks.killed
    if not state.secret or killed is None or state.awaiting is None or state.holder(killed) is not None:
        return
    rank = game.rb.characters[killed].rank
    if rank < game.rb.characters[state.awaiting].rank:
        return                               # its call is past
    seat = state.seat_of(move.actor)
    if seat is None or seat not in secret.open_seats(game):
        return
    for card in secret.killed_acts(game, seat):
        read = getattr(card, "read_as_answer", None)
        if card.is_answer(move) or (read is not None and read(move) is not None):
            if not game.implicit_ends and not game.legacy_calls:
                _refuse_open_call(game, rank, killed)     # the calls before it are passed first
            killed_turn_at_secret_table(game, seat, card)
            return


def reveal_at_secret_table(game: "Operations", move: Move) -> bool:
    """A player shows a character nobody knew he held (by `reveal`, or by acting as it):
    check it against what the table knows, end the turns it passes over, call it. True when
    the move was only that (a killed character shown)."""
    seat = secret.unrevealed_seat(game, move)
    if seat is None:
        return False
    state = game.state
    if state.pending is not None and state.pending.required:
        # Nothing moves on until the decision is made (the threatened player's bribe, the
        # Hospital's action): a character shown now would end the turn or the call it waits in.
        raise turns.decision_refusal(game)
    character = secret.implied_character(game, move)
    problem = secret.reveal_problem(game, seat, character, acting=move.verb != "reveal")
    if problem and problem[0] in ("reveal_all_known", "others_turn") \
            or not problem and move.verb == "end" and not game.implicit_ends:
        problem = secret.turn_over(game, seat, move) or problem      # `end` typed twice: the turn is over
    if problem:
        raise refuse(problem)
    name = state.players[seat].name
    if character == state.marks.killed:
        # The killed character's holder shows it at the round's end (reveal_problem refuses it
        # during the round: the victim stays silent).
        state.players[seat].characters = state.players[seat].characters + [character]
        if state.calling >= 10:
            resume_after_reveal(game, character)
        elif state.awaiting is not None and not secret.possibly_held(game, state.awaiting):
            state.calling -= 1               # (a legacy log's reveal: the call it left unanswerable)
            state.awaiting = None
            call_next(game)
        return True
    rank = game.rb.characters[character].rank
    # A tracked table sees every move: a call somebody could still answer is passed only by the
    # table (`pass`), never by a later character's move (situation files describe only some).
    strict = not game.implicit_ends
    calls = strict and not game.legacy_calls
    if calls:
        _refuse_open_call(game, rank, character)
    while state.turn is not None and game.rb.characters[state.turn.character].rank < rank:
        if strict and not state.turn.gathered:
            # Said as the table sees it: someone acted while another player's turn is open.
            raise IllegalMove("turn_not_over", ("turn.gather", "turn.calling-order"), character=state.turn.character,
                              player=state.players[state.turn.seat].name, actor=name)
        _end_implied(game)                   # the moves in between were not described
        if calls:
            _refuse_open_call(game, rank, character)
    if state.turn is not None:
        raise IllegalMove("turn_passed", ("turn.calling-order",), character=character, current=state.turn.character)
    state.players[seat].characters = state.players[seat].characters + [character]
    if strict and move.verb != "reveal" and secret.own_character(game, move) is None:
        # A gold, a build…: it says who he is only because of the call it answers. Said.
        game.event("taken_as", player=name, character=character)
    resume_after_reveal(game, character)
    return False


def _refuse_open_call(game: "Operations", rank: int, character: str) -> None:
    """A later character's move while an earlier call waits for an answer: refused, saying how
    the table passes it."""
    state = game.state
    awaited = state.awaiting
    if awaited is not None and state.calling < 10 and game.rb.characters[awaited].rank < rank:
        from referee.engine import holding

        # A call the players not shown must hold cannot be passed: say who answers it instead
        held = state.secret and holding.pass_leaves_too_few(game.rb, state, (awaited,)) is not None
        raise IllegalMove("call_held" if held else "call_open", ("turn.calling-order",), called=awaited,
                          rank=game.rb.characters[awaited].rank, character=character)


def pass_calls(game: "Operations", move: Move) -> None:
    """`pass [CH …]`: nobody answers the call now (and those named after it): nobody holds
    those characters this round; the next is called. At the round's end, the killed character
    nobody shows (its card lay face down) lets the round end."""
    state = game.state
    if state.phase == "turns" and state.turn is not None and state.awaiting is None \
            and (state.turn.gathered or game.implicit_ends) and not state.turn.then \
            and (state.pending is None or not state.pending.required):
        _end_implied(game, passing=True)     # a gathered turn nobody ended: the table calls on (said)
    named = move.args or ((state.awaiting,) if state.awaiting is not None else ())
    if state.phase != "turns" or state.awaiting is None:
        if state.phase == "turns" and state.turn is not None:
            raise IllegalMove("pass_turn_open", ("turn.calling-order",), character=state.turn.character,
                              player=state.players[state.turn.seat].name)
        raise IllegalMove("pass_nothing", ("turn.calling-order",))
    ranks = game.rb.characters
    if not game.legacy_calls:
        # A pass that names no call now passes nothing (a call passed already, or a later one):
        # refused, not recorded as a pass that did nothing; at the round's end only its call.
        stray = next((c for c in named if c != state.awaiting and (state.calling >= 10 or state.awaiting not in named)), None)
        if stray is not None:
            raise IllegalMove("pass_not_called", ("turn.calling-order",), character=stray,
                              called=state.awaiting, rank=ranks[state.awaiting].rank)
    too_few = secret.pass_problem(game, named) if state.secret else None
    if too_few is not None:
        raise IllegalMove(too_few[0], too_few[1], **too_few[2])
    game.event("passed", characters=list(named))      # said first: the calls it sets off follow
    for character in named:
        if state.awaiting == character:
            state.awaiting = None
            if state.calling >= 10:
                _finish_round(game)
                break
            call_next(game)
            continue
        now = state.awaiting or (state.turn.character if state.turn is not None else None)
        if (character in state.characters and state.holder(character) is None and now is not None
                and ranks[character].rank < ranks[now].rank and not state.calling >= 10):
            continue                         # its call passed by itself (nobody could answer it)
        raise IllegalMove("pass_not_called", ("turn.calling-order",), character=character,
                          called=now or "", rank=ranks[now].rank if now else 0)


def resume_after_reveal(game: "Operations", character: str) -> None:
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


def end_round(game: "Operations") -> None:
    state = game.state
    killed = state.marks.killed
    if killed and state.holder(killed) is None and secret.possibly_held(game, killed) \
            and _acts_at_round_end(game, killed):
        state.calling, state.turn, state.awaiting = 10, None, killed
        return                             # a secret table: the killed character's holder must show it
    _finish_round(game)


def _finish_round(game: "Operations") -> None:
    """The round's end once the killed character is shown (or passed: nobody held it)."""
    state = game.state
    killed = state.marks.killed
    if killed:
        seat = state.holder(killed)
        if seat is not None and game.says:
            game.event("revealed", character=killed, player=state.players[seat].name, killed=True)
    for hook in game.hooks.on_round_end:
        hook(game)
    if state.pending is None or not state.pending.required:
        close_round(game)


def _acts_at_round_end(game: "Operations", character: str) -> bool:
    """Whether revealing a killed character at the round's end changes anything (the King's
    heir, the Emperor's crown: its own round's end; the Queen beside a rank 4: a card that
    waits for it): only then does the table wait."""
    card = registry.behaviour(character)
    if card is not None and hasattr(card, "on_round_end"):
        return True
    return any(waits(game, character) for waits in game.hooks.waits_at_round_end)


def close_round(game: "Operations") -> None:
    """After the round's end effects (and any decision they asked for): the final scores, or
    the next round's selection."""
    state = game.state
    state.last_round_revealed = list(state.revealed)
    if state.ending:
        state.phase = "over"
        if game.says:                     # (else the scores are left to whoever asks: Game.scores())
            results = scores(game.rb, state)
            names, rule = winners(game.rb, state, results)
            game.event("game_over", scores={r["name"]: r["score"] for r in results}, winners=names, tie_break=rule)
        return
    if not game.implicit_ends:            # a tracked table hears the round end (and who has the crown)
        game.event("round_ended", round=state.round, crown=state.players[state.crown].name)
    state.round += 1
    state.marks = _NO_MARKS
    state.pending = None
    state.secret = False
    state.awaiting = None
    state.revealed = []
    for player in state.players:
        player.characters = []
    draft.begin(game)
