"""`referee simulate`: random legal games with the invariants checked after every move.

Each game draws its own legal cast among the characters the engine plays (unless
`--characters` fixes one), its edition (`--edition both`) and its player count (`--players 2-8`).
Game i of `--seed S` is played from its own seed, a hash of (S, i) (`game_seed`): the games of
two seeds are unrelated, and game i is the same whatever `--games` says.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from referee.cli.output import Page, console, print_json
from referee.errors import Listed, RefereeError, Typed
from referee.say.labels import comma, label
from referee.say.lang import check_edition, choose, refusals_in

MAX_ROUNDS = 100


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of `--seed seed`: a hash of both, so that no two seeds share a
    game (with `seed + index`, seeds 1 and 2 shared all games but one)."""
    # A generator seeded by a string hashes it (SHA-512), the same on every machine and run;
    # `random` is loaded here already, where hashlib would cost the command ~2.5 ms to import.
    return random.Random(f"simulate:{seed}:{index}").getrandbits(63)     # below 2**63, as `--seed`


def random_characters(rulebook, players: int, seed: int) -> tuple[str, ...]:
    """A random legal cast of characters the engine plays, drawn from the game's seed (its own
    stream, so that the cast does not shift the game's shuffles). The uniques are left to
    Game.new, which draws the edition's number among the districts the engine plays."""
    from referee.engine.casts import random_cast

    # Over every character the edition has: the engine plays them all (test_registry.py's
    # test_every_official_card_is_registered), so none is asked (`supported` imports the module
    # of each character it is asked about: 27 at a command's first game, not the cast's 8 or 9).
    return random_cast(rulebook, players, random.Random(f"cast:{seed}"))


def play_game(rulebook, players: int, seed: int, check: bool, characters=None, uniques=None, names=None,
              name: str | None = None):
    """One game from set-up to final scores; returns (game, moves played, problems). Without
    `characters`, a random legal cast (see `random_characters`); without `names`, P1, P2…
    `name` says in the problems which game it was (default: its seed)."""
    from referee.engine import Game
    from referee.engine.invariants import cast_problems, problems, round_trip_problems, totals
    from referee.engine.players import choose_move

    if characters is None:
        characters = random_characters(rulebook, players, seed)
    names = list(names) if names else [f"P{i + 1}" for i in range(players)]
    # Without the checks nothing is taken back and no event is read: the game is played forward
    # only (no undo kept) and says nothing.
    game = Game.new(rulebook, names, seed=seed, characters=tuple(characters), uniques=uniques, undo=check,
                    events=check)
    rng = random.Random(seed)
    expected = totals(game)
    count = 0
    found: list[str] = cast_problems(game) if check else []
    while not game.is_over and not found:
        # Without the checks the player asks for the moves it needs, verb by verb (the same move).
        moves = game.legal_moves() if check else None
        move = choose_move(game, moves, rng) if game.state.round <= MAX_ROUNDS else None
        if move is None:
            found.append(f"stuck in round {game.state.round}")
            break
        before = game.state.copy() if check else None
        if check:
            found += round_trip_problems(game, moves)
            game.apply(move)
            game.undo()
            if game.state != before:
                found.append(f"undo did not restore the state after {game.format(move)}")
        game.apply_listed(move)          # (checked above, with the checks on)
        count += 1
        if check:
            found += problems(game, expected, before)
    where = f"{name or f'game {seed}'} ({rulebook.edition}, {players} players, {', '.join(characters)})"
    return game, count, [f"{where}: {problem}" for problem in found]


# What joins the two ends of a range of player counts, as a player types it: 2-8, 2–8, 2~8, 2到8.
_RANGE = ("-", "–", "~", "～", "到", "至")


def parse_players(text: str) -> list[int]:
    """`5` or a range `2-8`: the player counts games are drawn from; counts as a Chinese player
    types them too (`五`, `五人`, `２-８`, `二到八`: text.parse_count)."""
    from referee.text import parse_count

    words = str(text).strip()
    for joiner in _RANGE:
        if joiner in words[1:]:
            low, _, high = words.partition(joiner)
            break
    else:
        low = high = words
    low_count, high_count = (parse_count(end.strip().removesuffix("人")) for end in (low, high))
    if low_count is None or high_count is None:
        raise RefereeError.say("error.simulate.players_must_be_number", text=Typed(str(text)))
    counts = list(range(low_count, high_count + 1))
    if not counts or counts[0] < 2 or counts[-1] > 8:
        raise RefereeError.say("error.simulate.players_must_be_between", text=Typed(str(text)))
    return counts


