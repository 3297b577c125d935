"""Bonus points as a league sets them (three touchdowns, three casualties caused, a clean
sheet), earned on the pitch and kept in the rows as results arrive; and a Blitz Bowl league's
rows, which count its points for and against and decide each match on them (document 004: a
touchdown is 4 points, so a forfeit's points are its touchdowns x 4).

The LRB6 league and the Orc teams are tests/league/test_standings_kept.py's."""

from __future__ import annotations

import pytest

from league.seasons import fixture_forfeit, season_start
from league.services import league_create
from matches import workflow
from rules.selectors import version_get
from teams.services import team_create
from tests.league.test_standings_kept import (
    PLAYED,
    confirmed,
    hurt,
    join,
    line,
    match_of,
    row,
    started,
)
from tests.matches.rulesets import BLITZ_HUMANS
from tests.teams.helpers import squad

pytestmark = pytest.mark.django_db

# A point of each kind apart, so that each bonus shows which one it is.
BONUSES = {"bonus_three_touchdowns": 1, "bonus_three_casualties": 2, "bonus_clean_sheet": 4}


@pytest.fixture
def pair(league, team, rival_team):
    join(league, team, rival_team)
    return team, rival_team


def test_three_touchdowns_three_casualties_and_a_clean_sheet_each_earn_their_bonus(
    league, pair
) -> None:
    home, away = pair
    season = started(league, **BONUSES)
    caused = [
        hurt(("away", 3), ("home", 6)),
        hurt(("away", 4), ("home", 7), means="crowd"),  # a crowd push counts as his
        hurt(("away", 1), ("home", 10), action="blitz"),
    ]
    confirmed(match_of(season, home, away), 3, 0, caused)
    # Gouged Eye: 3 touchdowns (1) + 3 casualties caused (2) + none conceded (4) = 7 bonus
    # points, and 3 for the win: 10.
    assert row(season, home) == line(
        played=1, won=1, touchdowns_for=3, casualties_for=3, bonus=7, points=10, form="W"
    )
    # Da Krumpers: nothing scored, nothing caused, three conceded.
    assert row(season, away) == line(
        played=1, lost=1, touchdowns_against=3, casualties_against=3, form="L"
    )


def test_casualties_nobody_of_the_team_caused_earn_no_casualty_bonus(league, pair) -> None:
    home, away = pair
    season = started(league, **BONUSES)
    four_hurt = [
        hurt(("away", 3), ("home", 6)),
        hurt(("away", 4), ("home", 7), means="crowd"),
        hurt(("away", 2), action="other", means="failed_dodge"),  # his own doing
        hurt(("away", 5), ("away", 8), action="pass", means="bomb"),  # his team-mate's bomb
    ]
    confirmed(match_of(season, home, away), 1, 1, four_hurt)
    # Four of Da Krumpers hurt, two by Gouged Eye: no bonus. A 1-1 draw: 1 point each.
    assert row(season, home) == line(
        played=1, drawn=1, touchdowns_for=1, touchdowns_against=1, casualties_for=2,
        points=1, form="D",
    )  # fmt: skip
    assert row(season, away) == line(
        played=1, drawn=1, touchdowns_for=1, touchdowns_against=1, casualties_against=2,
        points=1, form="D",
    )  # fmt: skip


def test_a_goalless_draw_gives_both_teams_a_clean_sheet(league, pair) -> None:
    home, away = pair
    season = started(league, **BONUSES)
    confirmed(match_of(season, home, away), 0, 0)
    # 1 for the draw + 4 for the clean sheet = 5 each.
    for team in pair:
        assert row(season, team) == line(played=1, drawn=1, bonus=4, points=5, form="D")


