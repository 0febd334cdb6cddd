"""The small operations every rule is written with: pay, gain, draw, take from a hand, remove
a district, record an event. `Game` inherits them; cards call them on the game they are given.

`Operations` is also all that the modules under the facade see of a game (the type of their
`game` argument): the state, the rulebook, the hook lists, the table's settings and these
operations. They never import `Game`, and nothing here calls back into it.

Nothing here decides anything: the checks live with the card or rule that needs them, and the
flow (`flow.py`) alone decides when a turn, a round or the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.errors import IllegalMove
from referee.engine.scoring import city_size
from referee.engine.state import UNKNOWN

if TYPE_CHECKING:
    from referee.engine.chance import Draws
    from referee.engine.facts import Rulebook
    from referee.engine.registry import Hooks
    from referee.engine.state import State


# The chance events' generator (chance.Draws), loaded by the first chance event: a table's game
# has none (it loads `random`). Kept here once loaded: an import statement at every event went
# through the import machinery each time.
_Draws: "type[Draws] | None" = None


class Operations:
    rb: "Rulebook"
    state: "State"
    seed: int
    table: bool                  # a physical table (game.py: the selection recorded, not dealt)
    secret_selection: bool       # ... whose picks stay secret (secret.py)
    implicit_ends: bool          # a later character's move ends the turns before it (a situation file)
    legacy_calls: bool           # a log recorded before calls were passed explicitly (flow.py), or with
                                 # picks typed at a secret table (draft.py): replayed as then
    _events: list[dict]
    # False: a game whose events nobody reads (Game.new(..., events=False)): event() says nothing,
    # and what is worked out only to be said (the final scores of `game_over`) is not worked out.
    # The steps of nearly every move (a gain, a pick, a reveal, a turn's end...) ask it before
    # saying anything: a call of event() with its words costs ~1,700 instructions even when
    # nothing is said (3 % of a silent game).
    says: bool = True

    hooks: "Hooks"
    # Who holds each character this round, found at the round's first call in a dealt game, with
    # the round's Draft it was found for (flow.round_seats).
    round_seats: "tuple | None" = None

    # -- chance and events -----------------------------------------------------------------

    def chance(self) -> "Draws":
        """The generator for the next chance event (a shuffle, a random discard). Each event has
        its own, made from the game's seed and a counter kept in the state, so undo needs no
        generator state and a replayed game deals the same cards (`chance.py`)."""
        global _Draws
        self.state.chance += 1
        if _Draws is None:
            from referee.engine.chance import Draws as _Draws      # (sets the global below)
        return _Draws(self.seed, self.state.chance)

    def event(self, kind: str, **values) -> None:
        """Events carry ids (cards) and seated names (players); the CLI puts them into words."""
        self._events.append({"event": kind, **values})

    # -- gold --------------------------------------------------------------------------------

    # Whether the bank pays whatever it is asked: the rulebook's bank unless a house rule says
    # otherwise (`Rulebook.bank_unlimited`), neither of which changes during a game, so the game
    # asks once, when it is made (asked at every gain).
    unlimited_bank: bool

    def gain(self, seat: int, amount: int, reason: str) -> int:
        """Pay `amount` from the bank (as much as a finite bank holds)."""
        state = self.state
        if not self.unlimited_bank:
            amount = max(0, min(amount, state.bank))
        if amount:
            state.bank -= amount
            state.players[seat].gold += amount
            if self.says:
                self.event("gold", player=state.players[seat].name, amount=amount, reason=reason)
        return amount

    def pay(self, seat: int, amount: int, reason: str) -> None:
        """Pay `amount` to the bank. Gold the acting player pays to build ("build") is
        counted on the turn: the Alchemist gets exactly that back at the end of it."""
        state = self.state
        player = state.players[seat]
        player.gold -= amount
        state.bank += amount
        if reason == "build":
            turn = state.turn
            if turn is not None and turn.seat == seat:
                turn.paid_to_build += amount
        if amount and self.says:
            self.event("gold", player=player.name, amount=-amount, reason=reason)

    def transfer(self, giver: int, taker: int, amount: int, reason: str) -> None:
        state = self.state
        state.players[giver].gold -= amount
        state.players[taker].gold += amount
        if amount and self.says:
            self.event("gold", player=state.players[taker].name, amount=amount,
                       source=state.players[giver].name, reason=reason)

    # -- cards -------------------------------------------------------------------------------

    def draw_cards(self, count: int) -> list[str]:
        state = self.state
        if not state.deck and state.discard:
            # Classic: with the deck empty, the discard pile is shuffled into a new deck. At a
            # real table nobody knows the new order: the referee forgets which card is where.
            deck = list(state.discard)
            self.chance().shuffle(deck)
            if self.table:
                deck = [UNKNOWN] * len(deck)
            state.deck, state.discard = deck, []
        drawn = state.deck[:count]
        state.deck = state.deck[count:]
        return drawn

    def gain_cards(self, seat: int, count: int, reason: str) -> list[str]:
        drawn = self.draw_cards(count)
        player = self.state.players[seat]
        player.hand = player.hand + drawn
        if drawn and self.says:
            self.event("cards", player=player.name, count=len(drawn), cards=list(drawn), reason=reason)
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
        hand = player.hand[:]            # a new list: the old one may be an undo snapshot's
        try:
            hand.remove(card)            # its first copy
        except ValueError:
            if UNKNOWN not in hand:
                raise IllegalMove("not_in_hand", (citation,), card=card) from None
            hand.remove(UNKNOWN)
        player.hand = hand

    def in_hand(self, seat: int, card: str) -> bool:
        hand = self.state.players[seat].hand
        return card in hand or UNKNOWN in hand

    # -- the crown ---------------------------------------------------------------------------

    def pass_crown(self, seat: int) -> None:
        """The crown goes to `seat` (the King, the Emperor, an heir...). Every card that moves the
        crown calls this, so the cards that care when it changes hands (the Throne Room) hear of it."""
        state = self.state
        old = state.crown
        state.crown = seat
        if self.says:
            self.event("crown", player=state.players[seat].name)
        if old != seat:
            for hook in self.hooks.on_crown_passed:
                hook(self, old, seat)

    # -- cities ------------------------------------------------------------------------------

    def owns(self, seat: int, district: str) -> bool:
        return self.state.players[seat].has_built(district)

    def destroy_district(self, owner: int, district: str, by: str = "") -> None:
        """Destroy a district (`by`: the card that destroys it): it leaves its city with what it
        held (its cards to the discard or the deck bottom, as the edition says; an Artist's coin
        to the bank), and the cards that care (the Bell Tower, the Graveyard) hear of it."""
        player = self.state.players[owner]
        built = next(b for b in player.city if b.id == district)
        player.city = [b for b in player.city if b is not built]
        self.discard_destroyed([built.id, *built.stored])
        if built.beautified:
            self.state.bank += 1    # the Artist's coin on it goes back to the bank with it
        for hook in self.hooks.on_destroyed:
            hook(self, owner, district, by)

    def city_complete(self, seat: int) -> bool:
        return city_size(self.rb, self.state.players[seat].city) >= self.end_at

    @property
    def end_at(self) -> int:
        if self.state.end_at:
            return self.state.end_at
        size = self.rb.end_at(len(self.state.players))
        if "short-game" in self.state.variants and self.rb.edition == "classic":
            size -= 1               # the classic shorter game: 7 districts instead of 8
        for modify in self.hooks.end_size:
            size = modify(self, size)
        return size

    def note_completion(self, seat: int) -> None:
        state = self.state
        if seat not in state.completed and self.city_complete(seat):
            state.completed = state.completed + [seat]
            state.ending = True
            if self.says:
                self.event("city_completed", player=state.players[seat].name, first=len(state.completed) == 1)
