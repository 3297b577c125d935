"""The end of LRB6's post-game sequence (rules/engine/post_game/lrb6_roster.py), each step run
after the ones before it: value changes and the team value for the next match, spiralling
expenses, and hire and fire (the Necromancer's Zombie, Nurgle's Rotters, the journeymen
offered, the veterans who may leave after a concession). Every number is read by hand from
rules/editions/lrb6/tables.yaml (value_increases, spiralling_expenses), settings.yaml,
races.yaml and ruleset.yaml (16 players, fan factor 10,000 gp a point), lrb6-facts §4-§5 and
003 (Necromancer, Nurgle's Rot)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.engine.post_game import Change, DiceMissing, PlayerBefore, Step
from rules.engine.report_entry import CasualtyEntry, Concession, Ref
from rules.engine.ruleset import Ruleset
from tests.rules.engine.post_game.test_post_game_lrb6_casualties import (
    AWAY,
    HOME,
    LINEMAN,
    hurt,
    match,
    player,
    rules,
    run,
)
from tests.rules.scenarios import LRB6

# --- Value changes and the team value for the next match -------------------------------


def value_step(ruleset: Ruleset = LRB6, **kwargs: Any) -> Step:
    """The value changes of a match without casualties; kwargs go to match()."""
    return run(match(**kwargs), {}, ruleset)["value_changes"]


def test_an_injury_does_not_lower_value_by_default() -> None:
    before = match((player(7),), (player(5, value=90_000),),
                   casualties=[hurt(("away", 5), ("home", 7))])  # fmt: skip
    ruleset = rules(tv_excludes_missing_players=False)
    step = run(before, {"casualty for away #5": 57}, ruleset)["value_changes"]
    assert [c for c in step.changes if c.what == "value_increase"] == []
    assert step.inputs["team_value"]["away"] == 90_000 + 3 * 10_000  # he counts in full


def test_with_injuries_lower_value_minus_one_ag_takes_40000_off() -> None:
    ruleset = rules(injuries_lower_value=True, tv_excludes_missing_players=False)
    before = match((player(7),), (player(5, value=90_000),),
                   casualties=[hurt(("away", 5), ("home", 7))])  # fmt: skip
    step = run(before, {"casualty for away #5": 57}, ruleset)["value_changes"]
    lost = [c for c in step.changes if c.what == "value_increase"]
    assert [(c.side, c.number, c.key, c.amount) for c in lost] == [("away", 5, "p5", -40_000)]
    # away: 90,000 - 40,000 + fan factor 3 x 10,000
    assert step.inputs["team_value"]["away"] == 80_000


@pytest.mark.parametrize(
    ("roll", "code", "value"), [(53, "MA", 30_000), (55, "AV", 30_000), (58, "ST", 50_000)]
)
def test_each_characteristic_lowers_value_by_its_increase(roll: int, code: str, value: int) -> None:
    ruleset = rules(injuries_lower_value=True)
    before = match((player(7),), (player(5),), casualties=[hurt(("away", 5), ("home", 7))])
    step = run(before, {"casualty for away #5": roll}, ruleset)["value_changes"]
    assert [c.amount for c in step.changes if c.what == "value_increase"] == [-value]


def test_an_injury_at_the_floor_lowers_no_value() -> None:
    ruleset = rules(injuries_lower_value=True)
    floored = player(5, now={**LINEMAN, "AG": 1})
    before = match((player(7),), (floored,), casualties=[hurt(("away", 5), ("home", 7))])
    step = run(before, {"casualty for away #5": 57}, ruleset)["value_changes"]
    assert [c for c in step.changes if c.what == "value_increase"] == []


def test_a_player_killed_after_losing_a_characteristic_keeps_no_value_change() -> None:
    # Decay: 53 (-1 MA) and then 61 (dead): the dead keep nothing but their death
    ruleset = rules(injuries_lower_value=True)
    rotter = player(5, skills=("Decay",))
    before = match((player(7),), (rotter,), casualties=[hurt(("away", 5), ("home", 7))])
    rolled = {"casualty for away #5": 53, "Decay casualty for away #5": 61}
    step = run(before, rolled, ruleset)["value_changes"]
    assert [c for c in step.changes if c.number == 5] == []
    assert step.inputs["team_value"]["away"] == 3 * 10_000


def test_a_player_who_sat_out_his_injury_may_play_again() -> None:
    sat_out = player(4, "Ann", status="missing_next_game", played=False)
    step = value_step(home=(sat_out, player(7)))
    assert step.changes == (
        Change("home", "status", 0, 4, "p4", "sat out his injury", "active", "missing_next_game"),
    )
    assert f"{HOME} #4 Ann has sat out his injury: able to play again." in step.result


def test_a_player_who_played_is_not_made_active_by_the_value_changes() -> None:
    step = value_step(home=(player(4, status="missing_next_game", played=True),))
    assert [c for c in step.changes if c.what == "status"] == []


# Home: #1 Blitzer 90,000, #2 Catcher 70,000 (hurt: 41, misses the next match), #3 Lineman
# 50,000 (killed: 61), #4 Lineman 50,000 (sat out his injury: plays again), a journeyman
# 50,000 (a one-game hire); 3 re-rolls x 50,000 = 150,000; fan factor 4 + 1 after the win.
TEAM = (
    player(1, value=90_000, position="Blitzer"),
    player(2, value=70_000, position="Catcher"),
    player(3),
    player(4, status="missing_next_game", played=False),
    player(12, kind="journeyman"),
)
TEAM_DICE = {"casualty for home #2": 41, "casualty for home #3": 61}


@pytest.mark.parametrize(
    ("excludes", "home"),
    [
        (True, 90_000 + 50_000 + 150_000 + 5 * 10_000),  # 340,000
        (False, 90_000 + 70_000 + 50_000 + 150_000 + 5 * 10_000),  # 410,000
    ],
)
def test_team_value_counts_the_players_able_to_play_next(excludes: bool, home: int) -> None:
    before = match(
        TEAM, (player(7, value=90_000), player(8)), value_rest=(150_000, 140_000),
        casualties=[hurt(("home", 2), ("away", 7)), hurt(("home", 3), ("away", 8))],
    )  # fmt: skip
    step = run(before, TEAM_DICE, rules(tv_excludes_missing_players=excludes))["value_changes"]
    # away: 90,000 + 50,000 + 140,000 + fan factor 3 x 10,000 (unchanged after the loss)
    assert step.inputs == {"team_value": {"home": home, "away": 310_000}}
    assert f"{HOME}: team value for the next match {home:,} gp." in step.result
    assert f"{AWAY}: team value for the next match 310,000 gp." in step.result


# --- Spiralling expenses: 10,000 per started 150,000 from 1,750,000 ------------------------

# Home wins 50,000 gp and keeps fan factor 4 (3D6 4, not above 4): its team value is
# value_rest + 40,000.
EVEN_FANS = {"fan factor for home": [1, 1, 2]}


def expenses(tv: int, ruleset: Ruleset = LRB6, treasury: int = 0) -> dict[str, Step]:
    before = match(value_rest=(tv - 40_000, 0), treasury=(treasury, 0))
    return run(before, EVEN_FANS, ruleset)


@pytest.mark.parametrize(
    ("tv", "expense"),
    [
        (1_000_000, 0),
        (1_740_000, 0),
        (1_750_000, 10_000),
        (1_890_000, 10_000),
        (1_899_999, 10_000),
        (1_900_000, 20_000),
        (2_040_000, 20_000),
        (2_050_000, 30_000),
        (3_100_000, 100_000),  # 1 + 1,350,000 / 150,000 = 10 bands
        (3_250_000, 110_000),  # no cap by default
    ],
)
def test_spiralling_expenses_by_team_value(tv: int, expense: int) -> None:
    steps = expenses(tv, treasury=200_000)
    assert steps["value_changes"].inputs["team_value"]["home"] == tv
    assert steps["expenses"].inputs == {"expenses": {"home": expense, "away": 0}}
    paid = [c for c in steps["expenses"].changes if c.side == "home"]
    assert paid == ([Change("home", "treasury", -expense, why="spiralling expenses")]
                    if expense else [])  # fmt: skip


def test_the_words_say_where_the_money_comes_from() -> None:
    assert steps_words(1_750_000) == (
        f"{HOME}: team value 1,750,000, spiralling expenses 10,000 gp from the winnings."
    )
    assert steps_words(1_740_000) == f"{HOME}: team value 1,740,000, no spiralling expenses."
    # 2,500,000: 1 + 750,000 / 150,000 = 6 bands, 60,000 = 50,000 won + 10,000 kept
    assert steps_words(2_500_000, treasury=20_000) == (
        f"{HOME}: team value 2,500,000, spiralling expenses 60,000 gp: 50,000 from the winnings "
        "and 10,000 from the treasury."
    )


def steps_words(tv: int, treasury: int = 0) -> str:
    return expenses(tv, treasury=treasury)["expenses"].result.split(f" {AWAY}:")[0]


@pytest.mark.parametrize(
    ("cap", "expense"), [(0, 60_000), (20_000, 20_000), (60_000, 60_000), (100_000, 60_000)]
)
def test_the_cap_limits_the_expense(cap: int, expense: int) -> None:
    steps = expenses(2_500_000, rules(spiralling_expenses_cap=cap))
    assert steps["expenses"].inputs["expenses"]["home"] == expense


@pytest.mark.parametrize(
    ("negative", "paid", "treasury_after"),
    [(False, 55_000, 0), (True, 60_000, -5_000)],
)
def test_an_expense_beyond_winnings_and_treasury(
    negative: bool, paid: int, treasury_after: int
) -> None:
    # 2,500,000: 60,000 owed; 5,000 in the treasury and 50,000 won
    ruleset = rules(spiralling_expenses_may_go_negative=negative)
    steps = expenses(2_500_000, ruleset, treasury=5_000)
    assert steps["expenses"].changes == (
        Change("home", "treasury", -paid, why="spiralling expenses"),
    )
    won = sum(c.amount for c in steps["winnings"].changes if c.side == "home")
    assert won == 50_000
    assert 5_000 + won - paid == treasury_after


def test_a_loser_with_an_empty_treasury_pays_only_his_winnings() -> None:
    # a home loss: (D6 4 + FAME 0) x 10,000 = 40,000 won, the treasury at 0; 2D6 8 against
    # fan factor 4 after a loss: stays. TV 2,460,000 + 40,000 = 2,500,000: 60,000 owed.
    before = match(value_rest=(2_460_000, 0), score=(0, 1))
    steps = run(before, {"fan factor for home": [4, 4], "fan factor for away": [1, 1, 1]})
    assert steps["value_changes"].inputs["team_value"]["home"] == 2_500_000
    assert steps["expenses"].changes == (
        Change("home", "treasury", -40_000, why="spiralling expenses"),
    )
    assert "only 40,000 could be paid (the treasury stops at 0)" in steps["expenses"].result


# --- Hire and fire: a Necromancer's Zombie ---------------------------------------------------


def joins(step: Step) -> list[tuple[str, int, str, str, str]]:
    """(side, shirt, key, position, name) of each player who joins."""
    return [(c.side, c.number, c.key, c.detail, c.name) for c in step.changes if c.what == "join"]


# The undead home team: #1, #2, #3, #5 (#4 is free); it kills away #6 "Bob" (a Lineman, ST 3).
UNDEAD = tuple(player(n, position="Skeleton") for n in (1, 2, 3, 5))


def killed(victim: PlayerBefore, *, home=UNDEAD, races=("undead", "human"), raised=None):
    """Home's #1 kills away `victim` (D68 61) in a block; the match and its dice."""
    before = match(
        home, (victim,), races=races,
        casualties=[hurt(("away", victim.number), ("home", 1))],
        raised={"home": (victim.number,) if raised is None else raised},
    )  # fmt: skip
    return before, {f"casualty for away #{victim.number}": 61}


