"""GDBBL's post-game sequence after the injuries (rules/engine/post_game/gdbbl.py), each step run
after the ones before it: winnings at each edge of the gate rows and the rating columns, the
Dwarf Alchemist and a gate nobody recorded; the SPP of each award and who earns none; the fan
factor roll with each modifier, its floor and ceiling and its settings; the M marks rubbed
out and the freebooters gone; the purchases' words; the team rating as the roster stands
after the match; and the order of the steps, which a house copy may not break.

Every number is read by hand from 001 ("Team winnings", "Star Player Points", "Fan factor",
"Purchases", "Team Ratings", the team lists, the star players), the notes
(seed-gdbbl-1st-blitz.md §A.4) and rules/editions/gdbbl/ (tables.yaml winnings, spp_awards,
fan_factor_roll, team_rating, post_game_sequence; settings.yaml)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.engine.errors import RulesError
from rules.engine.post_game import (
    REQUIRED_STEPS,
    DiceMissing,
    PlayerBefore,
    Step,
    post_game,
    sequence_of,
    sequence_problems,
)
from rules.engine.report_entry import Concession
from rules.engine.ruleset import Ruleset
from tests.rules.engine.post_game.test_post_game_gdbbl_injuries import (
    AWAY,
    BOB,
    FIRST_DICE,
    GDBBL,
    HOME,
    ZOMBIE_COST,
    dice,
    hurt,
    match,
    player,
    rules,
    run,
    skeleton,
)

# 001's post-match box and the steps its text adds, in the notes' order (§A.4).
ORDER = ["injuries", "winnings", "mvp", "spp", "fan_factor", "clear_and_expire", "purchases",
         "team_rating"]  # fmt: skip


def changes(step: Step, what: str | None = None) -> list[tuple[Any, ...]]:
    """A step's changes as (side, what, number, key, amount), optionally of one kind."""
    return sorted(
        (c.side, c.what, c.number, c.key, c.amount)
        for c in step.changes
        if what is None or c.what == what
    )


def treasury(step: Step, side: str = "home") -> int:
    return sum(c.amount for c in step.changes if c.side == side and c.what == "treasury")


def fan_factor(step: Step, side: str = "home") -> int:
    return sum(c.amount for c in step.changes if c.side == side and c.what == "fan_factor")


# --- Team winnings: (D6 + the modifier at the gate's row and the rating's column) x 10,000 --


def winnings(rolled: dict[str, Any] | None = None, ruleset: Ruleset = GDBBL, **kwargs) -> Step:
    return run(match((player(1),), (BOB,), **kwargs), rolled or {}, ruleset)["winnings"]


@pytest.mark.parametrize(
    ("gate", "modifier"),
    [(15_000, 1), (15_001, 2), (30_000, 2), (30_001, 3), (75_000, 5), (75_001, 6)],
)
def test_each_gate_row_edge_at_a_rating_of_0_to_99(gate: int, modifier: int) -> None:
    step = winnings(gate=gate, rating=(99, 99))
    assert treasury(step) == (3 + modifier) * 10_000
    assert step.inputs["gate"] == gate


@pytest.mark.parametrize(
    ("rating", "modifier"),
    [(99, 6), (100, 5), (125, 5), (126, 4), (150, 4), (151, 3), (250, 1), (251, 0)],
)
def test_each_rating_column_edge_on_the_75001_row(rating: int, modifier: int) -> None:
    step = winnings(gate=75_001, rating=(rating, 100))
    assert treasury(step) == (3 + modifier) * 10_000
    assert step.inputs["rating"] == {"home": rating, "away": 100}


def test_the_lowest_and_highest_winnings() -> None:
    # a 1 with +0 is 10,000; a 6 with +6 is 120,000 (notes §A.4.1)
    step = winnings({"winnings for home": 1, "winnings for away": 6}, gate=2_000,
                    rating=(251, 100))  # fmt: skip
    assert treasury(step, "home") == 10_000
    step = winnings({"winnings for home": 6}, gate=108_000, rating=(0, 100))
    assert treasury(step, "home") == 120_000


