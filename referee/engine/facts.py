"""The card and edition facts the engine is handed: plain values, loaded once per edition.

A card's and a cast's facts never change: they are NamedTuples, the cheapest record to
declare and to make (a frozen dataclass compiles its methods from source when the module
loads, at the start of every command that plays or shows a game, and makes each record field by
field through `object.__setattr__`: an edition has some 130 cards). The `facts` of a card (its
ability's figures) and a cast's `names` are dicts: such a record compares but is never hashed.
The rulebook, which computes what it reads at every move, is a plain class: one per edition,
made once, compared by identity and printed by nobody (a dataclass would compile its methods
from source at every import). The annotations are evaluated, not postponed: typing.NamedTuple
compiles each one written as a string.
"""

from typing import NamedTuple

from referee.text import name_key


class CharacterFacts(NamedTuple):
    """One character of an edition: rank, income, build limit and the figures of its ability."""

    id: str
    name: str
    rank: int
    income: str | None = None
    income_kind: str = "gold"
    build_limit: int = 1
    extra_gold: int = 0
    extra_cards: int = 0
    can_build: bool = True
    min_players: int = 2
    excluded_players: tuple[int, ...] = ()
    neighbour_gold: int = 0
    # Parameters of one character's ability the engine reads by name (data `facts = {...}`:
    # the Navigator's 4, the Scholar's 7, the Marshal's 3 ...).
    facts: dict = {}                 # shared by every record made without it: never changed

    def fact(self, key: str, default=None):
        return self.facts.get(key, default)


class DistrictFacts(NamedTuple):
    """One district of an edition: type, cost, copies and the figures of its effect."""

    id: str
    name: str
    type: str
    cost: int
    copies: int
    facts: dict = {}                 # as CharacterFacts.facts

    def fact(self, key: str, default=None):
        return self.facts.get(key, default)


class CastFacts(NamedTuple):
    """A named cast of the rulebook: its characters of ranks 1-8, its optional rank 9
    character, and the unique districts that go with it."""

    id: str
    names: dict                                              # language -> name
    characters: tuple[str, ...]
    rank9: str | None
    uniques: tuple[str, ...]
    keys: frozenset[str] = frozenset()                       # name keys that name it (names, aliases, id)