@pytest.mark.parametrize("race", ["undead", "necromantic"])
def test_a_necromancer_raises_a_killed_opponent_as_a_zombie(race: str) -> None:
    before, rolled = killed(player(6, "Bob"), races=(race, "human"))
    step = run(before, rolled)["hires"]
    # the lowest free shirt number, the victim's name, position Zombie, no ledger key yet
    assert joins(step) == [("home", 4, "", "Zombie", "Bob")]
    assert [c.amount for c in step.changes if c.what == "join"] == [1]
    assert f"{HOME}: Bob rises as a Zombie, free, #4" in step.result


def test_a_zombie_joins_after_the_expenses_and_value_changes() -> None:
    before, rolled = killed(player(6, "Bob"))
    steps = run(before, rolled)
    assert steps["value_changes"].inputs["team_value"]["home"] == 4 * 50_000 + 5 * 10_000


@pytest.mark.parametrize(
    ("victim", "why"),
    [
        (player(6, "Bob", now={**LINEMAN, "ST": 5}), "has strength 5, more than 4"),
        (player(6, "Bob", skills=("Regeneration",)), "has Regeneration"),
        (player(6, "Bob", skills=("Stunty", "Dodge")), "has Stunty"),
    ],
)
def test_who_may_not_rise_as_a_zombie(victim: PlayerBefore, why: str) -> None:
    before, rolled = killed(victim)
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he {why}." in step.result


