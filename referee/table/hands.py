"""The hands a tracked game's players show when it is scored (`referee table score --hand`),
and whose unknown cards could still change a score."""

from __future__ import annotations

from referee.errors import RefereeError, Typed


def declare_hands(game, declared: list[str]) -> None:
    """`--hand "Ann: Secret Vault, Temple"`: the hand a player shows when the game is scored."""
    state = game.state
    for text in declared:
        who, sep, cards = text.replace("：", ":").partition(":")
        if not sep:
            raise RefereeError.say("error.table.hand_write_as_ann", text=Typed(text))
        seat = state.seat_of(who.strip())
        if seat is None:
            from referee.errors import UnknownName

            raise UnknownName("player", who.strip(), [p.name for p in state.players])
        shown = list(game.notation.districts(cards)) if cards.strip() else []
        player = state.players[seat]
        if len(shown) != len(player.hand):
            raise RefereeError.say("error.table.hand_holds_card", text=Typed(text), name=Typed(player.name), count=len(player.hand), count2=len(shown))
        known = [c for c in player.hand if c != "?"]
        for card in known:
            if card not in shown:
                raise HandError(text, player.name, game.rb.name(card))
        player.hand = shown


class HandError(RefereeError):
    """`--hand` leaves out a card the table knows the player holds (named in the player's language)."""

    def __init__(self, text: str, player: str, card: str):
        self.key = "error.table.hand_known"
        self.values = {"text": Typed(text), "player": Typed(player), "card": card}
        super().__init__(str(RefereeError.say(self.key, **self.values)))
        self.text, self.player, self.card = text, player, card


def hidden_hands(game) -> list[str]:
    """Players whose unknown cards could change their score: an unknown card could be a card
    that scores from the hand (data: `unbuildable` with `extra_points`, the Secret Vault) only
    while some copy of it is not known to be elsewhere (in a hand where the table saw it)."""
    rb, players = game.rb, game.state.players
    scoring = [d for d in rb.districts.values() if d.fact("unbuildable") and d.fact("extra_points")]
    known = [card for p in players for card in p.hand if card != "?"]
    if not any(known.count(d.id) < d.copies for d in scoring):
        return []
    return [p.name for p in players if "?" in p.hand]
