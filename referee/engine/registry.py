"""The card registry: every character and every unique district with behaviour is one small
module under `cards/` that registers one `Behaviour` — its verbs (with their notation), its
refusals (the keys of the reasons it gives: their texts are in the catalogs, under the card's
id), its hooks and modifiers.

"Supported" means "registered": a card of an official set that is not registered would get the
"not supported yet" verdict, and the registry test requires every official card to be here.

Hooks and modifiers (methods a behaviour may define; absent = not interested):

  on_reveal(game, character, seat)       a character is revealed at the start of its turn — and
                                         again, at the Witch's seat, when she resumes the turn of the
                                         character she bewitched (flow.py, split turns). Effects
                                         that stay with the card's holder (the crown) check
                                         seat == state.holder(character); abilities check
                                         common.has_power (the bewitched holder's part has none).
                                         Effects later in the round go to common.power_seat.
                                         A character's hook that acts only at its own reveal
                                         says so (`own_turn_hooks`): no other reveal asks it.
  on_gather(game, seat, kind)            the turn's gathering is done ("gold" | "cards")
  on_build(game, seat, district, paid)   a district was just built, for `paid` gold
  on_turn_end(game, seat)                the turn ends (before the next character is called)
  on_round_end(game)                     the round ends (the killed character is revealed)
  waits_at_round_end(game, killed) -> bool   a secret table: whether this card's rule needs the
                                         killed character's holder to show it at the round's end
                                         (the Queen beside a rank 4)
  on_destroyed(game, owner, district, by)   a district left a city destroyed, by card `by`
                                         (the Warlord, the Armory...)
  on_confiscated(game, owner, seat, district)   the Magistrate took a district from `owner`'s
                                         city into `seat`'s (the 2016 Tax Collector's tax moves)
  on_crown_passed(game, old, new)        the crown went from seat `old` to another seat (`Operations.pass_crown`)
  killed_turn(game, character, seat) -> bool   the killed character is called: True if a card (the
                                         Hospital) gives its holder something to do now; it opens
                                         a required `state.pending`, and the flow calls on after it
  power_seat(game, character, seat) -> seat             (where `character`'s abilities are this round:
                                                         common.power_seat; the Witch's bewitching)
  build_cost(game, seat, district, cost) -> cost
  build_discount(game, seat) -> gold                     (the most this card's build_cost takes off for
                                                         `seat`: move generation's cheap first filter)
  end_size(game, size) -> size                           (the city size that ends the game: the Bell Tower)
  build_limit(game, limit) -> limit                      (the current turn's; start: the character's data)
  counts_toward_limit(game, seat, district) -> bool | None   (None: no opinion; False: outside the limit,
                                                         only for a district of the types the card names
                                                         in `limit_free_types`, and only in a turn that
                                                         uses the card's powers: the build listing, once
                                                         the limit is reached, looks at no other; a
                                                         character's, declared in `own_turn_hooks`)
  destroy_surcharge(game, owner) -> (gold, exempt) | None   (what rank 8 characters pay more for
                                                         each district of `owner`'s city but those named
                                                         in `exempt`: the Great Wall; asked once a city)
  shielded_city(game) -> (seat, problem) | None         (the whole city safe from rank 8: the Bishop's;
                                                         asked once for all the cities a listing goes over)
  shield_district(game, owner, district) -> problem | None   (one district safe: the Keep)
  draw_plan(game, seat, count, keep) -> (count, keep)
  build_moves(game) -> moves                             (builds paid another way: see `build_forms`; each
                                                         of a card of the hand, within the build limit;
                                                         a character's acts only in a turn using its
                                                         powers, `own_turn_hooks`: the Cardinal's)
  allows_duplicate(game, seat, district) -> bool | None  (None: no opinion)
  can_build(game, allowed) -> allowed                    (whether the turn may build at all; start:
                                                         the character's data; a character's, acting
                                                         only in a turn using its powers, declared in
                                                         `own_turn_hooks`: the Navigator)
  end_problem(game) -> problem | None                    (a duty the turn still owes before `end`: the
                                                         Emperor's crown, the classic Navigator's bonus;
                                                         a character's only, owed in a turn using its
                                                         powers: only such a turn asks end_problem() at
                                                         its `end` listing, turn._generators)
  selection_steps(game) -> [(seat, card id)]             steps after the last pick of the selection (the
                                                         Theater): the card answers them with
                                                         selection_moves(game) and selection_apply(game, move)
  secret_selection_moves(game) -> moves    a table with secret picks, once they are made: what a card
                                         lets a player announce before the turns (the Theater's swap)
  secret_selection_apply(game, move) -> bool   plays such a move (True), or says it is not its own

Hook order (written down because it decides outcomes): characters by rank, then districts in
the order of the edition's card list, a card with a higher `order` later (the Library reads
the number of cards the Observatory shows). So the Thief's take comes before the King's crown and the
Queen's gold, and the classic Tax Collector's tax before the Poor House looks at a purse. The
lists are built once per game (`Hooks`), for the cast in play and the unique districts that
can act in it (a dealt deck's; at a table, those its position names, `hooks_named`), so move
generation pays nothing for cards that are not there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple

if TYPE_CHECKING:
    from referee.engine.facts import Rulebook

HOOKS = ("on_reveal", "on_gather", "on_build", "on_turn_end", "on_round_end", "waits_at_round_end", "on_destroyed",
         "on_confiscated", "on_crown_passed", "power_seat", "build_cost", "build_discount", "end_size", "build_limit", "counts_toward_limit", "destroy_surcharge", "shielded_city", "shield_district", "draw_plan",
         "allows_duplicate", "build_moves", "can_build", "end_problem", "selection_steps", "killed_turn",
         "secret_selection_moves", "secret_selection_apply")


class Verb(NamedTuple):
    """One verb of the notation and the rules behind it.

    parse(notation, tail) -> args; format(notation, move) -> the text after the verb ("" for
    none); apply(game, move) checks and plays it; generate(game) -> the legal moves of this verb
    now, for the acting character (called only when the verb's card acts or owns the district):
    a list, or a part too large to list or costly to make (`listing.Virtual`: the Magician's
    redraws, the Magistrate's warrants), which the turn joins with `+=` (never `extend`, which
    would make every move of it).
    `instead`: the verbs a player means when this one's arguments do not read (換牌 with a
    player's name is the Magician's swap of hands, not his redraw), tried in order.
    `apply_listed(game, move)`: where the verb's own checks cost more than a few comparisons,
    the move played without those its generator made already (`Game.apply_listed`, the move
    just listed); None: `apply`.
    """

    name: str
    words: tuple[str, ...]                         # what players type: English and Chinese
    parse: Callable
    apply: Callable
    generate: Callable | None = None
    format: Callable | None = None
    instead: tuple[str, ...] = ()
    apply_listed: Callable | None = None
    # Words written inside this verb's arguments (the draw's `keep`): typed as a verb of their
    # own (`Bob: keep Temple`), the error says to write them with this verb (`moves.py`).
    inner: tuple[str, ...] = ()


class Behaviour:
    """A card's behaviour. Subclasses set `id`, `editions`, `verbs`, `refusals` and define the
    hooks they need (see the module docstring)."""

    id: str = ""
    kind: str = "character"                        # character | district
    order: int = 0                                 # hook order among the districts (higher = later)
    editions: tuple[str, ...] = ("classic", "2016")
    verbs: tuple[Verb, ...] = ()
    hooks: tuple[str, ...] = ()                    # the HOOKS it defines: set by register()
    # Its entries in a game's hook lists, (hook, method) for each of `hooks`, and its verbs'
    # move generators, (verb, generate): set by register(), so that a cast's lists join its
    # characters' parts instead of asking each card again for every cast.
    entries: tuple[tuple[str, Callable], ...] = ()
    generators: tuple[tuple[str, Callable], ...] = ()
    # The IllegalMove keys this card raises; their texts are in the catalogs (referee/locale)
    # under `<card id>.refusal.<key>`: the engine holds no display text.
    refusals: tuple[str, ...] = ()
    # `use DISTRICT ...` for districts with an action: parse_use(notation, rest) -> args,
    # format_use(notation, args) -> text, use(game, move), generate_use(game) -> moves.
    parse_use = None
    format_use = None
    use = None
    generate_use = None
    # Builds paid another way (`build C using Framework`, `destroying`, `with cards`, `from`):
    # the forms (the word after the district) this card handles with build_with(game, move).
    build_forms: tuple[str, ...] = ()
    # A card with the counts_toward_limit hook: the district types it may take out of the limit,
    # in a turn that uses its powers (common.has_power; in another turn it takes none out).
    limit_free_types: tuple[str, ...] = ()
    # A card that answers out of turn (a `state.pending` of its kind) defines is_answer(move),
    # answer(game, move) and answers(game) -> the legal answers now; and may define
    # waiting_refusal(game) -> IllegalMove: why another move waits while its required decision is
    # open (the Seer's gives), instead of the general "decision_pending". `answers_to`: the verbs
    # of its answers — every move is looked up by verb among the answering cards in play
    # (turn.answering_card), and only theirs are asked is_answer.
    answers_to: tuple[str, ...] = ()
    # Hooks that act in some editions only (hook -> those editions): left out of the other
    # editions' lists (`Hooks`), so that no turn of them asks the hook for nothing (the classic
    # Tax Collector's tax at every turn's end of a 2016 game). The hook still checks the edition
    # itself (tests/engine/test_hooks.py: it does nothing in another edition).
    hook_editions: dict[str, tuple[str, ...]] = {}
    # Its entries in the lists of each of its editions (edition -> (hook, method)): set by register().
    entries_in: dict[str, tuple[tuple[str, Callable], ...]] = {}
    # The hooks of a character that act only in its own turn: `on_reveal` at its own reveal (the
    # crown, the Queen's gold, the Abbot's reveal-time variant, the classic tax). A reveal asks
    # only those of the character revealed (`Hooks.reveal_of`): a revealed turn uses its own
    # character's powers, or none once bewitched. And the build listing's, in a turn using its
    # powers (the Witch's part of a bewitched turn included): `build_moves` (the Cardinal's
    # borrowing; left out of the game's list), `can_build` (the Navigator's) and
    # `counts_toward_limit` (the Trader's), which a character must declare here. The turn's
    # generators list its build listing with those of the characters whose powers it uses
    # (basic.build_generator): another turn's asks none. The hook still checks it itself.
    own_turn_hooks: tuple[str, ...] = ()


# The hooks a character may declare its own turns' (`Behaviour.own_turn_hooks`): those asked by
# the turn's character or powers (a reveal, `Hooks.reveal_of`; the build listing of a turn,
# basic.build_generator, through the turn's generators).
_OWN_TURN_HOOKS = frozenset({"on_reveal", "build_moves", "can_build", "counts_toward_limit"})

_BEHAVIOURS: dict[str, Behaviour] = {}
_VERBS: dict[str, tuple[Verb, str]] = {}          # verb name -> (verb, card id; "" for the turn's basics)
_WORDS: dict[str, str] = {}                       # typed word (casefolded) -> verb name
_INNER: dict[str, str] = {}                       # a word inside a verb's arguments -> that verb
_FORMS: dict[str, Behaviour] = {}                 # a build's form (`using`...) -> the card that handles it
# verb name -> how a move of it listed now is played (`Verb.apply_listed`, else `apply`): looked
# up once per move played as listed (a listed move's verb is registered: its card listed it).
APPLY_LISTED: dict[str, Callable] = {}

# Cards register when first needed: a game loads its cast's modules and those of the unique
# districts that can act in it, and a lookup that finds nothing loads the rest before it answers,
# so every answer is the one all cards would give. The card package installs the loader (this
# module never imports the cards above it): load(card) imports the module that registers that
# card, load(None) every one; a dealt game's hook lists load its edition's districts
# (`_load_districts`). A tracked table's command then imports 9 character modules, not 27, and
# the districts of its cities, not 24 modules.
_LOADER: list = [None, False]                     # [load function, every card loaded]


def set_loader(load) -> None:
    _LOADER[0] = load


def _load(card: str | None) -> None:
    if _LOADER[1] or _LOADER[0] is None:
        return
    if card is None:
        _LOADER[0](None)
        _LOADER[1] = True
    elif card not in _BEHAVIOURS:
        _LOADER[0](card)
        if card not in _BEHAVIOURS:               # no module registers it: so none of them
            _load(None)


def _load_districts(rb: "Rulebook") -> None:
    """The modules of `rb`'s unique districts (only unique districts have behaviours): every
    district a game of its edition can meet, not the other edition's (a 2016 game's command
    does not import the Ball Room). Once per set of districts (a frozenset keeps its hash)."""
    if _LOADER[1] or _LOADER[0] is None or rb.uniques in _DISTRICTS_LOADED:
        return
    for district in sorted(rb.uniques):
        behaviour(district)
    _DISTRICTS_LOADED.add(rb.uniques)


_DISTRICTS_LOADED: set[frozenset] = set()   # the rulebooks' unique districts whose modules are loaded


def register(cls: type[Behaviour]) -> type[Behaviour]:
    """Class decorator: one behaviour per card id, its verbs and their words."""
    behaviour = cls()
    if behaviour.id in _BEHAVIOURS:
        raise ValueError(f"{behaviour.id} registered twice")
    # The hooks it defines, asked once here rather than for every hook of every card at each
    # game's set-up (a random cast is rarely shared between games: its lists are built anew).
    behaviour.hooks = tuple(hook for hook in HOOKS if hasattr(behaviour, hook))
    behaviour.entries = tuple((hook, getattr(behaviour, hook)) for hook in behaviour.hooks)
    if not behaviour.hook_editions.keys() <= set(behaviour.hooks):
        raise ValueError(f"{behaviour.id}: hook_editions names a hook it does not define")
    behaviour.entries_in = {edition: tuple(entry for entry in behaviour.entries
                                           if edition in behaviour.hook_editions.get(entry[0], (edition,)))
                            for edition in behaviour.editions}
    behaviour.generators = tuple((v.name, v.generate) for v in behaviour.verbs if v.generate is not None)
    if behaviour.own_turn_hooks and (behaviour.kind != "character"
                                     or not set(behaviour.own_turn_hooks) <= _OWN_TURN_HOOKS & set(behaviour.hooks)):
        raise ValueError(f"{behaviour.id}: own_turn_hooks names a hook it does not define, or one that is not "
                         "asked by the turn's powers (on_reveal, the build listing's), or is not a character's")
    if not {"can_build", "counts_toward_limit"} & set(behaviour.hooks) <= set(behaviour.own_turn_hooks) or (
            behaviour.kind == "character" and "build_moves" in behaviour.hooks
            and "build_moves" not in behaviour.own_turn_hooks):
        raise ValueError(f"{behaviour.id}: a character's build_moves, can_build and counts_toward_limit act in "
                         "its own turns only (own_turn_hooks): the build listing asks them only there")
    if "end_problem" in behaviour.hooks and behaviour.kind != "character":
        raise ValueError(f"{behaviour.id}: a duty before `end` is a character's (turn._generators)")
    if hasattr(behaviour, "answer") and not behaviour.answers_to:
        raise ValueError(f"{behaviour.id} answers out of turn: it must say to which verbs (answers_to)")
    for form in behaviour.build_forms:
        if form in _FORMS:
            raise ValueError(f"build form {form!r} is already {_FORMS[form].id}'s")
    _FORMS.update(dict.fromkeys(behaviour.build_forms, behaviour))
    _BEHAVIOURS[behaviour.id] = behaviour
    for verb in behaviour.verbs:
        register_verb(verb, behaviour.id)
    return cls


def register_verb(verb: Verb, owner: str = "") -> None:
    if verb.name in _VERBS:
        raise ValueError(f"verb {verb.name} registered twice")
    _VERBS[verb.name] = (verb, owner)
    APPLY_LISTED[verb.name] = verb.apply_listed or verb.apply
    for word in (verb.name, *verb.words):
        key = word.casefold()
        if _WORDS.get(key, verb.name) != verb.name:
            raise ValueError(f"{word!r} already means {_WORDS[key]}")
        _WORDS[key] = verb.name
    for word in verb.inner:
        _INNER[word.casefold()] = verb.name


def behaviour(card: str) -> Behaviour | None:
    if card not in _BEHAVIOURS:
        _load(card)
    return _BEHAVIOURS.get(card)


def behaviours() -> dict[str, Behaviour]:
    _load(None)
    return _BEHAVIOURS


def verb(name: str) -> tuple[Verb, str] | None:
    if name not in _VERBS:
        _load(None)
    return _VERBS.get(name)


def verb_named(word: str) -> str | None:
    """The verb a typed word means (`偷` → rob), or None."""
    key = word.casefold()
    if key not in _WORDS:
        _load(None)
    return _WORDS.get(key)


def verb_of_inner_word(word: str) -> str | None:
    """The verb whose arguments a word is written in (`keep` → draw), or None."""
    return _INNER.get(word.casefold())


def verb_words() -> list[str]:
    _load(None)
    return sorted(_WORDS)


def build_form(form: str) -> Behaviour | None:
    """The card that handles `build C <form> ...`: one card per form (register()), so the card
    already loaded (a game's districts and cast: the usual case) is the one every card loaded
    would give; the other cards' modules are loaded only where none has the form. (Loading them
    all at the first such build once cost a game of the base cast ~4 % of its instructions.)"""
    if form not in _FORMS:
        _load(None)
    return _FORMS.get(form)


def supported(card: str, edition: str) -> bool:
    found = behaviour(card)
    return found is not None and edition in found.editions


def playable_uniques(rb: "Rulebook") -> tuple[str, ...]:
    """The unique districts of `rb`'s edition, sorted: what a dealt game's deck draws its uniques
    from (Game.new). All of them: the engine plays every official card, which
    tests/engine/test_registry.py holds (test_every_official_card_is_registered), so nothing is
    asked of the cards here; asking `supported` of each imported every district's module at a
    command's first game (~20 modules, a few milliseconds of `simulate`'s start-up). Made once
    per rulebook."""
    found = _UNIQUES.get(id(rb))
    if found is None or found[0] is not rb:
        found = _UNIQUES[id(rb)] = (rb, tuple(sorted(rb.uniques)))
    return found[1]


_UNIQUES: dict[int, tuple] = {}            # id(rulebook) -> (rulebook, its unique districts)


def refusal_owners() -> dict[str, str]:
    """Every refusal key a card declares, with the id of that card (whose words say it)."""
    _load(None)
    return {key: found.id for found in _BEHAVIOURS.values() for key in found.refusals}


class Hooks:
    """The hook and modifier lists of one game: built once, for the cards that can be in it."""

    def __init__(self, rb: "Rulebook", characters: tuple[str, ...], uniques=None, named: frozenset | None = None):
        """`uniques`: the unique districts a dealt game's deck holds (only their hooks are
        listed: the others cannot enter the game); None where any may turn up. `named`: made for
        these unique districts only, from their modules alone (`hooks_named`): the lists
        `uniques=named` gives. The cast's entries first, then the districts', each list in the
        cards' order: two parts made once, the cast's (`_cast_part`) and the districts'
        (`_districts_part`), joined here — a dealt game's in one pass with the districts its
        deck leaves out taken out (each game deals its own uniques; a random cast is rarely
        dealt twice)."""
        self.characters = characters
        cast = _cast_part(rb, characters)
        districts = _districts_part(rb, named)
        if uniques is None:
            listed, uses, answers = districts.listed, districts.uses, districts.answers
        else:
            listed, uses, answers = districts.among(uniques)
        self.calling_order = cast.calling_order
        self.called_after = cast.called_after
        self.generators = cast.generators
        vars(self).update(listed)               # every hook: the districts' entries, as they are
        for hook, entries in cast.listed.items():
            setattr(self, hook, (*entries, *listed[hook]))
        self.uses = {**cast.uses, **uses}
        self.answers = {**cast.answers, **answers}
        self.answers_by_verb = _by_verb(self.answers)
        # (character, gathered, actions finished, powers) -> the generators a turn asks
        # (turn.py), made when first needed: shared by every game of the rulebook (`_turn_tables`).
        self.turn_generators = _turn_tables(rb, bool(self.uses))
        self.reveal_of = _of_each_turn(characters, "on_reveal", self.on_reveal)


class _Cast(NamedTuple):
    """The characters' entries of a cast's hook lists, and what else the cast alone decides."""

    # (rank, character) in calling order, and what follows each rank called (0: the round's
    # start, 10: its end): flow.call_next walks the rest of the round at every turn's end.
    calling_order: tuple
    called_after: tuple
    listed: dict[str, tuple]           # hook -> the characters' entries (only the hooks some character has)
    # Each character's move generators, as (verb, generator) (a character absent here is not
    # supported); the cards with an action (`use`) and those that answer out of turn.
    generators: dict[str, tuple]
    uses: dict
    answers: dict


# The cast's part of the hook lists, per cast: a simulation deals one cast game after game, each
# game with its own uniques (`Hooks` joins the part with the districts' its deck holds). Kept with
# the rulebook and the number of registered cards, as `_HOOKS` is.
_CASTS: dict[tuple, tuple] = {}


def _cast_part(rb: "Rulebook", characters: tuple[str, ...]) -> _Cast:
    key = (id(rb), characters, len(_BEHAVIOURS))
    found = _CASTS.get(key)
    if found is None or found[0] is not rb:
        if len(_CASTS) > 256:
            _CASTS.clear()
        order = tuple(sorted([(rb.characters[c].rank, c) for c in characters]))
        # (in calling order, the calls after a rank are a tail of it: one walk along the order,
        # not a count over the whole cast for each rank)
        called_after = []
        first = 0                               # the first call after `rank`
        for rank in range(11):
            while first < len(order) and order[first][0] <= rank:
                first += 1
            called_after.append(order[first:])
        # What the cast's cards give, gathered in one pass over them. (A card loaded here counts
        # in the next key: this entry, made with it, is then made again under that key. Loaded
        # before the key, the cast's cards would cost every game a call each.)
        listed: dict[str, tuple] = {}
        generators: dict[str, tuple] = {}
        uses: dict[str, Behaviour] = {}
        answers: dict[str, Behaviour] = {}
        edition = rb.edition
        for _, c in order:
            b = _BEHAVIOURS.get(c) or behaviour(c)
            entries = b and b.entries_in.get(edition)        # (None: not supported in the edition)
            if entries is None:
                continue
            for hook, entry in entries:
                if hook == "build_moves" and hook in b.own_turn_hooks:
                    continue        # asked only by the build listing of its turns (basic.build_generator)
                listed[hook] = listed.get(hook, ()) + (entry,)
            generators[c] = b.generators
            if b.use is not None:
                uses[c] = b
            if hasattr(b, "answer"):
                answers[c] = b
        found = _CASTS[key] = (rb, _Cast(order, tuple(called_after), listed, generators, uses, answers))
    return found[1]


def _of_each_turn(characters: tuple[str, ...], hook: str, entries: tuple) -> dict[str, tuple]:
    """character -> the entries of `hook` that may act in its turn, in their order: all but those
    of the other characters that act only in their own (`own_turn_hooks`: the King's crown was a
    call for nothing at every reveal but his). Made with each game's lists (the districts' entries
    are the deck's); the characters without such an entry share one list."""
    shared: list = []
    owners = []
    for entry in entries:
        card = entry.__self__
        if hook in card.own_turn_hooks:
            owners.append(card.id)
        else:
            shared.append(entry)
    if not owners:
        return dict.fromkeys(characters, entries)
    found = dict.fromkeys(characters, tuple(shared))
    for owner in owners:
        found[owner] = tuple([entry for entry in entries
                              if hook not in entry.__self__.own_turn_hooks or entry.__self__.id == owner])
    return found


