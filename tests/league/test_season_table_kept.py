"""A season's table kept whole (league.models.SeasonTable): written with its names, figures and
places whenever the season is ranked (a result stands, a team is renamed, a coach's name
changes), read in one query while it stands (this process keeps the rows it built, checked
against the table's stamp), and proven equal to the matches by `standings_check`.

The league and the Orc teams are tests/league/test_standings_kept.py's: LRB6, 3 points a
win, 1 a draw, 0 a loss, no bonus points; Gouged Eye (coach varag) and Da Krumpers (coach
griff)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import update_last_login
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league import tables
from league.models import SeasonTable, Standing
from league.seasons import fixture_forfeit
from league.standings import TABLE_FIELDS
from league.tables import season_table, standings_problems
from teams.between_matches import team_rename
from tests.league.test_standings_kept import confirmed, join, match_of, started

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_kept_in_the_process():
    """Each test starts with no table kept in this process, as a fresh server would."""
    tables.KEPT.clear()
    yield
    tables.KEPT.clear()


def kept(season) -> list[dict]:
    """The kept table's rows as field -> value, in their order."""
    rows = SeasonTable.objects.get(season=season).rows
    return [dict(zip(TABLE_FIELDS, row, strict=True)) for row in rows]


def stamp(season) -> str:
    return SeasonTable.objects.get(season=season).stamp


def listed(season) -> list[tuple[int, str, str, int]]:
    """The table as read: position, team, coach and points of each row."""
    return [(row.position, row.team.name, row.team.coach_name, row.line.points)
            for row in season_table(season).rows]  # fmt: skip


def password_changed(client, coach, old: str):
    """The coach's answer to Django's change-password form, which saves him whole."""
    client.force_login(coach)
    new = "Nuffle-smiles-77"
    body = {"old_password": old, "new_password1": new, "new_password2": new}
    return client.post("/accounts/password/", body)


def queries(read) -> int:
    with CaptureQueriesContext(connection) as captured:
        read()
    return len(captured)


# --- Written when the season is ranked ------------------------------------------------------


def test_a_started_season_keeps_a_table_of_every_team_level(league, team, rival_team) -> None:
    join(league, team, rival_team)
    season = started(league)
    # Level on everything: both first, listed by name (Da Krumpers before Gouged Eye).
    assert [(row["name"], row["coach"], row["position"], row["level"]) for row in kept(season)] \
        == [("Da Krumpers", "griff", 1, False), ("Gouged Eye", "varag", 1, True)]  # fmt: skip


def test_a_result_writes_the_table_with_names_figures_and_places(league, team, rival_team) -> None:
    join(league, team, rival_team)
    season = started(league)
    confirmed(match_of(season, team, rival_team), 2, 1)
    # Gouged Eye won 2-1: 3 points, form W; Da Krumpers below it on points (no tie-breaker).
    nothing = dict.fromkeys(("drawn", "casualties_for", "casualties_against", "score_for",
                             "score_against", "bonus"), 0)  # fmt: skip
    assert kept(season) == [
        {"team": team.pk, "name": "Gouged Eye", "coach": "varag", "played": 1, "won": 1,
         "lost": 0, "touchdowns_for": 2, "touchdowns_against": 1, "points": 3, "form": "W",
         "position": 1, "separated_by": "", "level": False, "restarted": False, **nothing},
        {"team": rival_team.pk, "name": "Da Krumpers", "coach": "griff", "played": 1, "won": 0,
         "lost": 1, "touchdowns_for": 1, "touchdowns_against": 2, "points": 0, "form": "L",
         "position": 2, "separated_by": "points", "level": False, "restarted": False,
         **nothing},
    ]  # fmt: skip
    assert standings_problems() == []


def test_the_table_is_read_as_the_rows_say(league, team, rival_team) -> None:
    join(league, team, rival_team)
    season = started(league)
    confirmed(match_of(season, team, rival_team), 2, 1)
    assert listed(season) == [(1, "Gouged Eye", "varag", 3), (2, "Da Krumpers", "griff", 0)]
    by_place = Standing.objects.filter(season=season).order_by("place")
    assert [row.team.pk for row in season_table(season).rows] == [row.team_id for row in by_place]


def test_a_season_without_a_kept_table_reads_as_empty(league, team, rival_team) -> None:
    join(league, team, rival_team)
    season = started(league)
    SeasonTable.objects.filter(season=season).delete()
    table = season_table(season, top=20)
    assert (table.rows, table.total, table.more) == ([], 0, 0)


# --- Read in one query while it stands ------------------------------------------------------


def test_a_table_read_again_costs_one_query_while_it_stands(league, team, rival_team) -> None:
    join(league, team, rival_team)
    season = started(league)
    assert queries(lambda: season_table(season)) == 2  # its stamp, then its rows
    assert queries(lambda: season_table(season)) == 1  # its stamp: the rows are this process's
    assert queries(lambda: season_table(season, top=1, skip=1)) == 1


