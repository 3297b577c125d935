"""What each ruleset offers a league: a tie-breaker or bonus counts only what its match
reports record. Casualties only in LRB6 and GDBBL; Blitz Bowl's points only in Blitz Bowl.
Everything else is refused naming the field and what the ruleset lacks."""

from __future__ import annotations

import pytest

from league.setting_checks import (
    POINT_FIELDS,
    TIE_BREAKER_KEYS,
    Problem,
    offered,
    settings_problems,
    tie_breakers_by_system,
)

CASUALTY_RECORDS = ("lrb6", "gdbbl")
RESULTS_ONLY = ("blitz-bowl", "first-edition")
LRB6_ORDER = [
    "points",
    "head_to_head",
    "touchdown_difference",
    "casualty_difference",
    "touchdowns_scored",
    "fewest_games_played",
]
BLITZ_BOWL_ORDER = [
    "points",
    "head_to_head",
    "score_difference",
    "touchdown_difference",
    "touchdowns_scored",
    "fewest_games_played",
]
FIRST_EDITION_ORDER = [
    "points",
    "head_to_head",
    "touchdown_difference",
    "touchdowns_scored",
    "fewest_games_played",
]
BLITZ_NO_CASUALTY_TIE_BREAKER = (
    "Blitz Bowl records no casualties: casualty_difference is not a tie-breaker here."
)
BLITZ_NO_CASUALTY_BONUS = (
    "Blitz Bowl records no casualties: bonus points for causing 3 or more casualties must be 0."
)
FIRST_NO_CASUALTY_TIE_BREAKER = (
    "Blood Bowl 1st edition keeps no casualty count: casualty_difference is not a tie-breaker here."
)
FIRST_NO_CASUALTY_BONUS = (
    "Blood Bowl 1st edition keeps no casualty count: bonus points for causing 3 or more "
    "casualties must be 0."
)


def league_of(system: str, **changes) -> list[Problem]:
    """The problems of a league on `system` with its own defaults and these changes."""
    values = {
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "bonus_three_touchdowns": 0,
        "bonus_three_casualties": 0,
        "bonus_clean_sheet": 0,
        "tie_breakers": offered(system).default_tie_breakers,
        "dice_sources": "both",
        "reports_apply": "at_once",
        "forfeit_winner_touchdowns": 2,
        "forfeit_loser_touchdowns": 0,
    }
    return settings_problems({**values, **changes}, system)


# What each ruleset offers


@pytest.mark.parametrize("system", CASUALTY_RECORDS)
def test_lrb6_and_gdbbl_offer_todays_six_tie_breakers_and_every_bonus(system: str) -> None:
    offer = offered(system)
    assert offer.default_tie_breakers == LRB6_ORDER
    assert list(offer.point_fields) == list(POINT_FIELDS)
    assert "score_difference" not in offer.tie_breaker_keys


def test_blitz_bowl_offers_score_difference_next_to_touchdown_difference() -> None:
    offer = offered("blitz-bowl")
    assert offer.default_tie_breakers == BLITZ_BOWL_ORDER
    keys = offer.tie_breaker_keys
    assert keys.index("score_difference") + 1 == keys.index("touchdown_difference")


def test_blitz_bowl_offers_no_casualty_tie_breaker_or_bonus() -> None:
    offer = offered("blitz-bowl")
    assert "casualty_difference" not in offer.tie_breaker_keys
    assert list(offer.point_fields) == [
        "points_win",
        "points_draw",
        "points_loss",
        "bonus_three_touchdowns",
        "bonus_clean_sheet",
    ]


def test_first_edition_offers_todays_tie_breakers_but_casualty_difference() -> None:
    offer = offered("first-edition")
    assert offer.default_tie_breakers == FIRST_EDITION_ORDER
    assert "bonus_three_casualties" not in offer.point_fields
    assert "score_difference" not in offer.tie_breaker_keys


def test_score_difference_is_explained_as_blitz_bowl_points() -> None:
    [choice] = [c for c in offered("blitz-bowl").tie_breakers if c.key == "score_difference"]
    assert choice.label == "Score difference"
    assert choice.explanation.startswith("Blitz Bowl points scored minus conceded")


def test_every_tie_breaker_is_offered_by_some_ruleset() -> None:
    systems = ("lrb6", "gdbbl", "blitz-bowl", "first-edition")
    every = {key for system in systems for key in offered(system).tie_breaker_keys}
    assert every == set(TIE_BREAKER_KEYS)


def test_an_unknown_ruleset_system_is_a_mistake_not_a_guess() -> None:
    with pytest.raises(ValueError, match="'dungeon-bowl' is not a ruleset system"):
        offered("dungeon-bowl")


