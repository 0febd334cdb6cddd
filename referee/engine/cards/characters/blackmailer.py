"""Blackmailer (rank 2, 2016): puts two threat markers face down on two different characters;
the one with the flowered lace is the real threat. Not on the rank 1 character, the killed or
the bewitched one (nor, with the variant `blackmailer-spares-warranted`, on a warranted one).

A threatened character, once called, must first gather (nothing else before: `Turn.only`), then
settle the threat before any ability or building — a required decision (`state.pending`):
`bribe` (half his gold, rounded down, to the Blackmailer; the marker goes unseen) or `refuse`.
After a refusal the Blackmailer may `expose` the marker (an offer that lapses at the next other
move): the flowered lace takes all the player's gold, a blank one nothing.

At a physical table nobody but the Blackmailer knows which marker is real: `threaten CH1 CH2`
leaves it unknown, and `expose flowers` / `expose blank` records what the flipped marker showed
(docs/situations.md). A Witch who bewitched the Blackmailer threatens, takes the bribes and
exposes (`common.power_seat`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from referee.engine.cards.common import by_rank, mark_used, once, parse_nothing, power_seat, require, split_characters
from referee.engine.errors import IllegalMove, refuse
from referee.engine.moves import Move, make_move
from referee.engine.registry import Behaviour, Verb, register
from referee.engine.state import Pending

SHOWN = ("flowers", "blank")


# -- threaten -----------------------------------------------------------------------------------


_FLOWERS = r"\s+(?:flowers|花邊|花边|鮮花|鲜花)\s+"


def _parse_threaten(notation, tail: str) -> tuple:
    import re

    pair, *flowers = re.split(_FLOWERS, tail.strip(), maxsplit=1, flags=re.I)
    targets = by_rank(notation, split_characters(notation, pair, 2))
    return (*targets, notation.character(flowers[0]) if flowers else "")


def _format_threaten(notation, move: Move) -> str:
    a, b, flowers = move.args
    return f"{notation.name(a)} {notation.name(b)}" + (f" {notation.keyword('flowers')} {notation.name(flowers)}" if flowers else "")


def target_problem(game, target: str) -> tuple | None:
    state = game.state
    if target not in state.characters:
        return ("not_in_set", ("blackmailer.threats",), {"character": target})
    return _cast_problem(target, game.rb.characters[target].rank) or _spared(state).get(target)


def _cast_problem(target: str, rank: int) -> tuple | None:
    """Why a character of the cast may never be threatened (himself, the rank 1 character)."""
    if target == "blackmailer":
        return ("threaten_self", ("blackmailer.threats",), {})
    if rank == 1:
        return ("threaten_forbidden", ("blackmailer.forbidden-targets",), {"character": target})
    return None


def _spared(state) -> dict[str, tuple]:
    """The characters this round's marks spare from threats, each with why: the killed and the
    bewitched one (and, with the variant, the warranted ones): asked once per listing."""
    marks = state.marks
    spared = {}
    if "blackmailer-spares-warranted" in state.variants:
        for target in marks.warrants:
            spared[target] = ("threaten_warranted", ("blackmailer.warranted-character",), {"character": target})
    for target in (marks.killed, marks.bewitched):        # (these refusals come first)
        if target:
            spared[target] = ("threaten_forbidden", ("blackmailer.forbidden-targets",), {"character": target})
    return spared


@lru_cache(maxsize=64)
def _cast_targets(calling_order: tuple[tuple[int, str], ...]) -> tuple[str, ...]:
    """The characters of a cast (its calling order, `hooks.calling_order`: (rank, character))
    that may be threatened in some round, by rank: a function of the cast, made once."""
    return tuple([character for rank, character in calling_order if _cast_problem(character, rank) is None])


def _apply_threaten(game, move: Move) -> None:
    require(game, "blackmailer")
    a, b, flowers = move.args
    if a == b:
        raise IllegalMove("threaten_twice", ("blackmailer.marker-count",))
    for target in (a, b):
        problem = target_problem(game, target)
        if problem:
            raise refuse(problem)
    if flowers and flowers not in (a, b):
        raise IllegalMove("flowers_elsewhere", ("blackmailer.threats",), character=flowers)
    if not flowers and not game.table:
        raise IllegalMove("name_flowers", ("blackmailer.threats",))
    once(game, "threaten")
    _threaten(game, by_rank(game, (a, b)), flowers, (a, b))


def _apply_listed_threaten(game, move: Move) -> None:
    """Threats just listed: `_generate_threaten` lists only two different characters that may
    be threatened now (`target_problem`), in calling order, the flower on one of them (or
    unsaid at a table), in a turn that has not threatened nor ended its actions, so they are
    not checked nor put in rank order again (tests/engine/test_properties.py: the same position
    and events as `_apply_threaten`)."""
    mark_used(game, "threaten")
    args = move.args
    targets = args[:2]
    _threaten(game, targets, args[2], targets)


def _threaten(game, targets: tuple[str, str], flowers: str, said: tuple[str, str]) -> None:
    """The markers on `targets` (in calling order), the flowered one on `flowers` ("" unknown);
    the event names them as the move did (`said`)."""
    game.state.marks = game.state.marks._replace(threats=targets, real_threat=flowers or None)
    if game.says:
        game.event("threatened", characters=list(said))


def _generate_threaten(game) -> list[Move]:
    turn = game.state.turn
    if "threaten" in turn.used or turn.finished_actions:
        return []
    spared = _spared(game.state)
    allowed = tuple([c for c in _cast_targets(game.hooks.calling_order) if c not in spared])   # (by rank)
    return list(_every_threat(allowed, turn.character, game.table))


@lru_cache(maxsize=64)
def _every_threat(allowed: tuple[str, ...], actor: str, table: bool) -> tuple[Move, ...]:
    """Every pair of threats among the characters `allowed` (in calling order), each with the
    flower on either: a function of its arguments, made once for each set of targets."""
    return tuple([move for a, b in combinations(allowed, 2) for move in _threats(actor, a, b, table)])


@lru_cache(maxsize=256)
def _threats(actor: str, a: str, b: str, table: bool) -> tuple[Move, ...]:
    """The threats on `a` and `b`, the flower on either (at a table it may also go unsaid): the
    targets allowed change from round to round (the killed, the bewitched one), the pairs among
    them mostly do not, so each pair's moves are made once."""
    return tuple([make_move((actor, "threaten", (a, b, flowers))) for flowers in ((a, b, "") if table else (a, b))])


