"""`Game`: the state plus the rules that move it — legal moves, checked apply, undo.

`apply()` takes a snapshot of the state, runs the move on the live state, and puts the snapshot
back if the move is refused, so a refused move never changes anything. The same snapshots form
the undo stack.
Character and district abilities live in `abilities.py`, found by verb and card id.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from referee.engine import abilities, draft
from referee.engine.facts import Rulebook
from referee.engine.moves import UNSUPPORTED_VERBS, Move, Notation
from referee.engine.scoring import city_size, scores, winners
from referee.engine.state import UNKNOWN, Player, State, Turn
from referee.engine.support import SUPPORTED_UNIQUES

def default_characters(rulebook: Rulebook, players: int) -> tuple[str, ...]:
    """The edition's standard eight, plus the rank 9 character a player count requires (data:
    `rank9_required`): the Queen where she may play (5+ players), else the Tax Collector."""
    cast = rulebook.standard_characters()
    if players in rulebook.setup.get("rank9_required", []):
        nine = "queen" if players >= rulebook.characters["queen"].min_players else "tax-collector"
        cast = cast + (nine,)
    return cast


class IllegalMove(Exception):
    """A well-formed move the rules do not allow here: `reason` is a message key with its values,
    `citations` the rule and FAQ ids behind it."""

    def __init__(self, key: str, citations: tuple[str, ...] = (), **values):
        self.key = key
        self.values = values
        self.citations = (citations,) if isinstance(citations, str) else tuple(citations)
        super().__init__(key)


class Step(NamedTuple):
    """A played move and the events it caused."""

    move: Move
    events: list[dict]


class Game:
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
        player, and the first selection phase begun."""
        setup = rulebook.setup
        characters = characters or default_characters(rulebook, len(names))
        if uniques is None:
            # The edition's number of unique districts, drawn from those the engine plays, so
            # that a simulation never builds a card whose effect it would silently ignore.
            pool = sorted(d.id for d in rulebook.districts.values() if d.type == "unique" and d.id in SUPPORTED_UNIQUES)
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

    @property
    def unlimited_bank(self) -> bool:
        variants = self.state.variants
        if "finite-bank" in variants:
            return False
        return self.rb.unlimited_bank or "unlimited-bank" in variants

    # -- the public API ----------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        return self.notation.parse(text)

    def format(self, move: Move) -> str:
        return self.notation.format(move)

    def legal_moves(self) -> list[Move]:
        state = self.state
        if state.phase == "draft":
            return draft.legal_moves(self)
        if state.phase != "turns" or state.turn is None:
            return []
        return abilities.legal_moves(self)

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

    # -- dispatch ----------------------------------------------------------------------------

    def _dispatch(self, move: Move) -> None:
        state = self.state
        if state.phase == "over":
            raise IllegalMove("game_over", ("general.end-trigger",))
        if move.verb in UNSUPPORTED_VERBS:
            raise IllegalMove("not_supported", (), what=move.verb)
        if state.phase == "draft":
            draft.apply(self, move)
            return
        if move.verb == "use" and move.args and move.args[0] == "graveyard":
            abilities.apply(self, move)     # the owner answers during the Warlord's turn
            return
        self._advance_to(move)
        abilities.apply(self, move)

    def _advance_to(self, move: Move) -> None:
        """At a table, a move by a character later in calling order ends the current turn first
        (spec §1: the moves in between were not described). A dealt game plays every turn, and
        there such a move is simply not due yet."""
        if not self.table:
            return
        state = self.state
        character = self.acting_character(move)
        if character is None or state.turn is None:
            return
        if character == state.turn.character:
            return
        target = self.rb.characters[character].rank
        if target <= self.rb.characters[state.turn.character].rank:
            return   # an earlier character: abilities.apply refuses it with the reason
        while state.turn is not None and self.rb.characters[state.turn.character].rank < target:
            abilities.end_turn(self, implicit=True)

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
        later = sorted((c for c in held if self.rb.characters[c].rank > current and c != state.killed),
                       key=lambda c: self.rb.characters[c].rank)
        return later[0] if later else (held[0] if held else None)

    # -- shared mechanics used by draft.py and abilities.py ----------------------------------

    def chance(self) -> random.Random:
        """The generator for the next chance event (a shuffle, a random discard). Each event has
        its own, seeded by the game's seed and a counter kept in the state, so undo needs no
        generator state and a replayed game deals the same cards."""
        self.state.chance += 1
        return random.Random(self.seed * 1_000_003 + self.state.chance)

    def event(self, kind: str, **values) -> None:
        self._events.append({"event": kind, **values})

    def gain(self, seat: int, amount: int, reason: str) -> int:
        """Pay `amount` from the bank (as much as a finite bank holds)."""
        state = self.state
        if not self.unlimited_bank:
            amount = max(0, min(amount, state.bank))
        if amount:
            state.bank -= amount
            state.players[seat].gold += amount
            self.event("gold", player=state.players[seat].name, amount=amount, reason=reason)
        return amount

    def pay(self, seat: int, amount: int, reason: str) -> None:
        state = self.state
        state.players[seat].gold -= amount
        state.bank += amount
        if amount:
            self.event("gold", player=state.players[seat].name, amount=-amount, reason=reason)

    def transfer(self, giver: int, taker: int, amount: int, reason: str) -> None:
        state = self.state
        state.players[giver].gold -= amount
        state.players[taker].gold += amount
        if amount:
            self.event("gold", player=state.players[taker].name, amount=amount,
                       source=state.players[giver].name, reason=reason)

    def draw_cards(self, count: int) -> list[str]:
        state = self.state
        if not state.deck and state.discard:
            # Classic: with the deck empty, the discard pile is shuffled into a new deck.
            deck = list(state.discard)
            self.chance().shuffle(deck)
            state.deck, state.discard = deck, []
        drawn = state.deck[:count]
        state.deck = state.deck[count:]
        return drawn

    def gain_cards(self, seat: int, count: int, reason: str) -> list[str]:
        drawn = self.draw_cards(count)
        player = self.state.players[seat]
        player.hand = player.hand + drawn
        if drawn:
            self.event("cards", player=self.state.players[seat].name, count=len(drawn),
                       cards=[self.rb.name(c) for c in drawn], reason=reason)
        return drawn

    def to_deck_bottom(self, cards: list[str]) -> None:
        self.state.deck = self.state.deck + cards

    def discard_destroyed(self, cards: list[str]) -> None:
        if self.rb.setup.get("destroyed_to") == "discard":
            self.state.discard = self.state.discard + cards
        else:
            self.to_deck_bottom(cards)

    def take_from_hand(self, seat: int, card: str, citation: str = "turn.build") -> None:
        """Remove `card` from a hand; an unknown card `?` stands for it when it is not known.
        (A refusal midway through several cards is undone by apply().)"""
        player = self.state.players[seat]
        hand = player.hand
        taken = card if card in hand else UNKNOWN if UNKNOWN in hand else None
        if taken is None:
            raise IllegalMove("not_in_hand", (citation,), card=self.rb.name(card))
        at = hand.index(taken)
        player.hand = hand[:at] + hand[at + 1:]

    def in_hand(self, seat: int, card: str) -> bool:
        hand = self.state.players[seat].hand
        return card in hand or UNKNOWN in hand

    def city_complete(self, seat: int) -> bool:
        return city_size(self.rb, self.state.players[seat].city) >= self.end_at

    @property
    def end_at(self) -> int:
        if self.state.end_at:
            return self.state.end_at
        size = self.rb.end_at(len(self.state.players))
        if "short-game" in self.state.variants and self.rb.edition == "classic":
            size -= 1               # the classic shorter game: 7 districts instead of 8
        if self.state.bell_tower:
            size -= self.rb.districts["bell-tower"].fact("completion_reduction", 1)
        return size

    def note_completion(self, seat: int) -> None:
        state = self.state
        if seat not in state.completed and self.city_complete(seat):
            state.completed = state.completed + [seat]
            state.ending = True
            self.event("city_completed", player=state.players[seat].name, first=len(state.completed) == 1)

    def start_turns(self) -> None:
        state = self.state
        state.phase = "turns"
        state.calling = 0
        state.turn = None
        self.call_next()

    def call_next(self) -> None:
        """Call characters in rank order; the next one held and alive takes a turn."""
        state = self.state
        by_rank = {self.rb.characters[c].rank: c for c in state.characters}
        for rank in range(state.calling + 1, 10):
            character = by_rank.get(rank)
            if character is None:
                continue
            seat = state.holder(character)
            if seat is None or character == state.killed:
                continue
            state.calling = rank
            state.turn = Turn(character, seat)
            # Revealing is not a choice: the Thief's take and the King's crown happen now, so
            # that legal_moves() sees the position the player really faces.
            abilities.reveal(self)
            return
        state.calling = 10
        state.turn = None
        self.end_round()

    def end_round(self) -> None:
        state = self.state
        if state.killed:
            seat = state.holder(state.killed)
            if seat is not None:
                self.event("revealed", character=self.rb.name(state.killed), player=state.players[seat].name,
                           killed=True)
                abilities.end_of_round_heir(self, state.killed, seat)
        state.last_round_revealed = list(state.revealed)
        if state.ending:
            state.phase = "over"
            results = scores(self.rb, state)
            names, rule = winners(self.rb, state, results)
            self.event("game_over", scores={r["name"]: r["score"] for r in results}, winners=names, tie_break=rule)
            return
        state.round += 1
        state.killed = None
        state.robbed = None
        state.revealed = []
        state.built_by = []
        for player in state.players:
            player.characters = []
        draft.begin(self)

    # -- results -----------------------------------------------------------------------------

    def scores(self) -> list[dict]:
        return scores(self.rb, self.state)

    def winners(self) -> tuple[list[str], str]:
        return winners(self.rb, self.state, self.scores())

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    def current_actor(self) -> str | None:
        state = self.state
        if state.phase == "draft" and state.draft and state.draft.order:
            return state.players[state.draft.order[0]].name
        if state.phase == "turns" and state.turn:
            return state.turn.character
        return None


__all__ = ["Game", "IllegalMove", "Step", "default_characters"]
