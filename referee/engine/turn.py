"""The turn phase: who may act now, which verb of which card a move is, and the legal moves of
the turn. It never ends a turn itself: `end` marks the turn ended and the flow (`flow.py`)
calls the next character."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import listing, registry
from referee.engine.cards import basic
from referee.engine.cards.use import generate_use
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move

if TYPE_CHECKING:
    from referee.engine.ops import Operations


def answering_card(game: "Operations", move: Move):
    """The card a move answers out of turn (the Graveyard's offer), or None."""
    for card in game.hooks.answers_by_verb.get(move.verb, ()):    # (asked at every move)
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
    already asked (flow.play does, for every move: not asking twice)."""
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


def apply_listed(game: "Operations", move: Move, card) -> None:
    """Play a move taken from legal_moves() now (`card`: answering_card(game, move)). Who may
    make it — the character called, its player, the verb allowed in this part of the turn — was
    settled when it was listed: only what apply() does besides refusing is done (an open offer
    lapses), then the verb's own apply (without the checks its generator made, where it says so:
    `Verb.apply_listed`)."""
    state = game.state
    if card is not None:
        card.answer(game, move)
        return
    if state.pending is not None:
        if state.pending.required:
            apply(game, move, card)          # an answer said as its player says it: read it there
            return
        state.pending = None                 # an offer nobody took lapses at the next move
    registry.APPLY_LISTED[move.verb](game, move)


def pending_answers(game: "Operations") -> list[Move]:
    pending = game.state.pending
    return [] if pending is None else game.hooks.answers[pending.kind].answers(game)


# The turn's own verbs, as (verb, generator), in the order legal_moves() lists them: before
# gathering, the two ways to gather; after, `end`. Then, until the classic Warlord's destruction
# ends the turn's actions, district income (any time), building (after gathering), the powers in
# play this turn and the districts' actions.
_GATHER = (("gold", basic._generate_gold), ("draw", basic._generate_draw))
_END = (("end", basic._generate_end),)
_OWED_END = (("end", basic._generate_owed_end),)
_INCOME = (("income", basic._generate_income),)
_USE = (("use", generate_use),)


def _generators(rb, hooks, character: str, gathered: bool, finished: bool, powers: tuple[str, ...] | None,
                only: tuple[str, ...] = ()) -> tuple:
    """The generators a turn asks, in order, the same by verb, and when each verb's moves come
    together the verbs in order and verb -> its one generator (else None): a function of these facts of
    the turn, of the rulebook, of whether any district has an action (`hooks.uses`) and of the
    generators, the duties before `end` (`end_problem` hooks) and the build listing's own-turn
    hooks (basic.build_generator) of the characters named (the same in every cast), so kept
    once for every game of
    the rulebook (`hooks.turn_generators`, registry._turn_tables; `powers`: None for the
    character's own). A character the engine does not play is offered no move; one that can
    have no district income is not asked for it. A part of a split turn (`_part_asked`) asks
    only the generators of the verbs it allows (`only`: each generator lists its own verb's
    moves, all named for the turn's character, tests/engine/test_properties.py). Where another
    character's player plays the turn (`Turn.acting`: the Witch resuming a bewitched turn) the
    same generators are asked, and their moves renamed as they are handed out."""
    if character not in hooks.generators:
        return (), {}, ((), {})
    if not gathered:
        listed = _GATHER
    else:
        # A duty before `end` (an `end_problem` hook) is a character's, owed in a turn using its
        # powers: only such a turn asks end_problem() at its `end` listing.
        owing = (character,) if powers is None else powers
        listed = _OWED_END if any(_owes_duties(rb, power) for power in owing) else _END
    if not finished:
        if basic.may_take_income(rb, character, powers):
            listed += _INCOME
        if gathered:
            # (the turn's: what the characters whose powers it uses add to the build listing)
            listed += (("build", basic.build_generator(rb, character, powers)),)
        powers = (character,) if powers is None else powers
        for power in powers:
            listed += hooks.generators.get(power, ())
        if hooks.uses:
            listed += _USE
    if only:
        listed = tuple([pair for pair in listed if pair[0] in only])
    by_verb: dict[str, tuple] = {}
    for name, generate in listed:
        by_verb[name] = by_verb.get(name, ()) + ((name, generate),)
    # Each verb's generator, in order, when each is one generator's (a verb has one owner, asked
    # once): the whole list is then grouped by verb (`listed_by_verb`).
    grouped = (tuple(by_verb), dict(listed)) if len(by_verb) == len(listed) else None
    return listed, by_verb, grouped


def _owes_duties(rb, character: str) -> bool:
    """Whether `character`'s card has an `end_problem` hook in `rb`'s edition."""
    card = registry.behaviour(character)
    return card is not None and any(hook == "end_problem" for hook, _ in card.entries_in.get(rb.edition, ()))


def _asked(game: "Operations", turn) -> tuple:
    """The generators the turn asks now, in order, and by verb (`_generators`, kept per rulebook)."""
    hooks = game.hooks
    key = (turn.character, turn.gathered, turn.finished_actions, turn.powers)
    found = hooks.turn_generators.get(key)
    if found is None:
        found = hooks.turn_generators[key] = _generators(game.rb, hooks, *key)
    return found


def _part_asked(game: "Operations", turn) -> tuple:
    """The generators a part of a split turn that allows some verbs only asks (`turn.only`), as
    `_asked`: kept in the same table, under the turn's key with the part's verbs."""
    hooks = game.hooks
    key = (turn.character, turn.gathered, turn.finished_actions, turn.powers, turn.only)
    found = hooks.turn_generators.get(key)
    if found is None:
        found = hooks.turn_generators[key] = _generators(game.rb, hooks, *key)
    return found


def listed_by_verb(game: "Operations") -> listing.Listing | None:
    """The turn's legal moves now as a `listing.Listing` (each verb's listed when asked for),
    when each verb's moves come together and nothing else is listed (`Game.listing`): also in a
    part of a split turn, whose entry lists its verbs only (`_part_asked`), and in one played by
    another character's player (the Witch resuming a bewitched turn: the turn's generators, their
    moves renamed as they are handed out, `listing.Renamed`); and where a required decision of
    one verb is open (the Seer's gives: its answers are all the moves, one verb's). Else None: no
    turn is played (the selection, between turns), a secret table (its reveals join the list), an
    answer out of turn is open (its verbs come first and may be a turn's verb too), a required
    one of several verbs (each verb's would list them all): legal_moves()."""
    state = game.state
    turn = state.turn
    if turn is None or state.phase != "turns" or state.secret:
        return None
    if state.pending is not None:
        return _decision_listing(game, state.pending)
    if turn.only or turn.acting:
        grouped = (_part_asked(game, turn) if turn.only else _asked(game, turn))[2]
        if turn.acting and grouped is not None:
            return listing.renaming(game, grouped, turn.character, turn.acting)
    else:
        # (_asked()'s lookup, the call made only where the table has no entry yet: at every step.)
        found = game.hooks.turn_generators.get((turn.character, turn.gathered, turn.finished_actions, turn.powers))
        grouped = (_asked(game, turn) if found is None else found)[2]
    return None if grouped is None else listing.listing_of(game, grouped)


def _decision_listing(game: "Operations", pending) -> listing.Listing | None:
    """listed_by_verb() where a decision is open: a `Listing` of its answers where they are all
    the moves (a required decision) and one verb's (the Seer's gives), else None."""
    if not pending.required:
        return None
    answering = game.hooks.answers[pending.kind]
    verbs = answering.answers_to
    return listing.listing_of(game, (verbs, {verbs[0]: answering.answers})) if len(verbs) == 1 else None


# legal_moves()' filter of the answers out of turn in a part as a function of its own (as
# listing.of_verb): a lambda inside it would make its names closure cells at every call (CPython
# 3.11), which runs at most steps of a game.
def _in_part(moves, only: tuple[str, ...], character: str) -> "list[Move] | listing.Moves":
    """The moves a part of a split turn allows: its verbs', and those of other actors."""
    return listing.select(moves, lambda m: m.verb in only or m.actor != character)


def legal_moves(game: "Operations", verb: str | None = None, known: dict | None = None) -> "list[Move] | listing.Moves":
    """The legal moves of the turn phase now. `verb`: only the moves of that verb, the others not
    even listed — the same as filtering the whole list, since each generator lists moves of its
    own verb only (tests/engine/test_properties.py): the random player asks for the builds first.
    `known`: verb -> the moves its generator listed in this same position (Game.legal_moves),
    read instead of listing them again, and filled with those listed now. A list, or a view
    when a generator gives a part too large to list (the Magician's redraw; `listing.py`): the
    parts are joined with `+=`, never `extend`."""
    state = game.state
    turn = state.turn
    moves: list[Move] = []
    if state.pending is not None:
        answering = game.hooks.answers[state.pending.kind]
        if verb is None:
            answers = answering.answers(game)
        else:       # (a card's answers are moves of its `answers_to` only: not listed for another verb)
            answers = listing.of_verb(answering.answers(game), verb) if verb in answering.answers_to else []
        if state.pending.required:
            return answers
        if turn.only:
            # A part of a split turn allows its verbs only (the Witch's and the bewitched one's,
            # a threatened character's gathering): the open answer's moves are filtered (its
            # generators are the part's own, `_part_asked`).
            answers = _in_part(answers, turn.only, turn.character)
        moves.extend(answers)
    if turn.only:
        generating, by_verb, _ = _part_asked(game, turn)
    else:
        # (_asked()'s lookup, as listed_by_verb: the call made only where the table has no entry yet.)
        found = game.hooks.turn_generators.get((turn.character, turn.gathered, turn.finished_actions, turn.powers))
        generating, by_verb, _ = _asked(game, turn) if found is None else found
    if verb is not None:
        generating = by_verb.get(verb, ())
    if known is None:
        for _, generate in generating:
            moves += generate(game)
    else:
        for name, generate in generating:
            listed = known.get(name)
            if listed is None:
                listed = known[name] = generate(game)
            moves += listed
    if turn.acting:
        # The part is played by another character's player: her moves name her (the open
        # answer's too; those of other actors are left as they are).
        return listing.renamed(moves, turn.character, turn.acting)
    return moves


def reveal(game: "Operations") -> None:
    """The called character is revealed; the cards that listen act now (the Thief's take, the
    King's crown, the Queen's gold, the classic Tax Collector's tax), so that legal_moves() sees
    the position the player really faces."""
    state = game.state
    turn = state.turn
    turn.revealed = True
    character, seat = turn.character, turn.seat
    state.revealed = [*state.revealed, character]
    if game.says:
        game.event("revealed", character=character, player=state.players[seat].name)
    for hook in game.hooks.reveal_of[character]:     # (those that may act at its reveal)
        hook(game, character, seat)


def resume(game: "Operations") -> None:
    """The next part of a split turn begins (the Witch playing the rest of a bewitched turn, at
    her own seat): the cards that act when a turn begins hear of it again, at the new seat. Those
    that belong to the card's holder whatever happens (the crown) check that the seat is his."""
    state = game.state
    turn = state.turn
    turn.revealed = True
    if game.says:
        game.event("resumed", character=turn.character, player=state.players[turn.seat].name, by=turn.acting)
    for hook in game.hooks.reveal_of[turn.character]:
        hook(game, turn.character, turn.seat)

