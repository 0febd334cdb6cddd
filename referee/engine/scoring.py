"""Final scores: districts, the five types, completion, and each unique district's bonus.

Every category is kept apart in the breakdown so a table can check the sum line by line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.types import TYPES

if TYPE_CHECKING:
    from referee.engine.facts import Rulebook
    from referee.engine.state import Built, State


def district_value(rb: "Rulebook", built: "Built") -> int:
    """What a district scores and costs to destroy: printed cost (or its fixed value), +1 beautified."""
    facts = rb.districts[built.id]
    return facts.fact("points", facts.cost) + (1 if built.beautified else 0)


def city_size(rb: "Rulebook", city: list["Built"]) -> int:
    """Districts toward completion (the Monument counts as two)."""
    size = len(city)
    extra = rb.counts_extra
    for built in city:
        if built.id in extra:
            size += extra[built.id]
    return size


def _haunted_counts(rb: "Rulebook", state: "State", built: "Built", final_round: int) -> bool:
    """Whether a Haunted City/Quarter may stand for another type at the end of the game."""
    if not rb.districts[built.id].fact("scores_as_any_type"):
        return False
    # Classic's card bars the final round (variant haunted-last-round-allowed lifts it); 2016's
    # does not (variant haunted-last-round-barred adds it).
    last_round_rule = rb.districts[built.id].fact("not_if_built_last_round", False) or \
        "haunted-last-round-barred" in state.variants
    if last_round_rule and built.built_round >= final_round and "haunted-last-round-allowed" not in state.variants:
        return False
    return True


def score_player(rb: "Rulebook", state: "State", seat: int, final_round: int | None = None) -> dict:
    """The player's score, with the Haunted City/Quarter counted as whichever type scores best
    (the owner's choice at the end of the game)."""
    player = state.players[seat]
    final_round = state.round if final_round is None else final_round
    wild = next((i for i, b in enumerate(player.city) if _haunted_counts(rb, state, b, final_round)), None)
    options = [None] if wild is None else [None, *(t for t in TYPES if t != "unique")]
    results = [_score(rb, state, seat, wild, choice) for choice in options]
    best = max(results, key=lambda r: r["score"])    # first best: it stays unique unless retyping helps
    if wild is not None and best is not results[0]:
        best["haunted_quarter_as"] = options[results.index(best)]
    return best


def _score(rb: "Rulebook", state: "State", seat: int, wild: int | None, wild_type: str | None) -> dict:
    player = state.players[seat]
    types = [rb.districts[b.id].type for b in player.city]
    if wild is not None and wild_type is not None:
        types[wild] = wild_type
    breakdown: dict[str, int] = {"districts": sum(district_value(rb, b) for b in player.city)}
    if all(t in types for t in TYPES):
        breakdown["five_types"] = int(rb.setup["five_types_bonus"])
    if seat in state.completed:
        # With the Bell Tower announced, only those complete at the announcement get the first
        # bonus; whoever completes later gets the other bonus (FAQ reading).
        first = seat in state.first_bonus if state.first_bonus is not None else state.completed[0] == seat
        breakdown["first_complete" if first else "completed"] = int(
            rb.setup["first_complete_bonus" if first else "other_complete_bonus"]
        )
    unique_count = types.count("unique")
    largest_type = max((types.count(t) for t in TYPES), default=0)
    for built in player.city:
        facts = rb.districts[built.id]
        if not facts.facts:
            continue                  # no facts, no bonus (the basic districts): not asked eleven times
        bonus = _district_bonus(facts, built, player, rb, state.crown == seat, unique_count, largest_type)
        if bonus:
            breakdown[built.id] = bonus
    for card in player.hand:
        if card in rb.districts and rb.districts[card].fact("unbuildable"):
            breakdown[card] = breakdown.get(card, 0) + rb.districts[card].fact("extra_points", 0)
    return {"name": player.name, "score": sum(breakdown.values()), "breakdown": breakdown}


def _district_bonus(facts, built, player, rb, has_crown: bool, unique_count: int, largest_type: int) -> int:
    """A unique district's end-of-game points beyond its cost, from the facts in data/."""
    if facts.fact("points_per_gold"):
        return player.gold * facts.fact("points_per_gold")
    if facts.fact("points_per_card"):
        return len(player.hand) * facts.fact("points_per_card")
    if facts.fact("points_per_unique"):
        counted = unique_count if facts.fact("counts_itself", True) else unique_count - 1
        return counted * facts.fact("points_per_unique")
    if facts.fact("points_per_stored"):
        return len(built.stored) * facts.fact("points_per_stored")
    if facts.fact("points_per_odd"):
        return sum(1 for b in player.city if district_value(rb, b) % 2 == 1) * facts.fact("points_per_odd")
    extra = facts.fact("extra_points", 0)
    if not extra or facts.fact("unbuildable"):        # the Secret Vault scores from the hand
        return 0
    if facts.fact("requires_crown") and not has_crown:
        return 0
    if facts.fact("only_unique") and unique_count != 1:
        return 0
    if facts.fact("same_type_needed") and largest_type < facts.fact("same_type_needed"):
        return 0
    return extra


def scores(rb: "Rulebook", state: "State", final_round: int | None = None) -> list[dict]:
    return [score_player(rb, state, seat, final_round) for seat in range(len(state.players))]


def winners(rb: "Rulebook", state: "State", results: list[dict]) -> tuple[list[str], str]:
    """The winners after the edition's tie-break (or the variant a table chose), and which rule
    decided: 'score', or the tie-break's name."""
    best = max(r["score"] for r in results)
    tied = [seat for seat, r in enumerate(results) if r["score"] == best]
    if len(tied) == 1:
        return [results[tied[0]]["name"]], "score"
    rule = tie_break_rule(rb, state)
    return [results[s]["name"] for s in tie_break(rb, state, results, tied, rule)], rule


def tie_break_rule(rb: "Rulebook", state: "State") -> str:
    """The tie-break a game plays by: the edition's, or the one a house rule chose."""
    rule = rb.setup["tie_break"]
    for variant, name in (("tie-shared", "shared"), ("tie-gold", "gold"), ("tie-district-value", "district-value-then-gold")):
        if variant in state.variants:
            rule = name
    return rule


def tie_break(rb: "Rulebook", state: "State", results: list[dict], seats: list[int], rule: str) -> list[int]:
    """The seats among `seats` that `rule` puts first (all of them when it shares the win)."""
    if rule == "shared":
        return list(seats)
    if rule == "highest-rank-revealed":
        def key(seat: int) -> int:
            held = [c for c in state.last_round_revealed if c in state.players[seat].characters]
            return max((rb.characters[c].rank for c in held), default=0)
    elif rule == "gold":
        def key(seat: int) -> int:
            return state.players[seat].gold
    else:  # district value, then gold
        def key(seat: int) -> tuple[int, int]:
            return (results[seat]["breakdown"].get("districts", 0), state.players[seat].gold)
    top = max(key(s) for s in seats)
    return [s for s in seats if key(s) == top]