class _Districts(NamedTuple):
    """The districts' entries of a cast's hook lists: every district of the edition the engine
    plays, the uniques among them, in the cards' order (`Behaviour.order`)."""

    listed: dict[str, tuple]           # hook -> the districts' entries
    uses: dict                         # the districts with an action
    answers: dict                      # the districts that answer out of turn
    uniques: frozenset                 # the unique districts among them
    # The entries of the hooks where a unique district has one, as (hook, district, entry), in
    # the cards' order; and those hooks, each with no entry (what `among` starts from).
    unique_entries: tuple
    unique_hooks: dict

    def among(self, uniques) -> tuple[dict, dict, dict]:
        """`listed`, `uses` and `answers` without the unique districts outside `uniques` (a dealt
        deck's), in the same order: the entries of the hooks where a unique district is listed
        taken again in one pass, those whose district is in the deck."""
        absent = self.uniques.difference(uniques)
        listed = {**self.listed, **self.unique_hooks}
        for hook, district, entry in self.unique_entries:
            if district not in absent:
                listed[hook] += (entry,)
        return (listed, {d: b for d, b in self.uses.items() if d not in absent},
                {d: b for d, b in self.answers.items() if d not in absent})


# The districts' part of the hook lists, one per rulebook (and per set of unique districts named,
# `hooks_named`): it depends on the rulebook and the registered cards only, not on the cast, so a
# cast seen for the first time (a random cast is rarely dealt twice) lists its characters' hooks
# and joins these, instead of going over every district of the edition again. Kept with the
# rulebook and the number of registered cards, as `_HOOKS` is.
_DISTRICTS: dict[tuple, tuple] = {}


