"""A situation file (docs/situations.md §1) → an engine `Game` and the moves to rule on.

Everything a file can get wrong is reported as one `BadSituation` line naming the key's path;
a position that cannot exist (too many copies, a duplicate no power allows…) is refused too.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter

from referee.casting import card_id as _name, read_cast, type_checked as _type  # noqa: F401 (read_cast: for its importers)
from referee.engine import Game, Rulebook
from referee.engine.casts import excluded_uniques, listed_twice
from referee.engine.scoring import city_size
from referee.engine.state import UNKNOWN, Built, Player, State
from referee.errors import BadSituation, Inner, Listed, Named, Said, UnknownName, card_mark, Typed, Written

TOP_KEYS = {"edition", "question", "language", "variants", "table", "players", "play"}
TABLE_KEYS = {"crown", "round", "end_at", "first_complete", "tax_pool", "characters", "deck", "bell_tower",
              "phase", "secret"}
PLAYER_KEYS = {"name", "characters", "gold", "hand", "city"}
PLAY_KEYS = {"history", "moves"}
DISTRICT_KEYS = {"name", "stored", "beautified", "built_round"}


# Records made once per file, never compared or printed: plain classes (a dataclass compiles
# its __init__ from source at every import, at the start of every `ask` and `score`).
class Situation:
    """A situation file read: the edition, the question, the game set up, the moves to rule on,
    the cards it names that the engine does not play, what happened before the first move."""

    def __init__(self, edition: str, question: str | None, game: Game, moves: list[str], unsupported: list[str],
                 opening: list[dict] | None = None) -> None:
        self.edition = edition
        self.question = question
        self.game = game
        self.moves = moves
        self.unsupported = unsupported
        self.opening = [] if opening is None else opening


def _edition(edition: str) -> Said:
    """An edition as a refusal says it: its id in English (`the classic edition`), its name in Chinese."""
    return Said("edition.bare." + edition)


# tomllib says where in English at the end of its reason: "… (at line 1, column 10)" or
# "… (at end of document)". Only the place is kept: the reason is English the player may not read.
# (A pattern, compiled by `re` when a file is refused: not at every `ask`.)
_TOML_PLACE = r"\(at (?:line (\d+), column (\d+)|(end of document))\)\s*$"


def read_text(text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        place = re.search(_TOML_PLACE, str(error))
        if place is None:
            raise BadSituation.say("error.situation.toml") from error
        if place.group(3):
            raise BadSituation.say("error.situation.toml.end") from error
        raise BadSituation.say("error.situation.toml.at", line=int(place.group(1)),
                               column=int(place.group(2))) from error


def edition_of(data: dict) -> str:
    edition = str(data.get("edition", "2016"))
    if edition not in ("2016", "classic"):
        raise BadSituation.say("error.situation.edition", edition=Typed(str(edition)))
    return edition


def _check_keys(table: dict, allowed: set[str], path: str) -> None:
    for key in table:
        if key not in allowed:
            where = f"{path}.{key}" if path else key
            raise BadSituation.say("error.situation.unknown_key", where=where, allowed=Listed(sorted(allowed)))


def _count(value, path: str, low: int, high: int, why: Said) -> int:
    """A whole number the game bounds: `why` says where the bound comes from (in English only:
    the Chinese text never said it)."""
    _type(value, int, path)
    if not low <= value <= high:
        raise BadSituation.say("error.situation.out_of_range", path=path, value=value, why=why, low=low, high=high)
    return value


# Bounds the rules do not state but every real game keeps: a game lasts a few dozen rounds at
# most (scripts that simulate stop at 100), and even with an unlimited bank no table holds more
# than a few hundred coins.
MAX_ROUND = 100
MAX_GOLD_UNLIMITED = 999
MAX_END_AT = 20


def _language(language) -> None:
    """`language`, when given: a code a catalog speaks (`en`, `zh-Hant`, `zh-Hans`, any case)."""
    if language is None:
        return
    from referee import messages

    _type(language, str, "language")
    codes = messages.languages()
    if language.strip().lower() not in {code.lower() for code in codes}:
        raise BadSituation.say("error.situation.language", language=Typed(language), choices=Listed(codes))


def load(data: dict, rb: Rulebook, seed: int = 0, known_variants: dict[str, list[str]] | None = None) -> Situation:
    """Build the position described by `data` (already parsed TOML) for the rulebook's edition."""
    _type(data, dict, "the file")
    _check_keys(data, TOP_KEYS, "")
    edition = rb.edition
    question = data.get("question")
    if question is not None:
        _type(question, str, "question")
    _language(data.get("language"))
    table = _type(data.get("table", {}), dict, "table")
    _check_keys(table, TABLE_KEYS, "table")
    variants = _variants(data.get("variants", []), edition, known_variants)
    unlimited = rb.bank_unlimited(variants)
    max_gold = MAX_GOLD_UNLIMITED if unlimited else int(rb.setup["bank"])
    gold_why = Said("error.situation.why.unlimited") if unlimited else Said("error.situation.why.bank", gold=max_gold)
    deck_size = rb.deck_size()

    raw_players = _type(data.get("players", []), list, "players")
    if not 2 <= len(raw_players) <= 8:
        count = len(raw_players)
        raise BadSituation.say("error.situation.one_player" if count == 1 else "error.situation.players", count=count)
    preset = None
    if "characters" in table:
        cast, preset = read_cast(rb, table["characters"], len(raw_players), "table.characters")
    else:
        # The contract's default: the edition's standard eight (not checked against the player
        # count, so that a file need not name a rank 9 character it does not use).
        cast = list(rb.standard_characters())
    players: list[Player] = []
    held: Counter[str] = Counter()
    known: Counter[str] = Counter()
    limits = _Limits(rb, len(raw_players), cast, max_gold, gold_why)
    for i, raw in enumerate(raw_players):
        player = _player(rb, raw, f"players[{i}]", players, limits, known)
        held.update(player.characters)
        players.append(player)
    for character, count in held.items():
        if count > 1:
            raise BadSituation.say("error.situation.held_twice", card=rb.name(character), count=count)

    deck_top = [_name(rb, c, "district", f"table.deck[{i}]") for i, c in
                enumerate(_type(table.get("deck", []), list, "table.deck"))]
    known.update(deck_top)
    for card, count in known.items():
        copies = rb.districts[card].copies
        if count > copies:
            raise BadSituation.say("error.situation.copies", card=rb.name(card), count=count, copies=copies,
                                   edition=_edition(edition))
    _check_uniques(rb, cast, preset, known)
    for i, player in enumerate(players):
        ids = [b.id for b in player.city]
        dupes = [c for c, n in Counter(ids).items() if n > 1]
        if dupes and not player.has_built("quarry"):
            raise BadSituation.say("error.situation.duplicate", i=i, card=rb.name(dupes[0]))

    state = State(players=players, characters=tuple(cast), variants=variants)
    state.round = _count(table.get("round", 1), "table.round", 1, MAX_ROUND, Said("error.situation.why.round"))
    for i, player in enumerate(players):
        for j, built in enumerate(player.city):
            if built.built_round > state.round:
                raise BadSituation.say("error.situation.built_later", i=i, j=j, built=built.built_round, round=state.round)
    if "end_at" in table:
        state.end_at = _count(table["end_at"], "table.end_at", 1, MAX_END_AT, Said("error.situation.why.end_at"))
    state.tax_pool = _count(table.get("tax_pool", 0), "table.tax_pool", 0, max_gold, gold_why)
    if state.tax_pool and edition != "2016":
        raise BadSituation.say("tax-collector.error.tax_pool")
    state.crown = _seat(players, table.get("crown"), "table.crown", default=0)
    in_play = sum(len(p.hand) + len(p.city) + sum(len(b.stored) for b in p.city) for p in players)
    if in_play + len(deck_top) > deck_size:
        raise BadSituation.say("error.situation.too_many_cards", count=in_play + len(deck_top),
                               deck=Said("error.situation.why.deck", edition=Said("edition.bare." + edition), size=deck_size))
    state.deck = deck_top + [UNKNOWN] * (deck_size - in_play - len(deck_top))
    coins_out = sum(p.gold for p in players) + state.tax_pool + sum(b.beautified for p in players for b in p.city)
    state.bank = int(rb.setup["bank"]) - coins_out
    if coins_out > max_gold and unlimited:
        raise BadSituation.say("error.situation.too_much_gold", gold=coins_out, most=max_gold)
    if state.bank < 0 and not unlimited:
        raise BadSituation.say("error.situation.bank", gold=coins_out, bank=rb.setup["bank"])
    if _type(table.get("bell_tower", False), bool, "table.bell_tower"):
        if edition != "classic" or not any(p.has_built("bell-tower") for p in players):
            raise BadSituation.say("bell-tower.error.not_built")
        state.bell_tower = True
    phase = _type(table.get("phase", "turns"), str, "table.phase")
    if phase not in ("turns", "selection"):
        raise BadSituation.say("error.situation.phase", phase=phase)
    secret = _type(table.get("secret", False), bool, "table.secret")
    if phase == "selection" and any(p.characters for p in players):
        raise BadSituation.say("error.situation.selection_holds")
    if secret and phase != "selection":
        raise BadSituation.say("error.situation.secret")
    game = Game(rb, state, seed, table=True, secret_selection=secret)
    state.completed = _completed(rb, game, table)
    state.ending = bool(state.completed)

    play = _type(data.get("play", {}), dict, "play")
    _check_keys(play, PLAY_KEYS, "play")
    history = [_type(m, str, "play.history") for m in _type(play.get("history", []), list, "play.history")]
    moves = [_type(m, str, "play.moves") for m in _type(play.get("moves", []), list, "play.moves")]
    if phase == "selection" or not any(p.characters for p in players):
        # Nobody holds a character yet: the table is in this round's selection phase (turns
        # would find no one to call and move on to the next round).
        game.begin_selection()
    else:
        game.start_turns()
    # What happens before any move (the first character's reveal, the King taking the crown)
    # is reported as such; with a history it is part of what was already played.
    opening = [] if history else list(game._events)
    game._events = []
    from referee.engine import IllegalMove
    from referee.errors import BadMove

    for text in history:
        try:
            game.apply(parse_move(game, text))
        except BadMove as error:
            raise BadSituation.say("error.situation.history", error=Inner(error)) from error
        except IllegalMove as error:
            raise BadSituation.say("error.situation.history_illegal", text=Typed(text), why=_Refusal(game.rb, error)) from error
    game._undo.clear()
    from referee.engine.registry import supported

    unsupported = [rb.name(c) for c in cast if not supported(c, edition)]
    built = {b.id for p in players for b in p.city}
    unsupported += sorted(rb.name(d) for d in built
                          if rb.districts[d].type == "unique" and not supported(d, edition))
    return Situation(edition, question, game, moves, unsupported, opening)


