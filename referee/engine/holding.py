"""What the players of a secret table who have not shown all their characters must still hold,
counted from public facts only (the cast, the face-up discards, what was revealed, the calls
passed): pure over a state and its rulebook, so that a cached position (`table show`, the
phones) asks it without loading the cards."""

from __future__ import annotations


def per_player(state) -> int:
    """Characters each player holds in a round: two with 2 or 3 players, else one."""
    return 2 if len(state.players) <= 3 else 1


def open_seats(state) -> list[int]:
    """The seats of the players who have not shown all the characters they hold."""
    k = per_player(state)
    return [seat for seat, player in enumerate(state.players) if len(player.characters) < k]


def left_after_pass(rb, state, named) -> list[str]:
    """The characters the unshown players may still hold once the calls `named` are passed: not
    face up, not shown, and either still to be called or killed (its holder stays silent until
    the round's end, so a call of his passed during the round says nothing of it)."""
    faceup = state.draft.faceup if state.draft is not None else []
    killed = state.marks.killed
    found = []
    for character in sorted(state.characters, key=lambda c: rb.characters[c].rank):
        if character in faceup or state.holder(character) is not None:
            continue
        if character == killed:
            if state.calling < 10 or character not in named:
                found.append(character)
        elif state.calling < 10 and character not in named and rb.characters[character].rank >= state.calling:
            found.append(character)
    return found


def pass_leaves_too_few(rb, state, named) -> dict | None:
    """The facts of a pass of `named` that would leave the unshown players fewer characters than
    they hold (a holder who forgot to answer, not a card face down), or None when it may be so:
    the players, the characters left and how many they still hold."""
    k, seats = per_player(state), open_seats(state)
    wanted = sum(k - len(state.players[seat].characters) for seat in seats)
    left = left_after_pass(rb, state, named)
    if len(left) >= wanted:
        return None
    return {"players": [state.players[seat].name for seat in seats], "left": len(left), "wanted": wanted}
