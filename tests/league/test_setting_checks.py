"""League settings checks: each refusal names the field and the rule. These are an LRB6
league's; what each ruleset offers is in test_setting_checks_by_ruleset."""

from __future__ import annotations

import pytest

from league.setting_checks import Problem, offered, settings_problems

LRB6_TIE_BREAKERS = [
    "points",
    "head_to_head",
    "touchdown_difference",
    "casualty_difference",
    "touchdowns_scored",
    "fewest_games_played",
]

DEFAULTS = {
    "points_win": 3,
    "points_draw": 1,
    "points_loss": 0,
    "bonus_three_touchdowns": 0,
    "bonus_three_casualties": 0,
    "bonus_clean_sheet": 0,
    "tie_breakers": LRB6_TIE_BREAKERS,
    "dice_sources": "both",
    "reports_apply": "at_once",
    "forfeit_winner_touchdowns": 2,
    "forfeit_loser_touchdowns": 0,
}


def problems_with(**changes) -> list[Problem]:
    return settings_problems({**DEFAULTS, **changes}, "lrb6")


def test_the_defaults_break_no_rule() -> None:
    assert settings_problems(DEFAULTS, "lrb6") == []


def test_the_default_tie_breakers_are_all_six_in_the_documented_order() -> None:
    assert offered("lrb6").default_tie_breakers == LRB6_TIE_BREAKERS


def test_it_refuses_an_unknown_tie_breaker() -> None:
    assert problems_with(tie_breakers=["points", "coin_toss"]) == [
        Problem(
            "tie_breakers",
            "'coin_toss' is not a tie-breaker; choose from points, "
            "head_to_head, touchdown_difference, casualty_difference, touchdowns_scored, "
            "fewest_games_played.",
        )
    ]


def test_it_refuses_a_tie_breaker_listed_twice() -> None:
    assert problems_with(tie_breakers=["points", "head_to_head", "points"]) == [
        Problem("tie_breakers", "Each tie-breaker may be listed once: points repeats.")
    ]


def test_it_refuses_no_tie_breakers_at_all() -> None:
    for value in ([], "points", None):
        assert problems_with(tie_breakers=value) == [
            Problem("tie_breakers", "List at least one tie-breaker, in order.")
        ]


def test_any_order_of_known_tie_breakers_is_accepted() -> None:
    assert problems_with(tie_breakers=["touchdowns_scored", "points"]) == []
    assert problems_with(tie_breakers=list(reversed(LRB6_TIE_BREAKERS))) == []


def test_points_may_be_negative_for_a_loss_but_stay_small() -> None:
    assert problems_with(points_loss=-1) == []
    assert problems_with(points_win=11) == [
        Problem("points_win", "Points for a win must be a whole number from -5 to 10.")
    ]
    assert problems_with(points_loss=-6) == [
        Problem("points_loss", "Points for a loss must be a whole number from -5 to 10.")
    ]


@pytest.mark.parametrize("value", ["3", 2.5, True, None])
def test_points_must_be_whole_numbers(value) -> None:
    assert [p.field for p in problems_with(points_draw=value)] == ["points_draw"]


def test_bonus_points_are_zero_or_more() -> None:
    assert (
        problems_with(bonus_three_touchdowns=1, bonus_three_casualties=1, bonus_clean_sheet=1) == []
    )
    assert problems_with(bonus_clean_sheet=-1) == [
        Problem(
            "bonus_clean_sheet",
            "Bonus points for conceding no touchdown must be a whole number from 0 to 10.",
        )
    ]


@pytest.mark.parametrize("field", ["dice_sources", "reports_apply"])
def test_it_refuses_an_unknown_choice(field: str) -> None:
    [problem] = problems_with(**{field: "whenever"})
    assert problem.field == field
    assert problem.message.startswith("'whenever' is not one of")


def test_each_dice_source_is_accepted() -> None:
    for source in ("entered", "rolled", "both"):
        assert problems_with(dice_sources=source) == []


def test_a_forfeit_must_favour_the_team_that_turned_up() -> None:
    assert problems_with(forfeit_winner_touchdowns=1, forfeit_loser_touchdowns=0) == []
    assert problems_with(forfeit_winner_touchdowns=0, forfeit_loser_touchdowns=0) == [
        Problem(
            "forfeit_winner_touchdowns",
            "A forfeit must give the team that did not forfeit "
            "more touchdowns than the team that did.",
        )
    ]


def test_a_forfeit_records_at_most_ten_touchdowns_a_side() -> None:
    assert problems_with(forfeit_winner_touchdowns=11) == [
        Problem("forfeit_winner_touchdowns", "A forfeit records 0 to 10 touchdowns a side.")
    ]


def test_it_reports_every_problem_at_once() -> None:
    fields = [p.field for p in problems_with(points_win="x", tie_breakers=["x"], dice_sources="x")]
    assert fields == ["points_win", "tie_breakers", "dice_sources"]


def test_a_partial_change_is_checked_on_its_own() -> None:
    assert settings_problems({"points_win": 2}, "lrb6") == []
    assert [p.field for p in settings_problems({"tie_breakers": ["nope"]}, "lrb6")] == [
        "tie_breakers"
    ]
