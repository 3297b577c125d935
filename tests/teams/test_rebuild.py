"""Rebuilding a team's ledger with an entry removed or replaced, on small histories worked by
hand: the gold a removed purchase gives back, the later entries applied again with their own
causes, the later entry that no longer fits (and nothing written), the teams whose history
does not change, and the improvement roll rows that follow the ledger."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from matches.kick_off.gdbbl import freebooters_hire
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from rules.snapshot import ruleset_snapshot
from teams.advancement import improvement_choose, improvement_roll, rolls_due
from teams.between_matches import player_leave, team_adjust, team_purchase
from teams.ledger_rows import ledger_differences, state_of
from teams.models import ImprovementRoll, LedgerEntry, Team
from teams.rebuild import RebuildRefused, ledger_rebuild
from teams.services import cause_new
from tests.matches.gdbbl_rated import rated_match
from tests.teams.helpers import dwarf_team, orc_team, record, remove
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("ref", password="whistle-blown-1", is_staff=True)


def latest(team: Team) -> LedgerEntry:
    return team.ledger.order_by("-sequence").first()


def fresh(team: Team) -> Team:
    return Team.objects.get(pk=team.pk)


def undo_cause(entry: LedgerEntry, actor):
    """Made before a refusal is checked with unchanged(): the cause is a row of its own."""
    return cause_new("undo", actor, {"entry": entry.sequence, "reason": "Test"})


# --- Gold ---


def test_removing_a_purchase_gives_back_its_gold_and_later_purchases_keep_their_prices(
    coach, lrb6
) -> None:
    team = orc_team(coach, lrb6)  # 70,000 in the treasury
    team = team_purchase(team, coach, Purchase("staff", "cheerleader", 2))
    cheerleaders = latest(team)  # 70,000 - 2 x 10,000 = 50,000
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"], [12])
    assert team.treasury == 10_000  # 50,000 - 40,000
    remove(cheerleaders, coach, "Bought by mistake")
    team = fresh(team)
    # The Goblin costs what it cost: 70,000 - 40,000.
    assert team.treasury == 30_000
    assert team.staff == {"apothecary": 1}
    assert team.players.get(number=12).name == "Snotling"
    assert latest(team).deltas[0] == {"op": "treasury", "amount": -40_000}
    assert ledger_differences(team) == []


def test_a_later_purchase_no_longer_affordable_is_named_and_nothing_is_written(
    coach, staff_user, lrb6
) -> None:
    team = orc_team(coach, lrb6)
    team = team_adjust(team, staff_user, "Prize money", treasury=50_000)  # 120,000
    gift = latest(team)
    team = team_purchase(team, coach, Purchase("reroll"))  # 60,000 x 2 after creation: 0 left
    cause = undo_cause(gift, staff_user)
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        ledger_rebuild([team], {gift: None}, cause, "No prize after all")
    # Without the prize the treasury holds 70,000 when the re-roll is bought again.
    assert str(refused.value) == (
        "Entry #3 of Gouged Eye (Bought 1 × re-roll for 120,000 gp) would no longer fit: "
        "This costs 120,000 gp; the treasury has 70,000 gp (50,000 short)."
    )
    assert refused.value.entry == latest(team)
    assert ledger_differences(fresh(team)) == []


def test_replacing_an_entrys_deltas_applies_the_later_entries_to_the_new_ones(
    coach, staff_user, lrb6
) -> None:
    team = orc_team(coach, lrb6)
    winnings = record(
        team,
        "adjustment",
        "Winnings of round 1",
        staff_user,
        [{"op": "treasury", "amount": 60_000}],
    )  # 70,000 + 60,000 = 130,000
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"], [12])
    goblin = latest(team)
    assert team.treasury == 90_000
    cause = undo_cause(winnings, staff_user)
    written = ledger_rebuild(
        [team], {winnings: [{"op": "treasury", "amount": 30_000}]}, cause, "Misread"
    )
    # 70,000 + 30,000 - 40,000
    assert fresh(team).treasury == 60_000
    assert [(e.sequence, e.kind, e.reverses_id) for e in written[:2]] == [
        (4, "reversal", goblin.pk),
        (5, "reversal", winnings.pk),
    ]
    assert [(e.sequence, e.kind, e.deltas[0]) for e in written[2:]] == [
        (6, "adjustment", {"op": "treasury", "amount": 30_000}),
        (7, "purchase", {"op": "treasury", "amount": -40_000}),
    ]
    assert written[2].summary == "Winnings of round 1 (#2 applied again)"
    assert ledger_differences(fresh(team)) == []


# --- What is written ---


def test_the_reversals_come_latest_first_and_the_entries_again_keep_their_causes(
    coach, lrb6
) -> None:
    team = orc_team(coach, lrb6)
    team = team_purchase(team, coach, Purchase("staff", "cheerleader"))
    cheerleader = latest(team)
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"], [12])
    goblin = latest(team)
    team = team_purchase(team, coach, Purchase("staff", "assistant_coach"))
    assistant = latest(team)
    written = remove(cheerleader, coach, "Bought by mistake")
    assert [(e.sequence, e.kind, e.reverses_id) for e in written] == [
        (5, "reversal", assistant.pk),
        (6, "reversal", goblin.pk),
        (7, "reversal", cheerleader.pk),
        (8, "purchase", None),
        (9, "purchase", None),
    ]
    assert [e.cause_id for e in written[3:]] == [goblin.cause_id, assistant.cause_id]
    assert [e.summary for e in written[3:]] == [
        "Bought 1 × Goblin for 40,000 gp (#3 applied again)",
        "Bought 1 × assistant coach for 10,000 gp (#4 applied again)",
    ]
    assert written[0].summary == (
        "Reverses #4 (Bought 1 × assistant coach for 10,000 gp): Bought by mistake"
    )
    # 70,000 - 40,000 - 10,000: the cheerleader's 10,000 is back.
    assert fresh(team).treasury == 20_000
    assert ledger_differences(fresh(team)) == []


def test_a_team_whose_history_does_not_change_gets_no_entries(
    coach, rival, staff_user, lrb6, gdbbl
) -> None:
    orc = orc_team(coach, lrb6)
    dwarves = dwarf_team(rival, gdbbl)
    orc = team_purchase(orc, coach, Purchase("staff", "cheerleader"))
    cheerleader = latest(orc)
    dwarves = team_adjust(dwarves, staff_user, "Prize money", treasury=10_000)
    orc = team_purchase(orc, coach, Purchase("staff", "assistant_coach"))
    before = state_of(fresh(dwarves))
    cause = undo_cause(cheerleader, staff_user)
    written = ledger_rebuild([orc, dwarves], {cheerleader: None}, cause, "Bought by mistake")
    # The dwarves' prize comes after the cheerleader but is the same prize without him.
    assert {entry.team_id for entry in written} == {orc.pk}
    assert dwarves.ledger.count() == 2
    assert state_of(fresh(dwarves)) == before
    assert ledger_differences(fresh(orc)) == []


@pytest.mark.parametrize("first", ["orc", "dwarf"])
def test_the_refusal_names_the_first_entry_applied_whichever_team_it_is_on(
    coach, rival, staff_user, lrb6, gdbbl, first
) -> None:
    orc = orc_team(coach, lrb6)  # created first: the lower id either way
    dwarves = dwarf_team(rival, gdbbl)
    orc = team_adjust(orc, staff_user, "Prize money", treasury=50_000)  # 70,000 -> 120,000
    orc_prize = latest(orc)
    dwarves = team_adjust(dwarves, staff_user, "Prize money", treasury=50_000)  # 30,000 -> 80,000
    dwarf_prize = latest(dwarves)
    # Each spends its prize on a re-roll: Orc 60,000 x 2, Dwarf 40,000 x 2 after creation.
    buyers = [(orc, coach), (dwarves, rival)]
    for team, buyer in buyers if first == "orc" else reversed(buyers):
        team_purchase(team, buyer, Purchase("reroll"))
    cause = undo_cause(orc_prize, staff_user)
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        ledger_rebuild(
            [orc, dwarves], {orc_prize: None, dwarf_prize: None}, cause, "No prizes this season"
        )
    named = refused.value.entry
    assert (named.team_id, named.sequence) == ((orc if first == "orc" else dwarves).pk, 3)
    expected = {
        "orc": "Entry #3 of Gouged Eye (Bought 1 × re-roll for 120,000 gp) would no longer fit: "
        "This costs 120,000 gp; the treasury has 70,000 gp (50,000 short).",
        "dwarf": "Entry #3 of Grudgebearers (Bought 1 × re-roll for 80,000 gp) would no longer "
        "fit: This costs 80,000 gp; the treasury has 30,000 gp (50,000 short).",
    }
    assert str(refused.value) == expected[first]


def test_removing_an_entry_already_reversed_is_refused(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    team = team_purchase(team, coach, Purchase("staff", "cheerleader"))
    cheerleader = latest(team)
    remove(cheerleader, coach, "Bought by mistake")
    cause = undo_cause(cheerleader, coach)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        ledger_rebuild([team], {cheerleader: None}, cause, "Twice")
    assert str(refused.value) == "Entry #2 has been undone already."
    assert not isinstance(refused.value, RebuildRefused)


# --- Players and their improvement rolls ---


def test_removing_a_player_purchase_leaves_his_row_undone_and_off_the_roster(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"], [12])
    remove(latest(team), coach, "Bought by mistake")
    team = fresh(team)
    assert team.treasury == 70_000  # the Goblin's 40,000 back
    # The row stays (the ledger's deltas still name him p12), struck off every roster.
    goblin = team.players.get(key="p12")
    assert (goblin.number, goblin.name, goblin.status) == (12, "Snotling", "undone")
    assert not team.players.on_roster().filter(pk=goblin.pk).exists()
    assert ledger_differences(fresh(team)) == []


def test_removing_a_player_purchase_refuses_his_later_departure(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"], [12])
    bought = latest(team)
    team = player_leave(team, coach, team.players.get(number=12), "fired")
    cause = undo_cause(bought, coach)
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        ledger_rebuild([team], {bought: None}, cause, "Bought by mistake")
    assert str(refused.value) == (
        "Entry #3 of Gouged Eye (#12 Snotling fired) would no longer fit: Player p12 is not on "
        "the team any more."
    )


def rolled(team: Team, coach, staff_user, dice=(3, 4)) -> ImprovementRoll:
    """Lineman #1 given 6 SPP (entry #2, LRB6's first roll) and his roll (entry #3)."""
    lineman = team.players.get(number=1)
    team_adjust(team, staff_user, "SPP of round 1", player=lineman, spp=6)
    return improvement_roll(team, coach, lineman, dice)


