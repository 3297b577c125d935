"""Reverting an applied report (matches/amend/revert.py): site staff (for a friendly) or a
commissioner takes back a report that should never have been applied, with a reason. Both
teams end as if it had never been played, every later report of theirs worked out again from
the teams as they now stood; a later entry that no longer stands stops it, listed for review,
and nothing changes.

The worked example is tests/matches/post_game/test_post_game.py's: Gouged Eye (Orcs, fan factor 3,
70,000 gp) beat Da Krumpers 2-1 in a friendly, every die typed in at the table; Gouged Eye
won 60,000 gp and a fan (3D6 14 against 3), #6 earned 11 SPP (an improvement roll)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from matches import workflow
from matches.amend.revert import report_revert
from matches.models import REVERTED, Match, PostGame
from matches.post_game.hires import journeyman_hire
from matches.services import MatchRefused, friendly_accept, friendly_offer
from rules.engine.purchases import Purchase
from teams.advancement import improvement_roll
from teams.between_matches import team_purchase
from teams.ledger_rows import ledger_differences, state_of
from teams.models import LedgerEntry, Player, Team
from teams.rebuild import RebuildReview
from teams.undo import entry_undo
from tests.matches.helpers import problems, steps
from tests.matches.post_game.test_journeyman_hire import applied, journeyman, step
from tests.matches.post_game.test_post_game import (
    LINES,
    TABLE_DICE,
    at_the_table,
    gate_recorded,
    reported,
)
from tests.matches.post_game.test_post_game_casualties import DEAD, casualty
from tests.matches.post_game.test_post_game_casualties import applied as applied_with
from tests.matches.report.test_raised import necromantic_team
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

REASON = "Entered twice: this game was the one played on Tuesday."
# A second friendly: Gouged Eye win 2-1 again, but the winner's fan factor 3D6 are 1+1+2 = 4.
SECOND_DICE = {**TABLE_DICE, "fan factor for home": [1, 1, 2]}


def played(home: Team, away: Team, dice: dict[str, list[int]] = TABLE_DICE) -> Match:
    """A friendly between the two, played as the worked example with `dice`, applied."""
    match = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    gate_recorded(match)
    reported(match, home.coach)
    at_the_table(match, dice)
    workflow.report_confirm(match, away.coach)
    return Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)


def seriously_injured(home: Team, away: Team, number: int) -> Match:
    """The worked example, in which the home side's #5 seriously injures the away side's
    `number` (D68 41): out of the next game."""
    hurt = {"victim": {"side": "away", "number": number},
            "causer": {"side": "home", "number": 5}, "action": "block", "means": "ordinary",
            "dice": {"casualty": [4, 1]}}  # fmt: skip
    match = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    gate_recorded(match)
    reported(match, home.coach, casualties=[hurt])
    at_the_table(match, TABLE_DICE)
    workflow.report_confirm(match, away.coach)
    return match


def state(team: Team):
    return state_of(Team.objects.get(pk=team.pk))


def clean(*teams: Team) -> None:
    for team in teams:
        assert ledger_differences(Team.objects.get(pk=team.pk)) == []


# --- The report taken back ------------------------------------------------------------------


def test_reverting_the_only_report_leaves_both_teams_as_they_were(
    home_team, away_team, staff
) -> None:
    before = {team.pk: state(team) for team in (home_team, away_team)}
    match = played(home_team, away_team)
    assert state(home_team).treasury == 130_000  # 70,000 + 60,000
    report_revert(match, staff, REASON)
    assert {team.pk: state(team) for team in (home_team, away_team)} == before
    clean(home_team, away_team)


def test_the_match_says_it_was_reverted_by_whom_and_why(applied_report, staff) -> None:
    report_revert(applied_report, staff, REASON)
    match = Match.objects.get(pk=applied_report.pk)
    assert match.status == REVERTED
    assert match.get_status_display() == "report reverted"
    assert steps(match)[-1] == ("revert", REVERTED, "admin", REASON)
    assert not PostGame.objects.filter(match=match).exists()


def test_the_ledgers_show_the_report_reversed_with_the_reason(
    applied_report, home_team, staff
) -> None:
    report_revert(applied_report, staff, REASON)
    latest = Team.objects.get(pk=home_team.pk).ledger.order_by("-sequence").first()
    assert latest.kind == "reversal"
    assert latest.cause.kind == "revert"
    assert latest.cause.request == {"match": applied_report.pk, "reason": REASON}
    assert latest.summary.startswith("Reverses #2 (Post-game of Gouged Eye v Da Krumpers")
    assert latest.summary.endswith(f"Gouged Eye v Da Krumpers reverted: {REASON}")


# --- Every later report worked out again -----------------------------------------------------


def test_a_later_report_is_worked_out_again_as_if_the_first_was_never_played(
    applied_report, home_team, away_team, home_coach, away_coach, staff
) -> None:
    played(home_team, away_team, SECOND_DICE)
    # Another pair of the same teams plays only the second game: what reverting must give.
    never = orc_team(home_coach, home_team.ruleset_version, "Gouged Eye Again")
    rival = orc_team(away_coach, home_team.ruleset_version, "Da Krumpers Again")
    played(never, rival, SECOND_DICE)
    report_revert(applied_report, staff, REASON)
    assert state(home_team) == state(never)
    assert state(away_team) == state(rival)
    # The second game's 3D6 4 beat the fan factor of 3 the team now had before it (it had
    # not beaten 4): a fan won where none was.
    assert state(home_team).fan_factor == 4
    clean(home_team, away_team)


# --- A later entry that no longer stands -------------------------------------------------------


def test_a_purchase_the_treasury_can_no_longer_pay_is_listed_and_nothing_changes(
    applied_report, home_team, home_coach, staff
) -> None:
    # 130,000 after the win: a Black Orc Blocker (80,000) was bought with the winnings.
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("player", "Black Orc Blocker", 1), names=["Gutrot"])  # fmt: skip
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(applied_report, staff, REASON)
    assert [problem.message for problem in refused.value.problems] == [
        "Entry #3 of Gouged Eye (Bought 1 × Black Orc Blocker for 80,000 gp) would no longer "
        "fit: This costs 80,000 gp; the treasury has 70,000 gp (10,000 short)."
    ]
    assert Match.objects.get(pk=applied_report.pk).status == "confirmed"


def test_an_improvement_rolled_for_a_level_no_longer_reached_is_listed(
    applied_report, home_team, home_coach, staff
) -> None:
    scorer = Player.objects.get(team=home_team, number=6)  # 11 SPP: Experienced, a roll due
    improvement_roll(Team.objects.get(pk=home_team.pk), home_coach, scorer, (3, 4))
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(applied_report, staff, REASON)
    # Without the 11 SPP of the reverted game, #6 has none: no roll was due.
    assert [problem.message for problem in refused.value.problems] == [
        "Entry #3 of Gouged Eye (#6 Blitzer 6: improvement roll 1 (3+4, rolled at the table)) "
        "would no longer fit: Blitzer 6 has no improvement roll due (0 SPP)."
    ]


# --- Who may, and when ---------------------------------------------------------------------------


def test_a_coach_may_not_revert_his_own_match(applied_report, home_coach) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        report_revert(applied_report, home_coach, REASON)


def test_a_revert_needs_a_reason(applied_report, staff) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_revert(applied_report, staff, "  ")
    assert problems(refused) == [("reason", "Write why you revert the report.")]


def test_a_report_not_applied_has_nothing_to_revert(friendly, home_coach, staff) -> None:
    reported(friendly, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_revert(friendly, staff, REASON)
    assert problems(refused) == [
        ("status", f"The report of {friendly} is submitted, not applied: there is nothing "
                   "to revert."),
    ]  # fmt: skip


def test_a_report_is_reverted_once(applied_report, staff) -> None:
    report_revert(applied_report, staff, REASON)
    with pytest.raises(MatchRefused) as refused:
        report_revert(Match.objects.get(pk=applied_report.pk), staff, REASON)
    assert problems(refused)[0][1].startswith(
        f"The report of {applied_report} is reverted, not applied"
    )


# --- A journeyman hired for his game ---------------------------------------------------------


def test_a_match_whose_journeyman_was_hired_is_reverted_only_once_the_hire_is_undone(
    home_team, away_team, home_coach, staff
) -> None:
    match = friendly_of(home_team, away_team)
    journeyman(match, home_team, 12, "Gob Ironjaw")
    match = applied(match, [step("spp"), step("hires", (), {"journeymen": {"home": [12]}})])
    team = journeyman_hire(match, home_coach, "home", 12)
    hire = LedgerEntry.objects.get(team=team, kind="hire")
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(match, staff, REASON)
    assert [problem.message for problem in refused.value.problems] == [
        f"Entry #{hire.sequence} of Gouged Eye ({hire.summary}) would no longer fit: it hires a "
        "journeyman for his game in this match: undo it first."
    ]
    entry_undo(hire, staff, "He never played for us.")
    assert report_revert(match, staff, REASON).status == REVERTED


# --- A player who could not have played a later game --------------------------------------------


def test_a_player_who_would_still_have_been_out_injured_for_a_later_game_is_listed(
    home_team, away_team, staff
) -> None:
    # Game 0 seriously injures Da Krumpers' #3 (D68 41): he sits game 1 out, which clears
    # it, and plays game 2. Without game 1 he would still have been out for game 2.
    seriously_injured(home_team, away_team, 3)
    sat_out = played(home_team, away_team)
    assert Player.objects.get(team=away_team, number=3).status == "active"
    third = played(home_team, away_team)
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(sat_out, staff, REASON)
    [message] = [problem.message for problem in refused.value.problems]
    assert message.endswith(
        f"#3 Lineman 3 of Da Krumpers took part in {third}, but by then he was to miss this match."
    )


def test_a_zombie_raised_in_the_reverted_game_who_played_since_is_listed(
    home_coach, away_team, staff
) -> None:
    # The Restless Dead kill Da Krumpers' #3 and raise him: Zombie #12, who plays the next
    # game. Without the first game he was never raised.
    dead = necromantic_team(home_coach)
    raising = friendly_of(dead, away_team)
    applied_with(raising, [casualty(3, DEAD, causer=1)], home={**LINES["home"], "raised": [3]})
    later = played(Team.objects.get(pk=dead.pk), away_team)
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(Match.objects.get(pk=raising.pk), staff, REASON)
    [message] = [problem.message for problem in refused.value.problems]
    assert message.endswith(
        f"#12 Lineman 3 of Restless Dead took part in {later}, but by then he had not been hired."
    )
