"""Applying a reverted report again on the match page and through
`POST /api/matches/<id>/reapply/`: offered only on a reverted report and only to those who
settle the match, with a reason; the page then says who applied it again, when and why; one a
later entry cannot survive answers 400 with the list to review and changes nothing. In a
league, the table counts the match again.

The worked example is tests/matches/post_game/test_post_game.py's: Gouged Eye beat Da Krumpers 2-1
and won 60,000 gp (from 70,000 to 130,000)."""

from __future__ import annotations

import pytest

from league.models import Standing
from league.tables import standings_problems
from matches.amend.revert import report_revert
from matches.models import CONFIRMED, REVERTED, Match
from teams.models import Team
from tests.matches.amend.test_reapply import AGAIN, snag_never_joined
from tests.matches.amend.test_revert import REASON
from tests.matches.amend.test_revert_pages import NOTHING, page_of, signed_in
from tests.matches.post_game.test_post_game import TABLE_DICE, at_the_table, gate_recorded, reported
from tests.matches.test_api import client_of
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def reverted(applied_report, staff) -> Match:
    return report_revert(applied_report, staff, REASON)


def reapplied_on_the_page(client, match: Match, reason: str = AGAIN):
    return client.post(f"/matches/{match.pk}/reapply/", {"reason": reason})


# --- The page ---------------------------------------------------------------------------------


def test_only_a_reverted_report_is_offered_again_and_only_to_site_staff(
    applied_report, staff, home_coach
) -> None:
    assert 'data-testid="reapply-form"' not in page_of(staff, applied_report)[1]
    report_revert(applied_report, staff, REASON)
    assert 'data-testid="reapply-form"' in page_of(staff, applied_report)[1]
    assert 'data-testid="reapply-form"' not in page_of(home_coach, applied_report)[1]


def test_applying_again_on_the_page_says_who_when_and_why(reverted, staff, home_team) -> None:
    answer = reapplied_on_the_page(signed_in(staff), reverted)
    assert answer.status_code == 302
    _, page = page_of(staff, reverted)
    assert "Applied again on " in page
    assert f"by admin because “{AGAIN}”, in its place" in page
    assert 'data-testid="reverted"' not in page
    assert 'data-testid="reapply-form"' not in page
    assert 'data-testid="revert-form"' in page  # it may be reverted again
    assert Team.objects.get(pk=home_team.pk).treasury == 130_000  # the 60,000 won are back


def test_a_report_applied_only_once_says_when_it_was_applied(applied_report, staff) -> None:
    _, page = page_of(staff, applied_report)
    assert "Applied to both teams " in page
    assert "Applied again" not in page


def test_applying_again_without_a_reason_is_refused_on_the_page(reverted, staff) -> None:
    client = signed_in(staff)
    with unchanged():
        answer = reapplied_on_the_page(client, reverted, "")
    assert answer.status_code == 400
    assert "Write why you apply the report again." in answer.content.decode()


def test_a_coach_posting_it_is_forbidden(reverted, home_coach) -> None:
    client = signed_in(home_coach)
    with unchanged():
        assert reapplied_on_the_page(client, reverted).status_code == 403


# --- The API ----------------------------------------------------------------------------------


def test_the_api_applies_it_again_with_a_reason(reverted, staff) -> None:
    url = f"/api/matches/{reverted.pk}/reapply/"
    answer = client_of(staff).post(url, {"reason": AGAIN}, format="json")
    assert answer.status_code == 200
    assert answer.json()["status"] == CONFIRMED
    last = answer.json()["steps"][-1]
    assert (last["action"], last["actor"], last["reason"]) == ("reapply", "admin", AGAIN)


def test_the_api_answers_the_review_list_with_a_400(
    home_team, away_team, home_coach, staff
) -> None:
    match = snag_never_joined(home_team, away_team, staff)
    with unchanged():
        url = f"/api/matches/{match.pk}/reapply/"
        answer = client_of(staff).post(url, {"reason": AGAIN}, format="json")
    assert answer.status_code == 400
    [said] = answer.json()["entry"]
    assert f"#12 Snag of Gouged Eye took part in {match}, but by then he had not been hired." in (
        said
    )
    assert Match.objects.get(pk=match.pk).status == REVERTED


def test_the_api_refuses_a_report_that_stands(applied_report, staff) -> None:
    with unchanged():
        url = f"/api/matches/{applied_report.pk}/reapply/"
        answer = client_of(staff).post(url, {"reason": AGAIN}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"status": [
        f"The report of {applied_report} is confirmed, not reverted: it stands already."
    ]}  # fmt: skip


# --- In a league ------------------------------------------------------------------------------


def test_the_table_counts_a_fixture_applied_again(
    fixture_match, home_coach, away_coach, commissioner, home_team
) -> None:
    gate_recorded(fixture_match)
    reported(fixture_match, home_coach)
    at_the_table(fixture_match, TABLE_DICE)
    client_of(away_coach).post(f"/api/matches/{fixture_match.pk}/confirm/", {}, format="json")
    season = Match.objects.get(pk=fixture_match.pk).fixture.season
    won = Standing.objects.filter(season=season, team=home_team).values(*NOTHING).get()
    for action, reason in (("revert", REASON), ("reapply", AGAIN)):
        answer = client_of(commissioner).post(f"/api/matches/{fixture_match.pk}/{action}/",
                                              {"reason": reason}, format="json")  # fmt: skip
        assert answer.status_code == 200
    assert Standing.objects.filter(season=season, team=home_team).values(*NOTHING).get() == won
    assert Match.objects.get(pk=fixture_match.pk).fixture.status == "played"
    assert standings_problems() == []