def test_each_team_reads_its_own_rating_column() -> None:
    # gate 45,000: row 30,001-45,000 is +3 / +2 / +1 / 0 ...
    step = winnings(gate=45_000, rating=(99, 126))
    assert (treasury(step, "home"), treasury(step, "away")) == (60_000, 40_000)


def test_the_rating_recorded_at_kick_off_is_used_whatever_the_roster_gives() -> None:
    # eleven Linemen (550,000) and fan factor 4 (40,000) would rate 59: the +3 column
    home = tuple(player(n) for n in range(1, 12))
    step = run(match(home, (BOB,), gate=45_000, rating=(130, 100)), {})["winnings"]
    assert step.inputs["rating"]["home"] == 130
    assert treasury(step) == (3 + 1) * 10_000


def test_without_a_recorded_rating_it_is_worked_out_from_the_roster() -> None:
    # eleven Linemen 550,000 + five re-rolls at 50,000 + fan factor 4 x 10,000 = 840,000 gp:
    # 84; 11 x 9 = 99 SPP: 19; rating 103, the 100-125 column: +2 at a gate of 45,000
    home = tuple(player(n, spp=9) for n in range(1, 12))
    before = match(home, (BOB,), value_rest=(250_000, 0), gate=45_000, rating=(None, 100))
    step = run(before, {})["winnings"]
    assert step.inputs["rating"]["home"] == 103
    assert treasury(step) == (3 + 2) * 10_000


def test_a_worked_out_rating_leaves_out_the_m_players_when_the_setting_says_so() -> None:
    # as above with #11 sitting out an M: 790,000 gp (79) + 99 SPP (19) = 98, the 0-99
    # column: +3
    home = (*(player(n, spp=9) for n in range(1, 11)),
            player(11, spp=9, status="missing_next_game", played=False))  # fmt: skip
    before = match(home, (BOB,), value_rest=(250_000, 0), gate=45_000, rating=(None, 100))
    step = run(before, {}, rules(team_value_injured_players=False))["winnings"]
    assert step.inputs["rating"]["home"] == 98
    assert treasury(step) == (3 + 3) * 10_000


def test_a_worked_out_rating_leaves_the_freebooters_out_by_default() -> None:
    # 1,060,000 gp (106) + 99 SPP (19) = 125: +2 at a gate of 45,000; the freebooter's
    # 50,000 is not added (freebooters_in_team_rating off)
    home = (*(player(n, spp=9) for n in range(1, 12)), player(12, kind="freebooter"))
    before = match(home, (BOB,), value_rest=(470_000, 0), gate=45_000, rating=(None, 100))
    step = run(before, {})["winnings"]
    assert step.inputs["rating"]["home"] == 125
    assert treasury(step) == (3 + 2) * 10_000


def test_a_worked_out_rating_adds_the_freebooters_when_the_setting_says_so() -> None:
    # freebooters_in_team_rating on: "freebooters are added to team value and rating for
    # their match": 1,110,000 gp (111) + 19 = 130, the 126-150 column: +1
    home = (*(player(n, spp=9) for n in range(1, 12)), player(12, kind="freebooter"))
    before = match(home, (BOB,), value_rest=(470_000, 0), gate=45_000, rating=(None, 100))
    step = run(before, {}, rules(freebooters_in_team_rating=True))["winnings"]
    assert step.inputs["rating"]["home"] == 130
    assert treasury(step) == (3 + 1) * 10_000


def test_a_dwarf_alchemist_adds_d6_x_10000() -> None:
    # 001 Dwarf Alchemist: "d6 * 10000 gold pieces extra"
    step = winnings({"alchemist for home": 5}, races=("dwarf", "human"),
                    staff={"home": {"alchemist": 1}}, gate=45_000, rating=(100, 100))  # fmt: skip
    assert treasury(step, "home") == (3 + 2) * 10_000 + 5 * 10_000
    assert treasury(step, "away") == (3 + 2) * 10_000
    assert [d.purpose for d in step.dice] == ["winnings for home", "alchemist for home",
                                              "winnings for away"]  # fmt: skip


