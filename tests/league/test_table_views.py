"""The league home shows the top of a long table and says how many teams are below; a long
table's pages name the team above their first row."""

from __future__ import annotations

from types import SimpleNamespace

from league.table_views import HOME_ROWS, table_shown
from league.tables import Row, Table, TeamRef, table_page
from rules.engine.standings import Line, Scoring, rank

SCORING = Scoring(tie_breakers=("points", "touchdown_difference"))


def _table(teams: int) -> Table:
    # Team n has n points: the table runs from the highest number down.
    lines = [Line(n, played=n, won=n, points=n) for n in range(1, teams + 1)]
    named = {n: SimpleNamespace(pk=n, name=f"Team {n:02d}") for n in range(1, teams + 1)}
    return Table([Row(p, named[p.line.team]) for p in rank(SCORING, lines)], SCORING, "lrb6")


def test_it_shows_the_top_twenty_of_a_long_table_and_counts_the_rest() -> None:
    shown = table_shown(table_page(_table(25), top=HOME_ROWS, skip=0))
    assert [row.row.team.name for row in shown.rows][:2] == ["Team 25", "Team 24"]
    assert len(shown.rows) == 20
    assert shown.more == 5  # 25 teams - 20 shown


def test_it_shows_every_row_of_a_short_table() -> None:
    shown = table_shown(table_page(_table(4), top=HOME_ROWS, skip=0))
    assert len(shown.rows) == 4
    assert shown.more == 0


def test_the_full_table_has_every_team() -> None:
    shown = table_shown(_table(25))
    assert len(shown.rows) == 25
    assert shown.more == 0


def test_the_first_row_of_a_later_page_names_the_team_above_it_on_the_page_before() -> None:
    # Level on points (1 each), Team 02 is below Team 01 on touchdown difference.
    lines = [Line(1, points=1, touchdowns_for=2), Line(2, points=1, touchdowns_for=1)]
    named = {n: TeamRef(n, f"Team {n:02d}", "coach") for n in (1, 2)}
    rows = [Row(p, named[p.line.team]) for p in rank(SCORING, lines)]
    second_page = table_page(Table(rows, SCORING, "lrb6"), top=1, skip=1)
    assert [row.team.name for row in second_page.rows] == ["Team 02"]
    assert second_page.before == 1
    assert second_page.more == 0
    shown = table_shown(second_page)
    assert shown.rows[0].reason == "below Team 01 on touchdown difference"
