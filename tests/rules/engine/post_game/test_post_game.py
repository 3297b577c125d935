"""The post-game framework (rules/engine/post_game/sequence.py), apart from any system's steps:
where its dice come from, which sequences a ruleset may have, which systems have one, and how the
steps' changes add up."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rules.edition import edition_read
from rules.engine import dice as rolls
from rules.engine.errors import RulesError
from rules.engine.post_game import (
    REQUIRED_STEPS,
    SEQUENCE,
    Change,
    DiceMissing,
    DiceSource,
    Die,
    MatchBefore,
    PlayerBefore,
    PostGame,
    SideBefore,
    Step,
    post_game,
    sequence_of,
    sequence_problems,
)
from rules.engine.report_entry import ReportEntry
from rules.engine.ruleset import TableRow
from rules.snapshot import edition_ruleset
from tests.rules.scenarios import LRB6

LATER = ("casualties", "value_changes", "expenses", "hires")
LRB6_STEPS = ("winnings", "fan_factor", "mvp", "spp", *LATER)


def a_match(home_fame: int | None = 0, away_fame: int | None = 0) -> MatchBefore:
    """A 1-0 home win of two teams of one player each, FAME as given."""
    home = SideBefore("home", "Reikland Reavers", 4, home_fame, 0, (PlayerBefore(7, "Blitzer"),))
    away = SideBefore("away", "Orcland Raiders", 3, away_fame, 0, (PlayerBefore(5, "Black Orc"),))
    return MatchBefore(home, away, ReportEntry(home_touchdowns=1), {})


def with_sequence(steps: list[str]):
    """LRB6 whose post_game_sequence table lists `steps`, bypassing the edition's checks."""
    old = LRB6.table(SEQUENCE)
    rows = tuple(TableRow(None, None, {"step": step, "name": step}) for step in steps)
    return replace(LRB6, tables={**LRB6.tables, SEQUENCE: replace(old, rows=rows)})


# --- DiceSource ----------------------------------------------------------------------------


def test_a_stored_die_comes_back_with_its_values_notation_and_source() -> None:
    dice = DiceSource({
        "winnings for home": ((4,), "D6", "entered"),
        "fan factor for home": ((3, 5, 6), "3D6", "rolled"),
    })  # fmt: skip
    assert dice.has("winnings for home")
    assert not dice.has("winnings for away")
    assert dice.roll("winnings for home", "D6") == Die("winnings for home", "D6", (4,), "entered")
    die = dice.roll("fan factor for home", "3D6")
    assert die == Die("fan factor for home", "3D6", (3, 5, 6), "rolled")
    assert die.total == 14
    assert dice.missing == []


def test_a_stored_die_is_read_whatever_the_case_of_the_notation_asked_for() -> None:
    dice = DiceSource({"fan factor for away": ((2, 2), "2D6", "entered")})
    assert dice.roll("fan factor for away", "2d6").values == (2, 2)


def test_a_stored_die_of_another_notation_is_refused_naming_both() -> None:
    dice = DiceSource({"fan factor for home": ((3, 5), "2D6", "entered")})
    with pytest.raises(RulesError) as error:
        dice.roll("fan factor for home", "3D6")
    assert str(error.value) == "'fan factor for home' is a 3D6 roll, not 2D6: type it again as 3D6."
    assert dice.missing == []


def test_a_die_nobody_stored_is_rolled_from_the_seed_and_the_purpose() -> None:
    die = DiceSource({}, seed="abc").roll("fan factor for home", "3D6")
    seeded = rolls.rolled(rolls.notation("3D6"), "abc", "fan factor for home")
    assert die == Die("fan factor for home", "3D6", seeded, "rolled")
    assert die.values == (6, 4, 4)  # random.Random("abc|fan factor for home"), three D6


def test_the_same_seed_and_purpose_always_give_the_same_die() -> None:
    first = DiceSource({}, seed="abc")
    again = DiceSource({}, seed="abc")
    for purpose in ("winnings for home", "winnings for away", "gate for home"):
        assert first.roll(purpose, "2D6") == again.roll(purpose, "2D6")
        assert first.roll(purpose, "2D6") == first.roll(purpose, "2D6")
    assert first.missing == []
    assert again.missing == []


def test_another_purpose_or_another_seed_gives_other_dice() -> None:
    dice = DiceSource({}, seed="abc")
    assert dice.roll("winnings for home", "D6").values == (6,)
    assert dice.roll("winnings re-roll for home", "D6").values == (2,)
    assert DiceSource({}, seed="abd").roll("winnings for home", "D6").values == (2,)


def test_a_stored_die_wins_over_the_seed() -> None:
    dice = DiceSource({"winnings for home": ((1,), "D6", "entered")}, seed="abc")
    assert dice.roll("winnings for home", "D6") == Die("winnings for home", "D6", (1,), "entered")


def test_a_die_neither_stored_nor_seedable_is_noted_missing_with_ones_standing_in() -> None:
    dice = DiceSource({})
    die = dice.roll("fan factor for home", "3D6")
    assert die == Die("fan factor for home", "3D6", (1, 1, 1), "missing")
    assert dice.missing == [("fan factor for home", "3D6")]


