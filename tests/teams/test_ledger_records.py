"""The ledger in the database: append-only entries, exact reversals, `ledger_check`, and
impossible deltas refused before anything is written."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.models import ProtectedError

from teams.advancement import improvement_choose, improvement_roll
from teams.between_matches import team_adjust
from teams.ledger import LedgerError
from teams.ledger_rows import ledger_differences, state_of
from teams.models import LedgerEntry, Player, Team
from teams.rebuild import RebuildRefused
from tests.teams.helpers import dwarf_team, orc_team, record, remove


def player(team: Team, number: int) -> Player:
    return team.players.get(number=number)


def pdelta(who: Player, field: str, **values) -> dict:
    return {"op": "player", "player": who.key, "field": field, **values}


def ledger_check() -> str:
    out = StringIO()
    call_command("ledger_check", stdout=out)
    return out.getvalue()


def ledger_check_failure() -> tuple[CommandError, str]:
    out = StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("ledger_check", stdout=out)
    return failed.value, out.getvalue()


def raw(sql: str, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def written() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count()


# --- Append-only ---


def test_an_entry_once_written_cannot_be_saved_again(coach, lrb6) -> None:
    entry = orc_team(coach, lrb6).ledger.get()
    entry.summary = "Rewritten history"
    with pytest.raises(ValueError, match="Ledger entries are append-only"):
        entry.save()
    entry.refresh_from_db()
    assert entry.summary.startswith("Team created: 11 players")


def test_an_entry_cannot_be_deleted(coach, lrb6) -> None:
    entry = orc_team(coach, lrb6).ledger.get()
    with pytest.raises(ValueError, match="append a reversal instead"):
        entry.delete()
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()


def test_entries_are_numbered_in_order_per_team(coach, lrb6) -> None:
    first, second = orc_team(coach, lrb6), orc_team(coach, lrb6, "Second Eye")
    record(first, "report", "Won", coach, [{"op": "treasury", "amount": 50_000}])
    record(first, "purchase", "Bought", coach, [{"op": "treasury", "amount": -10_000}])
    record(second, "report", "Lost", coach, [{"op": "treasury", "amount": 20_000}])
    assert list(first.ledger.values_list("sequence", "kind")) == [
        (1, "creation"),
        (2, "report"),
        (3, "purchase"),
    ]
    assert list(second.ledger.values_list("sequence", "kind")) == [(1, "creation"), (2, "report")]
    first.refresh_from_db()
    # 70,000 + 50,000 - 10,000 = 110,000.
    assert first.treasury == 110_000


# --- Reversal ---


def test_a_reversal_restores_the_state_exactly_and_links_the_entry(coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    before = state_of(team)
    scorer, hurt = player(team, 6), player(team, 10)
    report = record(
        team, "report", "Beat the Reavers 2-1", coach,
        [
            {"op": "treasury", "amount": 60_000},
            {"op": "fan_factor", "amount": 1},
            pdelta(scorer, "touchdowns", amount=2),
            pdelta(scorer, "spp", amount=6),
            pdelta(scorer, "skill", skill="Tackle", add=True),
            pdelta(scorer, "value_increase", amount=20_000),
            pdelta(hurt, "status", **{"from": "active", "to": "missing_next_game"}),
            pdelta(hurt, "injury", injury="N", add=True),
            pdelta(hurt, "characteristic", characteristic="MA", amount=-1, origin="injury"),
            {"op": "staff", "key": "cheerleader", "amount": 2},
        ],
    )  # fmt: skip
    assert state_of(team) != before
    [reversal] = remove(report, rival, "Wrong match")
    team.refresh_from_db()
    assert state_of(team) == before
    assert (team.treasury, team.fan_factor, team.staff) == (70_000, 3, {"apothecary": 1})
    assert ledger_differences(team) == []
    assert reversal.kind == "reversal"
    assert reversal.sequence == 3
    assert reversal.actor == rival
    assert reversal.summary == "Reverses #2 (Beat the Reavers 2-1): Wrong match"
    assert reversal.reverses == report
    report.refresh_from_db()
    assert report.reversed_by == reversal
    assert report.deltas[0] == {"op": "treasury", "amount": 60_000}  # the entry stays as it was
    # The inverse deltas, last first.
    assert reversal.deltas[0] == {"op": "staff", "key": "cheerleader", "amount": -2}
    assert reversal.deltas[-1] == {"op": "treasury", "amount": -60_000}


def test_removing_an_earlier_entry_applies_the_later_ones_again(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = player(team, 7)
    first = record(team, "report", "Game 1", coach, [pdelta(blitzer, "spp", amount=3)])
    second = record(team, "report", "Game 2", coach, [pdelta(blitzer, "spp", amount=2)])
    written = remove(first, coach, "Game 1 was never played")
    blitzer.refresh_from_db()
    assert blitzer.spp == 2  # 3 + 2 - 3
    assert ledger_differences(team) == []
    # Game 2 is reversed, then Game 1, then Game 2 is written again with its cause.
    assert [(e.sequence, e.kind, e.reverses_id) for e in written] == [
        (4, "reversal", second.pk), (5, "reversal", first.pk), (6, "report", None)
    ]  # fmt: skip
    assert written[2].cause == second.cause
    assert written[2].summary == "Game 2 (#3 applied again)"


def test_reversing_a_skill_takes_away_the_latest_copy(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = player(team, 7)
    record(team, "report", "G1", coach, [pdelta(blitzer, "skill", skill="Dodge", add=True)])
    second = record(
        team, "report", "G2", coach, [pdelta(blitzer, "skill", skill="Tackle", add=True)]
    )
    remove(second, coach, "Misread the roll")
    blitzer.refresh_from_db()
    assert blitzer.skills == ["Dodge"]
    assert ledger_differences(team) == []


def test_removing_the_creation_empties_the_team_and_keeps_every_players_row(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    remove(team.ledger.get(sequence=1), coach, "Created by mistake")
    team.refresh_from_db()
    assert (team.treasury, team.rerolls, team.fan_factor, team.staff) == (0, 0, 0, {})
    assert team.players.on_roster().count() == 0
    assert set(team.players.values_list("status", flat=True)) == {"undone"}
    assert team.players.count() == 11
    assert ledger_differences(team) == []


def test_reversing_a_player_leaving_brings_him_back_exactly(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    veteran = player(team, 8)
    record(
        team, "report", "A good season", coach,
        [pdelta(veteran, "spp", amount=16), pdelta(veteran, "touchdowns", amount=5),
         pdelta(veteran, "skill", skill="Guard", add=True),
         pdelta(veteran, "value_increase", amount=20_000)],
    )  # fmt: skip
    before = state_of(team)
    fired = record(team, "purchase", "Fired", coach, [{"op": "leave", "player": veteran.key}])
    assert not team.players.on_roster().filter(pk=veteran.pk).exists()
    remove(fired, coach, "Fired the wrong Blitzer")
    team.refresh_from_db()
    # He comes back as he left: #8, 16 SPP, 5 touchdowns, Guard, +20,000.
    assert state_of(team) == before
    assert ledger_differences(team) == []


def test_a_reversal_that_no_longer_fits_is_refused(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = player(team, 1)
    injured = record(
        team, "report", "Hurt", coach,
        [pdelta(lineman, "status", **{"from": "active", "to": "missing_next_game"})],
    )  # fmt: skip
    record(
        team, "report", "Died in the apothecary's tent", coach,
        [pdelta(lineman, "status", **{"from": "missing_next_game", "to": "dead"})],
    )  # fmt: skip
    before, rows = state_of(team), written()
    with pytest.raises(RebuildRefused) as refused:
        remove(injured, coach, "Not hurt after all")
    assert refused.value.problems[0].message == (
        "Entry #3 of Gouged Eye (Died in the apothecary's tent) would no longer fit: player p1 "
        "is active, not missing_next_game."
    )
    assert refused.value.entry.sequence == 3
    assert (state_of(team), written()) == (before, rows)


# --- ledger_check ---


def test_ledger_check_passes_on_good_teams(coach, lrb6, gdbbl) -> None:
    orc = orc_team(coach, lrb6)
    dwarf_team(coach, gdbbl)
    record(orc, "report", "Won", coach, [pdelta(player(orc, 2), "spp", amount=3)])
    remove(orc.ledger.get(sequence=2), coach, "Typo")
    assert ledger_check() == "All 2 team(s) match their ledgers.\n"


def test_ledger_check_passes_with_no_teams(db) -> None:
    assert ledger_check() == "All 0 team(s) match their ledgers.\n"


def test_ledger_check_catches_a_treasury_changed_behind_the_ledger(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    raw("UPDATE teams_team SET treasury = %s WHERE id = %s", [1_070_000, team.pk])
    error, out = ledger_check_failure()
    assert str(error) == "1 difference(s) between teams and ledgers."
    assert error.returncode == 1
    assert out == (
        f"team {team.pk} (Gouged Eye): treasury should be 70000 by its ledger, but is 1070000\n"
    )


def test_ledger_check_catches_spp_changed_behind_the_ledger(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    star = player(team, 6)
    raw("UPDATE teams_player SET spp = %s WHERE id = %s", [51, star.pk])
    error, out = ledger_check_failure()
    assert str(error) == "1 difference(s) between teams and ledgers."
    assert out == (
        f"team {team.pk} (Gouged Eye): player {star.key} (#6 Blitzer 6) spp should be 0 by "
        f"its ledger, but is 51\n"
    )


def test_ledger_check_catches_a_skill_added_behind_the_ledger(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = player(team, 1)
    raw("UPDATE teams_player SET skills = '[\"Block\"]' WHERE id = %s", [lineman.pk])
    error, out = ledger_check_failure()
    assert out == (
        f"team {team.pk} (Gouged Eye): player {lineman.key} (#1 Lineman 1) skills should be () "
        f"by its ledger, but is ('Block',)\n"
    )
    assert str(error) == "1 difference(s) between teams and ledgers."


def test_ledger_check_names_every_difference_of_every_team(coach, lrb6, gdbbl) -> None:
    orc, dwarves = orc_team(coach, lrb6), dwarf_team(coach, gdbbl)
    beard = player(dwarves, 11)
    raw("UPDATE teams_team SET rerolls = 5, fan_factor = 9 WHERE id = %s", [orc.pk])
    raw("UPDATE teams_player SET status = 'dead' WHERE id = %s", [beard.pk])
    error, out = ledger_check_failure()
    assert str(error) == "3 difference(s) between teams and ledgers."
    assert out.splitlines() == [
        f"team {orc.pk} (Gouged Eye): rerolls should be 2 by its ledger, but is 5",
        f"team {orc.pk} (Gouged Eye): fan_factor should be 3 by its ledger, but is 9",
        f"team {dwarves.pk} (Grudgebearers): player {beard.key} (#11 Long Beard 11) status "
        f"should be 'active' by its ledger, but is 'dead'",
    ]


def test_ledger_check_catches_a_player_deleted_behind_the_ledger(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    gone = player(team, 5)
    raw("DELETE FROM teams_player WHERE id = %s", [gone.pk])
    [difference] = ledger_differences(team)
    assert (difference.field, difference.actual) == (f"player {gone.key}", None)
    assert difference.expected.name == "Lineman 5"
    error, out = ledger_check_failure()
    assert str(error) == "1 difference(s) between teams and ledgers."
    assert out.startswith(f"team {team.pk} (Gouged Eye): player {gone.key} should be PlayerState(")
    assert out.endswith("by its ledger, but is None\n")


# --- Impossible deltas ---


@pytest.mark.parametrize(
    ("make_delta", "message"),
    [
        (
            lambda p: pdelta(p, "status", **{"from": "dead", "to": "active"}),
            "player {pk} is active, not dead",
        ),
        (lambda p: pdelta(p, "skill", skill="Block", add=False), "'Block' cannot be taken away"),
        (lambda p: {"op": "staff", "key": "apothecary", "amount": -2}, "staff apothecary would"),
        (lambda p: {"op": "leave", "player": "999999"}, "player 999999 is not on the team"),
        (lambda p: pdelta(p, "favourite_colour", amount=1), "unknown player field"),
        (lambda p: {"op": "bribe", "amount": 1}, "unknown delta"),
    ],
    ids=["status", "skill", "staff", "leave", "field", "op"],
)
def test_an_impossible_delta_is_refused_and_nothing_is_written(
    coach, lrb6, make_delta, message
) -> None:
    team = orc_team(coach, lrb6)
    lineman = player(team, 1)
    before, rows = state_of(team), written()
    deltas = [{"op": "treasury", "amount": 100_000}, make_delta(lineman)]
    with pytest.raises(LedgerError, match=message.format(pk=lineman.key)):
        record(team, "adjustment", "Impossible", coach, deltas)
    # Not even the treasury delta before it: the state and the row counts are as they were.
    assert (state_of(team), written()) == (before, rows)
    assert list(team.ledger.values_list("sequence", flat=True)) == [1]


def test_taking_away_more_re_rolls_than_the_team_has_is_a_ledger_error(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    before, rows = state_of(team), written()
    # 2 re-rolls - 3 = -1: no team has fewer than none.
    with pytest.raises(LedgerError):
        record(team, "adjustment", "Too many", coach, [{"op": "rerolls", "amount": -3}])
    assert (state_of(team), written()) == (before, rows)


def test_a_team_with_a_history_cannot_be_deleted(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with pytest.raises(ProtectedError):
        team.delete()
    assert team.ledger.count() == 1


# --- Improvement rolls are ledger facts ---


def rolled(team: Team, coach, staff_user) -> Player:
    """Lineman 1 with 6 SPP (a commissioner's adjustment) and one roll of 3+4, not chosen."""
    lineman = player(team, 1)
    team_adjust(team, staff_user, "SPP from earlier matches", 0, lineman, 6)
    improvement_roll(team, coach, lineman, (3, 4))
    return lineman


def test_a_roll_and_its_choice_are_entries_with_their_own_causes(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = rolled(team, coach, staff_user)
    roll = lineman.improvements.get()
    improvement_choose(team, coach, roll, "Block")
    roll_entry, choice_entry = team.ledger.order_by("sequence")[2:]
    assert (roll_entry.kind, roll_entry.cause.kind) == ("roll", "roll")
    assert roll.key == "r3"  # the sequence of the entry that rolled it
    made = {"key": "r3", "die1": 3, "die2": 4, "source": "entered", "seed": ""}
    assert roll_entry.deltas == [
        {"op": "player", "player": lineman.key, "field": "roll", "roll": made, "add": True}
    ]
    assert (choice_entry.kind, choice_entry.cause.kind) == ("advancement", "choice")
    assert choice_entry.deltas[0] == {"op": "player", "player": lineman.key, "field": "choice",
                                      "roll": "r3", "from": "", "to": "Block"}  # fmt: skip
    assert ledger_check() == "All 1 team(s) match their ledgers.\n"


def test_ledger_check_catches_a_roll_changed_behind_the_ledger(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = rolled(team, coach, staff_user)
    raw("UPDATE teams_improvementroll SET choice = 'Block' WHERE player_id = %s", [lineman.pk])
    error, out = ledger_check_failure()
    assert str(error) == "1 difference(s) between teams and ledgers."
    assert f"player {lineman.key} (#1 Lineman 1) rolls should be (Roll(key='r3'" in out
    assert "choice='')" in out
    assert "choice='Block')" in out


def test_ledger_check_catches_a_roll_nobody_recorded(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = rolled(team, coach, staff_user)
    raw(
        "INSERT INTO teams_improvementroll (player_id, key, number, die1, die2, source, seed, "
        "choice, created_at) VALUES (%s, 'r99', 2, 6, 6, 'entered', '', '', %s)",
        [lineman.pk, "2026-11-23 12:00:00+00:00"],
    )
    error, _out = ledger_check_failure()
    assert str(error) == "1 difference(s) between teams and ledgers."
