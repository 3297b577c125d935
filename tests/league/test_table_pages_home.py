"""The tables where a league is read: the league home (the current season's table at the top,
the recent results newest first, the next fixtures), the season page (a finished season's
table as it finished), the all-time table (each season as it scored its results, ranked by
the current season's tie-breakers), the settings page (a change to the scoring counts from
the next season), and query counts that do not grow with the teams.

The league, its draw and the rounds played are tests/league/test_table_pages.py's."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Season
from league.seasons import fixture_forfeit, season_start
from league.services import league_create, league_update
from tests.league.conftest import member_teams
from tests.league.test_pages import settings_form
from tests.league.test_table_pages import (
    GOUGED,
    LRB6_SCORING,
    REAVERS,
    league_of,
    play,
    restarted,
    separated_by_touchdown_difference,
    table_of,
    words,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(commissioner, users, lrb6) -> Season:
    return league_of(commissioner, users, lrb6)


def recent_results(text: str) -> str:
    return text[text.index("Recent results") : text.index("Next fixtures")]


# --- The league home ----------------------------------------------------------------------------


def test_the_league_home_opens_with_the_table_then_results_then_fixtures(client, season) -> None:
    separated_by_touchdown_difference(season)
    page = client.get(f"/leagues/{season.league_id}/")
    rows = table_of(page)
    assert [row[:2] for row in rows[1:]] == [
        ["1", "Da Krumpers morg"],
        ["2", "Reikland Reavers griff below Da Krumpers on touchdown difference"],
        ["3", "Gouged Eye varag"],
        ["4", "Underworld Creepers snotling below Gouged Eye on touchdown difference"],
    ]
    text = words(page)
    order = ("Season 1", "Pos Team", "Recent results", "Next fixtures", "About the league")
    assert [text.index(heading) for heading in order] == sorted(
        text.index(heading) for heading in order
    )
    assert LRB6_SCORING in text
    # Newest first: the order they came to stand, round 2's two after round 1's.
    assert recent_results(text) == (
        "Recent results "
        "R2 Underworld Creepers 1–1 Gouged Eye "
        "R2 Da Krumpers 1–1 Reikland Reavers "
        "R1 Da Krumpers 2–0 Underworld Creepers Underworld Creepers forfeited "
        "R1 Reikland Reavers 2–1 Gouged Eye "
    )
    # The next fixtures: the first round with a match to play, round 3 (the last).
    markup = page.content.decode()
    assert markup.count('class="round"') == 1
    assert "Round 3" in text
    assert markup.count('class="fixture ') == 2
    league = season.league_id
    assert f'<a href="/leagues/{league}/seasons/1/table/">Full table</a>' in markup
    assert f'<a href="/leagues/{league}/table/">All-time table</a>' in markup


def test_the_league_home_shows_the_last_five_results(client, commissioner, users, lrb6) -> None:
    season = league_of(commissioner, users, lrb6, bonus_three_touchdowns=1, bonus_clean_sheet=1)
    restarted(season)  # six matches: the first played is left out
    text = recent_results(words(client.get(f"/leagues/{season.league_id}/")))
    assert text == (
        "Recent results "
        "R3 Gouged Eye 1–1 Da Krumpers "
        "R3 Reikland Reavers 1–2 Underworld Creepers "
        "R2 Underworld Creepers 0–3 Gouged Eye "
        "R2 Da Krumpers 1–2 Reikland Reavers "
        "R1 Da Krumpers 4–0 Underworld Creepers "
    )


def test_a_league_home_before_any_result_says_so(client, season) -> None:
    text = words(client.get(f"/leagues/{season.league_id}/"))
    assert "Recent results No results yet." in text
    assert "Round 1" in text


def test_a_league_without_a_season_has_no_table(client, league) -> None:
    page = client.get(f"/leagues/{league.pk}/")
    assert "league-table" not in page.content.decode()
    assert "No season has started yet." in words(page)


# --- The season page and the all-time table ------------------------------------------------------


def test_the_season_page_shows_its_table(client, season) -> None:
    separated_by_touchdown_difference(season)
    page = client.get(f"/leagues/{season.league_id}/seasons/1/")
    assert [row[:2] for row in table_of(page)[1:3]] == [
        ["1", "Da Krumpers morg"],
        ["2", "Reikland Reavers griff below Da Krumpers on touchdown difference"],
    ]
    text = words(page)
    assert "The table Pos Team" in text
    assert text.index("The table") < text.index("Round 3")


@pytest.fixture
def two_seasons(commissioner, users, lrb6) -> Season:
    return two_seasons_played(commissioner, users, lrb6)


def two_seasons_played(commissioner, users, lrb6) -> Season:
    """Two seasons of two teams, scored differently:
    Season 1 (a win 3): Reikland Reavers 2-1 Gouged Eye. Reavers 3 points, Gouged Eye 0.
    Then the league's win becomes 2, and Season 2 starts with it (Season 1 finishes):
    Season 2 (a win 2): Gouged Eye 3-0 Reikland Reavers. Gouged Eye 2 points, Reavers 0.
    All time: Reavers 3 + 0 = 3 points, touchdowns 2 + 0 = 2 for, 1 + 3 = 4 against, -2;
    Gouged Eye 0 + 2 = 2 points, 4 for, 2 against, +2. Were Season 1 scored again at 2 a
    win, both would have 2, a win each between them, and Gouged Eye would lead on touchdown
    difference."""
    first = league_of(commissioner, users, lrb6, names={REAVERS: "griff", GOUGED: "varag"})
    play(first, REAVERS, GOUGED, (2, 1))
    league_update(first.league, commissioner, {"points_win": 2})
    second = season_start(first.league, commissioner, "round_robin", seed="1")
    play(second, GOUGED, REAVERS, (3, 0))
    return second


def test_the_all_time_table_counts_each_season_as_it_scored_its_results(
    client, two_seasons
) -> None:
    page = client.get(f"/leagues/{two_seasons.league_id}/table/")
    assert table_of(page)[1:] == [
        ["1", "Reikland Reavers griff", "2", "1", "0", "1", "2", "4", "−2", "0", "0", "3", "WL"],
        ["2", "Gouged Eye varag", "2", "1", "0", "1", "4", "2", "+2", "0", "0", "2", "LW"],
    ]
    text = words(page)
    assert (
        "Each season's results count as that season scored them; ranked by the current "
        "season's tie-breakers." in text
    )
    assert "Tie-breakers: points, head to head, touchdown difference," in text
    assert "Win 2" not in text  # the seasons' points differ: no one line says them


def test_a_finished_season_keeps_its_table_after_the_points_change(client, two_seasons) -> None:
    league = two_seasons.league_id
    for url in (f"/leagues/{league}/seasons/1/table/", f"/leagues/{league}/seasons/1/"):
        page = client.get(url)
        assert table_of(page)[1][1:2] + table_of(page)[1][-2:] == [
            "Reikland Reavers griff", "3", "W",
        ]  # fmt: skip
        assert "Win 3, draw 1, loss 0;" in words(page)
    assert "The final table" in words(client.get(f"/leagues/{league}/seasons/1/"))
    assert "As it finished on" in words(client.get(f"/leagues/{league}/seasons/1/table/"))
    current = client.get(f"/leagues/{league}/seasons/2/table/")
    assert table_of(current)[1][1:2] + table_of(current)[1][-2:] == ["Gouged Eye varag", "2", "W"]
    assert "Win 2, draw 1, loss 0;" in words(current)


# --- The settings page --------------------------------------------------------------------------


def test_the_settings_page_says_the_current_season_keeps_its_scoring(
    client, season, commissioner
) -> None:
    league = season.league_id
    client.force_login(commissioner)
    kept = (
        "Changes count from the next season; Season 1 keeps win 3, draw 1, loss 0; no bonus "
        "points; tie-breakers: points, head to head, touchdown difference, casualty "
        "difference, touchdowns scored, fewest games played."
    )
    assert kept in words(client.get(f"/leagues/{league}/settings/"))
    form = settings_form(points_win="2", name=season.league.name)
    assert client.post(f"/leagues/{league}/settings/", form).status_code == 302
    assert kept in words(client.get(f"/leagues/{league}/settings/"))  # still win 3
    home = words(client.get(f"/leagues/{league}/"))
    assert "Points from the next season win 2 · draw 1 · loss 0" in home
    assert "Win 3, draw 1, loss 0;" in home


def test_before_the_first_season_the_settings_page_says_it_starts_with_them(
    client, league, commissioner
) -> None:
    client.force_login(commissioner)
    text = words(client.get(f"/leagues/{league.pk}/settings/"))
    assert "No season has started: the first one starts with these." in text
    assert "Like the points, a change counts from the next season." in text


# --- Queries ------------------------------------------------------------------------------------


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def round_one_forfeited(commissioner, users, lrb6, teams: int, name: str) -> Season:
    """A league of `teams` with every away team of round 1 forfeiting: the home teams level
    on 3 points, the away teams on 0, so head to head is read for both."""
    league = league_create(commissioner, name, lrb6)
    member_teams(league, teams, users)
    season = season_start(league, commissioner, "round_robin", "", datetime.date(2030, 1, 7))
    for fixture in season.fixtures.filter(round__number=1).exclude(away=None):
        fixture_forfeit(fixture, commissioner, fixture.away)
    return season


@pytest.mark.parametrize("page", ["", "seasons/1/", "seasons/1/table/", "table/"])
def test_table_pages_make_as_many_queries_for_eight_teams_as_for_four(
    client, commissioner, users, lrb6, page
) -> None:
    small = round_one_forfeited(commissioner, users, lrb6, 4, "Small league")
    large = round_one_forfeited(commissioner, users, lrb6, 8, "Large league")
    client.force_login(commissioner)
    four = queries(client, f"/leagues/{small.league_id}/{page}")
    eight = queries(client, f"/leagues/{large.league_id}/{page}")
    assert four == eight
    shown = table_of(client.get(f"/leagues/{large.league_id}/{page}"))
    assert [row[0] for row in shown[1:]] == ["1="] * 4 + ["5="] * 4