def test_a_gate_nobody_recorded_is_rolled_one_d6_per_fan_factor() -> None:
    # fan factors 4 + 3: 7D6 of 32, 32,000 fans; row 30,001-45,000, rating 100: +2
    step = winnings({"gate": [6, 6, 6, 6, 6, 1, 1]}, gate=None, rating=(100, 100))
    assert step.inputs["gate"] == 32_000
    assert treasury(step) == (3 + 2) * 10_000
    assert (step.dice[0].purpose, step.dice[0].notation) == ("gate", "7D6")


def test_a_gate_nobody_recorded_nor_rolled_is_asked_for() -> None:
    with pytest.raises(DiceMissing) as raised:
        post_game(GDBBL, match((player(1),), (BOB,), gate=None), dice(FIRST_DICE))
    assert raised.value.needs == (("gate", "7D6"),)


# --- Star Player Points: completion 1, casualty 2, interception 2, touchdown 3, MVP 5 ------

SEVEN, EIGHT = player(7, "Wight"), player(8)


def spp(
    before_kwargs: dict[str, Any],
    rolled: dict[str, Any] | None = None,
    ruleset: Ruleset = GDBBL,
    home: tuple[PlayerBefore, ...] = (SEVEN, EIGHT),
    away: tuple[PlayerBefore, ...] = (BOB,),
) -> Step:
    """The SPP step after a match of `home` against `away`; kwargs go to match()."""
    return run(match(home, away, **before_kwargs), rolled or {}, ruleset)["spp"]


@pytest.mark.parametrize(
    ("action", "count", "points", "counter"),
    [
        ("completion", 1, 1, "completions"),
        ("completion", 3, 3, "completions"),
        ("interception", 1, 2, "interceptions"),
        ("touchdown", 1, 3, "touchdowns"),
        ("touchdown", 2, 6, "touchdowns"),
    ],
)
def test_each_counted_action_earns_its_spp(action, count, points, counter) -> None:
    step = spp({"lines": {"home": {7: {action: count}}}})
    assert changes(step) == sorted([("home", "spp", 7, "p7", points),
                                    ("home", counter, 7, "p7", count)])  # fmt: skip


@pytest.mark.parametrize(("injury", "extra"), [
    ([4, 6], {}),  # Badly Hurt counts (001: "killed, seriously injured or badly hurt")
    ([5, 6], {"serious injury for away #5": [1, 1]}),
    ([6, 6], {}),
])  # fmt: skip
def test_a_casualty_caused_earns_2(injury, extra) -> None:
    step = spp({"casualties": [hurt(("away", 5), ("home", 7))]},
               {"injury for away #5": injury, **extra})  # fmt: skip
    assert changes(step) == [("home", "casualties", 7, "p7", 1), ("home", "spp", 7, "p7", 2)]


def test_an_mvp_earns_5() -> None:
    step = spp({"mvps": {"home": (7,)}})
    assert changes(step) == [("home", "spp", 7, "p7", 5)]


def test_each_bonus_mvp_earns_5() -> None:
    # the handicap's bonus MVPs come with the report's MVPs (001 Handicap)
    steps = run(match((SEVEN, player(8), player(9)), (BOB,), mvps={"home": (7, 8, 9)}), {})
    assert changes(steps["spp"]) == [("home", "spp", n, f"p{n}", 5) for n in (7, 8, 9)]
    assert changes(steps["mvp"]) == [("home", "mvps", n, f"p{n}", 1) for n in (7, 8, 9)]


def test_the_awards_add_up() -> None:
    # a touchdown 3 + a completion 1 + a casualty 2 + MVP 5 = 11
    step = spp({"lines": {"home": {7: {"touchdown": 1, "completion": 1}}},
                "casualties": [hurt(("away", 5), ("home", 7))], "mvps": {"home": (7,)}},
               {"injury for away #5": [4, 6]})  # fmt: skip
    assert ("home", "spp", 7, "p7", 11) in changes(step)