def _districts_part(rb: "Rulebook", named: frozenset | None = None) -> _Districts:
    """Every district of the edition the engine plays (all their modules loaded), or with `named`
    the unique districts among those only (their modules alone loaded: only unique districts
    have behaviours, tests/engine/test_hooks.py)."""
    if named is None:
        _load_districts(rb)
    else:
        for district in named:
            behaviour(district)
    key = (id(rb), named, len(_BEHAVIOURS))
    found = _DISTRICTS.get(key)
    if found is None or found[0] is not rb:
        if len(_DISTRICTS) > 16:
            _DISTRICTS.clear()
        ordered = [_BEHAVIOURS[d] for d in sorted((d for d in rb.districts if d in _BEHAVIOURS
                                                   and rb.edition in _BEHAVIOURS[d].editions
                                                   and (named is None or d in named)),
                                                  key=lambda d: _BEHAVIOURS[d].order)]
        edition = rb.edition
        entries = [(h, b.id, m) for b in ordered for h, m in b.entries_in[edition]]
        listed = {hook: tuple(m for h, _, m in entries if h == hook) for hook in HOOKS}
        uniques = frozenset(b.id for b in ordered if rb.districts[b.id].type == "unique")
        unique_hooks = {h: () for h, d, _ in entries if d in uniques}
        found = _DISTRICTS[key] = (rb, _Districts(
            listed, {b.id: b for b in ordered if b.use is not None}, {b.id: b for b in ordered if hasattr(b, "answer")},
            uniques, tuple(entry for entry in entries if entry[0] in unique_hooks), unique_hooks))
    return found[1]


