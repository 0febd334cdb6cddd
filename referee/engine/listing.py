"""The legal moves as a sequence that need not hold every move (as python-chess's
LegalMoveGenerator): most generators list their moves, but a few choices are too many to list.
The Magician's redraw of a hand of n cards is one move per non-empty part of the hand, up to
2**n of them: 1,048,575 for 20 cards, which a two-player classic game can give him. Others are
not too many to list but cost more to make than the few of them a player draws: the
Magistrate's 168 to 336 warrants, which every new cast would make again.

`Subsets` is such a choice as a *virtual part*: the moves `ACTOR: VERB C1, C2…` for every
non-empty sub-multiset of a multiset of cards, in a fixed order, counted by rule, each made only
when it is asked for (by index, or one by one when iterated) and tested for membership by rule;
`Triples` likewise the warrants.
`Game.legal_moves()` returns a plain list when every part is listed (the usual case: nothing is
paid for the view), else a `Moves` view over its parts, in the order the generators gave them.

The contract for callers of `legal_moves()`: a sequence — `len`, an index (negative too),
iteration, `in`, `index`, `+` with a list or another view, `==` — never the list's methods that
change it (append, extend, sort). What may be huge is not iterated: `concrete()` gives the moves
that are listed, `parts()` the parts (a display says a large virtual part in one line),
`select()` and `renamed()` filter and rename without opening a virtual part.

`Listing` is one position's legal moves asked for verb by verb, each verb's listed when first
asked for (what the random player reads for one choice): where every verb's moves come from one
generator, together, the position's facts are asked once and a verb not asked is never listed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import chain, combinations, islice, product
from math import comb

from referee.engine.moves import Move, make_move


class Virtual:
    """A part of the legal moves made only when asked for: every move of it has the same actor
    and verb (what `select` and `renamed` rely on). Joined to a list with `+` (also `list += part`,
    which Python hands to `__radd__`), it gives a `Moves` view: never the list extended by every
    move of it. `listable`: whether its moves are few enough (a few hundred at most) that what
    shows or checks the legal moves goes over them one by one as a list's (the warrants), or may
    be too many (the redraws: said in one line, checked on a sample)."""

    __slots__ = ()
    actor: str
    verb: str
    listable = False
    _len: int

    # The sequence protocol, the same for every virtual part: each part says how its move i is
    # made (`_at`) and which index a move has (`_number`: None if it is not one of these moves).

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("move index out of range")
        return self._at(index)

    def __contains__(self, move) -> bool:
        return self._number(move) is not None

    def index(self, move, start: int = 0, stop: int | None = None) -> int:
        found = self._number(move)
        if found is None:
            raise ValueError(f"{move!r} is not among these moves")
        if not start <= found < (self._len if stop is None else stop):
            raise ValueError(f"{move!r} is not in that range")
        return found

    def count(self, move) -> int:
        return 1 if move in self else 0

    def _at(self, index: int) -> Move:
        raise NotImplementedError

    def _number(self, move) -> int | None:
        raise NotImplementedError

    def __add__(self, other):
        return joined(parts(self) + parts(other)) if isinstance(other, (list, Virtual, Moves)) else NotImplemented

    def __radd__(self, other):
        return joined(parts(other) + parts(self)) if isinstance(other, (list, Virtual, Moves)) else NotImplemented

    def with_actor(self, actor: str) -> "Virtual":
        raise NotImplementedError


class Subsets(Virtual):
    """`ACTOR: VERB …` for every non-empty sub-multiset of `cards` (a hand: card ids, duplicates
    allowed), each as the sorted tuple of its ids. The order is that of itertools.product over the
    distinct ids' counts, sorted by id, the last id's count changing fastest: move i is the number
    i + 1 counted in mixed radix, digit k (the count of the k-th id) in base its count + 1."""

    __slots__ = ("actor", "verb", "ids", "counts", "_len")

    def __init__(self, actor: str, verb: str, cards):
        counted: dict[str, int] = {}
        for card in cards:
            counted[card] = counted.get(card, 0) + 1
        self.actor, self.verb = actor, verb
        self.ids = tuple(sorted(counted))
        self.counts = tuple(counted[card] for card in self.ids)
        size = 1
        for count in self.counts:
            size *= count + 1
        self._len = size - 1                 # the empty part is not a move

    @property
    def hand_size(self) -> int:
        """How many cards the moves choose among (duplicates counted)."""
        return sum(self.counts)

    def cards(self) -> tuple[str, ...]:
        """The cards chosen among, duplicates repeated, in id order."""
        return tuple(chain.from_iterable((card,) * count for card, count in zip(self.ids, self.counts)))

    def _move(self, digits) -> Move:
        return make_move((self.actor, self.verb, tuple(chain.from_iterable(
            (card,) * n for card, n in zip(self.ids, digits) if n))))

    def _at(self, index: int) -> Move:
        number, digits = index + 1, []
        for count in reversed(self.counts):
            number, digit = divmod(number, count + 1)
            digits.append(digit)
        return self._move(reversed(digits))

    def __iter__(self):
        for digits in islice(product(*(range(count + 1) for count in self.counts)), 1, None):
            yield self._move(digits)

    def _digits(self, move) -> list[int] | None:
        """The count of each id in `move`, if it is one of these moves (its cards sorted by id,
        none more often than the hand holds it), else None."""
        if not isinstance(move, tuple) or len(move) != 3:
            return None
        actor, verb, args = move
        if actor != self.actor or verb != self.verb or not args or not isinstance(args, tuple):
            return None
        digits, at = [], 0
        for card, count in zip(self.ids, self.counts):
            n = 0
            while at < len(args) and args[at] == card:
                n, at = n + 1, at + 1
            if n > count:
                return None
            digits.append(n)
        return digits if at == len(args) else None      # a card left over: not in the hand, or out of order

    def _number(self, move) -> int | None:
        digits = self._digits(move)
        if digits is None:
            return None
        number = 0
        for digit, count in zip(digits, self.counts):
            number = number * (count + 1) + digit
        return number - 1                    # (the empty part, number 0, is not a move)

    def with_actor(self, actor: str) -> "Subsets":
        other = object.__new__(Subsets)
        other.actor, other.verb, other.ids, other.counts, other._len = actor, self.verb, self.ids, self.counts, self._len
        return other

    def __eq__(self, other) -> bool:
        if isinstance(other, Subsets):
            return (self.actor, self.verb, self.ids, self.counts) == (other.actor, other.verb, other.ids, other.counts)
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Subsets({self.actor!r}, {self.verb!r}, {self.cards()!r})"


class Triples(Virtual):
    """`ACTOR: VERB A B C M` for every three names A, B, C of `names` taken in their order
    (itertools.combinations) and M one of the three — also "", none of them, when `unmarked` —
    in the order the loops `for a, b, c in combinations(names, 3): for m in (a, b, c[, ""])`
    give them: the Magistrate's warrants (three characters of the cast in calling order, the
    signed one; at a table possibly unsigned), 168 to 336 moves, which listed would be made
    again at each new cast. Move i is the (i // k)-th combination, marked by its
    (i % k)-th choice, k the number of choices (3, or 4 when `unmarked`). Few enough to go over
    one by one: shown and checked as a list is (`listable`)."""

    __slots__ = ("actor", "verb", "names", "unmarked", "_len")
    listable = True

    def __init__(self, actor: str, verb: str, names: tuple[str, ...], unmarked: bool):
        self.actor, self.verb, self.names, self.unmarked = actor, verb, names, unmarked
        self._len = comb(len(names), 3) * (4 if unmarked else 3)

    def _at(self, index: int) -> Move:
        number, choice = divmod(index, 4 if self.unmarked else 3)
        names, n = self.names, len(self.names)
        # The combination numbered `number`: past the blocks of those that begin earlier (the
        # block of first name a holds comb(n - a - 1, 2)), then likewise for the second name.
        a = 0
        while number >= (block := comb(n - a - 1, 2)):
            number -= block
            a += 1
        b = a + 1
        while number >= (block := n - b - 1):
            number -= block
            b += 1
        three = (names[a], names[b], names[b + 1 + number])
        return make_move((self.actor, self.verb, (*three, three[choice] if choice < 3 else "")))

    def __iter__(self):
        actor, verb = self.actor, self.verb
        for a, b, c in combinations(self.names, 3):
            for marked in ((a, b, c, "") if self.unmarked else (a, b, c)):
                yield make_move((actor, verb, (a, b, c, marked)))

    def _number(self, move) -> int | None:
        """The index of `move`, if it is one of these moves (its three names in `names`' order,
        the marked one among them or "" if `unmarked`), else None."""
        if not isinstance(move, tuple) or len(move) != 3:
            return None
        actor, verb, args = move
        if actor != self.actor or verb != self.verb or not isinstance(args, tuple) or len(args) != 4:
            return None
        names, n = self.names, len(self.names)
        if args[0] not in names or args[1] not in names or args[2] not in names:
            return None
        p, q, r = names.index(args[0]), names.index(args[1]), names.index(args[2])
        if not p < q < r:
            return None
        marked = args[3]
        choice = args.index(marked) if marked in args[:3] else 3 if marked == "" and self.unmarked else None
        if choice is None:
            return None
        # The combinations before (p, q, r): those beginning before p; beginning with p, those
        # whose second name comes before q; beginning with p, q, those whose third comes before r.
        before = comb(n, 3) - comb(n - p, 3) + comb(n - p - 1, 2) - comb(n - q, 2) + r - q - 1
        return before * (4 if self.unmarked else 3) + choice

    def with_actor(self, actor: str) -> "Triples":
        return Triples(actor, self.verb, self.names, self.unmarked)

    def __eq__(self, other) -> bool:
        if isinstance(other, Triples):
            return (self.actor, self.verb, self.names, self.unmarked) == (other.actor, other.verb, other.names, other.unmarked)
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Triples({self.actor!r}, {self.verb!r}, {self.names!r}, {self.unmarked!r})"


class Moves:
    """The legal moves as parts, each a list or a virtual part, in order: a sequence of all their
    moves without holding them. Made only by `joined` (a plain list when no part is virtual)."""

    __slots__ = ("_parts", "_ends")

    def __init__(self, parts_: tuple):
        self._parts = parts_
        ends, total = [], 0
        for part in parts_:
            total += len(part)
            ends.append(total)
        self._ends = ends

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("move index out of range")
        at = bisect_right(self._ends, index)
        return self._parts[at][index - (self._ends[at - 1] if at else 0)]

    def __iter__(self):
        for part in self._parts:
            yield from part

    def __contains__(self, move) -> bool:
        return any(move in part for part in self._parts)

    def index(self, move, start: int = 0, stop: int | None = None) -> int:
        before = 0
        for part in self._parts:
            if move in part:
                found = before + part.index(move)
                if start <= found < (len(self) if stop is None else stop):
                    return found
            before += len(part)
        raise ValueError(f"{move!r} is not among the legal moves")

    def count(self, move) -> int:
        return sum(part.count(move) for part in self._parts)

    def __add__(self, other):
        return joined(self._parts + parts(other)) if isinstance(other, (list, Virtual, Moves)) else NotImplemented

    def __radd__(self, other):
        return joined(parts(other) + self._parts) if isinstance(other, (list, Virtual, Moves)) else NotImplemented

    def __eq__(self, other) -> bool:
        if isinstance(other, Moves) and self._parts == other._parts:
            return True                      # (the same parts: no move need be made)
        if isinstance(other, (list, tuple, Moves)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Moves({list(self._parts)!r})"


# Sequences without the ABC as base class: `isinstance` against them stays a plain type test (it
# is asked at every join), and `isinstance(x, Sequence)` still holds.
Sequence.register(Virtual)
Sequence.register(Moves)


def parts(moves) -> tuple:
    """The parts of a sequence of moves: lists and virtual parts, in order."""
    if isinstance(moves, Moves):
        return moves._parts
    return (moves,)


def joined(pieces) -> "list[Move] | Moves":
    """Parts as one sequence: a plain list when none is virtual, else a `Moves` view (lists next
    to each other merged, empty parts dropped)."""
    kept: list = []
    for piece in pieces:
        if not len(piece):
            continue
        if isinstance(piece, list) and kept and isinstance(kept[-1], list):
            kept[-1] = kept[-1] + piece
        else:
            kept.append(piece)
    if not kept:
        return []
    if len(kept) == 1 and isinstance(kept[0], list):
        return kept[0]
    return Moves(tuple(kept))


def concrete(moves) -> list[Move]:
    """The moves that are listed: every move but those of virtual parts."""
    if isinstance(moves, list):
        return moves
    return [move for part in parts(moves) if isinstance(part, list) for move in part]


def of_verb(moves, verb: str) -> list[Move]:
    """The moves of one verb among `moves`, every one gone over (a function of its own: as a
    comprehension inside a caller it would make the caller's names closure cells at every call)."""
    return [m for m in moves if m.verb == verb]


def select(moves, keep) -> "list[Move] | Moves":
    """The moves that `keep(move)` accepts, in order. A virtual part is kept or dropped whole, as
    its first move is: use it with tests of what a part's moves share (actor, verb), or that
    decide the same for each of them (a redraw's legality: that the cards are in the hand)."""
    if isinstance(moves, list):
        return [move for move in moves if keep(move)]
    return joined([move for move in part if keep(move)] if isinstance(part, list)
                  else (part if keep(part[0]) else []) for part in parts(moves))


def renamed(moves, actor: str, to: str) -> "list[Move] | Moves":
    """The moves with `actor` named `to` instead (the Witch playing a bewitched turn, a secret
    table's player showing his character by acting as it)."""
    if isinstance(moves, list):
        return [make_move((to, m.verb, m.args)) if m.actor == actor else m for m in moves]
    return joined([make_move((to, m.verb, m.args)) if m.actor == actor else m for m in part] if isinstance(part, list)
                  else (part.with_actor(to) if part.actor == actor else part) for part in parts(moves))


class Listing:
    """The legal moves of one position whose moves come grouped by verb, each verb's from one
    generator: listed verb by verb as they are asked for, and kept (python-chess's lazy move
    generator). The position must not change while it is read. `verbs`: those the position may
    list, in legal_moves()' order (a verb there may have no move now; one not there has none);
    `of(verb)` is legal_moves(verb), `all()` legal_moves() (tests/engine/test_properties.py).
    Made by `listing_of` (`renaming`: a `Renamed`), for the phase that knows its generators
    (`turn.listed_by_verb`)."""

    __slots__ = ("_game", "verbs", "_generators", "_lists")

    def of(self, verb: str) -> "list[Move] | Moves":
        found = self._lists.get(verb)
        if found is None:
            generate = self._generators.get(verb)
            found = self._lists[verb] = generate(self._game) if generate is not None else []
        if type(found) is not list:
            return joined([found])           # a virtual part as a view, as legal_moves(verb) gives it
        return found

    def all(self) -> "list[Move] | Moves":
        lists = self._lists
        for verb in self.verbs:
            if verb not in lists:
                # (listed here, not by `of`, which a `Renamed` listing answers renamed: every one
                # of `verbs` has its generator)
                lists[verb] = self._generators[verb](self._game)
        return joined(map(lists.get, self.verbs))      # (each verb's part as listed: no view in a view)

    def listed(self, verbs) -> "list[Move] | Moves":
        """The moves of `verbs`, in that order, as one sequence: each verb's as `of(verb)` gives
        them; a list unless a verb's are a virtual part (the warrants: then a view; the redraws,
        which may be too many, the random player leaves out). A verb already listed (the random
        player's builds, among its others) is read back, and one not listed yet is listed here,
        without a call to `of` (each of `verbs` is one of the position's `verbs`). What each
        verb's generator gave is kept as it gave it, a list or a virtual part."""
        lists = self._lists
        moves: list[Move] = []
        for verb in verbs:
            found = lists.get(verb)
            if found is None:
                found = lists[verb] = self._generators[verb](self._game)
            moves += found                   # (a virtual part joined to a list: a view, `Virtual.__radd__`)
        return moves


class Renamed(Listing):
    """The `Listing` of a position played by another character's player (the Witch playing the
    rest of a bewitched turn): the turn's generators, listed and kept verb by verb as a turn's
    are, name the turn's character; the moves handed out name the player's (`renamed`): only the
    moves asked for are made again, in one call for each question (the random player's builds,
    its other moves), not one for each generator asked, most of which list nothing."""

    __slots__ = ("_actor", "_to")

    def of(self, verb: str) -> "list[Move] | Moves":
        moves = Listing.of(self, verb)
        return renamed(moves, self._actor, self._to) if moves else moves

    def all(self) -> "list[Move] | Moves":
        moves = Listing.all(self)
        return renamed(moves, self._actor, self._to) if moves else moves

    def listed(self, verbs) -> "list[Move] | Moves":
        moves = Listing.listed(self, verbs)
        return renamed(moves, self._actor, self._to) if moves else moves


def listing_of(game, grouped: tuple, kind: type = Listing) -> Listing:
    """A position's `Listing` (or one of its `kind`). `grouped`: (the verbs, in the whole list's
    order; verb -> its generate(game)). A function rather than `Listing.__init__`: a class's
    Python `__init__` costs ~500 instructions more a call (CPython 3.11), and one is made at
    nearly every step of a turn."""
    made = kind()
    made._game = game
    made.verbs, made._generators = grouped
    made._lists = {}
    return made


def renaming(game, grouped: tuple, actor: str, to: str) -> Renamed:
    """The `Renamed` listing of a position played by `to`'s player, whose generators (`grouped`,
    as `listing_of`'s) name `actor`."""
    made = listing_of(game, grouped, Renamed)
    made._actor, made._to = actor, to
    return made
