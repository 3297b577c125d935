"""The bench's cases: what a coach and a commissioner do most, timed after a warm-up."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from io import StringIO

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.bench.data import DICE, World, orc_players
from league.bench.revert_season import PLAYED
from league.models import Fixture
from league.tables import KEPT, all_time_table, season_table
from matches.amend.correct import report_correct
from matches.amend.revert import report_revert
from matches.post_game.apply import post_game_apply
from matches.workflow import report_confirm
from rules.engine.purchases import Purchase
from rules.selectors import version_get
from teams.between_matches import team_purchase
from teams.roster_sheet import sheet_html, sheet_pdf
from teams.services import team_create


@dataclass(frozen=True)
class Result:
    case: str
    runs: int
    median_ms: float
    p95_ms: float
    queries: int
    ratio: float | None = None  # to the bare view's median, filled in by the runner
    cpu: bool = False  # timed as this process's CPU time, not the wall clock
    target: float | None = None  # the most × floor its median may be (an issue's promise)

    @property
    def missed(self) -> bool:
        return None not in (self.target, self.ratio) and self.ratio > self.target


@dataclass(frozen=True)
class Case:
    name: str
    run: Callable[[], object]
    runs: int = 30
    warm_up: int = 3
    cpu: bool = False
    target: float | None = None


def measure(case: Case) -> Result:
    for _ in range(case.warm_up):
        case.run()
    clock = time.process_time if case.cpu else time.perf_counter
    times, queries = [], 0
    for _ in range(case.runs):
        with CaptureQueriesContext(connection) as captured:
            started = clock()
            case.run()
            times.append((clock() - started) * 1000)
        queries = len(captured)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    median = statistics.median(times)
    return Result(case.name, case.runs, median, p95, queries, cpu=case.cpu, target=case.target)


def _get(client: Client, url: str) -> Callable[[], object]:
    def run() -> object:
        response = client.get(url)
        if response.status_code != 200:
            raise RuntimeError(f"{url} answered {response.status_code}")
        return response

    return run


def _rolled_back(write: Callable[[], object]) -> Callable[[], object]:
    """A write measured whole, then undone, so every run starts from the same world."""

    def run() -> object:
        with transaction.atomic():
            write()
            transaction.set_rollback(True)

    return run


POST_GAME_CASE = "apply an LRB6 report, 16 players a side"


def _applied(done: object) -> object:
    """A run that applied nothing (None) would time nothing: the bench says so at once."""
    if done is None:
        raise RuntimeError("The bench's LRB6 report was not applied.")
    return done


def floor_cases(client: Client) -> list[Case]:
    user_model = get_user_model()
    return [
        Case("floor: bare Django view", _get(client, "/bench/floor/"), runs=200, warm_up=20),
        Case(
            "floor: one-row query",
            lambda: user_model.objects.filter(pk=1).first(),
            runs=200,
            warm_up=20,
        ),
    ]


def cases(world: World, client: Client) -> list[Case]:
    team, few, many = world.team, min(world.leagues), max(world.leagues)
    small, big, teams = world.leagues[few], world.leagues[many], f"{world.teams:,} teams"
    lrb6 = version_get("lrb6")
    lineman = Purchase("player", "Lineman", 1)
    post_game, confirmer = world.post_game_match, world.post_game_match.away.coach
    return [
        Case("team API", _get(client, f"/api/teams/{team.pk}/")),
        Case("roster page", _get(client, f"/teams/{team.pk}/")),
        Case(f"league home, {few} teams", _get(client, f"/leagues/{small.pk}/")),
        Case(f"league home, {many} teams", _get(client, f"/leagues/{big.pk}/")),
        Case(f"season page, {few} teams", _get(client, f"/leagues/{small.pk}/seasons/1/")),
        Case(f"season page, {many} teams", _get(client, f"/leagues/{big.pk}/seasons/1/"), runs=15),
        Case(f"team list page, {teams}", _get(client, "/teams/"), runs=15),
        Case(f"team list API, {teams}", _get(client, "/api/teams/"), runs=15),
        Case(
            "create a team",
            _rolled_back(lambda: team_create(world.coach, lrb6, "Bench New", "orc", orc_players())),
        ),
        Case("buy a player", _rolled_back(lambda: team_purchase(team, world.coach, lineman))),
        Case(f"match page, {DICE} dice", _get(client, f"/matches/{world.match.pk}/")),
        Case(f"match API, {DICE} dice", _get(client, f"/api/matches/{world.match.pk}/")),
        Case("waiting page", _get(client, "/matches/waiting/")),
        Case("confirm a report", _rolled_back(lambda: report_confirm(world.match, world.staff))),
        Case(
            POST_GAME_CASE,
            _rolled_back(lambda: _applied(post_game_apply(post_game, confirmer))),
        ),
        Case(
            "roster sheet PDF, worst case (CPU)",
            lambda: sheet_pdf(sheet_html(world.sheet_team, "a4")),
            runs=5,
            warm_up=1,
            cpu=True,
        ),
        Case(
            f"ledger_check, {teams}",
            lambda: call_command("ledger_check", stdout=StringIO()),
            runs=3,
            warm_up=1,
        ),
        *table_cases(world, client),
        revert_case(world),
        correct_case(world),
    ]


# "Reverting round 1 of a ten-round season of 16 teams": one round-1 report reverted, which
# works out again every later report of its teams and of every team they met (undone after
# each run, so each starts from the same season).
REVERT_TARGET = 500.0


def revert_case(world: World) -> Case:
    teams, rounds = world.revert_size
    revert = _rolled_back(lambda: report_revert(world.revert_match, world.staff, "Bench."))
    name = f"revert a round-1 report, {teams} teams / {rounds} rounds"
    return Case(name, revert, runs=10, warm_up=1, target=REVERT_TARGET)


# Correcting the same round-1 report: #6's second touchdown was #5's (the score, the dice and
# everything else as reported), which works out again every later report it reaches, as the
# revert does. No target of its own: a correction costs what a revert does, and one more
# working out of its own report.
def correct_case(world: World) -> Case:
    teams, rounds = world.revert_size
    match = world.revert_match
    body = {
        "played_on": PLAYED, "home_touchdowns": 2, "away_touchdowns": 1, "server_rolls": True,
        "home": {"players": [{"number": 5, "actions": {"touchdown": 1}},
                             {"number": 6, "actions": {"touchdown": 1}}]},
        "away": {"players": [{"number": 7, "actions": {"touchdown": 1}}]},
    }  # fmt: skip

    def corrected() -> None:
        if not report_correct(match, world.staff, "Bench.", body).committed:
            raise RuntimeError("The bench's correction changed nothing.")

    name = f"correct a round-1 report, {teams} teams / {rounds} rounds"
    return Case(name, _rolled_back(corrected), runs=10, warm_up=1)


# "The table of a league of 1,000 teams and 50,000 matches": its season's table, which the
# league home leads with, read as kept (while it stands, this process's copy after a check of
# its stamp). The rest are timed beside it, without a target: the same table read first in a
# process, the all-time table, and the pages and API answers that show them.
TABLE_TARGET = 25.0


def table_cases(world: World, client: Client) -> list[Case]:
    """The big league's tables: as Dugout reads them (league.tables), and as the league home,
    their pages and the API serve them."""
    league = world.big_league
    current = league.seasons.get(finished_at__isnull=True)
    played = Fixture.objects.filter(season__league=league, match__isnull=False).count()
    size = f"{current.teams.count():,} teams / {played:,} matches"
    pages = (
        ("league home", f"/leagues/{league.pk}/"),
        ("season table page", f"/leagues/{league.pk}/seasons/{current.number}/table/"),
        ("all-time table page", f"/leagues/{league.pk}/table/"),
        ("season standings API", f"/api/leagues/{league.pk}/seasons/{current.number}/standings/"),
        ("all-time standings API", f"/api/leagues/{league.pk}/standings/"),
    )
    return [
        Case(f"season table, {size}", lambda: season_table(current), runs=15, target=TABLE_TARGET),
        Case(f"season table, first read in a process, {size}", _first_read(current), runs=15),
        Case(f"all-time table, {size}", lambda: all_time_table(league, current), runs=15),
        *(Case(f"{name}, {size}", _get(client, url), runs=15) for name, url in pages),
    ]


def _first_read(season):
    """The season's table as a process reads it first (or just after a result): its kept rows
    read and built, not this process's copy."""

    def read():
        KEPT.pop(season.pk, None)
        return season_table(season)

    return read


def as_dicts(results: list[Result]) -> list[dict]:
    return [asdict(result) for result in results]