def test_a_result_is_read_at_once_after_it_stands(league, team, rival_team) -> None:
    join(league, team, rival_team)
    season = started(league)
    before = stamp(season)
    assert [points for *_, points in listed(season)] == [0, 0]
    confirmed(match_of(season, team, rival_team), 0, 1)
    assert stamp(season) != before
    # Da Krumpers won 1-0 away: 3 points.
    assert listed(season) == [(1, "Da Krumpers", "griff", 3), (2, "Gouged Eye", "varag", 0)]


def test_a_forfeit_is_read_at_once_too(league, team, rival_team, commissioner) -> None:
    join(league, team, rival_team)
    season = started(league)
    listed(season)  # kept in the process
    fixture = season.fixtures.get(home__isnull=False, away__isnull=False)
    fixture_forfeit(fixture, commissioner, team)
    # Gouged Eye forfeit: Da Krumpers win 2-0 (the league's forfeit score), 3 points.
    assert listed(season) == [(1, "Da Krumpers", "griff", 3), (2, "Gouged Eye", "varag", 0)]


def test_a_process_keeps_at_most_so_many_tables(league, team, rival_team, monkeypatch) -> None:
    join(league, team, rival_team)
    first = started(league)
    second = started(league)
    monkeypatch.setattr(tables, "KEPT_SEASONS", 1)
    season_table(first)
    season_table(second)
    assert list(tables.KEPT) == [second.pk]


# --- A new name -----------------------------------------------------------------------------


def test_a_renamed_team_is_named_at_once_in_every_table_it_has_a_row_in(
    league, team, rival_team, coach
) -> None:
    join(league, team, rival_team)
    first = started(league)
    confirmed(match_of(first, team, rival_team), 2, 1)
    second = started(league)
    listed(first), listed(second)  # kept in the process
    team_rename(team, coach, "Gouged Eye Reborn")
    assert listed(first) == [(1, "Gouged Eye Reborn", "varag", 3), (2, "Da Krumpers", "griff", 0)]
    assert [name for _, name, _, _ in listed(second)] == ["Da Krumpers", "Gouged Eye Reborn"]
    assert standings_problems() == []


def test_a_rename_orders_teams_level_on_everything_by_their_new_names(
    league, team, rival_team, coach
) -> None:
    join(league, team, rival_team)
    season = started(league)
    assert [name for _, name, _, _ in listed(season)] == ["Da Krumpers", "Gouged Eye"]
    team_rename(team, coach, "Axe Grinders")
    # Still level on everything: "Axe Grinders" is listed before "Da Krumpers" now, and it is
    # Da Krumpers that is level with the team above.
    assert [(row["name"], row["level"]) for row in kept(season)] == [
        ("Axe Grinders", False), ("Da Krumpers", True)
    ]  # fmt: skip
    places = Standing.objects.filter(season=season).order_by("place")
    assert [row.team_id for row in places] == [team.pk, rival_team.pk]
    assert standings_problems() == []


def test_a_team_in_no_season_is_renamed_without_a_table(coach, team) -> None:
    renamed = team_rename(team, coach, "Gouged Eye Reborn")
    assert renamed.name == "Gouged Eye Reborn"
    assert not SeasonTable.objects.exists()


def test_a_coach_renamed_in_the_admin_is_named_in_his_teams_tables(
    league, team, rival_team, coach
) -> None:
    join(league, team, rival_team)
    season = started(league)
    listed(season)
    coach.username = "varag-ghoul-chewer"
    coach.save()  # as the admin's change form saves: every field
    assert [coach for _, _, coach, _ in listed(season)] == ["griff", "varag-ghoul-chewer"]
    assert standings_problems() == []


def test_a_sign_in_leaves_the_tables_as_they_are(league, team, rival_team, coach) -> None:
    join(league, team, rival_team)
    season = started(league)
    before = stamp(season)
    update_last_login(None, coach)  # saves last_login alone
    assert stamp(season) == before


def test_a_new_coach_writes_no_table(league, team, rival_team, users) -> None:
    join(league, team, rival_team)
    season = started(league)
    before = stamp(season)
    users.create_user("morg", password="kick-off-7")
    assert stamp(season) == before


def test_a_new_password_leaves_the_tables_as_they_are(league, team, rival_team, coach,
                                                      client) -> None:  # fmt: skip
    join(league, team, rival_team)
    season = started(league)
    before = stamp(season)
    assert password_changed(client, coach, "kick-off-2").status_code == 302
    assert stamp(season) == before  # saved whole, but the name did not change


def test_a_coach_renamed_and_saved_again_ranks_once(league, team, rival_team, coach) -> None:
    join(league, team, rival_team)
    season = started(league)
    coach.username = "varag-the-second"
    coach.save()
    renamed = stamp(season)
    coach.save()  # the same name again: nothing to write
    assert stamp(season) == renamed
