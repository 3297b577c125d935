"""A report's way from draft to result (matches/workflow.py): either coach drafts, one
submits, the other confirms or disputes; a commissioner (or staff, for friendlies) approves
where the league waits, sends a report back and settles disputes. Every step is a MatchStep;
every refused step changes nothing; the coach a report waits for is mailed."""

from __future__ import annotations

import datetime
import logging

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from league.models import Fixture
from league.notices.models import Notice
from league.notices.tasks import notices_mail
from league.seasons import season_start
from matches import workflow
from matches.models import Match, MatchStep
from matches.selectors import may_see_report
from matches.services import MatchRefused, friendly_accept, friendly_offer
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import (
    PLAYED,
    confirmed,
    disputed,
    drafted,
    fresh,
    problems,
    report_of,
    steps,
    submitted,
)
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def refusal(match: Match, state: str, verb: str) -> list[tuple[str, str]]:
    """The problems of a step the status no longer allows."""
    return [("status", f"The report of {match} is {state}: it cannot be {verb} now.")]


def other_commissioner(users, lrb6):
    """A commissioner of another league, who settles nothing of this one."""
    other = users.create_user("khorne", password="kick-off-8")
    league_of(other, lrb6, [])
    return other


# --- Drafting ---


def test_a_coach_drafts_the_report_and_the_match_reads_drafted(friendly, home_coach) -> None:
    report = workflow.report_save(friendly, home_coach, PLAYED, 2, 1)
    assert (report.played_on, report.home_touchdowns, report.away_touchdowns) == (PLAYED, 2, 1)
    assert (report.drafted_by, report.submitted_by, report.forfeit) == (home_coach, None, False)
    assert friendly.status == fresh(friendly).status == "draft"
    assert steps(friendly)[-1] == ("draft", "draft", "varag", "")


def test_either_coach_changes_the_draft_and_each_change_is_a_step(
    friendly, home_coach, away_coach
) -> None:
    drafted(friendly, home_coach, 2, 1)
    workflow.report_save(friendly, away_coach, PLAYED - datetime.timedelta(days=1), 1, 1)
    report = report_of(friendly)
    assert (report.home_touchdowns, report.away_touchdowns, report.drafted_by) == (
        1,
        1,
        away_coach,
    )
    assert report.played_on == PLAYED - datetime.timedelta(days=1)
    assert [step[:3] for step in steps(friendly)[-2:]] == [
        ("draft", "draft", "varag"),
        ("draft", "draft", "griff"),
    ]


def test_a_match_may_be_played_today(friendly, home_coach) -> None:
    report = workflow.report_save(friendly, home_coach, timezone.localdate(), 0, 0)
    assert (report.played_on, report.home_touchdowns) == (timezone.localdate(), 0)


def test_the_highest_lrb6_score_is_twenty_four_touchdowns(friendly, home_coach) -> None:
    """max_touchdowns_per_team: 16 turns and 8 of overtime, one touchdown each at most."""
    report = workflow.report_save(friendly, home_coach, PLAYED, 24, 0, {"server_rolls": True})
    assert report.home_touchdowns == 24


