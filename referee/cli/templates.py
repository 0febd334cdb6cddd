"""`referee ask --template N`: a starting situation file for N players."""

from __future__ import annotations

from referee.errors import RefereeError

_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
_CAST = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord"]


def situation_template(players: int) -> str:
    if not 2 <= players <= 8:
        raise RefereeError(f"--template takes 2 to 8 players, not {players}", f"--template 要 2 到 8 位玩家，不是 {players}")
    two_each = players < 4
    lines = [
        'edition = "2016"                 # or "classic"',
        'question = "What happens when …?"',
        "variants = []",
        "",
        "[table]",
        f'crown = "{_NAMES[0]}"',
        "round = 1",
    ]
    if players in (3, 8):
        lines.append('characters = ["Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", '
                     f'"Warlord", "{"Queen" if players == 8 else "Tax Collector"}"]')
    cast = iter(_CAST + ["Queen"])
    for seat in range(players):
        held = [next(cast)] + ([next(cast)] if two_each else [])
        lines += ["", "[[players]]", f'name = "{_NAMES[seat]}"',
                  "characters = [" + ", ".join(f'"{c}"' for c in held) + "]",
                  "gold = 2", 'hand = ["?", "?", "?", "?"]', "city = []"]
    lines += ["", "[play]", "history = []", "moves = [", f'  "{_CAST[0]}: gold",', "]", ""]
    return "\n".join(lines)