# The turn tables (Hooks.turn_generators), one per rulebook and per whether any district in the
# game has an action (`uses`): an entry is a function of its key (the turn's character and facts;
# for a part of a split turn that allows some verbs only, also those verbs, turn._part_asked), of the
# rulebook and of the characters' own generators, which are the same in every cast
# (turn._generators), so every game of the edition shares one table, random casts included. Its
# size is bounded by the characters and the facts of a turn (a few hundred entries), not by the
# casts dealt (tables kept per cast were work for the collector: 1 % of random casts' instructions).
# The rulebook is kept in the entry so that its id cannot be reused while the entry lives; the
# number of registered cards is in the key in case a card registers later (as in `_HOOKS`).
_TURN_TABLES: dict[tuple, tuple] = {}


def _turn_tables(rb: "Rulebook", uses: bool) -> dict:
    key = (id(rb), uses, len(_BEHAVIOURS))
    found = _TURN_TABLES.get(key)
    if found is None or found[0] is not rb:
        if len(_TURN_TABLES) > 16:
            _TURN_TABLES.clear()
        found = _TURN_TABLES[key] = (rb, {})
    return found[1]


def _by_verb(answers: dict) -> dict[str, tuple]:
    """verb -> the answering cards that answer moves of it, in the cards' order."""
    found: dict[str, tuple] = {}
    for card in answers.values():
        for verb in card.answers_to:
            found[verb] = found.get(verb, ()) + (card,)
    return found


