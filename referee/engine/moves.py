"""Moves and their notation (`ACTOR: VERB ARGS`, docs/situations.md §2).

A `Move` holds canonical tokens: card ids, player names as seated, numbers. `Notation` parses
and prints them against one game's rulebook and seats. The verbs themselves — their words in
English and Chinese, their argument shapes and how they print — are registered by the cards
that own them (`registry.py`), so parsing and printing sit side by side in each card's module
and every printed move parses back to itself. Names and ranks go through one parser.
"""

from __future__ import annotations

import re
from types import MethodType
from typing import TYPE_CHECKING, NamedTuple

from referee.engine import registry
from referee.errors import AmbiguousName, BadMove, Listed, RefereeError, Said, UnknownName, Typed, Written
from referee.text import parse_rank

if TYPE_CHECKING:
    from referee.engine.facts import Rulebook
    from referee.engine.state import State


class Move(NamedTuple):
    """A move: immutable, hashable, compared by value. (A named tuple: legal_moves() makes
    many at every step, and a tuple is twice as quick to make as a frozen dataclass.)"""

    actor: str                 # a player name (draft, answers out of turn) or a character id (turns)
    verb: str
    args: tuple = ()

    def __str__(self) -> str:  # a readable form without a rulebook (ids, not names)
        return f"{self.actor}: {self.verb}" + (" " + " ".join(map(str, self.args)) if self.args else "")


# make_move((actor, verb, args)): a Move built without the named tuple's Python-level __new__
# (all three fields given), for the move generators, which make thousands per game. tuple.__new__
# bound to Move as a method, not a partial: the bound method hands its arguments on as they are,
# where a partial first copies them behind Move (~250 instructions a move, as game.py's Step).
make_move = MethodType(tuple.__new__, Move)

# The verbs a move may be typed with and without an actor: the table itself says them (the calls
# nobody answers are passed), so the canonical move names nobody: `pass Thief, Magician`.
WITHOUT_ACTOR = frozenset({"pass"})

# Compiled by `re` on first use (and kept in its cache): a command that reads no list of names
# does not pay for it at start-up.
_SPLIT_LIST = r"\s*[,，、]\s*"
# What separates a word from what follows it, besides a space of any width (the ideographic
# space included): a comma of either width or 、 (「抽牌，保留 神廟」).
_COMMAS = ",，、"


def first_word(text: str) -> tuple[str, str]:
    """`保留，神廟` → (`保留`, `神廟`): the first word and the rest, split where a player types a
    space or a comma between them (`抽牌, 保留`, `抽牌　保留`). Used only where the notation takes a
    space after a single word — a verb, a keyword that opens its arguments —, never inside a list
    of names, where a comma separates the names. (String methods, not a pattern: a pattern of
    full-width commas cost each command that reads a move ~2.5 M instructions to compile.)"""
    text = text.strip()
    end = 0
    while end < len(text) and not text[end].isspace() and text[end] not in _COMMAS:
        end += 1
    rest = text[end:].lstrip()
    if rest[:1] and rest[0] in _COMMAS:         # one comma, with spaces on either side
        rest = rest[1:]
    return text[:end], rest.strip()


def spaced(text: str) -> str:
    """Every run of spaces of any width (U+3000, a no-break space, tabs) as one space: what the
    notation's parsers split on."""
    return " ".join(text.split())


def _at_colon(text: str) -> tuple[str, str]:
    """`Ann：gold` → (`Ann`, `gold`): the words before the first colon of either width, and after
    it (a string's find, not a pattern: every move typed or read back is split here)."""
    half, full = text.find(":"), text.find("：")
    cut = full if half < 0 or 0 <= full < half else half
    return text[:cut], text[cut + 1:]


def _strip(text: str) -> str:
    return text.strip().strip("\"'“”「」")


