"""Turn a dealt, full-information game into what a person at the table would type: no picks,
no card names a player keeps to himself, each character acted by its holder's name."""

from __future__ import annotations

import random

from referee.engine import Game, IllegalMove
from referee.engine.moves import Move
from referee.engine.players import choose_move
from referee.table.service import new_header, starting_game
from referee.table.situation_text import setup_situation


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


def table_game(rulebook, full):
    """A tracked game at the set-up of the dealt game `full`: same players, cast and variants."""
    state = full.state
    names = [p.name for p in state.players]
    start = setup_situation(rulebook, names, list(state.characters), 0, sorted(state.variants), True)
    table = starting_game(new_header("t", rulebook.edition, names, list(state.characters), 0, [], True, start), rulebook)
    # A dealt game's deck holds only the unique districts the engine plays; the table's the
    # edition's number: give both the same deck, so cards put under it come back at the same time.
    table.state.deck = table.state.deck[:full.initial_deck] + ["?"] * (full.initial_deck - len(table.state.deck))
    return table


def typed_at_the_table(rulebook, full, public):
    """The public moves played on a tracked game, an optional one (`?`) only when the tracker
    waits for it: the game they lead to, and the moves as a table types them."""
    table = table_game(rulebook, full)
    typed = []
    for text in public:
        if text.startswith("?"):
            text = text[1:]
            while table.state.phase == "turns" and table.state.awaiting is not None and table.state.calling < 10:
                typed.append(_pass(table))           # the calls left, nobody answering them
            if table.state.phase != "turns":
                continue                 # the round ended without it: nobody asked for it
        move = table.parse(text)
        while True:
            try:
                table.apply(move)
                break
            except IllegalMove as error:
                if table.state.awaiting is None and error.key != "call_open":
                    raise AssertionError(f"{text!r} refused at the table: {error.key} {error.values}") from None
            # A call nobody answers (its card lay face down): the table passes it, as it is told.
            typed.append(_pass(table))
        typed.append(text)
    return table, typed


def _pass(table) -> str:
    """`pass` played on `table`, as the log records it (naming the call it passed)."""
    from referee.engine.moves import Move

    events = table.apply(table.parse("pass"))
    passed = next(e["characters"] for e in events if e["event"] == "passed")
    return table.format(Move("", "pass", tuple(passed)))