# Hooks for (rulebook, cast) already built: a Hooks holds only tuples and dicts read, never
# changed, so games with the same rulebook and cast share one (building it runs hasattr for
# every hook of every card, a large part of setting up a short simulated game). The rulebook
# object is kept in the entry so that its id cannot be reused while the entry lives; the
# number of registered cards is in the key in case a card registers later.
_HOOKS: dict[tuple, tuple["Rulebook", Hooks]] = {}


def hooks_for(rb: "Rulebook", characters, uniques=None) -> Hooks:
    """The hook lists for a cast, shared between games; `uniques`: the unique districts a dealt
    game's deck holds (None: any may turn up, as at a table whose deck is unknown). A dealt
    game's lists are its own (each deals its own uniques: they are rarely shared), joined from
    the parts that are shared."""
    characters = tuple(characters)
    _load_districts(rb)                 # (before the key: the full lists hold every district)
    if uniques is not None:
        return Hooks(rb, characters, uniques)
    return _shared(rb, (characters, len(_BEHAVIOURS)), lambda: Hooks(rb, characters))


def _shared(rb: "Rulebook", key: tuple, make) -> Hooks:
    """The lists kept in `_HOOKS` under (the rulebook, `key`), made by `make()` the first time."""
    key = (id(rb), *key)
    found = _HOOKS.get(key)
    if found is None or found[0] is not rb:
        if len(_HOOKS) > 256:
            _HOOKS.clear()
        found = _HOOKS[key] = (rb, make())
    return found[1]


def hooks_named(rb: "Rulebook", characters, named: frozenset) -> Hooks:
    """The hook lists of a game whose deck is not known (a table, a situation) for the unique
    districts `named` (those its position names: `Game._cover` asks again for more as others
    turn up), made from their modules alone: the lists `hooks_for(rb, characters, named)` gives,
    without loading every district's module (most of a table command's engine import)."""
    characters = tuple(characters)
    for district in named:
        behaviour(district)             # (before the key: loading registers cards)
    return _shared(rb, (characters, named, len(_BEHAVIOURS)), lambda: Hooks(rb, characters, named=named))