class Notation:
    """Parse and print moves against one game's rulebook and seated players."""

    def __init__(self, rulebook: "Rulebook", state: "State"):
        self.rb = rulebook
        self.state = state

    def name(self, card: str) -> str:
        return self.rb.name(card)

    def keyword(self, word: str) -> str:
        """A keyword inside a move's arguments (`flowers`, `signed`, `take`, `gold`…): the
        canonical notation writes it in English; a move said back in a player's language (say/
        notation.py) writes the word of that language the verb's parser also reads."""
        return word

    # -- names -------------------------------------------------------------------------------

    def character(self, text: str) -> str:
        text = _strip(text)
        found = self._characters_named(text)
        if not found:
            in_play = self.state.characters
            raise UnknownName("character", text, [self.rb.name(c) for c in sorted(in_play, key=self._rank)],
                              aliases=self._aliases(in_play))
        if len(found) > 1:
            raise AmbiguousName("character", text, [self.rb.name(c) for c in found])
        return found[0]

    def character_or_none(self, text: str) -> str | None:
        """The one character `text` names, or None (none, or several): for a parser that tries
        where a name ends (split_characters), which would otherwise build a refusal, offered
        names and all, for every try that fails."""
        found = self._characters_named(_strip(text))
        return found[0] if len(found) == 1 else None

    def _characters_named(self, text: str) -> list[str]:
        """The characters `text` (stripped) may name in this game, by rank or by name."""
        in_play = self.state.characters
        rank = parse_rank(text)
        if rank is not None:
            return [c for c in self.rb.by_rank(rank) if c in in_play] or self.rb.by_rank(rank)
        found = self.rb.lookup(text, "character")
        if len(found) > 1:
            return [c for c in found if c in in_play] or found
        if found and found[0] not in in_play:
            # A name the edition gives to one character and older printings to another
            # (主教: the 2016 Cardinal, the Bishop to most players): the one in this game.
            playing = [c for c in self.rb.lookup(text, "character", every=True) if c in in_play]
            return playing if len(playing) == 1 else found
        return found

    def _rank(self, character: str) -> tuple:
        """Characters offered in calling order (a name left out lists them so: 刺客、盜賊…, not
        by their English names), closest first when a name was typed."""
        return (self.rb.characters[character].rank, character)

    def _aliases(self, cards) -> dict[str, list[str]]:
        """The names (keys) each of `cards` goes by, by its English name: a mistyped name is
        offered the cards closest by any of them (君閥 → the 2016 Warlord, 領主, alias 軍閥)."""
        aliases: dict[str, list[str]] = {}
        for key, named in self.rb.aliases.items():
            for card, _ in named:
                if card in cards:
                    aliases.setdefault(self.rb.name(card), []).append(key)
        return aliases

    def district(self, text: str) -> str:
        text = _strip(text)
        if text in ("?", "？"):            # the full-width mark a Chinese keyboard types
            return "?"
        found = self.rb.lookup(text, "district")
        if not found:
            # Every district, the three closest offered by the names the reader sees (a
            # Chinese slip, 神店, finds 神殿, which the English names could not tell).
            raise UnknownName("district", text, [d.name for d in self.rb.districts.values()], limit=3,
                              aliases=self._aliases(self.rb.districts))
        if len(found) > 1:
            raise AmbiguousName("district", text, [self.rb.name(c) for c in found])
        return found[0]

    def districts(self, text: str) -> tuple[str, ...]:
        found: list[str] = []
        for part in re.split(_SPLIT_LIST, text.strip()):
            if part:
                found += self._spaced_districts(part)
        return tuple(found)

    def _spaced_districts(self, part: str) -> list[str]:
        """One item of a list of districts; Chinese names written with a space between them, as
        a Chinese typist separates them (神廟 市場), when it names no district whole and each of
        its words does. (A name in Latin letters has spaces of its own: `Dragon Gate`.)"""
        from referee.text import has_cjk

        try:
            return [self.district(part)]
        except RefereeError:
            words = part.split()
            if len(words) < 2 or not all(has_cjk(word) for word in words):
                raise
            try:
                return [self.district(word) for word in words]
            except RefereeError:
                pass
            raise

    def characters(self, text: str) -> tuple[str, ...]:
        return tuple(self.character(part) for part in re.split(_SPLIT_LIST, text.strip()) if part)

    def player(self, text: str) -> str:
        seat = self.state.seat_of(_strip(text))
        if seat is None:
            raise UnknownName("player", _strip(text), [p.name for p in self.state.players])
        return self.state.players[seat].name

    def player_then(self, text: str) -> tuple[str, str]:
        """Split 'PLAYER rest' where the player's name may contain spaces. As a Chinese typist
        writes it, a comma (either width) or 、 may stand for the space after the name, and 的
        may join them (摧毀 小明，神殿; 摧毀 小明的神殿, 小明 的 神殿), as 's does in English (`destroy
        Bob's Temple`): no name or card begins with one."""
        words = text.split()
        for cut in range(len(words), 0, -1):
            seat = self.state.seat_of(" ".join(words[:cut]))
            if seat is not None:
                return self.state.players[seat].name, _after_name(" ".join(words[cut:]))
        typed = text.strip()
        for player in sorted((p.name for p in self.state.players), key=len, reverse=True):
            after = typed[len(player):]
            if typed.casefold().startswith(player.casefold()) and re.match(r"\s*(?:[,，、]|的|['’]s\b)", after):
                return player, _after_name(after)
        raise UnknownName("player", words[0] if words else text, [p.name for p in self.state.players])

    def actor(self, text: str) -> str:
        """A player's name, or a character id when the text names a character."""
        text = _strip(text)
        seat = self.state.seat_of(text)
        if seat is not None:
            return self.state.players[seat].name
        try:
            return self.character(text)
        except UnknownName:
            # Neither a player nor a character: name the players (and a character only when the
            # words are close to one), not every character in play.
            from rapidfuzz import fuzz, process

            characters = [self.rb.name(c) for c in self.state.characters]
            close = [n for n, _, _ in process.extract(text, characters, scorer=fuzz.WRatio, limit=2, score_cutoff=80)]
            raise UnknownName("player", text, [p.name for p in self.state.players] + close) from None

    def _in_play(self, verb: str) -> bool:
        """Whether a verb may be meant in this game: the basics', a district's, or a character's
        of the cast (a mistyped 拿金比 is not offered the Abbot's 討金幣 when he is not in play)."""
        found = registry.verb(verb)
        owner = found[1] if found else ""
        return owner not in self.rb.characters or not self.state.characters or owner in self.state.characters

    def _colon_left_out(self, text: str):
        """`Bob reveal Assassin`, 「胖虎 拿金币」, 「胖虎拿金币」: a seated player's name, then words,
        without the colon between: the hint that writes the move with it (the colon the player's
        script uses); "" for any other words."""
        typed = spaced(text)
        for player in sorted((p.name for p in self.state.players), key=len, reverse=True):
            after = typed[len(player):]
            cut_word = player[-1:].isascii() and player[-1:].isalnum() and after[:1].isascii() and after[:1].isalnum()
            if typed.casefold().startswith(player.casefold()) and after.strip() and not cut_word:
                from referee.text import has_cjk

                colon = "：" if has_cjk(typed) else ": "
                return Said("error.move.colon_left_out", example=Typed(f"{player}{colon}{typed[len(player):].strip()}"))
        return ""

    def _character_shown(self, text: str, rest: str):
        """`Bob: Assassin`, 「静香：魔术师」: a character in play typed where the verb goes — a
        player showing it: the hint that writes the reveal (`reveal`, 翻開 in Chinese); None
        for any other words."""
        try:
            character = self.character(rest)
        except RefereeError:
            return None
        if character not in self.state.characters:
            return None
        from referee.text import has_cjk

        colon = re.search(r"[:：]", text)
        actor = text[:colon.start()].strip()
        if has_cjk(rest):
            return Said("error.move.character_as_verb", example=Typed(f"{actor}：翻開 {rest}"))
        return Said("error.move.character_as_verb", example=Typed(f"{actor}: reveal {rest}"))

    def nothing(self, tail: str) -> tuple:
        if tail:
            raise BadMove.say("error.move.unexpected_words", tail=Typed(tail))
        return ()

    # -- parse and print ---------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        if ":" not in text and "：" not in text:
            head, tail = first_word(spaced(text))
            if registry.verb_named(head) in WITHOUT_ACTOR:     # `pass 2 3`: nobody answers
                name = registry.verb_named(head)
                return Move("", name, registry.verb(name)[0].parse(self, tail.strip()))
            raise BadMove.say("error.move.no_colon", text=Typed(text), hint=self._colon_left_out(text))
        actor_text, rest = _at_colon(text)
        actor = self.actor(actor_text)
        # A sentence's stop, or a list's mark left after the last name, typed after the move: no
        # name ends with one.
        rest = spaced(rest).rstrip("。.！!，、,").rstrip()
        if not rest:
            raise BadMove.say("error.move.no_verb", text=Typed(text))
        head, tail = first_word(rest)
        name = registry.verb_named(head)
        if name is None:
            hint = _written_inside(head, text, rest) or self._character_shown(text, rest) or _did_you_mean(head, self._in_play)
            raise BadMove.say("error.move.unknown_verb", head=Typed(head), text=Typed(text), hint=hint)
        verb, _ = registry.verb(name)
        if name in WITHOUT_ACTOR:
            # `Thief: pass` passes the Thief's call; `Ann: pass` is Ann saying so (the caller).
            args = verb.parse(self, tail)
            if actor in self.rb.characters:
                args = tuple(sorted(dict.fromkeys((actor, *args)), key=lambda c: self.rb.characters[c].rank))
            return Move("", name, args)
        try:
            return Move(actor, name, verb.parse(self, tail))
        except RefereeError as error:
            for other in verb.instead:                 # the verb a player means with these arguments
                try:
                    return Move(actor, other, registry.verb(other)[0].parse(self, tail))
                except RefereeError:
                    pass
            raise error from None

    def format(self, move: Move) -> str:
        actor = self.rb.name(move.actor) if move.actor in self.rb.characters else move.actor
        found = registry.verb(move.verb)
        if found is None or not move.args:
            body = move.verb + ("" if not move.args else " " + " ".join(str(a) for a in move.args))
        elif found[0].format is None:
            body = move.verb + " " + " ".join(str(a) for a in move.args)
        else:
            body = move.verb + " " + found[0].format(self, move)
        return f"{actor}: {body}" if actor else body


