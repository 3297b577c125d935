"""Correcting an applied report (matches/amend/correct.py): a commissioner (site staff for a
friendly) gives the report as it should have been, with a reason, and every team ends where
it would have been had the report been right from the start.

The worked example is tests/matches/post_game/test_post_game.py's: Gouged Eye (Orcs, fan factor 3,
70,000 gp) beat Da Krumpers 2-1 in a friendly, every die typed in at the table. Here Gouged
Eye's #6 also hurt Da Krumpers' #3 in a block, and the D68 was typed as 41 (Broken Ribs: he
misses the next game) where the table showed 61 (dead)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from matches import workflow
from matches.amend.correct import DiceNeeded, report_correct
from matches.models import Correction, DiceRoll, Match, MatchStep, PostGame
from matches.services import MatchRefused, friendly_accept, friendly_offer
from rules.engine.purchases import Purchase
from teams.advancement import improvement_roll
from teams.between_matches import team_purchase
from teams.ledger_rows import ledger_differences, state_of
from teams.models import LedgerCause, LedgerEntry, Player, Team
from teams.rebuild import RebuildReview
from tests.matches.amend.test_revert_kick_off import kicked_off
from tests.matches.post_game.test_post_game import (
    LINES,
    PLAYED,
    TABLE_DICE,
    at_the_table,
    gate_recorded,
)
from tests.matches.post_game.test_post_game_casualties import BROKEN_RIBS, DEAD, casualty
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

REASON = "The D68 was 61, not 41: #3 died."


def body(*casualties: dict, score: tuple[int, int] = (2, 1), lines=LINES, **rest) -> dict:
    """The worked example's report as the API takes it, with `casualties`."""
    return {"played_on": PLAYED, "home_touchdowns": score[0], "away_touchdowns": score[1],
            **lines, "casualties": list(casualties), **rest}  # fmt: skip


def played(home: Team, away: Team, report: dict, dice=TABLE_DICE) -> Match:
    """A friendly between the two, reported as `report`, every die typed in, applied."""
    match = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    gate_recorded(match)
    content = {k: v for k, v in report.items() if k not in ("played_on", "home_touchdowns",
                                                             "away_touchdowns")}  # fmt: skip
    workflow.report_save(match, home.coach, report["played_on"], report["home_touchdowns"],
                         report["away_touchdowns"], content)  # fmt: skip
    workflow.report_submit(match, home.coach)
    at_the_table(match, dice)
    workflow.report_confirm(match, away.coach)
    return Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)


def problems(refused: MatchRefused) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for problem in refused.problems:
        found.setdefault(problem.field, []).append(problem.message)
    return found


def state(team: Team):
    return state_of(Team.objects.get(pk=team.pk))


def right_from_the_start(users, version, report: dict, dice=TABLE_DICE) -> tuple[Team, Team]:
    """Two fresh Orc teams that played the report as it should have been."""
    home = orc_team(users.create_user("right-home"), version, "Right Eye")
    away = orc_team(users.create_user("right-away"), version, "Right Krumpers")
    played(home, away, report, dice)
    return home, away


def as_if_right(users, home: Team, away: Team, report: dict, dice=TABLE_DICE) -> None:
    right_home, right_away = right_from_the_start(users, home.ruleset_version, report, dice)
    assert state(home) == state(right_home)
    assert state(away) == state(right_away)
    for team in (home, away):
        assert ledger_differences(Team.objects.get(pk=team.pk)) == []


@pytest.fixture
def mistyped(home_team, away_team) -> Match:
    """The worked example with #3's D68 typed as 41 (Broken Ribs) where the table showed 61."""
    return played(home_team, away_team, body(casualty(3, BROKEN_RIBS)))


# --- The report as it should have been ---------------------------------------------------------


