"""What a team's league decides between matches: its commissioners may adjust the team
(with a written reason, in the ledger), and its dice setting decides whether improvement
rolls are entered at the table, rolled by the server, or either."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from league.services import (
    league_create,
    league_update,
    membership_decide,
    membership_end,
    membership_request,
)
from rules.engine.team_building import TeamRefused
from teams.advancement import improvement_roll
from teams.between_matches import team_adjust
from teams.ledger_rows import ledger_differences
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def commissioner(db):
    return get_user_model().objects.create_user("nuffle", password="kick-off-1")


@pytest.fixture
def team(coach, lrb6):
    return orc_team(coach, lrb6)


@pytest.fixture
def league(commissioner, lrb6):
    return league_create(commissioner, "Old World Classic", lrb6)


@pytest.fixture
def member(league, commissioner, coach, team):
    """The team, approved into the league."""
    membership_decide(membership_request(league, coach, team), commissioner, approve=True)
    return team


def test_a_commissioner_adjusts_a_team_of_his_league(member, commissioner) -> None:
    lineman = member.players.get(number=1)
    team = team_adjust(member, commissioner, "SPP from the round 1 paper report", 0, lineman, 6)
    lineman.refresh_from_db()
    assert lineman.spp == 6
    entry = team.ledger.order_by("-sequence").first()
    assert (entry.kind, entry.summary, entry.actor) == (
        "adjustment",
        "SPP from the round 1 paper report",
        commissioner,
    )
    assert ledger_differences(team) == []


def test_a_commissioner_credits_the_treasury_with_a_reason(member, commissioner) -> None:
    before = member.treasury
    team = team_adjust(member, commissioner, "Prize for the best-painted team", 20_000)
    assert team.treasury == before + 20_000
    assert ledger_differences(team) == []


def test_a_commissioner_cannot_adjust_a_team_outside_his_league(team, league, commissioner):
    with (
        unchanged(),
        pytest.raises(PermissionDenied, match="Only a commissioner of the team's league"),
    ):
        team_adjust(team, commissioner, "Not mine to touch", 10_000)


def test_a_commissioner_cannot_adjust_a_team_still_waiting_to_join(
    team, league, commissioner, coach
) -> None:
    membership_request(league, coach, team)
    with unchanged(), pytest.raises(PermissionDenied):
        team_adjust(team, commissioner, "Too early", 10_000)


def test_a_commissioner_of_another_league_cannot_adjust(member, rival, lrb6) -> None:
    league_create(rival, "Another league", lrb6)
    with unchanged(), pytest.raises(PermissionDenied):
        team_adjust(member, rival, "Meddling", 10_000)


def test_once_the_team_leaves_its_old_commissioner_cannot_adjust_it(
    member, commissioner, coach
) -> None:
    membership_end(member.memberships.get(), coach, "left")
    with unchanged(), pytest.raises(PermissionDenied):
        team_adjust(member, commissioner, "After it left", 10_000)


def test_the_coach_and_anonymous_cannot_adjust(member, coach) -> None:
    for person in (coach, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied):
            team_adjust(member, person, "Self-service", 10_000)


def test_the_roster_page_offers_adjustments_to_the_commissioner(
    client, member, commissioner, rival
) -> None:
    client.force_login(rival)
    assert "Record the adjustment" not in client.get(f"/teams/{member.pk}/").content.decode()
    client.force_login(commissioner)
    assert "Record the adjustment" in client.get(f"/teams/{member.pk}/").content.decode()
    page = client.post(
        f"/teams/{member.pk}/adjust/", {"reason": "Round 1 report", "treasury": "10000"}
    )
    assert page.status_code == 302
    member.refresh_from_db()
    assert member.treasury == 80_000  # 70,000 + 10,000


def test_the_api_lets_the_commissioner_adjust(member, commissioner, rival) -> None:
    api = APIClient()
    api.force_authenticate(rival)
    url = f"/api/teams/{member.pk}/adjustments/"
    with unchanged():
        assert api.post(url, {"reason": "x", "treasury": 5000}).status_code == 403
    api.force_authenticate(commissioner)
    assert api.post(url, {"reason": "Round 1 report", "treasury": 5000}).status_code in (200, 201)


# Dice sources


def six_spp(team, commissioner):
    player = team.players.get(number=1)
    team_adjust(team, commissioner, "SPP from earlier matches", 0, player, 6)
    player.refresh_from_db()
    return player


def test_outside_a_league_both_sources_are_allowed(team, coach, lrb6) -> None:
    staff = get_user_model().objects.create_user("ref", password="whistle-1", is_staff=True)
    one, two = team.players.get(number=1), team.players.get(number=2)
    team_adjust(team, staff, "SPP", 0, one, 6)
    team_adjust(team, staff, "SPP", 0, two, 6)
    one.refresh_from_db()
    two.refresh_from_db()
    assert improvement_roll(team, coach, one, (3, 4)).source == "entered"
    assert improvement_roll(team, coach, two).source == "rolled"


def test_a_league_that_rolls_at_the_table_refuses_server_dice(
    member, league, commissioner, coach
) -> None:
    league_update(league, commissioner, {"dice_sources": "entered"})
    player = six_spp(member, commissioner)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        improvement_roll(member, coach, player)
    assert [p.message for p in refused.value.problems] == [
        "Old World Classic rolls its dice at the table: enter the two dice you rolled."
    ]
    assert not player.improvements.exists()
    assert improvement_roll(member, coach, player, (2, 2)).source == "entered"


def test_a_league_that_has_the_server_roll_refuses_entered_dice(
    member, league, commissioner, coach
) -> None:
    league_update(league, commissioner, {"dice_sources": "rolled"})
    player = six_spp(member, commissioner)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        improvement_roll(member, coach, player, (6, 6))
    assert [p.message for p in refused.value.problems] == [
        "Old World Classic has the server roll every die: let the server roll."
    ]
    assert improvement_roll(member, coach, player).source == "rolled"


def test_the_improve_page_offers_only_the_leagues_dice_source(
    client, member, league, commissioner, coach
) -> None:
    player = six_spp(member, commissioner)
    url = f"/teams/{member.pk}/players/{player.pk}/improve/"
    client.force_login(coach)
    both = client.get(url).content.decode()
    assert "Record our dice" in both
    assert "Let the server roll" in both
    league_update(league, commissioner, {"dice_sources": "rolled"})
    page = client.get(url).content.decode()
    assert "Record our dice" not in page
    assert "Let the server roll" in page
    assert "Old World Classic: The server rolls" in page
    with unchanged():
        refused = client.post(url, {"source": "entered", "die1": "6", "die2": "6"})
    assert refused.status_code == 400
    assert "let the server roll" in refused.content.decode()


def test_a_commissioner_cannot_adjust_his_own_team(league, commissioner, lrb6) -> None:
    own = orc_team(commissioner, lrb6, "Commissioner's Orcs")
    membership_decide(membership_request(league, commissioner, own), commissioner, approve=True)
    words = "You coach Commissioner's Orcs: another commissioner"
    with unchanged(), pytest.raises(PermissionDenied, match=re.escape(words)):
        team_adjust(own, commissioner, "A little something for myself", 1_000_000)
    own.refresh_from_db()
    assert own.treasury == 70_000


def test_a_commissioner_cannot_adjust_his_own_team_through_the_api(
    league, commissioner, lrb6
) -> None:
    own = orc_team(commissioner, lrb6, "Commissioner's Orcs")
    membership_decide(membership_request(league, commissioner, own), commissioner, approve=True)
    api = APIClient()
    api.force_authenticate(commissioner)
    url = f"/api/teams/{own.pk}/adjustments/"
    with unchanged():
        response = api.post(url, {"reason": "A little something for myself", "treasury": 10_000})
    assert response.status_code == 403


def test_the_roster_page_refuses_adjustment_numbers_it_cannot_read(
    client, member, commissioner
) -> None:
    client.force_login(commissioner)
    with unchanged():
        page = client.post(
            f"/teams/{member.pk}/adjust/",
            {"reason": "Prize", "treasury": "10k", "player": "abc", "spp": "2"},
        )
    assert page.status_code == 400
    assert "The treasury change must be a whole number, not &#x27;10k&#x27;." in (
        page.content.decode()
    )
    member.refresh_from_db()
    assert member.treasury == 70_000


def test_a_private_league_is_not_named_on_the_team_page_to_outsiders(
    client, coach, commissioner, lrb6, rival
) -> None:
    team = orc_team(coach, lrb6, "Hidden Orcs")
    private = league_create(commissioner, "Secret Society", lrb6, public=False)
    membership_decide(membership_request(private, coach, team), commissioner, approve=True)
    assert "Secret Society" not in client.get(f"/teams/{team.pk}/").content.decode()
    client.force_login(rival)
    assert "Secret Society" not in client.get(f"/teams/{team.pk}/").content.decode()
    client.force_login(coach)
    assert "Secret Society" in client.get(f"/teams/{team.pk}/").content.decode()


def test_a_team_waiting_to_join_already_follows_the_leagues_dice(
    league, commissioner, coach, team, lrb6
) -> None:
    league_update(league, commissioner, {"dice_sources": "rolled"})
    membership_request(league, coach, team)
    staff = get_user_model().objects.create_user("ref2", password="whistle-2", is_staff=True)
    player = team.players.get(number=1)
    team_adjust(team, staff, "SPP", 0, player, 6)
    player.refresh_from_db()
    with unchanged(), pytest.raises(TeamRefused, match="has the server roll every die"):
        improvement_roll(team, coach, player, (6, 6))