def _check_uniques(rb: Rulebook, cast, preset, known: Counter) -> None:
    """The unique districts seen anywhere must be in the game: those of the preset, and none that
    the cast takes out of the deck (classic: no Hospital with the Witch)."""
    seen = sorted(d for d in known if rb.districts[d].type == "unique")
    barred = excluded_uniques(rb, cast)
    for district in seen:
        if preset is not None and district not in preset.uniques:
            raise BadSituation.say("error.situation.unique_not_in_preset", district=card_mark(rb.name(district)),
                                   preset=Named(preset.names))
        if district in barred:
            by = next(c for c in cast if district in excluded_uniques(rb, [c]))
            raise BadSituation.say("error.situation.unique_barred", district=card_mark(rb.name(district)),
                                   by=card_mark(rb.name(by)), edition=Said("edition.bare." + rb.edition),
                                   rule="setup.incompatible-cards." + rb.edition)


def _completed(rb: Rulebook, game: Game, table: dict) -> list[int]:
    """The seats whose city is complete, the first completer first. A city is complete at the
    edition's size for the player count (the Bell Tower and the Monument as the rules say); who
    was first must be stated when two are, and must be one of them."""
    state, players = game.state, game.state.players
    complete = [seat for seat in range(len(players)) if city_size(rb, players[seat].city) >= game.end_at]
    if "first_complete" in table:
        first = _seat(players, table["first_complete"], "table.first_complete", default=None)
        if first not in complete:
            raise BadSituation.say("error.situation.first_not_complete", name=Typed(players[first].name),
                                   size=city_size(rb, players[first].city), end=game.end_at,
                                   why=_why_size(rb, state, game))
        complete.remove(first)
        complete.insert(0, first)
        if state.bell_tower:
            state.first_bonus = [first]
    elif len(complete) > 1:
        raise BadSituation.say("error.situation.first_of_many", players=Listed([players[s].name for s in complete]))
    return complete


