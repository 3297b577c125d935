"""Ranking a league table, each order worked out by hand from the season's tie-breakers: each
alone, head-to-head and its restart, teams level on everything, who needs head-to-head."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.standings import (
    Line,
    Placed,
    Result,
    Scoring,
    head_to_head,
    head_to_head_groups,
    rank,
    tally,
)

REIKLAND, ORCLAND, GOUGED_EYE, DARKSIDE, BRIGHT, CHAOS = 1, 2, 3, 4, 5, 6
# By name: Bright, Chaos, Darkside, Gouged Eye, Orcland, Reikland.
NAMES = {
    REIKLAND: "Reikland Reavers",
    ORCLAND: "Orcland Raiders",
    GOUGED_EYE: "Gouged Eye",
    DARKSIDE: "Darkside Cowboys",
    BRIGHT: "Bright Crusaders",
    CHAOS: "Chaos All-Stars",
}
EVERY_TIE_BREAKER = (
    "points", "head_to_head", "touchdown_difference", "casualty_difference", "score_difference",
    "touchdowns_scored", "fewest_games_played",
)  # fmt: skip
SCORING = Scoring(win=3, draw=1, loss=0, tie_breakers=EVERY_TIE_BREAKER)


def match(home: int, away: int, home_td: int, away_td: int, **more: object) -> Result:
    return Result(home, away, home_td, away_td, **more)  # type: ignore[arg-type]


def line(team: int, **figures: int) -> Line:
    """A line level with every other `line()` unless a figure is given: 6 played, 6 points,
    touchdowns 8-6, casualties 5-5, Blitz Bowl points 0-0."""
    level = dict(
        played=6, won=2, drawn=0, lost=4, touchdowns_for=8, touchdowns_against=6,
        casualties_for=5, casualties_against=5, points=6,
    )  # fmt: skip
    return Line(team, **{**level, **figures})  # type: ignore[arg-type]


def table(placed: Sequence[Placed]) -> list[tuple[str, int, str | None]]:
    """Name, position and the tie-breaker that put each line below the one above."""
    return [(NAMES[p.line.team], p.position, p.by) for p in placed]


def reikland_over_orcland(by: str) -> list[tuple[str, int, str | None]]:
    return [("Reikland Reavers", 1, None), ("Orcland Raiders", 2, by)]


# --- each tie-breaker alone deciding a two-team tie ---------------------------------------
# Reikland comes after Orcland by name and by id, and Orcland is ahead on every tie-breaker
# after the one tested: only that tie-breaker can put Reikland first.


def test_points_decide_before_anything_else() -> None:
    # Reikland 7 points to Orcland's 6, though Orcland is ahead on everything after points.
    lines = [
        line(ORCLAND, touchdowns_for=20, casualties_for=9, score_for=30, played=5),
        line(REIKLAND, points=7),
    ]

    assert table(rank(SCORING, lines, names=NAMES)) == reikland_over_orcland("points")


def test_head_to_head_decides_a_tie_on_points() -> None:
    lines = [
        line(ORCLAND, touchdowns_for=20, casualties_for=9, score_for=30, played=5),
        line(REIKLAND),
    ]
    results = [
        match(REIKLAND, ORCLAND, 1, 0),  # between them: Reikland 3, Orcland 0
        match(ORCLAND, GOUGED_EYE, 5, 0),  # not between them: not counted
        match(DARKSIDE, ORCLAND, 0, 5),
    ]

    assert table(rank(SCORING, lines, results, NAMES)) == reikland_over_orcland("head_to_head")


def test_touchdown_difference_decides_when_points_and_head_to_head_are_level() -> None:
    # Reikland 5-2 = +3, Orcland 9-7 = +2; Orcland has more casualties, more Blitz Bowl
    # points, more touchdowns (9 to 5) and fewer games. They drew their match: 1 point each.
    lines = [
        line(ORCLAND, touchdowns_for=9, touchdowns_against=7, casualties_for=9, score_for=30,
             played=5),
        line(REIKLAND, touchdowns_for=5, touchdowns_against=2),
    ]  # fmt: skip

    ranked = rank(SCORING, lines, [match(REIKLAND, ORCLAND, 1, 1)], NAMES)

    assert table(ranked) == reikland_over_orcland("touchdown_difference")


def test_casualty_difference_decides_when_touchdown_difference_is_level() -> None:
    # Both +2 on touchdowns; casualties Reikland 4-1 = +3, Orcland 6-4 = +2.
    lines = [
        line(ORCLAND, casualties_for=6, casualties_against=4, score_for=30, touchdowns_for=20,
             touchdowns_against=18, played=5),
        line(REIKLAND, casualties_for=4, casualties_against=1),
    ]  # fmt: skip

    assert table(rank(SCORING, lines, names=NAMES)) == reikland_over_orcland("casualty_difference")


def test_score_difference_decides_when_casualty_difference_is_level() -> None:
    # Blitz Bowl points: Reikland 20-10 = +10, Orcland 30-21 = +9. Casualties both +0.
    lines = [
        line(ORCLAND, score_for=30, score_against=21, touchdowns_for=20, touchdowns_against=18,
             played=5),
        line(REIKLAND, score_for=20, score_against=10),
    ]  # fmt: skip

    assert table(rank(SCORING, lines, names=NAMES)) == reikland_over_orcland("score_difference")


def test_touchdowns_scored_decide_when_the_differences_are_level() -> None:
    # Reikland 6-4, Orcland 5-3: both +2; Reikland scored 6 to 5. Orcland played fewer.
    lines = [
        line(ORCLAND, touchdowns_for=5, touchdowns_against=3, played=5),
        line(REIKLAND, touchdowns_for=6, touchdowns_against=4),
    ]

    assert table(rank(SCORING, lines, names=NAMES)) == reikland_over_orcland("touchdowns_scored")


def test_fewest_games_played_ranks_the_team_with_fewer_games_higher() -> None:
    # Level on everything else; Reikland played 5, Orcland 6.
    lines = [line(ORCLAND, played=6), line(REIKLAND, played=5)]

    assert table(rank(SCORING, lines, names=NAMES)) == reikland_over_orcland("fewest_games_played")


def test_tie_breakers_apply_in_the_season_order() -> None:
    # Reikland +3 on 5-2, Orcland +2 on 9-7: the order of the two tie-breakers decides.
    lines = [
        line(REIKLAND, touchdowns_for=5, touchdowns_against=2),
        line(ORCLAND, touchdowns_for=9, touchdowns_against=7),
    ]
    difference_first = Scoring(tie_breakers=("points", "touchdown_difference", "touchdowns_scored"))
    scored_first = Scoring(tie_breakers=("points", "touchdowns_scored", "touchdown_difference"))

    assert table(rank(difference_first, lines, names=NAMES)) == reikland_over_orcland(
        "touchdown_difference"
    )
    assert table(rank(scored_first, lines, names=NAMES)) == [
        ("Orcland Raiders", 1, None),
        ("Reikland Reavers", 2, "touchdowns_scored"),
    ]


# --- head-to-head ---------------------------------------------------------------------------


def test_head_to_head_counts_bonus_points() -> None:
    scoring = Scoring(win=3, draw=1, loss=0, clean_sheet=1, tie_breakers=EVERY_TIE_BREAKER)
    results = [
        match(REIKLAND, ORCLAND, 1, 0),  # Reikland win 3 + clean sheet 1 = 4; Orcland 0
        match(ORCLAND, REIKLAND, 2, 1),  # Orcland win 3, no clean sheet; Reikland 0
    ]
    # Without the bonus it would be 3-3, and Orcland's touchdown difference (+2 to +1) wins.
    lines = [
        line(ORCLAND, touchdowns_for=8, touchdowns_against=6),
        line(REIKLAND, touchdowns_for=7, touchdowns_against=6),
    ]

    assert head_to_head(scoring, lines, results) == {REIKLAND: 4, ORCLAND: 3}
    assert table(rank(scoring, lines, results, NAMES)) == reikland_over_orcland("head_to_head")


def test_all_time_head_to_head_scores_each_result_under_its_own_season() -> None:
    season_1 = Scoring(win=2, draw=1, loss=0)
    season_2 = Scoring(win=3, draw=1, loss=0)
    current = Scoring(win=3, draw=1, loss=0, tie_breakers=EVERY_TIE_BREAKER)
    results = [
        match(REIKLAND, ORCLAND, 2, 0, scoring=season_1),  # Reikland 2, Orcland 0
        match(ORCLAND, REIKLAND, 1, 0, scoring=season_2),  # Orcland 3, Reikland 0
    ]
    # Both 20 all-time points. Under today's win=3 the matches would be 3-3 and Reikland's
    # touchdown difference (+5 to +1) would win; as each season scored them it is 2-3.
    lines = [
        line(REIKLAND, points=20, touchdowns_for=10, touchdowns_against=5),
        line(ORCLAND, points=20, touchdowns_for=6, touchdowns_against=5),
    ]

    assert head_to_head(current, lines, results) == {REIKLAND: 2, ORCLAND: 3}
    assert table(rank(current, lines, results, NAMES)) == [
        ("Orcland Raiders", 1, None),
        ("Reikland Reavers", 2, "head_to_head"),
    ]


# Three-way tie on 7 points: Gouged Eye beat Reikland 1-0 and Orcland 2-1, Reikland and
# Orcland drew 1-1; each of the three also played Darkside.
TIE_SETTLED_ON_DIFFERENCE = [
    match(GOUGED_EYE, REIKLAND, 1, 0),
    match(GOUGED_EYE, ORCLAND, 2, 1),
    match(REIKLAND, ORCLAND, 1, 1),
    match(GOUGED_EYE, DARKSIDE, 0, 0),
    match(REIKLAND, DARKSIDE, 3, 0),
    match(DARKSIDE, REIKLAND, 0, 1),
    match(ORCLAND, DARKSIDE, 1, 0),
    match(DARKSIDE, ORCLAND, 1, 2),
]


def test_three_way_tie_head_to_head_takes_one_out_and_the_other_two_restart() -> None:
    lines = tally(SCORING, TIE_SETTLED_ON_DIFFERENCE)
    # Gouged Eye 3+3+1 = 7; Reikland 0+1+3+3 = 7; Orcland 0+1+3+3 = 7; Darkside 1.
    assert [lines[t].points for t in (GOUGED_EYE, REIKLAND, ORCLAND, DARKSIDE)] == [7, 7, 7, 1]
    # Touchdowns: Gouged Eye 1+2+0 = 3 for, 0+1+0 = 1 against (+2); Reikland 0+1+3+1 = 5,
    # 1+1+0+0 = 2 (+3); Orcland 1+1+1+2 = 5, 2+1+0+1 = 4 (+1).

    ranked = rank(SCORING, list(lines.values()), TIE_SETTLED_ON_DIFFERENCE, NAMES)

    # Head-to-head among the three: Gouged Eye 3+3 = 6, Reikland 0+1 = 1, Orcland 0+1 = 1.
    # Gouged Eye is first though its touchdown difference (+2) is below Reikland's (+3).
    # Reikland and Orcland start again: points 7-7, head-to-head between the two 1-1 (a draw),
    # then touchdown difference +3 to +1.
    assert table(ranked) == [
        ("Gouged Eye", 1, None),
        ("Reikland Reavers", 2, "head_to_head"),
        ("Orcland Raiders", 3, "touchdown_difference"),
        ("Darkside Cowboys", 4, "points"),
    ]
    assert [p.restarted for p in ranked] == [False, True, True, False]
    assert not any(p.level for p in ranked)


# Three-way tie on 7 points where the restart's head-to-head between the last two differs
# from touchdown difference: Orcland beat Gouged Eye 1-0; Gouged Eye beat Reikland 2-1 and
# drew 1-1 with them; Orcland and Reikland drew 0-0; all three also played Darkside.
TIE_SETTLED_AGAIN_HEAD_TO_HEAD = [
    match(ORCLAND, GOUGED_EYE, 1, 0),
    match(GOUGED_EYE, REIKLAND, 2, 1),
    match(REIKLAND, GOUGED_EYE, 1, 1),
    match(REIKLAND, ORCLAND, 0, 0),
    match(REIKLAND, DARKSIDE, 2, 0),
    match(DARKSIDE, REIKLAND, 1, 1),
    match(REIKLAND, DARKSIDE, 0, 0),
    match(ORCLAND, DARKSIDE, 1, 0),
    match(GOUGED_EYE, DARKSIDE, 3, 0),
]


def test_the_restart_plays_head_to_head_again_between_the_teams_still_tied() -> None:
    lines = tally(SCORING, TIE_SETTLED_AGAIN_HEAD_TO_HEAD)
    # Reikland 0+1+1+3+1+1 = 7; Orcland 3+1+3 = 7; Gouged Eye 0+3+1+3 = 7; Darkside 0+1+1+0+0.
    assert [lines[t].points for t in (REIKLAND, ORCLAND, GOUGED_EYE, DARKSIDE)] == [7, 7, 7, 2]
    # Touchdowns: Orcland 1+0+1 = 2 for, none against (+2); Gouged Eye 0+2+1+3 = 6 for,
    # 1+1+1+0 = 3 against (+3).

    ranked = rank(SCORING, list(lines.values()), TIE_SETTLED_AGAIN_HEAD_TO_HEAD, NAMES)

    # Among the three: Orcland 3+1 = 4, Gouged Eye 0+3+1 = 4, Reikland 0+1+1 = 2: Reikland
    # third. Orcland and Gouged Eye start again: points 7-7, then head-to-head between the
    # two alone, Orcland's 1-0 win: 3-0. (Carrying on to touchdown difference instead would
    # put Gouged Eye first, +3 to +2.)
    assert table(ranked) == [
        ("Orcland Raiders", 1, None),
        ("Gouged Eye", 2, "head_to_head"),
        ("Reikland Reavers", 3, "head_to_head"),
        ("Darkside Cowboys", 4, "points"),
    ]
    assert [p.restarted for p in ranked] == [True, True, False, False]


def test_other_tie_breakers_separating_part_of_a_tie_carry_on_without_a_restart() -> None:
    # Three on 9 points beat each other in a circle: 3 head-to-head points each. Touchdown
    # difference puts Gouged Eye (+4) above Reikland and Orcland (+1 each); those two carry on
    # to casualty difference, Orcland +2 to Reikland's +0. A restart would replay head-to-head
    # between them, where Reikland's 1-0 win would put Reikland first.
    results = [
        match(REIKLAND, ORCLAND, 1, 0),
        match(ORCLAND, GOUGED_EYE, 1, 0),
        match(GOUGED_EYE, REIKLAND, 1, 0),
    ]
    lines = [
        line(REIKLAND, points=9, touchdowns_for=5, touchdowns_against=4),
        line(ORCLAND, points=9, touchdowns_for=5, touchdowns_against=4, casualties_for=7),
        line(GOUGED_EYE, points=9, touchdowns_for=8, touchdowns_against=4),
    ]

    ranked = rank(SCORING, lines, results, NAMES)

    assert table(ranked) == [
        ("Gouged Eye", 1, None),
        ("Orcland Raiders", 2, "touchdown_difference"),
        ("Reikland Reavers", 3, "casualty_difference"),
    ]
    assert [p.restarted for p in ranked] == [False, False, False]


# --- level on everything --------------------------------------------------------------------


def test_teams_level_on_every_tie_breaker_share_a_position_listed_by_name() -> None:
    # Orcland and Bright Crusaders: 6 points each, drew 1-1, and level on every figure.
    lines = [
        line(GOUGED_EYE, points=3),
        line(ORCLAND),
        line(REIKLAND, points=9),
        line(BRIGHT),
    ]

    ranked = rank(SCORING, lines, [match(ORCLAND, BRIGHT, 1, 1)], NAMES)

    # Positions 1, 2, 2, then 4: the shared place uses up two.
    assert table(ranked) == [
        ("Reikland Reavers", 1, None),
        ("Bright Crusaders", 2, "points"),
        ("Orcland Raiders", 2, None),
        ("Gouged Eye", 4, "points"),
    ]
    assert [p.level for p in ranked] == [False, False, True, False]


def test_teams_level_at_the_top_share_first_place() -> None:
    lines = [line(REIKLAND), line(CHAOS), line(DARKSIDE, points=1)]

    ranked = rank(SCORING, lines, names=NAMES)

    assert table(ranked) == [
        ("Chaos All-Stars", 1, None),
        ("Reikland Reavers", 1, None),
        ("Darkside Cowboys", 3, "points"),
    ]
    assert [p.level for p in ranked] == [False, True, False]


def test_a_figure_that_is_no_tie_breaker_of_the_season_separates_nobody() -> None:
    # Points only: Reikland's better touchdown difference does not count.
    lines = [line(REIKLAND, touchdowns_for=20), line(ORCLAND)]

    ranked = rank(Scoring(tie_breakers=("points",)), lines, names=NAMES)

    assert table(ranked) == [("Orcland Raiders", 1, None), ("Reikland Reavers", 1, None)]
    assert [p.level for p in ranked] == [False, True]


def test_level_teams_without_names_are_listed_by_id() -> None:
    ranked = rank(SCORING, [line(CHAOS), line(ORCLAND)])

    assert [(p.line.team, p.position, p.level) for p in ranked] == [
        (ORCLAND, 1, False),
        (CHAOS, 1, True),
    ]


def test_a_lone_team_is_first_and_no_team_is_an_empty_table() -> None:
    assert table(rank(SCORING, [line(CHAOS)], names=NAMES)) == [("Chaos All-Stars", 1, None)]
    assert rank(SCORING, [], names=NAMES) == []


# --- which teams head-to-head may need ------------------------------------------------------

NEEDS_LINES = [
    line(REIKLAND, points=7, touchdowns_for=9, touchdowns_against=8),  # +1
    line(ORCLAND, points=7, touchdowns_for=9, touchdowns_against=6),  # +3
    line(GOUGED_EYE, points=7, touchdowns_for=3, touchdowns_against=2),  # +1
    line(DARKSIDE, points=4, touchdowns_for=4, touchdowns_against=4),  # +0
    line(BRIGHT, points=4, touchdowns_for=2, touchdowns_against=4),  # -2
    line(CHAOS, points=2),
]


def test_head_to_head_after_points_needs_every_team_level_on_points() -> None:
    # 7 points: Reikland, Orcland, Gouged Eye; 4: Darkside, Bright; Chaos alone on 2.
    groups = head_to_head_groups(NEEDS_LINES, EVERY_TIE_BREAKER)

    assert groups == [[REIKLAND, ORCLAND, GOUGED_EYE], [DARKSIDE, BRIGHT]]


def test_head_to_head_later_needs_only_teams_level_on_every_tie_breaker_before_it() -> None:
    # Points and touchdown difference: (7, +1) Reikland and Gouged Eye; the rest alone.
    tie_breakers = ("points", "touchdown_difference", "head_to_head")

    assert head_to_head_groups(NEEDS_LINES, tie_breakers) == [[REIKLAND, GOUGED_EYE]]


def test_head_to_head_listed_before_points_still_compares_only_teams_level_on_points() -> None:
    # Points always rank first: 7 points: Reikland, Orcland, Gouged Eye; 4: Darkside, Bright.
    tie_breakers = ("head_to_head", "points")

    assert head_to_head_groups(NEEDS_LINES, tie_breakers) == [
        [REIKLAND, ORCLAND, GOUGED_EYE], [DARKSIDE, BRIGHT],
    ]  # fmt: skip


def test_without_head_to_head_no_team_needs_it() -> None:
    tie_breakers = ("points", "touchdown_difference")

    assert head_to_head_groups(NEEDS_LINES, tie_breakers) == []