def test_strength_four_may_rise() -> None:
    before, rolled = killed(player(6, "Bob", now={**LINEMAN, "ST": 4}))
    assert joins(run(before, rolled)["hires"]) == [("home", 4, "", "Zombie", "Bob")]


def test_a_victim_who_was_not_killed_does_not_rise() -> None:
    before, rolled = killed(player(6, "Bob"))
    step = run(before, {**rolled, "casualty for away #6": 48})["hires"]
    assert joins(step) == []
    assert "he was not killed in this match" in step.result


def test_a_victim_whose_apothecary_saved_him_does_not_rise() -> None:
    before = match(UNDEAD, (player(6, "Bob"),), races=("undead", "human"),
                   casualties=[hurt(("away", 6), ("home", 1), helper="apothecary", kept="second")],
                   raised={"home": (6,)})  # fmt: skip
    rolled = {"casualty for away #6": 61, "apothecary's casualty for away #6": 38}
    assert joins(run(before, rolled)["hires"]) == []


def test_a_necromancer_raises_one_zombie_per_match() -> None:
    victims = (player(6, "Bob"), player(8, "Carl"))
    before = match(
        UNDEAD, victims, races=("undead", "human"), raised={"home": (6, 8)},
        casualties=[hurt(("away", 6), ("home", 1)), hurt(("away", 8), ("home", 2))],
    )  # fmt: skip
    step = run(before, {"casualty for away #6": 61, "casualty for away #8": 63})["hires"]
    assert joins(step) == [("home", 4, "", "Zombie", "Bob")]
    assert "may not raise Carl: he comes too late" in step.result