def _after_name(rest: str) -> str:
    """What follows a player's name in a move, without the comma or 的 typed after the name."""
    return re.sub(r"^\s*(?:[,，、]|的|['’]s\b)?\s*", "", rest)


def chinese_verbs_like(word: str, in_play=None) -> list[str]:
    """The verbs a mistyped Chinese one may have meant, one word each, closest first. Chinese
    verbs are two or three characters: a shared one is the clue (重抽 → 換牌? no; → 抽牌, and the
    Magician's 換牌 by its meaning), then the characters and their sound (抽排 → 抽牌)."""
    from referee.errors import closeness
    from referee.text import has_cjk

    shared = [w for w in registry.verb_words() if has_cjk(w) and set(w) & set(word)
              and (in_play is None or in_play(registry.verb_named(w)))]
    score = closeness(word, shared)
    shared.sort(key=lambda w: (-score[w], len(w), w))
    verbs: dict[str, str] = {}
    for found in shared:
        verbs.setdefault(registry.verb_named(found), found)
    return list(verbs.values())


def _written_inside(head: str, text: str, rest: str):
    """A word typed as a verb that is written inside another verb's move (`Bob: keep Temple`):
    the hint that says so, with the move as it is written (`Bob: draw keep Temple`, 「小明：抽牌
    保留 神廟」, in the script typed); None for any other word."""
    owner = registry.verb_of_inner_word(head)
    if owner is None:
        return None
    from referee.text import has_cjk

    words = [w for w in registry.verb(owner)[0].words if has_cjk(w)] if has_cjk(head) else []
    colon = re.search(r"[:：]", text)
    actor = text[:colon.end()].strip() + ("" if colon.group() == "：" else " ")
    return Said("error.move.written_inside", example=Typed(f"{actor}{words[0] if words else owner} {rest}"))


def _did_you_mean(word: str, in_play=None):
    from rapidfuzz import fuzz, process

    from referee.text import has_cjk

    if has_cjk(word):
        verbs = chinese_verbs_like(word, in_play)[:3]
        if verbs:           # in the reader's script, whichever the registry's word is written in
            return Said("error.move.verb_hints", verbs=Listed((Written(v) for v in verbs), "punct.or"))
    words = [w for w in registry.verb_words() if in_play is None or in_play(registry.verb_named(w))]
    close = process.extractOne(word.lower(), words, scorer=fuzz.ratio, score_cutoff=60)
    return Said("error.move.verb_hint", verb=close[0]) if close else ""
