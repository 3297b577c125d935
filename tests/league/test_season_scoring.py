"""A season keeps the scoring it started with: season_start copies the league's points, bonus
points and tie-breakers onto the season, so a change to the league's settings (league_update)
counts from the next season and never rewrites the current or a finished table. The all-time
table sums each season's rows as that season scored them and ranks them by the current
season's tie-breakers.

The league and the Orc teams are tests/league/test_standings_kept.py's: Gouged Eye and Da
Krumpers, 3 points a win to begin with."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from league.models import Season
from league.services import league_update
from league.tables import all_time_table, season_table
from rules.engine.standings import Scoring
from tests.league.test_standings_kept import (
    confirmed,
    hurt,
    join,
    line,
    match_of,
    row,
    started,
)

pytestmark = pytest.mark.django_db

CHOSEN = {
    "points_win": 4,
    "points_draw": 2,
    "points_loss": -1,
    "bonus_three_touchdowns": 1,
    "bonus_three_casualties": 2,
    "bonus_clean_sheet": 3,
    "tie_breakers": ["points", "touchdowns_scored", "head_to_head"],
}


@pytest.fixture
def pair(league, team, rival_team):
    join(league, team, rival_team)
    return team, rival_team


def scoring(season: Season) -> dict:
    season = Season.objects.get(pk=season.pk)
    return {name: getattr(season, name) for name in CHOSEN}


def points(table) -> list[tuple[str, int]]:
    return [(row.team.name, row.line.points) for row in table.rows]


def test_a_season_starts_with_a_copy_of_the_leagues_scoring(league, pair) -> None:
    season = started(league, **CHOSEN)
    assert scoring(season) == CHOSEN
    assert season_table(season).scoring == Scoring(4, 2, -1, 1, 2, 3, tuple(CHOSEN["tie_breakers"]))


def test_changing_the_leagues_points_changes_neither_the_current_season_nor_its_table(
    league, pair, commissioner
) -> None:
    home, away = pair
    season = started(league, "double_round_robin")
    confirmed(match_of(season, home, away, 1), 2, 1)
    league_update(league, commissioner, {"points_win": 2, "tie_breakers": ["points"]})
    assert scoring(season)["points_win"] == 3
    assert scoring(season)["tie_breakers"] == [
        "points", "head_to_head", "touchdown_difference", "casualty_difference",
        "touchdowns_scored", "fewest_games_played",
    ]  # LRB6's own, as the league had them when the season started  # fmt: skip
    assert points(season_table(season)) == [("Gouged Eye", 3), ("Da Krumpers", 0)]
    # A result of the season after the change still scores as the season started: 3 + 3 = 6.
    confirmed(match_of(season, away, home, 2), 0, 1)
    assert row(season, home)["points"] == 6
    assert points(season_table(season)) == [("Gouged Eye", 6), ("Da Krumpers", 0)]


def test_a_finished_season_keeps_its_table_and_the_next_one_takes_the_new_scoring(
    league, pair, commissioner
) -> None:
    home, away = pair
    first = started(league)
    confirmed(match_of(first, home, away), 3, 0)
    before = row(first, home)
    league_update(league, commissioner, {"points_win": 2, "bonus_clean_sheet": 1})
    second = started(league)  # finishes the first
    assert Season.objects.get(pk=first.pk).finished_at is not None
    assert row(first, home) == before == line(played=1, won=1, touchdowns_for=3, points=3, form="W")
    assert points(season_table(first)) == [("Gouged Eye", 3), ("Da Krumpers", 0)]
    assert (scoring(second)["points_win"], scoring(second)["bonus_clean_sheet"]) == (2, 1)
    confirmed(match_of(second, home, away), 3, 0)
    # Under the new scoring: 2 for the win + 1 for the clean sheet = 3.
    assert row(second, home) == line(played=1, won=1, touchdowns_for=3, bonus=1, points=3, form="W")


def test_the_all_time_table_counts_each_season_as_it_scored_it(league, pair, commissioner):
    home, away = pair
    first = started(league)
    confirmed(match_of(first, home, away), 2, 1)  # Gouged Eye win: 3 points then
    league_update(league, commissioner, {"points_win": 2})
    second = started(league)
    confirmed(match_of(second, home, away), 0, 1)  # Da Krumpers win: 2 points now
    table = all_time_table(league, second)
    # Gouged Eye 3 + 0 = 3 ahead of Da Krumpers 0 + 2 = 2 (scored by today's rules they
    # would be level: 2 + 0 = 2 and 0 + 2 = 2). Touchdowns each 2 + 0 = 2 for, 1 + 1 = 2
    # against.
    assert points(table) == [("Gouged Eye", 3), ("Da Krumpers", 2)]
    assert [(r.position, r.by) for r in table.rows] == [(1, ""), (2, "")]  # points did it
    gouged, krumpers = (asdict(r.line) for r in table.rows)
    assert gouged == {"team": home.pk, **line(
        played=2, won=1, lost=1, touchdowns_for=2, touchdowns_against=2, points=3, form="WL"
    )}  # fmt: skip
    assert krumpers == {"team": away.pk, **line(
        played=2, won=1, lost=1, touchdowns_for=2, touchdowns_against=2, points=2, form="LW"
    )}  # fmt: skip


def test_the_all_time_table_ranks_by_the_current_seasons_tie_breakers(
    league, pair, commissioner
) -> None:
    home, away = pair
    first = started(league, tie_breakers=["points", "touchdown_difference"])
    confirmed(match_of(first, home, away), 2, 0)  # Gouged Eye win: 3 points
    second = started(league, tie_breakers=["points", "casualty_difference"])
    # Da Krumpers win 1-0 and hurt one of Gouged Eye's players.
    confirmed(match_of(second, home, away), 0, 1, [hurt(("home", 3), ("away", 6))])
    # Level on 3 points each. Touchdowns: Gouged Eye 2 + 0 = 2 for, 0 + 1 = 1 against (+1);
    # casualties: Gouged Eye 0 - 1 = -1, Da Krumpers +1. The first season's tie-breakers
    # would put Gouged Eye first; the current season's put Da Krumpers first.
    for current in (second, None):  # None: the newest season is the current one
        table = all_time_table(league, current)
        assert points(table) == [("Da Krumpers", 3), ("Gouged Eye", 3)]
        assert [(r.position, r.by) for r in table.rows] == [(1, ""), (2, "casualty difference")]
        assert table.scoring.tie_breakers == ("points", "casualty_difference")
    # The first season's own table still ranks by its own tie-breakers.
    table = season_table(first)
    assert points(table) == [("Gouged Eye", 3), ("Da Krumpers", 0)]
    assert table.scoring.tie_breakers == ("points", "touchdown_difference")
