"""The league API under /api/leagues/: the same services as the pages, refusals as HTTP 400
naming the field, permissions per object, and flat query counts."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from league.models import League
from league.seasons import season_start
from league.services import league_create, membership_request
from tests.league.conftest import member_teams
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_anyone_lists_the_public_leagues(api, league, users) -> None:
    member_teams(league, 2, users)
    answer = api.get("/api/leagues/")
    assert answer.status_code == 200
    assert answer.json()["results"] == [
        {
            "id": league.pk,
            "name": "Old World Classic",
            "ruleset": "lrb6",
            "ruleset_version": 1,
            "public": True,
            "members": 2,
        }
    ]


def test_a_coach_starts_a_league_with_settings(api, coach) -> None:
    api.force_authenticate(coach)
    answer = api.post(
        "/api/leagues/",
        {
            "name": "Badlands Bash",
            "ruleset": "lrb6",
            "points_win": 2,
            "tie_breakers": ["touchdowns_scored"],
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["commissioners"] == ["varag"]
    assert body["settings"]["points_win"] == 2
    assert body["settings"]["tie_breakers"] == ["touchdowns_scored"]
    assert body["current_season"] is None


def test_an_unknown_tie_breaker_is_a_400_naming_the_field(api, coach) -> None:
    api.force_authenticate(coach)
    with unchanged():
        answer = api.post(
            "/api/leagues/",
            {"name": "Bad", "ruleset": "lrb6", "tie_breakers": ["coin_toss"]},
            format="json",
        )
    assert answer.status_code == 400
    assert list(answer.json()) == ["tie_breakers"]
    assert "'coin_toss' is not a tie-breaker" in answer.json()["tie_breakers"][0]
    assert not League.objects.exists()


def test_an_anonymous_visitor_cannot_start_a_league(api) -> None:
    with unchanged():
        assert api.post("/api/leagues/", {"name": "X", "ruleset": "lrb6"}).status_code == 401


def test_a_commissioner_changes_settings_and_a_coach_may_not(api, league, commissioner, coach):
    api.force_authenticate(coach)
    with unchanged():
        answer = api.patch(f"/api/leagues/{league.pk}/", {"points_win": 5}, format="json")
    assert answer.status_code == 403
    api.force_authenticate(commissioner)
    answer = api.patch(
        f"/api/leagues/{league.pk}/", {"points_win": 5, "dice_sources": "rolled"}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json()["settings"]["points_win"] == 5
    assert answer.json()["settings"]["dice_sources"] == "rolled"


def test_patching_an_unknown_field_is_refused(api, league, commissioner) -> None:
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.patch(f"/api/leagues/{league.pk}/", {"ruleset_version": 3}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"ruleset_version": ["'ruleset_version' cannot be changed here."]}


def test_membership_through_the_api(api, league, commissioner, coach, rival, team) -> None:
    api.force_authenticate(rival)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/memberships/", {"team": team.pk})
    assert answer.status_code == 403
    api.force_authenticate(coach)
    asked = api.post(f"/api/leagues/{league.pk}/memberships/", {"team": team.pk})
    assert asked.status_code == 201
    assert asked.json()["status"] == "pending"
    membership = asked.json()["id"]
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/memberships/{membership}/approve/")
    assert answer.status_code == 403
    api.force_authenticate(commissioner)
    with unchanged():
        refused = api.post(f"/api/leagues/{league.pk}/memberships/{membership}/refuse/", {})
    assert refused.status_code == 400
    assert refused.json() == {"reason": ["Give the coach a reason for the refusal."]}
    approved = api.post(f"/api/leagues/{league.pk}/memberships/{membership}/approve/")
    assert approved.json()["status"] == "approved"
    assert approved.json()["decided_by"] == "nuffle"
    api.force_authenticate(coach)
    left = api.post(
        f"/api/leagues/{league.pk}/memberships/{membership}/end/", {"how": "left", "reason": "Done"}
    )
    assert left.json()["status"] == "left"


def test_a_team_already_in_a_league_is_a_400(api, league, commissioner, coach, team, lrb6):
    membership_request(league, coach, team)
    other = league_create(coach, "Second league", lrb6)
    api.force_authenticate(coach)
    with unchanged():
        answer = api.post(f"/api/leagues/{other.pk}/memberships/", {"team": team.pk})
    assert answer.status_code == 400
    assert answer.json() == {
        "team": [
            "A team plays in one league at a time: Gouged Eye is waiting to join Old World Classic."
        ]
    }


def test_the_membership_list_shows_pending_requests_to_commissioners_only(
    api, league, commissioner, coach, rival, team
) -> None:
    membership_request(league, coach, team)
    api.force_authenticate(commissioner)
    assert [m["status"] for m in api.get(f"/api/leagues/{league.pk}/memberships/").json()] == [
        "pending"
    ]
    api.force_authenticate(coach)
    assert len(api.get(f"/api/leagues/{league.pk}/memberships/").json()) == 1
    api.force_authenticate(rival)
    assert api.get(f"/api/leagues/{league.pk}/memberships/").json() == []


def test_a_commissioner_adds_a_commissioner(api, league, commissioner, coach) -> None:
    api.force_authenticate(commissioner)
    answer = api.post(f"/api/leagues/{league.pk}/commissioners/", {"username": "varag"})
    assert answer.status_code == 201
    assert answer.json()["commissioners"] == ["nuffle", "varag"]
    with unchanged():
        missing = api.post(f"/api/leagues/{league.pk}/commissioners/", {"username": "nobody"})
    assert missing.status_code == 400
    assert missing.json() == {"username": ["There is no coach called 'nobody'."]}


def test_seasons_rounds_and_fixtures_beneath_a_league(api, league, commissioner, users) -> None:
    teams = member_teams(league, 6, users)
    api.force_authenticate(commissioner)
    started = api.post(
        f"/api/leagues/{league.pk}/seasons/",
        {"format": "double_round_robin", "first_deadline": "2026-11-30", "days_between_rounds": 7},
        format="json",
    )
    assert started.status_code == 201, started.json()
    season = started.json()
    assert season["number"] == 1
    assert season["teams"] == sorted(t.pk for t in teams)
    assert [r["deadline"] for r in season["rounds"]][:2] == ["2026-11-30", "2026-12-07"]
    assert len(season["rounds"]) == 10
    assert len(season["fixtures"]) == 30
    fixture = season["fixtures"][0]
    assert fixture["round"] == 1
    assert fixture["due"] == "2026-11-30"

    moved = api.post(
        f"/api/leagues/{league.pk}/fixtures/{fixture['id']}/reschedule/",
        {"deadline": "2026-12-02", "reason": "Snow"},
    )
    assert moved.status_code == 200
    assert (moved.json()["due"], moved.json()["rescheduled_reason"]) == ("2026-12-02", "Snow")
    forfeit = api.post(
        f"/api/leagues/{league.pk}/fixtures/{fixture['id']}/forfeit/",
        {"forfeited_by": fixture["home"]},
    )
    assert forfeit.json()["status"] == "forfeit"
    assert (forfeit.json()["home_touchdowns"], forfeit.json()["away_touchdowns"]) == (0, 2)

    second = api.post(f"/api/leagues/{league.pk}/seasons/", {"format": "round_robin"})
    assert second.json()["number"] == 2
    listed = api.get(f"/api/leagues/{league.pk}/seasons/").json()
    assert [(s["number"], s["teams"], s["rounds"]) for s in listed] == [(2, 6, 5), (1, 6, 10)]
    assert listed[1]["finished_at"] is not None
    assert api.get(f"/api/leagues/{league.pk}/").json()["current_season"] == 2
    assert api.get(f"/api/leagues/{league.pk}/seasons/1/").json()["fixtures"][0]["status"] == (
        "forfeit"
    )


def test_a_coach_cannot_start_a_season_or_forfeit(api, league, commissioner, users) -> None:
    teams = member_teams(league, 2, users)
    season = season_start(league, commissioner, "round_robin")
    fixture = season.fixtures.get()
    api.force_authenticate(teams[0].coach)
    with unchanged():
        assert api.post(f"/api/leagues/{league.pk}/seasons/", {"format": "open"}).status_code == 403
        assert (
            api.post(
                f"/api/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/",
                {"forfeited_by": fixture.home_id},
            ).status_code
            == 403
        )


def test_a_forfeit_by_a_team_not_in_the_fixture_is_a_400(
    api, league, commissioner, users, rival_team
) -> None:
    member_teams(league, 2, users)
    fixture = season_start(league, commissioner, "round_robin").fixtures.get()
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(
            f"/api/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/",
            {"forfeited_by": rival_team.pk},
        )
    assert answer.status_code == 400
    assert list(answer.json()) == ["forfeited_by"]


def test_open_play_matches_are_arranged_through_the_api(api, league, commissioner, users):
    one, two = member_teams(league, 2, users)
    season_start(league, commissioner, "open")
    api.force_authenticate(one.coach)
    answer = api.post(
        f"/api/leagues/{league.pk}/seasons/1/fixtures/",
        {"home": one.pk, "away": two.pk, "deadline": "2026-12-24"},
    )
    assert answer.status_code == 201
    assert (answer.json()["round"], answer.json()["due"]) == (None, "2026-12-24")
    with unchanged():
        missing = api.post(
            f"/api/leagues/{league.pk}/seasons/1/fixtures/", {"home": one.pk, "away": 999_999}
        )
    assert missing.status_code == 400
    assert missing.json() == {"away": ["There is no team 999999."]}


def test_a_private_league_is_a_404_to_outsiders(api, commissioner, lrb6, coach) -> None:
    private = league_create(commissioner, "Secret Society", lrb6, public=False)
    assert api.get(f"/api/leagues/{private.pk}/").status_code == 404
    api.force_authenticate(coach)
    assert api.get(f"/api/leagues/{private.pk}/").status_code == 404
    assert api.get("/api/leagues/").json()["results"] == []


def test_a_missing_season_is_a_404(api, league) -> None:
    assert api.get(f"/api/leagues/{league.pk}/seasons/4/").status_code == 404


def count(api, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert api.get(url).status_code == 200
    return len(captured)


def test_the_league_and_season_answers_make_flat_query_counts(api, commissioner, lrb6, users):
    monday = datetime.date(2026, 11, 30)
    leagues = []
    for size in (4, 8):
        league = league_create(commissioner, f"League of {size}", lrb6)
        member_teams(league, size, users)
        season_start(league, commissioner, "double_round_robin", "", monday, 7)
        leagues.append(league)
    small, large = leagues
    for url in ("/api/leagues/{}/", "/api/leagues/{}/seasons/1/", "/api/leagues/{}/memberships/"):
        assert count(api, url.format(small.pk)) == count(api, url.format(large.pk))


def test_a_form_patch_leaves_the_fields_it_does_not_name_alone(api, league, commissioner):
    api.force_authenticate(commissioner)
    answer = api.patch(f"/api/leagues/{league.pk}/", {"points_win": 2}, format="multipart")
    assert answer.status_code == 200
    league.refresh_from_db()
    assert (league.points_win, league.public) == (2, True)


@pytest.mark.parametrize("body", ["5", '[{"points_win": 2}]', '"public"'])
def test_a_patch_that_is_not_an_object_is_a_400(api, league, commissioner, body) -> None:
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.patch(f"/api/leagues/{league.pk}/", body, content_type="application/json")
    assert answer.status_code == 400


def test_a_first_deadline_whose_last_round_falls_after_9999_is_a_400(
    api, league, commissioner, users
) -> None:
    member_teams(league, 3, users)
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(
            f"/api/leagues/{league.pk}/seasons/",
            {"format": "round_robin", "first_deadline": "9999-12-30"},
        )
    assert answer.status_code == 400
    assert answer.json() == {
        "first_deadline": ["The last round's deadline would fall after the year 9999."]
    }
    assert not league.seasons.exists()
