"""Writing a season's rows (league/standings.py's standings_write): a result changes its two
teams' rows, written an UPDATE each (quicker to build than a bulk update's CASE for every
column of every row); a whole season's rows, as a migration or the bench rebuilds them, go in
one bulk update however many teams; a team with no row yet gets one. Every row ends holding
its line, whichever way it was written.

The league is tests/league/conftest.py's (LRB6, 3 points a win, 1 a draw), of Orc teams."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Season, Standing
from league.seasons import season_start
from league.standings import ONE_BY_ONE, ROW_FIELDS, standings_write
from rules.engine.standings import Line
from tests.league.conftest import member_teams

pytestmark = pytest.mark.django_db


def started(league, teams: int, users) -> Season:
    member_teams(league, teams, users)
    return season_start(league, league.commissioners.first(), "round_robin")


def figures(line: Line) -> dict:
    return {name: getattr(line, name) for name in ROW_FIELDS}


def stored(season: Season) -> dict[int, dict]:
    rows = Standing.objects.filter(season=season).values("team_id", *ROW_FIELDS)
    return {values.pop("team_id"): values for values in rows}


def won(team: int, n: int = 1) -> Line:
    """A line of `n` wins 2-1 (3 points each), the last n of them its form."""
    return Line(team, played=n, won=n, touchdowns_for=2 * n, touchdowns_against=n,
                points=3 * n, form="W" * min(n, 5))  # fmt: skip


def lost(team: int) -> Line:
    return Line(team, played=1, lost=1, touchdowns_for=1, touchdowns_against=2, form="L")


def updates(captured) -> list[str]:
    return [query["sql"] for query in captured if query["sql"].startswith("UPDATE")]


def test_a_result_s_two_rows_are_written_an_update_each_not_a_case_per_column(
    league, users
) -> None:
    season = started(league, 4, users)
    home, away, *others = sorted(stored(season))
    lines = {home: won(home), away: lost(away)}
    with CaptureQueriesContext(connection) as captured:
        standings_write(season, lines)
    written = updates(captured)
    assert len(written) == 2
    assert not any("CASE" in sql for sql in written)
    rows = stored(season)
    assert rows[home] == figures(won(home))
    assert rows[away] == figures(lost(away))
    assert all(rows[team] == figures(Line(team)) for team in others)  # untouched


def test_a_whole_season_s_rows_go_in_one_bulk_update_however_many_teams(league, users) -> None:
    season = started(league, ONE_BY_ONE + 2, users)
    teams = sorted(stored(season))
    lines = {team: won(team, n) for n, team in enumerate(teams, start=1)}
    with CaptureQueriesContext(connection) as captured:
        standings_write(season, lines)
    assert len(updates(captured)) == 1
    assert stored(season) == {team: figures(line) for team, line in lines.items()}


def test_a_team_with_no_row_yet_gets_one_beside_the_rows_updated(league, users) -> None:
    season = started(league, 2, users)
    home, away = sorted(stored(season))
    Standing.objects.filter(season=season, team=away).delete()
    standings_write(season, {home: won(home), away: lost(away)})
    assert stored(season) == {home: figures(won(home)), away: figures(lost(away))}
