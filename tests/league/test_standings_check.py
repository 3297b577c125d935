"""`manage.py standings_check` works every season's table out again from its matches and
names each league, season, team and figure whose kept row differs (exit 1), as ledger_check
does for the teams' ledgers.

The league and the Orc teams are tests/league/test_standings_kept.py's: Gouged Eye beat Da
Krumpers 2-1 in Season 1 of the Old World Classic (3 points, form W)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import F

from league.models import Standing
from league.tables import season_table, standings_problems
from tests.league.test_standings_kept import join, started
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db


def check() -> tuple[str, CommandError | None]:
    """What the command wrote, and its error (None when it found nothing)."""
    out = StringIO()
    try:
        call_command("standings_check", stdout=out)
    except CommandError as error:
        return out.getvalue(), error
    return out.getvalue(), None


def test_a_table_equal_to_its_matches_is_clean(played) -> None:
    out, error = check()
    assert error is None
    assert out == "All 1 season table(s) match their matches.\n"
    assert standings_problems() == []


def test_a_tampered_row_is_named_by_league_season_team_and_figure(played, team) -> None:
    Standing.objects.filter(season=played, team=team).update(points=F("points") + 1)
    out, error = check()
    assert error is not None
    assert error.returncode == 1
    assert str(error) == "1 difference(s) between tables and matches."
    # 3 for the win, kept as 3 + 1 = 4.
    assert out == "Old World Classic, Season 1, Gouged Eye: points is 4, the matches say 3\n"


def test_every_figure_that_differs_is_named(played, team, rival_team) -> None:
    Standing.objects.filter(season=played, team=team).update(form="L", won=0, lost=1)
    Standing.objects.filter(season=played, team=rival_team).update(touchdowns_for=2)
    out, error = check()
    assert error is not None
    assert str(error) == "4 difference(s) between tables and matches."
    assert sorted(out.splitlines()) == [
        "Old World Classic, Season 1, Da Krumpers: touchdowns_for is 2, the matches say 1",
        "Old World Classic, Season 1, Gouged Eye: form is 'L', the matches say 'W'",
        "Old World Classic, Season 1, Gouged Eye: lost is 1, the matches say 0",
        "Old World Classic, Season 1, Gouged Eye: won is 0, the matches say 1",
    ]


def test_a_deleted_row_of_a_team_that_played_is_reported(played, team) -> None:
    Standing.objects.filter(season=played, team=team).delete()
    out, error = check()
    assert error is not None
    assert error.returncode == 1
    assert "Old World Classic, Season 1" in out
    assert "no row, the matches say 1 played" in out


def test_a_deleted_row_names_its_team(played, team) -> None:
    Standing.objects.filter(season=played, team=team).delete()
    out, _ = check()
    assert out == "Old World Classic, Season 1, Gouged Eye: no row, the matches say 1 played\n"


def test_a_deleted_row_of_a_team_that_has_not_played_is_no_difference(
    league, team, rival_team
) -> None:
    join(league, team, rival_team)
    season = started(league)
    Standing.objects.filter(season=season, team=team).delete()
    assert check() == ("All 1 season table(s) match their matches.\n", None)


def test_a_row_of_a_team_outside_the_season_with_games_played_is_reported(
    played, users, lrb6
) -> None:
    stranger = orc_team(users.create_user("morg", password="kick-off-5"), lrb6, "Stray Orcs")
    Standing.objects.create(season=played, team=stranger, played=1, won=1, points=3)
    out, error = check()
    assert error is not None
    assert out == (
        "Old World Classic, Season 1, Stray Orcs: a row with 1 played, but no match of the season\n"
    )


def test_a_finished_seasons_tampered_row_is_caught_too(played, league, team) -> None:
    second = started(league)  # finishes Season 1
    Standing.objects.filter(season=played, team=team).update(touchdowns_against=0)
    out, error = check()
    assert error is not None
    assert out == (
        "Old World Classic, Season 1, Gouged Eye: touchdowns_against is 0, the matches say 1\n"
    )
    assert standings_problems(type(second).objects.filter(pk=second.pk)) == []


def test_a_tampered_place_in_the_table_is_named(played, team, rival_team) -> None:
    # Gouged Eye (3 points) is first, Da Krumpers (0) second: swap their places.
    Standing.objects.filter(season=played, team=team).update(place=2, position=2)
    Standing.objects.filter(season=played, team=rival_team).update(place=1, position=1)
    out, error = check()
    assert error is not None
    assert out.splitlines() == [
        "Old World Classic, Season 1, Gouged Eye: place is 2, the matches say 1",
        "Old World Classic, Season 1, Gouged Eye: position is 2, the matches say 1",
        "Old World Classic, Season 1, Da Krumpers: place is 1, the matches say 2",
        "Old World Classic, Season 1, Da Krumpers: position is 1, the matches say 2",
    ]


def test_the_kept_table_reads_in_its_places(played, team, rival_team) -> None:
    table = season_table(played)
    assert [(row.position, row.team.name) for row in table.rows] == [
        (1, "Gouged Eye"),  # 3 points for the 2-1 win
        (2, "Da Krumpers"),  # 0
    ]
    assert table.more == 0
    top = season_table(played, top=1)
    assert [row.team.name for row in top.rows] == ["Gouged Eye"]
    assert top.more == 1


def test_a_season_table_is_read_a_page_at_a_time(played, team, rival_team) -> None:
    second = season_table(played, top=1, skip=1)
    assert [row.team.name for row in second.rows] == ["Da Krumpers"]  # 0 points, second
    assert second.above.name == "Gouged Eye"
    assert (second.before, second.more, second.total) == (1, 0, 2)


def test_the_table_page_goes_a_hundred_teams_at_a_time(played, client, monkeypatch) -> None:
    monkeypatch.setattr("league.table_views.TABLE_ROWS", 1)  # two teams: two pages
    url = f"/leagues/{played.league_id}/seasons/{played.number}/table/"
    first = client.get(url).content.decode()
    assert "Teams 1–1 of 2" in first
    assert 'href="?page=2"' in first
    second = client.get(f"{url}?page=2").content.decode()
    assert "Teams 2–2 of 2" in second
    assert "Da Krumpers" in second
    assert "Gouged Eye" not in second
    assert client.get(f"{url}?page=3").status_code == 404
