"""A situation file (shared/spec/situations.md §1) → an engine `Game` and the moves to rule on.

Everything a file can get wrong is reported as one `BadSituation` line naming the key's path;
a position that cannot exist (too many copies, a duplicate no power allows…) is refused too.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass

from referee.engine import Game, Rulebook
from referee.engine.scoring import city_size
from referee.engine.state import UNKNOWN, Built, Player, State
from referee.errors import AmbiguousName, BadSituation, UnknownName

TOP_KEYS = {"edition", "question", "variants", "table", "players", "play"}
TABLE_KEYS = {"crown", "round", "end_at", "first_complete", "tax_pool", "characters", "deck", "bell_tower",
              "phase", "secret"}
PLAYER_KEYS = {"name", "characters", "gold", "hand", "city"}
PLAY_KEYS = {"history", "moves"}
DISTRICT_KEYS = {"name", "stored", "beautified", "built_round"}


@dataclass
class Situation:
    edition: str
    question: str | None
    game: Game
    moves: list[str]
    unsupported: list[str]


def read_text(text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadSituation(f"not valid TOML: {error}") from error


def edition_of(data: dict) -> str:
    edition = str(data.get("edition", "2016"))
    if edition not in ("2016", "classic"):
        raise BadSituation(f"edition: {edition!r} is not one of 2016, classic")
    return edition


def _check_keys(table: dict, allowed: set[str], path: str) -> None:
    for key in table:
        if key not in allowed:
            where = f"{path}.{key}" if path else key
            raise BadSituation(f"unknown key {where!r}; allowed here: {', '.join(sorted(allowed))}")


def _type(value, kind, path: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = {int: "a whole number", str: "text", list: "a list", dict: "a table", bool: "true or false"}[kind]
        raise BadSituation(f"{path}: expected {name}, got {value!r}")
    return value


def _name(rb: Rulebook, text: str, kind: str, path: str, in_play: set[str] | None = None) -> str:
    if not isinstance(text, str):
        raise BadSituation(f"{path}: expected a name, got {text!r}")
    if kind == "character" and (text.strip().isdigit()):
        found = [c for c in rb.by_rank(int(text)) if in_play is None or c in in_play]
    else:
        found = rb.lookup(text, kind)
        if in_play and len(found) > 1:
            found = [c for c in found if c in in_play] or found
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise AmbiguousName(kind, text, [rb.name(c) for c in found])
    from rapidfuzz import fuzz, process

    pool = rb.characters if kind == "character" else rb.districts
    names = [c.name for c in pool.values()]
    close = [n for n, _, _ in process.extract(text, names, scorer=fuzz.WRatio, limit=3)]
    raise UnknownName(kind, text, close)


def load(data: dict, rb: Rulebook, seed: int = 0) -> Situation:
    """Build the position described by `data` (already parsed TOML) for the rulebook's edition."""
    _check_keys(data, TOP_KEYS, "")
    edition = rb.edition
    table = _type(data.get("table", {}), dict, "table")
    _check_keys(table, TABLE_KEYS, "table")
    variants = frozenset(_type(data.get("variants", []), list, "variants"))
    for variant in variants:
        _type(variant, str, "variants")

    if "characters" in table:
        cast = [_name(rb, c, "character", f"table.characters[{i}]") for i, c in
                enumerate(_type(table["characters"], list, "table.characters"))]
    else:
        cast = list(rb.standard_characters())
    if len(set(cast)) != len(cast):
        raise BadSituation("table.characters: a character is listed twice")

    raw_players = _type(data.get("players", []), list, "players")
    if not 2 <= len(raw_players) <= 8:
        raise BadSituation(f"players: {len(raw_players)} players; a game has 2 to 8")
    players: list[Player] = []
    held: Counter[str] = Counter()
    known: Counter[str] = Counter()
    for i, raw in enumerate(raw_players):
        path = f"players[{i}]"
        _type(raw, dict, path)
        _check_keys(raw, PLAYER_KEYS, path)
        if "name" not in raw:
            raise BadSituation(f"{path}: a player needs a name")
        name = _type(raw["name"], str, f"{path}.name").strip()
        if any(p.name.casefold() == name.casefold() for p in players):
            raise BadSituation(f"{path}.name: two players are called {name!r}")
        chars = [_name(rb, c, "character", f"{path}.characters", set(cast)) for c in
                 _type(raw.get("characters", []), list, f"{path}.characters")]
        limit = 2 if len(raw_players) < int(rb.setup.get("two_characters_below", 4)) else 1
        if len(chars) > limit:
            raise BadSituation(f"{path}.characters: at most {limit} character(s) each with {len(raw_players)} players")
        for c in chars:
            if c not in cast:
                raise BadSituation(f"{path}.characters: {rb.name(c)} is not in the character set "
                                   f"({', '.join(rb.name(x) for x in cast)}); list it in table.characters")
            held[c] += 1
        gold = _type(raw.get("gold", 0), int, f"{path}.gold")
        if gold < 0:
            raise BadSituation(f"{path}.gold: negative gold ({gold})")
        hand = []
        for j, card in enumerate(_type(raw.get("hand", []), list, f"{path}.hand")):
            card_id = UNKNOWN if card == UNKNOWN else _name(rb, card, "district", f"{path}.hand[{j}]")
            hand.append(card_id)
            if card_id != UNKNOWN:
                known[card_id] += 1
        city = [_district(rb, entry, f"{path}.city[{j}]", known)
                for j, entry in enumerate(_type(raw.get("city", []), list, f"{path}.city"))]
        players.append(Player(name, gold, hand, city, chars))
    for character, count in held.items():
        if count > 1:
            raise BadSituation(f"players: {rb.name(character)} is held by {count} players")

    deck_top = [_name(rb, c, "district", f"table.deck[{i}]") for i, c in
                enumerate(_type(table.get("deck", []), list, "table.deck"))]
    known.update(deck_top)
    for card, count in known.items():
        copies = rb.districts[card].copies
        if count > copies:
            raise BadSituation(f"{rb.name(card)}: {count} in play, but the {edition} edition has {copies}")
    for i, player in enumerate(players):
        ids = [b.id for b in player.city]
        dupes = [c for c, n in Counter(ids).items() if n > 1]
        if dupes and not player.has_built("quarry"):
            raise BadSituation(f"players[{i}].city: {rb.name(dupes[0])} twice, and no power allows a duplicate")

    state = State(players=players, characters=tuple(cast), variants=variants)
    state.round = _type(table.get("round", 1), int, "table.round")
    state.end_at = _type(table.get("end_at", 0), int, "table.end_at")
    state.tax_pool = _type(table.get("tax_pool", 0), int, "table.tax_pool")
    state.crown = _seat(players, table.get("crown"), "table.crown", default=0)
    deck_size = rb.deck_size()
    in_play = sum(len(p.hand) + len(p.city) + sum(len(b.stored) for b in p.city) for p in players)
    state.deck = deck_top + [UNKNOWN] * max(0, deck_size - in_play - len(deck_top))
    coins_out = sum(p.gold for p in players) + state.tax_pool + sum(b.beautified for p in players for b in p.city)
    state.bank = int(rb.setup["bank"]) - coins_out
    unlimited = (rb.unlimited_bank or "unlimited-bank" in variants) and "finite-bank" not in variants
    if state.bank < 0 and not unlimited:
        raise BadSituation(f"players: {coins_out} gold in play, but the bank holds only {rb.setup['bank']}")
    if _type(table.get("bell_tower", False), bool, "table.bell_tower"):
        if edition != "classic" or not any(p.has_built("bell-tower") for p in players):
            raise BadSituation("table.bell_tower: the Bell Tower must stand in a city (classic edition)")
        state.bell_tower = True
    if "first_complete" in table:
        first = _seat(players, table["first_complete"], "table.first_complete", default=None)
        state.completed.append(first)
        state.ending = True
        if state.bell_tower:
            state.first_bonus = [first]
    phase = _type(table.get("phase", "turns"), str, "table.phase")
    if phase not in ("turns", "selection"):
        raise BadSituation(f"table.phase: {phase!r} is not one of turns, selection")
    secret = _type(table.get("secret", False), bool, "table.secret")
    if phase == "selection" and any(p.characters for p in players):
        raise BadSituation("table.phase: in the selection phase nobody holds a character yet")
    if secret and phase != "selection":
        raise BadSituation("table.secret: secret picks need phase = \"selection\"")
    game = Game(rb, state, seed, table=True, secret_selection=secret)
    for seat in range(len(players)):
        if seat not in state.completed and city_size(rb, players[seat].city) >= game.end_at:
            state.completed.append(seat)
            state.ending = True

    play = _type(data.get("play", {}), dict, "play")
    _check_keys(play, PLAY_KEYS, "play")
    history = [_type(m, str, "play.history") for m in _type(play.get("history", []), list, "play.history")]
    moves = [_type(m, str, "play.moves") for m in _type(play.get("moves", []), list, "play.moves")]
    if phase == "selection":
        game.begin_selection()
    else:
        game.start_turns()
    from referee.engine import IllegalMove
    from referee.errors import BadMove

    for text in history:
        try:
            game.apply(game.parse(text))
        except (IllegalMove, BadMove) as error:
            raise BadSituation(f"play.history: {text!r} is not legal here ({getattr(error, 'key', error)})") from error
    game._undo.clear()
    from referee.engine.registry import supported

    unsupported = [rb.name(c) for c in cast if not supported(c, edition)]
    built = {b.id for p in players for b in p.city}
    unsupported += sorted(rb.name(d) for d in built
                          if rb.districts[d].type == "unique" and not supported(d, edition))
    return Situation(edition, data.get("question"), game, moves, unsupported)


def _district(rb: Rulebook, entry, path: str, known: Counter) -> Built:
    if isinstance(entry, str):
        card = _name(rb, entry, "district", path)
        known[card] += 1
        return Built(card)
    _type(entry, dict, path)
    _check_keys(entry, DISTRICT_KEYS, path)
    if "name" not in entry:
        raise BadSituation(f"{path}: a district table needs a name")
    card = _name(rb, entry["name"], "district", f"{path}.name")
    known[card] += 1
    stored = _type(entry.get("stored", 0), int, f"{path}.stored")
    if stored and card != "museum":
        raise BadSituation(f"{path}.stored: only the Museum holds cards")
    return Built(card, _type(entry.get("built_round", 0), int, f"{path}.built_round"), (UNKNOWN,) * stored,
                 _type(entry.get("beautified", False), bool, f"{path}.beautified"))


def _seat(players: list[Player], name, path: str, default):
    if name is None:
        return default
    _type(name, str, path)
    for seat, player in enumerate(players):
        if player.name.casefold() == name.strip().casefold():
            return seat
    raise UnknownName("player", name, [p.name for p in players])
