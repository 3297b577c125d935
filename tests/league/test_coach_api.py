"""The coaches' API: GET /api/coaches/ (searchable, fifty a page) and
GET /api/coaches/<username>/, a coach's page as JSON. Read-only and open to anyone; a private
league is answered only to those who may see it, and a coach's address never. The matches are
built as in test_coaches.py."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from league.retirement import team_retire
from tests.league.test_coaches import (
    forfeited,
    friendly,
    join,
    league_match,
    open_play,
    played,
    private_league,
)
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def answer(api: APIClient, url: str, status: int = 200, **query) -> dict:
    response = api.get(url, query)
    assert response.status_code == status, response.content
    return response.json()


# The list ----------------------------------------------------------------------------------------


def test_anyone_lists_the_coaches_with_their_active_teams(api, users, lrb6, coach, team) -> None:
    users.create_user("morg", password="kick-off-8", display_name="Morg 'n' Thorg")
    team_retire(orc_team(coach, lrb6, "Zog's Lads"), coach)
    assert answer(api, "/api/coaches/") == {
        "count": 2,
        "next": None,
        "previous": None,
        "results": [
            {"username": "morg", "display_name": "Morg 'n' Thorg", "active_teams": 0},
            {"username": "varag", "display_name": "", "active_teams": 1},
        ],
    }


def test_the_list_is_searched_by_username_or_display_name(api, users) -> None:
    users.create_user("varag", password="kick-off-8", display_name="Varag Ghoul-Chewer")
    users.create_user("ghoulbert", password="kick-off-8")
    users.create_user("morg", password="kick-off-8")
    found = answer(api, "/api/coaches/", search="GHOUL")
    assert [row["username"] for row in found["results"]] == ["ghoulbert", "varag"]
    assert answer(api, "/api/coaches/", search="snotling")["count"] == 0


def test_the_list_is_fifty_coaches_a_page(api, users) -> None:
    for n in range(51):
        users.create_user(f"coach{n:02}", password="kick-off-8")
    first = answer(api, "/api/coaches/")
    assert (first["count"], len(first["results"])) == (51, 50)
    assert first["next"].endswith("/api/coaches/?page=2")
    second = answer(api, "/api/coaches/", page=2)
    assert [row["username"] for row in second["results"]] == ["coach50"]
    assert "detail" in answer(api, "/api/coaches/", 404, page=3)


def test_the_list_answers_no_address_and_no_password(api, users) -> None:
    users.create_user("varag", email="varag@example.com", password="kick-off-8")
    response = api.get("/api/coaches/")
    assert b"varag@example.com" not in response.content
    assert set(response.json()["results"][0]) == {"username", "display_name", "active_teams"}


def test_the_list_costs_the_same_queries_for_two_coaches_as_for_fifty(api, users, lrb6) -> None:
    def counted() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert api.get("/api/coaches/").status_code == 200
        return len(captured)

    for n in range(2):
        orc_team(users.create_user(f"first{n}"), lrb6, f"First {n}")
    few = counted()
    for n in range(48):
        orc_team(users.create_user(f"later{n}"), lrb6, f"Later {n}")
    assert counted() == few


def team_answer(team, retired: bool, league: dict | None) -> dict:
    """An Orc team of LRB6 v1, as a coach's page answers it."""
    return {"id": team.pk, "name": team.name, "race": "Orc", "ruleset": "lrb6",
            "ruleset_version": 1, "retired": retired, "league": league}  # fmt: skip


def match_answer(match, date: str, team, opponent: dict, score: str, result: str) -> dict:
    return {
        "id": match.pk,
        "date": date,
        "team": {"id": team.pk, "name": team.name},
        "opponent": opponent,
        "score": score,
        "result": result,
    }


# A coach's page -----------------------------------------------------------------------------------


def test_a_coachs_page_answers_his_teams_leagues_record_form_and_recent_matches(
    api, users, league, lrb6, coach, team, rival_team
) -> None:
    users.filter(pk=coach.pk).update(display_name="Varag Ghoul-Chewer")
    old = orc_team(coach, lrb6, "Zog's Lads")
    team_retire(old, coach)
    season = open_play(league, team, rival_team)
    won = played(league_match(season, team, rival_team), 2, 1, datetime.date(2025, 3, 1))
    drawn = played(league_match(season, rival_team, team), 1, 1, datetime.date(2025, 3, 8))
    lost = played(friendly(rival_team, team), 3, 0, datetime.date(2025, 3, 15))
    coach.refresh_from_db()
    classic = {"id": league.pk, "name": "Old World Classic"}
    krumpers = {"id": rival_team.pk, "name": "Da Krumpers", "coach": "griff"}
    assert answer(api, "/api/coaches/varag/") == {
        "username": "varag",
        "display_name": "Varag Ghoul-Chewer",
        "date_joined": coach.date_joined.isoformat().replace("+00:00", "Z"),
        "teams": [team_answer(team, False, classic), team_answer(old, True, None)],
        "leagues": [{**classic, "commissioner": False}],
        "record": {"played": 3, "won": 1, "drawn": 1, "lost": 1, "win_percent": 33},
        "form": "WDL",
        "recent_matches": [
            match_answer(lost, "2025-03-15", team, krumpers, "0-3", "L"),
            match_answer(drawn, "2025-03-08", team, krumpers, "1-1", "D"),
            match_answer(won, "2025-03-01", team, krumpers, "2-1", "W"),
        ],
    }


