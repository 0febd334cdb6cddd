"""The undo snapshot takes the player, draft and turn objects apart field by field (it runs at
every move): a field added to one of them and forgotten in State.snapshot()/restore() fails here."""

from referee.engine.state import Draft, Player, State, Turn


def test_snapshot_restores_every_field_of_players_draft_and_turn():
    state = State(players=[Player("A", 2, ["temple"]), Player("B")], characters=("king", "thief"))
    state.draft = Draft(["king"], ["thief"], [], [(0, "pick")])
    state.turn = Turn("king", 0, then=Turn("thief", 1))
    before = state.copy()
    snapshot = state.snapshot()
    objects = [*state.players, state.draft, state.turn, state.turn.then]
    for obj in objects:
        for name in obj._fields:
            if not (isinstance(obj, Player) and name == "name"):    # a player's name never changes
                setattr(obj, name, object())
    state.restore(snapshot)
    assert state == before
