"""A move as a player reads it: the notation with the names and the verb of the player's
language (`Thief: rob Merchant` → `盜賊：偷 商人`). It is shown only when it reads back to the same
move, so a player may paste it again; the log and JSON keep the canonical English notation."""

from __future__ import annotations

from referee.messages import own as own_text, text as catalog_text
from referee.text import has_cjk

# The languages the notation reads moves in besides English: the engine's verbs have words in
# the Chinese scripts (each card's `Verb.words`); any other language reads the English notation.
_READS = ("zh-Hant", "zh-Hans")


def reads(lang: str) -> bool:
    """Whether a move can be said in `lang`'s own words (else it is shown as its English notation)."""
    return lang in _READS


def said(game, move, lang: str, local: dict[str, str]) -> str:
    """`move` in `lang` (`local`: card id or English name → the name in `lang`); the canonical
    notation when `lang` is English or the Chinese form would not read back to `move`."""
    canonical = game.format(move)
    if lang not in _READS:
        return canonical
    from referee.engine import registry
    from referee.engine.moves import Notation

    found = registry.verb(move.verb)
    if found is None:
        return canonical

    class _Names(Notation):
        def name(self, card: str) -> str:
            return local.get(card) or self.rb.name(card)

        def keyword(self, word: str) -> str:       # a keyword among the arguments, as `lang` says it
            return own_text("notation.word." + word, lang) or word

    names = _Names(game.rb, game.state)
    actor = names.name(move.actor) if move.actor in game.rb.characters else move.actor
    verb = found[0]
    body = (verb.format(names, move) if verb.format else " ".join(names.keyword(a) if isinstance(a, str) else str(a)
                                                                 for a in move.args)) if move.args else ""
    if body.startswith("keep "):                 # the cards a draw keeps (draw, Scholar): 保留
        body = catalog_text("notation.keep", lang) + " " + body[len("keep "):]
    head = f"{actor}：{_word(verb, lang)}" if actor else _word(verb, lang)     # (`pass` names nobody)
    text = head + (f" {body.replace(', ', '、')}" if body else "")
    try:
        return text if game.parse(text) == move else canonical
    except Exception:      # any form the reader does not take back: the canonical one
        return canonical


def told(game, move, lang: str, local: dict[str, str]) -> str:
    """A move done, as a player is told it: `said`, but a redraw of cards the table does not know
    by their count (「阿美：重抽 2 張」, not 「阿美：重抽 ?、?」): what was done, not how to type it
    (the log, the moves and Tab keep the notation)."""
    from referee.engine.state import UNKNOWN

    if move.verb == "redraw" and move.args and all(card == UNKNOWN for card in move.args):
        count = len(move.args)
        words = (catalog_text("notation.redraw_unknown_one", lang) if count == 1
                 else catalog_text("notation.redraw_unknown", lang, count=count))
        if not move.actor:
            return words
        actor = (local.get(move.actor) or game.rb.name(move.actor)) if move.actor in game.rb.characters else move.actor
        return f"{actor}{catalog_text('punct.colon', lang)}{words}"
    return said(game, move, lang, local)


def said_in_turn(game, notations: list[str], lang: str, local: dict[str, str], take_back: bool = True,
                 say=None) -> list[str]:
    """Moves from `game`'s position on, each in the player's language as it read in its own
    position: played one by one, then (`take_back`) taken back again."""
    if lang not in _READS and say is None:
        return notations
    from referee.engine.errors import IllegalMove
    from referee.errors import RefereeError

    texts, played = [], 0
    say = say or said
    try:
        for notation in notations:
            move = game.parse(notation)
            texts.append(say(game, move, lang, local))
            game.apply(move)
            played += 1
    except (IllegalMove, RefereeError):
        texts += notations[len(texts):]          # what no longer replays is shown as recorded
    for _ in range(played if take_back else 0):
        game.undo()
    return texts


def _word(verb, lang: str) -> str:
    shown = own_text("notation.verb." + verb.name, lang)
    if shown is not None:                 # a word the verb is shown with where its own would read oddly
        return shown
    from referee.say.lang import script_of

    chinese = [w for w in verb.words if has_cjk(w)]
    return next((w for w in chinese if script_of(w) in (lang, None)), chinese[0] if chinese else verb.name)


def names_as_set_up(text: str, players: list[str]) -> str:
    """A typed move with each player's name written as the table set it up: 「小华：换牌 小美」 at a
    table of 小華 and 小美 reads 「小華：换牌 小美」 (a phone's keyboard may write the other script).
    Only a word that could be such a name — as long as one, sharing a character with it in the
    same place — is converted (OpenCC's dictionaries load only then); a word that fits two
    players, or none, is left for the notation to refuse with the closest names."""
    if not has_cjk(text):
        return text         # (no word to convert: nor a split by a pattern whose `：` costs 1 M to compile)
    import re

    parts = re.split(r"(\s+|[:：、,，])", text)
    for i, word in enumerate(parts):
        if not word or word in players or not has_cjk(word):
            continue
        if not any(len(word) == len(name) and (len(name) == 1 or any(a == b for a, b in zip(word, name)))
                   and has_cjk(name) for name in players):
            continue
        from referee.chinese import to_simplified

        key = to_simplified(word)
        matches = [name for name in players if to_simplified(name) == key]
        if len(matches) == 1:
            parts[i] = matches[0]
    return "".join(parts)


# A choice with more moves than this — a virtual part of the legal moves (engine/listing.py):
# the Magician's redraws, up to 2**n for a hand of n cards — is shown in one line, not move by
# move (a hand of four cards, the hand dealt, still lists its 15 redraws as always). A virtual
# part that is `listable` (the Magistrate's warrants) is shown move by move, as a list.
LISTED_AT_MOST = 15


def shown(moves) -> list:
    """The legal moves as people are shown them, in order: every listed move, and each virtual
    part either move by move (up to LISTED_AT_MOST moves) or as itself (its `actor` and `verb`
    are those of each of its moves), said in one line by `said_whole`."""
    from referee.engine.listing import parts

    found: list = []
    for part in parts(moves):
        if isinstance(part, list) or part.listable or len(part) <= LISTED_AT_MOST:
            found.extend(part)
        else:
            found.append(part)
    return found


def is_whole(item) -> bool:
    """Is an item of `shown` a choice shown whole (not a move)?"""
    from referee.engine.listing import Virtual

    return isinstance(item, Virtual)


def whole_head(game, part, lang: str, local: dict[str, str]) -> str:
    """The move a choice shown whole begins with, as the reader types it: `Magician: redraw`,
    `魔術師：換牌` (the verb's word that reads back; names in the reader's language)."""
    from referee.engine import registry

    if lang not in _READS:
        name = game.rb.name(part.actor) if part.actor in game.rb.characters else part.actor
        return f"{name}: {part.verb}"
    actor = (local.get(part.actor) or game.rb.name(part.actor)) if part.actor in game.rb.characters else part.actor
    return f"{actor}：{_word(registry.verb(part.verb)[0], lang)}"


def said_whole(game, part, lang: str, local: dict[str, str]) -> str:
    """A choice too large to list, said in one line with how to type it: `Magician: redraw CARD,
    CARD… (any of the 20 cards in hand: discard them, draw as many)`."""
    return (whole_head(game, part, lang, local) + " "
            + catalog_text("notation.any." + part.verb, lang).format(count=part.hand_size))
