"""A new table's checks and its header: from the command line's players, cast, crown and house
rules, or from a situation file (a game in progress). Each refusal is one line, before anything
is stored."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.table.store import Header


# A name is printed on every terminal that lists the table and on the phones: longer ones
# would fill the screen (a 131 kB name printed 1,640 lines) and were never meant.
NAME_LIMIT = 40


def _shown_safely(name: str) -> bool:
    """No control character (ESC, BEL, NUL, a line break…) and no mark that reorders the text
    (the bidirectional overrides and isolates): a name printed on a terminal prints itself."""
    import unicodedata

    return not any(unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\u200c\u200d" for ch in name)


def check_name(name: str, kind: str) -> str:
    """A table's (`kind` "table") or a player's ("player") name, refused unless it prints as
    itself and fits a line."""
    if not _shown_safely(name):
        raise RefereeError.say(f"error.name.{kind}_control")
    if len(name) > NAME_LIMIT:
        raise RefereeError.say(f"error.name.{kind}_long", limit=NAME_LIMIT, count=len(name))
    return name


def table_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise RefereeError.say("error.table.table_needs_name")
    return check_name(name, "table")


def from_file(name: str, edition: str, start: str, rulebook, teams: str | None = None) -> Header:
    """A table that begins at the position of a situation file (`start`, its text): its players,
    cast, crown and variants are the file's (`teams`: of the file's players)."""
    from referee.engine.casts import check_cast
    from referee.errors import BadSituation
    from referee.table.service import new_header, starting_game

    game = starting_game(new_header(name, edition, [], [], 0, [], False, start), rulebook)
    seats = [check_name(p.name, "player") for p in game.state.players]
    # A situation may leave out the rank 9 character its player count calls for (its default
    # cast is the standard eight at every count); a table deals every round by the rules, and
    # 3 or 8 players cannot be dealt eight characters, so the file must name one.
    problem = check_cast(rulebook, len(seats), game.state.characters)
    if problem:
        raise BadSituation.say("error.situation.cast", path="table.characters", problem=problem.said)
    return new_header(name, edition, seats, list(game.state.characters), game.state.crown,
                      sorted(game.state.variants), game.secret_selection, start, _sides(teams, seats))


def _sides(teams: str | None, seats: list[str]) -> list[list[str]]:
    """`--teams` checked against the seats: each team's players as the table names them."""
    if teams is None:
        return []
    from referee.engine.teams import check_teams

    return [[seats[s] for s in team] for team in check_teams(read_teams_of(teams, seats), seats)]


def read_teams_of(teams: str, seats: list[str]) -> list[list[str]]:
    """`--teams` as names of the seats: a name typed in the other Chinese script (小华 for 小華,
    a phone's keyboard) is the player of that name, when it is one player's alone."""
    from referee.engine.teams import read_teams
    from referee.text import has_cjk

    def seated(name: str) -> str:
        if any(name.casefold() == s.casefold() for s in seats) or not has_cjk(name):
            return name
        from referee.chinese import to_simplified

        found = [s for s in seats if to_simplified(s) == to_simplified(name)]
        return found[0] if len(found) == 1 else name

    return [[seated(name) for name in team] for team in read_teams(teams)]


def from_options(name: str, rulebook, players: str | None, characters: str | None, crown: str | None,
                 variants: list[str], secret: bool, teams: str | None = None) -> Header:
    """A new game set up from `--players` (seating order, comma-separated), `--characters`,
    `--crown`, `--variant` and `--teams` (without `--players`, the teams' players seated
    alternately): refused unless such a game can exist."""
    from referee.table.service import new_header, starting_game
    from referee.table.situation_text import setup_situation

    seats = [p.strip() for p in (players or "").replace("，", ",").split(",") if p.strip()]
    if teams is not None and not seats:
        from referee.engine.teams import read_teams, seating

        seats = seating(read_teams(teams))
    if not 2 <= len(seats) <= 8:
        raise RefereeError.say("error.table.players_player_game_has", count=len(seats))
    for seat in seats:
        check_name(seat, "player")
    if len({s.casefold() for s in seats}) != len(seats):
        raise RefereeError.say("error.table.players_two_players_have")
    cast = _cast(rulebook, characters, len(seats))
    seat = _crown_seat(seats, crown)
    from referee.catalog.variants import check_variants

    chosen = sorted(check_variants(variants, rulebook.edition, option=True))
    start = setup_situation(rulebook, seats, cast, seat, chosen, secret)
    header = new_header(name, rulebook.edition, seats, cast, seat, chosen, secret, start, teams=_sides(teams, seats))
    starting_game(header, rulebook)                  # refuse a set-up that cannot exist
    return header


def _crown_seat(seats: list[str], crown: str | None) -> int:
    if not crown:
        return 0
    matches = [i for i, s in enumerate(seats) if s.casefold() == crown.strip().casefold()]
    if not matches:
        from referee.errors import UnknownName

        raise UnknownName("player", crown, seats)
    return matches[0]


def _cast(rb, text: str | None, players: int) -> list[str]:
    """`--characters`: a preset's name as `referee rules casts` lists it (any language, `+9` for
    its rank 9 character where it is optional), or the characters, comma-separated."""
    from referee.engine.game import default_characters
    from referee.situation import read_cast

    if not text or not text.strip():
        return list(default_characters(rb, players))
    parts = [p for p in text.replace("，", ",").replace("、", ",").split(",") if p.strip()]
    if len(parts) == 1:
        cast, _ = read_cast(rb, parts[0], players, "--characters")
        return cast
    # A table plays by the rules: the rank 9 character its player count calls for is in its cast
    # (a situation file may leave it out; a table deals every character of its cast).
    cast, _ = read_cast(rb, parts, players, "--characters", rank9_optional=False)
    if len(set(cast)) != len(cast):
        raise RefereeError.say("error.table.characters_character_listed_twice")
    return cast