# -- the threatened player's answer, and the exposure -------------------------------------------


def _parse_shown(notation, tail: str) -> tuple:
    from referee.errors import BadMove, Typed

    word = tail.strip().lower()
    if not word:
        return ()
    aliases = {"flowers": "flowers", "花邊": "flowers", "花边": "flowers", "鮮花": "flowers", "鲜花": "flowers",
               "blank": "blank", "空白": "blank"}
    if word not in aliases:
        raise BadMove.say("blackmailer.error.expose_args", tail=Typed(tail))
    return (aliases[word],)


def _blackmailer_actor(game) -> str:
    """The character who acts as the Blackmailer: the Witch if she bewitched him."""
    state = game.state
    return "witch" if power_seat(game, "blackmailer") != state.holder("blackmailer") else "blackmailer"


def _seat_of_actor(game, actor: str) -> int | None:
    state = game.state
    return state.holder(actor) if actor in game.rb.characters else state.seat_of(actor)


def _bribe(game, seat: int, character: str) -> None:
    state = game.state
    amount = state.players[seat].gold // 2
    taker = power_seat(game, "blackmailer")
    if taker is not None:
        game.transfer(seat, taker, amount, "blackmailer")
    state.marks = state.marks._replace(threats=tuple(c for c in state.marks.threats if c != character))
    if game.says:
        game.event("bribed", player=state.players[seat].name, amount=amount)


def _expose(game, seat: int, character: str, shown: str | None) -> None:
    state = game.state
    marks = state.marks
    real = marks.real_threat
    if real is not None and shown is not None and (shown == "flowers") != (real == character):
        raise IllegalMove("expose_contradiction", ("blackmailer.threats",), shown=shown)
    if real is None and shown is None:
        raise IllegalMove("expose_say", ("blackmailer.threats",))
    flowers = real == character if real is not None else shown == "flowers"
    others = tuple(c for c in marks.threats if c != character)
    if flowers:
        real = character
    elif real is None and others:
        real = others[0]                 # one of the two markers has the lace: the other one
    state.marks = marks._replace(threats=others, real_threat=real)
    if game.says:
        game.event("exposed", character=character, shown="flowers" if flowers else "blank")
    if flowers:
        game.transfer(seat, power_seat(game, "blackmailer"), state.players[seat].gold, "blackmailer")