def test_a_wrong_casualty_roll_corrected_ends_as_if_it_had_been_right(
    home_team, away_team, staff, users
) -> None:
    match = played(home_team, away_team, body(casualty(3, BROKEN_RIBS)))
    assert Team.objects.get(pk=away_team.pk).players.get(number=3).status == "missing_next_game"
    done = report_correct(match, staff, REASON, body(casualty(3, DEAD)))
    assert done.committed
    as_if_right(users, home_team, away_team, body(casualty(3, DEAD)))
    assert Team.objects.get(pk=away_team.pk).players.get(number=3).status == "dead"
    assert Correction.objects.get(match=match).changes == [
        ["casualty 1", "Da Krumpers #3 by Gouged Eye #6, block, casualty 4 1",
         "Da Krumpers #3 by Gouged Eye #6, block, casualty 6 1"]
    ]  # fmt: skip
    assert PostGame.objects.filter(match=match).exists()
    assert LedgerEntry.objects.filter(kind="reversal", cause__kind="correct").exists()


def test_a_forgotten_touchdown_gives_the_score_and_its_scorer_his_spp(
    mistyped, home_team, away_team, staff, users
) -> None:
    lines = {**LINES, "home": {**LINES["home"], "players": [
        {"number": 6, "actions": {"touchdown": 2}},
        {"number": 7, "actions": {"completion": 1, "touchdown": 1}}]}}  # fmt: skip
    right = body(casualty(3, BROKEN_RIBS), score=(3, 1), lines=lines)
    report_correct(mistyped, staff, "Grishnak's touchdown was forgotten.", right)
    as_if_right(users, home_team, away_team, right)
    seven = Team.objects.get(pk=home_team.pk).players.get(number=7)
    assert (seven.spp, seven.touchdowns) == (4, 1)  # a completion 1 + a touchdown 3


def test_the_corrected_report_is_what_the_match_now_shows(mistyped, staff) -> None:
    report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)))
    stored = DiceRoll.objects.get(match=mistyped, purpose="casualty for away #3")
    assert (stored.values, stored.source) == ([6, 1], "entered")
    assert PostGame.objects.get(match=mistyped).steps["steps"]  # its steps kept again


def test_the_ledgers_reverse_the_old_entries_and_write_the_report_s_again(
    mistyped, away_team, staff
) -> None:
    before = LedgerEntry.objects.filter(team=away_team).count()
    report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)))
    latest = list(LedgerEntry.objects.filter(team=away_team).order_by("sequence")[before:])
    assert [entry.kind for entry in latest] == ["reversal", "report"]
    reversal, again = latest
    assert reversal.cause.kind == "correct"
    assert reversal.summary.endswith(f"Gouged Eye v Da Krumpers corrected: {REASON}")
    assert again.cause.kind == "report"
    assert again.cause.ref == mistyped.pk
    assert again.summary.endswith("applied again)")


def test_the_match_keeps_who_corrected_it_when_why_and_the_old_values(mistyped, staff) -> None:
    report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)))
    correction = Correction.objects.get(match=mistyped)
    assert (correction.actor, correction.reason) == (staff, REASON)
    what, was, now = correction.changes[0]
    assert (what, was.endswith("casualty 4 1"), now.endswith("casualty 6 1")) == (
        "casualty 1",
        True,
        True,
    )
    assert MatchStep.objects.filter(match=mistyped).last().action == "correct"


# --- Nothing changed ---------------------------------------------------------------------------


def test_a_correction_that_changes_nothing_writes_nothing(mistyped, staff) -> None:
    with unchanged():
        done = report_correct(mistyped, staff, REASON, body(casualty(3, BROKEN_RIBS)))
    assert (done.committed, done.report, done.teams, done.table) == (False, (), (), ())


def test_a_preview_answers_what_would_change_and_writes_nothing(mistyped, staff) -> None:
    with unchanged():
        done = report_correct(mistyped, staff, "", body(casualty(3, DEAD)), commit=False)
    assert not done.committed
    assert [what for what, _, _ in done.report] == ["casualty 1"]
    (krumpers,) = done.teams
    assert krumpers.team == "Da Krumpers"
    assert ("#3 Lineman 3 status", "missing next game", "dead") in krumpers.changes


# --- Dice nobody rolled -------------------------------------------------------------------------