def parse_move(game: Game, text: str):
    """A move from its notation; a mistyped verb gets the nearest verbs as a hint, as names do."""
    from referee.errors import BadMove

    try:
        return game.parse(text)
    except (ValueError, IndexError) as error:
        # The notation reader met a form it does not expect (`²: gold`): still a bad input.
        raise BadMove.say("error.move.unreadable", text=Typed(text)) from error
    except BadMove as error:
        if not str(error).startswith("unknown verb"):
            raise
        head = re.split(r"[:：]", text, maxsplit=1)[1].strip().partition(" ")[0]
        close = _closest_verbs(head)
        raise BadMove.say("error.move.unknown_verb", head=Typed(head), text=Typed(text),
                          hint=Said("error.did_you_mean", names=Listed(close)) if close else "") from error


def _closest_verbs(head: str) -> list:
    """The verbs closest to a mistyped one, closest first: a Chinese one as `table do` finds them
    (said in the reader's script), one in Latin letters by its letters (`gld` → gold)."""
    from rapidfuzz import fuzz, process

    from referee.engine.moves import chinese_verbs_like
    from referee.engine.registry import verb_words
    from referee.text import has_cjk

    if has_cjk(head):
        return [Written(verb) for verb in chinese_verbs_like(head)[:3]]
    found = process.extract(head.lower(), verb_words(), scorer=fuzz.WRatio, limit=3, score_cutoff=60)
    return [verb for verb, _, _ in found]