def test_the_help_text_lists_each_rulesets_tie_breakers() -> None:
    assert tie_breakers_by_system() == (
        "LRB6 and GDBBL: points, head_to_head, touchdown_difference, casualty_difference, "
        "touchdowns_scored, fewest_games_played; Blood Bowl 1st edition: points, "
        "head_to_head, touchdown_difference, touchdowns_scored, fewest_games_played; "
        "Blitz Bowl: points, head_to_head, score_difference, touchdown_difference, "
        "touchdowns_scored, fewest_games_played"
    )


# Each ruleset's own defaults pass


@pytest.mark.parametrize("system", [*CASUALTY_RECORDS, *RESULTS_ONLY])
def test_each_rulesets_defaults_break_no_rule(system: str) -> None:
    assert league_of(system) == []


@pytest.mark.parametrize("system", CASUALTY_RECORDS)
def test_a_casualty_bonus_is_allowed_where_reports_record_casualties(system: str) -> None:
    assert league_of(system, bonus_three_casualties=2) == []


@pytest.mark.parametrize("system", RESULTS_ONLY)
def test_a_results_only_league_may_give_a_touchdown_or_clean_sheet_bonus(system: str) -> None:
    assert league_of(system, bonus_three_touchdowns=1, bonus_clean_sheet=1) == []


def test_a_blitz_bowl_league_may_rank_by_score_difference_alone() -> None:
    assert league_of("blitz-bowl", tie_breakers=["score_difference"]) == []


# Refusals, each naming the field and what the ruleset lacks


def test_blitz_bowl_refuses_casualty_difference() -> None:
    assert league_of("blitz-bowl", tie_breakers=["points", "casualty_difference"]) == [
        Problem("tie_breakers", BLITZ_NO_CASUALTY_TIE_BREAKER)
    ]


def test_blitz_bowl_refuses_a_casualty_bonus() -> None:
    assert league_of("blitz-bowl", bonus_three_casualties=1) == [
        Problem("bonus_three_casualties", BLITZ_NO_CASUALTY_BONUS)
    ]


def test_first_edition_refuses_casualty_difference() -> None:
    assert league_of("first-edition", tie_breakers=["casualty_difference"]) == [
        Problem("tie_breakers", FIRST_NO_CASUALTY_TIE_BREAKER)
    ]


def test_first_edition_refuses_a_casualty_bonus() -> None:
    assert league_of("first-edition", bonus_three_casualties=3) == [
        Problem("bonus_three_casualties", FIRST_NO_CASUALTY_BONUS)
    ]


@pytest.mark.parametrize(
    ("system", "name"),
    [("lrb6", "LRB6"), ("gdbbl", "GDBBL"), ("first-edition", "Blood Bowl 1st edition")],
)
def test_score_difference_is_refused_outside_blitz_bowl(system: str, name: str) -> None:
    assert league_of(system, tie_breakers=["points", "score_difference"]) == [
        Problem(
            "tie_breakers",
            f"{name} scores touchdowns, not Blitz Bowl points: score_difference is not a "
            "tie-breaker here.",
        )
    ]


@pytest.mark.parametrize("value", ["2", 1.0, True, None, -1])
def test_a_withheld_bonus_that_is_not_zero_gets_the_rulesets_reason_once(value) -> None:
    assert league_of("blitz-bowl", bonus_three_casualties=value) == [
        Problem("bonus_three_casualties", BLITZ_NO_CASUALTY_BONUS)
    ]


def test_a_withheld_bonus_of_zero_is_no_bonus_and_is_accepted() -> None:
    # The API and a crafted form may still send it; 0 turns a bonus off everywhere.
    assert settings_problems({"bonus_three_casualties": 0}, "first-edition") == []


def test_an_unknown_tie_breaker_in_blitz_bowl_lists_blitz_bowls_own() -> None:
    assert league_of("blitz-bowl", tie_breakers=["coin_toss"]) == [
        Problem(
            "tie_breakers",
            "'coin_toss' is not a tie-breaker; choose from points, head_to_head, "
            "score_difference, touchdown_difference, touchdowns_scored, fewest_games_played.",
        )
    ]


def test_every_withheld_choice_is_named_once_in_one_answer() -> None:
    problems = league_of(
        "blitz-bowl",
        bonus_three_casualties=1,
        tie_breakers=["casualty_difference", "points", "casualty_difference"],
    )
    assert problems == [
        Problem("bonus_three_casualties", BLITZ_NO_CASUALTY_BONUS),
        Problem("tie_breakers", BLITZ_NO_CASUALTY_TIE_BREAKER),
        Problem(
            "tie_breakers", "Each tie-breaker may be listed once: casualty_difference repeats."
        ),
    ]


def test_an_unhashable_tie_breaker_is_refused_not_a_crash() -> None:
    [problem] = league_of("blitz-bowl", tie_breakers=[["points"]])
    assert problem.field == "tie_breakers"
    assert problem.message.startswith("['points'] is not a tie-breaker")
