"""What may be seen of a tracked position: the JSON of `referee table show --json`, which the
phones' server also serves as /state.json."""

from __future__ import annotations


def phase_of(state) -> str:
    """The phase as a player names it (and `show --json` reports it): selection, turns, over."""
    return "over" if state.phase == "over" else ("selection" if state.phase == "draft" else "turns")


def state_json(game) -> dict:
    """The position, card names in English: round, crown, bank, each player's characters, gold,
    hand, city and score (`referee ask --json` and `table show --json`)."""
    from referee.engine.scoring import score_player

    state = game.state
    rb = game.rb
    players = []
    for seat, player in enumerate(state.players):
        players.append({
            "name": player.name,
            "characters": [rb.name(c) for c in player.characters],
            "gold": player.gold,
            "hand": [rb.name(c) for c in player.hand],
            "hand_count": len(player.hand),
            "city": [rb.name(b.id) for b in player.city],
            "score": score_player(rb, state, seat)["score"],
        })
    return {
        "round": state.round,
        "crown": state.players[state.crown].name,
        "bank": None if game.unlimited_bank else state.bank,
        "game_over": game.is_over,
        "players": players,
    }


def show_json(tracked) -> dict:
    """`referee table show --json`: the table, its phase, what it waits for, and the position."""
    from referee.table import service

    game = tracked.game
    state = game.state
    found = {"table": tracked.header.name, "edition": tracked.header.edition, "phase": phase_of(state),
             "turn": service.expected_next(game), "moves_recorded": len(tracked.log), "state": state_json(game)}
    if tracked.broken:
        found["broken"] = {"seq": tracked.broken.seq, "move": tracked.broken.notation, "reason": tracked.broken.key}
    return found
