"""League table lines: outcomes, bonus points, forfeits, Blitz Bowl points, form and the
all-time line, each figure worked out by hand from the league's scoring (issue 25)."""

from __future__ import annotations

import pytest

from rules.engine.standings import (
    Line,
    Result,
    Scoring,
    bonus_points,
    combined,
    points_for,
    rank,
    tally,
)

REIKLAND, ORCLAND, GOUGED_EYE, DARKSIDE = 1, 2, 3, 4

CLASSIC = Scoring(win=3, draw=1, loss=0)
# Bonuses as powers of two, so a bonus total shows exactly which bonuses were earned.
EVERY_BONUS = Scoring(win=3, draw=1, loss=0, three_touchdowns=1, three_casualties=2, clean_sheet=4)


def match(home: int, away: int, home_td: int, away_td: int, **more: object) -> Result:
    return Result(home, away, home_td, away_td, **more)  # type: ignore[arg-type]


def test_a_short_season_gives_each_team_its_wins_draws_losses_touchdowns_and_casualties() -> None:
    results = [
        match(REIKLAND, ORCLAND, 2, 1, home_casualties=1, away_casualties=2),
        match(GOUGED_EYE, REIKLAND, 0, 0, home_casualties=2),
        match(ORCLAND, GOUGED_EYE, 3, 1, away_casualties=1),
    ]

    lines = tally(CLASSIC, results, teams=[REIKLAND, ORCLAND, GOUGED_EYE, DARKSIDE])

    # Reikland: won 2-1 (3), drew 0-0 away (1) = 4; touchdowns 2+0 for, 1+0 against;
    # casualties 1+0 caused, 2+2 suffered.
    assert lines[REIKLAND] == Line(
        REIKLAND, played=2, won=1, drawn=1, lost=0, touchdowns_for=2, touchdowns_against=1,
        casualties_for=1, casualties_against=4, bonus=0, points=4, form="WD",
    )  # fmt: skip
    # Orcland: lost 1-2 (0), won 3-1 (3) = 3; touchdowns 1+3 for, 2+1 against;
    # casualties 2+0 caused, 1+1 suffered.
    assert lines[ORCLAND] == Line(
        ORCLAND, played=2, won=1, drawn=0, lost=1, touchdowns_for=4, touchdowns_against=3,
        casualties_for=2, casualties_against=2, bonus=0, points=3, form="LW",
    )  # fmt: skip
    # Gouged Eye: drew 0-0 (1), lost 1-3 (0) = 1; touchdowns 0+1 for, 0+3 against;
    # casualties 2+1 caused, none suffered.
    assert lines[GOUGED_EYE] == Line(
        GOUGED_EYE, played=2, won=0, drawn=1, lost=1, touchdowns_for=1, touchdowns_against=3,
        casualties_for=3, casualties_against=0, bonus=0, points=1, form="DL",
    )  # fmt: skip


def test_a_team_with_no_results_has_an_all_zero_line() -> None:
    # Darkside had a bye: a bye is no result, so nothing is counted for anyone.
    lines = tally(CLASSIC, [match(REIKLAND, ORCLAND, 1, 0)], teams=[REIKLAND, DARKSIDE])

    assert lines[DARKSIDE] == Line(DARKSIDE)
    assert (lines[DARKSIDE].played, lines[DARKSIDE].points, lines[DARKSIDE].form) == (0, 0, "")


def test_a_team_in_the_results_but_not_listed_still_has_its_line() -> None:
    lines = tally(CLASSIC, [match(REIKLAND, ORCLAND, 1, 0)], teams=[REIKLAND])

    assert set(lines) == {REIKLAND, ORCLAND}
    assert (lines[ORCLAND].played, lines[ORCLAND].lost, lines[ORCLAND].points) == (1, 1, 0)


