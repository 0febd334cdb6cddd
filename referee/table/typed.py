"""A move as a player types it at a live table, read as the notation (`table do`, the phones).

The notation (engine/moves.py) reads `Ann: kill King`; players also type the words around it
that a sentence takes — `kill the King`, `destroy Bob's Temple`, `destroy the Temple of Bob` —
and, on a Chinese keyboard, the verb glued to its card (「建造神庙」, 「刺杀国王」). These are read
only when the move as typed does not read, and only when exactly one reading of them is a move
(two readings that differ are not chosen between: the notation's own refusal is said). The move
is then said back as read (the ✓ line of `table do`), so nothing is taken silently.

Two moves typed in one string (`gold, build Temple`, 「拿金币，建造 神庙」) are refused in one line
that names them to be typed apart: `table do` records the moves of separate words up to the
first illegal one, and one string read as two would record half of what was typed as one.
"""

from __future__ import annotations

import re

from referee.errors import BadMove, Listed, RefereeError, Said, Typed

# Words a sentence puts before a card or a player's name: never a name of their own here.
_ARTICLE = r"(?i)(?<![\w'’])(?:the|an|a)\s+"
# `Bob's Temple` → `Bob Temple` (the notation names the owner, then the card).
_POSSESSIVE = r"(?<=\w)['’]s(?=\s)"
_OF = r"(?i)\s+of\s+"
# Where one move ends and another begins in a string typed as one.
_BETWEEN = r"\s*[;；,，]\s*"


def parse(game, text: str):
    """The move `text` means: as the notation reads it, else its one reading without the
    connecting words or with its glued Chinese verb apart; two moves in it are refused (BadMove
    `error.table.two_moves`); any other words get the notation's own refusal."""
    try:
        return game.parse(text)
    except RefereeError as error:
        first = error
    found = _reading(game, text)
    if found is not None:
        return found
    apart = _two_moves(game, text)
    if apart:
        raise BadMove.say("error.table.two_moves", moves=Listed([Said("punct.quoted", text=Typed(m)) for m in apart], "punct.and"),
                          typed=Typed(" ".join(f'"{m}"' for m in apart)))
    raise first


def _actor_split(text: str) -> list[str] | None:
    """[actor, colon, what follows] of a move as typed (either colon), or None without one."""
    parts = re.split(r"([:：])", text, maxsplit=1)
    return parts if len(parts) == 3 else None


def _by(actor: str, colon: str, body: str) -> str:
    """A move typed by `actor`, written as the colon typed asks (`Ann: gold`, 「小明：拿金币」)."""
    return f"{actor}{colon} {body}" if colon == ":" else f"{actor}{colon}{body}"


def _reading(game, text: str):
    """The one move the text's other readings give, or None (none reads, or two differ)."""
    parts = _actor_split(text)
    if parts is None:
        return None
    actor, colon, rest = parts
    rest = " ".join(rest.split())
    found = set()
    for body in _bodies(rest):
        if body == rest:
            continue
        try:
            found.add(game.parse(_by(actor, colon, body)))
        except RefereeError:
            pass
    return found.pop() if len(found) == 1 else None


def _bodies(rest: str) -> set[str]:
    """The other ways `rest` (a verb and its words) may be written in the notation."""
    bodies = set()
    plain = re.sub(_POSSESSIVE, "", re.sub(_ARTICLE, "", rest))
    verb, _, args = plain.partition(" ")
    bodies.add(plain)
    # `the Temple of Bob`: the owner after `of` (a card's own `of`, School of Magic, is tried too)
    for found in re.finditer(_OF, args):
        owner = args[found.end():]
        if owner and " " not in owner:
            bodies.add(f"{verb} {owner} {args[:found.start()]}")
    bodies |= _unglued(rest)
    return bodies


def _unglued(rest: str) -> set[str]:
    """「建造神庙 …」 → 「建造 神庙 …」: the first word split after each Chinese verb word it starts
    with (whether the rest reads as that verb's card or character is the notation's to say)."""
    from referee.engine import registry
    from referee.text import has_cjk

    head, _, tail = rest.partition(" ")
    if not has_cjk(head) or registry.verb_named(head):
        return set()
    return {f"{word} {head[len(word):]}" + (f" {tail}" if tail else "")
            for word in registry.verb_words() if has_cjk(word) and len(word) < len(head) and head.startswith(word)}


def _two_moves(game, text: str) -> list[str]:
    """The moves a string typed as one holds, each as it would be typed alone (the actor
    written before each), when every part reads as a move; else []."""
    parts = _actor_split(text)
    if parts is None:
        return []
    actor, colon, rest = parts
    actor = actor.strip()
    pieces = [p for p in re.split(_BETWEEN, rest.strip()) if p]
    if len(pieces) < 2:
        pieces = _at_verb(rest.strip())
    if len(pieces) < 2:
        return []
    moves = [piece if re.search(r"[:：]", piece) else _by(actor, colon, piece) for piece in pieces]
    for move in moves:
        try:
            game.parse(move)
        except RefereeError:
            if _reading(game, move) is None:
                return []
    return moves


def _at_verb(rest: str) -> list[str]:
    """`gold build Temple`: split before the one later word that is a verb, else []."""
    from referee.engine import registry

    words = rest.split()
    at = [i for i, word in enumerate(words) if i and registry.verb_named(word)]
    if len(at) != 1:
        return []
    return [" ".join(words[:at[0]]), " ".join(words[at[0]:])]
