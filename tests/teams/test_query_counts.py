"""Team pages and writes in a fixed, small number of queries, whatever the team's size:
the rules come from the process's snapshot, players are read once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from rules.engine.purchases import Purchase
from rules.snapshot import version_snapshot
from teams.between_matches import team_purchase
from teams.services import NewPlayer, team_create
from tests.teams.helpers import orc_team, squad

pytestmark = pytest.mark.django_db
AUTHENTICATION = 2  # the session and the coach


@pytest.fixture
def team(coach, lrb6):
    version_snapshot(lrb6)  # the process has read the rules once, as any site has
    return orc_team(coach, lrb6)


def queries_of(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def test_the_roster_page_takes_five_queries_beyond_authentication(team, client) -> None:
    client.force_login(team.coach)
    client.get(f"/teams/{team.pk}/")
    # The fifth asks whether its coach is a commissioner of its league: if he is, the page
    # says another adjusts it.
    assert queries_of(lambda: client.get(f"/teams/{team.pk}/")) == AUTHENTICATION + 5


def test_the_team_api_takes_two_queries_beyond_authentication(team) -> None:
    api = APIClient()
    api.force_authenticate(team.coach)  # no session to read: token-like
    assert queries_of(lambda: api.get(f"/api/teams/{team.pk}/")) == 2


def test_sixteen_players_cost_no_more_queries_than_eleven(team, lrb6, client) -> None:
    big = team_create(team.coach, lrb6, "Big Orcs", "orc", squad((12, "Lineman"), (4, "Blitzer")))
    client.force_login(team.coach)
    small_page = queries_of(lambda: client.get(f"/teams/{team.pk}/"))
    assert queries_of(lambda: client.get(f"/teams/{big.pk}/")) == small_page


def test_creating_a_team_takes_at_most_twenty_queries(team, lrb6) -> None:
    players = [NewPlayer("Lineman", f"Ug {n}") for n in range(11)]
    assert queries_of(lambda: team_create(team.coach, lrb6, "New Orcs", "orc", players)) <= 20


def test_buying_a_player_takes_at_most_twenty_queries(team) -> None:
    buy = Purchase("player", "Lineman", 1)
    assert queries_of(lambda: team_purchase(team, team.coach, buy)) <= 20


def test_ledger_check_reads_a_batch_of_teams_in_the_same_queries_as_one(team, lrb6) -> None:
    one = queries_of(lambda: call_command("ledger_check", stdout=StringIO()))
    for n in range(6):
        orc_team(team.coach, lrb6, f"More Orcs {n}")
    assert queries_of(lambda: call_command("ledger_check", stdout=StringIO())) == one


def test_the_team_list_shows_fifty_teams_a_page(team, lrb6, client) -> None:
    for n in range(50):
        orc_team(team.coach, lrb6, f"Orcs {n:02d}")
    first = client.get("/teams/").content.decode()
    assert first.count('<tr><td><a href="/teams/') == 50
    assert "Page 1 of 2 · 51 teams" in first
    second = client.get("/teams/?page=2").content.decode()
    assert "Page 2 of 2" in second
    assert "Orcs 49" in second or "Gouged Eye" in second  # the 51st by name
    assert queries_of(lambda: client.get("/teams/?page=2")) == queries_of(
        lambda: client.get("/teams/")
    )