def test_a_star_player_earns_none() -> None:
    # 001: "Star Players cannot earn SPP"; Griff Oberwald, hired for good
    griff = player(7, "Griff Oberwald", value=180_000, star=True)
    step = spp({"lines": {"home": {7: {"touchdown": 2}}}, "mvps": {"home": (7,)},
                "casualties": [hurt(("away", 5), ("home", 7))]},
               {"injury for away #5": [4, 6]}, home=(griff,))  # fmt: skip
    assert changes(step, "spp") == []
    assert "Griff Oberwald" in step.result


def test_a_freebooter_earns_none_by_default() -> None:
    hired = player(7, "Hired Hand", kind="freebooter")
    step = spp({"lines": {"home": {7: {"touchdown": 1}}}}, home=(hired,))
    assert changes(step, "spp") == []


def test_with_freebooters_earn_spp_a_freebooter_earns_but_keeps_nothing() -> None:
    hired = player(7, "Hired Hand", kind="freebooter")
    step = spp({"lines": {"home": {7: {"touchdown": 1}}}}, home=(hired,),
               ruleset=rules(freebooters_earn_spp=True))  # fmt: skip
    assert changes(step, "spp") == [("home", "spp", 7, "", 3)]  # key "": not written


@pytest.mark.parametrize(
    ("setting", "earned"), [(False, []), (True, [("home", "spp", 7, "p7", 2)])]
)
def test_a_crowd_push_earns_as_spp_for_crowd_casualties_says(setting, earned) -> None:
    step = spp({"casualties": [hurt(("away", 5), ("home", 7), means="crowd")]},
               {"injury for away #5": [4, 6]},
               ruleset=rules(spp_for_crowd_casualties=setting))  # fmt: skip
    assert changes(step, "spp") == earned


@pytest.mark.parametrize(
    "record",
    [
        hurt(("away", 5), None, "none", means="failed_dodge"),
        hurt(("away", 5), ("home", 7), "none", means="failed_dodge"),  # the tackler named
        hurt(("away", 5), ("home", 7), "none", means="own_weapon"),
    ],
)
def test_a_victim_s_own_failure_earns_nobody_spp(record) -> None:
    step = spp({"casualties": [record]}, {"injury for away #5": [4, 6],
                                          "Ball and Chain for away #5": 5})  # fmt: skip
    assert changes(step) == []


def test_a_casualty_of_a_team_mate_earns_nobody_spp() -> None:
    # a bomb that lands among his own team
    record = hurt(("home", 8), ("home", 7), "other", means="bomb")
    step = spp({"casualties": [record]}, {"injury for home #8": [4, 6]})
    assert changes(step) == []


def test_a_casualty_who_regenerated_still_earns_his_causer_2() -> None:
    # Regeneration works "after match" (001): the casualty was caused all the same
    step = spp({"casualties": [hurt(("away", 5), ("home", 7))], "races": ("human", "undead")},
               {"injury for away #5": [6, 6], "regeneration for away #5": 4},
               away=(skeleton(5, "Bones"),))  # fmt: skip
    assert changes(step, "spp") == [("home", "spp", 7, "p7", 2)]


# --- Fan factor: D6 +1 win, -1 loss, +1 for 2+ touchdowns, +1 for 2+ casualties -----------

AWAY_THREE = (BOB, player(6), player(4))


def fan_roll(
    die: int,
    score: tuple[int, int] = (0, 0),
    hurt_count: int = 0,
    ruleset: Ruleset = GDBBL,
    **kwargs: Any,
) -> Step:
    """Home rolls `die`; `hurt_count` of the away players are badly hurt by home #7."""
    victims = [5, 6, 4][:hurt_count]
    kwargs.setdefault("casualties", [hurt(("away", n), ("home", 7)) for n in victims])
    rolled = {"fan factor for home": die, **{f"injury for away #{n}": [4, 6] for n in (5, 6, 4)}}
    before = match((SEVEN, player(8)), AWAY_THREE, score=score, **kwargs)
    return run(before, rolled, ruleset)["fan_factor"]