def test_only_the_two_coaches_write_the_report(
    fixture_match, commissioner, staff, outsider
) -> None:
    for stranger in (commissioner, staff, outsider, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            workflow.report_save(fixture_match, stranger, PLAYED, 2, 1)
        assert str(denied.value) == "Only the two coaches of the match write its report."


@pytest.mark.parametrize(
    ("home", "away", "expected"),
    [
        (-1, 0, [("home_touchdowns", "Gouged Eye's touchdowns are 0 to 24, not -1.")]),
        (0, -3, [("away_touchdowns", "Da Krumpers's touchdowns are 0 to 24, not -3.")]),
        (25, 0, [("home_touchdowns", "Gouged Eye's touchdowns are 0 to 24, not 25.")]),
        ("2", 0, [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")]),
        (0, "two", [("away_touchdowns", "Da Krumpers's touchdowns must be a whole number.")]),
        (None, 0, [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")]),
        (2.0, 0, [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")]),
        (True, 0, [("home_touchdowns", "Gouged Eye's touchdowns must be a whole number.")]),
    ],
)
def test_it_refuses_a_score_that_is_not_touchdowns_naming_the_field(
    friendly, home_coach, home, away, expected
) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(friendly, home_coach, PLAYED, home, away)
    assert problems(refused) == expected


def test_it_refuses_a_report_without_the_date_it_was_played(friendly, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(friendly, home_coach, None, 2, 1)
    assert problems(refused) == [("played_on", "Give the date the match was played.")]


def test_it_refuses_a_match_played_in_the_future(friendly, home_coach) -> None:
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(friendly, home_coach, tomorrow, 2, 1)
    assert problems(refused) == [("played_on", "A match cannot be played in the future.")]


def test_it_names_every_problem_of_a_report_at_once(friendly, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(friendly, home_coach, None, -1, "x")
    assert [field for field, _ in problems(refused)] == [
        "home_touchdowns",
        "away_touchdowns",
        "played_on",
    ]


def test_an_offered_or_declined_friendly_has_no_report(
    home_coach, away_coach, home_team, away_team
) -> None:
    match = friendly_offer(home_coach, home_team, away_team)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(match, away_coach, PLAYED, 2, 1)
    assert problems(refused) == refusal(match, "offered", "changed")
    from matches.services import friendly_decline

    friendly_decline(match, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(match, home_coach, PLAYED, 2, 1)
    assert problems(refused) == refusal(match, "declined", "changed")


def test_a_submitted_report_is_not_changed_until_it_is_withdrawn_or_disputed(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    for coach in (home_coach, away_coach):
        with unchanged(), pytest.raises(MatchRefused) as refused:
            workflow.report_save(friendly, coach, PLAYED, 5, 5)
        assert problems(refused) == refusal(friendly, "submitted", "changed")


def test_a_confirmed_report_is_not_changed(friendly, home_coach, away_coach) -> None:
    confirmed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(friendly, away_coach, PLAYED, 0, 3)
    assert problems(refused) == refusal(friendly, "confirmed", "changed")


# --- Submitting and withdrawing ---


def test_a_coach_submits_the_draft(friendly, home_coach) -> None:
    drafted(friendly, home_coach)
    workflow.report_submit(friendly, home_coach)
    assert fresh(friendly).status == "submitted"
    assert report_of(friendly).submitted_by == home_coach
    assert steps(friendly)[-1] == ("submit", "submitted", "varag", "")


def test_the_other_coach_may_submit_a_draft_he_did_not_write(
    friendly, home_coach, away_coach
) -> None:
    drafted(friendly, home_coach)
    workflow.report_submit(friendly, away_coach)
    report = report_of(friendly)
    assert (report.drafted_by, report.submitted_by) == (home_coach, away_coach)


def test_only_the_two_coaches_submit_the_report(
    fixture_match, home_coach, commissioner, staff, outsider
) -> None:
    drafted(fixture_match, home_coach)
    for stranger in (commissioner, staff, outsider, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            workflow.report_submit(fixture_match, stranger)
        assert str(denied.value) == "Only the two coaches of the match submit its report."


def test_there_is_nothing_to_submit_before_a_draft(friendly, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_submit(friendly, home_coach)
    assert problems(refused) == refusal(friendly, "to play", "submitted")


def test_a_report_is_submitted_once(friendly, home_coach, away_coach) -> None:
    submitted(friendly, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_submit(friendly, away_coach)
    assert problems(refused) == refusal(friendly, "submitted", "submitted")


def test_the_submitter_withdraws_his_report_to_draft_and_changes_it(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    workflow.report_withdraw(friendly, home_coach)
    assert fresh(friendly).status == "draft"
    assert steps(friendly)[-1] == ("withdraw", "draft", "varag", "")
    drafted(friendly, home_coach, 3, 1)
    workflow.report_submit(friendly, home_coach)
    workflow.report_confirm(friendly, away_coach)
    assert (report_of(friendly).home_touchdowns, fresh(friendly).status) == (3, "confirmed")


def test_only_the_submitter_withdraws_the_report(
    friendly, home_coach, away_coach, outsider, staff
) -> None:
    submitted(friendly, home_coach)
    for stranger in (away_coach, outsider, staff, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            workflow.report_withdraw(friendly, stranger)
        assert str(denied.value) == "Only the coach who submitted the report may withdraw it."


def test_a_report_is_withdrawn_only_before_the_opponent_answers(
    friendly, home_coach, away_coach
) -> None:
    confirmed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_withdraw(friendly, home_coach)
    assert problems(refused) == refusal(friendly, "confirmed", "withdrawn")


def test_a_disputed_report_is_not_withdrawn_but_corrected(friendly, home_coach, away_coach) -> None:
    disputed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_withdraw(friendly, home_coach)
    assert problems(refused) == refusal(friendly, "disputed", "withdrawn")


def test_a_withdrawn_report_is_not_withdrawn_twice(friendly, home_coach) -> None:
    submitted(friendly, home_coach)
    workflow.report_withdraw(friendly, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_withdraw(friendly, home_coach)
    assert problems(refused) == refusal(friendly, "drafted", "withdrawn")


def test_nobody_withdraws_a_report_never_submitted(friendly, home_coach) -> None:
    drafted(friendly, home_coach)
    with unchanged(), pytest.raises(PermissionDenied):
        workflow.report_withdraw(friendly, home_coach)


# --- Confirming ---


def test_the_opponent_confirms_and_a_friendly_s_result_stands(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    workflow.report_confirm(friendly, away_coach)
    match = fresh(friendly)
    assert match.status == "confirmed"
    assert match.is_decided  # a friendly applies when confirmed
    assert steps(friendly)[-1] == ("confirm", "confirmed", "griff", "")


def test_the_home_coach_confirms_what_the_away_coach_submitted(
    friendly, home_coach, away_coach
) -> None:
    confirmed(friendly, away_coach, home_coach)
    assert fresh(friendly).status == "confirmed"
    assert steps(friendly)[-1][2] == "varag"


def test_the_submitter_cannot_confirm_his_own_report(friendly, home_coach) -> None:
    submitted(friendly, home_coach)
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        workflow.report_confirm(friendly, home_coach)
    assert str(denied.value) == "Only the opposing coach may confirm this report."


def test_nobody_but_the_opposing_coach_confirms(
    fixture_match, home_coach, commissioner, staff, outsider
) -> None:
    submitted(fixture_match, home_coach)
    for stranger in (commissioner, staff, outsider, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied):
            workflow.report_confirm(fixture_match, stranger)
    assert fresh(fixture_match).status == "submitted"


def test_it_refuses_a_second_confirmation(friendly, home_coach, away_coach) -> None:
    confirmed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(friendly, away_coach)
    assert problems(refused) == [
        (
            "status",
            "The report of Gouged Eye v Da Krumpers is confirmed: it cannot be confirmed now.",
        )
    ]
    assert MatchStep.objects.filter(match=friendly, action="confirm").count() == 1


def test_two_clicks_from_pages_of_the_same_moment_confirm_once(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    first, second = Match.objects.get(pk=friendly.pk), Match.objects.get(pk=friendly.pk)
    workflow.report_confirm(first, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(second, away_coach)
    assert problems(refused) == refusal(friendly, "confirmed", "confirmed")
    assert second.status == "confirmed"  # the refusal read the status it ran into
    assert MatchStep.objects.filter(match=friendly, action="confirm").count() == 1


def test_a_draft_is_not_confirmed_before_it_is_submitted(friendly, home_coach, away_coach) -> None:
    drafted(friendly, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(friendly, away_coach)
    assert problems(refused) == refusal(friendly, "drafted", "confirmed")


def test_a_confirmed_fixture_reads_played_with_its_score(
    fixture_match, home_coach, away_coach
) -> None:
    confirmed(fixture_match, home_coach, away_coach, 3, 0)
    fixture = Fixture.objects.select_related("match__report").get(match=fixture_match)
    assert (fixture.status, fixture.home_touchdowns, fixture.away_touchdowns) == ("played", 3, 0)
    assert fixture.forfeited_by is None


def test_a_fixture_reads_scheduled_until_its_report_is_confirmed(fixture_match, home_coach) -> None:
    submitted(fixture_match, home_coach, 3, 0)
    fixture = Fixture.objects.select_related("match__report").get(match=fixture_match)
    assert (fixture.status, fixture.home_touchdowns, fixture.away_touchdowns) == (
        "scheduled",
        None,
        None,
    )


# --- Disputing and correcting ---


def test_the_opponent_disputes_with_a_reason(friendly, home_coach, away_coach) -> None:
    submitted(friendly, home_coach)
    workflow.report_dispute(friendly, away_coach, "  It was 2-2: Grishnak scored last.  ")
    assert fresh(friendly).status == "disputed"
    assert steps(friendly)[-1] == (
        "dispute",
        "disputed",
        "griff",
        "It was 2-2: Grishnak scored last.",
    )


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_dispute_needs_a_reason(friendly, home_coach, away_coach, reason) -> None:
    submitted(friendly, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_dispute(friendly, away_coach, reason)
    assert problems(refused) == [("reason", "Write why you dispute the report.")]


def test_a_dispute_s_reason_fits_its_column(friendly, home_coach, away_coach) -> None:
    submitted(friendly, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_dispute(friendly, away_coach, "x" * 501)
    assert problems(refused) == [("reason", "The reason may be at most 500 characters, not 501.")]
    workflow.report_dispute(friendly, away_coach, "x" * 500)
    assert fresh(friendly).status == "disputed"


def test_the_submitter_cannot_dispute_his_own_report(friendly, home_coach, outsider) -> None:
    submitted(friendly, home_coach)
    for someone in (home_coach, outsider):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            workflow.report_dispute(friendly, someone, "Wrong")
        assert str(denied.value) == "Only the opposing coach may dispute this report."


def test_a_confirmed_report_is_not_disputed(friendly, home_coach, away_coach) -> None:
    confirmed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_dispute(friendly, away_coach, "Changed my mind")
    assert problems(refused) == refusal(friendly, "confirmed", "disputed")


def test_a_disputed_report_is_corrected_by_its_submitter_resubmitted_and_confirmed(
    friendly, home_coach, away_coach
) -> None:
    disputed(friendly, home_coach, away_coach, "It was 2-2.")
    drafted(friendly, home_coach, 2, 2)
    assert fresh(friendly).status == "draft"
    workflow.report_submit(friendly, home_coach)
    workflow.report_confirm(friendly, away_coach)
    assert fresh(friendly).status == "confirmed"
    report = report_of(friendly)
    assert (report.home_touchdowns, report.away_touchdowns, report.submitted_by) == (
        2,
        2,
        home_coach,
    )
    assert steps(friendly) == [
        ("offer", "offered", "varag", ""),
        ("accept", "scheduled", "griff", ""),
        ("draft", "draft", "varag", ""),
        ("submit", "submitted", "varag", ""),
        ("dispute", "disputed", "griff", "It was 2-2."),
        ("draft", "draft", "varag", ""),
        ("submit", "submitted", "varag", ""),
        ("confirm", "confirmed", "griff", ""),
    ]


def test_the_disputing_coach_may_correct_the_report_himself(
    friendly, home_coach, away_coach
) -> None:
    disputed(friendly, home_coach, away_coach)
    drafted(friendly, away_coach, 2, 2)
    workflow.report_submit(friendly, away_coach)
    workflow.report_confirm(friendly, home_coach)  # now the other coach answers
    assert fresh(friendly).status == "confirmed"


# --- Approving, sending back, settling ---


def test_a_confirmed_report_waits_for_the_commissioner_who_approves_it(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach, 1, 0)
    fixture = Fixture.objects.select_related("match__report").get(match=waiting_match)
    assert not fresh(waiting_match).is_decided
    assert fixture.status == "scheduled"
    workflow.report_approve(waiting_match, commissioner)
    match = fresh(waiting_match)
    assert (match.status, match.is_decided) == ("approved", True)
    assert steps(match)[-1] == ("approve", "approved", "nuffle", "")
    fixture = Fixture.objects.select_related("match__report").get(match=waiting_match)
    assert (fixture.status, fixture.home_touchdowns, fixture.away_touchdowns) == ("played", 1, 0)


def test_staff_approve_a_report_that_waits(waiting_match, home_coach, away_coach, staff) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    workflow.report_approve(waiting_match, staff)
    assert fresh(waiting_match).status == "approved"


def test_only_those_who_settle_the_match_approve_it(
    waiting_match, home_coach, away_coach, outsider, users, lrb6
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    for stranger in (home_coach, away_coach, outsider, other_commissioner(users, lrb6)):
        with unchanged(), pytest.raises(PermissionDenied) as denied:
            workflow.report_approve(waiting_match, stranger)
        assert (
            str(denied.value)
            == "Only those who settle Gouged Eye v Da Krumpers may approve its report."
        )


def test_a_report_that_applies_when_confirmed_waits_for_no_approval(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(fixture_match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_approve(fixture_match, commissioner)
    assert problems(refused) == [
        ("status", "This match's reports apply when confirmed; none waits.")
    ]


def test_a_friendly_s_report_waits_for_no_approval(friendly, home_coach, away_coach, staff):
    confirmed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused):
        workflow.report_approve(friendly, staff)


def test_only_a_confirmed_report_is_approved_and_only_once(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    submitted(waiting_match, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_approve(waiting_match, commissioner)
    assert problems(refused) == refusal(waiting_match, "submitted", "approved")
    workflow.report_confirm(waiting_match, away_coach)
    workflow.report_approve(waiting_match, commissioner)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_approve(waiting_match, commissioner)
    assert problems(refused) == refusal(waiting_match, "approved", "approved")
    assert MatchStep.objects.filter(match=waiting_match, action="approve").count() == 1


def test_the_commissioner_sends_a_waiting_report_back_with_a_reason(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    workflow.report_send_back(waiting_match, commissioner, "Nobody scores 2 against a bye. ")
    assert fresh(waiting_match).status == "draft"
    assert steps(waiting_match)[-1] == (
        "send_back",
        "draft",
        "nuffle",
        "Nobody scores 2 against a bye.",
    )
    # The coaches correct it and it goes round again.
    confirmed(waiting_match, away_coach, home_coach, 1, 1)
    workflow.report_approve(waiting_match, commissioner)
    assert fresh(waiting_match).status == "approved"


@pytest.mark.parametrize("reason", ["", "  ", None])
def test_a_report_is_sent_back_only_with_a_reason(
    waiting_match, home_coach, away_coach, commissioner, reason
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_send_back(waiting_match, commissioner, reason)
    assert problems(refused) == [("reason", "Write why you send the report back.")]


def test_a_disputed_report_is_sent_back_to_the_coaches(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    workflow.report_send_back(fixture_match, commissioner, "Play it again.")
    assert fresh(fixture_match).status == "draft"


def test_a_report_that_applied_when_confirmed_is_not_sent_back(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(fixture_match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_send_back(fixture_match, commissioner, "Too late")
    assert problems(refused) == refusal(fixture_match, "confirmed", "sent back")


def test_an_approved_report_is_not_sent_back(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    workflow.report_approve(waiting_match, commissioner)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_send_back(waiting_match, commissioner, "Too late")
    assert problems(refused) == refusal(waiting_match, "approved", "sent back")


def test_the_coaches_do_not_send_their_report_back(waiting_match, home_coach, away_coach) -> None:
    confirmed(waiting_match, home_coach, away_coach)
    for coach in (home_coach, away_coach):
        with unchanged(), pytest.raises(PermissionDenied):
            workflow.report_send_back(waiting_match, coach, "Oops")


def test_settling_a_dispute_makes_the_report_stand_as_confirmed(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    workflow.dispute_settle(fixture_match, commissioner, "  The photo shows 2-1. ")
    match = fresh(fixture_match)
    assert (match.status, match.is_decided) == ("confirmed", True)
    assert steps(match)[-1] == ("settle", "confirmed", "nuffle", "The photo shows 2-1.")
    assert (report_of(match).home_touchdowns, report_of(match).away_touchdowns) == (2, 1)


def test_settling_a_dispute_approves_it_where_the_league_waits(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    disputed(waiting_match, home_coach, away_coach)
    workflow.dispute_settle(waiting_match, commissioner)
    assert fresh(waiting_match).status == "approved"
    assert steps(waiting_match)[-1] == ("settle", "approved", "nuffle", "")


def test_staff_settle_a_friendly_s_dispute(friendly, home_coach, away_coach, staff) -> None:
    disputed(friendly, home_coach, away_coach)
    workflow.dispute_settle(friendly, staff)
    assert fresh(friendly).status == "confirmed"


def test_a_league_commissioner_settles_no_friendly(
    friendly, home_coach, away_coach, commissioner, lrb6
) -> None:
    league_of(commissioner, lrb6, [])
    disputed(friendly, home_coach, away_coach)
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        workflow.dispute_settle(friendly, commissioner)
    assert (
        str(denied.value)
        == "Only those who settle Gouged Eye v Da Krumpers may settle its dispute."
    )


def test_only_those_who_settle_the_match_settle_its_dispute(
    fixture_match, home_coach, away_coach, outsider, users, lrb6
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    for stranger in (home_coach, away_coach, outsider, other_commissioner(users, lrb6)):
        with unchanged(), pytest.raises(PermissionDenied):
            workflow.dispute_settle(fixture_match, stranger)


def test_only_a_disputed_report_is_settled(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    submitted(fixture_match, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.dispute_settle(fixture_match, commissioner)
    assert problems(refused) == refusal(fixture_match, "submitted", "settled")


def test_a_settlement_s_note_fits_its_column(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.dispute_settle(fixture_match, commissioner, "x" * 501)
    assert problems(refused) == [("reason", "The reason may be at most 500 characters, not 501.")]


# --- One coach with both teams ---


@pytest.fixture
def one_coach_match(home_coach, home_team, commissioner, lrb6) -> Match:
    """A league fixture between two teams of the same coach."""
    reserves = orc_team(home_coach, lrb6, "Gouged Eye Reserves")
    league = league_of(commissioner, lrb6, [home_team, reserves])
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


def test_when_one_coach_has_both_teams_a_commissioner_answers_his_report(
    one_coach_match, home_coach, commissioner
) -> None:
    submitted(one_coach_match, home_coach)
    with unchanged(), pytest.raises(PermissionDenied):
        workflow.report_confirm(one_coach_match, home_coach)
    workflow.report_confirm(one_coach_match, commissioner)
    assert fresh(one_coach_match).status == "confirmed"
    assert steps(one_coach_match)[-1][:3] == ("confirm", "confirmed", "nuffle")


def test_when_one_coach_has_both_teams_a_commissioner_may_dispute_his_report(
    one_coach_match, home_coach, commissioner
) -> None:
    submitted(one_coach_match, home_coach)
    workflow.report_dispute(one_coach_match, commissioner, "The photo shows 1-1.")
    assert fresh(one_coach_match).status == "disputed"


# --- Notices and mail ---


def notices_to(user) -> list[str]:
    return [n.title for n in Notice.objects.filter(user=user).order_by("pk")]


def mailed_until_now() -> None:
    """The notices of the set-up steps (the friendly offered and accepted), mailed and put
    aside: the test's own transaction never commits, so they wait until a commit asks."""
    notices_mail()
    mail.outbox.clear()


def test_a_submitted_report_mails_the_opposing_coach(
    friendly, home_coach, away_coach, django_capture_on_commit_callbacks
) -> None:
    drafted(friendly, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_submit(friendly, home_coach)
    [sent] = mail.outbox
    assert sent.to == ["griff@example.com"]
    assert sent.subject == "Dugout: Confirm the report of Gouged Eye v Da Krumpers"
    assert "varag submitted the report of Gouged Eye v Da Krumpers." in sent.body
    assert f"{settings.SITE_URL}/matches/{friendly.pk}/" in sent.body
    assert notices_to(away_coach)[-1] == "Confirm the report of Gouged Eye v Da Krumpers"
    assert "Confirm the report" not in " ".join(notices_to(home_coach))  # not his own step


def test_a_report_submitted_by_the_away_coach_mails_the_home_coach(
    friendly, away_coach, django_capture_on_commit_callbacks
) -> None:
    drafted(friendly, away_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_submit(friendly, away_coach)
    assert [sent.to for sent in mail.outbox] == [["varag@example.com"]]


def test_a_dispute_mails_the_submitter_with_the_reason(
    friendly, home_coach, away_coach, django_capture_on_commit_callbacks
) -> None:
    submitted(friendly, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_dispute(friendly, away_coach, "It was 2-2: Grishnak scored last.")
    [sent] = mail.outbox
    assert sent.to == ["varag@example.com"]
    assert sent.subject == "Dugout: Your report of Gouged Eye v Da Krumpers is disputed"
    assert "griff disputed your report of Gouged Eye v Da Krumpers:" in sent.body
    assert "It was 2-2: Grishnak scored last." in sent.body
    assert f"{settings.SITE_URL}/matches/{friendly.pk}/" in sent.body


def test_the_mail_goes_only_once_the_step_is_committed(
    friendly, home_coach, django_capture_on_commit_callbacks
) -> None:
    drafted(friendly, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks() as callbacks:
        workflow.report_submit(friendly, home_coach)
    assert mail.outbox == []
    assert len(callbacks) == 1
    callbacks[0]()
    assert len(mail.outbox) == 1


def test_a_refused_step_tells_nobody(
    friendly, home_coach, away_coach, django_capture_on_commit_callbacks
) -> None:
    submitted(friendly, home_coach)
    before = Notice.objects.count()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(MatchRefused):
            workflow.report_submit(friendly, home_coach)
        with pytest.raises(MatchRefused):
            workflow.report_dispute(friendly, away_coach, "")
    assert callbacks == []
    assert mail.outbox == []
    assert Notice.objects.count() == before


def test_drafting_tells_nobody_and_settling_tells_both_coaches(
    fixture_match, home_coach, away_coach, commissioner, django_capture_on_commit_callbacks
) -> None:
    before = Notice.objects.count()  # the season's start told its coaches
    with django_capture_on_commit_callbacks(execute=True):
        drafted(fixture_match, home_coach)
    assert Notice.objects.count() == before
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_submit(fixture_match, home_coach)
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_dispute(fixture_match, away_coach, "No")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.dispute_settle(fixture_match, commissioner)
    settled = "The dispute over Gouged Eye v Da Krumpers is settled"
    assert sorted(sent.to[0] for sent in mail.outbox) == ["griff@example.com", "varag@example.com"]
    assert notices_to(home_coach)[-1] == settled
    assert notices_to(away_coach)[-1] == settled
    assert settled not in notices_to(commissioner)  # his own step


def test_a_coach_without_an_address_is_told_on_his_desk_and_not_mailed(
    home_coach, home_team, outsider, lrb6, django_capture_on_commit_callbacks
) -> None:
    theirs = orc_team(outsider, lrb6, "No Post Orcs")
    match = friendly_accept(friendly_offer(home_coach, home_team, theirs), outsider)
    drafted(match, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_submit(match, home_coach)
    assert mail.outbox == []
    assert notices_to(outsider)[-1] == "Confirm the report of Gouged Eye v No Post Orcs"


def test_a_coach_whose_address_is_not_confirmed_is_not_mailed(
    friendly, home_coach, away_coach, django_capture_on_commit_callbacks
) -> None:
    """He gave an address and never opened the link: it may not be his, so nothing goes."""
    away_coach.email_verified = False
    away_coach.save(update_fields=["email_verified"])
    drafted(friendly, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_submit(friendly, home_coach)
    assert mail.outbox == []
    assert fresh(friendly).status == "submitted"
    assert Notice.objects.get(user=away_coach, kind="report_submitted").mail is False


def test_a_report_of_one_coach_s_two_teams_mails_nobody(
    one_coach_match, home_coach, django_capture_on_commit_callbacks
) -> None:
    """No opposing coach to mail: the commissioner finds it on his waiting page."""
    drafted(one_coach_match, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_submit(one_coach_match, home_coach)
    assert mail.outbox == []


def test_a_commissioner_s_dispute_for_a_coach_of_both_teams_mails_the_coach(
    one_coach_match, home_coach, commissioner, django_capture_on_commit_callbacks
) -> None:
    submitted(one_coach_match, home_coach)
    mailed_until_now()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.report_dispute(one_coach_match, commissioner, "The photo shows 1-1.")
    [sent] = mail.outbox
    assert sent.to == ["varag@example.com"]
    assert "nuffle disputed your report" in sent.body


def test_a_mail_server_that_is_down_never_undoes_the_step_and_the_mail_waits(
    friendly, home_coach, monkeypatch, caplog, django_capture_on_commit_callbacks
) -> None:
    def down(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    drafted(friendly, home_coach)
    mailed_until_now()
    monkeypatch.setattr("league.notices.tasks.send_mail", down)
    with (
        caplog.at_level(logging.WARNING, logger="league.notices.tasks"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        workflow.report_submit(friendly, home_coach)
    assert fresh(friendly).status == "submitted"
    assert "it waits for the next try" in caplog.text
    waiting = Notice.objects.get(kind="report_submitted")
    assert waiting.mailed_at is None
    monkeypatch.undo()
    assert notices_mail() == 1  # the mail server is back: mailed, once
    assert notices_mail() == 0
    assert mail.outbox[-1].subject == "Dugout: Confirm the report of Gouged Eye v Da Krumpers"


# --- may_see_report ---


def test_a_draft_is_seen_by_the_coaches_and_those_who_settle_the_match(
    fixture_match, home_coach, away_coach, commissioner, staff, outsider
) -> None:
    drafted(fixture_match, home_coach)
    match = fresh(fixture_match)
    for someone in (home_coach, away_coach, commissioner, staff):
        assert may_see_report(someone, match), someone
    for someone in (outsider, AnonymousUser()):
        assert not may_see_report(someone, match)


def test_a_submitted_report_is_seen_by_whoever_sees_the_match(
    fixture_match, home_coach, outsider
) -> None:
    submitted(fixture_match, home_coach)
    assert may_see_report(outsider, fresh(fixture_match))
    assert may_see_report(AnonymousUser(), fresh(fixture_match))


def test_a_disputed_report_is_hidden_again_from_outsiders(
    fixture_match, home_coach, away_coach, outsider
) -> None:
    disputed(fixture_match, home_coach, away_coach)
    assert not may_see_report(outsider, fresh(fixture_match))
