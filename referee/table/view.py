"""What each person may see of a position (boardgame.io's `playerView`): the one source of
`referee table show` (text and --json), of the phones' page and of its /state.json, and of the
position `referee ask --json` prints.

Three kinds of viewer:

- **the host** (`HOST`): the device the moves are typed on. It sees everything the table
  records.
- **a seat** (`seat(n)`): the player in seat n. The host's view less the other players'
  secrets: their characters not yet revealed this round, the cards the table knows in their
  hands (each shown as an unknown card, `?`: the count stays) and the cards under their
  districts (face down: a Museum's).
- **a watcher** (`WATCHER`): anybody else at the table: nobody's secrets.

At a table whose picks are typed on one shared device (`--recorded-picks`) everything but the
picks was typed in front of everybody: there a viewer is `shared` (`TABLE`, `seat(n, shared=True)`)
and is hidden only the others' characters not yet revealed, not the cards of their hands.

Which viewer each face shows is `table_viewer`, by how the table records its picks (the
header's `picks`): a secret table (nobody types a pick) shows the host's view everywhere; a
table of private picks each seat's phone as that seat and everything else as a watcher; a
table of recorded picks each seat's phone as that seat, everything else — the terminal, the
watch link, the table link — as the whole table (`TABLE`); a table started from a file that
declares who holds what shows the host's view in that round (the file told everybody) and
then as a recorded one.

Once the game is over every character has been shown. A viewer's scores are scored from what
it sees (a Secret Vault known to be in another player's hand does not count for a seat). Only
the host sees the moves played so far (`history`): a move or its events may name a hidden card
(a card taken from a hand, the card the Seer gives back, a recorded pick), and no event says yet
who may see it, so a seat and a watcher get none rather than a guess.

The engine decides what the *table* knows (a secret selection: `engine/secret.py`; cards never
named are `?` in the state). This module decides what each *person* sees of that, and is the
only place that removes a hidden fact: the faces (`referee/cli/`, `referee/web/`) print a view.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each one written as a string
# (27 compilations at every import of this module).
from typing import NamedTuple

UNSEEN = "?"                  # a card a viewer may not see: the engine's own mark for an unknown card


class Viewer(NamedTuple):
    """Who looks: "host", "seat" (with its seat number) or "watcher"; `shared`: at a table whose
    picks are typed on one shared device, where only the picks are secret."""

    kind: str
    seat: int | None = None
    shared: bool = False

    def sees_secrets_of(self, seat: int) -> bool:
        return self.kind == "host" or (self.kind == "seat" and self.seat == seat)


HOST = Viewer("host")
WATCHER = Viewer("watcher")
TABLE = Viewer("watcher", shared=True)      # everybody at a table of recorded picks: all but the picks


def seat(number: int, shared: bool = False) -> Viewer:
    return Viewer("seat", number, shared)


class SeatView(NamedTuple):
    """One player as the viewer sees them (card ids; `?` for a card not seen)."""

    seat: int
    name: str
    gold: int
    hand: tuple[str, ...]
    city: tuple                     # engine Built records (their face-down cards as `?`)
    characters: tuple[str, ...]     # the characters the viewer knows this player holds
    score: int                      # the score so far, from what the viewer sees
    breakdown: dict = {}            # the score by category (`scoring.score_player`), never changed


class RoundMarks(NamedTuple):
    """What this round put on the characters, as the whole table heard it (who holds a marked
    character stays unknown; which warrant is signed or which threat is real is not here)."""

    faceup: tuple[str, ...] = ()
    killed: str | None = None
    bewitched: str | None = None
    robbed: str | None = None
    warrants: tuple[str, ...] = ()
    threats: tuple[str, ...] = ()


class View(NamedTuple):
    viewer: Viewer
    round: int
    phase: str                      # as players name it: selection, turns, over (phase_of)
    crown: int                      # the seat with the crown
    bank: int | None                # None: the bank is unlimited
    game_over: bool
    completed: tuple[int, ...]      # seats in the order they completed a city
    marks: RoundMarks
    players: tuple[SeatView, ...]
    history: tuple                  # the moves played (engine Steps: move and events), oldest first


def picks_mode(header) -> str:
    """How the table's picks are recorded (store.PICKS); a header made without it (by a caller
    that never stored it) from its other fields."""
    if getattr(header, "picks", ""):
        return header.picks
    from referee.table.store import picks_of

    return picks_of(header.secret, getattr(header, "private", False), header.start)


def table_viewer(header, seat_number: int | None = None, round_now: int | None = None) -> Viewer:
    """Who a face shows a table as (`seat_number`: a seat's phone; None: the terminal, the watch
    link, the table link) in round `round_now` (the module's docstring says which)."""
    mode = picks_mode(header)
    if mode == "private":
        return seat(seat_number) if seat_number is not None else WATCHER
    if mode == "secret" or mode == "known" and round_now is not None and round_now <= declared_round(header.start):
        return HOST
    return seat(seat_number, shared=True) if seat_number is not None else TABLE


def declared_round(start: str) -> int:
    """The round a situation file declares its holders in (its `table.round`, 1 by default)."""
    import tomllib

    try:
        found = tomllib.loads(start).get("table", {}).get("round", 1)
    except (tomllib.TOMLDecodeError, AttributeError):
        return 0
    return found if type(found) is int else 0


def picks_hidden(header) -> bool:
    """Whether a face may have to hide a recorded move (a pick, a face-down discard) of this
    table: at a table of private or recorded picks (and at a `known` one, after its round)."""
    return picks_mode(header) in ("private", "recorded", "known")


SECRET_VERBS = ("pick", "discard")        # a pick, and a discard face down: the picking seat's alone


def hidden_move(actor: str, verb: str, players: list[str], viewer: Viewer) -> bool:
    """Is a move (its actor and verb) one `viewer` may not see: another seat's pick or face-down
    discard? (Asked only at a table whose picks are private or recorded.)"""
    if viewer.kind == "host" or verb not in SECRET_VERBS:
        return False
    return not (viewer.kind == "seat" and actor in players and players.index(actor) == viewer.seat)


def hidden_notation(notation: str, players: list[str], viewer: Viewer) -> bool:
    """`hidden_move` of a recorded move in the canonical notation (`Ann: pick King`)."""
    actor, _, body = notation.partition(": ")
    return hidden_move(actor, body.split(" ", 1)[0], players, viewer)


def hidden_in_log(logged, players: list[str], game_now) -> set[int]:
    """The numbers of the recorded moves a watcher may not see yet at a table whose picks are
    private or recorded: a face-down discard never, a pick of this round until its character is
    revealed (an earlier round's were shown at its end); nothing once the game is over.
    `game_now` gives the position the log replays to (a `Game` or a cached `Position`), asked
    only when a pick is in the log."""
    picks = [m for m in logged if hidden_notation(m.notation, players, WATCHER)]
    if not picks:
        return set()
    game = game_now()
    if game.is_over:
        return set()
    state = game.state
    # The log is canonical (`Ann: pick Thief`, the character by its English name): read without
    # the notation's parser, so that a cached position, without the engine's cards, answers.
    ids = {game.rb.name(c): c for c in game.rb.characters}
    hidden = set()
    for m in picks:
        verb, _, named = m.notation.partition(": ")[2].partition(" ")
        if verb == "discard" or (m.round == state.round and ids.get(named.strip()) not in state.revealed):
            hidden.add(m.seq)
    return hidden


def hidden_as(notation: str) -> str:
    """A hidden pick for programs: who, and the verb, not the character."""
    actor, _, body = notation.partition(": ")
    return f"{actor}: {body.split(' ', 1)[0]} ?"


def public_history(game, viewer: Viewer) -> tuple:
    """The moves played so far that `viewer` may see, at a table whose only secrets are the picks
    (every other move was made in front of the table): all but the others' picks and discards."""
    history = tuple(getattr(game, "history", None) or ())
    if viewer.kind == "host":
        return history
    players = [p.name for p in game.state.players]
    return tuple(step for step in history if not hidden_move(step.move.actor, step.move.verb, players, viewer))


def phase_of(state) -> str:
    """The phase as a player names it (and `show --json` reports it): selection, turns, over."""
    return "over" if state.phase == "over" else ("selection" if state.phase == "draft" else "turns")


def see(game, viewer: Viewer = HOST) -> View:
    """The position of `game` (a `Game`, or a cached `Position`) as `viewer` sees it."""
    from referee.engine.scoring import score_player

    state = game.state
    seen = _seen(state, viewer)
    scored = [score_player(game.rb, seen, seat) for seat in range(len(seen.players))]
    players = tuple(SeatView(seat, p.name, p.gold, tuple(p.hand), tuple(p.city), tuple(p.characters),
                             scored[seat]["score"], scored[seat]["breakdown"])
                    for seat, p in enumerate(seen.players))
    history = tuple(getattr(game, "history", None) or ()) if viewer.kind == "host" else ()   # a Position has none
    return View(viewer, state.round, phase_of(state), state.crown, None if game.unlimited_bank else state.bank,
                game.is_over, tuple(state.completed), _round_marks(state), players, history)


def _seen(state, viewer: Viewer):
    return state if viewer.kind == "host" else _without_secrets(state, viewer)


def _without_secrets(state, viewer: Viewer):
    """A copy of `state` whose players hold only what `viewer` may see (the rest of the state is
    not shown: the scores read the players)."""
    import copy

    from referee.engine.state import Player

    over = state.phase == "over"
    players = []
    for number, player in enumerate(state.players):
        if viewer.sees_secrets_of(number):
            players.append(player)
            continue
        characters = player.characters if over else [c for c in player.characters if c in state.revealed]
        if viewer.shared:                # the hands and the cities were played in front of everybody
            hand, city = list(player.hand), list(player.city)
        else:
            hand = [UNSEEN] * len(player.hand)
            city = [b._replace(stored=(UNSEEN,) * len(b.stored)) if b.stored else b for b in player.city]
        players.append(Player(player.name, player.gold, hand, city, list(characters)))
    seen = copy.copy(state)
    seen.players = players
    return seen


def _round_marks(state) -> RoundMarks:
    if state.phase == "over":
        return RoundMarks()
    marks = state.marks
    faceup = state.draft.faceup if state.draft is not None else []
    return RoundMarks(tuple(faceup), marks.killed, marks.bewitched, marks.robbed, tuple(marks.warrants),
                      tuple(marks.threats))


def state_json(game, viewer: Viewer = HOST) -> dict:
    """The position for programs, card names in English: round, crown, bank, each player's
    characters, gold, hand, city and score (`referee ask --json`, `table show --json`)."""
    view = see(game, viewer)
    name = game.rb.name
    return {
        "round": view.round,
        "crown": view.players[view.crown].name,
        "bank": view.bank,
        "game_over": view.game_over,
        "players": [{"name": p.name, "characters": [name(c) for c in p.characters], "gold": p.gold,
                     "hand": [name(c) for c in p.hand], "hand_count": len(p.hand),
                     "city": [name(b.id) for b in p.city], "score": p.score} for p in view.players],
    }


def show_json(tracked, viewer: Viewer = HOST) -> dict:
    """`referee table show --json`: the table, its phase, what it waits for, and the position."""
    from referee.table import service

    game = tracked.game
    found = {"table": tracked.header.name, "edition": tracked.header.edition, "phase": phase_of(game.state),
             "picks": picks_mode(tracked.header),       # what the faces hide follows from it (docs/table.md)
             "turn": service.expected_next(game), "moves_recorded": len(tracked.log),
             "state": state_json(game, viewer)}
    standing = teams_seen(tracked, viewer)
    if standing is not None:
        found["teams"] = standing
    if tracked.broken:
        found["broken"] = {"seq": tracked.broken.seq, "move": tracked.broken.notation, "reason": tracked.broken.key}
    return found


def teams_seen(tracked, viewer: Viewer = HOST) -> dict | None:
    """A team game's standing as `viewer` sees the scores (None at a table without teams): what
    `table show --json` and /state.json give under `teams`, for the phones' page to show."""
    if not tracked.header.teams:
        return None
    from referee.engine.scoring import scores

    game = tracked.game
    return team_standing(tracked.header, game, scores(game.rb, _seen(game.state, viewer)))


def team_standing(header, game, results: list[dict]) -> dict:
    """A team game's standing (engine/teams.py) from the players' `results`: each team's players
    and total, the winning team, or the tie and what the players' tie-break says of it."""
    from referee.engine.teams import check_teams, team_results

    return team_results(game.rb, game.state, results, check_teams(header.teams, header.players))