@pytest.mark.parametrize(
    ("die", "score", "hurt_count", "change"),
    [
        (5, (1, 0), 0, 1),  # 5 + 1 win = 6
        (5, (0, 0), 0, 0),  # a draw: 5
        (4, (1, 0), 0, 0),  # 4 + 1 = 5
        (2, (0, 1), 0, -1),  # 2 - 1 loss = 1
        (2, (0, 0), 0, 0),  # a draw: 2
        (1, (0, 0), 0, -1),  # 1
        (3, (1, 2), 0, 0),  # 3 - 1 = 2
        (5, (2, 2), 0, 1),  # 5 + 1 for 2 touchdowns = 6
        (5, (1, 1), 0, 0),  # one touchdown: 5
        (5, (0, 0), 2, 1),  # 5 + 1 for 2 casualties = 6
        (5, (0, 0), 1, 0),  # one casualty: 5
        (3, (2, 0), 2, 1),  # 3 + 1 + 1 + 1 = 6
        (2, (2, 0), 2, 0),  # 2 + 3 = 5
        (1, (2, 3), 3, 0),  # 1 - 1 + 1 + 1 = 2
    ],
)
def test_each_fan_factor_modifier(die, score, hurt_count, change) -> None:
    assert fan_factor(fan_roll(die, score, hurt_count)) == change


def test_fan_factor_is_held_at_9() -> None:
    # 6 + 1 = 7 would raise it, but a team "may not have more than 9"
    step = fan_roll(6, (1, 0), fan_factor=(9, 3))
    assert fan_factor(step) == 0


def test_fan_factor_is_held_at_1() -> None:
    # 1 - 1 = 0 would lower it: "The fan factor can never go below 1"
    step = fan_roll(1, (0, 1), fan_factor=(1, 3))
    assert fan_factor(step) == 0


def test_fan_factor_9_may_still_go_down_and_1_up() -> None:
    assert fan_factor(fan_roll(2, (0, 1), fan_factor=(9, 3))) == -1
    assert fan_factor(fan_roll(5, (1, 0), fan_factor=(1, 3))) == 1


@pytest.mark.parametrize(("setting", "change"), [(True, 1), (False, 0)])
def test_a_7_raises_fan_factor_only_with_fan_factor_six_or_more(setting, change) -> None:
    # 6 + 1 win = 7: 001 prints "6"
    step = fan_roll(6, (1, 0), ruleset=rules(fan_factor_six_or_more=setting))
    assert fan_factor(step) == change


def test_without_fan_factor_six_or_more_exactly_6_still_raises_it() -> None:
    step = fan_roll(5, (1, 0), ruleset=rules(fan_factor_six_or_more=False))
    assert fan_factor(step) == 1


# Away #5 blocked by home #7, #6 pushed into the crowd by home #8, #4 failed his dodge.
MIXED = [
    hurt(("away", 5), ("home", 7)),
    hurt(("away", 6), ("home", 8), means="crowd"),
    hurt(("away", 4), None, "none", means="failed_dodge"),
]


@pytest.mark.parametrize(
    ("rule", "records", "counted", "change"),
    [
        ("by_players", MIXED, 1, 0),
        ("with_crowd", MIXED, 2, 1),
        ("all", MIXED, 3, 1),
        ("by_players", [MIXED[0], MIXED[2]], 1, 0),
        ("with_crowd", [MIXED[0], MIXED[2]], 1, 0),
        ("all", [MIXED[0], MIXED[2]], 2, 1),
    ],
)
def test_fan_factor_casualties_says_which_count(rule, records, counted, change) -> None:
    # a draw and a 5: the +1 for 2 casualties decides
    step = fan_roll(5, ruleset=rules(fan_factor_casualties=rule), casualties=records)
    assert step.inputs["casualties_inflicted"]["home"] == counted
    assert fan_factor(step) == change


