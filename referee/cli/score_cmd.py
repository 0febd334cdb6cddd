"""`referee score`: final scores from a situation file or from quick entry on the command line."""

from __future__ import annotations

import re



from referee.cli.labels import label
from referee.cli.lang import check_edition, choose
from referee.cli.output import console, escape, print_json
from referee.errors import BadSituation


def quick_entry(players: list[str], first: str | None, edition: str) -> dict:
    """Turn `-p "Ann: Temple, Castle; gold 3; hand 2; crown"` options into situation data."""
    data: dict = {"edition": edition, "table": {}, "players": []}
    for text in players:
        name, sep, rest = text.partition(":")
        if not sep:
            raise BadSituation(f"--player {text!r}: write it as \"NAME: District, District; gold N; hand N\"")
        parts = [p.strip() for p in rest.split(";")]
        player = {"name": name.strip(), "city": [c.strip() for c in re.split(r"[,，、]", parts[0]) if c.strip()]}
        for extra in parts[1:]:
            words = extra.split()
            if not words:
                continue
            if words[0].lower() == "crown" and len(words) == 1:
                data["table"]["crown"] = player["name"]
            elif words[0].lower() in ("gold", "hand") and len(words) == 2 and words[1].isdigit():
                if words[0].lower() == "gold":
                    player["gold"] = int(words[1])
                else:
                    player["hand"] = ["?"] * int(words[1])
            elif words[0].lower() == "cards" and len(words) > 1:
                player["hand"] = [c.strip() for c in re.split(r"[,，、]", extra[len("cards"):]) if c.strip()]
            else:
                raise BadSituation(f"--player {text!r}: unknown part {extra!r} (gold N, hand N, cards C1, C2, crown)")
        data["players"].append(player)
    if first:
        data["table"]["first_complete"] = first
    return data


def run(file, players, first, edition, lang, json_out) -> None:
    from referee.catalog.facts import rulebook
    from referee.engine.scoring import scores, winners
    from referee.situation import edition_of, load

    if file and players:
        raise BadSituation("give a situation file or --player entries, not both")
    if file:
        from referee.cli.reading import read_situation

        data = read_situation(file)
        data.pop("play", None)
    elif players:
        data = quick_entry(players, first, check_edition(edition) or "2016")
    else:
        raise BadSituation("give a situation file, or players with -p \"Ann: Temple, Castle\"")
    situation = load(data, rulebook(edition_of(data)))
    game = situation.game
    results = scores(game.rb, game.state, final_round=game.state.round)
    names, rule = winners(game.rb, game.state, results)
    report = {"edition": situation.edition, "players": results, "winners": names, "tie_break": rule}
    if json_out:
        print_json(report)
        return
    lang = choose(lang, " ".join(players) if players else data.get("question"))
    from referee.catalog.cards import localized_names
    from referee.catalog.db import connect

    local = localized_names(connect(), situation.edition, lang)
    out = console()
    for result in sorted(results, key=lambda r: -r["score"]):
        parts = ", ".join(f"{_category(k, local, lang)} {v}" for k, v in result["breakdown"].items())
        out.print(f"[bold]{escape(result['name'])}[/bold] {result['score']}  [dim]{escape(parts)}[/dim]")
    tie = "" if rule == "score" else f" (tie-break: {rule})"
    out.print(f"{label('winner', lang)}: {escape(', '.join(names))}{tie}")


def _category(key: str, local: dict[str, str], lang: str) -> str:
    """A breakdown key for people: a scoring category, or a district's name."""
    return label(key, lang) if key in ("districts", "five_types", "first_complete", "completed") else local.get(key, key)
