"""Applying a reverted report again (matches/amend/reapply.py), when the revert was the mistake:
the report goes back into its teams' ledgers where it was first applied, worked out again
with its own dice, and every later entry is applied again after it. Reverting and then
applying again equals never having reverted; a later entry that no longer stands stops it,
listed for review, and nothing changes.

The worked example is tests/matches/post_game/test_post_game.py's: Gouged Eye (Orcs, fan factor 3,
70,000 gp) beat Da Krumpers 2-1 in a friendly, every die typed in at the table; Gouged Eye
won 60,000 gp and a fan (3D6 14 against 3), #6 earned 11 SPP (an improvement roll)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from matches.amend.reapply import report_reapply, reverted_entries, status_before_revert
from matches.amend.revert import report_revert
from matches.models import CONFIRMED, REVERTED, Match, PostGame
from matches.services import MatchRefused
from rules.engine.purchases import Purchase
from teams.between_matches import player_leave, team_purchase
from teams.models import LedgerEntry, Player, Team
from teams.rebuild import RebuildReview
from teams.undo import entry_undo
from tests.matches.amend.test_revert import REASON, SECOND_DICE, clean, played, state
from tests.matches.helpers import problems, steps
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

AGAIN = "It was the right game after all: the Tuesday one was a friendly."


def snag_never_joined(home_team: Team, away_team: Team, staff) -> Match:
    """Gouged Eye buy Snag (#12), who plays the worked example; the report is reverted and
    his purchase undone: by the report's place, he was never hired."""
    team_purchase(Team.objects.get(pk=home_team.pk), home_team.coach,
                  Purchase("player", "Lineman", 1), names=["Snag"], numbers=[12])  # fmt: skip
    bought = Team.objects.get(pk=home_team.pk).ledger.order_by("-sequence").first()
    match = played(home_team, away_team)  # Snag took part
    report_revert(match, staff, REASON)
    entry_undo(bought, staff, "Bought by mistake: he never joined.")
    return match


def post_game_steps(match: Match) -> dict:
    return PostGame.objects.get(match=match).steps


# --- The report back in its place -------------------------------------------------------------


def test_applying_a_reverted_report_again_leaves_both_teams_as_before_the_revert(
    applied_report, home_team, away_team, staff
) -> None:
    before = {team.pk: state(team) for team in (home_team, away_team)}
    steps_before = post_game_steps(applied_report)
    report_revert(applied_report, staff, REASON)
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    assert {team.pk: state(team) for team in (home_team, away_team)} == before
    assert state(home_team).treasury == 130_000  # the 60,000 gp won are back
    assert post_game_steps(applied_report) == steps_before
    clean(home_team, away_team)


def test_the_match_is_applied_again_and_says_by_whom_and_why(applied_report, staff) -> None:
    report_revert(applied_report, staff, REASON)
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    match = Match.objects.get(pk=applied_report.pk)
    assert match.status == CONFIRMED
    assert steps(match)[-2:] == [
        ("revert", REVERTED, "admin", REASON),
        ("reapply", CONFIRMED, "admin", AGAIN),
    ]
    assert PostGame.objects.get(match=match).applied_by.username == "admin"


def test_the_ledgers_show_the_report_applied_again_under_its_own_cause(
    applied_report, home_team, staff
) -> None:
    first = LedgerEntry.objects.get(team=home_team, kind="report")
    report_revert(applied_report, staff, REASON)
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    latest = Team.objects.get(pk=home_team.pk).ledger.order_by("-sequence").first()
    assert (latest.kind, latest.cause_id, latest.deltas) == ("report", first.cause_id, first.deltas)
    assert latest.summary == f"{first.summary} (#{first.sequence} applied again)"
    assert not LedgerEntry.objects.filter(reverses=latest).exists()


def test_a_later_report_is_worked_out_again_after_the_report_comes_back(
    applied_report, home_team, away_team, staff
) -> None:
    played(home_team, away_team, SECOND_DICE)  # 3D6 4: no fan won against fan factor 4
    before = {team.pk: state(team) for team in (home_team, away_team)}
    report_revert(applied_report, staff, REASON)
    assert state(home_team).fan_factor == 4  # the second game's 4 beat 3: its fan instead
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    assert {team.pk: state(team) for team in (home_team, away_team)} == before
    assert state(home_team).fan_factor == 4  # the first game's fan again, none in the second
    clean(home_team, away_team)


def test_a_report_reverted_and_applied_twice_still_ends_as_it_began(
    applied_report, home_team, away_team, staff
) -> None:
    played(home_team, away_team, SECOND_DICE)
    before = {team.pk: state(team) for team in (home_team, away_team)}
    for _ in range(2):
        report_revert(Match.objects.get(pk=applied_report.pk), staff, REASON)
        report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    assert {team.pk: state(team) for team in (home_team, away_team)} == before
    assert len(reverted_entries(applied_report)) == 2  # each team's latest
    clean(home_team, away_team)


# --- A later entry that no longer stands ---------------------------------------------------------


def test_a_purchase_made_with_the_money_of_the_revert_is_listed_and_nothing_changes(
    applied_report, home_team, home_coach, staff
) -> None:
    report_revert(applied_report, staff, REASON)
    # 70,000 gp without the win: an Orc Lineman (50,000) bought; then the win comes back
    # before it, and the purchase still stands (130,000 then).
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("player", "Lineman", 1), names=["Snag"])  # fmt: skip
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    assert state(home_team).treasury == 80_000  # 70,000 + 60,000 - 50,000
    clean(home_team)