def _answered_elsewhere(game, move: Move) -> None:
    raise IllegalMove("no_threat", ("blackmailer.threats",))


@register
class Blackmailer(Behaviour):
    id = "blackmailer"
    editions = ("2016",)
    verbs = (
        Verb("threaten", ("威脅", "威胁", "勒索"), _parse_threaten, _apply_threaten, _generate_threaten, _format_threaten,
             apply_listed=_apply_listed_threaten),
        # Answers: played through `answer` (turn.answering_card), so their own apply never runs.
        Verb("bribe", ("賄賂", "贿赂", "付賄賂", "付贿赂"), parse_nothing, _answered_elsewhere),
        Verb("refuse", ("拒付", "拒絕", "拒绝"), parse_nothing, _answered_elsewhere),
        Verb("expose", ("翻開標記", "翻开标记", "揭發", "揭发"), _parse_shown, _answered_elsewhere, None,
             lambda n, m: " ".join(map(n.keyword, m.args))),
    )
    refusals = (
        "threaten_self", "threaten_forbidden", "threaten_warranted", "threaten_twice", "flowers_elsewhere",
        "name_flowers", "threat_first", "no_threat", "not_threatened_player", "no_exposure", "not_blackmailer",
        "expose_say", "expose_contradiction",
    )

    # Threatened: only gathering until the threat is settled.
    def on_reveal(self, game, character: str, seat: int) -> None:
        state = game.state
        if character in state.marks.threats and seat == state.holder(character):
            turn = state.turn
            turn.only = ("gold", "draw")
            turn.only_problem = ("threat_first", ("blackmailer.resolve-before-acting",), {})

    def on_gather(self, game, seat: int, kind: str) -> None:
        state = game.state
        turn = state.turn
        if turn.character in state.marks.threats and seat == state.holder(turn.character) and turn.only:
            turn.only = ()
            state.pending = Pending("blackmailer", seat, ("threatened", turn.character), required=True)

    # Answers out of the verbs' own turn order: bribe / refuse, then expose.
    answers_to = ("bribe", "refuse", "expose")

    def is_answer(self, move: Move) -> bool:
        return move.verb in ("bribe", "refuse", "expose")

    def answer(self, game, move: Move) -> None:
        state = game.state
        pending = state.pending
        seat = _seat_of_actor(game, move.actor)
        if move.verb == "expose":
            if pending is None or pending.kind != "blackmailer" or pending.data[0] != "refused":
                raise IllegalMove("no_exposure", ("blackmailer.threats",))
            if seat != power_seat(game, "blackmailer") or move.actor not in (_blackmailer_actor(game), state.players[seat].name):
                raise IllegalMove("not_blackmailer", ("blackmailer.threats",))
            threatened = pending.data[1]
            state.pending = None
            _expose(game, state.holder(threatened), threatened, move.args[0] if move.args else None)
            return
        if pending is None or pending.kind != "blackmailer" or pending.data[0] != "threatened":
            raise IllegalMove("no_threat", ("blackmailer.threats",))
        threatened = pending.data[1]
        if seat != pending.seat or (move.actor in game.rb.characters and move.actor != threatened):
            raise IllegalMove("not_threatened_player", ("blackmailer.threats",))
        state.pending = None
        if move.verb == "bribe":
            _bribe(game, pending.seat, threatened)
        else:
            if game.says:
                game.event("refused", player=state.players[pending.seat].name)
            blackmailer = power_seat(game, "blackmailer")
            if blackmailer is not None:
                state.pending = Pending("blackmailer", blackmailer, ("refused", threatened))

    def answers(self, game) -> list[Move]:
        state = game.state
        pending = state.pending
        if pending.data[0] == "threatened":
            return [Move(pending.data[1], "bribe"), Move(pending.data[1], "refuse")]
        actor = _blackmailer_actor(game)
        real = state.marks.real_threat
        if real is None:
            return [make_move((actor, "expose", (shown,))) for shown in SHOWN]
        return [Move(actor, "expose"), make_move((actor, "expose", ("flowers" if real == pending.data[1] else "blank",)))]

