"""The position: players, crown, deck, bank, round, phase, and the marks of the round.

Everything here is plain data. The lists in it are never changed in place — every change puts
a new list in their place — so the undo snapshot (`snapshot()`, python-chess style, not inverse
moves) can share them and costs a few tuples instead of a deep copy at every move. `copy()` is
the deep copy for callers that keep a position apart (tests compare with it). Cards are ids; `?` is a card the referee
does not know (a physical table: hands, the deck beyond its known top).

What only one card keeps (the Tax Collector's pool, the Bell Tower's announcement, the Theater's
announced swap) is that card's slot in `cards`: its module says what the slot holds (a
`TypedDict`: a plain dict, which the table tracker's cache stores as it is) and replaces it on
change (`set_card`), never changing it in place. Nothing else reads it, and no card reads the
game's history: the state is the whole position.

The records that never change (a built district, the round's marks, a pending decision) are
NamedTuples, replaced on change with `_replace`; those that change in place (a seat, the
selection, a turn, the position) are plain classes with their fields as slots, listed in
`_fields` and compared field by field (`_Record`). This module loads at the start of every
command that plays or shows a game: a dataclass compiles its `__init__` and `__eq__` from source
at every import (the four records here cost some 13 M instructions, 4 % of a command's start-up),
while a class written out is compiled once into the bytecode cache. A NamedTuple costs a quarter
of what a frozen dataclass costs to declare; its annotations are evaluated, not postponed
(typing.NamedTuple compiles each annotation written as a string). A new field goes in a record's
`__slots__`, `_fields`, `__init__` and `copy()`, and in State.snapshot()/restore() for the
players, the draft and the turn (tests/engine/test_snapshot.py fails on one forgotten).
"""

from typing import NamedTuple

UNKNOWN = "?"
_new = object.__new__
_NOTHING: dict = {}          # an empty slot, shared and never changed


class Built(NamedTuple):
    """A district in a city, with what sits on it. Immutable: a change replaces it (`_replace`),
    so copying a city for undo is copying a list."""

    id: str
    built_round: int = 0
    stored: tuple[str, ...] = ()     # cards under a Museum
    beautified: bool = False         # the Artist's gold coin on it


