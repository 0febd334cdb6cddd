"""`referee score`: final scores from a situation file or from quick entry on the command line."""

from __future__ import annotations

from referee.cli.output import Page, console, escape, print_json
from referee.cli.quick_entry import as_quick_entry, quick_entry
from referee.errors import BadSituation
from referee.say.labels import comma, label, parens, standing_line, winners_line
from referee.say.lang import check_edition, choose, file_edition, refusals_in


def run(file, players, first, edition, lang, json_out, bell_tower: bool = False, teams: str | None = None) -> None:
    from referee.catalog.facts import rulebook
    from referee.situation import edition_of

    spoken = None                       # a file's language, when --lang does not say (lang.file_language)
    if file and players:
        raise BadSituation.say("error.score.give_situation_file_player")
    if file:
        from referee.cli.reading import read_situation

        if bell_tower:
            raise BadSituation.say("error.score.bell_tower_for_quick")
        if first is not None:
            raise BadSituation.say("error.score.first_for_quick_entry")
        data, spoken = read_situation(file, lang)
        with refusals_in(spoken):
            if not isinstance(data.get("play", {}), dict):
                raise BadSituation.say("error.score.play_expected_table_got", play=data['play'])
            data.pop("play", None)          # a final position: the moves are not replayed
            file_edition(edition, edition_of(data))
    elif players:
        if bell_tower and (check_edition(edition) or "2016") != "classic":
            raise BadSituation.say("error.score.bell_tower_bell_tower")
        data = quick_entry(players, first, check_edition(edition) or "2016")
        if bell_tower:
            data["table"]["bell_tower"] = True
    else:
        raise BadSituation.say("error.score.give_situation_file_players")
    with refusals_in(spoken):           # a file written in Chinese is refused in Chinese
        named = edition_of(data)        # the file's, or --edition's (they agree: checked above)
    with refusals_in(spoken, named):    # ... naming its cards as that edition does
        rb = rulebook(named)
        report = final_scores(data, rb, players, teams)
    if json_out:
        print_json(report)
        return
    lang = spoken or choose(lang, " ".join(players) if players else data.get("question"))
    show(report, lang)


def final_scores(data: dict, rb, entries: list[str], teams: str | None = None) -> dict:
    """Scores and winners of the position `data` describes, as the game would end now (with
    `teams`, "Ann+Cid,Bob+Dan": each team's total and the winning team too)."""
    from referee.engine.scoring import scores, winners
    from referee.situation import load

    try:
        situation = load(data, rb)
    except BadSituation as error:
        if not entries:
            raise
        raise as_quick_entry(error, entries) from error
    state = situation.game.state
    # The characters a file lists are those revealed in the last round: the 2016 tie-break
    # (highest rank revealed) reads them.
    held = [c for player in state.players for c in player.characters]
    state.last_round_revealed = sorted(held, key=lambda c: rb.characters[c].rank)
    results = scores(rb, state, final_round=state.round)
    names, rule = winners(rb, state, results)
    report = {"edition": situation.edition, "players": results, "winners": names, "tie_break": rule}
    if teams is not None:
        from referee.engine.teams import check_teams, team_results
        from referee.table.setup import read_teams_of

        names = [p.name for p in state.players]
        seats = check_teams(read_teams_of(teams, names), names)
        report.update(team_results(rb, state, results, seats, final=True))     # as if the game ended here
    return report


def show(report: dict, lang: str, final: bool = True) -> None:
    """The scores with their breakdowns, then the winners (`final=False`, a tracked game not
    over: who leads, for nobody has won yet)."""
    from referee.catalog.cards import localized_names
    from referee.catalog.db import connect
    from referee.catalog.facts import rulebook

    local = localized_names(connect(), report["edition"], lang)
    out = Page(console())
    for result in sorted(report["players"], key=lambda r: -r["score"]):
        parts = comma(lang).join(f"{_category(k, local, lang)} {v}" for k, v in result["breakdown"].items())
        if result.get("haunted_quarter_as"):     # the owner's best choice, said so the table can check it
            districts = rulebook(report["edition"]).districts
            wild = next(d for d, facts in districts.items() if facts.fact("scores_as_any_type"))
            parts += parens(label("counted_as", lang).format(card=local[wild], type=label(result["haunted_quarter_as"], lang)),
                            lang)
        out.print(f"[bold]{escape(result['name'])}[/bold] {result['score']}  [dim]{escape(parts)}[/dim]")
    if report.get("teams"):             # a team game: the teams' totals decide, not the best player
        from referee.say.teams import team_lines

        for line in team_lines(report, lang, final):
            out.print(escape(line))
    elif not final:
        out.print(escape(standing_line(report["players"], lang)))
    else:
        out.print(escape(winners_line(report["winners"], report["tie_break"], lang)))
    out.show()


def _category(key: str, local: dict[str, str], lang: str) -> str:
    """A breakdown key for people: a scoring category, or a district's name."""
    return label(key, lang) if key in ("districts", "five_types", "first_complete", "completed") else local.get(key, key)