def test_a_player_who_would_not_have_been_hired_by_then_stops_it(
    home_team, away_team, home_coach, staff
) -> None:
    match = snag_never_joined(home_team, away_team, staff)
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_reapply(Match.objects.get(pk=match.pk), staff, AGAIN)
    [message] = [problem.message for problem in refused.value.problems]
    assert f"#12 Snag of Gouged Eye took part in {match}, but by then he had not been hired." in (
        message
    )
    assert Match.objects.get(pk=match.pk).status == REVERTED


def test_a_player_fired_since_the_revert_keeps_the_game_he_played_before_it(
    applied_report, home_team, home_coach, staff
) -> None:
    report_revert(applied_report, staff, REASON)
    scorer = Player.objects.get(team=home_team, number=6)
    player_leave(Team.objects.get(pk=home_team.pk), home_coach, scorer, "fired")
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    # The game comes back before the sacking: his 11 SPP, then he leaves.
    scorer = Player.objects.get(pk=scorer.pk)
    assert (scorer.spp, scorer.status) == (11, "fired")
    clean(home_team)


# --- Who may, and when ---------------------------------------------------------------------------


def test_a_coach_may_not_apply_it_again(applied_report, home_coach, staff) -> None:
    report_revert(applied_report, staff, REASON)
    with unchanged(), pytest.raises(PermissionDenied):
        report_reapply(Match.objects.get(pk=applied_report.pk), home_coach, AGAIN)


def test_applying_again_needs_a_reason(applied_report, staff) -> None:
    report_revert(applied_report, staff, REASON)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_reapply(Match.objects.get(pk=applied_report.pk), staff, "")
    assert problems(refused) == [("reason", "Write why you apply the report again.")]


def test_a_report_that_stands_is_not_applied_again(applied_report, staff) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_reapply(applied_report, staff, AGAIN)
    assert problems(refused) == [
        ("status", f"The report of {applied_report} is confirmed, not reverted: it stands "
                   "already."),
    ]  # fmt: skip


def test_the_status_before_the_revert_is_the_one_restored(applied_report, staff) -> None:
    assert status_before_revert(applied_report) == CONFIRMED  # never reverted: the default
    report_revert(applied_report, staff, REASON)
    assert status_before_revert(Match.objects.get(pk=applied_report.pk)) == CONFIRMED
