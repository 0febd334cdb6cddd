"""What the host, a seat and a watcher may see of a position (referee/table/view.py): the host
everything the table records (what every command and the phones' page show), a seat its own
secrets and nobody else's, a watcher nobody's."""

from __future__ import annotations

import json

import pytest

from referee.table.view import HOST, TABLE, WATCHER, see, seat, show_json, state_json

PICKS = ["Ann: faceup Architect, Bishop", "Ann: pick Thief", "Bob: pick King", "Cid: pick Merchant", "Dan: pick Warlord"]


@pytest.fixture
def recorded(table, tables):
    """A table whose picks are typed on one device (--recorded-picks); `recorded(n)` records
    the first n moves of PICKS and returns the tracked table, loaded as `table show` loads it."""
    from referee.catalog.facts import rulebook
    from referee.table import service
    from referee.table.store import Store

    assert table("new", "t", "--players", "Ann,Bob,Cid,Dan", "--recorded-picks").returncode == 0
    store = Store(tables)

    def load(moves: int):
        _, done, refused = service.record(store, "t", PICKS[:moves], rulebook)
        assert refused is None and len(done) == moves
        return service.load(store, "t", rulebook, play=False)

    return load


def _characters(view) -> dict[str, tuple[str, ...]]:
    return {p.name: p.characters for p in view.players}


def test_table_show_prints_what_the_whole_table_sees_of_recorded_picks(table, recorded):
    """Changed (it pinned `show` to the host's view, Ann's Thief included): at a table whose
    picks are typed on one shared device everybody reads `show`, so a pick stays hidden there
    until its character is revealed; the host's view keeps it (the engine's own position)."""
    tracked = recorded(2)
    printed = json.loads(table("show", "--json").stdout)
    assert show_json(tracked, TABLE) == printed != show_json(tracked, HOST)
    assert show_json(tracked) == show_json(tracked, HOST)
    assert _characters(see(tracked.game)) == {"Ann": ("thief",), "Bob": (), "Cid": (), "Dan": ()}
    assert {p["name"]: p["characters"] for p in printed["state"]["players"]}["Ann"] == []


def test_the_host_sees_what_table_show_prints_at_a_secret_table(table, tables):
    """Where nobody types a pick, the terminal and the phones show the host's view."""
    from referee.catalog.facts import rulebook
    from referee.table import service
    from referee.table.store import Store

    assert table("new", "s", "--players", "Ann,Bob,Cid,Dan").returncode == 0
    assert table("do", "Ann: faceup Architect, Bishop", "Ann: gold").returncode == 0     # the Assassin's call: Ann holds it
    tracked = service.load(Store(tables), "s", rulebook, play=False)
    printed = json.loads(table("show", "--json").stdout)
    assert show_json(tracked) == printed == show_json(tracked, HOST)
    assert {p["name"]: p["characters"] for p in printed["state"]["players"]}["Ann"] == ["Assassin"]


def test_the_whole_table_sees_the_hands_typed_in_front_of_it(rulebooks):
    """At a table of recorded picks only the picks are secret: the cards the table knows in a
    hand or under a district were typed in front of everybody, and show."""
    game = _known_hands(rulebooks)
    host, everybody, ann = see(game, HOST), see(game, TABLE), see(game, seat(0, shared=True))
    for view in (everybody, ann):
        assert [p.hand for p in view.players] == [p.hand for p in host.players]
        assert view.players[1].city[0].stored == ("temple",)
        assert [p.score for p in view.players] == [p.score for p in host.players]


def test_a_recorded_pick_is_seen_by_its_own_seat_only(recorded):
    game = recorded(3).game                    # Ann picked the Thief, Bob the King; nobody revealed
    assert _characters(see(game, seat(0))) == {"Ann": ("thief",), "Bob": (), "Cid": (), "Dan": ()}
    assert _characters(see(game, seat(1))) == {"Ann": (), "Bob": ("king",), "Cid": (), "Dan": ()}
    assert _characters(see(game, seat(2))) == {"Ann": (), "Bob": (), "Cid": (), "Dan": ()}
    assert _characters(see(game, WATCHER)) == {"Ann": (), "Bob": (), "Cid": (), "Dan": ()}
    assert [p["characters"] for p in state_json(game, WATCHER)["players"]] == [[], [], [], []]


