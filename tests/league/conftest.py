"""Fixtures for the league tests: a commissioner, coaches with LRB6 teams, and a league."""

from __future__ import annotations

import pytest

from league.models import League
from league.services import league_create, membership_decide, membership_request
from teams.models import Team
from tests.teams.helpers import orc_team


@pytest.fixture
def commissioner(users):
    return users.create_user("nuffle", password="kick-off-1")


@pytest.fixture
def coach(users):
    return users.create_user("varag", password="kick-off-2")


@pytest.fixture
def rival(users):
    return users.create_user("griff", password="kick-off-3")


@pytest.fixture
def league(commissioner, lrb6) -> League:
    return league_create(commissioner, "Old World Classic", lrb6, "A perpetual league.")


@pytest.fixture
def team(coach, lrb6) -> Team:
    return orc_team(coach, lrb6, "Gouged Eye")


@pytest.fixture
def rival_team(rival, lrb6) -> Team:
    return orc_team(rival, lrb6, "Da Krumpers")


def member_teams(league: League, count: int, users) -> list[Team]:
    """`count` LRB6 Orc teams, each of its own coach, approved into the league."""
    commissioner = league.commissioners.first()
    teams = []
    for n in range(1, count + 1):
        coach = users.create_user(f"coach{n}-{league.pk}", password="kick-off-9")
        team = orc_team(coach, league.ruleset_version, f"Orc team {n}")
        membership_decide(membership_request(league, coach, team), commissioner, approve=True)
        teams.append(team)
    return teams


@pytest.fixture
def played(league, team, rival_team):
    """Season 1 of the Old World Classic: Gouged Eye 2-1 Da Krumpers, confirmed (the table
    checks' season)."""
    from tests.league.test_standings_kept import confirmed, join, match_of, started

    join(league, team, rival_team)
    season = started(league)
    confirmed(match_of(season, team, rival_team), 2, 1)
    return season