def test_by_players_is_the_default() -> None:
    ruleset = replace(GDBBL, settings={k: v for k, v in GDBBL.settings.items()
                                       if k != "fan_factor_casualties"})  # fmt: skip
    assert fan_roll(5, ruleset=ruleset, casualties=MIXED).inputs["casualties_inflicted"] == {
        "home": 1, "away": 0,
    }  # fmt: skip


def test_a_concession_is_a_loss_for_the_team_that_conceded() -> None:
    # home leads 1-0 and concedes: 2 - 1 = 1 goes down; away 5 + 1 = 6 goes up
    rolled = {"fan factor for home": 2, "fan factor for away": 5}
    before = match((SEVEN,), (BOB,), score=(1, 0), concession=Concession("home", 2))
    step = run(before, rolled)["fan_factor"]
    assert step.inputs["results"] == {"home": "loss", "away": "win"}
    assert (fan_factor(step, "home"), fan_factor(step, "away")) == (-1, 1)


# --- Clear and expire: the M of those who sat out, the freebooters ------------------------


def test_the_m_of_a_player_who_sat_out_is_rubbed_out() -> None:
    # 001: "rub it out at the end of the next match"
    sat_out = player(4, "Ann", status="missing_next_game", played=False)
    step = run(match((SEVEN, sat_out), (BOB,)), {})["clear_and_expire"]
    assert [(c.side, c.what, c.number, c.key, c.detail, c.was) for c in step.changes] == [
        ("home", "status", 4, "p4", "active", "missing_next_game"),
    ]
    assert "Ann" in step.result


def test_a_player_who_played_keeps_his_m() -> None:
    step = run(match((SEVEN, player(4, status="missing_next_game")), (BOB,)), {})
    assert step["clear_and_expire"].changes == ()


def test_a_player_hurt_this_match_keeps_his_new_m() -> None:
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [1, 1]}
    steps = run(match((SEVEN,), (BOB,), casualties=[hurt(("away", 5), ("home", 7))]), rolled)
    assert steps["clear_and_expire"].changes == ()
    assert [(c.number, c.detail) for c in steps["injuries"].changes] == [(5, "missing_next_game")]


def test_a_player_with_an_m_hurt_again_is_not_cleared() -> None:
    again = player(5, "Bob", status="missing_next_game", played=False)
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [1, 1]}
    steps = run(match((SEVEN,), (again,), casualties=[hurt(("away", 5), ("home", 7))]), rolled)
    assert steps["clear_and_expire"].changes == ()
    assert [(c.number, c.detail, c.was) for c in steps["injuries"].changes] == [
        (5, "missing_next_game", "missing_next_game"),
    ]


def test_the_freebooters_leave_after_their_one_game() -> None:
    home = (SEVEN, player(12, "Hired Hand", kind="freebooter"))
    away = (BOB, player(13, "Griff Oberwald", kind="freebooter", star=True, value=90_000))
    step = run(match(home, away), {})["clear_and_expire"]
    assert step.changes == ()
    assert "Hired Hand" in step.result
    assert "Griff Oberwald" in step.result


# --- Purchases: words only ---------------------------------------------------------------


def test_purchases_by_default_cost_re_rolls_double_and_retirees_become_assistant_coaches() -> None:
    # 001: re-rolls "at a cost double the cost shown in the team list"; "The retired players
    # then become extra assistant coaches"
    step = run(match((SEVEN,), (BOB,)), {})["purchases"]
    assert step.changes == ()
    assert "2 × the team list price" in step.result
    assert "assistant coach" in step.result


def test_purchases_follow_the_house_settings() -> None:
    ruleset = rules(reroll_price_multiplier_after_creation=3,
                    retired_player_becomes_assistant_coach=False)  # fmt: skip
    step = run(match((SEVEN,), (BOB,)), {}, ruleset)["purchases"]
    assert "3 × the team list price" in step.result
    assert "assistant coach" not in step.result