# Da Krumpers won 2-1 after all: the winner rolls 3D6 for fan factor, the loser 2D6.
TURNED = {**LINES, "home": {"players": [{"number": 6, "actions": {"touchdown": 1}},
                                         {"number": 7, "actions": {"completion": 1}}],
                             "mvps": [6]},
          "away": {"players": [{"number": 9, "actions": {"touchdown": 2}}],
                   "mvps": [4]}}  # fmt: skip
GIVEN = [
    {"purpose": "fan factor for home", "notation": "2D6", "values": [2, 2]},
    {"purpose": "fan factor for away", "notation": "3D6", "values": [3, 5, 6]},
]
TURNED_DICE = {**TABLE_DICE, "fan factor for home": [2, 2], "fan factor for away": [3, 5, 6]}


def table_only(match: Match) -> Match:
    """The match's dice are the table's only (a league's setting): the server rolls none."""
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    return Match.objects.get(pk=match.pk)


def test_a_new_winner_s_fan_factor_dice_are_asked_for_and_nothing_changes(mistyped, staff) -> None:
    match = table_only(mistyped)
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    with unchanged(), pytest.raises(DiceNeeded) as asked:
        report_correct(match, staff, REASON, turned)
    assert asked.value.needs == [("fan factor for home", "2D6"), ("fan factor for away", "3D6")]
    assert problems(asked.value)["dice"][0] == (
        "The corrected report needs the 2D6 for 'fan factor for home': give it with the correction."
    )


def test_where_the_server_may_roll_it_rolls_them_from_the_match_s_seed(
    mistyped, away_team, staff
) -> None:
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    report_correct(mistyped, staff, REASON, turned)
    fans = DiceRoll.objects.get(match=mistyped, purpose="fan factor for away")
    assert (fans.notation, fans.source, len(fans.values)) == ("3D6", "rolled", 3)
    winnings = DiceRoll.objects.get(match=mistyped, purpose="winnings for away")
    assert (winnings.values, winnings.source) == ([3], "entered")  # a step it did not touch
    assert ledger_differences(Team.objects.get(pk=away_team.pk)) == []


def test_given_with_the_correction_the_new_dice_make_it_as_if_right(
    mistyped, home_team, away_team, staff, users
) -> None:
    table_only(mistyped)
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    given = GIVEN
    report_correct(mistyped, staff, REASON, turned, given)
    as_if_right(users, home_team, away_team, turned, TURNED_DICE)


def test_a_die_the_server_rolled_is_never_typed_again(home_team, away_team, staff) -> None:
    match = friendly_accept(friendly_offer(home_team.coach, home_team, away_team), away_team.coach)
    gate_recorded(match)
    content = {**LINES, "casualties": [casualty(3, BROKEN_RIBS)], "server_rolls": False}
    workflow.report_save(match, home_team.coach, PLAYED, 2, 1, content)
    workflow.report_submit(match, home_team.coach)
    at_the_table(match, {k: v for k, v in TABLE_DICE.items() if k != "winnings for home"})
    DiceRoll.objects.create(match=match, purpose="winnings for home", notation="D6", values=[4],
                            total=4, source="rolled", seed="s", made_by=staff)  # fmt: skip
    workflow.report_confirm(match, away_team.coach)
    again = [{"purpose": "winnings for home", "values": [6]}]
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(match, staff, REASON, body(casualty(3, DEAD)), again)
    assert problems(refused.value) == {
        "dice.1": ["The server rolled 'winnings for home' from the match's seed: it stands."]
    }


def test_the_dice_rolled_again_are_among_the_changes_kept(mistyped, staff) -> None:
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    done = report_correct(mistyped, staff, REASON, turned)
    rolled = DiceRoll.objects.get(match=mistyped, purpose="fan factor for away")
    now = " ".join(str(value) for value in rolled.values)
    assert ("die 'fan factor for away'", "2 2", now) in done.report
    assert ["die 'fan factor for away'", "2 2", now] in Correction.objects.get().changes