def test_a_forfeit_answers_the_forfeit_score_and_the_result(api, league, team, rival_team) -> None:
    season = open_play(league, team, rival_team)
    forfeited(season, team, rival_team, by=team)
    body = answer(api, "/api/coaches/varag/")
    [match] = body["recent_matches"]
    assert (match["score"], match["result"]) == ("0-2", "L")
    assert body["record"] == {"played": 1, "won": 0, "drawn": 0, "lost": 1, "win_percent": 0}


def test_a_new_coach_has_no_win_percent_yet(api, coach) -> None:
    body = answer(api, "/api/coaches/varag/")
    assert body["record"] == {"played": 0, "won": 0, "drawn": 0, "lost": 0, "win_percent": None}
    assert body["form"] == ""
    assert body["teams"] == body["leagues"] == body["recent_matches"] == []


def test_an_unknown_coach_is_a_404_in_json(api, db) -> None:
    assert answer(api, "/api/coaches/nobody/", 404) == {"detail": "There is no coach nobody."}


def test_a_coachs_page_never_answers_his_address(api, users, coach) -> None:
    users.filter(pk=coach.pk).update(email="varag@example.com")
    response = api.get("/api/coaches/varag/")
    assert b"varag@example.com" not in response.content
    assert "email" not in response.json()


def test_the_api_is_read_only(api, coach) -> None:
    api.force_authenticate(coach)
    assert api.post("/api/coaches/", {}, format="json").status_code == 405
    assert api.delete("/api/coaches/varag/").status_code == 405


# A private league ---------------------------------------------------------------------------------


@pytest.fixture
def cellar(commissioner, lrb6, team, rival_team):
    season = open_play(private_league(commissioner, lrb6), team, rival_team)
    played(league_match(season, team, rival_team), 2, 1)
    return season


def test_a_private_league_is_left_out_for_a_caller_who_may_not_see_it(api, users, cellar) -> None:
    for caller in (None, users.create_user("snotling", password="kick-off-7")):
        api.force_authenticate(caller)
        body = answer(api, "/api/coaches/varag/")
        assert body["leagues"] == []
        assert body["teams"][0]["league"] is None
        assert body["record"]["played"] == 0
        assert (body["form"], body["recent_matches"]) == ("", [])
        assert "Cellar League" not in str(body)


def test_a_private_league_is_answered_to_a_coach_who_plays_in_it(api, rival, cellar) -> None:
    api.force_authenticate(rival)
    body = answer(api, "/api/coaches/varag/")
    league = {"id": cellar.league.pk, "name": "Cellar League"}
    assert body["leagues"] == [{**league, "commissioner": False}]
    assert body["teams"][0]["league"] == league
    assert (body["form"], body["record"]["win_percent"]) == ("W", 100)


def test_a_private_league_is_answered_to_its_commissioner_as_his(api, commissioner, cellar) -> None:
    api.force_authenticate(commissioner)
    body = answer(api, "/api/coaches/nuffle/")
    assert body["leagues"] == [
        {"id": cellar.league.pk, "name": "Cellar League", "commissioner": True}
    ]
    assert body["record"]["played"] == 0  # he commissions it; his own teams played nothing


# Queries ------------------------------------------------------------------------------------------


def test_a_coachs_page_costs_the_same_queries_for_few_matches_as_for_many(
    api, users, league, lrb6, rival, team, rival_team
) -> None:
    def counted(username: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert api.get(f"/api/coaches/{username}/").status_code == 200
        return len(captured)

    season = open_play(league, team, rival_team)
    played(league_match(season, team, rival_team), 1, 0)
    api.force_authenticate(rival)
    few = counted("varag")
    busy = users.create_user("busy", password="kick-off-8")
    teams = [orc_team(busy, lrb6, f"Busy {n}") for n in range(3)]
    opponents = [orc_team(users.create_user(f"opp{n}"), lrb6, f"Opp {n}") for n in range(3)]
    join(league, *teams, *opponents)
    for n in range(15):
        forfeited(season, teams[n % 3], opponents[n % 3], by=teams[n % 3])
    played(friendly(teams[1], opponents[1]), 0, 0)
    assert counted("busy") == few
    assert answer(api, "/api/coaches/busy/")["record"]["played"] == 16


# The schema ---------------------------------------------------------------------------------------


def test_the_schema_documents_the_list_as_pages_searchable_by_name(api) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    operation = response.json()["paths"]["/api/coaches/"]["get"]
    assert {parameter["name"] for parameter in operation["parameters"]} == {"page", "search"}
    paged = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert paged.endswith("/PaginatedCoachListedList")
    assert set(operation["responses"]) == {"200", "400", "401", "404"}


def test_the_schema_documents_a_coachs_page_without_an_address(api) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    schema = response.json()
    operation = schema["paths"]["/api/coaches/{username}/"]["get"]
    answered = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert answered == {"$ref": "#/components/schemas/CoachPage"}
    page = schema["components"]["schemas"]["CoachPage"]
    assert set(page["properties"]) == {
        "username", "display_name", "date_joined", "teams", "leagues", "record", "form",
        "recent_matches",
    }  # fmt: skip
    assert "404" in operation["responses"]
    team = schema["components"]["schemas"]["CoachTeam"]["properties"]["league"]
    assert team.get("nullable") or {"type": "null"} in team.get("oneOf", [])
    assert "email" not in str(schema["components"]["schemas"]["CoachPage"])