class _Limits:
    """What bounds one player's entry: the table's size, cast, bank and deck."""

    def __init__(self, rb: Rulebook, seats: int, cast: list[str], max_gold: int, gold_why: Said) -> None:
        self.rb = rb
        self.seats = seats
        self.cast = cast
        self.max_gold = max_gold
        self.gold_why = gold_why

    @property
    def deck_size(self) -> int:
        return self.rb.deck_size()

    @property
    def cards_why(self) -> Said:
        return Said("error.situation.why.deck_cards", edition=Said("edition.bare." + self.rb.edition), size=self.deck_size)


def _player(rb: Rulebook, raw, path: str, seated: list[Player], limits: _Limits, known: Counter) -> Player:
    """One `[[players]]` entry; `known` counts the named district cards across the table."""
    _type(raw, dict, path)
    _check_keys(raw, PLAYER_KEYS, path)
    if "name" not in raw:
        raise BadSituation.say("error.situation.no_name", path=path)
    name = " ".join(_type(raw["name"], str, f"{path}.name").split())
    if not name:
        raise BadSituation.say("error.situation.empty_name", path=path)
    if any(mark in name for mark in ":：") or len(name) > 40:
        # Moves are written `NAME: VERB`: a colon would split the name.
        raise BadSituation.say("error.situation.long_name", path=path, name=Typed(name[:40]))
    if any(p.name.casefold() == name.casefold() for p in seated):
        raise BadSituation.say("error.situation.same_name", path=path, name=Typed(name))
    cast = limits.cast
    chars = [_name(rb, c, "character", f"{path}.characters[{i}]", set(cast)) for i, c in
             enumerate(_type(raw.get("characters", []), list, f"{path}.characters"))]
    twice = listed_twice(rb, chars)          # (one player's list: not "held by two players")
    if twice:
        raise BadSituation.say("error.situation.cast", path=f"{path}.characters", problem=twice.said)
    limit = 2 if limits.seats < int(rb.setup.get("two_characters_below", 4)) else 1
    if len(chars) > limit:
        raise BadSituation.say("error.situation.characters_each", path=path, limit=limit, seats=limits.seats)
    for c in chars:
        if c not in cast:
            raise BadSituation.say("error.situation.not_in_cast", path=path, card=rb.name(c),
                                   cast=Listed([card_mark(rb.name(x)) for x in cast]))
    gold = _type(raw.get("gold", 0), int, f"{path}.gold")
    if gold < 0:
        raise BadSituation.say("error.situation.negative_gold", path=path, gold=gold)
    _count(gold, f"{path}.gold", 0, limits.max_gold, limits.gold_why)
    hand = []
    raw_hand = _type(raw.get("hand", []), list, f"{path}.hand")
    if len(raw_hand) > limits.deck_size:
        raise BadSituation.say("error.situation.hand_too_big", path=path, count=len(raw_hand), deck=limits.cards_why)
    for j, card in enumerate(raw_hand):
        card_id = UNKNOWN if card == UNKNOWN else _name(rb, card, "district", f"{path}.hand[{j}]")
        hand.append(card_id)
        if card_id != UNKNOWN:
            known[card_id] += 1
    raw_city = _type(raw.get("city", []), list, f"{path}.city")
    if len(raw_city) > limits.deck_size:
        raise BadSituation.say("error.situation.city_too_big", path=path, count=len(raw_city), deck=limits.cards_why)
    city = [_district(rb, entry, f"{path}.city[{j}]", known, limits.deck_size) for j, entry in enumerate(raw_city)]
    return Player(name, gold, hand, city, chars)


