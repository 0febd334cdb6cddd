"""Turn a dealt, full-information game into what a person at the table would type: no picks,
no card names a player keeps to himself, each character acted by its holder's name."""

from __future__ import annotations

import random

from referee.engine import Game
from referee.engine.moves import Move
from referee.engine.players import choose_move


def play_and_transcribe(rulebook, players: int, seed: int, max_moves: int = 3000):
    """A random full-information game, and the public moves that describe it, in order. A
    killed character shown at the round's end is marked optional (`?` first): the tracker asks
    for it only when the round cannot end without it."""
    names = [f"P{i}" for i in range(players)]
    game = Game.new(rulebook, names, seed=seed)
    game.initial_deck = len(game.state.deck)
    rng = random.Random(seed)
    public: list[str] = []
    faceup_done = set()
    while not game.is_over and len(game.history) < max_moves:
        state = game.state
        if state.phase == "draft" and state.round not in faceup_done:
            faceup_done.add(state.round)
            if state.draft.faceup:
                crown = state.players[state.crown].name
                public.append(f"{crown}: faceup " + ", ".join(rulebook.name(c) for c in state.draft.faceup))
        move = choose_move(game, game.legal_moves(), rng)
        holder_of = {c: state.players[s].name for s, p in enumerate(state.players) for c in p.characters}
        text = game.format(move)
        events = game.apply(move)
        if move.verb == "use" and move.args[:1] == ("theater",) and len(move.args) > 2:
            text = f"{move.actor}: use Theater {move.args[1]}"     # the table sees who, not what
        if move.verb not in ("pick", "discard"):
            body = text.partition(": ")[2]
            if move.verb == "draw":
                body = "draw"                                # the kept card stays secret
            public.append(f"{holder_of.get(move.actor, move.actor)}: {body}")
        for event in events:
            # Each character called is shown by its holder; a killed one at the round's end.
            if event["event"] == "revealed":
                mark = "?" if event.get("killed") else ""
                public.append(f"{mark}{event['player']}: reveal {rulebook.name(event['character'])}")
    return game, public
