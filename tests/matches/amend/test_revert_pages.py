"""Reverting an applied report on the match page and through `POST /api/matches/<id>/revert/`:
offered only to those who settle the match (site staff for a friendly, a commissioner of the
league for a fixture), with a reason; the page then says who reverted it, when and why; a
revert that a later entry cannot survive answers 400 with the list to review and changes
nothing. In a league, the table counts the reverted match no longer.

The worked example is tests/matches/post_game/test_post_game.py's: Gouged Eye beat Da Krumpers 2-1
and won 60,000 gp (from 70,000 to 130,000)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from league.models import Standing
from league.tables import standings_problems
from matches.models import REVERTED, Match
from rules.engine.purchases import Purchase
from teams.between_matches import team_purchase
from teams.models import Team
from tests.matches.amend.test_revert import REASON
from tests.matches.post_game.test_post_game import TABLE_DICE, at_the_table, gate_recorded, reported
from tests.matches.test_api import client_of
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

NOTHING = {"played": 0, "won": 0, "points": 0, "touchdowns_for": 0}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_of(user, match: Match) -> tuple[int, str]:
    answer = signed_in(user).get(f"/matches/{match.pk}/")
    return answer.status_code, answer.content.decode()


def reverted_on_the_page(client: Client, match: Match, reason: str = REASON):
    return client.post(f"/matches/{match.pk}/revert/", {"reason": reason})


# --- The page ---------------------------------------------------------------------------------


def test_site_staff_are_offered_the_revert_and_the_coaches_are_not(
    applied_report, staff, home_coach
) -> None:
    assert 'data-testid="revert-form"' in page_of(staff, applied_report)[1]
    assert 'data-testid="revert-form"' not in page_of(home_coach, applied_report)[1]


def test_reverting_on_the_page_says_who_when_and_why(applied_report, staff, home_team) -> None:
    answer = reverted_on_the_page(signed_in(staff), applied_report)
    assert answer.status_code == 302
    _, page = page_of(staff, applied_report)
    assert "Reverted on " in page
    assert f"by admin because “{REASON}”" in page
    assert "report reverted" in page
    assert 'data-testid="revert-form"' not in page  # once is all
    assert Team.objects.get(pk=home_team.pk).treasury == 70_000  # the 60,000 won taken back


def test_a_revert_a_later_purchase_cannot_survive_lists_it_and_changes_nothing(
    applied_report, staff, home_team, home_coach
) -> None:
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("player", "Black Orc Blocker", 1), names=["Gutrot"])  # fmt: skip
    client = signed_in(staff)
    with unchanged():
        answer = reverted_on_the_page(client, applied_report)
    assert answer.status_code == 400
    assert "the treasury has 70,000 gp (10,000 short)" in answer.content.decode()
    assert Match.objects.get(pk=applied_report.pk).status == "confirmed"


def test_a_revert_without_a_reason_is_refused_on_the_page(applied_report, staff) -> None:
    client = signed_in(staff)
    with unchanged():
        answer = reverted_on_the_page(client, applied_report, " ")
    assert answer.status_code == 400
    assert "Write why you revert the report." in answer.content.decode()


def test_a_coach_posting_a_revert_is_forbidden(applied_report, home_coach) -> None:
    client = signed_in(home_coach)
    with unchanged():
        assert reverted_on_the_page(client, applied_report).status_code == 403


# --- The API ----------------------------------------------------------------------------------


def test_the_api_reverts_with_a_reason(applied_report, staff) -> None:
    answer = client_of(staff).post(f"/api/matches/{applied_report.pk}/revert/", {"reason": REASON},
                                   format="json")  # fmt: skip
    assert answer.status_code == 200
    assert answer.json()["status"] == REVERTED
    last = answer.json()["steps"][-1]
    assert (last["action"], last["actor"], last["reason"]) == ("revert", "admin", REASON)


def test_the_api_answers_the_review_list_with_a_400(
    applied_report, staff, home_team, home_coach
) -> None:
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("player", "Black Orc Blocker", 1), names=["Gutrot"])  # fmt: skip
    with unchanged():
        url = f"/api/matches/{applied_report.pk}/revert/"
        answer = client_of(staff).post(url, {"reason": REASON}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"entry": [
        "Entry #3 of Gouged Eye (Bought 1 × Black Orc Blocker for 80,000 gp) would no longer "
        "fit: This costs 80,000 gp; the treasury has 70,000 gp (10,000 short)."
    ]}  # fmt: skip


def test_the_api_refuses_a_coach_and_a_missing_reason(applied_report, staff, home_coach) -> None:
    url = f"/api/matches/{applied_report.pk}/revert/"
    with unchanged():
        assert client_of(home_coach).post(url, {"reason": REASON}, format="json").status_code \
            == 403  # fmt: skip
        bare = client_of(staff).post(url, {}, format="json")
    assert bare.status_code == 400
    assert bare.json() == {"reason": ["Write why you revert the report."]}


# --- In a league ------------------------------------------------------------------------------


def test_a_commissioner_reverts_a_fixture_and_the_table_counts_it_no_longer(
    fixture_match, home_coach, away_coach, commissioner, home_team, away_team
) -> None:
    gate_recorded(fixture_match)
    reported(fixture_match, home_coach)
    at_the_table(fixture_match, TABLE_DICE)
    client_of(away_coach).post(f"/api/matches/{fixture_match.pk}/confirm/", {}, format="json")
    season = Match.objects.get(pk=fixture_match.pk).fixture.season
    won = Standing.objects.filter(season=season, team=home_team).values(*NOTHING).get()
    assert won == {"played": 1, "won": 1, "points": 3, "touchdowns_for": 2}
    answer = client_of(commissioner).post(f"/api/matches/{fixture_match.pk}/revert/",
                                          {"reason": REASON}, format="json")  # fmt: skip
    assert answer.status_code == 200
    for team in (home_team, away_team):
        assert Standing.objects.filter(season=season, team=team).values(*NOTHING).get() == NOTHING
    assert standings_problems() == []
    # Its fixture is nobody's to play any more, and counts for nothing.
    fixture = Match.objects.get(pk=fixture_match.pk).fixture
    assert fixture.status == "void"
    assert not fixture.is_overdue(datetime.date(2100, 1, 1))
    home = signed_in(commissioner).get(f"/leagues/{season.league_id}/").content.decode()
    assert "report reverted: counts for nothing" in home
    read = client_of(commissioner).get(f"/api/leagues/{season.league_id}/seasons/1/").json()
    assert [row["status"] for row in read["fixtures"]] == ["void"]
