"""The turn phase: who may act now, which verb of which card a move is, and the legal moves of
the turn. It never ends a turn itself: `end` marks the turn ended and the flow (`flow.py`)
calls the next character."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import registry
from referee.engine.cards import basic
from referee.engine.cards.use import generate_use
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move

if TYPE_CHECKING:
    from referee.engine.ops import Operations


def answering_card(game: "Operations", move: Move):
    """The card a move answers out of turn (the Graveyard's offer), or None."""
    answers = game.hooks.answers
    if not answers:
        return None                      # no such card in the game (asked at every move)
    for card in answers.values():
        if card.is_answer(move):
            return card
    return None


def acting_character(game: "Operations", move: Move) -> str | None:
    """The character a move is made as: the actor if it names one, else the actor's character
    that is being called now or later this round."""
    state = game.state
    characters = game.rb.characters
    if move.actor in characters:
        return move.actor
    seat = state.seat_of(move.actor)
    if seat is None:
        return None
    held = [c for c in state.players[seat].characters if c in characters]
    if state.turn is not None and state.turn.acting in held:
        return state.turn.acting          # she plays this part of another's turn (the Witch)
    if state.turn is not None and state.turn.character in held and not state.turn.acting:
        return state.turn.character
    current = characters[state.turn.character].rank if state.turn else 0
    later = sorted((c for c in held if characters[c].rank > current and c != state.marks.killed),
                   key=lambda c: characters[c].rank)
    return later[0] if later else (held[0] if held else None)


def decision_refusal(game: "Operations") -> IllegalMove:
    """Why a move that does not answer the required decision open now is refused: the card's
    own words (the Seer's gives, the Hospital's action), else who must answer which card."""
    state = game.state
    answering = game.hooks.answers.get(state.pending.kind)
    waiting = getattr(answering, "waiting_refusal", None)
    if waiting is not None:
        return waiting(game)
    return IllegalMove("decision_pending", (), player=state.players[state.pending.seat].name, card=state.pending.kind)


_ASK = object()


def apply(game: "Operations", move: Move, card=_ASK) -> None:
    """Play a move of the turn phase. `card`: answering_card(game, move) when the caller has
    already asked (game._dispatch does, for every move: not asking twice)."""
    state = game.state
    if card is _ASK:
        card = answering_card(game, move)
    if card is not None:
        card.answer(game, move)
        return
    if state.pending is not None:
        if state.pending.required:
            answering = game.hooks.answers.get(state.pending.kind)
            read = getattr(answering, "read_as_answer", None)
            meant = read(move) if read is not None else None
            if meant is not None and state.seat_of(move.actor) == state.pending.seat:
                # The answer as the one who owes it says it, by his name (the Hospital's
                # `Bob: gold`). A move named after a character is that character's own
                # (`Wizard: draw` is the Wizard's draw, and legal_moves lists it so on his
                # turn): never read as the answer, it meets the refusal below.
                answering.answer(game, meant)
                return
            raise decision_refusal(game)
        state.pending = None                 # an offer nobody took lapses at the next move
    turn = state.turn
    if turn is None:
        raise IllegalMove("round_over", ("turn.calling-order",))
    characters = game.rb.characters
    actor = move.actor
    # A move that names its character (every generated move does) is made as it: what
    # acting_character() answers first, without the call.
    character = actor if actor in characters else acting_character(game, move)
    if character is None:
        raise IllegalMove("no_character", ("turn.calling-order",), actor=move.actor)
    if turn.acting:
        # Another character's player plays this part (the Witch resuming a bewitched turn): the
        # moves name her; the character's own holder has had his part.
        if character == turn.character:
            raise IllegalMove("bewitched_part_over", ("turn.bewitched", "witch.how-it-works"),
                              character=turn.character, acting=turn.acting)
        if character == turn.acting:
            character = turn.character
    if character != turn.character:
        if state.holder(character) is None:
            raise IllegalMove("not_held", ("turn.calling-order",), character=character)
        if character == state.marks.killed:
            raise IllegalMove("killed_no_turn", ("assassin.killed-loses-turn", "turn.calling-order"), character=character)
        raise IllegalMove("turn_passed", ("turn.calling-order",), character=character, current=turn.character)
    if actor not in characters and state.seat_of(actor) != turn.seat:
        raise IllegalMove("not_your_turn", ("turn.calling-order",), actor=actor)
    # (The game's generators list exactly the supported characters of its cast.)
    if character not in game.hooks.generators and not registry.supported(character, game.rb.edition):
        raise IllegalMove("not_supported", (), what=character)
    found = registry.verb(move.verb)
    if found is None:
        raise IllegalMove("not_supported", (), what=move.verb)
    if turn.only and move.verb not in turn.only:
        key, citations, values = turn.only_problem
        raise refuse((key, citations, {**values, "character": turn.character, "verbs": ", ".join(turn.only)}))
    found[0].apply(game, move)


def pending_answers(game: "Operations") -> list[Move]:
    pending = game.state.pending
    return [] if pending is None else game.hooks.answers[pending.kind].answers(game)


def legal_moves(game: "Operations") -> list[Move]:
    state = game.state
    turn = state.turn
    moves: list[Move] = []
    if state.pending is not None:
        answers = game.hooks.answers[state.pending.kind].answers(game)
        if state.pending.required:
            return answers
        moves.extend(answers)
    hooks = game.hooks
    generators = hooks.generators
    if turn.character not in generators:
        return moves                       # not supported yet: no move is offered
    if not turn.gathered:
        moves.extend(basic._generate_gold(game))
        moves.extend(basic._generate_draw(game))
    else:
        moves.extend(basic._generate_end(game))
    if not turn.finished_actions:
        # Income and abilities may come at any time in the turn; building after gathering.
        moves.extend(basic._generate_income(game))
        if turn.gathered:                  # (building comes after gathering: not even asked before)
            moves.extend(basic._generate_build(game))
        for character in ((turn.character,) if turn.powers is None else turn.powers):     # powers(game)
            for generate in generators.get(character, ()):
                moves.extend(generate(game))
        if hooks.uses:
            moves.extend(generate_use(game))
    if turn.only:
        moves = [m for m in moves if m.verb in turn.only or m.actor != turn.character]
    if turn.acting:
        # The part is played by another character's player: her moves name her.
        moves = [Move(turn.acting, m.verb, m.args) if m.actor == turn.character else m for m in moves]
    return moves


def reveal(game: "Operations") -> None:
    """The called character is revealed; the cards that listen act now (the Thief's take, the
    King's crown, the Queen's gold, the classic Tax Collector's tax), so that legal_moves() sees
    the position the player really faces."""
    state = game.state
    turn = state.turn
    turn.revealed = True
    state.revealed = state.revealed + [turn.character]
    game.event("revealed", character=turn.character, player=state.players[turn.seat].name)
    for hook in game.hooks.on_reveal:
        hook(game, turn.character, turn.seat)


def resume(game: "Operations") -> None:
    """The next part of a split turn begins (the Witch playing the rest of a bewitched turn, at
    her own seat): the cards that act when a turn begins hear of it again, at the new seat. Those
    that belong to the card's holder whatever happens (the crown) check that the seat is his."""
    state = game.state
    turn = state.turn
    turn.revealed = True
    game.event("resumed", character=turn.character, player=state.players[turn.seat].name, by=turn.acting)
    for hook in game.hooks.on_reveal:
        hook(game, turn.character, turn.seat)

