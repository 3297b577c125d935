"""Team value (LRB6) and team rating (GDBBL), worked through teams built by team_create and
changed through ledger entries, each with its arithmetic."""

from __future__ import annotations

from rules.models import Position, Setting
from rules.snapshot import ruleset_snapshot
from teams.ledger_rows import ledger_differences, state_of
from teams.models import Player, Team
from teams.roster import Roster, roster
from teams.services import team_create
from tests.teams.helpers import dwarf_team, orc_team, record, squad


def reread(team: Team) -> Roster:
    team.refresh_from_db()
    return roster(team)


def player(team: Team, number: int) -> Player:
    return team.players.get(number=number)


def status(who: Player, to: str, was: str = "active") -> dict:
    return {"op": "player", "player": who.key, "field": "status", "from": was, "to": to}


def counter(who: Player, field: str, amount: int) -> dict:
    return {"op": "player", "player": who.key, "field": field, "amount": amount}


def skill(who: Player, name: str) -> dict:
    return {"op": "player", "player": who.key, "field": "skill", "skill": name, "add": True}


def append(team: Team, coach, deltas: list[dict], kind: str = "adjustment") -> Roster:
    record(team, kind, "A change for the test", coach, deltas)
    reading = reread(team)
    assert ledger_differences(team) == []
    return reading


# --- LRB6: value of players able to play the next match, re-rolls at the base price ---
# The Orc team of helpers.orc_team: numbers 1-5 Linemen (50,000), 6-9 Blitzers (80,000),
# 10-11 Black Orc Blockers (80,000); 2 re-rolls, fan factor 3, an apothecary.


def test_lrb6_a_new_team_is_worth_what_it_cost(coach, lrb6) -> None:
    reading = roster(orc_team(coach, lrb6))
    # Players 250,000 + 320,000 + 160,000 = 730,000; re-rolls 2 x 60,000 = 120,000;
    # fan factor 3 x 10,000 = 30,000; apothecary 50,000: 730 + 120 + 30 + 50 = 930,000.
    assert reading.value == 930_000
    assert reading.rating is None  # LRB6 has no team rating
    assert [row.value for row in reading.rows] == [50_000] * 5 + [80_000] * 6