# --- Team rating: value / 10,000 + SPP / 5, as the roster stands after the match ------------

# Home: three Linemen at 50,000 with 10, 4 and 6 SPP, 100,000 gp of re-rolls (two at 50,000),
# fan factor 4: 290,000 gp (29) and 20 SPP (4): rating 33. Home wins and rolls 3: 3 + 1 = 4,
# its fan factor stays 4.
TEAM = (player(1, spp=10), player(2, spp=4), player(3, spp=6))


def rating(
    rolled: dict[str, Any] | None = None,
    ruleset: Ruleset = GDBBL,
    home: tuple[PlayerBefore, ...] = TEAM,
    **kwargs: Any,
) -> dict[str, int]:
    """Home's rating, value and SPP as the team_rating step gives them."""
    kwargs.setdefault("value_rest", (100_000, 0))
    before = match(home, (player(7), BOB), **kwargs)
    inputs = run(before, rolled or {}, ruleset)["team_rating"].inputs
    return {what: inputs[what]["home"] for what in ("rating", "value", "spp")}


def test_a_team_rating_with_nothing_changed() -> None:
    assert rating() == {"rating": 33, "value": 290_000, "spp": 20}


def test_the_away_team_is_rated_too() -> None:
    # two Linemen 100,000 + fan factor 3 (3 - 1 = 2 after the loss: no change): 130,000
    before = match(TEAM, (player(7), BOB), value_rest=(100_000, 0))
    inputs = run(before, {})["team_rating"].inputs
    assert (inputs["rating"]["away"], inputs["value"]["away"], inputs["spp"]["away"]) == (
        13, 130_000, 0,
    )  # fmt: skip


def test_the_dead_are_out_of_the_team_rating() -> None:
    # #3 killed: 240,000 gp (24) and 14 SPP (2)
    got = rating({"injury for home #3": [6, 6]}, casualties=[hurt(("home", 3), ("away", 7))])
    assert got == {"rating": 26, "value": 240_000, "spp": 14}


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        (True, {"rating": 33, "value": 290_000, "spp": 20}),
        (False, {"rating": 28, "value": 240_000, "spp": 20}),  # his SPP still count
    ],
)
def test_a_player_hurt_this_match_counts_as_team_value_injured_players_says(setting, expected):
    rolled = {"injury for home #3": [5, 6], "serious injury for home #3": [1, 1]}
    got = rating(rolled, rules(team_value_injured_players=setting),
                 casualties=[hurt(("home", 3), ("away", 7))])  # fmt: skip
    assert got == expected


def test_a_player_whose_m_was_rubbed_out_counts_again_in_team_value() -> None:
    # #4 sat out his M this match: it is rubbed out (001), he may play the next match, so
    # even with team_value_injured_players off he counts: 340,000 gp (34) + 20 SPP (4)
    sat_out = player(4, status="missing_next_game", played=False)
    got = rating(ruleset=rules(team_value_injured_players=False), home=(*TEAM, sat_out))
    assert got == {"rating": 38, "value": 340_000, "spp": 20}


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        (True, {"rating": 44, "value": 420_000, "spp": 10}),
        (False, {"rating": 26, "value": 240_000, "spp": 10}),
    ],
)
def test_a_star_counts_as_team_value_star_players_says(setting, expected) -> None:
    # Griff Oberwald, 180,000 (001 star players), hired for good in place of #1
    griff = player(1, "Griff Oberwald", value=180_000, star=True)
    got = rating(ruleset=rules(team_value_star_players=setting), home=(griff, *TEAM[1:]))
    assert got == expected


def test_without_team_value_staff_the_fan_factor_is_not_counted() -> None:
    # 150,000 + 100,000 = 250,000 gp (25) + 4
    assert rating(ruleset=rules(team_value_staff=False)) == {
        "rating": 29, "value": 250_000, "spp": 20,
    }  # fmt: skip