class _Record:
    """A record that changes in place: equal to another of its class whose fields are equal
    (tests compare positions), unhashable, and printed by nobody."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._fields)

    __hash__ = None     # changes in place: never a key


class Player(_Record):
    """A seat: name, gold, hand, city and the characters held this round. `_names_of` and
    `_names` are what it derives from its city and keeps while the city list stays the same
    object: not fields, so never compared, copied, snapshotted or cached."""

    __slots__ = ("name", "gold", "hand", "city", "characters", "_names_of", "_names")
    _fields = ("name", "gold", "hand", "city", "characters")

    def __init__(self, name: str, gold: int = 0, hand: list[str] | None = None, city: list[Built] | None = None,
                 characters: list[str] | None = None) -> None:
        self.name = name
        self.gold = gold
        self.hand = [] if hand is None else hand
        self.city = [] if city is None else city
        self.characters = [] if characters is None else characters
        self._names_of = None

    def copy(self) -> "Player":
        # Slot by slot: this runs for every player at every move (the undo snapshot).
        other = _new(Player)
        other._names_of = None
        other.name = self.name
        other.gold = self.gold
        other.hand = self.hand[:]
        other.city = self.city[:]
        other.characters = self.characters[:]
        return other

    def built_names(self) -> frozenset[str]:
        """The names of the districts in the city, made once per city list: a city is never
        changed in place (every change puts a new list there), so the same list has the same
        names (tests/engine/test_properties.py). Asked once by each build listing with a card
        within the player's means (card_build_problem's duplicate check), by the cards that
        look for themselves in a city (the Factory's discount, the Framework), and by the
        districts' actions at every step of a turn."""
        city = self.city
        if self._names_of is not city:
            self._names_of, self._names = city, frozenset([built.id for built in city])
        return self._names

    def has_built(self, district: str) -> bool:
        return district in (self._names if self._names_of is self.city else self.built_names())

    def built(self, district: str) -> Built | None:
        for b in self.city:
            if b.id == district:
                return b
        return None


class Marks(NamedTuple):
    """What the round's characters put on other characters: immutable, replaced on change
    (`_replace`), so undo snapshots share it. A new mark is one line here; every mark is
    cleared when the round ends."""

    killed: str | None = None            # the Assassin's target (or the Witch's victim's)
    robbed: str | None = None            # the Thief's target
    bewitched: str | None = None         # the Witch's target
    warrants: tuple[str, ...] = ()       # the Magistrate's warrants (2016)
    signed_warrant: str | None = None    # the one signed warrant; None while unknown (a table)
    threats: tuple[str, ...] = ()        # the Blackmailer's threats (2016)
    real_threat: str | None = None       # the threat with the flower; None while unknown


class Pending(NamedTuple):
    """A decision someone other than the acting character must (or may) make now — the
    Graveyard's offer, a threatened player's bribe, the classic Emperor's payment — as
    boardgame.io's stages: while it is `required`, only its answers are legal; an optional offer
    lapses at the next other move."""

    kind: str                  # the card whose rule asks (its id)
    seat: int                  # who answers
    data: tuple = ()           # what the card needs to remember (e.g. the destroyed district)
    required: bool = False


class Draft(_Record):
    """The selection phase of a round. Its lists are never changed in place either (draft.py
    puts a new list in their place), so the undo snapshot keeps its fields' values instead of
    copying four lists at every move — the turns included, where it does not change at all."""

    __slots__ = _fields = ("available", "faceup", "facedown", "order", "last_gets_facedown")

    def __init__(self, available: list[str], faceup: list[str] | None = None, facedown: list[str] | None = None,
                 order: list[tuple[int, str]] | None = None, last_gets_facedown: bool = False) -> None:
        self.available = available                   # characters the current picker chooses from
        self.faceup = [] if faceup is None else faceup
        self.facedown = [] if facedown is None else facedown
        self.order = [] if order is None else order  # (seat, pick|discard|chance), first = now
        self.last_gets_facedown = last_gets_facedown  # 7 players: the last picker also sees the face-down card

    def copy(self) -> "Draft":
        return Draft(list(self.available), list(self.faceup), list(self.facedown), list(self.order),
                     self.last_gets_facedown)


class Turn(_Record):
    """The turn of one character."""

    __slots__ = _fields = ("character", "seat", "revealed", "gathered", "income", "builds", "used",
                           "finished_actions", "ended", "paid_to_build", "powers", "only", "only_problem",
                           "partial", "then", "acting")

    def __init__(self, character: str, seat: int, revealed: bool = False, gathered: bool = False,
                 income: bool = False, builds: int = 0, used: set[str] | None = None, finished_actions: bool = False,
                 ended: bool = False, paid_to_build: int = 0, powers: tuple[str, ...] | None = None,
                 only: tuple[str, ...] = (), only_problem: tuple | None = None, partial: bool = False,
                 then: "Turn | None" = None, acting: str = "") -> None:
        self.character = character
        self.seat = seat
        self.revealed = revealed
        self.gathered = gathered
        self.income = income
        self.builds = builds                  # districts that count toward the build limit
        # Abilities used this turn (replaced, never changed in place: the snapshot shares it).
        self.used = set() if used is None else used
        self.finished_actions = finished_actions    # classic Warlord: after destroying, only `end`
        self.ended = ended                    # `end` was played: the flow calls the next
        # Gold paid this turn to build (the Alchemist's refund; a card giving building gold back
        # takes it off).
        self.paid_to_build = paid_to_build
        # Whose abilities this turn uses: None = its own character's; () = none (a bewitched
        # character's holder, who only gathers).
        self.powers = powers
        # A turn may be split into parts (the Witch's spell; see flow.py). `only`: the verbs allowed
        # now (empty = any), `only_problem` the refusal of the others, as (key, citations, values);
        # `partial`: this part ends without the end-of-turn effects (they belong to the part that
        # completes the turn); `then`: the part that follows at once when this one ends; `acting`:
        # the character whose player plays this part when it is not `character` (moves name it).
        self.only = only
        self.only_problem = only_problem
        self.partial = partial
        self.then = then
        self.acting = acting

    def copy(self) -> "Turn":
        # Slot by slot, as Player.copy (State.copy: positions kept apart; `then` copied for the snapshot).
        other = _new(Turn)
        other.character = self.character
        other.seat = self.seat
        other.revealed = self.revealed
        other.gathered = self.gathered
        other.income = self.income
        other.builds = self.builds
        other.used = set(self.used)
        other.finished_actions = self.finished_actions
        other.ended = self.ended
        other.powers = self.powers
        other.paid_to_build = self.paid_to_build
        other.only = self.only
        other.only_problem = self.only_problem
        other.partial = self.partial
        other.then = None if self.then is None else self.then.copy()
        other.acting = self.acting
        return other


_NO_MARKS = Marks()


class State(_Record):
    """The whole position of a game (see the module docstring)."""

    _fields = ("players", "crown", "round", "phase", "characters", "deck", "discard", "bank", "draft",
               "turn", "calling", "marks", "pending", "secret", "awaiting", "revealed",
               "last_round_revealed", "completed", "ending", "variants", "end_at", "chance", "cards")
    # `_seats_of` and `_seats`: the players list seat_of() last read and its table of names (not
    # fields: never compared, copied, snapshotted or cached; as Player's `_names_of`).
    __slots__ = _fields + ("_seats_of", "_seats")

    def __init__(self, players: list[Player], crown: int = 0, round: int = 1, phase: str = "draft",
                 characters: tuple[str, ...] = (), deck: list[str] | None = None, discard: list[str] | None = None,
                 bank: int = 0, draft: Draft | None = None, turn: Turn | None = None, calling: int = 0,
                 marks: Marks = _NO_MARKS, pending: Pending | None = None, secret: bool = False,
                 awaiting: str | None = None, revealed: list[str] | None = None,
                 last_round_revealed: list[str] | None = None, completed: list[int] | None = None,
                 ending: bool = False, variants: frozenset[str] = frozenset(), end_at: int = 0, chance: int = 0,
                 cards: dict | None = None) -> None:
        self.players = players
        self.crown = crown
        self.round = round
        self.phase = phase                    # draft | turns | over
        self.characters = characters          # the character set in play this game
        self.deck = [] if deck is None else deck              # index 0 is the top
        self.discard = [] if discard is None else discard     # classic discard pile
        self.bank = bank                      # may go below 0 with an unlimited bank: it counts what it paid out
        self.draft = draft
        self.turn = turn
        self.calling = calling                # rank being called
        self.marks = marks                    # killed, robbed, bewitched, warrants, threats
        self.pending = pending                # a decision out of turn
        self.secret = secret                  # a table's hidden selection: holders known only when revealed
        self.awaiting = awaiting              # secret: the called character whose holder has not yet answered
        self.revealed = [] if revealed is None else revealed  # characters revealed this round, in order
        self.last_round_revealed = [] if last_round_revealed is None else last_round_revealed
        self.completed = [] if completed is None else completed   # seats in the order they completed a city
        self.ending = ending                  # a city was completed: this round is the last
        self.variants = variants
        self.end_at = end_at                  # city size that ends the game; 0 = the edition's figure
        self.chance = chance                  # chance events so far: each draws from its own seeded generator
        self.cards = {} if cards is None else cards   # card id -> that card's own state (see the docstring)
        self._seats_of = None

    def copy(self) -> "State":
        # Written out field by field: this runs at every move (the undo snapshot), and a loop
        # over the slots costs twice as much. A new field must be added here too (the
        # invariant tests compare a state with its copy).
        other = _new(State)
        other._seats_of = None
        other.players = [p.copy() for p in self.players]
        other.crown = self.crown
        other.round = self.round
        other.phase = self.phase
        other.characters = self.characters
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.bank = self.bank
        other.draft = self.draft.copy() if self.draft else None
        other.turn = self.turn.copy() if self.turn else None
        other.calling = self.calling
        other.marks = self.marks
        other.pending = self.pending
        other.secret = self.secret
        other.awaiting = self.awaiting
        other.revealed = self.revealed[:]
        other.last_round_revealed = self.last_round_revealed[:]
        other.completed = self.completed[:]
        other.ending = self.ending
        other.variants = self.variants
        other.end_at = self.end_at
        other.chance = self.chance
        other.cards = dict(self.cards)     # each slot is replaced on change, never changed in place
        return other

    def snapshot(self) -> list:
        """What undo needs: the fields' current values (lists and sets shared, never changed in
        place); the player, draft and turn objects change in place, so their values are taken
        apart. One flat list, never changed, the players' values at its end: this runs at every
        move and the game keeps every snapshot for undo, so the fewer objects the better (a
        tuple per player and per part was 1.3 % more instructions, the collector walking them).
        The part of a split turn that follows (`then`) becomes the live turn later and changes
        then: it is copied. A new field of Turn must be added here and in restore()."""
        d = self.draft
        t = self.turn
        values = [
            self.crown, self.round, self.phase, self.characters, self.deck, self.discard, self.bank,
            d and (d, d.available, d.faceup, d.facedown, d.order, d.last_gets_facedown),
            t and (t, t.then and t.then.copy(), t.character, t.seat, t.revealed, t.gathered, t.income, t.builds,
                   t.used, t.finished_actions, t.ended, t.paid_to_build, t.powers, t.only, t.only_problem, t.partial,
                   t.acting),
            self.calling, self.marks, self.pending, self.secret, self.awaiting, self.revealed, self.last_round_revealed,
            self.completed, self.ending, self.variants, self.end_at, self.chance, self.cards,
        ]
        for p in self.players:
            values += (p.gold, p.hand, p.city, p.characters)
        return values

    def restore(self, snapshot: list) -> None:
        """Put back a snapshot, into these same objects (whoever holds them stays valid)."""
        at = len(snapshot) - 4 * len(self.players)          # where the players' values begin
        (self.crown, self.round, self.phase, self.characters, self.deck, self.discard, self.bank,
         draft, turn, self.calling, self.marks, self.pending, self.secret, self.awaiting,
         self.revealed, self.last_round_revealed, self.completed, self.ending, self.variants, self.end_at,
         self.chance, self.cards) = snapshot[:at]
        for player in self.players:
            player.gold, player.hand, player.city, player.characters = snapshot[at:at + 4]
            at += 4
        if draft is None:
            self.draft = None
        else:
            d, d.available, d.faceup, d.facedown, d.order, d.last_gets_facedown = draft
            self.draft = d
        if turn is None:
            self.turn = None
        else:
            (t, t.then, t.character, t.seat, t.revealed, t.gathered, t.income, t.builds, t.used, t.finished_actions,
             t.ended, t.paid_to_build, t.powers, t.only, t.only_problem, t.partial, t.acting) = turn
            self.turn = t

    @property
    def killed(self) -> str | None:
        return self.marks.killed

    # -- the cards' own state ---------------------------------------------------------------

    def card(self, card: str) -> dict:
        """A card's slot (empty while the card has kept nothing)."""
        return self.cards.get(card, _NOTHING)

    def set_card(self, card: str, **changes) -> None:
        """Change fields of a card's slot: a new slot and a new mapping (the undo snapshot and
        copies share the old ones)."""
        self.cards = {**self.cards, card: {**self.cards.get(card, _NOTHING), **changes}}

    # The names the situation files and the tracker's words use for three slots' fields (read
    # by situation.py, cli/table_text.py and scoring): the cards themselves read their slots.

    @property
    def tax_pool(self) -> int:
        """The 2016 Tax Collector's pool (cards/characters/tax_collector.py)."""
        return self.card("tax-collector").get("pool", 0)

    @tax_pool.setter
    def tax_pool(self, gold: int) -> None:
        if gold != self.tax_pool:
            self.set_card("tax-collector", pool=gold)

    @property
    def bell_tower(self) -> bool:
        """Classic: the Bell Tower was announced and stands (cards/districts/bell_tower.py)."""
        return self.card("bell-tower").get("standing", False)

    @bell_tower.setter
    def bell_tower(self, standing: bool) -> None:
        if standing != self.bell_tower:
            self.set_card("bell-tower", standing=standing)

    @property
    def first_bonus(self) -> list[int] | None:
        """The seats that share the first-completion bonus (the Bell Tower announced with
        cities already complete); None: the first to complete has it."""
        return self.card("bell-tower").get("first_bonus")

    @first_bonus.setter
    def first_bonus(self, seats: list[int] | None) -> None:
        if seats != self.first_bonus:
            self.set_card("bell-tower", first_bonus=seats)

    def holder(self, character: str) -> int | None:
        # (Counted by hand, not with enumerate(): asked for each rank called, at every call.)
        seat = 0
        for player in self.players:
            if character in player.characters:
                return seat
            seat += 1
        return None

    def seat_of(self, name: str) -> int | None:
        """The seat of the player named `name` in any case (the first such), None for nobody.
        Read from a table of the names made once per players list: a player's name never
        changes, and the list is never changed in place (a copy's, a view's, is a new list and
        gets its own table). Asked at every move naming a player (the Seer's, the Emperor's, the
        Spy's, the Wizard's, the Warlord's, the Magician's…) and at every answer out of turn: a
        scan folded each seat's name."""
        if self._seats_of is not self.players:
            seats: dict[str, int] = {}
            for seat, player in enumerate(self.players):
                seats.setdefault(player.name.casefold(), seat)
            self._seats_of, self._seats = self.players, seats
        return self._seats.get(name.casefold())
