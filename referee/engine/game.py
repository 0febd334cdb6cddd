"""`Game`: the facade over the engine — state, legal moves, a checked apply, undo.

`apply()` takes a snapshot of the state, runs the move on the live state, lets the flow settle
the position (turn, round, phase, game end), and puts the snapshot back if the move is refused,
so a refused move never changes anything. The same snapshots form the undo stack.

Layers, each importing only those below it: errors, state, facts, moves and the registry at the
bottom; then the small operations (`ops.py`); then the cards (`cards/`); then the turn and the
selection (`turn.py`, `draft.py`); then the flow (`flow.py`); then this facade.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import referee.engine.cards  # noqa: F401  (registers every card's behaviour)
from referee.engine import draft, flow, registry, turn
from referee.engine.casts import default_cast, excluded_uniques, require_legal
from referee.engine.errors import IllegalMove
from referee.engine.facts import Rulebook
from referee.engine.moves import PLANNED_VERBS, Move, Notation
from referee.engine.ops import Operations
from referee.engine.scoring import scores, winners
from referee.engine.state import Player, State


def default_characters(rulebook: Rulebook, players: int) -> tuple[str, ...]:
    """The edition's standard eight, plus the rank 9 character a player count requires (data:
    `rank9_required`): the Queen where she may play (5+ players), else the Tax Collector."""
    return default_cast(rulebook, players)


class Step(NamedTuple):
    """A played move and the events it caused."""

    move: Move
    events: list[dict]


class Game(Operations):
    def __init__(self, rulebook: Rulebook, state: State, seed: int = 0, table: bool = False):
        self.rb = rulebook
        self.state = state
        self.seed = seed
        # A physical table: the selection phase is recorded (faceup/pick/discard moves), not dealt.
        self.table = table
        self.notation = Notation(rulebook, state)
        self._undo: list[tuple] = []
        self.history: list[Step] = []
        self._events: list[dict] = []
        self._hooks: registry.Hooks | None = None

    @property
    def hooks(self) -> registry.Hooks:
        """The hook lists of the cards in play, built once (again only if the cast changes)."""
        hooks = self._hooks
        if hooks is None or hooks.characters is not self.state.characters:
            hooks = self._hooks = registry.Hooks(self.rb, self.state.characters)
        return hooks

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rulebook: Rulebook,
        names: list[str],
        seed: int = 0,
        characters: tuple[str, ...] | None = None,
        uniques: list[str] | None = None,
        variants: frozenset[str] = frozenset(),
        table: bool = False,
    ) -> "Game":
        """A game at set-up: a shuffled deck, four cards and two gold each, the crown to the first
        player, and the first selection phase begun. A cast the rules do not allow for this many
        players raises `IllegalCast` (referee.engine.casts)."""
        setup = rulebook.setup
        characters = require_legal(rulebook, len(names), characters or default_characters(rulebook, len(names)))
        if uniques is None:
            # The edition's number of unique districts, drawn from those the engine plays, so
            # that a simulation never builds a card whose effect it would silently ignore; none
            # that the cast takes out of the game (classic: the Witch's Hospital…).
            barred = excluded_uniques(rulebook, characters)
            pool = sorted(d.id for d in rulebook.districts.values()
                          if d.type == "unique" and registry.supported(d.id, rulebook.edition) and d.id not in barred)
            count = min(int(setup["uniques_in_deck"]), len(pool))
            uniques = random.Random(seed).sample(pool, count)
        deck = rulebook.district_deck(uniques)
        state = State(players=[Player(n) for n in names], characters=characters,
                      deck=deck, bank=int(setup["bank"]), variants=variants)
        game = cls(rulebook, state, seed, table)
        game.chance().shuffle(state.deck)
        for player in state.players:
            player.hand = state.deck[:int(setup["start_cards"])]
            state.deck = state.deck[int(setup["start_cards"]):]
            state.bank -= int(setup["start_gold"])
            player.gold = int(setup["start_gold"])
        draft.begin(game)
        game._events.clear()
        return game

    def start_turns(self) -> None:
        """Begin the turn phase (a situation file's position starts here)."""
        flow.start_turns(self)

    # -- the public API ----------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        return self.notation.parse(text)

    def format(self, move: Move) -> str:
        return self.notation.format(move)

    def legal_moves(self) -> list[Move]:
        state = self.state
        if state.phase == "draft":
            return draft.legal_moves(self)
        if state.phase != "turns":
            return []
        if state.turn is None:           # between turns only a pending decision can be made
            return turn.pending_answers(self)
        return turn.legal_moves(self)

    def is_legal(self, move: Move) -> bool:
        try:
            self.apply(move)
        except IllegalMove:
            return False
        self.undo()
        return True

    def apply(self, move: Move) -> list[dict]:
        """Play `move`, returning its events; raise IllegalMove (state untouched) if it is illegal."""
        snapshot = self.state.snapshot()
        self._events = []
        try:
            self._dispatch(move)
        except IllegalMove:
            self.state.restore(snapshot)
            raise
        self._undo.append(snapshot)
        events = self._events
        self.history.append(Step(move, events))
        self._events = []
        return events

    def undo(self) -> Move:
        self.state.restore(self._undo.pop())
        return self.history.pop().move

    def _dispatch(self, move: Move) -> None:
        state = self.state
        if state.phase == "over":
            raise IllegalMove("game_over", ("general.end-trigger",))
        if move.verb in PLANNED_VERBS:
            raise IllegalMove("not_supported", (), what=move.verb)
        if state.phase == "draft":
            draft.apply(self, move)
        else:
            if turn.answering_card(self, move) is None:
                flow.advance_to(self, move)
            turn.apply(self, move)
        flow.settle(self)

    # -- who acts ----------------------------------------------------------------------------

    def acting_character(self, move: Move) -> str | None:
        """The character a move is made as: the actor if it names one, else the actor's character
        that is being called now or later this round."""
        state = self.state
        if move.actor in self.rb.characters:
            return move.actor
        seat = state.seat_of(move.actor)
        if seat is None:
            return None
        held = [c for c in state.players[seat].characters if c in self.rb.characters]
        if state.turn is not None and state.turn.character in held:
            return state.turn.character
        current = self.rb.characters[state.turn.character].rank if state.turn else 0
        later = sorted((c for c in held if self.rb.characters[c].rank > current and c != state.marks.killed),
                       key=lambda c: self.rb.characters[c].rank)
        return later[0] if later else (held[0] if held else None)

    def current_actor(self) -> str | None:
        state = self.state
        if state.phase == "draft" and state.draft and state.draft.order:
            return state.players[state.draft.order[0]].name
        if state.phase == "turns" and state.turn:
            return state.turn.character
        return None

    # -- results -----------------------------------------------------------------------------

    def scores(self) -> list[dict]:
        return scores(self.rb, self.state)

    def winners(self) -> tuple[list[str], str]:
        return winners(self.rb, self.state, self.scores())

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"


__all__ = ["Game", "IllegalMove", "Step", "default_characters"]