FULL = tuple(player(n) for n in range(1, 17))  # 16 players: #1 to #16


def test_a_full_roster_raises_no_zombie() -> None:
    before, rolled = killed(player(20, "Bob"), home=FULL)
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he finds no place: {HOME} has 16 players." in step.result


def test_a_full_roster_that_lost_a_player_raises_a_zombie_in_his_place() -> None:
    before = match(
        FULL, (player(20, "Bob"), player(21)), races=("undead", "human"), raised={"home": (20,)},
        casualties=[hurt(("away", 20), ("home", 1)), hurt(("home", 9), ("away", 21))],
    )  # fmt: skip
    step = run(before, {"casualty for away #20": 61, "casualty for home #9": 67})["hires"]
    # 15 left; the dead keep their shirts, as everywhere on a team: #17 is the lowest free.
    assert joins(step) == [("home", 17, "", "Zombie", "Bob")]


def test_a_full_roster_with_a_player_missing_the_next_game_is_still_full() -> None:
    before = match(
        FULL, (player(20, "Bob"), player(21)), races=("undead", "human"), raised={"home": (20,)},
        casualties=[hurt(("away", 20), ("home", 1)), hurt(("home", 9), ("away", 21))],
    )  # fmt: skip
    step = run(before, {"casualty for away #20": 61, "casualty for home #9": 45})["hires"]
    assert joins(step) == []


