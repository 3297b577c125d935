"""A Blitz Bowl league's fixtures show its results as Blitz Bowl scores them: the points,
with the touchdowns beside them (4 points a touchdown are only part of a score), on the
league page and in the API (Fixture.home_points, away_points); a forfeit, which records
touchdowns only, and the other rulesets' fixtures show touchdowns as before."""

from __future__ import annotations

import datetime
import html
import re

import pytest

from league.models import Fixture, League
from league.seasons import fixture_forfeit, season_start
from league.services import league_create, membership_decide, membership_request
from matches import workflow
from rules.selectors import version_get
from teams.services import team_create
from tests.matches.rulesets import BLITZ_HUMANS
from tests.teams.helpers import squad

pytestmark = pytest.mark.django_db

PLAYED = datetime.date(2025, 3, 1)
# 004: the Reavers 2 touchdowns (8) + 5 Challenge points + 1 Clean Sweep (2) = 15; the
# Wolves 1 touchdown (4) + 3 Challenge points + 1 Bonus Play point = 8: won on points.
REPORT = {
    "home": {"challenge_points": 5, "clean_sweeps": 1, "score": 15},
    "away": {"challenge_points": 3, "bonus_points": 1, "score": 8},
    "win_type": "points",
}


@pytest.fixture
def blitz_league(commissioner, users) -> League:
    version = version_get("blitz-bowl")
    league = league_create(commissioner, "Crush League", version)
    for n, name in enumerate(("The Reavers", "Middenheim Wolves"), start=1):
        coach = users.create_user(f"blitzer{n}", password="kick-off-9")
        team = team_create(coach, version, name, "human", squad(*BLITZ_HUMANS))
        membership_decide(membership_request(league, coach, team), commissioner, approve=True)
    season_start(league, commissioner, "round_robin", seed="0000000000000000")
    return league


def the_fixture(league: League) -> Fixture:
    return Fixture.objects.select_related("match__report", "home__coach", "away__coach").get(
        season__league=league
    )


def played(fixture: Fixture) -> Fixture:
    home, away = fixture.match.home, fixture.match.away
    report = dict(REPORT)
    if home.name != "The Reavers":  # the draw put the Wolves at home: turn the report about
        report = {**REPORT, "home": REPORT["away"], "away": REPORT["home"]}
    touchdowns = (2, 1) if home.name == "The Reavers" else (1, 2)
    workflow.report_save(fixture.match, home.coach, PLAYED, *touchdowns, report)
    workflow.report_submit(fixture.match, home.coach)
    workflow.report_confirm(fixture.match, away.coach)
    return the_fixture(fixture.season.league)


def league_text(client, league: League) -> str:
    markup = client.get(f"/leagues/{league.pk}/").content.decode()
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def test_a_played_blitz_bowl_fixture_shows_its_points_and_touchdowns(client, blitz_league):
    fixture = played(the_fixture(blitz_league))
    reavers_home = fixture.home.name == "The Reavers"
    points = (15, 8) if reavers_home else (8, 15)
    touchdowns = (2, 1) if reavers_home else (1, 2)
    assert (fixture.home_points, fixture.away_points) == points
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == touchdowns
    shown = f"{points[0]}–{points[1]} ({touchdowns[0]}–{touchdowns[1]} TD)"
    assert f"{fixture.home.name} {shown} {fixture.away.name}" in league_text(client, blitz_league)


def test_the_api_answers_a_blitz_bowl_fixtures_points(client, blitz_league):
    fixture = played(the_fixture(blitz_league))
    client.force_login(fixture.home.coach)
    season = client.get(f"/api/leagues/{blitz_league.pk}/seasons/1/").json()
    [row] = season["fixtures"]
    assert (row["home_points"], row["away_points"]) == (fixture.home_points, fixture.away_points)
    assert sorted((row["home_points"], row["away_points"])) == [8, 15]


def test_an_unplayed_fixture_has_no_points(blitz_league):
    fixture = the_fixture(blitz_league)
    assert (fixture.home_points, fixture.away_points) == (None, None)


def test_a_forfeit_shows_the_forfeit_touchdowns_and_no_points(client, blitz_league):
    fixture = the_fixture(blitz_league)
    commissioner = blitz_league.commissioners.first()
    fixture_forfeit(fixture, commissioner, fixture.away)
    fixture = the_fixture(blitz_league)
    assert (fixture.home_points, fixture.away_points) == (None, None)
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (2, 0)  # the league's default
    text = league_text(client, blitz_league)
    assert f"{fixture.home.name} 2–0 {fixture.away.name}" in text
    assert "TD)" not in text


def test_an_lrb6_fixture_has_no_points(league, team, rival_team, commissioner):
    for entrant in (team, rival_team):
        membership_decide(membership_request(league, entrant.coach, entrant), commissioner, True)
    season_start(league, commissioner, "round_robin", seed="0000000000000000")
    fixture = the_fixture(league)
    fixture_forfeit(fixture, commissioner, fixture.home)
    fixture = the_fixture(league)
    assert (fixture.home_points, fixture.away_points) == (None, None)
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (0, 2)
