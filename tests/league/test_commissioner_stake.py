"""A commissioner who coaches in his own league (league/permissions.py, `stake_in`): his own
team, the teams he plays in the running season and his own matches are left to another
commissioner or site staff — adjustments, undoing entries, reschedules, forfeits, approving,
correcting and reverting — and the pages and the API say so, in words naming his stake.

Nuffle runs the Old World Classic and coaches Nuffle's Own in it; in open play he has
arranged one game, against Gouged Eye. Da Krumpers are in the league too, but he does not
play them. Morg is a second commissioner, with no team."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.utils.html import escape
from rest_framework.test import APIClient

from league.seasons import fixture_arrange, fixture_forfeit, fixture_reschedule, season_start
from league.services import commissioner_add, membership_decide, membership_request
from matches.amend.revert import report_revert
from teams.between_matches import team_adjust
from teams.models import LedgerEntry, Team
from teams.undo import entry_undo
from tests.league.test_standings_kept import confirmed
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

LEAGUE = "Old World Classic"
PLAYS_GOUGED_EYE = f"You play Gouged Eye in {LEAGUE}'s Season 1"
BY_ANOTHER = f"another commissioner of {LEAGUE} or site staff"


@pytest.fixture
def own(league, commissioner, lrb6) -> Team:
    team = orc_team(commissioner, lrb6, "Nuffle's Own")
    membership_decide(membership_request(league, commissioner, team), commissioner, True)
    return team


@pytest.fixture
def season(league, commissioner, own, team, rival_team):
    for member in (team, rival_team):
        membership_decide(membership_request(league, member.coach, member), commissioner, True)
    return season_start(league, commissioner, "open")


@pytest.fixture
def his_game(season, commissioner, own, team):
    return fixture_arrange(season, commissioner, own, team)


@pytest.fixture
def morg(league, commissioner, users):
    other = users.create_user("morg")
    commissioner_add(league, commissioner, other)
    return other


def api_of(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


# --- Adjustments and undoing entries -------------------------------------------------------------


def test_he_may_not_adjust_a_team_he_plays_this_season(his_game, commissioner, team) -> None:
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        team_adjust(team, commissioner, "A bribe returned.", treasury=10_000)
    assert str(denied.value) == (
        f"{PLAYS_GOUGED_EYE}: {BY_ANOTHER} adjusts it and undoes its entries."
    )


def test_he_may_not_adjust_his_own_team_and_is_told_why(his_game, commissioner, own) -> None:
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        team_adjust(own, commissioner, "Prize money.", treasury=10_000)
    assert str(denied.value) == (
        f"You coach Nuffle's Own: {BY_ANOTHER} adjusts it and undoes its entries."
    )


def test_he_still_adjusts_a_team_he_does_not_play(his_game, commissioner, rival_team) -> None:
    team_adjust(rival_team, commissioner, "Prize money.", treasury=10_000)
    assert Team.objects.get(pk=rival_team.pk).treasury == 80_000


def test_another_commissioner_adjusts_the_team_he_plays(his_game, morg, team) -> None:
    team_adjust(team, morg, "A bribe returned.", treasury=10_000)
    assert Team.objects.get(pk=team.pk).treasury == 80_000


def test_he_may_not_undo_an_entry_of_a_team_he_plays(his_game, commissioner, morg, team) -> None:
    team_adjust(team, morg, "A bribe returned.", treasury=10_000)
    entry = LedgerEntry.objects.filter(team=team).order_by("sequence").last()
    with unchanged(), pytest.raises(PermissionDenied, match=PLAYS_GOUGED_EYE):
        entry_undo(entry, commissioner, "Not a bribe after all.")


def test_once_the_season_is_over_the_stake_is_gone(his_game, league, commissioner, team) -> None:
    season_start(league, commissioner, "open")  # finishes Season 1
    team_adjust(team, commissioner, "A bribe returned.", treasury=10_000)
    assert Team.objects.get(pk=team.pk).treasury == 80_000


def test_the_api_refuses_the_adjustment_in_his_words(his_game, commissioner, team) -> None:
    with unchanged():
        answer = api_of(commissioner).post(
            f"/api/teams/{team.pk}/adjustments/", {"reason": "x", "treasury": 10_000},
            format="json",
        )  # fmt: skip
    assert answer.status_code == 403
    assert answer.json()["detail"].startswith(PLAYS_GOUGED_EYE)


def test_the_team_page_says_who_adjusts_it_instead_of_the_form(
    his_game, commissioner, team, client
) -> None:
    client.force_login(commissioner)
    page = client.get(f"/teams/{team.pk}/").content.decode()
    assert f"/teams/{team.pk}/adjust/" not in page
    assert escape(f"{PLAYS_GOUGED_EYE}: {BY_ANOTHER} adjusts it and undoes its entries.") in page


# --- Reschedules and forfeits ---------------------------------------------------------------------


def test_he_may_not_reschedule_his_own_fixture(his_game, commissioner) -> None:
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        fixture_reschedule(his_game, commissioner, datetime.date(2026, 12, 24), "Christmas.")
    assert str(denied.value) == (
        f"You coach Nuffle's Own in this fixture: {BY_ANOTHER} reschedules it or records its "
        "forfeit."
    )


def test_he_may_not_record_a_forfeit_in_his_own_fixture(his_game, commissioner, team) -> None:
    with unchanged(), pytest.raises(PermissionDenied, match="You coach Nuffle's Own"):
        fixture_forfeit(his_game, commissioner, team)


def test_another_commissioner_reschedules_it(his_game, morg) -> None:
    moved = fixture_reschedule(his_game, morg, datetime.date(2026, 12, 24), "Christmas.")
    assert moved.deadline == datetime.date(2026, 12, 24)


def test_the_api_refuses_his_reschedule_with_a_403_in_words(his_game, league, commissioner) -> None:
    url = f"/api/leagues/{league.pk}/fixtures/{his_game.pk}/reschedule/"
    with unchanged():
        answer = api_of(commissioner).post(
            url, {"deadline": "2026-12-24", "reason": "Christmas."}, format="json"
        )
    assert answer.status_code == 403
    assert answer.json()["detail"].startswith("You coach Nuffle's Own in this fixture")


def test_the_season_page_offers_him_no_reschedule_of_his_own_fixture(
    his_game, league, season, commissioner, rival_team, client
) -> None:
    other = fixture_arrange(season, commissioner, rival_team, Team.objects.get(name="Gouged Eye"))
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/seasons/{season.number}/").content.decode()
    assert f"/fixtures/{his_game.pk}/reschedule/" not in page
    assert f"/fixtures/{other.pk}/reschedule/" in page  # not his game: his to run
    assert escape(f"You coach Nuffle's Own in this fixture: {BY_ANOTHER}") in page


# --- Settling his own match -----------------------------------------------------------------------


def test_he_may_not_revert_his_own_match_and_the_page_says_who_may(
    his_game, commissioner, client
) -> None:
    confirmed(his_game.match, 2, 1)
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        report_revert(his_game.match, commissioner, "Entered twice.")
    words = (
        f"You coach Nuffle's Own in this match: {BY_ANOTHER} approves, corrects or reverts its "
        "report, or records its forfeit."
    )
    assert str(denied.value) == words
    client.force_login(commissioner)
    assert escape(words) in client.get(f"/matches/{his_game.match_id}/").content.decode()
    with unchanged():
        answer = api_of(commissioner).post(
            f"/api/matches/{his_game.match_id}/revert/", {"reason": "Entered twice."},
            format="json",
        )  # fmt: skip
    assert (answer.status_code, answer.json()["detail"]) == (403, words)


def test_a_coach_who_is_no_commissioner_is_told_nothing_of_settling(his_game, team, client) -> None:
    client.force_login(team.coach)
    page = client.get(f"/matches/{his_game.match_id}/").content.decode()
    assert 'data-testid="settle-barred"' not in page
