"""A team's ledger as its reader may see it: a private league's commissioners and their
written reasons are not shown to readers who may not see that league."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from league.services import league_create, league_update, membership_decide, membership_request
from teams.between_matches import team_adjust
from teams.history import HIDDEN_CAUSE
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db
REASON = "Round 3 paper report: Nuffle owes Varag"


@pytest.fixture
def commissioner(db):
    return get_user_model().objects.create_user("nuffle", password="kick-off-1")


@pytest.fixture
def team(coach, lrb6, commissioner):
    """A member of a private league, adjusted by its commissioner with a written reason."""
    team = orc_team(coach, lrb6)
    league = league_create(commissioner, "Secret Cup", lrb6)
    league_update(league, commissioner, {"public": False})
    membership_decide(membership_request(league, coach, team), commissioner, approve=True)
    return team_adjust(team, commissioner, REASON, 20_000)


def ledger_text(client, team) -> str:
    return client.get(f"/api/teams/{team.pk}/ledger/").content.decode()


def test_a_visitor_reads_neither_the_commissioner_nor_his_reason(team) -> None:
    text = ledger_text(APIClient(), team)
    assert "nuffle" not in text
    assert REASON not in text
    assert HIDDEN_CAUSE in text
    assert '"amount":20000' in text  # what changed is still public


def test_another_coach_outside_the_league_reads_neither(team) -> None:
    stranger = get_user_model().objects.create_user("griff")
    client = APIClient()
    client.force_authenticate(stranger)
    text = ledger_text(client, team)
    assert "nuffle" not in text
    assert REASON not in text


def test_the_roster_page_hides_them_from_a_visitor_too(team) -> None:
    page = Client().get(f"/teams/{team.pk}/").content.decode()
    assert "nuffle" not in page
    assert REASON not in page
    assert "Adjusted by the team&#x27;s league" in page


def test_the_teams_coach_and_the_commissioner_read_everything(team, commissioner) -> None:
    for reader in (team.coach, commissioner):
        client = APIClient()
        client.force_authenticate(reader)
        text = ledger_text(client, team)
        assert "nuffle" in text
        assert REASON in text


def test_the_stored_entry_keeps_its_actor_and_reason(team, commissioner) -> None:
    ledger_text(APIClient(), team)
    entry = team.ledger.get(kind="adjustment")
    assert (entry.actor, entry.summary) == (commissioner, REASON)


def test_a_public_leagues_adjustments_are_public(team, commissioner) -> None:
    league = commissioner.commissioned_leagues.get()
    league_update(league, commissioner, {"public": True})
    text = ledger_text(APIClient(), team)
    assert "nuffle" in text
    assert REASON in text