def parse_editions(text: str) -> list[str]:
    if text.strip().lower() == "both":
        return ["2016", "classic"]
    try:
        return [check_edition(text)]
    except RefereeError:
        raise RefereeError.say("error.simulate.edition", edition=Typed(text)) from None   # `both` named too


def fixed_setup(rulebook, text: str, players: int):
    """`--characters`: a preset's name (its uniques come with it) or a comma-separated list."""
    from referee.engine.registry import supported
    from referee.errors import BadSituation, Inner
    from referee.situation import read_cast

    value = [p for p in text.replace("，", ",").split(",") if p.strip()] if "," in text or "，" in text else text
    # With `--edition both` the command line does not say which edition refused: this one.
    with refusals_in(None, rulebook.edition):
        try:
            # (A game dealt by the rules: a player count that calls for a rank 9 character has one.)
            cast, preset = read_cast(rulebook, value, players, "--characters", rank9_optional=False)
        except BadSituation as error:
            raise RefereeError.say("error.as_typed", line=Inner(error)) from None
        missing = [rulebook.name(c) for c in cast if not supported(c, rulebook.edition)]
        if missing:
            raise RefereeError.say("error.simulate.characters_engine_does_play", cards=Listed(missing))
    uniques = None
    if preset is not None:
        # The preset's uniques that the engine plays, topped up at random with others it plays.
        uniques = [u for u in preset.uniques if supported(u, rulebook.edition)]
    return tuple(cast), uniques


MAX_GAMES = 100_000   # about a minute of games; more is a typing slip, not a study