def test_the_season_scoring_sets_what_a_win_a_draw_and_a_loss_are_worth() -> None:
    scoring = Scoring(win=2, draw=1, loss=-1)
    results = [
        match(REIKLAND, ORCLAND, 1, 0),  # Reikland W, Orcland L
        match(ORCLAND, REIKLAND, 2, 2),  # both D
        match(GOUGED_EYE, REIKLAND, 3, 0),  # Gouged Eye W, Reikland L
    ]

    lines = tally(scoring, results)

    assert lines[REIKLAND].points == 2  # 2 + 1 - 1
    assert lines[ORCLAND].points == 0  # -1 + 1
    assert lines[GOUGED_EYE].points == 2


# --- bonus points -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home_td", "away_td", "home_points", "away_points"),
    [
        (3, 2, 4, 0),  # winner with 3 touchdowns: 3 + 1; loser with 2: 0
        (3, 4, 1, 4),  # loser with 3 touchdowns: 0 + 1; winner with 4: 3 + 1
        (2, 2, 1, 1),  # 2 touchdowns are short of the bonus: a draw each
        (3, 3, 2, 2),  # both sides 3: draw 1 + 1 each
    ],
)
def test_three_touchdowns_earn_their_bonus_win_or_lose(
    home_td: int, away_td: int, home_points: int, away_points: int
) -> None:
    scoring = Scoring(win=3, draw=1, loss=0, three_touchdowns=1)

    lines = tally(scoring, [match(REIKLAND, ORCLAND, home_td, away_td)])

    assert (lines[REIKLAND].points, lines[ORCLAND].points) == (home_points, away_points)
    assert lines[REIKLAND].bonus == (1 if home_td >= 3 else 0)
    assert lines[ORCLAND].bonus == (1 if away_td >= 3 else 0)


def test_three_casualties_caused_earn_their_bonus() -> None:
    scoring = Scoring(win=3, draw=1, loss=0, three_casualties=1)

    # 1-1; Reikland's players caused 3 casualties, Orcland's 2.
    results = [match(REIKLAND, ORCLAND, 1, 1, home_casualties=3, away_casualties=2)]
    lines = tally(scoring, results)

    assert (lines[REIKLAND].bonus, lines[REIKLAND].points) == (1, 2)  # draw 1 + bonus 1
    assert (lines[ORCLAND].bonus, lines[ORCLAND].points) == (0, 1)  # draw 1, 2 casualties
    # Suffering casualties earns nothing: Orcland suffered 3 and has no bonus.
    assert lines[ORCLAND].casualties_against == 3


def test_a_clean_sheet_is_earned_by_conceding_no_touchdown() -> None:
    scoring = Scoring(win=3, draw=1, loss=0, clean_sheet=1)
    results = [
        match(REIKLAND, ORCLAND, 1, 0),  # Reikland W 3 + clean sheet 1; Orcland L 0
        match(GOUGED_EYE, DARKSIDE, 0, 0),  # a 0-0 draw: 1 + 1 each
    ]

    lines = tally(scoring, results)

    assert (lines[REIKLAND].bonus, lines[REIKLAND].points) == (1, 4)
    assert (lines[ORCLAND].bonus, lines[ORCLAND].points) == (0, 0)
    assert (lines[GOUGED_EYE].bonus, lines[GOUGED_EYE].points) == (1, 2)
    assert (lines[DARKSIDE].bonus, lines[DARKSIDE].points) == (1, 2)


def test_bonuses_add_up_across_a_match_and_a_season() -> None:
    results = [
        # Reikland 4-0, casualties 3-1: win 3 + three touchdowns 1 + three casualties 2 +
        # clean sheet 4 = 10 (bonus 7). Orcland: loss 0, no touchdown, 1 casualty, conceded.
        match(REIKLAND, ORCLAND, 4, 0, home_casualties=3, away_casualties=1),
        # 3-3, Reikland (away) caused 4: draw 1 + touchdowns 1 + casualties 2 = 4 (bonus 3);
        # Orcland: draw 1 + touchdowns 1 = 2 (bonus 1). Nobody kept a clean sheet.
        match(ORCLAND, REIKLAND, 3, 3, away_casualties=4),
    ]

    lines = tally(EVERY_BONUS, results)

    assert (lines[REIKLAND].bonus, lines[REIKLAND].points) == (10, 14)  # 7 + 3, 10 + 4
    assert (lines[ORCLAND].bonus, lines[ORCLAND].points) == (1, 2)  # 0 + 1, 0 + 2


