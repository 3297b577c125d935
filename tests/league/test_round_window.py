"""League pages show the current round and the next; the other rounds are a click away, so a
64-team league's page costs what a 4-team league's does."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.seasons import fixture_forfeit, season_start
from league.selectors import current_round, round_window
from league.services import league_create
from tests.league.conftest import member_teams

pytestmark = pytest.mark.django_db
FIRST = datetime.date(2030, 1, 7)


@pytest.fixture
def season(league, commissioner, users):
    member_teams(league, 4, users)
    return season_start(league, commissioner, "double_round_robin", first_deadline=FIRST)


def test_the_current_round_is_the_first_with_a_match_to_play(season, commissioner) -> None:
    assert current_round(season) == 1
    for fixture in season.fixtures.filter(round__number=1):
        fixture_forfeit(fixture, commissioner, fixture.home)
    assert current_round(season) == 2


def test_when_every_match_is_played_the_last_round_is_current(season, commissioner) -> None:
    for fixture in season.fixtures.exclude(away=None):
        fixture_forfeit(fixture, commissioner, fixture.home)
    assert current_round(season) == 6


def test_a_page_shows_the_round_asked_for_else_the_current_and_the_next(season) -> None:
    assert round_window(season, None) == (1, 2)
    assert round_window(season, "5") == (5,)
    assert round_window(season, "99") == (1, 2)  # no such round: the current ones
    assert round_window(season, "five") == (1, 2)


def test_the_season_page_shows_two_rounds_and_links_to_every_round(season, league, client) -> None:
    page = client.get(f"/leagues/{league.pk}/seasons/1/").content.decode()
    assert page.count('class="round"') == 2
    for number in range(1, 7):
        assert f'href="/leagues/{league.pk}/seasons/1/?round={number}"' in page
    one = client.get(f"/leagues/{league.pk}/seasons/1/?round=6").content.decode()
    assert one.count('class="round"') == 1
    assert "Round 6" in one


def test_the_league_home_shows_the_current_and_next_rounds(season, league, client) -> None:
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert page.count('class="round"') == 2
    assert "Round 1" in page
    assert "Round 2" in page


def page_queries(client, url: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        page = client.get(url).content.decode()
    return len(captured), page.count('class="fixture ')


def test_a_bigger_league_costs_the_same_queries_and_shows_no_more_rounds(
    league, commissioner, users, client
) -> None:
    member_teams(league, 4, users)
    season_start(league, commissioner, "double_round_robin", first_deadline=FIRST)
    small = [page_queries(client, f"/leagues/{league.pk}{path}") for path in ("/", "/seasons/1/")]
    big = league_create(commissioner, "Big League", league.ruleset_version)
    member_teams(big, 16, users)
    season_start(big, commissioner, "double_round_robin", first_deadline=FIRST)
    large = [page_queries(client, f"/leagues/{big.pk}{path}") for path in ("/", "/seasons/1/")]
    assert [queries for queries, _ in large] == [queries for queries, _ in small]
    assert [shown for _, shown in large] == [16, 16]  # two rounds of 8 matches, of 30 rounds
