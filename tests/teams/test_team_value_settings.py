"""Whether a player who misses the next game counts in his team's value, by each system's own
setting: LRB6's tv_excludes_missing_players (default on: he does not count), GDBBL's
team_value_injured_players (default on: he does). A house copy changes only its own system's
key."""

from __future__ import annotations

from rules.snapshot import ruleset_snapshot
from teams.ledger_rows import ledger_differences
from teams.models import Team
from teams.roster import Roster, roster
from tests.matches.rulesets import house_version
from tests.teams.helpers import dwarf_team, orc_team, record

# rules/editions/lrb6/races.yaml, Orc: Lineman 50,000, Blitzer 80,000, Black Orc Blocker
# 80,000; re-roll 60,000. helpers.orc_team: #1-5 Linemen, #6-9 Blitzers, #10-11 Black Orc
# Blockers, 2 re-rolls, fan factor 3 and an apothecary:
# 250,000 + 320,000 + 160,000 + 120,000 + 30,000 + 50,000 = 930,000.
ORC_TEAM_VALUE = 930_000
BLITZER = 80_000
# rules/editions/gdbbl/races.yaml, Dwarf: Long Beard 70,000. helpers.dwarf_team: 11 Long
# Beards, 1 re-roll (40,000), fan factor 1 (10,000), an Alchemist (150,000) = 970,000.
DWARF_TEAM_VALUE = 970_000
LONG_BEARD = 70_000


def misses_next_game(team: Team, number: int, coach) -> Roster:
    """The player wearing `number` is hurt in a match: he misses the next game."""
    who = team.players.get(number=number)
    change = {"op": "player", "player": who.key, "field": "status", "from": "active",
              "to": "missing_next_game"}  # fmt: skip
    record(team, "report", "Hurt in a match", coach, [change])
    team.refresh_from_db()
    assert ledger_differences(team) == []
    return roster(team)


def test_it_leaves_an_lrb6_player_missing_the_next_game_out_by_default(coach, lrb6) -> None:
    assert ruleset_snapshot(lrb6).settings["tv_excludes_missing_players"] is True
    team = orc_team(coach, lrb6)
    assert roster(team).value == ORC_TEAM_VALUE
    # The Blitzer's 80,000 no longer counts: 930,000 - 80,000 = 850,000.
    assert misses_next_game(team, 6, coach).value == ORC_TEAM_VALUE - BLITZER == 850_000


def test_it_counts_him_in_an_lrb6_house_copy_with_the_setting_off(coach, lrb6) -> None:
    version = house_version("lrb6", coach, tv_excludes_missing_players=False)
    assert ruleset_snapshot(version).settings["tv_excludes_missing_players"] is False
    team = orc_team(coach, version)
    # Every player on the roster counts: still 930,000.
    assert misses_next_game(team, 6, coach).value == ORC_TEAM_VALUE


def test_it_counts_a_gdbbl_player_missing_the_next_game_by_default(coach, gdbbl) -> None:
    assert ruleset_snapshot(gdbbl).settings["team_value_injured_players"] is True
    team = dwarf_team(coach, gdbbl)
    reading = misses_next_game(team, 3, coach)
    # His 70,000 still counts: 970,000, rating 970,000 // 10,000 + 0 // 5 = 97.
    assert (reading.value, reading.rating) == (DWARF_TEAM_VALUE, 97)


def test_it_leaves_him_out_in_a_gdbbl_copy_with_its_setting_off(coach, gdbbl) -> None:
    version = house_version("gdbbl", coach, team_value_injured_players=False)
    team = dwarf_team(coach, version)
    reading = misses_next_game(team, 3, coach)
    # 970,000 - 70,000 = 900,000; rating 90.
    assert (reading.value, reading.rating) == (DWARF_TEAM_VALUE - LONG_BEARD, 90)