def test_bonus_points_and_points_for_score_one_side_of_a_result() -> None:
    result = match(REIKLAND, ORCLAND, 3, 0, home_casualties=1, away_casualties=3)

    # Reikland: three touchdowns 1 + clean sheet 4 = 5; with the win, 3 + 5 = 8.
    assert bonus_points(EVERY_BONUS, result.of(REIKLAND)) == 5
    assert points_for(EVERY_BONUS, result.of(REIKLAND)) == 8
    # Orcland: three casualties 2; with the loss, 0 + 2 = 2.
    assert bonus_points(EVERY_BONUS, result.of(ORCLAND)) == 2
    assert points_for(EVERY_BONUS, result.of(ORCLAND)) == 2


# --- forfeits -------------------------------------------------------------------------------


def test_a_forfeit_earns_no_bonus_points_for_either_side() -> None:
    # The league's forfeit score 3-0 would otherwise give Reikland three touchdowns (1) and a
    # clean sheet (4).
    lines = tally(EVERY_BONUS, [match(REIKLAND, ORCLAND, 3, 0, forfeit=True)])

    assert (lines[REIKLAND].bonus, lines[REIKLAND].points) == (0, 3)  # the win alone
    assert (lines[ORCLAND].bonus, lines[ORCLAND].points) == (0, 0)


def test_a_forfeit_counts_as_played_won_and_lost_with_its_touchdowns() -> None:
    results = [
        # Played on the pitch: Reikland won 1-0, a clean sheet (4).
        match(REIKLAND, GOUGED_EYE, 1, 0),
        # Orcland forfeited away at Reikland, recorded at the league's forfeit score 2-0.
        match(REIKLAND, ORCLAND, 2, 0, forfeit=True),
        # Orcland (home) forfeited again, now the losing side is home: 0-2.
        match(ORCLAND, GOUGED_EYE, 0, 2, forfeit=True),
    ]

    lines = tally(EVERY_BONUS, results)

    # Reikland: 2 played, 2 won; touchdowns 1+2 for, none against; points (3+4) + 3 = 10,
    # bonus only the clean sheet on the pitch = 4.
    assert lines[REIKLAND] == Line(
        REIKLAND, played=2, won=2, touchdowns_for=3, touchdowns_against=0, bonus=4, points=10,
        form="WW",
    )  # fmt: skip
    # Orcland: 2 played, 2 lost; touchdowns none for, 2+2 against; no points.
    assert lines[ORCLAND] == Line(
        ORCLAND, played=2, lost=2, touchdowns_for=0, touchdowns_against=4, form="LL"
    )
    # Gouged Eye: lost 0-1 on the pitch (0), won the forfeit 2-0 (3, no clean sheet bonus).
    assert lines[GOUGED_EYE] == Line(
        GOUGED_EYE, played=2, won=1, lost=1, touchdowns_for=2, touchdowns_against=1,
        bonus=0, points=3, form="LW",
    )  # fmt: skip


# --- Blitz Bowl -----------------------------------------------------------------------------