class Rulebook:
    """One edition's facts. `aliases` maps a name key to the cards it may name, best first."""

    def __init__(self, edition: str, characters: dict[str, CharacterFacts], districts: dict[str, DistrictFacts],
                 setup: dict, aliases: dict[str, list[tuple[str, int]]] | None = None,
                 casts: dict[str, CastFacts] | None = None, substitutes: dict[str, tuple[str, ...]] | None = None) -> None:
        self.edition = edition
        self.characters = characters
        self.districts = districts
        self.setup = setup
        self.aliases = {} if aliases is None else aliases
        # The rulebook's named casts (data/casts.toml) and, for a character a player count forbids
        # in them, the characters that may take its place.
        self.casts = {} if casts is None else casts
        self.substitutes = {} if substitutes is None else substitutes
        # Districts that count as more than one toward completion, and by how many more:
        # city_size() runs at nearly every move.
        self.counts_extra = {d.id: d.fact("counts_as") - 1 for d in self.districts.values()
                             if d.fact("counts_as", 1) != 1}
        self._end_at: dict[int, int] = {}      # players -> end_at(players), asked at every move
        # Each district's value for the rank 8 characters' prices, by the edition's rule or a
        # variant's (`rank8.prices`, for every district in play at most steps of their turns):
        # its printed cost, or its full value (its `points` where it has them).
        self.printed_values = {d.id: d.cost for d in self.districts.values()}
        self.full_values = {d.id: d.fact("points", d.cost) for d in self.districts.values()}
        # The unique districts: those a table's game looks for in its position (Game._cover).
        self.uniques = frozenset(d.id for d in self.districts.values() if d.type == "unique")
        # Districts built outside the build limit (the Stables): the only ones the build listing
        # looks at once the limit is reached, after a build at most steps of a turn.
        self.outside_limit = frozenset(d.id for d in self.districts.values() if d.fact("no_build_limit", False))
        # Districts that count as any type for a character's income (the School of Magic): asked of
        # every district of the city at every income.
        self.any_type_for_income = frozenset(d.id for d in self.districts.values()
                                             if d.fact("counts_as_any_type_for_income", False))
        # The district deck's cards in the districts' order, as runs (cards, the unique district
        # they are, or None): each unique apart, the basic districts between them joined in one
        # run. district_deck() keeps the runs of a game's uniques (it went over every district,
        # building each one's copies, for every dealt game).
        runs: list[tuple[tuple[str, ...], str | None]] = []
        for d in self.districts.values():
            cards = (d.id,) * d.copies
            if d.type == "unique":
                runs.append((cards, d.id))
            elif runs and runs[-1][1] is None:
                runs[-1] = (runs[-1][0] + cards, None)
            else:
                runs.append((cards, None))
        self._deck_runs = tuple(runs)
        # (kind, name key) -> (the best-priority cards, every card) it names, each sorted: made
        # at a key's first look-up, for the keys of `aliases` only (a typed name that names
        # nothing is not kept). The notation reads a name at every move typed, and a checked game
        # reads back every move it lists (about a million names in 200 games): one look-up each,
        # not a sort; made for all keys up front, it cost every command ~12 M instructions.
        self._named: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = {}

    # -- edition figures -------------------------------------------------------------------

    def end_at(self, players: int) -> int:
        found = self._end_at.get(players)
        if found is None:
            found = self._end_at[players] = int(self.setup["end_at"][str(players)])
        return found

    def faceup_discards(self, players: int, characters: int) -> int:
        table = self.setup["faceup_9" if characters >= 9 else "faceup_8"]
        return int(table.get(str(players), 0))

    @property
    def unlimited_bank(self) -> bool:
        return bool(self.setup.get("unlimited_bank", False))

    def bank_unlimited(self, variants) -> bool:
        """Whether a game with these house rules plays with an unlimited bank: the edition's
        bank unless a variant says otherwise (`finite-bank` wins)."""
        if "finite-bank" in variants:
            return False
        return self.unlimited_bank or "unlimited-bank" in variants

    def standard_characters(self) -> tuple[str, ...]:
        return tuple(self.setup["characters"])

    def deck_size(self) -> int:
        """Cards in a game's district deck: every basic copy plus the uniques a game uses."""
        basic = sum(d.copies for d in self.districts.values() if d.type != "unique")
        return basic + int(self.setup["uniques_in_deck"])

    def district_deck(self, uniques: list[str] | None = None) -> list[str]:
        """Every district card of a deck: all basic copies plus the chosen uniques (default: all)."""
        deck: list[str] = []
        for cards, unique in self._deck_runs:
            if unique is None or uniques is None or unique in uniques:
                deck += cards
        return deck

    # -- names -----------------------------------------------------------------------------

    def name(self, card_id: str) -> str:
        if card_id in self.characters:
            return self.characters[card_id].name
        if card_id in self.districts:
            return self.districts[card_id].name
        return card_id

    def lookup(self, text: str, kind: str, every: bool = False) -> list[str]:
        """Ids of the `kind` cards `text` names, best priority only (several = ambiguous), or
        every card it may name (`every`: 主教 is the Cardinal in 2016, and also the Bishop)."""
        key = name_key(text)
        found = self._named.get((kind, key))
        if found is None:
            if key not in self.aliases:
                return []
            found = self._named[(kind, key)] = self._cards_named(key, kind)
        return list(found[1] if every else found[0])      # a list of its own: callers may change theirs

    def _cards_named(self, key: str, kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        pool = self.characters if kind == "character" else self.districts
        found = [(card, prio) for card, prio in self.aliases[key] if card in pool]
        if not found:
            return (), ()
        best = min(prio for _, prio in found)
        return (tuple(sorted({card for card, prio in found if prio == best})),
                tuple(sorted({card for card, _ in found})))

    def by_rank(self, rank: int) -> list[str]:
        return sorted(c.id for c in self.characters.values() if c.rank == rank)