def test_removing_a_roll_removes_its_row_and_the_roll_is_due_again(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    roll = rolled(team, coach, staff_user)
    remove(latest(team), coach, "Rolled for the wrong Lineman")
    assert not ImprovementRoll.objects.filter(pk=roll.pk).exists()
    lineman = team.players.get(number=1)
    assert lineman.spp == 6
    assert rolls_due(ruleset_snapshot(lrb6), lineman) == 1
    assert ledger_differences(fresh(team)) == []


def test_removing_the_spp_refuses_the_roll_they_earned(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    rolled(team, coach, staff_user)
    spp = team.ledger.get(sequence=2)
    cause = undo_cause(spp, staff_user)
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        ledger_rebuild([team], {spp: None}, cause, "Wrong player")
    assert refused.value.entry == team.ledger.get(sequence=3)
    assert str(refused.value) == (
        "Entry #3 of Gouged Eye (#1 Lineman 1: improvement roll 1 (3+4, rolled at the table)) "
        "would no longer fit: Lineman 1 has no improvement roll due (0 SPP)."
    )


def test_removing_a_choice_frees_the_roll_for_another(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    roll = rolled(team, coach, staff_user)
    team = improvement_choose(team, coach, roll, "Block")
    lineman = team.players.get(number=1)
    assert (lineman.skills, lineman.value_increase) == (["Block"], 20_000)
    remove(latest(team), coach, "Meant Tackle")
    lineman.refresh_from_db()
    roll.refresh_from_db()  # the same row, its choice taken back
    assert (roll.choice, lineman.skills, lineman.value_increase) == ("", [], 0)
    assert ledger_differences(fresh(team)) == []
    # A normal skill is 20,000 whichever it is.
    improvement_choose(team, coach, roll, "Tackle")
    lineman.refresh_from_db()
    assert (lineman.skills, lineman.value_increase) == (["Tackle"], 20_000)
    assert ledger_differences(fresh(team)) == []


# --- Gold paid before a match ---


def test_freebooters_the_treasury_no_longer_pays_for_stop_the_rebuild(coach, rival) -> None:
    match = rated_match(coach, rival)
    humans = match.home
    prize = humans.ledger.get(sequence=2)  # the 60,000 that fills the treasury
    freebooters_hire(match, coach, "home", ["Catcher"], [])  # 35,000 of it
    paid = latest(humans)
    cause = undo_cause(prize, coach)
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        ledger_rebuild([humans], {prize: None}, cause, "No prize after all")
    assert refused.value.entry == paid
    assert str(refused.value) == (
        f"Entry #3 of Altdorf Hammers ({paid.summary}) would no longer fit: "
        "Entry #3 paid 35,000 gp before a match; the treasury would have 0 gp."
    )


def test_freebooters_still_paid_for_keep_their_price_when_an_earlier_entry_goes(
    coach, rival, staff_user
) -> None:
    match = rated_match(coach, rival)
    humans = team_adjust(match.home, staff_user, "Sponsor", treasury=40_000)  # 100,000
    sponsor = latest(humans)
    freebooters_hire(match, coach, "home", ["Catcher"], [])  # 100,000 - 35,000
    remove(sponsor, staff_user, "No sponsor after all")
    humans = fresh(humans)
    # 60,000 - 35,000: the Catcher cost what he cost.
    assert humans.treasury == 25_000
    assert latest(humans).deltas == [{"op": "treasury", "amount": -35_000}]
    assert latest(humans).cause.kind == "freebooters"
    assert ledger_differences(humans) == []