def test_a_die_given_twice_is_refused_by_its_place(mistyped, staff) -> None:
    twice = [{"purpose": "winnings for home", "values": [5]}] * 2
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)), twice)
    assert problems(refused.value) == {"dice.2": ["'winnings for home' is given twice."]}


def test_the_gate_the_kick_off_recorded_is_not_typed_again(mistyped, staff) -> None:
    gate = [{"purpose": "gate for home", "values": [6, 6]}]
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)), gate)
    assert list(problems(refused.value)) == ["dice.1"]
    assert "the kick-off's stand as recorded" in problems(refused.value)["dice.1"][0]


def test_a_die_given_as_another_roll_than_its_step_reads_is_refused(mistyped, staff) -> None:
    wrong = [{"purpose": "fan factor for home", "notation": "D6", "values": [6]}]
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)), wrong)
    assert problems(refused.value) == {
        "dice": ["'fan factor for home' is a 3D6 roll, not D6: type it again as 3D6."]
    }


def test_a_die_no_step_reads_is_refused(mistyped, staff) -> None:
    unread = [{"purpose": "veteran for home #6", "notation": "D6", "values": [6]}]
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)), unread)
    assert problems(refused.value) == {
        "dice": ["No step of the corrected report reads 'veteran for home #6': leave it out."]
    }  # fmt: skip


def test_a_correction_of_the_notes_alone_changes_no_team_and_leaves_no_cause(
    mistyped, staff
) -> None:
    entries = LedgerEntry.objects.count()
    done = report_correct(mistyped, staff, REASON, body(casualty(3, BROKEN_RIBS), notes="Rain."))
    assert done.committed
    assert (done.report, done.teams) == ((("notes", "", "Rain."),), ())
    assert LedgerEntry.objects.count() == entries
    assert not LedgerCause.objects.filter(kind="correct").exists()
    assert Match.objects.get(pk=mistyped.pk).changed_at > mistyped.changed_at


def test_two_teams_of_one_name_are_told_apart(home_team, away_team, staff) -> None:
    Team.objects.filter(pk=away_team.pk).update(name="Gouged Eye")
    match = played(Team.objects.get(pk=home_team.pk), Team.objects.get(pk=away_team.pk),
                   body(casualty(3, BROKEN_RIBS)))  # fmt: skip
    lines = {**LINES, "away": {**LINES["away"], "mvps": [9]}}
    done = report_correct(match, staff, REASON, body(casualty(3, BROKEN_RIBS), lines=lines))
    assert ("Gouged Eye (away) MVPs", "#4", "#9") in done.report


def test_a_report_applied_before_causes_were_kept_is_not_corrected(mistyped, staff) -> None:
    LedgerCause.objects.filter(kind="report", ref=mistyped.pk).update(ref=None)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)))
    assert "revert it and apply it again instead" in problems(refused.value)["status"][0]


# --- Later entries that no longer stand ----------------------------------------------------------


def test_a_later_purchase_the_treasury_can_no_longer_pay_is_listed_and_nothing_changes(
    mistyped, home_team, away_team, staff
) -> None:
    # Gouged Eye won 60,000 (130,000 in all) and spent it all on a Lineman and two Goblins;
    # had they lost, they would have won 50,000 (D6 4 + FAME 1) and had 120,000.
    for position in ("Lineman", "Goblin", "Goblin"):
        team_purchase(Team.objects.get(pk=home_team.pk), home_team.coach,
                      Purchase("player", position, 1))  # fmt: skip
    turned = body(casualty(3, BROKEN_RIBS), score=(1, 2), lines=TURNED)
    given = GIVEN
    with unchanged(), pytest.raises(RebuildReview) as review:
        report_correct(mistyped, staff, REASON, turned, given)
    (refused,) = review.value.refusals
    assert refused.entry.cause.kind == "purchase"
    assert "treasury" in refused.problems[0].message