def test_a_blitz_bowl_match_is_won_on_points_not_touchdowns() -> None:
    # Reikland scored fewer touchdowns (1 to 2) but more Blitz Bowl points (9 to 7).
    lines = tally(CLASSIC, [match(REIKLAND, ORCLAND, 1, 2, home_score=9, away_score=7)])

    assert lines[REIKLAND] == Line(
        REIKLAND, played=1, won=1, touchdowns_for=1, touchdowns_against=2, score_for=9,
        score_against=7, points=3, form="W",
    )  # fmt: skip
    assert lines[ORCLAND] == Line(
        ORCLAND, played=1, lost=1, touchdowns_for=2, touchdowns_against=1, score_for=7,
        score_against=9, points=0, form="L",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("home_td", "away_td", "home_score", "away_score", "home_form", "away_form"),
    [
        (2, 0, 5, 5, "D", "D"),  # level on points: a draw though Reikland scored 2-0
        (0, 0, 0, 2, "L", "W"),  # a home score of 0 still counts: lost 0-2 on points
        (0, 1, 9, None, "L", "W"),  # one score missing: decided on touchdowns
        (0, 1, None, 9, "L", "W"),
    ],
)
def test_a_blitz_bowl_outcome_needs_both_scores(
    home_td: int,
    away_td: int,
    home_score: int | None,
    away_score: int | None,
    home_form: str,
    away_form: str,
) -> None:
    results = [
        match(REIKLAND, ORCLAND, home_td, away_td, home_score=home_score, away_score=away_score)
    ]

    lines = tally(CLASSIC, results)

    assert (lines[REIKLAND].form, lines[ORCLAND].form) == (home_form, away_form)


def test_blitz_bowl_bonuses_still_count_touchdowns() -> None:
    scoring = Scoring(win=3, draw=1, loss=0, clean_sheet=1)

    # No touchdown either way, Orcland won 6-4 on points: both kept a clean sheet.
    lines = tally(scoring, [match(REIKLAND, ORCLAND, 0, 0, home_score=4, away_score=6)])

    assert (lines[REIKLAND].bonus, lines[REIKLAND].points) == (1, 1)  # loss 0 + 1
    assert (lines[ORCLAND].bonus, lines[ORCLAND].points) == (1, 4)  # win 3 + 1


# --- form -----------------------------------------------------------------------------------


def test_form_is_the_last_five_results_oldest_first() -> None:
    results = [
        match(REIKLAND, ORCLAND, 1, 0),  # Reikland W, Orcland L
        match(REIKLAND, ORCLAND, 1, 1),  # D, D
        match(REIKLAND, ORCLAND, 0, 1),  # L, W
        match(ORCLAND, REIKLAND, 0, 2),  # Reikland W (away), Orcland L
        match(REIKLAND, GOUGED_EYE, 2, 1),  # W, Gouged Eye L
        match(GOUGED_EYE, REIKLAND, 1, 0),  # L, W
        match(REIKLAND, GOUGED_EYE, 1, 0),  # W, L
    ]

    lines = tally(CLASSIC, results)

    # Reikland's seven: W D L W W L W; the last five are L W W L W.
    assert lines[REIKLAND].form == "LWWLW"
    assert lines[REIKLAND].played == 7
    assert lines[ORCLAND].form == "LDWL"  # four results, all shown
    assert lines[GOUGED_EYE].form == "LWL"


def test_form_of_exactly_five_results_shows_all_five() -> None:
    scores = [(1, 0), (1, 1), (0, 1), (2, 0), (3, 0)]  # W D L W W
    lines = tally(CLASSIC, [match(REIKLAND, ORCLAND, h, a) for h, a in scores])

    assert lines[REIKLAND].form == "WDLWW"
    assert lines[ORCLAND].form == "LDWLL"


# --- all-time lines -------------------------------------------------------------------------

SEASON_1 = Scoring(win=2, draw=1, loss=0)
SEASON_2 = Scoring(win=3, draw=1, loss=0, clean_sheet=1)

SEASON_1_RESULTS = [
    match(REIKLAND, ORCLAND, 2, 1, home_casualties=2),  # W (2)
    match(GOUGED_EYE, REIKLAND, 1, 1),  # D (1)
    match(REIKLAND, GOUGED_EYE, 0, 1),  # L (0)
    match(ORCLAND, REIKLAND, 0, 1),  # W (2); no clean-sheet bonus in season 1
]
SEASON_2_RESULTS = [
    match(REIKLAND, ORCLAND, 1, 0),  # W 3 + clean sheet 1 = 4
    match(ORCLAND, REIKLAND, 2, 2, home_casualties=1, away_casualties=3),  # D (1)
    match(REIKLAND, GOUGED_EYE, 3, 0),  # W 3 + clean sheet 1 = 4
]


