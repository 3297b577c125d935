"""The bench's world, the same every run: 1,000 LRB6 teams, a 4-team and a 64-team league
with a double round robin drawn, a league of all 1,000 with 50,000 results over six seasons
(league.bench.big_league), and the worst-case roster sheet (16 players with
30-character names and 8 skills each), a match report with forty dice, an LRB6
friendly of two 16-player teams whose submitted report names every player (its post-game
dice left to the server), and a season of 16 teams ten rounds in, to revert a round-1
report of (league.bench.revert_season)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model

from league.bench.big_league import big_league_build
from league.bench.revert_season import ROUNDS as REVERT_ROUNDS
from league.bench.revert_season import TEAMS as REVERT_TEAMS
from league.bench.revert_season import revert_season_build
from league.models import League
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.dice import dice_enter
from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from matches.workflow import report_save, report_submit
from rules.selectors import version_get
from teams.models import Team
from teams.services import NewPlayer, cause_new, entry_append, team_create

TEAMS = 1_000
TEAMS_PER_COACH = 10  # a keen coach: the league pages list a visitor's own teams
LEAGUE_SIZES = (4, 64)
FIRST_DEADLINE = datetime.date(2030, 1, 7)
PLAYED_ON = datetime.date(2026, 1, 7)
DICE = 40
ORC = (("Lineman", 5), ("Blitzer", 4), ("Black Orc Blocker", 2))  # 930,000 with the extras
SKILLS = ("Block", "Dodge", "Sure Hands", "Tackle", "Pass", "Catch", "Kick", "Leader")
# Two full LRB6 squads of 16: Orcs for 900,000 and Humans for 880,000.
FULL_ORCS = (("Lineman", 10), ("Blitzer", 4), ("Goblin", 2))
FULL_HUMANS = (("Lineman", 12), ("Catcher", 2), ("Thrower", 2))


@dataclass(frozen=True)
class World:
    coach: object  # the visitor: coaches ten teams, among them `team`
    staff: object
    team: Team  # an ordinary team, for the roster page and the API
    sheet_team: Team  # the worst-case roster sheet
    leagues: dict[int, League]  # by number of teams
    teams: int  # how many bench teams there are
    match: Match  # `team`'s first fixture, its report submitted with DICE rolls on record
    post_game_match: Match  # 16 v 16 LRB6 friendly, its report submitted, no casualties
    big_league: League  # every bench team, 100 weeks of results over six seasons
    revert_match: Match  # round 1's first report of a season of 16 teams, ten rounds played
    revert_size: tuple[int, int]  # that season's teams and rounds played


def players_of(squad: tuple[tuple[str, int], ...]) -> list[NewPlayer]:
    return [
        NewPlayer(position, f"{position} {n}")
        for position, count in squad
        for n in range(1, count + 1)
    ]


def orc_players() -> list[NewPlayer]:
    return players_of(ORC)


def world_build(
    progress=print,
    teams: int = TEAMS,
    league_sizes: tuple[int, ...] = LEAGUE_SIZES,
    revert_size: tuple[int, int] = (REVERT_TEAMS, REVERT_ROUNDS),
) -> World:
    """The world; smaller sizes are for the test that proves the bench runs."""
    users = get_user_model().objects
    coaches = [
        users.create_user(f"bench-coach-{n:03d}") for n in range(1 + (teams - 1) // TEAMS_PER_COACH)
    ]
    staff = users.create_user("bench-staff", is_staff=True)
    lrb6 = version_get("lrb6")
    built = []
    for n in range(1, teams + 1):
        coach = coaches[(n - 1) // TEAMS_PER_COACH]
        built.append(
            team_create(coach, lrb6, f"Bench Orcs {n:04d}", "orc", orc_players(), rerolls=2,
                        fan_factor=3, staff={"apothecary": 1})
        )  # fmt: skip
        if n % 250 == 0:
            progress(f"  {n} teams")
    leagues, start = {}, 0
    for size in league_sizes:
        league = league_create(staff, f"Bench League of {size}", lrb6)
        for team in built[start : start + size]:
            membership_decide(membership_request(league, team.coach, team), staff, approve=True)
        season_start(league, staff, "double_round_robin", first_deadline=FIRST_DEADLINE)
        leagues[size], start = league, start + size
    progress("  leagues drawn")
    worst = _worst_sheet_team(coaches[0], staff, lrb6)
    match = _reported_match(coaches[0], built[0])
    post_game = _post_game_match(lrb6)
    big = big_league_build(staff, lrb6, built, progress)
    revert = revert_season_build(staff, lrb6, orc_players, *revert_size, progress=progress)
    every = teams + 3 + revert_size[0]  # with the sheet's, the two friendlies' and the season's
    return World(coaches[0], staff, built[0], worst, leagues, every, match, post_game, big,
                 revert, revert_size)  # fmt: skip


def _reported_match(coach, team: Team) -> Match:
    """A busy match page: the report of `team`'s first fixture submitted, with DICE rolls
    entered (a casualty for every player of both teams and then some)."""
    match = Match.objects.filter(home=team).order_by("pk").first()
    report_save(match, coach, PLAYED_ON, 2, 1, {"server_rolls": True})
    for n in range(1, DICE + 1):
        dice_enter(match, coach, f"casualty for #{n}", "D68", [1 + n % 6, 1 + n % 8])
    report_submit(match, coach)
    return match


def _post_game_match(version) -> Match:
    """An LRB6 friendly of two 16-player teams, its report submitted: every player of both
    teams has a line (touchdowns, completions, some interceptions), each team an entered MVP,
    no casualties; the server rolls the post-game dice (winnings, fan factor)."""
    users = get_user_model().objects
    home_coach, away_coach = users.create_user("bench-home"), users.create_user("bench-away")
    home = team_create(home_coach, version, "Bench Full Orcs", "orc", players_of(FULL_ORCS))
    away = team_create(away_coach, version, "Bench Full Humans", "human", players_of(FULL_HUMANS))
    match = friendly_accept(friendly_offer(home_coach, home, away), away_coach)
    content = {
        "server_rolls": True,
        "home": {"players": _every_line(3, interceptions=3), "mvps": [5]},
        "away": {"players": _every_line(2, interceptions=5), "mvps": [7]},
    }
    report_save(match, home_coach, PLAYED_ON, 3, 2, content)
    report_submit(match, home_coach)
    return match


def _every_line(touchdowns: int, interceptions: int) -> list[dict]:
    """Lines for players #1 to #16: the first score, the rest complete a pass, the last few
    also intercept one."""
    lines = []
    for number in range(1, 17):
        actions = {"touchdown": 1} if number <= touchdowns else {"completion": 1 + number % 3}
        if number > 16 - interceptions:
            actions["interception"] = 1
        lines.append({"number": number, "actions": actions})
    return lines


def _worst_sheet_team(coach, staff, version) -> Team:
    players = [NewPlayer("Lineman", f"Sigismund Ironhand Vorberg {n:03d}") for n in range(1, 17)]
    team = team_create(coach, version, "The Longest Names in the Reik", "human", players)
    deltas = [
        {"op": "player", "player": player.key, "field": "skill", "skill": skill, "add": True}
        for player in team.players.all()
        for skill in SKILLS
    ]
    cause = cause_new("adjustment", staff, {"reason": "Bench: eight skills each", "deltas": deltas})
    entry_append(team, "adjustment", "Bench: eight skills each", cause, deltas)
    team.refresh_from_db()
    return team
