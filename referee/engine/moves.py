"""Moves and their notation (`ACTOR: VERB ARGS`, shared/spec/situations.md §2).

Parsing and formatting live side by side so that every printed move parses back to itself.
A `Move` holds canonical tokens: card ids, player names as seated, numbers. Parsing is lenient
(aliases in any script, ranks, case, Chinese verbs); formatting prints one canonical form.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import AmbiguousName, BadMove, UnknownName

if TYPE_CHECKING:
    from referee.engine.facts import Rulebook
    from referee.engine.state import State


class Move(NamedTuple):
    """A move: immutable, hashable, compared by value. (A named tuple: legal_moves() makes
    many at every step, and a tuple is twice as quick to make as a frozen dataclass.)"""

    actor: str                 # a player name (draft) or a character id (turns)
    verb: str
    args: tuple = ()

    def __str__(self) -> str:  # a readable form without a rulebook (ids, not names)
        return f"{self.actor}: {self.verb}" + (" " + " ".join(map(str, self.args)) if self.args else "")


# Verbs with no arguments, and the Chinese words players type for them.
VERB_ALIASES = {
    "gold": "gold", "金幣": "gold", "金币": "gold", "拿錢": "gold", "拿钱": "gold", "拿金幣": "gold", "拿金币": "gold",
    "draw": "draw", "抽牌": "draw", "摸牌": "draw",
    "income": "income", "收入": "income", "收稅": "income", "收税": "income", "徵稅": "income", "征税": "income",
    "build": "build", "建造": "build", "建": "build", "蓋": "build", "盖": "build",
    "end": "end", "結束": "end", "结束": "end",
    "kill": "kill", "刺殺": "kill", "刺杀": "kill", "殺": "kill", "杀": "kill",
    "rob": "rob", "偷": "rob", "偷竊": "rob", "偷窃": "rob",
    "bewitch": "bewitch", "施咒": "bewitch", "swap": "swap", "交換手牌": "swap", "交换手牌": "swap",
    "redraw": "redraw", "換牌": "redraw", "换牌": "redraw",
    "destroy": "destroy", "摧毀": "destroy", "摧毁": "destroy", "拆": "destroy",
    "use": "use", "使用": "use", "reveal": "reveal", "翻開": "reveal", "翻开": "reveal",
    "faceup": "faceup", "pick": "pick", "選": "pick", "选": "pick", "discard": "discard", "棄": "discard", "弃": "discard",
}
# Verbs the notation fixes for cards this version does not play yet: they parse, and the
# engine answers "not supported yet" instead of guessing.
UNSUPPORTED_VERBS = {
    "warrant", "confiscate", "spy", "threaten", "expose", "bribe", "refuse", "look", "seer", "give",
    "crown", "take-gold", "navigate", "scholar", "exchange", "seize", "beautify",
}
_SPLIT_LIST = re.compile(r"\s*[,，、]\s*")


def _strip(text: str) -> str:
    return text.strip().strip("\"'“”「」")


class Notation:
    """Parse and print moves against one game's rulebook and seated players."""

    def __init__(self, rulebook: "Rulebook", state: "State"):
        self.rb = rulebook
        self.state = state

    # -- names -------------------------------------------------------------------------------

    def character(self, text: str) -> str:
        text = _strip(text)
        in_play = set(self.state.characters)
        if text.isdigit() or re.fullmatch(r"[1-9](號|号)", text):
            rank = int(text[0])
            found = [c for c in self.rb.by_rank(rank) if c in in_play] or self.rb.by_rank(rank)
        else:
            found = self.rb.lookup(text, "character")
            if len(found) > 1:
                found = [c for c in found if c in in_play] or found
        if not found:
            raise UnknownName("character", text, sorted(self.rb.name(c) for c in in_play))
        if len(found) > 1:
            raise AmbiguousName("character", text, [self.rb.name(c) for c in found])
        return found[0]

    def district(self, text: str) -> str:
        text = _strip(text)
        if text == "?":
            return "?"
        found = self.rb.lookup(text, "district")
        if not found:
            from rapidfuzz import fuzz, process

            names = [d.name for d in self.rb.districts.values()]
            close = [n for n, _, _ in process.extract(text, names, scorer=fuzz.WRatio, limit=3)]
            raise UnknownName("district", text, close)
        if len(found) > 1:
            raise AmbiguousName("district", text, [self.rb.name(c) for c in found])
        return found[0]

    def districts(self, text: str) -> tuple[str, ...]:
        return tuple(self.district(part) for part in _SPLIT_LIST.split(text.strip()) if part)

    def player(self, text: str) -> str:
        seat = self.state.seat_of(_strip(text))
        if seat is None:
            raise UnknownName("player", _strip(text), [p.name for p in self.state.players])
        return self.state.players[seat].name

    def _player_then(self, text: str) -> tuple[str, str]:
        """Split 'PLAYER rest' where the player's name may contain spaces."""
        words = text.split()
        for cut in range(len(words), 0, -1):
            seat = self.state.seat_of(" ".join(words[:cut]))
            if seat is not None:
                return self.state.players[seat].name, " ".join(words[cut:])
        raise UnknownName("player", words[0] if words else text, [p.name for p in self.state.players])

    def actor(self, text: str) -> str:
        """A player's name, or a character id when the text names a character."""
        text = _strip(text)
        seat = self.state.seat_of(text)
        if seat is not None:
            return self.state.players[seat].name
        return self.character(text)

    # -- parse -------------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        if ":" not in text and "：" not in text:
            raise BadMove(f"a move is 'ACTOR: VERB ARGS', got {text!r}")
        actor_text, rest = re.split(r"[:：]", text, maxsplit=1)
        actor = self.actor(actor_text)
        rest = rest.strip()
        if not rest:
            raise BadMove(f"no verb in {text!r}")
        head, _, tail = rest.partition(" ")
        verb = VERB_ALIASES.get(head.lower(), head.lower())
        tail = tail.strip()
        parser = getattr(self, "_parse_" + verb.replace("-", "_"), None)
        if parser is None:
            if verb in UNSUPPORTED_VERBS:
                return Move(actor, verb, tuple(tail.split()) if tail else ())
            raise BadMove(f"unknown verb {head!r} in {text!r}")
        return Move(actor, verb, parser(tail))

    def _no_args(self, tail: str) -> tuple:
        if tail:
            raise BadMove(f"unexpected words {tail!r}")
        return ()

    _parse_gold = _no_args
    _parse_end = _no_args
    _parse_take_taxes = _no_args

    def _parse_draw(self, tail: str) -> tuple:
        if not tail:
            return ()
        keyword, _, cards = tail.partition(" ")
        if keyword.lower() not in ("keep", "留", "保留"):
            raise BadMove(f"draw takes 'keep C[, C]', got {tail!r}")
        return self.districts(cards)

    def _parse_income(self, tail: str) -> tuple:
        if not tail:
            return ()
        found = re.fullmatch(r"(\d+)\s*gold\s+(\d+)\s*cards?", tail, re.I)
        if not found:
            raise BadMove(f"income takes 'N gold M cards', got {tail!r}")
        return (int(found.group(1)), int(found.group(2)))

    def _parse_build(self, tail: str) -> tuple:
        for keyword in (" using ", " destroying ", " with cards ", " from "):
            at = tail.lower().find(keyword)
            if at > 0:
                card = self.district(tail[:at])
                rest = tail[at + len(keyword):]
                if keyword == " using ":
                    return (card, "using", self.district(rest))
                if keyword == " destroying ":
                    return (card, "destroying", self.district(rest))
                if keyword == " with cards ":
                    return (card, "with", self.districts(rest))
                player, giving = self._player_then(rest)
                giving = re.sub(r"^giving\s+", "", giving, flags=re.I)
                return (card, "from", player, self.districts(giving))
        return (self.district(tail),)

    def _one_character(self, tail: str) -> tuple:
        return (self.character(tail),)

    _parse_kill = _one_character
    _parse_rob = _one_character
    _parse_bewitch = _one_character
    _parse_pick = _one_character
    _parse_discard = _one_character
    _parse_reveal = _one_character

    def _parse_faceup(self, tail: str) -> tuple:
        return tuple(self.character(part) for part in _SPLIT_LIST.split(tail) if part)

    def _parse_swap(self, tail: str) -> tuple:
        return (self.player(tail),)

    def _parse_redraw(self, tail: str) -> tuple:
        return self.districts(tail)

    def _parse_destroy(self, tail: str) -> tuple:
        player, card = self._player_then(tail)
        return (player, self.district(card))

    def _parse_use(self, tail: str) -> tuple:
        """`use DISTRICT ARGS`: the district name may have spaces, so try the longest prefix."""
        words = tail.split()
        for cut in range(len(words), 0, -1):
            found = self.rb.lookup(" ".join(words[:cut]), "district")
            if len(found) == 1:
                district, rest = found[0], " ".join(words[cut:])
                return (district, *self._use_args(district, rest))
        raise UnknownName("district", tail, [])

    def _use_args(self, district: str, rest: str) -> tuple:
        if district == "laboratory":
            return (self.district(re.sub(r"^discard\s+", "", rest, flags=re.I)),)
        if district == "armory":
            player, card = self._player_then(rest)
            return (player, self.district(card))
        if district == "museum":
            return (self.district(rest),)
        if district == "lighthouse":
            return (self.district(re.sub(r"^take\s+", "", rest, flags=re.I)),)
        if district == "theater":
            return (self.player(rest),)
        if rest:
            raise BadMove(f"unexpected words {rest!r} after use {self.rb.name(district)}")
        return ()

    # -- format ------------------------------------------------------------------------------

    def format(self, move: Move) -> str:
        actor = self.rb.name(move.actor) if move.actor in self.rb.characters else move.actor
        name = self.rb.name
        args = move.args
        verb = move.verb
        if verb == "draw" and args:
            body = "draw keep " + ", ".join(name(a) for a in args)
        elif verb == "income" and args:
            body = f"income {args[0]} gold {args[1]} cards"
        elif verb == "build":
            body = "build " + name(args[0])
            if len(args) > 1:
                if args[1] in ("using", "destroying"):
                    body += f" {args[1]} {name(args[2])}"
                elif args[1] == "with":
                    body += " with cards " + ", ".join(name(a) for a in args[2])
                elif args[1] == "from":
                    body += f" from {args[2]} giving " + ", ".join(name(a) for a in args[3])
        elif verb in ("kill", "rob", "bewitch", "pick", "discard", "reveal", "faceup", "redraw"):
            body = verb + " " + ", ".join(name(a) for a in args)
        elif verb == "swap":
            body = f"swap {args[0]}"
        elif verb == "destroy":
            body = f"destroy {args[0]} {name(args[1])}"
        elif verb == "use":
            district, *rest = args
            body = "use " + name(district)
            if district == "laboratory":
                body += " discard " + name(rest[0])
            elif district == "armory":
                body += f" {rest[0]} {name(rest[1])}"
            elif district == "museum":
                body += " " + name(rest[0])
            elif district == "lighthouse":
                body += " take " + name(rest[0])
            elif district == "theater":
                body += f" {rest[0]}"
        else:
            body = verb + ("" if not args else " " + " ".join(str(a) for a in args))
        return f"{actor}: {body}"