def test_every_missing_die_of_the_sequence_is_listed_and_named_in_the_message() -> None:
    with pytest.raises(DiceMissing) as error:
        post_game(LRB6, a_match(), DiceSource({}))
    assert error.value.needs == (
        ("winnings for home", "D6"),
        ("winnings for away", "D6"),
        ("fan factor for home", "3D6"),
        ("fan factor for away", "2D6"),
    )
    assert str(error.value) == (
        "Enter the dice first: D6 for 'winnings for home'; D6 for 'winnings for away'; "
        "3D6 for 'fan factor for home'; 2D6 for 'fan factor for away'."
    )
    assert isinstance(error.value, RulesError)


def test_the_gate_dice_are_missing_too_when_fame_was_never_recorded() -> None:
    stored = {
        "winnings for home": ((4,), "D6", "entered"),
        "winnings for away": ((3,), "D6", "entered"),
        "fan factor for home": ((3, 5, 6), "3D6", "entered"),
    }
    with pytest.raises(DiceMissing) as error:
        post_game(LRB6, a_match(None, None), DiceSource(stored))
    assert error.value.needs == (
        ("gate for home", "2D6"),
        ("gate for away", "2D6"),
        ("fan factor for away", "2D6"),
    )
    assert str(error.value) == (
        "Enter the dice first: 2D6 for 'gate for home'; 2D6 for 'gate for away'; "
        "2D6 for 'fan factor for away'."
    )


def test_with_a_seed_no_die_is_missing() -> None:
    dice = DiceSource({}, seed="abc")
    post = post_game(LRB6, a_match(None, None), dice)
    assert dice.missing == []
    assert {die.source for die in post.dice} == {"rolled"}
    assert [die.purpose for die in post.dice] == [
        "gate for home", "gate for away", "winnings for home", "winnings for away",
        "fan factor for home", "fan factor for away",
    ]  # fmt: skip


# --- The sequence ---------------------------------------------------------------------------


def test_the_lrb6_sequence_in_order_has_no_problem() -> None:
    assert REQUIRED_STEPS["lrb6"] == LRB6_STEPS
    assert sequence_problems("lrb6", list(LRB6_STEPS)) == []


def test_a_missing_step_is_a_problem() -> None:
    assert sequence_problems("lrb6", ["winnings", "fan_factor", "mvp", *LATER]) == [
        "the post-game step 'spp' is missing"
    ]


def test_a_step_named_twice_is_a_problem() -> None:
    steps = ["winnings", "winnings", "fan_factor", "mvp", "spp", *LATER]
    assert sequence_problems("lrb6", steps) == ["the post-game step 'winnings' is named twice"]


def test_an_unknown_step_is_a_problem() -> None:
    steps = [*LRB6_STEPS, "banquet"]
    assert sequence_problems("lrb6", steps) == ["lrb6 has no post-game step 'banquet'"]


def test_every_problem_of_a_sequence_is_named() -> None:
    assert sequence_problems("lrb6", ["mvp", "mvp", "banquet", *LATER]) == [
        "the post-game step 'winnings' is missing",
        "the post-game step 'fan_factor' is missing",
        "the post-game step 'spp' is missing",
        "the post-game step 'mvp' is named twice",
        "lrb6 has no post-game step 'banquet'",
    ]


PROBLEMS_OF_TWO_REPEATS = (
    "from rules.engine.post_game import sequence_problems; "
    "print(sequence_problems('lrb6', ['winnings', 'winnings', 'fan_factor', 'fan_factor', "
    "'mvp', 'spp', 'casualties', 'value_changes', 'expenses', 'hires']))"
)


