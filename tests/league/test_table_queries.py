"""A league table costs the same number of queries for 64 teams as for 4: the season's table
and the all-time table, read by league.tables, on their pages and through the API, where
teams are level on points and head-to-head has to be read.

Each league plays two seasons of open play, the same results in each. Its teams come in
fours, a, b, c and d (4 teams: one four; 64 teams: sixteen), and in every four the loser
forfeits, so each result is the league's default forfeit score, 2-0:
    a beats b, b beats c, c beats d.
Scoring is the league's default: 3 a win, 0 a loss; tie-breakers points, head to head,
touchdown difference, casualty difference, touchdowns scored, fewest games played.

In a season a, b and c have 3 points each and d 0, so every a, b and c is level on points and
head-to-head is their mini-league: a took 3 (from b), b took 3 (from c), c took 0 (its win
was over d, who is not in the tie). Head-to-head puts the c's below; the a's and b's start
again from points (level) and head-to-head between them, which a took: a's above b's. Teams
of one letter are then level on everything (they never met each other) and share a place.
The all-time table adds the two seasons (a, b, c 6 points, d 0) and ranks the same way."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from league.models import League, Season
from league.seasons import fixture_arrange, fixture_forfeit, season_start
from league.services import league_create
from league.tables import all_time_table, season_table
from rules.selectors import version_get
from tests.league.conftest import member_teams

pytestmark = pytest.mark.django_db

FEW, MANY = 4, 64
SEASONS = 2


def queries(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def season_played(league: League, commissioner, teams: list) -> Season:
    """A season of open play, every four of `teams` playing a-b, b-c and c-d, the second
    team of each forfeiting."""
    season = season_start(league, commissioner, "open")
    for n in range(0, len(teams), 4):
        a, b, c, d = teams[n : n + 4]
        for winner, loser in ((a, b), (b, c), (c, d)):
            fixture = fixture_arrange(season, commissioner, winner, loser)
            fixture_forfeit(fixture, commissioner, loser)
    return season


def league_played(commissioner, size: int) -> League:
    league = league_create(commissioner, f"League of {size}", version_get("lrb6"))
    teams = member_teams(league, size, get_user_model().objects)
    for _ in range(SEASONS):
        season_played(league, commissioner, teams)
    return league


@pytest.fixture(scope="module")
def leagues(django_db_setup, django_db_blocker) -> dict[int, League]:
    """Both leagues, built once for the module inside a transaction rolled back at its end
    (68 teams and 102 forfeits take a while); each test runs and is rolled back inside it."""
    with django_db_blocker.unblock(), transaction.atomic():
        commissioner = get_user_model().objects.create_user("nuffle", password="kick-off-1")
        yield {size: league_played(commissioner, size) for size in (FEW, MANY)}
        transaction.set_rollback(True)


@pytest.fixture
def commissioner(leagues):
    return leagues[FEW].commissioners.get()


def current(league: League) -> Season:
    """The current season read afresh, so every count starts from the same cold objects."""
    return Season.objects.get(league=league, finished_at__isnull=True)


def test_the_season_table_takes_as_many_queries_for_64_teams_as_for_4(leagues) -> None:
    few, many = (current(leagues[size]) for size in (FEW, MANY))
    assert queries(lambda: season_table(few)) == queries(lambda: season_table(many))


def test_the_all_time_table_takes_as_many_queries_for_64_teams_as_for_4(leagues) -> None:
    counted = {}
    for size, league in leagues.items():
        league, season = League.objects.get(pk=league.pk), current(league)
        counted[size] = queries(lambda league=league, season=season: all_time_table(league, season))
    assert counted[FEW] == counted[MANY]


@pytest.mark.parametrize(
    "url",
    [
        "/leagues/{pk}/seasons/2/table/",
        "/leagues/{pk}/table/",
        "/api/leagues/{pk}/seasons/2/standings/",
        "/api/leagues/{pk}/standings/",
    ],
)
def test_the_table_pages_and_answers_take_as_many_queries_for_64_teams_as_for_4(
    client, commissioner, leagues, url
) -> None:
    client.force_login(commissioner)
    counted = {}
    for size, league in leagues.items():
        address = url.format(pk=league.pk)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(address).status_code == 200
        counted[size] = len(captured)
    assert counted[FEW] == counted[MANY]


def test_four_teams_are_placed_by_points_then_head_to_head_and_a_restart(leagues) -> None:
    league = leagues[FEW]
    for table in (season_table(current(league)), all_time_table(league, current(league))):
        # a, b, c on 3 points a season (6 all-time), d on 0; head-to-head took a 3, b 3, c 0,
        # then a beat b when the two started again.
        assert [row.position for row in table.rows] == [1, 2, 3, 4]
        assert [row.team.name for row in table.rows] == [f"Orc team {n}" for n in (1, 2, 3, 4)]
        assert [row.by for row in table.rows] == ["", "head to head", "head to head", ""]
        assert table.restarted


def test_sixty_four_teams_share_four_places_sixteen_at_a_time(leagues) -> None:
    league = leagues[MANY]
    for table in (season_table(current(league)), all_time_table(league, current(league))):
        # The sixteen a's share 1st, the b's 17th (16 + 1), the c's 33rd, the d's 49th.
        assert [row.position for row in table.rows] == [1] * 16 + [17] * 16 + [33] * 16 + [49] * 16
        letters = [(int(row.team.name.split()[-1]) - 1) % 4 for row in table.rows]
        assert letters == [0] * 16 + [1] * 16 + [2] * 16 + [3] * 16
        firsts = [table.rows[n].by for n in (16, 32, 48)]
        assert firsts == ["head to head", "head to head", ""]  # the d's fall on points