def test_lrb6_a_player_missing_the_next_game_is_left_out(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    reading = append(team, coach, [status(player(team, 6), "missing_next_game")], "report")
    # 930,000 - the Blitzer's 80,000 = 850,000.
    assert reading.value == 850_000
    # He plays again after the match he missed: 850,000 + 80,000 = 930,000.
    reading = append(team, coach, [status(player(team, 6), "active", was="missing_next_game")])
    assert reading.value == 930_000


def test_lrb6_a_dead_retired_or_fired_player_is_left_out(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    reading = append(team, coach, [status(player(team, 1), "dead")], "report")
    # 930,000 - a Lineman's 50,000 = 880,000.
    assert reading.value == 880_000
    reading = append(team, coach, [status(player(team, 2), "retired")])
    # 880,000 - another Lineman's 50,000 = 830,000.
    assert reading.value == 830_000
    reading = append(team, coach, [status(player(team, 10), "fired")], "purchase")
    # 830,000 - a Black Orc Blocker's 80,000 = 750,000.
    assert reading.value == 750_000


def test_lrb6_a_skill_raises_the_players_and_the_teams_value(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blocker = player(team, 10)
    reading = append(
        team, coach, [counter(blocker, "spp", 6), skill(blocker, "Block"),
                      counter(blocker, "value_increase", 20_000)], "report",
    )  # fmt: skip
    # The Black Orc Blocker: 80,000 + 20,000 = 100,000; the team: 930,000 + 20,000 = 950,000.
    row = next(row for row in reading.rows if row.player.number == 10)
    assert row.value == 100_000
    assert row.gained_skills == ("Block",)
    assert reading.value == 950_000
    # A characteristic increase is worth 30,000 more: 950,000 + 30,000 = 980,000.
    reading = append(
        team, coach, [{"op": "player", "player": blocker.key, "field": "characteristic",
                       "characteristic": "ST", "amount": 1},
                      counter(blocker, "value_increase", 30_000)], "report",
    )  # fmt: skip
    assert reading.value == 980_000


def test_lrb6_an_improved_player_missing_a_game_is_left_out_with_his_increase(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = player(team, 6)
    append(team, coach, [counter(blitzer, "value_increase", 20_000)], "report")
    reading = append(team, coach, [status(blitzer, "missing_next_game")], "report")
    # 930,000 + 20,000 (his skill) - (80,000 + 20,000) (he misses the game) = 850,000.
    assert reading.value == 850_000


def test_lrb6_a_re_roll_bought_later_counts_at_the_base_price(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    append(team, coach, [{"op": "treasury", "amount": 60_000}], "report")
    reading = append(
        team, coach, [{"op": "treasury", "amount": -120_000}, {"op": "rerolls", "amount": 1}],
        "purchase",
    )  # fmt: skip
    # Treasury: 70,000 + 60,000 winnings - 120,000 (2 x 60,000 after creation) = 10,000.
    assert reading.team.treasury == 10_000
    assert reading.team.rerolls == 3
    # Value: 930,000 + 60,000 (the base price, not the 120,000 paid) = 990,000; the treasury
    # is not part of team value.
    assert reading.value == 990_000


def test_lrb6_staff_and_fan_factor_count_at_their_price(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    reading = append(
        team, coach, [{"op": "treasury", "amount": -30_000},
                      {"op": "staff", "key": "assistant_coach", "amount": 1},
                      {"op": "staff", "key": "cheerleader", "amount": 2}], "purchase",
    )  # fmt: skip
    # 930,000 + 1 assistant coach 10,000 + 2 cheerleaders 2 x 10,000 = 960,000;
    # treasury 70,000 - 30,000 = 40,000.
    assert (reading.value, reading.team.treasury) == (960_000, 40_000)
    reading = append(team, coach, [{"op": "fan_factor", "amount": 1}], "report")
    # Fan factor 3 -> 4: 960,000 + 10,000 = 970,000.
    assert reading.value == 970_000
    reading = append(team, coach, [{"op": "staff", "key": "apothecary", "amount": -1}])
    # Without the apothecary: 970,000 - 50,000 = 920,000.
    assert reading.value == 920_000


def test_lrb6_a_free_zombie_counts_at_full_value(coach, lrb6) -> None:
    # 2 Ghouls 140,000 + 2 Wights 180,000 + 2 Flesh Golems 220,000 + 5 Zombies 200,000
    # = 740,000; 2 re-rolls 2 x 70,000 = 140,000; fan factor 2 20,000; the necromancer is
    # free: 900,000 spent, 100,000 left.
    team = team_create(
        coach, lrb6, "Grave Robbers", "necromantic",
        squad((2, "Ghoul"), (2, "Wight"), (2, "Flesh Golem"), (5, "Zombie")),
        rerolls=2, fan_factor=2, staff={"necromancer": 1},
    )  # fmt: skip
    assert team.treasury == 100_000
    assert roster(team).value == 900_000  # 740,000 + 140,000 + 20,000 + 0 (necromancer)
    before = state_of(team)
    zombie = Player.objects.create(
        team=team, position=Position.objects.get(race=team.race, name="Zombie"), number=12,
        name="Raised Zombie", key="p12",
    )  # fmt: skip
    join = {"op": "join", "player": zombie.key, "number": 12, "name": "Raised Zombie",
            "position": "Zombie"}  # fmt: skip
    record(team, "report", "Raised by the necromancer", coach, [join], before=before)
    reading = reread(team)
    # Nothing paid (treasury still 100,000), yet he is worth 40,000: 900,000 + 40,000.
    assert reading.team.treasury == 100_000
    assert reading.value == 940_000
    assert ledger_differences(team) == []


# --- GDBBL: team value per its settings, rating = value // 10,000 + SPP // 5 ---
# The Dwarf team of helpers.dwarf_team: 11 Long Beards (70,000), 1 re-roll (40,000),
# fan factor 1, a Dwarf Alchemist (150,000).


def test_gdbbl_a_new_team_is_rated_by_its_value(coach, gdbbl) -> None:
    reading = roster(dwarf_team(coach, gdbbl))
    # 11 x 70,000 = 770,000 + re-roll 40,000 + fan factor 10,000 + alchemist 150,000
    # = 970,000; rating 970,000 // 10,000 + 0 // 5 = 97.
    assert reading.value == 970_000
    assert reading.rating == 97


def test_gdbbl_injured_players_count_in_value_by_default(coach, gdbbl) -> None:
    setting = Setting.objects.get(version=gdbbl, key="team_value_injured_players")
    assert (setting.default, setting.value) == (True, True)
    assert ruleset_snapshot(gdbbl).settings["team_value_injured_players"] is True
    team = dwarf_team(coach, gdbbl)
    reading = append(team, coach, [status(player(team, 3), "missing_next_game")], "report")
    # Unlike LRB6, his 70,000 still counts: 970,000, rating 97.
    assert (reading.value, reading.rating) == (970_000, 97)


def test_gdbbl_a_dead_player_and_his_spp_leave_the_rating(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    veteran = player(team, 4)
    reading = append(team, coach, [counter(veteran, "spp", 10)], "report")
    # 970,000 // 10,000 + 10 // 5 = 97 + 2 = 99.
    assert reading.rating == 99
    reading = append(team, coach, [status(veteran, "dead")], "report")
    # 970,000 - 70,000 = 900,000; his 10 SPP no longer count: 90 + 0 // 5 = 90.
    assert (reading.value, reading.rating) == (900_000, 90)


def test_gdbbl_the_rating_rounds_each_part_down(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    reading = append(
        team, coach, [counter(player(team, 1), "value_increase", 45_000),
                      counter(player(team, 2), "spp", 3)],
    )  # fmt: skip
    # A commissioner's 45,000 adjustment: 970,000 + 45,000 = 1,015,000;
    # 1,015,000 // 10,000 = 101 (not 101.5) and 3 // 5 = 0: rating 101.
    assert (reading.value, reading.rating) == (1_015_000, 101)
    reading = append(team, coach, [counter(player(team, 5), "spp", 6)], "report")
    # 3 + 6 = 9 SPP: 9 // 5 = 1, so 101 + 1 = 102.
    assert reading.rating == 102


def test_gdbbl_spp_of_every_living_player_add_up(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    reading = append(
        team, coach, [counter(player(team, 1), "spp", 9), counter(player(team, 2), "spp", 5)],
        "report",
    )  # fmt: skip
    # 9 + 5 = 14 SPP: 14 // 5 = 2; 97 + 2 = 99 (each player alone would give 1 + 1 = 2 too,
    # but 4 + 4 SPP would give 8 // 5 = 1, not 0 + 0).
    assert (reading.spp, reading.rating) == (14, 99)
    reading = append(
        team, coach, [counter(player(team, 1), "spp", -5), counter(player(team, 3), "spp", 4)]
    )
    # 4 + 5 + 4 = 13 SPP: 13 // 5 = 2: still 99.
    assert reading.rating == 99


def test_gdbbl_a_re_roll_bought_later_counts_at_the_list_price(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    append(team, coach, [{"op": "treasury", "amount": 60_000}], "report")
    reading = append(
        team, coach, [{"op": "treasury", "amount": -80_000}, {"op": "rerolls", "amount": 1}],
        "purchase",
    )  # fmt: skip
    # Paid 2 x 40,000 = 80,000 (treasury 30,000 + 60,000 - 80,000 = 10,000), but valued at
    # the 40,000 list price (setting team_value_reroll_price: list_price):
    # 970,000 + 40,000 = 1,010,000; rating 101.
    assert reading.team.treasury == 10_000
    assert (reading.value, reading.rating) == (1_010_000, 101)


def test_gdbbl_staff_and_fan_factor_count_in_value(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    reading = append(
        team, coach, [{"op": "staff", "key": "assistant_coach", "amount": 1},
                      {"op": "staff", "key": "apothecary", "amount": 2},
                      {"op": "fan_factor", "amount": 2}],
    )  # fmt: skip
    # 970,000 + assistant coach 10,000 + 2 apothecaries 2 x 50,000 + fan factor 2 x 10,000
    # = 1,100,000; rating 110.
    assert (reading.value, reading.rating) == (1_100_000, 110)


def test_gdbbl_the_free_undead_necromancer_adds_nothing(coach, gdbbl) -> None:
    team = team_create(
        coach, gdbbl, "Restless Dead", "undead", squad((11, "Skeleton")), fan_factor=1,
        staff={"necromancer": 1},
    )  # fmt: skip
    reading = roster(team)
    # 11 x 30,000 = 330,000 + fan factor 10,000 + necromancer 0 = 340,000; rating 34;
    # treasury 1,000,000 - 340,000 = 660,000.
    assert team.treasury == 660_000
    assert (reading.value, reading.rating) == (340_000, 34)