def test_a_human_team_may_not_raise_anyone() -> None:
    before, rolled = killed(player(6, "Bob"), races=("human", "human"))
    assert joins(run(before, rolled)["hires"]) == []


def test_nobody_rises_unless_the_coach_took_him() -> None:
    before, rolled = killed(player(6, "Bob"), raised=())
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert step.result == "Nobody joins or leaves."


# --- Hire and fire: Nurgle's Rotters ------------------------------------------------------

# The Nurgle home team: #1 Pestigor, #2 and #3 Rotters (all with Nurgle's Rot), and a star
# player hired for the match without it (#20).
NURGLE = (
    player(1, position="Pestigor", skills=("Horns", "Nurgle's Rot", "Regeneration")),
    player(2, position="Rotter", skills=("Decay", "Nurgle's Rot")),
    player(3, position="Rotter", skills=("Decay", "Nurgle's Rot")),
    player(20, "Star", kind="star", position="Star", skills=("Block", "Mighty Blow")),
)
NOT_ROTTED = "was not killed by a player with Nurgle's Rot"


def rotted(
    victims: tuple[PlayerBefore, ...], by: int = 1, action: str = "block", home=NURGLE
) -> tuple[Any, dict]:
    """Home's #`by` kills each of `victims` (D68 61) and takes them on."""
    before = match(
        home, victims, races=("nurgle", "human"),
        raised={"home": tuple(v.number for v in victims)},
        casualties=[hurt(("away", v.number), ("home", by), action) for v in victims],
    )  # fmt: skip
    return before, {f"casualty for away #{v.number}": 61 for v in victims}


@pytest.mark.parametrize(("by", "action"), [(1, "block"), (2, "blitz"), (3, "foul")])
def test_a_player_killed_by_nurgles_rot_joins_as_a_rotter(by: int, action: str) -> None:
    before, rolled = rotted((player(6, "Bob"),), by=by, action=action)
    step = run(before, rolled)["hires"]
    # the lowest free shirt number (#1, #2, #3 taken; the star is no roster player)
    assert joins(step) == [("home", 4, "", "Rotter", "Bob")]
    assert f"{HOME}: Bob rises as a Rotter, free, #4" in step.result


def test_rotters_have_no_limit_per_match() -> None:
    before, rolled = rotted((player(6, "Bob"), player(8, "Carl")), by=2)
    step = run(before, rolled)["hires"]
    assert joins(step) == [("home", 4, "", "Rotter", "Bob"), ("home", 5, "", "Rotter", "Carl")]


def test_a_player_killed_by_one_without_nurgles_rot_does_not_rise() -> None:
    before, rolled = rotted((player(6, "Bob"),), by=20)
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he {NOT_ROTTED}." in step.result


@pytest.mark.parametrize("action", ["pass", "other", "none"])
def test_a_player_killed_outside_a_block_blitz_or_foul_does_not_rise(action: str) -> None:
    before, rolled = rotted((player(6, "Bob"),), action=action)
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he was not killed in a Block, Blitz or Foul." in (
        step.result
    )


