"""`manage.py standings_check` proves each season's kept table (league.models.SeasonTable,
what every reader sees) equal to the table its matches make, names as they are now included,
and names the league, season, team and field of each difference (exit 1).

The league and the Orc teams are tests/league/test_standings_kept.py's: Gouged Eye beat Da
Krumpers 2-1 in Season 1 of the Old World Classic (3 points to 0)."""

from __future__ import annotations

import pytest

from league.models import SeasonTable
from league.standings import TABLE_FIELDS
from teams.models import Team
from tests.league.test_standings_check import check

pytestmark = pytest.mark.django_db

WHERE = "Old World Classic, Season 1"
FIELD = {name: index for index, name in enumerate(TABLE_FIELDS)}


def tamper(season, change) -> None:
    """Changes the kept table's rows in place, as a stray write would, stamp and all."""
    table = SeasonTable.objects.get(season=season)
    change(table.rows)
    table.save()


def test_a_kept_table_equal_to_the_matches_is_clean(played) -> None:
    assert check() == ("All 1 season table(s) match their matches.\n", None)


def test_a_tampered_figure_of_the_kept_table_is_named(played) -> None:
    def more_points(rows):
        rows[0][FIELD["points"]] = 4

    tamper(played, more_points)
    out, error = check()
    assert error is not None
    assert error.returncode == 1
    # 3 for the 2-1 win; the rows themselves are right, so only the kept table is named.
    assert out == f"{WHERE}, Gouged Eye: the kept table's points is 4, the matches say 3\n"


def test_a_stale_name_in_the_kept_table_is_named(played, team) -> None:
    Team.objects.filter(pk=team.pk).update(name="Gouged Eye Reborn")  # not through team_rename
    out, error = check()
    assert error is not None
    assert out == (
        f"{WHERE}, Gouged Eye Reborn: the kept table's name is 'Gouged Eye', the matches say "
        "'Gouged Eye Reborn'\n"
    )


def test_a_kept_table_in_the_wrong_order_is_named(played) -> None:
    def swapped(rows):
        # The same rows, Da Krumpers (0 points) listed above Gouged Eye (3).
        rows.reverse()

    tamper(played, swapped)
    out, error = check()
    assert error is not None
    assert out == f"{WHERE}: the kept table lists its teams out of their places\n"


def test_a_team_missing_from_the_kept_table_is_named(played) -> None:
    tamper(played, lambda rows: rows.pop())
    out, error = check()
    assert error is not None
    assert out == f"{WHERE}, Da Krumpers: missing from the kept table\n"


def test_a_stray_team_in_the_kept_table_is_named(played) -> None:
    tamper(played, lambda rows: rows.append([999_999, *rows[-1][1:]]))
    out, error = check()
    assert error is not None
    assert out == f"{WHERE}: the kept table lists team 999999, which has no row\n"


def test_a_season_without_its_kept_table_is_named(played) -> None:
    SeasonTable.objects.filter(season=played).delete()
    out, error = check()
    assert error is not None
    assert out == f"{WHERE}: no kept table\n"
