"""Starting a season and recording a forfeit ask first: the first post changes nothing and
says what follows (the season it finishes and its fixtures left unplayed; the forfeit's
score and the ledgers it leaves alone), and only the post that confirms (confirm=yes) acts.
The API is unchanged: calling it is the confirmation."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from rest_framework.test import APIClient

from league.seasons import fixture_arrange, season_start
from matches.models import DRAFT, FORFEIT, Match
from teams.models import LedgerEntry
from tests.league.conftest import member_teams
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

MONDAY = datetime.date(2026, 11, 30)
SEASON = {"format": "round_robin", "name": "", "first_deadline": "2027-01-04",
          "days_between_rounds": "7"}  # fmt: skip


def words(response) -> str:
    """The page's text as a reader sees it: no tags, entities read, spaces single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_starting_the_first_season_asks_first(client, league, commissioner, users) -> None:
    member_teams(league, 4, users)
    client.force_login(commissioner)
    with unchanged():
        page = client.post(f"/leagues/{league.pk}/seasons/new/", SEASON)
    assert page.status_code == 200
    text = words(page)
    assert "Start Season 1?" in text
    assert "Nothing has changed yet. This cannot be taken back." in text
    assert "finishes" not in text  # there is no season to finish
    assert "starts with the league's 4 member teams, each exactly as it is" in text
    assert "A round robin is drawn: 3 rounds, the first to be played by Mon 4 Jan 2027, " in text
    assert "the last by Mon 18 Jan 2027." in text
    form = page.content.decode()
    assert '<input type="hidden" name="confirm" value="yes">' in form
    assert '<input type="hidden" name="first_deadline" value="2027-01-04">' in form
    assert '<input type="hidden" name="format" value="round_robin">' in form
    assert "Yes, start Season 1" in text


def test_starting_season_2_says_it_finishes_season_1_and_leaves_its_fixtures_unplayed(
    client, league, commissioner, users
) -> None:
    member_teams(league, 4, users)
    first = season_start(league, commissioner, "round_robin", "", MONDAY, 7)  # 6 fixtures
    played = first.fixtures.first()
    client.force_login(commissioner)
    client.post(
        f"/leagues/{league.pk}/fixtures/{played.pk}/forfeit/",
        {"forfeited_by": played.home_id, "confirm": "yes"},
    )
    with unchanged():
        page = client.post(
            f"/leagues/{league.pk}/seasons/new/", {**SEASON, "name": "Winter Cup", "format": "open"}
        )
    text = words(page)
    assert "Start Winter Cup?" in text
    assert (
        "Starting Winter Cup finishes Season 1: its 5 fixtures without a result stay unplayed — "
        "no forfeits are recorded for them, and they can no longer be rescheduled or forfeited."
    ) in text
    assert "Open play: no fixtures are drawn" in text

    page = client.post(
        f"/leagues/{league.pk}/seasons/new/",
        {**SEASON, "name": "Winter Cup", "format": "open", "confirm": "yes"},
    )
    assert page.status_code == 302
    first.refresh_from_db()
    assert first.finished_at is not None
    assert league.seasons.get(number=2).name == "Winter Cup"
    assert first.fixtures.filter(match__status="scheduled").count() == 5  # still unplayed


def test_a_bad_answer_is_refused_before_asking(client, league, commissioner, users) -> None:
    member_teams(league, 1, users)
    client.force_login(commissioner)
    with unchanged():
        page = client.post(f"/leagues/{league.pk}/seasons/new/", SEASON)
    assert page.status_code == 400
    assert "A round robin needs two member teams" in words(page)


def test_recording_a_forfeit_asks_first_and_says_what_follows(
    client, league, commissioner, users
) -> None:
    member_teams(league, 2, users)
    fixture = season_start(league, commissioner, "round_robin").fixtures.get()
    client.force_login(commissioner)
    url = f"/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/"
    with unchanged():
        page = client.post(url, {"forfeited_by": fixture.away_id})
    assert page.status_code == 200
    text = words(page)
    loser, winner = fixture.away.name, fixture.home.name
    assert f"Record {loser}'s forfeit?" in text
    assert f"{loser} loses 0–2 to {winner}, the league's forfeit score" in text
    assert "Nothing is written to either team's ledger" in text
    assert "thrown away" not in text  # no report was written
    form = page.content.decode()
    assert f'<input type="hidden" name="forfeited_by" value="{fixture.away_id}">' in form
    assert '<input type="hidden" name="confirm" value="yes">' in form

    entries = LedgerEntry.objects.count()
    page = client.post(url, {"forfeited_by": fixture.away_id, "confirm": "yes"})
    assert page.status_code == 302
    match = Match.objects.get(pk=fixture.match_id)
    assert (match.status, match.forfeited_by_id) == (FORFEIT, fixture.away_id)
    assert LedgerEntry.objects.count() == entries  # as the page said


def test_a_forfeit_over_a_drafted_report_says_the_report_is_thrown_away(
    client, league, commissioner, users
) -> None:
    member_teams(league, 2, users)
    fixture = season_start(league, commissioner, "round_robin").fixtures.get()
    Match.objects.filter(pk=fixture.match_id).update(status=DRAFT)
    client.force_login(commissioner)
    with unchanged():
        page = client.post(
            f"/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/",
            {"forfeited_by": fixture.home_id},
        )
    assert "The report already written for this match is thrown away" in words(page)


def test_a_forfeit_by_a_team_not_in_the_fixture_is_refused_before_asking(
    client, league, commissioner, users
) -> None:
    one, two, three = member_teams(league, 3, users)
    season = season_start(league, commissioner, "open")
    fixture = fixture_arrange(season, commissioner, one, two)
    client.force_login(commissioner)
    with unchanged():
        page = client.post(
            f"/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/", {"forfeited_by": three.pk}
        )
    assert page.status_code == 400
    assert f"{three.name} is not in" in words(page)


def test_the_api_needs_no_confirmation(league, commissioner, users) -> None:
    member_teams(league, 2, users)
    api = APIClient()
    api.force_authenticate(commissioner)
    answer = api.post(
        f"/api/leagues/{league.pk}/seasons/", {"format": "round_robin"}, format="json"
    )
    assert answer.status_code in (200, 201), answer.content
    fixture = league.seasons.get().fixtures.get()
    answer = api.post(
        f"/api/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/",
        {"forfeited_by": fixture.home_id},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert Match.objects.get(pk=fixture.match_id).status == FORFEIT