@pytest.mark.parametrize(
    ("skills", "why"),
    [(("Decay",), "Decay"), (("Regeneration",), "Regeneration"), (("Stunty", "Dodge"), "Stunty")],
)
def test_who_may_not_rise_as_a_rotter(skills: tuple[str, ...], why: str) -> None:
    before, rolled = rotted((player(6, "Bob", skills=skills),))
    step = run(before, {**rolled, "Decay casualty for away #6": 38})["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he has {why}." in step.result


def test_a_strong_victim_may_not_rise_as_a_rotter() -> None:
    before, rolled = rotted((player(6, "Bob", now={**LINEMAN, "ST": 5}),))
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he has strength 5, more than 4." in step.result


def test_a_full_nurgle_roster_takes_no_rotter() -> None:
    home = (*NURGLE, *(player(n) for n in range(4, 17)))  # 16 roster players and the star
    before, rolled = rotted((player(21, "Bob"),), home=home)
    step = run(before, rolled)["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he finds no place: {HOME} has 16 players." in step.result


def nurgle_rotters_at_most(limit: int) -> Ruleset:
    """A house copy of LRB6 whose Nurgle teams have at most `limit` Rotters (LRB6: 16)."""
    race = LRB6.races["nurgle"]
    positions = tuple(
        replace(p, max_quantity=limit) if p.name == "Rotter" else p for p in race.positions
    )
    return replace(LRB6, races={**LRB6.races, "nurgle": replace(race, positions=positions)})


@pytest.mark.parametrize("limit", [1, 2])
def test_a_nurgle_team_at_its_rotter_limit_takes_no_rotter(limit: int) -> None:
    before, rolled = rotted((player(6, "Bob"),))  # #2 and #3 are Rotters
    step = run(before, rolled, nurgle_rotters_at_most(limit))["hires"]
    assert joins(step) == []
    assert f"{HOME} may not raise Bob: he finds no place: {HOME} has 2 Rotters already." in (
        step.result
    )


def test_a_nurgle_team_below_its_rotter_limit_takes_one_more() -> None:
    before, rolled = rotted((player(6, "Bob"), player(8, "Carl")))
    step = run(before, rolled, nurgle_rotters_at_most(3))["hires"]
    assert joins(step) == [("home", 4, "", "Rotter", "Bob")]
    assert f"{HOME} may not raise Carl: he finds no place: {HOME} has 3 Rotters already." in (
        step.result
    )


def test_a_zombie_may_come_from_any_death_not_only_a_block() -> None:
    # 003 Necromancer names no action: a victim pushed into the crowd and killed rises too
    crowd = CasualtyEntry(Ref("away", 6), Ref("home", 1), "block", "crowd")
    before = match(UNDEAD, (player(6, "Bob"),), races=("undead", "human"),
                   casualties=[crowd], raised={"home": (6,)})  # fmt: skip
    step = run(before, {"casualty for away #6": 61})["hires"]
    assert joins(step) == [("home", 4, "", "Zombie", "Bob")]


# --- Hire and fire: journeymen ---------------------------------------------------------------


def test_the_journeymen_who_played_and_lived_are_offered() -> None:
    home = (player(1), player(11, "Jon", kind="journeyman"), player(12, "Jim", kind="journeyman"),
            player(20, "Griff", kind="star"), player(21, "Merc", kind="mercenary"))  # fmt: skip
    before = match(home, (player(5),), casualties=[hurt(("home", 12), ("away", 5))])
    step = run(before, {"casualty for home #12": 61})["hires"]
    assert step.inputs == {"journeymen": {"home": [11], "away": []}}
    assert f"{HOME} may hire journeyman #11 Jon for good at 50,000 gp before its next match." in (
        step.result
    )
    assert "#12" not in step.result


def test_a_hurt_journeyman_is_still_offered_at_his_position_cost() -> None:
    home = (player(1), player(11, "Jon", kind="journeyman", value=70_000))
    before = match(home, (player(5),), casualties=[hurt(("home", 11), ("away", 5))])
    step = run(before, {"casualty for home #11": 53})["hires"]
    assert step.inputs == {"journeymen": {"home": [11], "away": []}}
    assert "journeyman #11 Jon for good at 70,000 gp" in step.result


# --- Hire and fire: veterans who may leave after a concession --------------------------------

# Away concedes: #7 (48 SPP + a touchdown's 3 = 51), #8 (60), #9 (50: too few), #10 (51, killed).
VETERANS = (player(7, "Ann", spp=48), player(8, "Ben", spp=60), player(9, "Cid", spp=50),
            player(10, "Dan", spp=51))  # fmt: skip


def conceded(forced: bool = False, **rolled: int) -> tuple[Any, dict]:
    before = match(
        (player(1),), VETERANS, score=(0, 1), lines={"away": {7: {"touchdown": 1}}},
        concession=Concession("away", 2, forced=forced),
        casualties=[hurt(("away", 10), ("home", 1))],
    )  # fmt: skip
    dice = {"casualty for away #10": 62, "veteran for away #7": 3, "veteran for away #8": 4}
    return before, {**dice, **rolled}


def veteran_dice(step: Step) -> list[tuple[str, tuple[int, ...]]]:
    return [(d.purpose, d.values) for d in step.dice]


def test_after_a_concession_each_veteran_rolls_and_leaves_on_one_to_three() -> None:
    step = run(*conceded())["hires"]
    assert veteran_dice(step) == [("veteran for away #7", (3,)), ("veteran for away #8", (4,))]
    assert step.changes == (
        Change("away", "status", 0, 7, "p7", "left after the concession", "retired", "active"),
    )
    assert "#7 Ann (51 SPP) rolls 3: leaves the team." in step.result
    assert "#8 Ben (60 SPP) rolls 4: stays." in step.result


@pytest.mark.parametrize(("die", "leaves"), [(1, True), (3, True), (4, False), (6, False)])
def test_a_veteran_leaves_on_one_to_three(die: int, leaves: bool) -> None:
    step = run(*conceded(**{"veteran for away #8": die}))["hires"]
    left = [c.number for c in step.changes if c.what == "status" and c.detail == "retired"]
    assert (8 in left) == leaves


def test_a_veteran_missing_the_next_game_leaves_from_there() -> None:
    before, rolled = conceded()
    before = replace(before, report=replace(before.report, casualties=(
        *before.report.casualties, hurt(("away", 7), ("home", 1)))))  # fmt: skip
    step = run(before, {**rolled, "casualty for away #7": 44})["hires"]
    assert Change("away", "status", 0, 7, "p7", "left after the concession", "retired",
                  "missing_next_game") in step.changes  # fmt: skip


def test_a_missing_veteran_die_is_named() -> None:
    before, rolled = conceded()
    del rolled["veteran for away #8"]
    with pytest.raises(DiceMissing) as raised:
        run(before, rolled)
    assert raised.value.needs == (("veteran for away #8", "D6"),)


def test_after_a_forced_concession_no_veteran_rolls() -> None:
    step = run(*conceded(forced=True))["hires"]
    assert step.dice == ()
    assert [c for c in step.changes if c.what == "status"] == []


def test_a_forced_concession_with_its_penalties_on_rolls_for_veterans() -> None:
    ruleset = rules(concession_penalties_when_forced=True)
    step = run(*conceded(forced=True), ruleset)["hires"]
    assert [d.purpose for d in step.dice] == ["veteran for away #7", "veteran for away #8"]


def test_with_the_setting_off_no_veteran_rolls() -> None:
    step = run(*conceded(), rules(concession_veterans_may_leave=False))["hires"]
    assert step.dice == ()
    assert step.changes == ()


def test_without_a_concession_no_veteran_rolls() -> None:
    before = match((player(1),), VETERANS, score=(0, 1))
    step = run(before, {"fan factor for home": [1, 1], "fan factor for away": [1, 1, 1]})["hires"]
    assert step.dice == ()
    assert step.result == "Nobody joins or leaves."
