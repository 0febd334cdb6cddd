"""`referee simulate`: random legal games with the invariants checked after every move."""

from __future__ import annotations

import random
import time
from collections import Counter

from referee.cli.labels import label
from referee.cli.lang import check_edition, choose
from referee.cli.output import console, print_json
from referee.errors import RefereeError

MAX_ROUNDS = 100


def play_game(rulebook, players: int, seed: int, check: bool):
    """One game from set-up to final scores; returns (game, moves played, problems)."""
    from referee.engine import Game
    from referee.engine.invariants import problems, round_trip_problems, totals
    from referee.engine.players import choose_move

    names = [f"P{i + 1}" for i in range(players)]
    game = Game.new(rulebook, names, seed=seed)
    rng = random.Random(seed)
    expected = totals(game)
    count = 0
    found: list[str] = []
    while not game.is_over:
        moves = game.legal_moves()
        if not moves or game.state.round > MAX_ROUNDS:
            found.append(f"game {seed} stuck in round {game.state.round}")
            break
        move = choose_move(game, moves, rng)
        before = game.state.copy() if check else None
        if check:
            found += round_trip_problems(game, moves)
            game.apply(move)
            game.undo()
            if game.state != before:
                found.append(f"undo did not restore the state after {game.format(move)}")
        game.apply(move)
        count += 1
        if check:
            found += problems(game, expected, before)
        if found:
            break
    return game, count, found


MAX_GAMES = 100_000   # about a minute of games; more is a typing slip, not a study


def run(games: int, players: int, edition: str, seed: int, check: bool, lang: str | None, json_out: bool) -> None:
    edition = check_edition(edition)
    if not 2 <= players <= 8:
        raise RefereeError(f"--players must be between 2 and 8, not {players}", f"--players 要在 2 到 8 之間，不是 {players}")
    if not 1 <= games <= MAX_GAMES:
        raise RefereeError(f"--games must be between 1 and {MAX_GAMES}, not {games}",
                           f"--games 要在 1 到 {MAX_GAMES} 之間，不是 {games}")
    if not 0 <= seed < 2 ** 63:
        raise RefereeError(f"--seed must be a whole number from 0 to 2^63 - 1, not {seed}")
    lang = choose(lang)
    from referee.catalog.facts import rulebook

    rb = rulebook(edition)
    rounds, moves, scores = [], 0, []
    winning: Counter[str] = Counter()
    failures: list[str] = []
    start = time.perf_counter()

    def one(index: int) -> None:
        nonlocal moves
        game, count, found = play_game(rb, players, seed + index, check)
        moves += count
        failures.extend(found)
        rounds.append(game.state.round)
        if game.is_over:
            results = game.scores()
            names, _ = game.winners()
            scores.extend(r["score"] for r in results)
            for player in game.state.players:
                if player.name in names:
                    winning.update(rb.name(c) for c in player.characters)

    if json_out:
        for index in range(games):
            one(index)
    else:
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task(f"{edition} · {players} players", total=games)
            for index in range(games):
                one(index)
                progress.advance(task)
    elapsed = time.perf_counter() - start
    report = {
        "edition": edition, "players": players, "games": games, "seed": seed, "checked": check,
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
        "moves_per_game": round(moves / games, 1), "average_rounds": round(sum(rounds) / games, 2),
        "average_score": round(sum(scores) / len(scores), 2) if scores else None,
        "winning_characters": dict(winning.most_common()), "failures": failures[:20],
    }
    if json_out:
        print_json(report)
    else:
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect

        local = localized_names(connect(), edition, lang)
        out = console()
        out.print(label("sim.summary", lang).format(games=games, rate=report["games_per_second"],
                                                    moves=report["moves_per_game"], rounds=report["average_rounds"],
                                                    score=report["average_score"]))
        out.print(label("sim.winners", lang) + ", ".join(f"{local.get(k, k)} {v}" for k, v in winning.most_common()))
        out.print(f"[green]{label('sim.ok', lang)}[/green]" if not failures
                  else f"[red]{label('sim.problems', lang).format(count=len(failures))}[/red]")
        for failure in failures[:20]:
            out.print(f"  {failure}")
    if failures:
        raise SystemExit(1)