def run(games: int, players: str, edition: str, seed: int, check: bool, json_out: bool,
        characters: str | None = None, lang: str | None = None, teams: str | None = None) -> None:
    counts = parse_players(players)
    seated, sides = None, None
    if teams is not None:
        # Team games: the teams' players, seated alternately, are every game's players.
        from referee.engine.teams import check_teams, read_teams, seating

        written = read_teams(teams)
        seated = seating(written)
        sides = check_teams(written, seated)
        if players != "5" and counts != [len(seated)]:
            raise RefereeError.say("error.simulate.teams_players", players=players, count=len(seated))
        counts = [len(seated)]
    editions = parse_editions(edition)
    if not 1 <= games <= MAX_GAMES:
        raise RefereeError.say("error.simulate.games_must_be_between", max_games=MAX_GAMES, games=games)
    if not 0 <= seed < 2 ** 63:
        raise RefereeError.say("error.simulate.seed_must_be_whole", seed=seed)
    # The player's own words (Chinese names in --teams or --characters, 二到八 in --players)
    # choose the language, as they choose a refusal's (cli/app.py, _SPOKEN).
    lang = choose(lang, teams, characters, players)
    from referee.catalog.facts import rulebook

    books = {e: rulebook(e) for e in editions}
    setups = {}
    if characters:
        # Checked before any game runs, for every edition and player count asked for.
        setups = {(e, n): fixed_setup(books[e], characters, n) for e in editions for n in counts}
    rounds, moves, scores = [], 0, []
    winning: Counter[str] = Counter()
    played: Counter[str] = Counter()
    tables: Counter[str] = Counter()
    team_wins: Counter[str] = Counter()             # a team's players joined by +, or "tie"
    team_totals: Counter[str] = Counter()
    failures: list[str] = []
    start = time.perf_counter()

    def one(index: int) -> None:
        nonlocal moves
        own = game_seed(seed, index)
        # The table (edition, player count) too comes from the game's own seed.
        choice = random.Random(f"table:{own}")
        edition_now, n = choice.choice(editions), choice.choice(counts)
        rb = books[edition_now]
        cast, uniques = setups.get((edition_now, n), (None, None))
        if cast is not None and uniques is not None:
            uniques = _top_up(rb, cast, uniques, own)
        game, count, found = play_game(rb, n, own, check, cast, uniques, seated,
                                       name=f"game {index + 1} of --seed {seed} (its seed {own})")
        moves += count
        failures.extend(found)
        rounds.append(game.state.round)
        tables[f"{edition_now} {n}p"] += 1
        played.update(rb.name(c) for c in game.state.characters)
        if game.is_over:
            results = game.scores()
            names, _ = game.winners()
            scores.extend(r["score"] for r in results)
            for player in game.state.players:
                if player.name in names:
                    winning.update(rb.name(c) for c in player.characters)
            if sides is not None:
                from referee.engine.teams import team_results

                standing = team_results(rb, game.state, results, sides)
                for team in standing["teams"]:
                    team_totals["+".join(team["players"])] += team["score"]
                won = standing["winning_team"]
                team_wins["+".join(won) if won else "tie"] += 1

    from rich.console import Console

    errors = Console(stderr=True)
    if json_out or not errors.is_terminal:      # a bar only for a person watching (no blank line in a log)
        for index in range(games):
            one(index)
    else:
        from rich.progress import Progress

        with Progress(console=errors, transient=True) as progress:
            task = progress.add_task(_progress_title(edition, editions, players, lang), total=games)
            for index in range(games):
                one(index)
                progress.advance(task)
    elapsed = time.perf_counter() - start
    report = {
        "edition": editions[0] if len(editions) == 1 else "both",
        "players": counts[0] if len(counts) == 1 else f"{counts[0]}-{counts[-1]}",
        "games": games, "seed": seed, "checked": check, "characters": characters,
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
        "moves": moves, "moves_per_game": round(moves / games, 1), "average_rounds": round(sum(rounds) / games, 2),
        "average_score": round(sum(scores) / len(scores), 2) if scores else None,
        "tables": dict(sorted(tables.items())), "characters_in_casts": dict(played.most_common()),
        "winning_characters": dict(winning.most_common()), "failures": failures[:20],
    }
    if sides is not None:
        finished = sum(team_wins.values())
        report["teams"] = [{"players": [seated[s] for s in team], "wins": team_wins["+".join(seated[s] for s in team)],
                            "average_score": round(team_totals["+".join(seated[s] for s in team)] / finished, 2)
                            if finished else None} for team in sides]
        report["team_ties"] = team_wins["tie"]
    if json_out:
        print_json(report)
    else:
        from referee.catalog.cards import localized_names
        from referee.catalog.db import connect

        local = localized_names(connect(), editions[0], lang)
        from referee.cli.output import paragraph

        out = Page(console())
        summary = "sim.summary_one" if games == 1 else "sim.summary"      # "1 game", not "1 games"
        out.print(label(summary, lang).format(games=games, rate=report["games_per_second"],
                                              moves=report["moves_per_game"], rounds=report["average_rounds"],
                                              score=report["average_score"]))
        if len(tables) > 1:
            paragraph(out, label("sim.tables", lang) + comma(lang).join(
                _table_kind(k, lang) + f" {v}" for k, v in sorted(tables.items())), lang)
        paragraph(out, label("sim.casts", lang) + comma(lang).join(f"{local.get(k, k)} {v}" for k, v in played.most_common()), lang)
        paragraph(out, label("sim.winners", lang) + comma(lang).join(f"{local.get(k, k)} {v}" for k, v in winning.most_common()), lang)
        if sides is not None:
            from referee.messages import text
            from referee.engine.teams import members

            for team in report["teams"]:
                out.print(text("simulate.team", lang, players=members(team["players"]), wins=team["wins"],
                               score=team["average_score"]))
            out.print(text("simulate.team_ties", lang, count=report["team_ties"]))
        # Without the checks only a game that could not go on is found: nothing else was checked.
        held = "sim.ok" if check else "sim.unchecked"
        out.print(f"[green]{label(held, lang)}[/green]" if not failures
                  else f"[red]{label('sim.problems_one' if len(failures) == 1 else 'sim.problems', lang).format(count=len(failures))}[/red]")
        for failure in failures[:20]:
            out.print(f"  {failure}")
        out.show()
    if failures:
        raise SystemExit(1)


def _progress_title(asked: str, editions: list[str], players: str, lang: str) -> str:
    """What the progress bar says is running: `2016 · 5 players`, `2016年版、經典版 · 2-8 人` (the
    editions by their names in Chinese: `both` and `classic` are only the option's words)."""
    if lang == "en":
        return f"{asked} · {players} players"
    return f"{comma(lang).join(label(e, lang) for e in editions)} · {players} 人"


def _table_kind(key: str, lang: str) -> str:
    """`2016 5p` (the JSON key) for people: `2016 5p`, `2016年版 5 人`."""
    from referee.messages import text

    edition, players = key.split()
    return text("simulate.table_kind", lang, edition=text("edition.bare." + edition, lang),
                players=players.removesuffix("p"))


def _top_up(rb, cast, uniques: list[str], seed: int) -> list[str]:
    """A preset's uniques the engine plays, completed to the edition's number with others it
    plays (none the cast excludes), so the deck keeps its size."""
    from referee.engine.casts import excluded_uniques
    from referee.engine.registry import supported

    barred = excluded_uniques(rb, cast)
    others = sorted(d.id for d in rb.districts.values() if d.type == "unique" and d.id not in uniques
                    and d.id not in barred and supported(d.id, rb.edition))
    wanted = max(0, int(rb.setup["uniques_in_deck"]) - len(uniques))
    return list(uniques) + random.Random(f"uniques:{seed}").sample(others, min(wanted, len(others)))
