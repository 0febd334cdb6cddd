"""A random player for simulations: legal moves only, with a taste for building so that games
end in a sensible number of rounds (uniform choice among all moves rarely builds).

The policy, in a turn after gathering: build (a build drawn among those listed) with
probability 0.9 when a build may be made; else, with probability 0.5, any move but `end` (and
the Magician's redraws) when one may be made; else `end` (where it may not be made yet: any
move). Each draw is made before the moves it decides between are asked for, so that only those
it needs are listed: a draw that says `end` lists no other move, one that says "not a build"
no build unless it then says "another move". (Until session 13 the builds, and whether another
move may be made, were listed first and a draw made only where its choice was open: the same
probability for every move in every position, drawn otherwise — other games from a seed.)"""

from __future__ import annotations

import random

from referee.engine import draft
from referee.engine.game import Game
from referee.engine.listing import Listing, concrete, select
from referee.engine.moves import Move, make_move


def choose_move(game: Game, moves, rng: random.Random) -> Move | None:
    """A move among `moves` (what `legal_moves()` gave: a list, or a view with a part too large
    to list, `listing.py`); None: among the game's legal moves, asked verb by verb only as far
    as the choice needs them (the way to gather; after it each draw made first, then only the
    verbs it asks for: the builds, the other moves, `end`): the same move, from the same draws of
    `rng`, as from the whole list, which is then mostly never made. The choices by verb look
    only at the listed moves: a virtual part (the Magician's redraws, the Magistrate's
    warrants) is only ever picked by a random index, never opened. None when there is no move
    to choose."""
    turn = game.state.turn
    if turn is None:
        # The selection, or a decision between turns: nothing to build (a district is built
        # only in a turn, after gathering), a move among all of them, asked once; a pick or a
        # discard drawn among the characters offered, its one move made (the same draw).
        if moves is None:
            offer = draft.offer(game) if game.state.phase == "draft" else None
            if offer is not None:
                name, verb, characters = offer
                return make_move((name, verb, (rng.choice(characters),)))
            moves = game.legal_moves()
        return rng.choice(moves) if moves else None
    if not turn.gathered:
        # One verb asked for, the way to gather: no position's `Listing` made for it.
        hand = len(game.state.players[turn.seat].hand)
        wanted = "gold" if hand >= 3 or rng.random() < 0.3 else "draw"
        options = game.legal_moves(wanted) if moves is None else _of_verb(moves, wanted)
        if options:
            if wanted == "draw":
                # A table also accepts a draw that does not say what was kept; a player who
                # knows his cards names them (an unknown card could not be built by this policy).
                options = [m for m in options if m.args] or options
            return rng.choice(options)
        if moves is None:
            moves = game.legal_moves()
        return rng.choice(select(moves, lambda m: m.verb != "draw" or m.args) or moves) if moves else None
    asked = _Given(moves) if moves is not None else (game.listing() or _Asking(game))
    # Two draws, each made before the moves it chooses among are listed (the module's policy):
    # a build where one may be made, 0.9; else another move where one may be made, 0.5; else end.
    if rng.random() < 0.9:
        builds = asked.of("build")
        if builds:
            return rng.choice(builds)
    if rng.random() < 0.5:
        others = _others(asked)         # (a build is another move)
        if others:
            return rng.choice(others)
    ends = asked.of("end")
    if ends:
        return ends[0]
    moves = asked.all()
    return rng.choice(moves) if moves else None


# The verbs a turn's player weighs apart from the others: `end`, and the Magician's redraws,
# which may be too many to list (chosen only among all the moves; `listing.Subsets`). Among the
# others the Magistrate's warrants are a virtual part too (`listing.Triples`): drawn by index,
# as a list's (tests/engine/test_properties.py), only the one drawn ever made.
_NOT_OTHERS = ("end", "redraw")

# A Listing's verbs -> those of them that are others, in order: a function of the verbs (kept
# for each tuple of verbs a turn may list, a few dozen), not picked out again at every step.
_OTHER_VERBS: dict[tuple[str, ...], tuple[str, ...]] = {}


def _others(asked):
    """The moves other than `end` and the redraws: a list, or a view where the warrants are
    among them (`Listing.listed`)."""
    if not isinstance(asked, Listing):
        return asked.others()
    verbs = _OTHER_VERBS.get(asked.verbs)
    if verbs is None:
        verbs = _OTHER_VERBS[asked.verbs] = tuple(verb for verb in asked.verbs if verb not in _NOT_OTHERS)
    return asked.listed(verbs)


def _of_verb(moves, verb: str) -> list[Move]:
    """The listed moves of one verb among `moves` (never a virtual part's)."""
    return [m for m in concrete(moves) if m.verb == verb]


class _Flat:
    """Moves that do not come grouped by verb: the others than `end` found by going over all
    (a virtual part kept or left whole, by its verb: the warrants kept, the redraws left)."""

    def others(self):
        moves = self.all()
        if type(moves) is list:
            return [m for m in moves if m.verb not in _NOT_OTHERS]
        return select(moves, _is_other)


def _is_other(move: Move) -> bool:
    return move.verb not in _NOT_OTHERS


class _Given(_Flat):
    """The moves of a list the caller gave, by verb (only the listed moves: never a virtual part's)."""

    def __init__(self, moves):
        self._moves = moves

    def of(self, verb: str) -> list[Move]:
        return _of_verb(self._moves, verb)

    def all(self):
        return self._moves


class _Asking(_Flat):
    """The game's legal moves asked verb by verb (where they do not come grouped: an answer out
    of turn, a part of a split turn, a secret table), each verb's listed once for this position
    (`known`), and all of them once: then a verb's are read from them (an answer out of turn,
    which `known` does not keep, is not listed again at each question)."""

    def __init__(self, game: Game):
        self._game = game
        self._known: dict = {}
        self._all = None

    def of(self, verb: str):
        if self._all is not None:
            return _of_verb(self._all, verb)
        return self._game.legal_moves(verb, self._known)

    def all(self):
        if self._all is None:
            self._all = self._game.legal_moves(None, self._known)
        return self._all
