"""`Game`: the facade over the engine — state, legal moves, a checked apply, undo.

`apply()` takes a snapshot of the state, has the flow play the move on the live state and settle
the position (turn, round, phase, game end: `flow.play`), and puts the snapshot back if the move
is refused, so a refused move never changes anything. The same snapshots form the undo stack.
The facade itself ends nothing: it lists the legal moves (at a secret table, the reveals a
player may make, each tried by playing it and taking it back) and keeps the history.

Layers, each importing only those below it: errors, state, facts, the registry and moves at the
bottom; then the small operations (`ops.py`: all that the layers above see of a game); then the
cards (`cards/`); then the turn, the selection and the secret table (`turn.py`, `draft.py`,
`secret.py`); then the flow (`flow.py`); then this facade (tests/engine/test_layers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import referee.engine.cards  # noqa: F401  (registers every card's behaviour)
from referee.engine import draft, flow, listing, registry, secret, turn
from referee.engine.casts import default_cast, excluded_uniques, require_legal
from referee.engine.errors import IllegalMove
from referee.engine.facts import Rulebook
from referee.engine.moves import Move, Notation
from referee.engine.ops import Operations
from referee.engine.scoring import scores, winners
from referee.engine.state import Player, State

if TYPE_CHECKING:
    from collections.abc import Iterable


def default_characters(rulebook: Rulebook, players: int) -> tuple[str, ...]:
    """The edition's standard eight, plus the rank 9 character a player count requires (data:
    `rank9_required`): the Queen where she may play (5+ players), else the Tax Collector."""
    return default_cast(rulebook, players)


class Step(NamedTuple):
    """A played move and the events it caused."""

    move: Move
    events: list[dict]


# Step((move, events)) without the named tuple's Python-level __new__, one per move played:
# `_new_tuple(Step, (move, events))` (tuple.__new__ called as it is: through a partial, each call
# would first copy its arguments behind the bound Step, ~250 instructions more).
_new_tuple = tuple.__new__


def _say_nothing(kind: str, **values) -> None:
    """`Operations.event` of a game made with `events=False`."""


class Game(Operations):
    def __init__(self, rulebook: Rulebook, state: State, seed: int = 0, table: bool = False,
                 secret_selection: bool = False, undo: bool = True, events: bool = True,
                 uniques: "Iterable[str] | None" = None):
        self.rb = rulebook
        self.state = state
        self.seed = seed
        # A physical table: the selection phase is recorded (faceup/pick/discard moves), not dealt.
        self.table = table
        # ... and its picks may stay secret: the first move of the turns ends the selection, and
        # each character becomes known when its holder reveals it (`secret.py`).
        self.secret_selection = secret_selection
        # A situation file describes only some moves: a later character's move ends the turns
        # before it whatever they did (docs/situations.md, "Implicit ends"). A tracked game sees
        # every move: there a turn that has not gathered does not end by itself (the tracker sets
        # this to False).
        self.implicit_ends = True
        # A tracked table's log recorded before a call was passed only explicitly (`pass`): its
        # moves replay as they were recorded then — a later character's reveal passing the calls
        # before it, a killed character shown during the round; likewise picks typed at a table
        # whose picks are secret (draft.picks_secret). Never set while recording.
        self.legacy_calls = False
        self.notation = Notation(rulebook, state)
        # The snapshots undo goes back to; None: a game played forward only (`undo=False`:
        # `simulate` without its checks), which keeps none and takes none for a listed move.
        self._undo: list[list] | None = [] if undo else None
        self.history: list[Step] = []
        self._events: list[dict] = []
        if not events:
            # A game whose events nobody reads (`simulate` without its checks, the bench): its
            # moves say nothing (each event was a dict made and kept in the history).
            self.event = _say_nothing
            self.says = False
        # The hook lists of the cards in play (a plain attribute: it is read at nearly every step
        # of move generation); games with the same rulebook, cast and unique districts share them.
        # `uniques`: those of a dealt game's deck, the only ones that can act in it. Where the deck
        # is not known (a table, a situation) any may turn up: the lists hold those the position
        # names, and grow before the engine plays or lists moves once it names others (`_cover`).
        # A unique district acts only from a city or a hand, and gets there only named by a move
        # or unseen (`?`), so the lists act as lists of them all would; and only their modules
        # are loaded (every district's was most of a table command's engine import).
        self._open = uniques is None
        self._seen: list = []                # what _cover looked at last: the lists that name cards
        self._named: frozenset | None = None  # the unique districts the lists hold (an open game)
        if self._open:
            self._cover()
            self.listing = self._listing_covered
        else:
            self.hooks = registry.hooks_for(rulebook, state.characters, uniques)
        self.unlimited_bank = rulebook.bank_unlimited(state.variants)
        self._listing = False

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rulebook: Rulebook,
        names: list[str],
        seed: int = 0,
        characters: tuple[str, ...] | None = None,
        uniques: list[str] | None = None,
        variants: frozenset[str] = frozenset(),
        table: bool = False,
        secret_selection: bool = False,
        undo: bool = True,
        events: bool = True,
    ) -> "Game":
        """A game at set-up: a shuffled deck, four cards and two gold each, the crown to the first
        player, and the first selection phase begun. A cast the rules do not allow for this many
        players raises `IllegalCast` (referee.engine.casts). `undo=False`: a game played forward
        only, through the moves it lists (`apply_listed`), as `simulate` plays without its
        checks: it keeps no undo stack and takes no snapshot for a listed move (the snapshot was
        ~9 % of such a game's instructions, a third of it keeping it for an undo that never came).
        `events=False`: a game whose events nobody reads; its moves return none."""
        setup = rulebook.setup
        characters = require_legal(rulebook, len(names), characters or default_characters(rulebook, len(names)))
        if uniques is None:
            # The edition's number of unique districts, drawn from those the engine plays, so
            # that a simulation never builds a card whose effect it would silently ignore; none
            # that the cast takes out of the game (classic: the Witch's Hospital…).
            barred = excluded_uniques(rulebook, characters)
            pool = registry.playable_uniques(rulebook)
            if barred:
                pool = [d for d in pool if d not in barred]
            count = min(int(setup["uniques_in_deck"]), len(pool))
            from referee.engine.chance import Draws      # only a dealt game draws: a table's game never does

            uniques = Draws(seed, 0).sample(pool, count)      # (chance event 0: the others count from 1)
        deck = rulebook.district_deck(frozenset(uniques))     # (asked for each unique district)
        state = State(players=[Player(n) for n in names], characters=characters,
                      deck=deck, bank=int(setup["bank"]), variants=variants)
        # A dealt game's deck is known: only the unique districts in it can act.
        game = cls(rulebook, state, seed, table, secret_selection, undo, events, uniques=uniques)
        game.chance().shuffle(state.deck)
        for player in state.players:
            player.hand = state.deck[:int(setup["start_cards"])]
            state.deck = state.deck[int(setup["start_cards"]):]
            state.bank -= int(setup["start_gold"])
            player.gold = int(setup["start_gold"])
        draft.begin(game)
        game._events.clear()
        return game

    def _cover(self) -> None:
        """An open game's hook lists (see __init__) take in the unique districts its position
        names now: in a hand, a city, the deck or the discard pile. A list is looked at again
        only when it is another list than last time (the state never changes one in place)."""
        state = self.state
        held = [state.deck, state.discard]
        for player in state.players:
            held += (player.hand, player.built_names())
        seen = self._seen
        if held == seen:                     # (the same lists: compared by identity first)
            return
        uniques = self.rb.uniques
        found = set()
        for at, names in enumerate(held):
            if at >= len(seen) or names is not seen[at]:
                found.update(uniques.intersection(names))
        self._seen = held
        if self._named is None or not found <= self._named:
            self._named = frozenset(found) if self._named is None else self._named | found
            self.hooks = registry.hooks_named(self.rb, state.characters, self._named)

    def begin_selection(self) -> None:
        """Begin the round's selection phase (a situation file may start there)."""
        if self._open:
            self._cover()
        draft.begin(self)

    def start_turns(self) -> None:
        """Begin the turn phase (a situation file's position starts here)."""
        if self._open:
            self._cover()
        flow.start_turns(self)

    # -- the public API ----------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        return self.notation.parse(text)

    def format(self, move: Move) -> str:
        return self.notation.format(move)

    def legal_moves(self, verb: str | None = None, known: dict | None = None) -> "list[Move] | listing.Moves":
        """Every legal move now, as a sequence: a list, or — when a choice is too large to list
        (the Magician's redraw of a big hand) — a view that makes its moves when asked for
        (`listing.py`: len, index, iteration, `in`, `+`; never changed in place). `verb`: only
        those of that verb, in the same order — the other verbs' moves not even listed (the
        random player asks for the builds first). `known`: a mapping the caller keeps while the
        position stays the same (verb -> its moves, filled as they are listed in a turn), so that
        asking for all after one verb does not list that verb again; a new position needs a new
        mapping."""
        if self._open:
            self._cover()
        state = self.state
        if verb is not None or known is not None:
            if state.phase == "turns" and state.turn is not None and not state.secret:
                return turn.legal_moves(self, verb, known)
            if verb is not None and state.phase == "draft" and not self.secret_selection:
                return draft.legal_moves(self, verb)
            if verb is not None:
                return listing.of_verb(self.legal_moves(), verb)
        if state.phase == "draft":
            moves = draft.legal_moves(self)
            if self.secret_selection and not self._listing and draft.ends_in_secret(self, Move("", "gold")):
                moves += self._first_moves_in_secret()
                for more in self.hooks.secret_selection_moves:     # the Theater's announced swap
                    moves += more(self)
            return moves
        if state.phase != "turns":
            return []
        if state.turn is None and state.awaiting is not None:
            # No pass offered where it would be refused (the players not shown must hold the call).
            passing = [] if state.secret and secret.pass_problem(self, (state.awaiting,)) else [Move("", "pass", (state.awaiting,))]
            return self._secret_reveals() + passing
        if state.turn is None:           # between turns only a pending decision can be made
            return turn.pending_answers(self)
        moves = turn.legal_moves(self)
        if state.secret and not self._listing:
            moves += _not_among(self._secret_reveals(), moves)
        return moves

    # listing(): the legal moves now as a `listing.Listing` — listed verb by verb as they are
    # asked for, and kept, the position's facts asked once — where each verb's moves come
    # together from one generator (a turn); else None (the selection, an answer out of turn, a
    # secret table, a part of a split turn: ask legal_moves()). For one choice: the position
    # must not change while it is read. Only a turn lists so: the turn phase answers it itself.
    listing = turn.listed_by_verb

    def _listing_covered(self) -> "listing.Listing | None":
        """An open game's listing(): its lists brought up to the position first (a dealt game's
        need not be, and it asks at every step of a random game: a check in listing() itself
        cost the base cast's games 0.5 % of their instructions). Set on the open game as its
        `listing`: the game and this bound method are a cycle, which the collector frees."""
        self._cover()
        return turn.listed_by_verb(self)

    def _secret_reveals(self) -> "list[Move] | listing.Moves":
        """At a secret table: every way a player may show a character now — `reveal CH`, or a
        move made as it (as the awaited character: any; as a later one: its own verbs) — each
        checked by playing it and taking it back."""
        self._listing = True                 # the positions tried here list no reveals of their own
        try:
            return self._collect_reveals(self.state.awaiting)
        finally:
            self._listing = False

    def _first_moves_in_secret(self) -> "list[Move] | listing.Moves":
        """The moves that end a secret selection: the first reveals of the turns."""
        snapshot, events = self.state.snapshot(), self._events
        try:
            flow.begin_secret_turns(self)
            return self._secret_reveals() if self.state.awaiting else []
        finally:
            self.state.restore(snapshot)
            self._events = events

    def _collect_reveals(self, awaited: str | None) -> "list[Move] | listing.Moves":
        state = self.state
        found: list[Move] = []
        killed = state.marks.killed
        if (awaited is not None and killed is not None and state.holder(killed) is None
                and self.rb.characters[killed].rank >= self.rb.characters[awaited].rank):
            # The killed character's holder may act through a card (the Hospital) at its call.
            for seat in secret.open_seats(self):
                for card in secret.killed_acts(self, seat):
                    snapshot, events = state.snapshot(), self._events
                    flow.killed_turn_at_secret_table(self, seat, card)
                    answers = card.answers(self)
                    state.restore(snapshot)
                    self._events = events
                    # Each tried as played: refused while an earlier call is open (passed first).
                    found += [m for m in answers if self.is_legal(m)]
        for seat in secret.open_seats(self):
            name = state.players[seat].name
            for character in sorted(state.characters, key=lambda c: self.rb.characters[c].rank):
                if not secret.possibly_held(self, character) or secret.reveal_problem(self, seat, character):
                    continue
                reveal = Move(name, "reveal", (character,))
                if not self.is_legal(reveal):
                    continue
                found += [reveal]            # (`found` may be a view by now: never appended to)
                self.apply(reveal)
                own = {v.name for v in (registry.behaviour(character).verbs if registry.behaviour(character) else ())}
                after = listing.renamed(listing.select(
                    self.legal_moves(), lambda m: m.actor == character and (character == awaited or m.verb in own)),
                    character, name)
                self.undo()
                # (A virtual part — the redraws of a known hand — is tried once, by its first
                # move: each of its moves is legal as the others are, its cards being in the hand.)
                found += listing.select(after, lambda m: m.verb != "end" and self.is_legal(m))
        return found

    def is_legal(self, move: Move) -> bool:
        try:
            self.apply(move)
        except IllegalMove:
            return False
        self.undo()
        return True

    def apply(self, move: Move) -> list[dict]:
        """Play `move`, returning its events; raise IllegalMove (state untouched) if it is illegal."""
        return self._play(move, False)

    def apply_listed(self, move: Move) -> list[dict]:
        """Play a move taken from legal_moves() in this very position (python-chess's `push`
        beside the checked `push_san`): the checks of who may make it now are not made again;
        the verb's own rules still run. A move typed by a person, read from a file or made up
        goes through apply(). (tests/engine/test_properties.py: both give the same position.)
        In a game played forward only (`undo=False`) no snapshot is taken, and a dealt game's
        move goes straight to the flow's dealt path (`flow.play_dealt`: what only a table has is
        not asked)."""
        if self._undo is not None:
            return self._play(move, True)
        # (No _cover here: the move was listed in this position, by legal_moves() or listing(),
        # which an open game's lists were brought up to first.)
        if self._events:
            self._events = []                # (what was said outside a move is not this move's)
        try:
            if self.table:
                flow.play(self, move, True)
            else:
                flow.play_dealt(self, move)
        except IllegalMove as refused:
            # Every listed move applies (tests/engine/test_properties.py): a refusal here is the
            # engine's own fault, and the position it leaves is not to be played on.
            raise RuntimeError(f"a move played as listed was refused ({refused.key}); "
                               "a game without undo cannot go back to where it was") from refused
        events = self._events
        self.history.append(_new_tuple(Step, (move, events)))
        if self.says:
            self._events = []
        # (A silent game never says anything: its one empty list is every move's events, not a
        # new list made at each move.)
        return events

    def _play(self, move: Move, listed: bool) -> list[dict]:
        if self._open:
            self._cover()
        snapshot = self.state.snapshot()
        if self._events:
            self._events = []                # (what was said outside a move is not this move's)
        try:
            if listed and not self.table:
                flow.play_dealt(self, move)
            else:
                flow.play(self, move, listed)
        except IllegalMove:
            self.state.restore(snapshot)
            raise
        if self._open:
            self._cover()                    # (what it put in a hand or a city acts from the next step)
        if self._undo is not None:
            self._undo.append(snapshot)
        events = self._events
        self.history.append(_new_tuple(Step, (move, events)))
        self._events = []
        return events

    def undo(self) -> Move:
        if self._undo is None:
            raise RuntimeError("this game was made without undo (Game.new(..., undo=False))")
        self.state.restore(self._undo.pop())
        return self.history.pop().move

    # -- who acts ----------------------------------------------------------------------------

    def acting_character(self, move: Move) -> str | None:
        """The character a move is made as (`turn.acting_character`)."""
        return turn.acting_character(self, move)

    def current_actor(self) -> str | None:
        state = self.state
        if state.phase == "draft" and state.draft and state.draft.order:
            return state.players[state.draft.order[0]].name
        if state.phase == "turns" and state.turn:
            return state.turn.acting or state.turn.character
        return None

    # -- results -----------------------------------------------------------------------------

    def scores(self) -> list[dict]:
        return scores(self.rb, self.state)

    def winners(self) -> tuple[list[str], str]:
        return winners(self.rb, self.state, self.scores())

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"


# legal_moves()' filter of the secret reveals as a function of its own (as listing.of_verb): a lambda
# inside it would make its names closure cells at every call (CPython 3.11), asked at every gathering step.
def _not_among(moves, listed) -> "list[Move] | listing.Moves":
    return listing.select(moves, lambda m: m not in listed)


__all__ = ["Game", "IllegalMove", "Step", "default_characters"]
