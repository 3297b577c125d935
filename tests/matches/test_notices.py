"""What each step of a match tells whom (matches.notices): the coaches it concerns, never
the one who took it, once per step."""

from __future__ import annotations

import pytest

from league.notices.models import Notice
from matches import workflow
from matches.amend.reapply import report_reapply
from matches.amend.revert import report_revert
from matches.services import friendly_accept, friendly_decline, friendly_offer
from tests.matches.helpers import drafted

pytestmark = pytest.mark.django_db

REASON = "Entered twice: this game was the one played on Tuesday."


def told(user, kind: str | None = None) -> list[Notice]:
    rows = Notice.objects.filter(user=user).order_by("pk")
    return list(rows.filter(kind=kind) if kind else rows)


def test_an_offered_friendly_tells_the_other_coach(
    home_team, away_team, home_coach, away_coach
) -> None:
    match = friendly_offer(home_coach, home_team, away_team)
    [notice] = told(away_coach)
    assert notice.kind == "friendly_offered"
    assert notice.title == "varag offers Gouged Eye v Da Krumpers as a friendly"
    assert notice.link == f"/matches/{match.pk}/"
    assert told(home_coach) == []


def test_an_accepted_friendly_tells_the_coach_who_offered_it(
    home_team, away_team, home_coach, away_coach
) -> None:
    friendly_accept(friendly_offer(home_coach, home_team, away_team), away_coach)
    [notice] = told(home_coach)
    assert notice.title == "griff accepted the friendly Gouged Eye v Da Krumpers"


def test_a_declined_friendly_tells_the_coach_who_offered_it(
    home_team, away_team, home_coach, away_coach
) -> None:
    friendly_decline(friendly_offer(home_coach, home_team, away_team), away_coach)
    assert told(home_coach)[-1].title == "griff declined the friendly Gouged Eye v Da Krumpers"


def test_a_confirmation_tells_the_submitter(friendly, home_coach, away_coach) -> None:
    drafted(friendly, home_coach)
    workflow.report_submit(friendly, home_coach)
    workflow.report_confirm(friendly, away_coach)
    assert told(home_coach, "report_answered")[-1].title == (
        "Your report of Gouged Eye v Da Krumpers is confirmed"
    )


def test_a_revert_tells_both_coaches_who_and_why(applied_report, home_coach, away_coach, staff):
    report_revert(applied_report, staff, REASON)
    for coach in (home_coach, away_coach):
        [notice] = told(coach, "report_amended")
        assert notice.title == "The report of Gouged Eye v Da Krumpers is reverted"
        assert "by admin" in notice.body
        assert f"Why: {REASON}" in notice.body
        assert notice.league is None  # a friendly belongs to no league


def test_applying_again_tells_both_coaches(applied_report, home_coach, away_coach, staff):
    report_revert(applied_report, staff, REASON)
    report_reapply(applied_report, staff, "It was this game after all.")
    for coach in (home_coach, away_coach):
        assert told(coach, "report_amended")[-1].title == (
            "The report of Gouged Eye v Da Krumpers is applied again"
        )


def test_each_step_tells_once(friendly, home_coach, away_coach) -> None:
    drafted(friendly, home_coach)
    workflow.report_submit(friendly, home_coach)
    assert len(told(away_coach, "report_submitted")) == 1
    workflow.report_withdraw(friendly, home_coach)
    workflow.report_submit(friendly, home_coach)
    assert len(told(away_coach, "report_submitted")) == 2  # a second submission, told again


def test_a_league_match_s_notice_knows_its_league(fixture_match, home_coach, away_coach) -> None:
    drafted(fixture_match, home_coach)
    workflow.report_submit(fixture_match, home_coach)
    notice = told(away_coach, "report_submitted")[-1]
    assert notice.league == fixture_match.fixture.season.league
