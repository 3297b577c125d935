"""The tables in the API: GET /api/leagues/<id>/seasons/<n>/standings/ (a season's) and
GET /api/leagues/<id>/standings/ (all time): the scoring they were counted with, whether
head-to-head made part of a tie start again, and a row per team with its position, whether it
shares it, its figures (casualties only where the ruleset counts them, Blitz Bowl's points
only in Blitz Bowl) and the tie-breaker that put it below the team above. A private league's
tables are hidden like the rest of it; the queries do not grow with the teams.

The leagues and the rounds played are tests/league/test_table_pages.py's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from league.models import Fixture, Season
from league.services import league_update
from tests.league.test_fixture_points import played
from tests.league.test_table_pages import (
    CREEPERS,
    GOUGED,
    KRUMPERS,
    REAVERS,
    forfeit,
    league_of,
    level_on_everything,
    restarted,
    two_team_season,
)
from tests.league.test_table_pages_home import round_one_forfeited, two_seasons_played
from tests.matches.rulesets import blitz_teams, first_teams

pytestmark = pytest.mark.django_db

LRB6_TIE_BREAKERS = [
    "points", "head_to_head", "touchdown_difference", "casualty_difference",
    "touchdowns_scored", "fewest_games_played",
]  # fmt: skip


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def two_seasons(commissioner, users, lrb6) -> Season:
    return two_seasons_played(commissioner, users, lrb6)


def standings(api, season: Season) -> dict:
    answer = api.get(f"/api/leagues/{season.league_id}/seasons/{season.number}/standings/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def row(team, position, figures, bonus, points, form, separated_by, level=False) -> dict:
    """An LRB6 row: `figures` are played, won, drawn, lost, touchdowns for and against;
    nobody caused a casualty."""
    played_, won, drawn, lost, scored, conceded = figures
    return {
        "position": position,
        "level": level,
        "team": team,
        "played": played_, "won": won, "drawn": drawn, "lost": lost,
        "touchdowns_for": scored, "touchdowns_against": conceded,
        "touchdown_difference": scored - conceded,
        "casualties_for": 0, "casualties_against": 0,
        "bonus": bonus, "points": points, "form": form,
        "separated_by": separated_by,
    }  # fmt: skip


def teams_of(season: Season) -> dict[str, dict]:
    return {
        team.name: {"id": team.pk, "name": team.name, "coach": team.coach.username}
        for team in season.teams.select_related("coach")
    }


def test_a_seasons_standings_answer_its_scoring_and_rows(api, commissioner, users, lrb6):
    season = league_of(commissioner, users, lrb6, bonus_three_touchdowns=1, bonus_clean_sheet=1)
    restarted(season)  # worked by hand in tests/league/test_table_pages.py
    teams = teams_of(season)
    assert standings(api, season) == {
        "season": 1,
        "scoring": {
            "win": 3,
            "draw": 1,
            "loss": 0,
            "bonus_three_touchdowns": 1,
            "bonus_three_casualties": 0,
            "bonus_clean_sheet": 1,
            "tie_breakers": LRB6_TIE_BREAKERS,
        },
        "restarted": True,
        "rows": [
            row(teams[REAVERS], 1, (3, 2, 0, 1, 5, 4), 0, 6, "WWL", None),
            row(teams[KRUMPERS], 2, (3, 1, 1, 1, 6, 3), 2, 6, "WLD", "head_to_head"),
            row(teams[GOUGED], 3, (3, 1, 1, 1, 5, 3), 2, 6, "LWD", "touchdown_difference"),
            row(teams[CREEPERS], 4, (3, 1, 0, 2, 2, 8), 0, 3, "LLW", "points"),
        ],
    }


def test_teams_level_on_every_tie_breaker_share_a_position(api, commissioner, users, lrb6):
    season = league_of(commissioner, users, lrb6)
    level_on_everything(season)
    rows = standings(api, season)["rows"]
    assert [(r["position"], r["level"], r["team"]["name"], r["separated_by"]) for r in rows] == [
        (1, True, KRUMPERS, None),
        (1, True, REAVERS, None),
        (3, True, GOUGED, "points"),  # below the winners on points, level with the Creepers
        (3, True, CREEPERS, None),
    ]
    assert standings(api, season)["restarted"] is False


def test_a_blitz_bowl_row_has_its_points_for_and_against_and_no_casualties(
    api, commissioner, users
) -> None:
    season = two_team_season(commissioner, users, "blitz-bowl", blitz_teams)
    played(Fixture.objects.get(season=season))  # The Reavers 15-8 (2-1) Middenheim Wolves
    body = standings(api, season)
    first = body["rows"][0]
    assert first == {
        "position": 1, "level": False,
        "team": {"id": first["team"]["id"], "name": "The Reavers", "coach": "blitzer1"},
        "played": 1, "won": 1, "drawn": 0, "lost": 0,
        "touchdowns_for": 2, "touchdowns_against": 1, "touchdown_difference": 1,
        "score_for": 15, "score_against": 8,
        "bonus": 0, "points": 3, "form": "W", "separated_by": None,
    }  # fmt: skip
    assert (body["rows"][1]["score_for"], body["rows"][1]["score_against"]) == (8, 15)
    assert "score_difference" in body["scoring"]["tie_breakers"]


def test_a_first_edition_row_has_neither_casualties_nor_points_scored(
    api, commissioner, users
) -> None:
    season = two_team_season(commissioner, users, "first-edition", first_teams)
    forfeit(season, "Reikland Reavers", "Bright Crusaders")  # 2-0 to the Crusaders
    rows = standings(api, season)["rows"]
    assert set(rows[0]) == {
        "position", "level", "team", "played", "won", "drawn", "lost", "touchdowns_for",
        "touchdowns_against", "touchdown_difference", "bonus", "points", "form",
        "separated_by",
    }  # fmt: skip
    assert [(r["team"]["name"], r["touchdown_difference"], r["points"]) for r in rows] == [
        ("Bright Crusaders", 2, 3),
        ("Reikland Reavers", -2, 0),
    ]


def test_the_all_time_standings_sum_each_season_as_it_scored(api, two_seasons) -> None:
    answer = api.get(f"/api/leagues/{two_seasons.league_id}/standings/")
    assert answer.status_code == 200
    body = answer.json()
    teams = teams_of(two_seasons)
    # tests/league/test_table_pages_home.py's two seasons: the Reavers' 3 points of Season 1
    # (a win 3) above Gouged Eye's 2 of Season 2 (a win 2).
    assert body == {
        "season": None,
        "scoring": {
            "win": 2,
            "draw": 1,
            "loss": 0,
            "bonus_three_touchdowns": 0,
            "bonus_three_casualties": 0,
            "bonus_clean_sheet": 0,
            "tie_breakers": LRB6_TIE_BREAKERS,
        },
        "restarted": False,
        "rows": [
            row(teams[REAVERS], 1, (2, 1, 0, 1, 2, 4), 0, 3, "WL", None),
            row(teams[GOUGED], 2, (2, 1, 0, 1, 4, 2), 0, 2, "LW", "points"),
        ],
    }
    first = api.get(f"/api/leagues/{two_seasons.league_id}/seasons/1/standings/").json()
    assert [(r["team"]["name"], r["points"]) for r in first["rows"]] == [
        (REAVERS, 3),
        (GOUGED, 0),
    ]
    assert first["scoring"]["win"] == 3  # finished as it was scored


def test_a_private_leagues_standings_are_hidden_from_outsiders(
    api, commissioner, users, lrb6
) -> None:
    season = league_of(commissioner, users, lrb6)
    league_update(season.league, commissioner, {"public": False})
    urls = [f"/api/leagues/{season.league_id}/seasons/1/standings/",
            f"/api/leagues/{season.league_id}/standings/"]  # fmt: skip
    for url in urls:
        assert api.get(url).status_code == 404  # anonymous
    api.force_authenticate(users.create_user("stranger"))
    for url in urls:
        assert api.get(url).status_code == 404
    api.force_authenticate(season.teams.first().coach)  # a member's coach sees it
    for url in urls:
        assert api.get(url).status_code == 200


def test_a_season_that_does_not_exist_has_no_standings(api, commissioner, users, lrb6) -> None:
    season = league_of(commissioner, users, lrb6)
    assert api.get(f"/api/leagues/{season.league_id}/seasons/2/standings/").status_code == 404
    assert api.get("/api/leagues/999999/standings/").status_code == 404


def test_the_schema_types_the_standings_and_says_when_a_scoring_change_counts(api, db) -> None:
    schema = api.get("/api/schema/", {"format": "json"}).json()
    assert "/api/leagues/{id}/seasons/{number}/standings/" in schema["paths"]
    assert "/api/leagues/{id}/standings/" in schema["paths"]
    components = schema["components"]["schemas"]
    assert set(components["Standings"]["properties"]) == {"season", "scoring", "restarted", "rows"}
    fields = components["StandingRow"]["properties"]
    assert "Blitz Bowl only" in fields["score_for"]["description"]
    assert "casualties_for" not in components["StandingRow"]["required"]
    change = schema["paths"]["/api/leagues/{id}/"]["patch"]["description"]
    assert "count from the next season" in change
    assert "count from the next season" in components["LeagueCreate"]["description"]


def queries(api, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert api.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("path", ["seasons/1/standings/", "standings/"])
def test_standings_make_as_many_queries_for_eight_teams_as_for_four(
    api, commissioner, users, lrb6, path
) -> None:
    small = round_one_forfeited(commissioner, users, lrb6, 4, "Small league")
    large = round_one_forfeited(commissioner, users, lrb6, 8, "Large league")
    four = queries(api, f"/api/leagues/{small.league_id}/{path}")
    assert queries(api, f"/api/leagues/{large.league_id}/{path}") == four
    rows = api.get(f"/api/leagues/{large.league_id}/{path}").json()["rows"]
    assert [(r["position"], r["level"]) for r in rows] == [(1, True)] * 4 + [(5, True)] * 4
