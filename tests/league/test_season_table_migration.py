"""The migration that keeps each season's table whole (league 0006): every season has its
table written from its rows, ranked as the season's tie-breakers say, names included. It
runs backwards too.

Season 1 of the Old World Classic (LRB6, 3 points a win) stands with Da Krumpers on 3 points
and Gouged Eye on 0; Skull Hill has not played."""

from __future__ import annotations

import pytest

from league.standings import TABLE_FIELDS
from league.tables import standings_problems
from tests.league.test_standings_migration import Old
from tests.migrating import checks_at_once, latest, migrate, module_at

BEFORE = [("league", "0005_season_scoring_and_standings")]


def before_kept_tables() -> list[tuple[str, str]]:
    return [node for node in latest() if node[0] != "league"] + BEFORE


@pytest.fixture(scope="module")
def before(django_db_setup, django_db_blocker):
    """The database just before 0006, for the whole module."""
    with module_at(django_db_blocker, before_kept_tables()) as apps:
        yield apps


@pytest.fixture
def data(before, db):
    """Rows made as they were just before 0006, on LRB6; gone again, with whatever the test
    migrated, after it."""
    checks_at_once()
    return Old(before, "lrb6")


def test_every_season_keeps_its_table_from_its_rows(data: Old) -> None:
    apps = data.apps
    a, b, c = (data.team(name, "lrb6") for name in ("Gouged Eye", "Da Krumpers", "Skull Hill"))
    season = data.season("Old World Classic", "lrb6", [a, b, c])
    season.tie_breakers = ["points", "touchdown_difference"]  # the season's own, since 0005
    season.save(update_fields=["tie_breakers"])
    # Round 1: Gouged Eye 0-1 Da Krumpers, confirmed; Skull Hill's bye.
    data.fixture(season, 1, a, b, "confirmed", {"home_touchdowns": 0, "away_touchdowns": 1})
    data.fixture(season, 1, c)
    standing = apps.get_model("league", "Standing")
    for team, figures in (
        (b, {"won": 1, "touchdowns_for": 1, "points": 3, "form": "W"}),
        (a, {"lost": 1, "touchdowns_against": 1, "form": "L"}),
    ):
        standing.objects.create(season=season, team=team, played=1, **figures)
    standing.objects.create(season=season, team=c)

    apps = migrate(latest())
    rows = apps.get_model("league", "SeasonTable").objects.get(season_id=season.pk).rows
    table = [dict(zip(TABLE_FIELDS, row, strict=True)) for row in rows]
    # Da Krumpers first on 3 points; Skull Hill (0 points, touchdown difference 0) above
    # Gouged Eye (0 points, -1) on touchdown difference.
    assert [(row["name"], row["coach"], row["points"], row["position"], row["separated_by"])
            for row in table] == [
        ("Da Krumpers", "coach of Da Krumpers", 3, 1, ""),
        ("Skull Hill", "coach of Skull Hill", 0, 2, "points"),
        ("Gouged Eye", "coach of Gouged Eye", 0, 3, "touchdown_difference"),
    ]  # fmt: skip
    assert standings_problems() == []


def test_it_runs_backwards(data: Old) -> None:
    data.season("Quiet League", "lrb6", [data.team("Orcs", "lrb6")])
    apps = migrate(latest())
    assert apps.get_model("league", "SeasonTable").objects.count() == 1
    apps = migrate(before_kept_tables())
    assert apps.get_model("league", "Season").objects.count() == 1
    with pytest.raises(LookupError):
        apps.get_model("league", "SeasonTable")