def test_a_revealed_character_is_seen_by_everybody(recorded):
    game = recorded(5).game                    # the picks are done: the Thief (rank 2) is called
    assert game.state.phase == "turns" and "thief" in game.state.revealed
    everybody = {"Ann": ("thief",), "Bob": (), "Cid": (), "Dan": ()}
    assert _characters(see(game, WATCHER)) == everybody
    assert _characters(see(game, seat(2))) == {**everybody, "Cid": ("merchant",)}
    assert _characters(see(game, HOST)) == {"Ann": ("thief",), "Bob": ("king",), "Cid": ("merchant",), "Dan": ("warlord",)}


def _known_hands(rulebooks):
    """Ann holds a known Temple and an unknown card; Bob a known Secret Vault (3 points from
    the hand) and a Museum with a known card under it; Cid nothing known."""
    from referee.engine.state import Built
    from referee.situation import load

    data = {"edition": "2016", "table": {"crown": "Ann"},
            "players": [{"name": "Ann", "gold": 2, "hand": ["Temple", "?"], "city": ["Manor"]},
                        {"name": "Bob", "gold": 3, "hand": ["Secret Vault"], "city": ["Museum"]},
                        {"name": "Cid", "gold": 4, "hand": ["?", "?", "?"], "city": []}]}
    game = load(data, rulebooks["2016"]).game
    bob = game.state.players[1]
    bob.city = [Built(bob.city[0].id, bob.city[0].built_round, ("temple",))]
    return game


def test_known_hand_cards_and_face_down_cards_are_the_holders_own(rulebooks):
    game = _known_hands(rulebooks)
    host = see(game, HOST)
    assert [p.hand for p in host.players] == [("temple", "?"), ("secret-vault",), ("?", "?", "?")]
    assert host.players[1].city[0].stored == ("temple",)
    ann = see(game, seat(0))
    assert [p.hand for p in ann.players] == [("temple", "?"), ("?",), ("?", "?", "?")]
    assert ann.players[1].city[0].stored == ("?",)          # how many cards lie there, not which
    bob = see(game, seat(1))
    assert [p.hand for p in bob.players] == [("?", "?"), ("secret-vault",), ("?", "?", "?")]
    assert bob.players[1].city[0].stored == ("temple",)
    watcher = see(game, WATCHER)
    assert [p.hand for p in watcher.players] == [("?", "?"), ("?",), ("?", "?", "?")]
    assert [p["hand"] for p in state_json(game, WATCHER)["players"]] == [["?", "?"], ["?"], ["?", "?", "?"]]
    # What everybody sees of a player is the same for every viewer.
    for view in (ann, bob, watcher):
        assert [(p.name, p.gold, len(p.hand), [b.id for b in p.city]) for p in view.players] == \
            [(p.name, p.gold, len(p.hand), [b.id for b in p.city]) for p in host.players]


def test_a_score_counts_only_the_cards_its_viewer_sees(rulebooks):
    game = _known_hands(rulebooks)
    bob = lambda viewer: see(game, viewer).players[1].score          # noqa: E731
    assert bob(HOST) == bob(seat(1)) == bob(WATCHER) + 3                # the Secret Vault in his hand
    assert bob(seat(0)) == bob(WATCHER)


def test_only_the_host_sees_the_moves_played(recorded):
    """A move or its events may name a hidden card (a recorded pick here): a seat and a watcher
    get no history until each event says who may see it."""
    from referee.catalog.facts import rulebook
    from referee.table import service
    from referee.table.store import Store

    recorded(2)
    game = service.load(Store(), "t", rulebook).game          # a Game: it has its history
    assert [step.move.verb for step in see(game, HOST).history] == ["faceup", "pick"]
    assert see(game, seat(0)).history == see(game, WATCHER).history == ()


def test_once_the_game_is_over_every_character_is_seen(rulebooks):
    from types import SimpleNamespace

    from referee.engine.state import Player, State

    state = State([Player("Ann", characters=["thief"]), Player("Bob", characters=["king"])], phase="over",
                  revealed=["thief"])
    game = SimpleNamespace(state=state, rb=rulebooks["2016"], unlimited_bank=True, is_over=True)
    assert _characters(see(game, WATCHER)) == {"Ann": ("thief",), "Bob": ("king",)}
    state.phase = "turns"
    assert _characters(see(game, WATCHER)) == {"Ann": ("thief",), "Bob": ()}
