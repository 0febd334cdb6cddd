"""The selection phase: discards, then picks around the table, for every player count 2-8.

Dealt games (simulations) draw the shuffles and random discards from the game's seeded chance.
At a physical table (`game.table`), nobody knows the face-down cards: the crowned player records
the face-up discards (`faceup CH, CH`), each pick is checked against the cards that may still be
in the pile, and what nobody picked stays unknown.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.engine import registry
from referee.engine.cards.common import format_names, parse_character
from referee.engine.errors import IllegalMove
from referee.engine.moves import Move, make_move
from referee.engine.state import Draft

if TYPE_CHECKING:
    from referee.engine.ops import Operations

CHANCE = "chance"


def begin(game: "Operations") -> None:
    if game.table:
        _begin_at_table(game)
        return
    state, rb, rng = game.state, game.rb, game.chance()
    state.phase = "draft"
    state.turn = None
    n = len(state.players)
    deck = list(state.characters)
    rng.shuffle(deck)
    facedown = [deck.pop()]
    faceup: list[str] = []
    wanted = rb.faceup_discards(n, len(state.characters)) if n >= 4 else 0
    while len(faceup) < wanted:
        card = deck.pop()
        if rb.characters[card].rank == 4:
            # Rank 4 is never discarded face up: another card replaces it, and it goes back in.
            deck.insert(rng.randrange(len(deck) + 1), card)
            continue
        faceup.append(card)
    state.draft = Draft(deck, faceup, facedown, _order(state, len(deck)),
                        last_gets_facedown=(n >= 4 and len(deck) == n))
    if faceup and game.says:
        game.event("faceup", characters=list(faceup))
    _add_card_steps(game)
    _run_chance(game)


def _add_card_steps(game: "Operations") -> None:
    """Steps cards add after the last pick (the Theater's swap): (seat, card id)."""
    for steps in game.hooks.selection_steps:
        d = game.state.draft
        d.order = d.order + steps(game)


_OWN_STEPS = frozenset(("pick", "discard", "faceup", CHANCE))


def _card_step(game: "Operations"):
    """The card whose step comes now in the selection, or None for the selection's own steps."""
    d = game.state.draft
    if d is None or not d.order or d.order[0][1] in _OWN_STEPS:
        return None
    return registry.behaviour(d.order[0][1])


def _picks_left(d: Draft) -> int:
    """Picks and discards still to come (a card's step, the Theater's, may follow them)."""
    return sum(step == "pick" or step == "discard" for _, step in d.order)


def _order(state, left: int) -> list[tuple[int, str]]:
    """Who does what, in order, with `left` cards to choose from after the opening discards."""
    n = len(state.players)
    if n >= 4:
        return list(_picks_around(n, state.crown))
    seats = [(state.crown + i) % n for i in range(n)]
    if n == 2:
        a, b = seats
        return [(a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick"), (b, "discard")]
    extra = left - 3 - 3 - 1         # 3 players: cards beyond the second picks and the last discard
    return [(s, "pick") for s in seats] + [(seats[-1], CHANCE)] * max(0, extra) + [(s, "pick") for s in seats]


@lru_cache(maxsize=None)
def _picks_around(n: int, crown: int) -> tuple[tuple[int, str], ...]:
    """Each of `n` players picks once, from the crown on (4-8 players): a function of the two
    numbers, made once for each (at every round's start it made a tuple per seat)."""
    return tuple(((crown + i) % n, "pick") for i in range(n))


def _begin_at_table(game: "Operations") -> None:
    """The selection phase of a physical table: only what is shown is known."""
    state, rb = game.state, game.rb
    state.phase = "draft"
    state.turn = None
    n = len(state.players)
    wanted = rb.faceup_discards(n, len(state.characters)) if n >= 4 else 0
    order = [(state.crown, "faceup")] if wanted else []
    # One card is face down from the start: the picks choose among the others and it.
    order += [step for step in _order(state, len(state.characters) - 1 - wanted) if step[1] != CHANCE]
    state.draft = Draft(list(state.characters), [], [], order)
    _add_card_steps(game)


def _choices(game: "Operations") -> list[str]:
    d = game.state.draft
    if game.table:
        return d.available          # the face-down cards are among them, unknown
    if d.last_gets_facedown and len(d.available) == 1 and _picks_left(d) == 1:
        return d.available + d.facedown[:1]
    return d.available


def legal_moves(game: "Operations", verb: str | None = None) -> list[Move]:
    """The selection's legal moves now; `verb`: only those of that verb."""
    d = game.state.draft
    if not d or not d.order:
        return []
    seat, step = d.order[0]
    if step not in _OWN_STEPS:           # a card's step (the Theater's swap): its own moves
        moves = registry.behaviour(step).selection_moves(game)
        return moves if verb is None else [m for m in moves if m.verb == verb]
    if verb is not None and verb != step:
        return []                        # each of the selection's own steps has one verb
    if step != "faceup" and picks_secret(game):
        return []                        # nobody types them: the first move of the turns ends it
    name = game.state.players[seat].name
    if step == "faceup":
        from itertools import combinations

        wanted = game.rb.faceup_discards(len(game.state.players), len(game.state.characters))
        allowed = sorted(c for c in d.available if game.rb.characters[c].rank != 4)
        return [Move(name, "faceup", combo) for combo in combinations(allowed, wanted)]
    return [make_move((name, step, (c,))) for c in _offered(game)]


def _offered(game: "Operations") -> list[str]:
    """The characters the pick or discard now chooses among, in the order of its moves (each
    once: a cast lists no character twice, and the selection's lists share none)."""
    return sorted(_choices(game))


def offer(game: "Operations") -> tuple[str, str, list[str]] | None:
    """The pick or discard to be made now in a dealt selection, as (who makes it, its verb, the
    characters offered, in order): its moves are `who: verb CH` for each of them, in that order,
    and they are all of legal_moves() — what the random player draws one of without making the
    others. None at a table (or a secret selection), and where the next step is not a pick or a
    discard."""
    d = game.state.draft
    if game.table or game.secret_selection or not d or not d.order:
        return None
    seat, step = d.order[0]
    if step != "pick" and step != "discard":
        return None
    return game.state.players[seat].name, step, _offered(game)


def apply(game: "Operations", move: Move) -> None:
    state = game.state
    d = state.draft
    card = _card_step(game)
    if card is not None:
        card.selection_apply(game, move)       # its own checks (who, which verb)
        d.order = d.order[1:]
        return
    if move.verb not in ("pick", "discard", "faceup"):
        raise IllegalMove("selection_phase", ("draft.procedure",))
    if move.verb != "faceup" and picks_secret(game):
        raise IllegalMove("picks_secret", ("draft.procedure",))
    seat, step = d.order[0]
    if move.verb == "faceup" and step != "faceup":
        _refuse_faceup_now(game)
    if move.actor != state.players[seat].name:
        key = {"faceup": "faceup_by_crown", "discard": "not_your_discard"}.get(step, "not_your_pick")
        raise IllegalMove(key, ("draft.procedure",), player=state.players[seat].name)
    if move.verb != step:
        raise IllegalMove(f"next_is_{step}", ("draft.two-player",) if len(state.players) == 2 else ("draft.procedure",),
                          player=state.players[seat].name)
    if step == "faceup":
        _record_faceup(game, move)
        return
    card = move.args[0]
    choices = _choices(game)
    if card not in choices:
        raise IllegalMove("not_available", ("draft.procedure",), character=card)
    _take(game, seat, step, card, choices)


def apply_listed(game: "Operations", move: Move) -> None:
    """Play a pick or a discard taken from legal_moves() now: who makes it, which step it is and
    that the character is offered were settled when it was listed, so only what apply() does
    besides refusing is done (tests/engine/test_properties.py: the same position and events).
    A card's step and the face-up discards go through apply()."""
    d = game.state.draft
    seat, step = d.order[0]
    if step == "pick" or step == "discard":
        _take(game, seat, step, move.args[0], _choices(game))
    else:
        apply(game, move)


def _take(game: "Operations", seat: int, step: str, card: str, choices: list[str]) -> None:
    """`seat` picks or discards `card`, one of `choices` (what _choices() offers now)."""
    state = game.state
    d = state.draft
    if len(choices) > len(d.available):          # the 7-player rule: two cards, keep one
        pool = list(choices)
        pool.remove(card)
        d.available = []
        d.facedown = pool + d.facedown[1:]
    else:
        d.available = _without(d.available, card)
    # (`[*cards, card]`: the new list made at once, without a list of the one card to join.)
    if step == "pick":
        player = state.players[seat]
        player.characters = [*player.characters, card]
        if game.says:
            game.event("picked", player=player.name)
    else:
        d.facedown = [*d.facedown, card]
        if game.says:
            game.event("discarded", player=state.players[seat].name)
    d.order = d.order[1:]
    if d.order and d.order[0][1] == CHANCE:
        _run_chance(game)                        # (3 players: random discards between the picks)


def _without(cards: list[str], card: str) -> list[str]:
    """A new list: `cards` less the first `card` (the draft's lists are never changed in place)."""
    rest = cards[:]
    rest.remove(card)                   # (one new list, not two slices joined into a third)
    return rest


def ends_in_secret(game: "Operations", move: Move) -> bool:
    """A secret table: a move of the turns before any pick is recorded ends the selection (the
    face-up discards may have been recorded, or not)."""
    if move.verb in ("pick", "discard", "faceup"):
        return False
    left = [step for _, step in game.state.draft.order if step in ("pick", "discard")]
    return len(left) == _picks_this_round(game)          # no pick recorded yet


def picks_secret(game: "Operations") -> bool:
    """A table whose picks are secret: nobody types them (a typed pick would show the terminal
    who holds what, and commit the table to typing every pick of the round). A log recorded
    before they were refused may hold typed picks (`legacy_calls` while it replays); a round
    whose picks were recorded so goes on recording them to the end of its selection."""
    return game.secret_selection and not game.legacy_calls and ends_in_secret(game, Move("", "gold"))


def _picks_this_round(game: "Operations") -> int:
    state = game.state
    faceup = game.rb.faceup_discards(len(state.players), len(state.characters)) if len(state.players) >= 4 else 0
    return len([s for s in _order(state, len(state.characters) - 1 - faceup) if s[1] != CHANCE])


def finish(game: "Operations") -> None:
    """Every pick is made: what nobody took stays face down (the flow starts the turns)."""
    d = game.state.draft
    d.facedown = d.facedown + d.available
    d.available = []


def _refuse_faceup_now(game: "Operations") -> None:
    """`faceup` when the face-up discards are not the next step: say why (none with this many
    players, already recorded) rather than naming the step that is next."""
    state = game.state
    n = len(state.players)
    if not (game.rb.faceup_discards(n, len(state.characters)) if n >= 4 else 0):
        raise IllegalMove("faceup_none", ("draft.faceup.2016-8", "draft.faceup.classic"), count=n)
    if state.draft.faceup:
        raise IllegalMove("faceup_done", ("draft.procedure",), characters=list(state.draft.faceup))
    raise IllegalMove("faceup_past", ("draft.procedure",))


def _record_faceup(game: "Operations", move: Move) -> None:
    d = game.state.draft
    wanted = game.rb.faceup_discards(len(game.state.players), len(game.state.characters))
    shown = list(move.args)
    for number, card in enumerate(shown):
        if card in shown[:number]:
            raise IllegalMove("faceup_twice", ("draft.procedure",), character=card, count=wanted)
    if len(shown) != wanted:
        raise IllegalMove("faceup_count", ("draft.faceup.2016-8", "draft.faceup.classic"), count=wanted,
                          players=len(game.state.players), given=len(shown))
    for card in shown:
        if card not in game.state.characters:
            raise IllegalMove("not_in_set", ("draft.procedure",), character=card)
        if card not in d.available:
            raise IllegalMove("not_available", ("draft.procedure",), character=card)
        if game.rb.characters[card].rank == 4:
            raise IllegalMove("rank4_faceup", ("draft.rank4-faceup.2016", "draft.rank4-faceup.classic"),
                              character=card)
    for card in shown:
        d.available = _without(d.available, card)
    d.faceup = shown
    d.order = d.order[1:]
    game.event("faceup", characters=list(shown))


def _run_chance(game: "Operations") -> None:
    d = game.state.draft
    while d.order and d.order[0][1] == CHANCE:
        d.order = d.order[1:]
        at = game.chance().randrange(len(d.available))
        card = d.available[at]
        d.available = d.available[:at] + d.available[at + 1:]
        d.facedown = d.facedown + [card]
        if game.says:
            game.event("discarded", player="(random)")


def outside_selection(game: "Operations", move: Move) -> None:
    raise IllegalMove("not_selection_phase", ("draft.procedure",))


def _parse_faceup(notation, tail: str) -> tuple:
    """`faceup CH, CH`, or the names with only spaces between them (`面朝上 國王 商人`), as the
    other lists of characters are read (a name with a space in it, Tax Collector, kept whole)."""
    from referee.engine.cards.common import split_characters
    from referee.errors import RefereeError

    try:
        return notation.characters(tail)
    except RefereeError as error:
        words = tail.replace(",", " ").replace("，", " ").replace("、", " ").split()
        for count in range(len(words), 1, -1):
            try:
                return split_characters(notation, tail, count)
            except RefereeError:
                continue
        raise error


# The selection's own moves: outside it they are refused as such (`flow.play`), before
# anything else is read into them (at a secret table a player's move is taken as a reveal).
SELECTION_VERBS = frozenset({"pick", "discard", "faceup"})

registry.register_verb(registry.Verb("pick", ("選", "选"), parse_character, outside_selection, None, format_names))
registry.register_verb(registry.Verb("discard", ("棄", "弃"), parse_character, outside_selection, None, format_names))
registry.register_verb(registry.Verb("faceup", ("面朝上", "明棄", "明弃"), _parse_faceup, outside_selection, None,
                                     format_names))