def test_a_player_the_correction_kills_who_played_a_later_game_is_listed(
    mistyped, home_team, away_team, staff
) -> None:
    # As typed, #3 missed the next game (which cleared it) and played the one after; had the
    # D68 been read right he was dead, and could not have.
    played(home_team, away_team, body())
    third = played(home_team, away_team, body())
    assert third.participants.filter(team=away_team, number=3).exists()
    with unchanged(), pytest.raises(RebuildReview) as review:
        report_correct(mistyped, staff, REASON, body(casualty(3, DEAD)))
    [message] = [problem.message for problem in review.value.problems]
    assert message.endswith(
        f"#3 Lineman 3 of Da Krumpers took part in {third}, but by then he was dead."
    )


def test_an_improvement_rolled_for_a_level_the_correction_takes_away_is_listed(
    mistyped, home_team, home_coach, staff
) -> None:
    # #6's 13 SPP (two touchdowns, the casualty and the MVP) made him Experienced and he
    # rolled; the touchdowns and the casualty were #7's, and #6 has only the MVP's 5: no roll
    # was due.
    scorer = Player.objects.get(team=home_team, number=6)
    improvement_roll(Team.objects.get(pk=home_team.pk), home_coach, scorer, (3, 4))
    lines = {**LINES, "home": {**LINES["home"], "players": [
        {"number": 7, "actions": {"completion": 1, "touchdown": 2}}]}}  # fmt: skip
    with unchanged(), pytest.raises(RebuildReview) as review:
        report_correct(mistyped, staff, REASON,
                       body(casualty(3, BROKEN_RIBS, causer=7), lines=lines))  # fmt: skip
    assert [problem.message for problem in review.value.problems] == [
        "Entry #3 of Gouged Eye (#6 Blitzer 6: improvement roll 1 (3+4, rolled at the table)) "
        "would no longer fit: Blitzer 6 has no improvement roll due (5 SPP)."
    ]


def test_inducements_over_the_budget_the_correction_leaves_are_listed(
    home_team, away_team, staff
) -> None:
    first = played(home_team, away_team, body())
    # Da Krumpers won 30,000 (100,000 in all) and, in the next game, induced a Wandering
    # Apothecary (100,000): 10,000 of petty cash and 90,000 of the treasury. Their winnings
    # D6 was 1, not 3: 10,000, and 80,000 in the treasury.
    second = kicked_off(home_team, away_team, {"wandering_apothecary": 1})
    paid = LedgerEntry.objects.get(team=away_team, kind="inducements")
    again = [{"purpose": "winnings for away", "values": [1]}]
    with unchanged(), pytest.raises(RebuildReview) as review:
        report_correct(first, staff, "Their winnings D6 was a 1.", body(), again)
    assert [problem.message for problem in review.value.problems] == [
        f"Entry #{paid.sequence} of Da Krumpers ({paid.summary}) would no longer fit: The "
        f"inducements for {second} cost 100,000 gp; the budget would now be 10,000 gp of "
        "petty cash and 80,000 gp from the treasury (10,000 short)."
    ]


# --- Who, and when ------------------------------------------------------------------------------


def test_a_coach_may_not_correct_his_own_match(mistyped, home_coach) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        report_correct(mistyped, home_coach, REASON, body(casualty(3, DEAD)))


def test_a_correction_needs_a_reason(mistyped, staff) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, "  ", body(casualty(3, DEAD)))
    assert problems(refused.value) == {"reason": ["Write why you correct the report."]}


def test_a_report_not_applied_has_nothing_to_correct(friendly, home_coach, staff) -> None:
    gate_recorded(friendly)
    workflow.report_save(friendly, home_coach, PLAYED, 2, 1, LINES)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(friendly, staff, REASON, body())
    assert "not applied: there is nothing to correct" in problems(refused.value)["status"][0]


def test_a_corrected_report_the_rules_refuse_names_the_field(mistyped, staff) -> None:
    wrong = body(casualty(3, BROKEN_RIBS))
    wrong["home"] = {**wrong["home"], "players": [{"number": 99, "actions": {"touchdown": 2}}]}
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(mistyped, staff, REASON, wrong)
    assert refused.value.problems
