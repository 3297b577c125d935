"""Each LRB6 post-game step (rules/engine/post_game/lrb6.py) on its own, on LRB6 as its data
files give it and plain house settings: winnings with the winner's re-roll and FAME, the fan
factor roll with its floor and cap, a concession under each of its settings, the MVPs and the
SPP of each casualty, and the level-ups at each boundary of the experience levels. Every
number is worked by hand from the rules (lrb6-facts §2 and §4, rules/editions/lrb6/)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from rules.engine import dice as rolls
from rules.engine.post_game import (
    Change,
    DiceSource,
    MatchBefore,
    PlayerBefore,
    PostGame,
    SideBefore,
    Step,
    post_game,
)
from rules.engine.post_game.lrb6 import (
    fan_factor_step,
    level_ups,
    mvp_step,
    spp_step,
    winnings_step,
)
from rules.engine.report_entry import (
    CasualtyEntry,
    Concession,
    Line,
    Ref,
    ReportEntry,
    SideEntry,
)
from rules.engine.ruleset import Ruleset
from tests.rules.scenarios import LRB6

HOME, AWAY = "Reikland Reavers", "Orcland Raiders"


def rules(**settings: Any) -> Ruleset:
    return replace(LRB6, settings={**LRB6.settings, **settings})


def player(number: int, name: str = "", kind: str = "roster", spp: int = 0) -> PlayerBefore:
    key = f"p{number}" if kind == "roster" else ""
    return PlayerBefore(number, name or f"Player {number}", kind, key, spp)


HOME_PLAYERS = (player(3, "Thrower", spp=3), player(7, "Blitzer", spp=20))
AWAY_PLAYERS = (player(5, "Black Orc", spp=10), player(9, "Orc Blitzer", spp=15))


def match(
    score: tuple[int, int] = (1, 0),
    *,
    fan_factor: tuple[int, int] = (4, 3),
    fame: tuple[int | None, int | None] = (0, 0),
    players: tuple[Sequence[PlayerBefore], Sequence[PlayerBefore]] = (HOME_PLAYERS, AWAY_PLAYERS),
    lines: Mapping[str, Mapping[int, Mapping[str, int]]] | None = None,
    mvps: Mapping[str, tuple[int, ...]] | None = None,
    casualties: Sequence[CasualtyEntry] = (),
    concession: Concession | None = None,
) -> MatchBefore:
    """Reikland Reavers at home to Orcland Raiders."""
    lines = lines or {}
    entries = {
        side: SideEntry(tuple(Line(n, dict(a)) for n, a in (lines.get(side) or {}).items()))
        for side in ("home", "away")
    }
    report = ReportEntry(
        home_touchdowns=score[0],
        away_touchdowns=score[1],
        home=entries["home"],
        away=entries["away"],
        casualties=tuple(casualties),
        concession=concession,
    )
    home = SideBefore("home", HOME, fan_factor[0], fame[0], 0, tuple(players[0]))
    away = SideBefore("away", AWAY, fan_factor[1], fame[1], 0, tuple(players[1]))
    return MatchBefore(home, away, report, dict(mvps or {}))


def entered(**dice: Sequence[int]) -> DiceSource:
    """Dice entered at the table, by purpose with underscores: winnings_for_home=[4]."""
    stored = {}
    for name, values in dice.items():
        count = len(values)
        notation = f"{count}D6" if count > 1 else "D6"
        stored[name.replace("_", " ").replace("re roll", "re-roll")] = (
            tuple(values),
            notation,
            "entered",
        )
    return DiceSource(stored)


def purposes(step: Step) -> list[tuple[str, tuple[int, ...]]]:
    return [(die.purpose, die.values) for die in step.dice]


def gold(step: Step) -> dict[str, int]:
    got = {"home": 0, "away": 0}
    for change in step.changes:
        assert change.what == "treasury"
        assert change.number is None
        got[change.side] += change.amount
    return got


def fan_change(step: Step) -> dict[str, int]:
    got = {"home": 0, "away": 0}
    for change in step.changes:
        assert change.what == "fan_factor"
        got[change.side] += change.amount
    return got


# --- Winnings: (D6 + FAME, +1 for a win or a draw) x 10,000 --------------------------------

SCORES = {"win": (1, 0), "draw": (1, 1), "loss": (0, 1)}


@pytest.mark.parametrize(
    ("result", "fame", "expected"),
    [
        ("win", 0, 50_000),  # (4 + 0 + 1) x 10,000
        ("win", 1, 60_000),  # (4 + 1 + 1) x 10,000
        ("win", 2, 70_000),  # (4 + 2 + 1) x 10,000
        ("draw", 0, 50_000),  # a draw has the same +1
        ("draw", 1, 60_000),
        ("draw", 2, 70_000),
        ("loss", 0, 40_000),  # (4 + 0) x 10,000: no bonus
        ("loss", 1, 50_000),
        ("loss", 2, 60_000),
    ],
)
def test_winnings_for_a_win_a_draw_and_a_loss_with_each_fame(
    result: str, fame: int, expected: int
) -> None:
    before = match(SCORES[result], fame=(fame, 0))
    step = winnings_step(LRB6, before, entered(winnings_for_home=[4], winnings_for_away=[4]), {})
    assert gold(step)["home"] == expected
    assert Change("home", "treasury", expected, why="winnings") in step.changes
    assert step.inputs["fame"] == {"home": fame, "away": 0}
    assert step.inputs["results"]["home"] == result


def test_the_winners_re_roll_is_kept_even_when_it_is_lower() -> None:
    dice = entered(winnings_for_home=[5], winnings_re_roll_for_home=[2], winnings_for_away=[3])
    step = winnings_step(LRB6, match((2, 1)), dice, {})
    assert gold(step) == {"home": 30_000, "away": 30_000}  # (2 + 0 + 1), (3 + 0) x 10,000
    assert purposes(step) == [
        ("winnings for home", (5,)),
        ("winnings re-roll for home", (2,)),
        ("winnings for away", (3,)),
    ]
    assert step.result == (
        f"{HOME} won: (D6 5, re-rolled: 2 + FAME 0 + 1) × 10,000 = 30,000 gp. "
        f"{AWAY} lost: (D6 3 + FAME 0) × 10,000 = 30,000 gp."
    )


def test_a_losers_re_roll_die_is_ignored() -> None:
    dice = entered(winnings_for_home=[4], winnings_for_away=[2], winnings_re_roll_for_away=[6])
    step = winnings_step(LRB6, match((2, 1)), dice, {})
    assert gold(step) == {"home": 50_000, "away": 20_000}  # away keeps 2: (2 + 0) x 10,000
    assert "winnings re-roll for away" not in [die.purpose for die in step.dice]


def test_a_re_roll_die_after_a_draw_is_ignored_too() -> None:
    dice = entered(
        winnings_for_home=[2], winnings_re_roll_for_home=[6],
        winnings_for_away=[1], winnings_re_roll_for_away=[6],
    )  # fmt: skip
    step = winnings_step(LRB6, match((1, 1)), dice, {})
    assert gold(step) == {"home": 30_000, "away": 20_000}  # (2 + 1), (1 + 1) x 10,000
    assert len(step.dice) == 2


def test_without_the_winners_re_roll_a_re_roll_die_is_ignored() -> None:
    dice = entered(winnings_for_home=[5], winnings_re_roll_for_home=[2], winnings_for_away=[3])
    step = winnings_step(rules(winnings_reroll_for_winner=False), match((2, 1)), dice, {})
    assert gold(step) == {"home": 60_000, "away": 30_000}  # keeps 5: (5 + 0 + 1) x 10,000
    assert purposes(step) == [("winnings for home", (5,)), ("winnings for away", (3,))]


# With server dice, random.Random(f"{seed}|{purpose}") gives these D6 (checked below):
# seed "abc": winnings for home 6, its re-roll 2, winnings for away 6;
# seed "e":   winnings for home 3, its re-roll 2, winnings for away 3;
# seed "abd": winnings for home 2, its re-roll 6, winnings for away 6;
# seed "c":   winnings for home 4, winnings for away 1, its re-roll 4.
SERVER_DICE = {
    ("abc", "winnings for home"): 6,
    ("abc", "winnings re-roll for home"): 2,
    ("abc", "winnings for away"): 6,
    ("e", "winnings for home"): 3,
    ("e", "winnings re-roll for home"): 2,
    ("e", "winnings for away"): 3,
    ("abd", "winnings for home"): 2,
    ("abd", "winnings re-roll for home"): 6,
    ("abd", "winnings for away"): 6,
    ("c", "winnings for home"): 4,
    ("c", "winnings for away"): 1,
    ("c", "winnings re-roll for away"): 4,
}


def test_the_server_dice_the_next_tests_rely_on() -> None:
    d6 = rolls.notation("D6")
    got = {(seed, purpose): rolls.rolled(d6, seed, purpose)[0] for seed, purpose in SERVER_DICE}
    assert got == SERVER_DICE


def server(seed: str) -> DiceSource:
    return DiceSource({}, seed=seed)


def test_the_server_keeps_a_winners_high_first_die() -> None:
    step = winnings_step(LRB6, match((1, 0)), server("abc"), {})
    assert purposes(step) == [("winnings for home", (6,)), ("winnings for away", (6,))]
    assert gold(step) == {"home": 70_000, "away": 60_000}  # (6 + 0 + 1), (6 + 0) x 10,000
    assert {die.source for die in step.dice} == {"rolled"}


def test_the_server_re_rolls_a_winners_first_die_of_three_and_keeps_the_lower_second() -> None:
    step = winnings_step(LRB6, match((1, 0)), server("e"), {})
    assert purposes(step) == [
        ("winnings for home", (3,)),
        ("winnings re-roll for home", (2,)),
        ("winnings for away", (3,)),
    ]
    assert gold(step) == {"home": 30_000, "away": 30_000}  # (2 + 0 + 1), (3 + 0) x 10,000


@pytest.mark.parametrize(
    ("at_most", "expected"),
    [
        (0, 30_000),  # never: keeps 2, (2 + 0 + 1) x 10,000
        (1, 30_000),  # 2 > 1: keeps 2
        (2, 70_000),  # 2 <= 2: re-rolls 6, (6 + 0 + 1) x 10,000
        (3, 70_000),  # the default
        (6, 70_000),
    ],
)
def test_the_server_re_rolls_exactly_when_the_first_die_is_at_most_the_setting(
    at_most: int, expected: int
) -> None:
    step = winnings_step(rules(winnings_reroll_at_most=at_most), match((1, 0)), server("abd"), {})
    assert gold(step)["home"] == expected
    rerolled = "winnings re-roll for home" in [die.purpose for die in step.dice]
    assert rerolled == (at_most >= 2)


def test_at_most_six_the_server_re_rolls_even_a_six() -> None:
    step = winnings_step(rules(winnings_reroll_at_most=6), match((1, 0)), server("abc"), {})
    assert gold(step)["home"] == 30_000  # 6 re-rolled to 2: (2 + 0 + 1) x 10,000


def test_the_server_never_re_rolls_for_the_loser() -> None:
    step = winnings_step(LRB6, match((1, 0)), server("c"), {})
    assert purposes(step) == [("winnings for home", (4,)), ("winnings for away", (1,))]
    assert gold(step) == {"home": 50_000, "away": 10_000}  # (4 + 0 + 1), (1 + 0) x 10,000


def test_the_server_re_rolls_for_an_away_winner() -> None:
    step = winnings_step(LRB6, match((0, 1)), server("c"), {})
    assert purposes(step) == [
        ("winnings for home", (4,)),
        ("winnings for away", (1,)),
        ("winnings re-roll for away", (4,)),
    ]
    assert gold(step) == {"home": 40_000, "away": 50_000}  # (4 + 0), (4 + 0 + 1) x 10,000


def test_without_the_winners_re_roll_the_server_keeps_a_low_die() -> None:
    step = winnings_step(rules(winnings_reroll_for_winner=False), match((1, 0)), server("e"), {})
    assert purposes(step) == [("winnings for home", (3,)), ("winnings for away", (3,))]
    assert gold(step)["home"] == 40_000  # (3 + 0 + 1) x 10,000


def test_the_server_does_not_re_roll_an_entered_low_die() -> None:
    dice = DiceSource({"winnings for home": ((1,), "D6", "entered")}, seed="abc")
    step = winnings_step(LRB6, match((1, 0)), dice, {})
    assert purposes(step) == [("winnings for home", (1,)), ("winnings for away", (6,))]
    assert gold(step)["home"] == 20_000  # the coach kept his 1: (1 + 0 + 1) x 10,000


# --- FAME from the gate's dice when it was never recorded ---------------------------------


@pytest.mark.parametrize(
    ("fan_factor", "gate", "fame"),
    [
        # home (5 + 6 + 3) x 1,000 = 14,000, away (1 + 2 + 1) x 1,000 = 4,000: at least twice
        ((3, 1), ((5, 6), (1, 2)), {"home": 2, "away": 0}),
        # home (3 + 4 + 3) = 10,000, away (3 + 4 + 1) = 8,000: more, not twice
        ((3, 1), ((3, 4), (3, 4)), {"home": 1, "away": 0}),
        # home (2 + 3 + 0) = 5,000, away (6 + 6 + 5) = 17,000
        ((0, 5), ((2, 3), (6, 6)), {"home": 0, "away": 2}),
        # both (3 + 3 + 2) = 8,000: nobody has more
        ((2, 2), ((3, 3), (3, 3)), {"home": 0, "away": 0}),
    ],
)
def test_fame_comes_from_the_gate_dice_when_it_was_never_recorded(
    fan_factor: tuple[int, int], gate: tuple, fame: dict[str, int]
) -> None:
    dice = entered(
        gate_for_home=gate[0], gate_for_away=gate[1], winnings_for_home=[3], winnings_for_away=[3]
    )
    step = winnings_step(LRB6, match((1, 0), fan_factor=fan_factor, fame=(None, None)), dice, {})
    assert step.inputs["fame"] == fame
    assert gold(step) == {
        "home": (3 + fame["home"] + 1) * 10_000,
        "away": (3 + fame["away"]) * 10_000,
    }
    assert purposes(step)[:2] == [("gate for home", gate[0]), ("gate for away", gate[1])]


def test_fame_two_from_the_gate_gives_the_home_winner_seventy_thousand() -> None:
    dice = entered(
        gate_for_home=[5, 6], gate_for_away=[1, 2], winnings_for_home=[4], winnings_for_away=[4]
    )
    step = winnings_step(LRB6, match((1, 0), fan_factor=(3, 1), fame=(None, None)), dice, {})
    assert gold(step) == {"home": 70_000, "away": 40_000}  # (4 + 2 + 1), (4 + 0) x 10,000
    # (5 + 6 + 3) x 1,000 = 14,000 against (1 + 2 + 1) x 1,000 = 4,000: at least twice as many.
    assert step.result.startswith(
        "The gate was not recorded before kick-off: Reikland Reavers 14,000 fans, "
    ), step.result
    assert "4,000 (FAME 2 and 0)." in step.result


def test_recorded_fame_reads_no_gate_dice() -> None:
    dice = entered(
        gate_for_home=[1, 1], gate_for_away=[6, 6], winnings_for_home=[4], winnings_for_away=[4]
    )
    step = winnings_step(LRB6, match((1, 0), fame=(1, 0)), dice, {})
    assert step.inputs["fame"] == {"home": 1, "away": 0}
    assert [die.purpose for die in step.dice] == ["winnings for home", "winnings for away"]
    assert gold(step) == {"home": 60_000, "away": 40_000}


# --- Fan factor: winner 3D6, others 2D6 -----------------------------------------------------


@pytest.mark.parametrize(
    ("result", "fan_factor", "roll", "change", "against"),
    [
        ("win", 4, (3, 5, 6), 1, "above"),  # 14 > 4
        ("win", 4, (1, 1, 2), 0, "equal to"),  # 4 = 4
        ("win", 5, (1, 1, 1), 0, "below"),  # 3 < 5: a winner never loses
        ("draw", 4, (3, 4), 1, "above"),  # 7 > 4
        ("draw", 4, (1, 3), 0, "equal to"),
        ("draw", 4, (1, 2), -1, "below"),  # 3 < 4: a draw can go either way
        ("loss", 4, (6, 6), 0, "above"),  # a loser never gains
        ("loss", 4, (2, 2), 0, "equal to"),
        ("loss", 4, (1, 2), -1, "below"),
    ],
)
def test_the_fan_factor_goes_up_down_or_stays_by_result_and_roll(
    result: str, fan_factor: int, roll: tuple[int, ...], change: int, against: str
) -> None:
    other = (2, 2)  # the away side's 2D6 (4 against 3) or 3D6 when it won
    away_roll = (1, 1, 1) if result == "loss" else other  # 3 against 3: away stays
    dice = entered(fan_factor_for_home=list(roll), fan_factor_for_away=list(away_roll))
    before = match(SCORES[result], fan_factor=(fan_factor, 3))
    step = fan_factor_step(LRB6, before, dice, {})
    assert fan_change(step)["home"] == change
    assert step.dice[0].notation == ("3D6" if result == "win" else "2D6")
    words = {"win": "won", "draw": "drew", "loss": "lost"}[result]
    total = sum(roll)
    assert step.result.startswith(
        f"{HOME} {words}: {len(roll)}D6 {total}, {against} fan factor {fan_factor}: "
        f"{fan_factor} → {fan_factor + change}."
    )


def test_a_fan_factor_change_is_one_change_for_the_team() -> None:
    dice = entered(fan_factor_for_home=[3, 5, 6], fan_factor_for_away=[1, 2])
    step = fan_factor_step(LRB6, match((1, 0), fan_factor=(4, 4)), dice, {})
    assert step.changes == (
        Change("home", "fan_factor", 1, why="fan factor roll"),
        Change("away", "fan_factor", -1, why="fan factor roll"),
    )


def test_the_fan_factor_never_drops_below_the_floor() -> None:
    dice = entered(fan_factor_for_home=[3, 5, 6], fan_factor_for_away=[1, 1])
    step = fan_factor_step(rules(fan_factor_floor=3), match((1, 0), fan_factor=(4, 3)), dice, {})
    assert fan_change(step)["away"] == 0  # 2 < 3 after a loss, but 3 is the floor
    assert step.result.endswith(f"{AWAY} lost: 2D6 2, below fan factor 3: 3 → 3.")


def test_above_the_floor_the_fan_factor_still_drops_to_it() -> None:
    dice = entered(fan_factor_for_home=[3, 5, 6], fan_factor_for_away=[1, 1])
    step = fan_factor_step(rules(fan_factor_floor=3), match((1, 0), fan_factor=(4, 4)), dice, {})
    assert fan_change(step)["away"] == -1


def test_a_house_fan_factor_max_stops_the_gain() -> None:
    dice = entered(fan_factor_for_home=[6, 6, 6], fan_factor_for_away=[6, 6])
    step = fan_factor_step(rules(fan_factor_max=5), match((1, 0), fan_factor=(5, 3)), dice, {})
    assert fan_change(step) == {"home": 0, "away": 0}
    assert step.result.startswith(
        f"{HOME} won: 3D6 18, above fan factor 5: 5 → 5 (fan_factor_max 5)."
    )


def test_below_the_max_the_fan_factor_still_reaches_it() -> None:
    dice = entered(fan_factor_for_home=[6, 6], fan_factor_for_away=[6, 6])
    step = fan_factor_step(rules(fan_factor_max=5), match((1, 1), fan_factor=(4, 4)), dice, {})
    assert fan_change(step) == {"home": 1, "away": 1}  # a draw: 12 > 4 for both


def test_a_fan_factor_max_of_zero_is_no_limit() -> None:
    dice = entered(fan_factor_for_home=[6, 6, 6], fan_factor_for_away=[6, 6])
    step = fan_factor_step(LRB6, match((1, 0), fan_factor=(12, 3)), dice, {})
    assert fan_change(step)["home"] == 1  # 18 > 12


def test_a_team_above_the_fan_factor_max_still_loses_fans() -> None:
    dice = entered(fan_factor_for_home=[3, 5, 6], fan_factor_for_away=[1, 1])
    step = fan_factor_step(rules(fan_factor_max=5), match((1, 0), fan_factor=(4, 7)), dice, {})
    assert fan_change(step)["away"] == -1  # a loss, 2 < 7: 7 -> 6


# --- Concession -----------------------------------------------------------------------------


def conceded(side: str = "away", forced: bool = False) -> Concession:
    return Concession(side, 2, 5, forced)


WINNINGS_DICE = {"winnings_for_home": [4], "winnings_for_away": [3]}


@pytest.mark.parametrize(
    ("setting", "score", "awarded", "results"),
    [
        # away concedes at 1-1: home awarded a touchdown to lead 2-1
        ("winner_leads_by_one", (1, 1), {"home": 2, "away": 1}, ("win", "loss")),
        # away concedes while leading 0-2: home is awarded 3 to lead 3-2
        ("winner_leads_by_one", (0, 2), {"home": 3, "away": 2}, ("win", "loss")),
        # home already leads 2-0: nothing awarded
        ("winner_leads_by_one", (2, 0), {"home": 2, "away": 0}, ("win", "loss")),
        # as played: 1-1 stays, but the team that conceded lost all the same
        ("as_played", (1, 1), {"home": 1, "away": 1}, ("win", "loss")),
        ("as_played", (0, 2), {"home": 0, "away": 2}, ("win", "loss")),
    ],
)
def test_concession_score_gives_the_winner_the_lead_or_leaves_the_score(
    setting: str, score: tuple[int, int], awarded: dict[str, int], results: tuple[str, str]
) -> None:
    ruleset = rules(concession_score=setting, concession_winnings="normal")
    before = match(score, concession=conceded("away"))
    step = winnings_step(ruleset, before, entered(**WINNINGS_DICE), {})
    assert step.inputs["score"] == awarded
    assert step.inputs["results"] == {"home": results[0], "away": results[1]}
    assert (before.report.home_touchdowns, before.report.away_touchdowns) == score  # as entered
    assert gold(step) == {"home": 50_000, "away": 30_000}  # (4 + 0 + 1), (3 + 0) x 10,000


def test_an_awarded_touchdown_earns_nobody_spp() -> None:
    before = match((1, 1), lines={"home": {7: {"touchdown": 1}}}, concession=conceded("away"))
    step = spp_step(LRB6, before, entered(), {})
    assert step.changes == (
        Change("home", "spp", 3, 7, "p7", "1 × Touchdown"),
        Change("home", "touchdowns", 1, 7, "p7", "touchdown"),
    )


def test_the_conceders_winnings_go_to_the_opponent() -> None:
    step = winnings_step(
        LRB6, match((1, 1), concession=conceded("away")), entered(**WINNINGS_DICE), {}
    )
    # home (4 + 0 + 1) x 10,000 = 50,000 plus away's (3 + 0) x 10,000 = 30,000
    assert step.changes == (Change("home", "treasury", 80_000, why="winnings"),)
    assert purposes(step) == [("winnings for home", (4,)), ("winnings for away", (3,))]
    assert step.result == (
        f"{HOME} won: (D6 4 + FAME 0 + 1) × 10,000 = 50,000 gp. "
        f"{AWAY} lost: (D6 3 + FAME 0) × 10,000 = 30,000 gp. "
        f"{AWAY} conceded: its 30,000 gp go to {HOME} (concession_winnings)."
    )


def test_the_conceder_gets_no_winnings_and_rolls_none() -> None:
    ruleset = rules(concession_winnings="conceder_gets_none")
    step = winnings_step(
        ruleset, match((1, 1), concession=conceded("away")), entered(**WINNINGS_DICE), {}
    )
    assert step.changes == (Change("home", "treasury", 50_000, why="winnings"),)
    assert purposes(step) == [("winnings for home", (4,))]
    assert step.result == (
        f"{HOME} won: (D6 4 + FAME 0 + 1) × 10,000 = 50,000 gp. "
        f"{AWAY} conceded: no winnings (concession_winnings)."
    )


def test_normal_concession_winnings_are_rolled_as_usual() -> None:
    ruleset = rules(concession_winnings="normal")
    step = winnings_step(
        ruleset, match((1, 1), concession=conceded("away")), entered(**WINNINGS_DICE), {}
    )
    assert gold(step) == {"home": 50_000, "away": 30_000}


def test_the_home_team_may_concede_too() -> None:
    before = match((1, 1), concession=conceded("home"))
    step = winnings_step(LRB6, before, entered(**WINNINGS_DICE), {})
    # home lost: (4 + 0) = 40,000 to away; away won: (3 + 0 + 1) = 40,000; 80,000 in all
    assert step.changes == (Change("away", "treasury", 80_000, why="winnings"),)
    assert step.inputs["score"] == {"home": 1, "away": 2}


FF_DICE = {"fan_factor_for_home": [3, 5, 6], "fan_factor_for_away": [5, 6]}


def test_the_conceder_loses_one_fan_factor_without_a_roll() -> None:
    step = fan_factor_step(
        LRB6, match((1, 1), fan_factor=(4, 4), concession=conceded()), entered(**FF_DICE), {}
    )
    assert step.changes == (
        Change("home", "fan_factor", 1, why="fan factor roll"),  # 14 > 4 after a win
        Change("away", "fan_factor", -1, why="concession"),
    )
    assert purposes(step) == [("fan factor for home", (3, 5, 6))]
    assert step.result == (
        f"{HOME} won: 3D6 14, above fan factor 4: 4 → 5. "
        f"{AWAY} conceded: fan factor 4 → 3 without a roll."
    )


def test_a_conceder_at_fan_factor_zero_keeps_it() -> None:
    before = match((1, 1), fan_factor=(4, 0), concession=conceded())
    step = fan_factor_step(LRB6, before, entered(**FF_DICE), {})
    assert fan_change(step) == {"home": 1, "away": 0}
    assert step.result.endswith(
        f"{AWAY} conceded: fan factor 0 → 0 without a roll (it cannot drop below 0)."
    )


def test_with_normal_roll_the_conceder_rolls_as_a_loser() -> None:
    ruleset = rules(concession_fan_factor="normal_roll")
    before = match((1, 1), fan_factor=(4, 4), concession=conceded())
    step = fan_factor_step(ruleset, before, entered(**FF_DICE), {})
    assert fan_change(step) == {"home": 1, "away": 0}  # away lost, 11 > 4: no change
    assert purposes(step) == [("fan factor for home", (3, 5, 6)), ("fan factor for away", (5, 6))]
    low = entered(fan_factor_for_home=[3, 5, 6], fan_factor_for_away=[1, 2])
    assert fan_change(fan_factor_step(ruleset, before, low, {}))["away"] == -1  # 3 < 4


def test_a_forced_concession_rolls_for_fan_factor_when_penalties_are_off() -> None:
    before = match((1, 1), fan_factor=(4, 4), concession=conceded(forced=True))
    step = fan_factor_step(LRB6, before, entered(**FF_DICE), {})
    assert fan_change(step) == {"home": 1, "away": 0}  # away 2D6 11 > 4 after a loss: stays
    assert purposes(step)[1] == ("fan factor for away", (5, 6))
    assert step.result.endswith(f"{AWAY} lost: 2D6 11, above fan factor 4: 4 → 4.")


def test_a_forced_concession_loses_one_when_penalties_are_on() -> None:
    ruleset = rules(concession_penalties_when_forced=True)
    before = match((1, 1), fan_factor=(4, 4), concession=conceded(forced=True))
    step = fan_factor_step(ruleset, before, entered(**FF_DICE), {})
    assert fan_change(step) == {"home": 1, "away": -1}
    assert purposes(step) == [("fan factor for home", (3, 5, 6))]


# --- MVP --------------------------------------------------------------------------------------


def test_each_mvp_adds_one_to_his_counter_and_a_journeyman_has_no_key() -> None:
    journeyman = player(12, "Journeyman", kind="journeyman")
    before = match(
        players=(HOME_PLAYERS, (*AWAY_PLAYERS, journeyman)), mvps={"home": (7,), "away": (12,)}
    )
    step = mvp_step(LRB6, before, entered(), {})
    assert step.changes == (
        Change("home", "mvps", 1, 7, "p7", "MVP"),
        Change("away", "mvps", 1, 12, "", "MVP"),
    )
    assert step.dice == ()
    assert step.result == f"{HOME}: #7 Blitzer. {AWAY}: #12 Journeyman."


def test_a_winner_with_both_mvps_and_a_team_without_one() -> None:
    before = match(mvps={"home": (3, 7)})
    step = mvp_step(LRB6, before, entered(), {})
    assert step.changes == (
        Change("home", "mvps", 1, 3, "p3", "MVP"),
        Change("home", "mvps", 1, 7, "p7", "MVP"),
    )
    assert step.result == f"{HOME}: #3 Thrower, #7 Blitzer. {AWAY}: no MVP."


# --- SPP: completion 1, interception 2, casualty 2, touchdown 3, MVP 5 ------------------------


def casualty(action: str, means: str = "ordinary", causer=("home", 7), victim=("away", 5)):
    return CasualtyEntry(victim=Ref(*victim), causer=Ref(*causer) if causer else None,
                         action=action, means=means)  # fmt: skip


@pytest.mark.parametrize(
    ("action", "means", "settings", "spp"),
    [
        ("block", "ordinary", {}, 2),
        ("blitz", "ordinary", {}, 2),
        ("foul", "ordinary", {}, 0),
        ("foul", "ordinary", {"spp_for_foul_casualties": True}, 2),
        ("block", "crowd", {}, 0),
        ("block", "crowd", {"spp_for_crowd_casualties": True}, 2),
        ("blitz", "crowd", {"spp_for_crowd_casualties": True}, 2),
        ("foul", "ordinary", {"spp_for_crowd_casualties": True}, 0),
        ("block", "crowd", {"spp_for_foul_casualties": True}, 0),
        ("other", "bomb", {}, 0),
        ("block", "chainsaw", {}, 0),
        ("other", "stab", {}, 0),
        ("other", "other_weapon", {}, 0),
        ("none", "failed_dodge", {}, 0),
        ("other", "bomb", {"spp_for_foul_casualties": True, "spp_for_crowd_casualties": True}, 0),
        ("block", "chainsaw", {"spp_for_foul_casualties": True}, 0),
        ("foul", "chainsaw", {"spp_for_foul_casualties": True}, 0),
    ],
)
def test_a_casualty_earns_spp_by_its_action_means_and_settings(
    action: str, means: str, settings: dict, spp: int
) -> None:
    before = match(casualties=[casualty(action, means)])
    step = spp_step(rules(**settings), before, entered(), {})
    if spp:
        assert step.changes == (
            Change("home", "spp", 2, 7, "p7", "1 × Casualty"),
            Change("home", "casualties", 1, 7, "p7"),
        )
    else:
        assert step.changes == ()
        assert step.result == "Nobody earned Star Player Points."


@pytest.mark.parametrize(
    ("action", "means"), [("block", "ordinary"), ("other", "bomb"), ("block", "crowd")]
)
def test_a_casualty_on_a_team_mate_earns_nothing(action: str, means: str) -> None:
    before = match(casualties=[casualty(action, means, causer=("home", 7), victim=("home", 3))])
    ruleset = rules(spp_for_foul_casualties=True, spp_for_crowd_casualties=True)
    assert spp_step(ruleset, before, entered(), {}).changes == ()


def test_a_casualty_nobody_caused_earns_nothing() -> None:
    before = match(casualties=[casualty("none", "failed_dodge", causer=None)])
    assert spp_step(LRB6, before, entered(), {}).changes == ()


def test_two_casualties_earn_four() -> None:
    before = match(casualties=[casualty("block"), casualty("blitz", victim=("away", 9))])
    assert spp_step(LRB6, before, entered(), {}).changes == (
        Change("home", "spp", 4, 7, "p7", "2 × Casualty"),
        Change("home", "casualties", 2, 7, "p7"),
    )


def test_the_counters_come_alongside_the_spp() -> None:
    before = match(
        lines={"home": {7: {"touchdown": 1, "completion": 2, "interception": 1}}},
        mvps={"home": (7,)},
        casualties=[casualty("block")],
    )
    step = spp_step(LRB6, before, entered(), {})
    # 1 TD 3 + 2 completions 2 + 1 interception 2 + 1 casualty 2 + MVP 5 = 14
    assert step.changes == (
        Change(
            "home", "spp", 14, 7, "p7",
            "1 × Touchdown, 2 × Completion, 1 × Interception, 1 × Casualty, "
            "1 × Most Valuable Player",
        ),
        Change("home", "touchdowns", 1, 7, "p7", "touchdown"),
        Change("home", "completions", 2, 7, "p7", "completion"),
        Change("home", "interceptions", 1, 7, "p7", "interception"),
        Change("home", "casualties", 1, 7, "p7"),
    )  # fmt: skip
    assert step.result == (
        "#7 Blitzer: 1 × Touchdown, 2 × Completion, 1 × Interception, 1 × Casualty, "
        "1 × Most Valuable Player = 14 SPP (20 → 34), now Emerging Star: an improvement roll "
        "is due."
    )


def test_stars_and_mercenaries_get_nothing() -> None:
    star = player(20, "Griff Oberwald", kind="star")
    mercenary = player(21, "Mercenary Blitzer", kind="mercenary")
    before = match(
        players=((*HOME_PLAYERS, star, mercenary), AWAY_PLAYERS),
        lines={"home": {20: {"touchdown": 2, "completion": 1}, 21: {"interception": 1}}},
        mvps={"home": (20, 21)},
        casualties=[casualty("block", causer=("home", 20)), casualty("blitz", causer=("home", 21))],
    )
    step = spp_step(LRB6, before, entered(), {})
    assert step.changes == ()
    assert step.result == "Nobody earned Star Player Points."


def test_a_journeyman_gets_spp_and_counters_without_a_key() -> None:
    journeyman = player(12, "Journeyman", kind="journeyman")
    before = match(
        players=(HOME_PLAYERS, (*AWAY_PLAYERS, journeyman)),
        lines={"away": {12: {"touchdown": 1}}},
        casualties=[casualty("block", causer=("away", 12), victim=("home", 3))],
    )
    step = spp_step(LRB6, before, entered(), {})
    assert step.changes == (
        Change("away", "spp", 5, 12, "", "1 × Touchdown, 1 × Casualty"),
        Change("away", "touchdowns", 1, 12, "", "touchdown"),
        Change("away", "casualties", 1, 12, ""),
    )
    assert step.result == (
        "#12 Journeyman: 1 × Touchdown, 1 × Casualty = 5 SPP (kept only if he is hired)."
    )


def test_an_action_outside_the_spp_table_is_not_counted() -> None:
    before = match(lines={"home": {7: {"casualty": 3, "foul": 2, "touchdown": 1}}})
    assert spp_step(LRB6, before, entered(), {}).changes == (
        Change("home", "spp", 3, 7, "p7", "1 × Touchdown"),
        Change("home", "touchdowns", 1, 7, "p7", "touchdown"),
    )


# --- Level-ups at each boundary of experience_levels ---------------------------------------


def spp_post(before: MatchBefore) -> PostGame:
    return PostGame((spp_step(LRB6, before, entered(), {}),))


@pytest.mark.parametrize(
    ("spp", "title"),
    [
        (5, "Experienced"),  # 5 -> 6
        (15, "Veteran"),  # 15 -> 16
        (30, "Emerging Star"),  # 30 -> 31
        (50, "Star"),  # 50 -> 51
        (75, "Super Star"),  # 75 -> 76
        (175, "Legend"),  # 175 -> 176
    ],
)
def test_one_spp_across_a_level_boundary_is_a_level_up(spp: int, title: str) -> None:
    before = match(
        players=((player(7, "Blitzer", spp=spp),), AWAY_PLAYERS),
        lines={"home": {7: {"completion": 1}}},
    )
    post = spp_post(before)
    assert level_ups(LRB6, before, post) == {"home": [7], "away": []}
    assert post.steps[0].result == (
        f"#7 Blitzer: 1 × Completion = 1 SPP ({spp} → {spp + 1}), now {title}: "
        "an improvement roll is due."
    )


@pytest.mark.parametrize("spp", [0, 4, 6, 14, 16, 29, 31, 49, 51, 74, 76, 174, 176, 300])
def test_one_spp_inside_a_level_is_no_level_up(spp: int) -> None:
    before = match(
        players=((player(7, "Blitzer", spp=spp),), AWAY_PLAYERS),
        lines={"home": {7: {"completion": 1}}},
    )
    post = spp_post(before)
    assert level_ups(LRB6, before, post) == {"home": [], "away": []}
    assert post.steps[0].result == f"#7 Blitzer: 1 × Completion = 1 SPP ({spp} → {spp + 1})."


def test_a_journeyman_crossing_a_boundary_is_no_level_up() -> None:
    journeyman = player(12, "Journeyman", kind="journeyman", spp=0)
    before = match(
        players=(HOME_PLAYERS, (journeyman,)),
        lines={"away": {12: {"touchdown": 2}}},  # 6 SPP
    )
    post = spp_post(before)
    assert post.total("away", "spp", 12) == 6
    assert level_ups(LRB6, before, post) == {"home": [], "away": []}


def test_the_mvp_alone_can_cross_a_boundary() -> None:
    before = match(mvps={"away": (5,)}, players=(HOME_PLAYERS, (player(5, "Black Orc", spp=11),)))
    post = spp_post(before)
    assert post.total("away", "spp", 5) == 5  # 11 -> 16: Veteran
    assert level_ups(LRB6, before, post) == {"home": [], "away": [5]}


# --- The steps read as sentences naming their dice -------------------------------------------


def test_each_step_of_a_simple_match_reads_as_a_sentence() -> None:
    before = match(
        (2, 1),
        fame=(1, 0),
        lines={"home": {3: {"completion": 2}, 7: {"touchdown": 1}}, "away": {9: {"touchdown": 1}}},
        mvps={"home": (7,), "away": (5,)},
    )
    dice = entered(
        winnings_for_home=[4], winnings_for_away=[3],
        fan_factor_for_home=[3, 5, 6], fan_factor_for_away=[2, 2],
    )  # fmt: skip
    post = post_game(LRB6, before, dice)
    results = {step.key: step.result for step in post.steps[:4]}
    assert results == {
        "winnings": (
            f"{HOME} won: (D6 4 + FAME 1 + 1) × 10,000 = 60,000 gp. "
            f"{AWAY} lost: (D6 3 + FAME 0) × 10,000 = 30,000 gp."
        ),
        "fan_factor": (
            f"{HOME} won: 3D6 14, above fan factor 4: 4 → 5. "
            f"{AWAY} lost: 2D6 4, above fan factor 3: 3 → 3."
        ),
        "mvp": f"{HOME}: #7 Blitzer. {AWAY}: #5 Black Orc.",
        "spp": (
            "#3 Thrower: 2 × Completion = 2 SPP (3 → 5). "
            "#7 Blitzer: 1 × Touchdown, 1 × Most Valuable Player = 8 SPP (20 → 28). "
            "#5 Black Orc: 1 × Most Valuable Player = 5 SPP (10 → 15). "
            "#9 Orc Blitzer: 1 × Touchdown = 3 SPP (15 → 18), now Veteran: "
            "an improvement roll is due."
        ),
    }
    assert [step.name for step in post.steps] == [
        "Winnings", "Fan factor", "Most Valuable Player", "Star Player Points",
        "Casualties and the dead", "Value changes", "Spiralling expenses", "Hire and fire",
    ]  # fmt: skip
    assert post.total("home", "treasury") == 60_000
    assert post.total("away", "treasury") == 30_000
    assert post.total("home", "fan_factor") == 1
    assert post.total("away", "fan_factor") == 0
    assert post.total("home", "spp", 7) == 8
    assert post.total("home", "mvps", 7) == 1
    assert level_ups(LRB6, before, post) == {"home": [], "away": [9]}