def test_steps_named_twice_are_listed_in_the_order_they_first_appear_in_every_run() -> None:
    root = Path(__file__).resolve().parents[4]
    seen = set()
    for seed in range(1, 7):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        run = subprocess.run(
            [sys.executable, "-c", PROBLEMS_OF_TWO_REPEATS],
            cwd=root, env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        seen.add(run.stdout.strip())
    assert seen == {
        "[\"the post-game step 'winnings' is named twice\", "
        "\"the post-game step 'fan_factor' is named twice\"]"
    }


def test_another_order_of_the_same_steps_is_no_problem() -> None:
    assert sequence_problems("lrb6", ["mvp", "spp", "winnings", "fan_factor", *LATER]) == []


def test_a_results_only_system_knows_only_the_result() -> None:
    assert sequence_problems("first-edition", ["result"]) == []
    assert sequence_problems("blitz-bowl", []) == ["the post-game step 'result' is missing"]
    assert sequence_problems("first-edition", ["result", "winnings"]) == [
        "first-edition has no post-game step 'winnings'"
    ]


def test_a_system_the_engine_does_not_know_has_no_steps() -> None:
    assert sequence_problems("third-edition", []) == []
    assert sequence_problems("third-edition", ["winnings"]) == [
        "third-edition has no post-game step 'winnings'"
    ]


def test_the_sequence_is_read_from_the_rulesets_table_in_order() -> None:
    assert sequence_of(LRB6) == LRB6_STEPS
    reordered = with_sequence(["mvp", "spp", "winnings", "fan_factor", *LRB6_STEPS[4:]])
    assert sequence_of(reordered) == ("mvp", "spp", "winnings", "fan_factor", *LRB6_STEPS[4:])


def test_a_copy_saved_with_the_first_four_steps_runs_the_later_ones_after_them() -> None:
    older = with_sequence(["winnings", "fan_factor", "mvp", "spp"])
    assert sequence_of(older) == LRB6_STEPS


def test_a_copy_without_the_sequence_table_has_the_engines_own_steps() -> None:
    tables = {key: table for key, table in LRB6.tables.items() if key != SEQUENCE}
    older = replace(LRB6, tables=tables)
    assert sequence_of(older) == REQUIRED_STEPS["lrb6"] == LRB6_STEPS
    dice = DiceSource({}, seed="abc")
    assert [step.key for step in post_game(older, a_match(), dice).steps] == list(LRB6_STEPS)


def test_a_results_only_copy_without_the_table_records_the_result_all_the_same() -> None:
    first = edition_ruleset(edition_read("first-edition"))
    older = replace(first, tables={k: t for k, t in first.tables.items() if k != SEQUENCE})
    assert sequence_of(older) == ("result",)
    dice = DiceSource({}, seed=None)
    assert [step.key for step in post_game(older, a_match(), dice).steps] == ["result"]


def test_the_steps_run_in_the_order_of_the_table() -> None:
    reordered = with_sequence(["mvp", "spp", "winnings", "fan_factor", *LATER])
    post = post_game(reordered, a_match(), DiceSource({}, seed="abc"))
    assert [step.key for step in post.steps] == ["mvp", "spp", "winnings", "fan_factor", *LATER]


@pytest.mark.parametrize(
    ("steps", "problem"),
    [
        (["winnings", "fan_factor", "mvp", *LATER], "the post-game step 'spp' is missing"),
        ([*LRB6_STEPS[:-1]], "the post-game step 'hires' is missing"),
        ([*LRB6_STEPS, "winnings"], "the post-game step 'winnings' is named twice"),
        ([*LRB6_STEPS, "banquet"], "lrb6 has no post-game step 'banquet'"),
    ],
    ids=["dropped", "a later one dropped", "twice", "unknown"],
)
def test_post_game_refuses_a_ruleset_whose_sequence_is_wrong(steps: list[str], problem: str):
    dice = DiceSource({}, seed="abc")
    with pytest.raises(RulesError) as error:
        post_game(with_sequence(steps), a_match(), dice)
    assert str(error.value) == f"lrb6: {problem}"
    assert dice.missing == []


def test_post_game_refuses_a_system_without_steps() -> None:
    ruleset = replace(edition_ruleset(edition_read("first-edition")), system="third-edition")
    with pytest.raises(RulesError) as error:
        post_game(ruleset, a_match(), DiceSource({}, seed="abc"))
    assert str(error.value) == "Dugout has no post-game sequence for third-edition yet"


# --- PostGame -------------------------------------------------------------------------------


def a_post_game() -> PostGame:
    first = Step(
        "winnings", "Winnings", {}, (Die("winnings for home", "D6", (4,), "entered"),), "",
        (Change("home", "treasury", 60_000), Change("away", "treasury", 30_000)),
    )  # fmt: skip
    second = Step(
        "spp",
        "Star Player Points",
        {},
        (Die("fan factor for away", "2D6", (2, 2), "rolled"),),
        "",
        (
            Change("home", "spp", 3, 7, "p7"),
            Change("home", "spp", 5, 7, "p7"),
            Change("home", "spp", 2, 3, "p3"),
            Change("home", "touchdowns", 1, 7, "p7"),
            Change("home", "treasury", -10_000),
            Change("away", "spp", 5, 5, "p5"),
        ),
    )
    return PostGame((first, second))


def test_total_sums_a_teams_changes_of_one_kind_over_every_step() -> None:
    post = a_post_game()
    assert post.total("home", "treasury") == 50_000  # 60,000 - 10,000
    assert post.total("away", "treasury") == 30_000
    assert post.total("away", "fan_factor") == 0


def test_total_of_a_player_counts_only_his_changes() -> None:
    post = a_post_game()
    assert post.total("home", "spp", 7) == 8
    assert post.total("home", "spp", 3) == 2
    assert post.total("away", "spp", 5) == 5
    assert post.total("away", "spp", 7) == 0
    assert post.total("home", "touchdowns", 7) == 1


def test_a_teams_total_leaves_its_players_changes_out() -> None:
    assert a_post_game().total("home", "spp") == 0


def test_the_dice_of_every_step_in_order() -> None:
    assert [die.purpose for die in a_post_game().dice] == [
        "winnings for home",
        "fan factor for away",
    ]