def test_each_season_line_is_scored_under_its_own_scoring() -> None:
    first = tally(SEASON_1, SEASON_1_RESULTS)[REIKLAND]
    second = tally(SEASON_2, SEASON_2_RESULTS)[REIKLAND]

    # Season 1: 2 + 1 + 0 + 2 = 5; touchdowns 2+1+0+1 = 4 for, 1+1+1+0 = 3 against.
    assert first == Line(
        REIKLAND, played=4, won=2, drawn=1, lost=1, touchdowns_for=4, touchdowns_against=3,
        casualties_for=2, casualties_against=0, bonus=0, points=5, form="WDLW",
    )  # fmt: skip
    # Season 2: 4 + 1 + 4 = 9 (bonus 2); touchdowns 1+2+3 = 6 for, 0+2+0 = 2 against;
    # casualties 3 caused away, 1 suffered.
    assert second == Line(
        REIKLAND, played=3, won=2, drawn=1, lost=0, touchdowns_for=6, touchdowns_against=2,
        casualties_for=3, casualties_against=1, bonus=2, points=9, form="WDW",
    )  # fmt: skip


def test_the_all_time_line_sums_seasons_scored_differently() -> None:
    first = tally(SEASON_1, SEASON_1_RESULTS)[REIKLAND]
    second = tally(SEASON_2, SEASON_2_RESULTS)[REIKLAND]

    all_time = combined([first, second])

    # Points 5 + 9 = 14: season 1's two wins stay at 2 each (rescored at 3 they would make
    # 16). Form: W D L W then W D W, the last five L W W D W.
    assert all_time == Line(
        REIKLAND, played=7, won=4, drawn=2, lost=1, touchdowns_for=10, touchdowns_against=5,
        casualties_for=5, casualties_against=1, bonus=2, points=14, form="LWWDW",
    )  # fmt: skip


def test_combining_leaves_the_season_lines_as_they_were() -> None:
    first = Line(REIKLAND, played=1, won=1, points=3, form="W")
    second = Line(REIKLAND, played=1, lost=1, points=0, form="L")

    combined([first, second])

    assert first == Line(REIKLAND, played=1, won=1, points=3, form="W")
    assert second == Line(REIKLAND, played=1, lost=1, points=0, form="L")


def test_all_time_form_runs_across_a_season_without_games() -> None:
    seasons = [
        Line(REIKLAND, played=5, won=3, drawn=1, lost=1, points=10, form="WDLWW"),
        Line(REIKLAND),  # a season with no games: nothing to add to the form
        Line(REIKLAND, played=1, lost=1, form="L"),
    ]

    all_time = combined(seasons)

    # W D L W W, then L: the last five D L W W L.
    assert all_time.form == "DLWWL"
    assert (all_time.played, all_time.won, all_time.lost, all_time.points) == (6, 3, 2, 10)


def test_one_season_is_its_own_all_time_line() -> None:
    line = Line(ORCLAND, played=2, won=1, lost=1, touchdowns_for=3, points=3, form="WL")

    assert combined([line]) == line


def test_an_all_time_line_needs_a_season() -> None:
    with pytest.raises(ValueError, match="at least one season"):
        combined([])


def test_points_rank_first_whatever_order_the_tie_breakers_are_listed_in() -> None:
    # Team 1 won 1-0 (3 points, TD difference +1); team 2 lost 0-1 then drew 5-5 with team 3.
    results = [Result(1, 2, 1, 0), Result(2, 3, 5, 5)]
    for listed in (("touchdown_difference",), ("head_to_head", "points"), ()):
        scoring = Scoring(tie_breakers=listed)
        lines = tally(scoring, results)
        # Points: team 1 3 (a win), team 2 1 (a draw), team 3 1 (a draw); team 3 has TD
        # difference 0 against team 2's -1, so it is second on the first listed tie-breaker
        # that separates them, or level where none is listed.
        order = [placed.line.team for placed in rank(scoring, lines.values())]
        assert order[0] == 1
