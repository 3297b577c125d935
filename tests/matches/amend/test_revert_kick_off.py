"""Reverting a report works a later match's kick-off out again (matches/amend/kick_off_again.py):
its teams' values at kick-off and petty cash, its gate and FAME from its own dice, as the
teams would then have stood; its inducements paid again from that petty cash and then the
treasury, within the new budget. An inducement over the new budget stops the revert, listed,
and nothing changes.

The first game is the worked example of tests/matches/post_game/test_post_game.py: Gouged Eye (Orcs,
fan factor 3, 70,000 gp) beat Da Krumpers 2-1 and won a fan (fan factor 4, one more 10,000
of team value), 60,000 gp against Da Krumpers' 30,000 (100,000 gp). In the second game, the
same two meet again after a kick-off: values fixed, Da Krumpers inducing with the 10,000 gp
of petty cash the difference gives them, and the gate."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches import workflow
from matches.amend.reapply import report_reapply
from matches.amend.revert import report_revert
from matches.dice import dice_enter
from matches.kick_off.lrb6 import gate_record, inducements_buy, journeymen_take
from matches.models import KickOff, Match
from matches.services import friendly_accept, friendly_offer
from rules.engine.inducements import Request
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from teams.between_matches import team_purchase
from teams.models import LedgerEntry, Team
from teams.rebuild import RebuildReview
from tests.matches.amend.test_revert import REASON, clean, played, seriously_injured, state
from tests.matches.post_game.test_post_game import PLAYED, TABLE_DICE, at_the_table, reported
from tests.teams.helpers import orc_team, record
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

# The second game's gate: Gouged Eye 1+1 + fan factor 4 = 6,000 fans against Da Krumpers'
# 1+2 + 3 = 6,000: no FAME either side. Without the first game, Gouged Eye's fan factor is 3:
# 5,000 against 6,000, and Da Krumpers have FAME +1.
GATE = {"gate for home": [1, 1], "gate for away": [1, 2]}
KICK_OFF = ("value", "petty_cash", "from_treasury", "fans", "fame")


def kicked_off(
    home: Team, away: Team, induced: dict[str, int], journeymen: int = 0, before_report=None
) -> Match:
    """The second game: the away side's journeymen and inducements, the gate (then
    `before_report`, if any), then the report (2-1 to the home side, the worked example's
    dice), confirmed and applied."""
    home, away = Team.objects.get(pk=home.pk), Team.objects.get(pk=away.pk)  # as they stand
    match = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    journeymen_take(match, home.coach, "home", [])
    journeymen_take(match, away.coach, "away", ["Lineman"] * journeymen)
    if induced:
        inducements_buy(match, away.coach, "away", Request(induced))
    for purpose, values in GATE.items():
        dice_enter(match, home.coach, purpose, "2D6", values)
    gate_record(match, home.coach)
    if before_report:
        before_report()
    reported(match, home.coach)
    at_the_table(match, TABLE_DICE)
    workflow.report_confirm(match, away.coach)
    return Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)


def kick_off(match: Match) -> dict:
    rows = KickOff.objects.filter(match=match)
    return {row.side: tuple(getattr(row, name) for name in KICK_OFF) for row in rows}


def never_played(home_team: Team, away_team: Team) -> tuple[Team, Team]:
    """Another pair of the same teams, for the second game alone: what reverting must give."""
    version = home_team.ruleset_version
    return (orc_team(home_team.coach, version, "Gouged Eye Again"),
            orc_team(away_team.coach, version, "Da Krumpers Again"))  # fmt: skip


def test_the_later_gate_fame_and_petty_cash_follow_the_teams_as_they_would_have_stood(
    applied_report, home_team, away_team, staff
) -> None:
    second = kicked_off(home_team, away_team, {"bloodweiser_babes": 1})
    # 10,000 of petty cash (the fan won), 40,000 of the 50,000 from the treasury.
    assert kick_off(second)["away"][1:3] == (10_000, 40_000)
    assert kick_off(second)["away"][3:] == (6_000, 0), kick_off(second)
    never, rival = never_played(home_team, away_team)
    alone = kicked_off(never, rival, {"bloodweiser_babes": 1})
    report_revert(applied_report, staff, REASON)
    assert kick_off(second) == kick_off(alone)
    assert kick_off(second)["away"] == (kick_off(second)["home"][0], 0, 50_000, 6_000, 1)
    assert Match.objects.get(pk=second.pk).gate == Match.objects.get(pk=alone.pk).gate == 11_000
    assert state(home_team) == state(never)
    assert state(away_team) == state(rival)  # FAME +1: 10,000 more winnings
    paid = LedgerEntry.objects.filter(team=away_team, kind="inducements").last()
    assert paid.deltas == [{"op": "treasury", "amount": -50_000}]
    clean(home_team, away_team)


def test_an_inducement_over_the_new_budget_is_listed_and_nothing_changes(
    applied_report, home_team, away_team, staff
) -> None:
    second = kicked_off(home_team, away_team, {"wandering_apothecary": 1})  # 100,000
    assert kick_off(second)["away"][1:3] == (10_000, 90_000)  # of the treasury's 100,000
    paid = LedgerEntry.objects.get(team=away_team, kind="inducements")
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(applied_report, staff, REASON)
    # Without the first game: no petty cash, and the 70,000 gp Da Krumpers began with.
    assert [problem.message for problem in refused.value.problems] == [
        f"Entry #{paid.sequence} of Da Krumpers ({paid.summary}) would no longer fit: The "
        f"inducements for {second} cost 100,000 gp; the budget would now be 0 gp of petty "
        "cash and 70,000 gp from the treasury (30,000 short)."
    ]


def test_inducements_the_petty_cash_paid_in_full_that_would_now_need_gold_are_listed(
    applied_report, home_team, away_team, home_coach, staff
) -> None:
    # Gouged Eye's #1 worth 40,000 more: 50,000 of petty cash pays the 50,000 in full.
    one = Team.objects.get(pk=home_team.pk).players.get(number=1)
    record(
        Team.objects.get(pk=home_team.pk),
        "adjustment",
        "Grown",
        home_coach,
        [{"op": "player", "player": one.key, "field": "value_increase", "amount": 40_000}],
    )
    second = kicked_off(home_team, away_team, {"bloodweiser_babes": 1})
    assert kick_off(second)["away"][1:3] == (50_000, 0)
    assert not LedgerEntry.objects.filter(team=away_team, kind="inducements").exists()
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(applied_report, staff, REASON)
    [message] = [problem.message for problem in refused.value.problems]
    assert message.endswith(
        f"{second}'s inducements would now take 10,000 gp from Da Krumpers's treasury, where "
        "its ledger pays 0: Dugout cannot write that yet."
    )


def test_a_later_match_reverted_with_its_teams_as_they_stood_keeps_its_kick_off(
    home_team, away_team, staff
) -> None:
    first = played(home_team, away_team)
    second = kicked_off(home_team, away_team, {"bloodweiser_babes": 1})
    recorded = kick_off(second)
    report_revert(second, staff, REASON)  # the last game: nothing after it to work again
    assert kick_off(second) == recorded
    assert Match.objects.get(pk=first.pk).status == "confirmed"


def test_a_journeyman_taken_for_a_player_the_revert_gives_back_is_listed(
    home_team, away_team, staff
) -> None:
    # The first game seriously injures Da Krumpers' #3 (D68 41): out of the next game, they
    # take a journeyman to make eleven. Without it, #3 plays: eleven able, no journeyman.
    match = seriously_injured(home_team, away_team, 3)
    second = kicked_off(home_team, away_team, {}, journeymen=1)
    with unchanged(), pytest.raises(RebuildReview) as refused:
        report_revert(match, staff, REASON)
    [message] = [problem.message for problem in refused.value.problems]
    assert message.endswith(
        f"Da Krumpers took 1 journeymen for {second}; with 11 players able to play it would "
        "have taken at most 0."
    )


# --- A kick-off fixed before the report ---------------------------------------------------------


def test_the_kick_off_marks_where_its_figures_were_fixed_in_the_ledgers_order(
    home_team, away_team
) -> None:
    second = kicked_off(home_team, away_team, {})
    latest = LedgerEntry.objects.order_by("-cause_id").values_list("cause_id", flat=True)
    before_report = latest.exclude(cause__kind="report").first()
    assert Match.objects.get(pk=second.pk).kick_off_mark == before_report


def test_a_kick_off_fixed_before_the_report_was_applied_stands_through_revert_and_reapply(
    home_team, away_team, staff
) -> None:
    # The second game kicks off first (values fixed with both teams level: no petty cash;
    # the babes' 50,000 from Da Krumpers' treasury, the gate), then the first game is played
    # and applied, then the second game's report.
    home, away = Team.objects.get(pk=home_team.pk), Team.objects.get(pk=away_team.pk)
    second = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    journeymen_take(second, home.coach, "home", [])
    journeymen_take(second, away.coach, "away", [])
    inducements_buy(second, away.coach, "away", Request({"bloodweiser_babes": 1}))
    for purpose, values in GATE.items():
        dice_enter(second, home.coach, purpose, "2D6", values)
    gate_record(second, home.coach)
    first = played(home_team, away_team)
    reported(second, home.coach)
    at_the_table(second, TABLE_DICE)
    workflow.report_confirm(second, away.coach)
    recorded = kick_off(second)
    assert recorded["away"][1:3] == (0, 50_000)
    before = {team.pk: state(team) for team in (home_team, away_team)}
    report_revert(first, staff, REASON)
    assert kick_off(second) == recorded  # fixed before the first game counted: it stands
    report_reapply(Match.objects.get(pk=first.pk), staff, "It counted after all.")
    assert kick_off(second) == recorded
    assert {team.pk: state(team) for team in (home_team, away_team)} == before
    clean(home_team, away_team)


def second_game_with_a_purchase_before_its_report(home: Team, away: Team) -> Match:
    """The second game's kick-off (values fixed, no inducements, the gate); then Da Krumpers
    buy an assistant coach (10,000 of team value) before its report is applied."""

    def bought() -> None:
        team_purchase(Team.objects.get(pk=away.pk), away.coach,
                      Purchase("staff", "assistant_coach", 1))  # fmt: skip

    return kicked_off(home, away, {}, before_report=bought)


def test_a_kick_off_is_worked_out_from_the_teams_as_they_stood_when_it_was_fixed(
    applied_report, home_team, away_team, staff
) -> None:
    second = second_game_with_a_purchase_before_its_report(home_team, away_team)
    never, rival = never_played(home_team, away_team)
    alone = second_game_with_a_purchase_before_its_report(never, rival)
    report_revert(applied_report, staff, REASON)
    # At kick-off, without the first game, both teams were worth the same: no petty cash for
    # either (the assistant coach came after it).
    assert kick_off(second) == kick_off(alone)
    assert (kick_off(second)["home"][1], kick_off(second)["away"][1]) == (0, 0)
    assert state(home_team) == state(never)
    assert state(away_team) == state(rival)
    clean(home_team, away_team)


def kicked_off_since(home_team: Team, away_team: Team) -> Match:
    """A second friendly of the two, kicked off (both values fixed, with the first game)
    and not reported yet."""
    home, away = Team.objects.get(pk=home_team.pk), Team.objects.get(pk=away_team.pk)
    waiting = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    journeymen_take(waiting, home.coach, "home", [])
    journeymen_take(waiting, away.coach, "away", [])
    return waiting


def test_a_revert_waits_for_a_match_that_kicked_off_since_and_names_it_with_its_page(
    applied_report, home_team, away_team, staff
) -> None:
    waiting = kicked_off_since(home_team, away_team)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        report_revert(applied_report, staff, REASON)
    [problem] = refused.value.problems
    assert (problem.field, problem.link) == ("kick_off", f"/matches/{waiting.pk}/")
    assert problem.message == (
        f"{waiting} (match {waiting.pk}, /matches/{waiting.pk}/) has kicked off since and has "
        "no report yet: its kick-off fixed its teams' values, which this would change under "
        "it. Have its report applied first (or the match forfeited), then try again."
    )


def test_a_report_drafted_for_it_is_named_as_drafted(
    applied_report, home_team, away_team, staff
) -> None:
    waiting = kicked_off_since(home_team, away_team)
    workflow.report_save(waiting, home_team.coach, PLAYED, 1, 0, {"server_rolls": True})
    with unchanged(), pytest.raises(TeamRefused, match="and its report is drafted: "):
        report_revert(applied_report, staff, REASON)


def test_the_revert_page_links_the_match_that_holds_it(
    applied_report, home_team, away_team, staff, client
) -> None:
    waiting = kicked_off_since(home_team, away_team)
    client.force_login(staff)
    with unchanged():
        answer = client.post(f"/matches/{applied_report.pk}/revert/", {"reason": REASON})
    assert answer.status_code == 400
    assert "has kicked off since and has no report yet" in answer.content.decode()
    assert f'<a href="/matches/{waiting.pk}/">Open it</a>' in answer.content.decode()


def test_the_api_names_the_match_that_holds_a_revert_or_a_reapply(
    applied_report, home_team, away_team, staff
) -> None:
    api = APIClient()
    api.force_authenticate(staff)
    report_revert(applied_report, staff, REASON)
    waiting = kicked_off_since(home_team, away_team)
    with unchanged():
        answer = api.post(f"/api/matches/{applied_report.pk}/reapply/", {"reason": REASON},
                          format="json")  # fmt: skip
    assert answer.status_code == 400
    [message] = answer.json()["kick_off"]
    assert message.startswith(f"{waiting} (match {waiting.pk}, /matches/{waiting.pk}/) has ")


def test_the_gate_marks_the_kick_off_again_and_reads_the_fan_factors_as_they_stand(
    applied_report, home_team, away_team
) -> None:
    # The match object was read before the first game won Gouged Eye a fan: the gate still
    # counts fan factor 4.
    stale = friendly_accept(friendly_offer(home_team.coach, home_team, away_team),
                            away_team.coach)  # fmt: skip
    journeymen_take(stale, home_team.coach, "home", [])
    journeymen_take(stale, away_team.coach, "away", [])
    fixed = Match.objects.get(pk=stale.pk).kick_off_mark
    team_purchase(Team.objects.get(pk=away_team.pk), away_team.coach,
                  Purchase("staff", "assistant_coach", 1))  # fmt: skip
    for purpose, values in GATE.items():
        dice_enter(stale, home_team.coach, purpose, "2D6", values)
    gate_record(stale, home_team.coach)
    assert Match.objects.get(pk=stale.pk).kick_off_mark > fixed  # the purchase came between
    assert kick_off(stale)["home"][3:] == (6_000, 0)  # (1+1 + 4) x 1,000