def test_the_loser_earns_his_three_touchdown_bonus_too(league, pair) -> None:
    home, away = pair
    season = started(league, **BONUSES)
    confirmed(match_of(season, home, away), 3, 4)
    # Gouged Eye lost 3-4: 0 + 1 for three touchdowns = 1; Da Krumpers 3 + 1 = 4.
    assert row(season, home) == line(
        played=1, lost=1, touchdowns_for=3, touchdowns_against=4, bonus=1, points=1, form="L"
    )
    assert row(season, away) == line(
        played=1, won=1, touchdowns_for=4, touchdowns_against=3, bonus=1, points=4, form="W"
    )


# --- Blitz Bowl -----------------------------------------------------------------------------


@pytest.fixture
def blitz_season(commissioner, coach, rival):
    """A Blitz Bowl league of the Reavers and the Wolves (forfeits 3-1), its season started."""
    version = version_get("blitz-bowl")
    league = league_create(
        commissioner, "Crush League", version,
        forfeit_winner_touchdowns=3, forfeit_loser_touchdowns=1,
    )  # fmt: skip
    reavers = team_create(coach, version, "The Reavers", "human", squad(*BLITZ_HUMANS))
    wolves = team_create(rival, version, "Middenheim Wolves", "human", squad(*BLITZ_HUMANS))
    join(league, reavers, wolves)
    return season_start(league, commissioner, "round_robin"), reavers, wolves


def blitz_played(match, touchdowns: tuple[int, int], body: dict) -> None:
    workflow.report_save(match, match.home.coach, PLAYED, *touchdowns, body)
    workflow.report_submit(match, match.home.coach)
    workflow.report_confirm(match, match.away.coach)


def test_a_blitz_bowl_match_counts_its_points_and_is_won_on_them(blitz_season) -> None:
    season, reavers, wolves = blitz_season
    # The Reavers 1 touchdown (4) + 5 Challenge points = 9; the Wolves 2 touchdowns (8) = 8:
    # the Reavers win on points with fewer touchdowns.
    body = {"home": {"challenge_points": 5, "score": 9}, "away": {"score": 8},
            "win_type": "points"}  # fmt: skip
    blitz_played(match_of(season, reavers, wolves), (1, 2), body)
    assert row(season, reavers) == line(
        played=1, won=1, touchdowns_for=1, touchdowns_against=2, score_for=9, score_against=8,
        points=3, form="W",
    )  # fmt: skip
    assert row(season, wolves) == line(
        played=1, lost=1, touchdowns_for=2, touchdowns_against=1, score_for=8, score_against=9,
        points=0, form="L",
    )  # fmt: skip


def test_a_blitz_bowl_draw_is_level_on_points_whatever_the_touchdowns(blitz_season) -> None:
    season, reavers, wolves = blitz_season
    # The Reavers 2 touchdowns (8); the Wolves 1 touchdown (4) + 4 Challenge points = 8.
    body = {"home": {"score": 8}, "away": {"challenge_points": 4, "score": 8},
            "win_type": "draw"}  # fmt: skip
    blitz_played(match_of(season, reavers, wolves), (2, 1), body)
    assert row(season, reavers) == line(
        played=1, drawn=1, touchdowns_for=2, touchdowns_against=1, score_for=8, score_against=8,
        points=1, form="D",
    )  # fmt: skip


def test_a_blitz_bowl_forfeit_scores_four_points_a_touchdown(blitz_season) -> None:
    season, reavers, wolves = blitz_season
    match = match_of(season, reavers, wolves)
    fixture_forfeit(match.fixture, season.league.commissioners.first(), wolves)
    # The league's forfeit score 3-1: 3 x 4 = 12 points to 1 x 4 = 4.
    assert row(season, reavers) == line(
        played=1, won=1, touchdowns_for=3, touchdowns_against=1, score_for=12, score_against=4,
        points=3, form="W",
    )  # fmt: skip
    assert row(season, wolves) == line(
        played=1, lost=1, touchdowns_for=1, touchdowns_against=3, score_for=4, score_against=12,
        points=0, form="L",
    )  # fmt: skip
