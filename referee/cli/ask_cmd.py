"""`referee ask`: rule on each move of a situation file and show the resulting position."""

from __future__ import annotations

import sys

from referee.cli.output import Page, console, escape, indented, paragraph, print_json
from referee.errors import BadSituation
from referee.say.labels import colon, comma, label, parens, semicolon
from referee.say.lang import choose, refusals_in


def run(file: str | None, template: int | None, lang: str | None, json_out: bool) -> None:
    if template is not None:
        from referee.cli.templates import situation_template

        if file is not None:
            raise BadSituation.say("error.ask.template_prints_new_file")
        sys.stdout.write(situation_template(template, choose(lang)))
        return
    from referee.catalog.facts import rulebook
    from referee.cli.reading import read_situation
    from referee.situation import edition_of, load

    data, spoken = read_situation(file, lang)
    with refusals_in(spoken):       # a file written in Chinese is refused in Chinese
        edition = edition_of(data)
    with refusals_in(spoken, edition):      # ... naming its cards as its edition does
        situation = load(data, rulebook(edition))
        lang = spoken or choose(lang)
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect

        local = localized_names(connect(), edition, lang)
        report = rule_on_moves(situation, lang, local)
    if json_out:
        print_json(report)
    else:
        show(report, lang, local)


def rule_on_moves(situation, lang: str, local: dict[str, str] | None = None) -> dict:
    """`local`: the cards' names in `lang` (catalog.cards.localized_names; read here when not given)."""
    from referee.table.view import state_json
    from referee.engine import IllegalMove
    from referee.refusals import reason
    from referee.situation import parse_move

    if local is None:
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect

        local = localized_names(connect(), situation.edition, lang)

    game = situation.game
    steps = []
    for text in situation.moves:
        move = parse_move(game, text)          # unknown names: a bad input, exit 2
        character = game.acting_character(move)
        seat = game.state.holder(character) if character else game.state.seat_of(move.actor)
        shown = move
        if character and move.actor not in game.rb.characters and not (move.verb == "use" and move.args[:1] == ("graveyard",)):
            shown = type(move)(character, move.verb, move.args)   # canonical: the character acts
        step = {
            "input": text,
            "move": game.format(shown),
            "actor": game.state.players[seat].name if seat is not None else move.actor,
            "character": game.rb.name(character) if character else None,
        }
        from referee.say.notation import reads

        if reads(lang):                         # the move in the player's words, for people
            from referee.say.notation import said

            step["said"] = said(game, shown, lang, local)
        try:
            events = game.apply(move)
        except IllegalMove as error:
            supported = error.key != "not_supported"
            step.update(legal=False if supported else None, verdict="illegal" if supported else "not-supported",
                        reason=reason(error.key, {k: local.get(v, v) if isinstance(v, str) else
                                                 (comma(lang).join(local.get(x, x) for x in v) if isinstance(v, list) else v)
                                                 for k, v in error.values.items()}, lang), citations=_of_edition(error.citations, situation.edition), events=[])
        else:
            step.update(legal=True, verdict="legal", reason=label("legal_move", lang), citations=[], events=events)
        steps.append(step)
    report = {"edition": situation.edition, "question": situation.question, "opening": situation.opening,
              "steps": steps, "state": state_json(game)}
    if situation.unsupported:
        report["unsupported"] = situation.unsupported
    return report


def _of_edition(citations, edition: str) -> list[str]:
    """The citations of a ruling that belong to the edition in force (`catalog/citations.py`)."""
    from referee.catalog.citations import of_edition
    from referee.catalog.db import connect

    return of_edition(connect(), citations, edition)


def show(report: dict, lang: str, local: dict[str, str]) -> None:
    """For people: each move in the player's language when that reads back to the same move (so
    it can be pasted again; say/notation.py), everything else with card names in that language."""
    from referee.say.events import describe

    from referee.catalog.citations import citation_text
    from referee.catalog.db import connect

    out = Page(console())

    def cited(citation_id: str) -> str:
        return citation_text(connect(), citation_id, lang, report.get("edition"))

    def names(values) -> str:
        return comma(lang).join(local.get(v, v) for v in values)

    if report.get("question"):
        out.print(f"[bold]{escape(report['question'])}[/bold]")
    if report.get("opening"):
        out.print(f"{label('opening', lang)}{colon(lang).rstrip()}")
        for event in report["opening"]:
            indented(out, f"[dim]{escape(describe(event, lang, local))}[/dim]")
    for step in report["steps"]:
        mark = {"legal": "[green]✓[/green]", "illegal": "[red]✗[/red]", "not-supported": "[yellow]?[/yellow]"}[step["verdict"]]
        out.print(f"{mark} {escape(step.get('said') or step['move'])}  [dim]{escape(parens(step['actor'], lang).strip())}[/dim]")
        if step["verdict"] != "legal":
            paragraph(out, step["reason"], lang, indent=4)
            if step["citations"]:
                shown = semicolon(lang).join(cited(c) for c in step["citations"])
                paragraph(out, f"[dim]{label('sources', lang)}{colon(lang)}{escape(shown)}[/dim]", lang,
                          markup=True, indent=4)
        for event in step["events"]:
            indented(out, f"[dim]{escape(describe(event, lang, local))}[/dim]")
    state = report["state"]
    out.print()
    crown = label("crown", lang)
    out.print(f"{crown[:1].upper() + crown[1:]}{colon(lang)}{escape(state['crown'])} · {label('round', lang).format(n=state['round'])}"
              + (f" · {label('bank', lang).format(n=state['bank'])}" if state["bank"] is not None else ""))
    for player in state["players"]:
        out.print(f"[bold]{escape(player['name'])}[/bold] {escape(names(player['characters']))} · "
                  f"{label('gold', lang)} {player['gold']} · {label('hand', lang)} {player['hand_count']} · "
                  f"{label('city', lang)}{colon(lang)}{escape(names(player['city']) or '-')} · "
                  f"{label('score', lang).lower()} {player['score']}")
    if report.get("unsupported"):
        out.print(f"[yellow]{label('unsupported', lang)}{colon(lang)}{escape(names(report['unsupported']))}[/yellow]")
    out.show()