def test_the_fan_factor_after_this_match_s_roll_is_counted() -> None:
    # 5 + 1 win = 6: fan factor 5, 300,000 gp (30) + 4
    assert rating({"fan factor for home": 5})["value"] == 300_000
    assert rating({"fan factor for home": 5})["rating"] == 34
    # a loss and a 2: 2 - 1 = 1 loses one, fan factor 3: 280,000 gp (28) + 4
    assert rating({"fan factor for home": 2}, score=(0, 1))["value"] == 280_000


def test_the_spp_gained_this_match_are_counted() -> None:
    # #2 scores a touchdown (3) and is MVP (5): 28 SPP, 5
    got = rating(lines={"home": {2: {"touchdown": 1}}}, mvps={"home": (2,)})
    assert got == {"rating": 34, "value": 290_000, "spp": 28}


def test_a_raised_zombie_counts_at_his_cost() -> None:
    # Undead: three Skeletons at 30,000, one re-roll at 70,000, fan factor 4: 200,000 gp;
    # the Zombie raised from Bob adds 30,000 (001 Undead team): 230,000 gp (23); 20 SPP and
    # #1's 2 for killing Bob: 22 (4)
    home = (skeleton(1, spp=10), skeleton(2, spp=4), skeleton(3, spp=6))
    got = rating({"injury for away #5": [6, 6]}, home=home, races=("undead", "human"),
                 value_rest=(70_000, 0), raised={"home": (5,)},
                 casualties=[hurt(("away", 5), ("home", 1))])  # fmt: skip
    assert got == {"rating": 27, "value": 200_000 + ZOMBIE_COST, "spp": 22}


def test_freebooters_are_out_of_the_team_rating() -> None:
    hired = player(12, "Hired Hand", kind="freebooter")
    # even when he earns SPP (freebooters_earn_spp): he leaves with them
    got = rating(ruleset=rules(freebooters_earn_spp=True), home=(*TEAM, hired),
                 lines={"home": {12: {"touchdown": 2}}})  # fmt: skip
    assert got == {"rating": 33, "value": 290_000, "spp": 20}


# --- The sequence ------------------------------------------------------------------------


def test_the_steps_run_in_the_order_of_001_and_its_text() -> None:
    post = post_game(GDBBL, match((SEVEN,), (BOB,)), dice(FIRST_DICE))
    assert [step.key for step in post.steps] == ORDER


def test_the_bundled_sequence_is_the_required_one() -> None:
    assert list(sequence_of(GDBBL)) == ORDER
    assert list(REQUIRED_STEPS["gdbbl"]) == ORDER
    assert sequence_problems("gdbbl", ORDER) == []


def without(ruleset: Ruleset, step: str) -> Ruleset:
    table = ruleset.tables["post_game_sequence"]
    rows = tuple(row for row in table.rows if row.values["step"] != step)
    return replace(ruleset, tables={**ruleset.tables,
                                    "post_game_sequence": replace(table, rows=rows)})  # fmt: skip


@pytest.mark.parametrize("step", ORDER)
def test_a_house_copy_missing_a_step_is_refused(step: str) -> None:
    with pytest.raises(RulesError, match=f"the post-game step '{step}' is missing"):
        post_game(without(GDBBL, step), match((SEVEN,), (BOB,)), dice(FIRST_DICE))
    assert sequence_problems("gdbbl", [key for key in ORDER if key != step]) == [
        f"the post-game step '{step}' is missing"
    ]


def test_a_step_named_twice_or_unknown_is_refused() -> None:
    assert sequence_problems("gdbbl", [*ORDER, "spp", "casualties"]) == [
        "the post-game step 'spp' is named twice",
        "gdbbl has no post-game step 'casualties'",
    ]


def test_the_team_names_are_in_the_words() -> None:
    post = post_game(GDBBL, match((SEVEN,), (BOB,)), dice(FIRST_DICE))
    steps = {step.key: step for step in post.steps}
    for key in ("winnings", "fan_factor", "team_rating"):
        assert HOME in steps[key].result
        assert AWAY in steps[key].result