def _district(rb: Rulebook, entry, path: str, known: Counter, deck_size: int) -> Built:
    if isinstance(entry, str):
        card = _name(rb, entry, "district", path)
        known[card] += 1
        return Built(card)
    _type(entry, dict, path)
    _check_keys(entry, DISTRICT_KEYS, path)
    if "name" not in entry:
        raise BadSituation.say("error.situation.district_name", path=path)
    card = _name(rb, entry["name"], "district", f"{path}.name")
    known[card] += 1
    stored = _count(entry.get("stored", 0), f"{path}.stored", 0, deck_size, Said("museum.error.why.stored", size=deck_size))
    if stored and card != "museum":
        raise BadSituation.say("museum.error.stored", path=path)
    built_round = _count(entry.get("built_round", 0), f"{path}.built_round", 0, MAX_ROUND, Said("error.situation.why.built_round"))
    return Built(card, built_round, (UNKNOWN,) * stored,
                 _type(entry.get("beautified", False), bool, f"{path}.beautified"))


def _why_size(rb: Rulebook, state: State, game: Game) -> Said:
    """Where the completing size comes from, as a player would check it."""
    if state.end_at:
        return Said("error.situation.size.end_at")
    kind = "bell_tower" if state.bell_tower else "edition"
    return Said("error.situation.size." + kind, edition=Said("edition.bare." + rb.edition), players=len(state.players))


class _Refusal:
    """The engine's sentence for a move of the history it refused, in the message's language (its
    card names marked for the CLI), never its key."""

    def __init__(self, rb: Rulebook, error):
        self.rb, self.error = rb, error

    def render(self, lang: str) -> str:
        from referee.refusals import reason

        rb = self.rb
        values = {k: card_mark(rb.name(v)) if isinstance(v, str) and (v in rb.characters or v in rb.districts) else v
                  for k, v in self.error.values.items()}
        return reason(self.error.key, values, lang)


def _variants(value, edition: str, known: dict[str, list[str]] | None) -> frozenset[str]:
    from referee.catalog.variants import check_variants

    return check_variants(_type(value, list, "variants"), edition, known,
                          entry=lambda i, variant: _type(variant, str, f"variants[{i}]"))


def _seat(players: list[Player], name, path: str, default):
    if name is None:
        return default
    _type(name, str, path)
    for seat, player in enumerate(players):
        if player.name.casefold() == name.strip().casefold():
            return seat
    raise UnknownName("player", name, [p.name for p in players])
