"""The team list, on the page and in the API: everyone's teams or the visitor's own ("mine"),
each with its value and league, in the same queries for 3 teams as for 30."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from league.services import league_create, membership_decide, membership_request
from rules.selectors import version_get
from teams.between_matches import player_leave
from teams.models import Team
from teams.roster import roster
from teams.seams import NoLeagues, leagues
from teams.services import team_create
from tests.teams.helpers import cells, dwarf_team, orc_team, squad

pytestmark = pytest.mark.django_db
HEADER = ["Team", "Race", "Ruleset", "Coach", "League", "Value", "Treasury"]
REAVERS = squad((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))


@pytest.fixture
def commissioner(db):
    return get_user_model().objects.create_user("nuffle", password="kick-off-1")


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("stranger", password="kick-off-5")


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def blitz_team(coach, name: str = "The Reavers") -> Team:
    return team_create(coach, version_get("blitz-bowl"), name, "human", REAVERS)


def join(league, team) -> None:
    commissioner = league.commissioners.first()
    membership_decide(membership_request(league, team.coach, team), commissioner, approve=True)


def page_rows(client, url: str = "/teams/") -> list[list[str]]:
    response = client.get(url)
    assert response.status_code == 200
    header, *rows = cells(response.content.decode(), "table", "")
    assert header == HEADER
    return rows


def by_name(rows: list[list[str]]) -> dict[str, list[str]]:
    return {row[0]: row for row in rows}


def api_by_name(api: APIClient, url: str = "/api/teams/") -> dict[str, dict]:
    response = api.get(url)
    assert response.status_code == 200
    return {team["name"]: team for team in response.json()["results"]}


# --- Mine and all ---


def test_the_mine_view_shows_only_the_visitors_teams(client, api, coach, rival, lrb6) -> None:
    orc_team(coach, lrb6, "Gouged Eye")
    orc_team(rival, lrb6, "Da Krumpers")
    orc_team(coach, lrb6, "Skull Splitters")
    client.force_login(coach)
    assert [row[0] for row in page_rows(client, "/teams/?mine=1")] == [
        "Gouged Eye",
        "Skull Splitters",
    ]
    api.force_authenticate(coach)
    assert list(api_by_name(api, "/api/teams/?mine=1")) == ["Gouged Eye", "Skull Splitters"]
    api.force_authenticate(rival)
    assert list(api_by_name(api, "/api/teams/?mine=true")) == ["Da Krumpers"]


def test_the_all_view_shows_everyones_teams(client, api, coach, rival, lrb6) -> None:
    orc_team(coach, lrb6, "Gouged Eye")
    orc_team(rival, lrb6, "Da Krumpers")
    client.force_login(coach)
    names = ["Da Krumpers", "Gouged Eye"]
    assert [row[0] for row in page_rows(client)] == names
    api.force_authenticate(coach)
    assert list(api_by_name(api)) == names
    assert list(api_by_name(api, "/api/teams/?mine=0")) == names


def test_a_coach_without_teams_is_told_so_in_the_mine_view(client, coach, rival, lrb6) -> None:
    orc_team(rival, lrb6, "Da Krumpers")
    client.force_login(coach)
    assert page_rows(client, "/teams/?mine=1") == [["You have no teams yet."]]


def test_signed_in_coaches_see_the_my_teams_and_all_teams_tabs(client, coach) -> None:
    assert "My teams" not in client.get("/teams/").content.decode()
    client.force_login(coach)
    html = client.get("/teams/").content.decode()
    assert '<a href="/teams/?mine=1">My teams</a>' in html
    assert '<a href="/teams/" aria-current="page">All teams</a>' in html
    html = client.get("/teams/?mine=1").content.decode()
    assert '<a href="/teams/?mine=1" aria-current="page">My teams</a>' in html
    assert '<a href="/teams/">All teams</a>' in html


def test_an_anonymous_visitor_asking_for_his_teams_is_sent_to_sign_in(client, api, db) -> None:
    response = client.get("/teams/?mine=1")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/teams/%3Fmine%3D1")
    response = api.get("/api/teams/?mine=1")
    assert response.status_code == 401
    assert api.get("/api/teams/").status_code == 200  # the whole list stays open to all


# --- The value column ---


def test_the_value_column_is_the_rosters_team_value_for_lrb6_and_gdbbl(
    client, api, coach, lrb6, gdbbl
) -> None:
    orcs, dwarves = orc_team(coach, lrb6), dwarf_team(coach, gdbbl)
    # A fired Blitzer and a dead Lineman leave the value; the roster page agrees.
    player_leave(orcs, coach, orcs.players.get(number=6), "fired")
    orcs.refresh_from_db()
    orc_value, dwarf_value = roster(orcs).value, roster(dwarves).value
    assert (orc_value, dwarf_value) == (930_000 - 80_000, 970_000)
    rows = by_name(page_rows(client))
    assert rows["Gouged Eye"][5] == f"{orc_value:,}"
    assert rows["Grudgebearers"][5] == f"{dwarf_value:,}"
    listed = api_by_name(api)
    assert listed["Gouged Eye"]["team_value"] == orc_value
    assert listed["Grudgebearers"]["team_value"] == dwarf_value


def test_a_blitz_bowl_team_shows_a_dash_for_the_value_and_treasury_it_does_not_have(
    client, api, coach, lrb6
) -> None:
    team = blitz_team(coach)
    orc_team(coach, lrb6)
    assert roster(team).value is None
    rows = by_name(page_rows(client))
    assert rows["The Reavers"][5:] == ["—", "—"]
    assert rows["Gouged Eye"][5:] == ["930,000", "70,000"]
    listed = api_by_name(api)
    # Left out, not answered as null or 0: Blitz Bowl keeps no value and no treasury.
    assert "team_value" not in listed["The Reavers"]
    assert "treasury" not in listed["The Reavers"]
    assert (listed["Gouged Eye"]["team_value"], listed["Gouged Eye"]["treasury"]) == (
        930_000, 70_000,
    )  # fmt: skip


def test_a_page_of_results_only_teams_has_no_value_or_treasury_columns(client, coach) -> None:
    blitz_team(coach)
    team_create(coach, version_get("first-edition"), "Bright Crusaders", "human",
                squad((6, "Lineman"), (2, "Blitzer"), (3, "Blocker")))  # fmt: skip
    html = client.get("/teams/").content.decode()
    header, *rows = cells(html, "table", "")
    assert header == HEADER[:5]
    assert sorted(row[0] for row in rows) == ["Bright Crusaders", "The Reavers"]
    assert all(len(row) == 5 for row in rows)


# --- The league column ---


def test_the_league_column_names_the_league_and_hides_a_private_one_from_a_stranger(
    client, api, coach, rival, stranger, commissioner, lrb6
) -> None:
    open_league = league_create(commissioner, "Old World Classic", lrb6)
    closed = league_create(commissioner, "Back Room Cup", lrb6, public=False)
    public_team, private_team = orc_team(coach, lrb6, "Gouged Eye"), orc_team(rival, lrb6, "Hidden")
    orc_team(coach, lrb6, "Free Agents")
    join(open_league, public_team)
    join(closed, private_team)

    client.force_login(stranger)
    rows = by_name(page_rows(client))
    assert rows["Gouged Eye"][4] == "Old World Classic"
    assert f'<a href="/leagues/{open_league.pk}/">Old World Classic</a>' in (
        client.get("/teams/").content.decode()
    )
    assert rows["Hidden"][4] == ""
    assert rows["Free Agents"][4] == ""
    api.force_authenticate(stranger)
    listed = api_by_name(api)
    assert listed["Gouged Eye"]["league"] == {"id": open_league.pk, "name": "Old World Classic"}
    assert listed["Hidden"]["league"] is None
    assert listed["Free Agents"]["league"] is None
    api.force_authenticate(None)
    assert api_by_name(api)["Hidden"]["league"] is None  # nor to an anonymous reader

    for insider in (rival, commissioner):  # its team's coach and its commissioner see it
        client.force_login(insider)
        assert by_name(page_rows(client))["Hidden"][4] == "Back Room Cup"
        api.force_authenticate(insider)
        assert api_by_name(api)["Hidden"]["league"] == {"id": closed.pk, "name": "Back Room Cup"}


def test_a_team_waiting_to_join_shows_no_league(client, coach, commissioner, lrb6) -> None:
    league = league_create(commissioner, "Old World Classic", lrb6)
    membership_request(league, coach, orc_team(coach, lrb6))
    [row] = page_rows(client)
    assert row[4] == ""


def test_with_no_leagues_app_the_list_names_no_league(monkeypatch, client, coach, lrb6) -> None:
    monkeypatch.setattr(leagues, "_answer", None)  # teams as they stand with no leagues app
    team = orc_team(coach, lrb6)
    assert NoLeagues().leagues_of([team], coach) == {}
    [row] = page_rows(client)
    assert (row[0], row[4]) == ("Gouged Eye", "")


# --- Flat queries ---


def queries_of(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def world(coach, rival, commissioner, lrb6, gdbbl, many: int) -> None:
    """Three of the coach's teams of three systems, in a public, a private and no league (the
    queries depend on what the page holds, never on how much), then `many` - 3 more LRB6
    teams, half of them the rival's, some in a public or a private league."""
    open_league = league_create(commissioner, "Old World Classic", lrb6)
    closed = league_create(commissioner, "Back Room Cup", lrb6, public=False)
    gdbbl_league = league_create(commissioner, "Karak Cup", gdbbl, public=False)
    join(open_league, orc_team(coach, lrb6, "Orcs 00"))
    join(gdbbl_league, dwarf_team(coach, gdbbl, "Dwarfs 00"))
    blitz_team(coach, "Reavers 00")
    for n in range(1, many - 2):
        team = orc_team(rival if n % 2 else coach, lrb6, f"Orcs {n:02d}")
        if n % 3 == 1:
            join(open_league if n % 2 else closed, team)


@pytest.mark.parametrize("url", ["/teams/", "/teams/?mine=1", "/api/teams/", "/api/teams/?mine=1"])
def test_the_list_takes_as_many_queries_for_30_teams_as_for_3(
    client, coach, rival, commissioner, lrb6, gdbbl, url
) -> None:
    client.force_login(coach)  # signed in: the private leagues are checked for him
    world(coach, rival, commissioner, lrb6, gdbbl, 3)
    client.get(url)  # warm up: the rules' snapshots are read once per process
    few = queries_of(lambda: client.get(url))
    world(coach, rival, commissioner, lrb6, gdbbl, 30)
    assert Team.objects.count() == 33
    assert queries_of(lambda: client.get(url)) == few


def test_the_page_takes_five_queries_beyond_authentication(
    client, coach, rival, commissioner, lrb6, gdbbl
) -> None:
    """The count, the teams, their players, their leagues, and which private ones he sees."""
    client.force_login(coach)
    world(coach, rival, commissioner, lrb6, gdbbl, 30)
    client.get("/teams/")
    assert queries_of(lambda: client.get("/teams/")) == 2 + 5


# --- Pages ---


def test_pagination_keeps_to_the_mine_view(client, api, coach, rival, lrb6) -> None:
    for n in range(51):
        orc_team(coach, lrb6, f"Orcs {n:02d}")
    orc_team(rival, lrb6, "Da Krumpers")
    client.force_login(coach)
    first = client.get("/teams/?mine=1").content.decode()
    assert first.count('<tr><td><a href="/teams/') == 50
    assert "Page 1 of 2 · 51 teams" in first
    assert '<a href="?mine=1&amp;page=2" rel="next">' in first
    second = page_rows(client, "/teams/?mine=1&page=2")
    assert [row[0] for row in second] == ["Orcs 50"]
    assert "Page 1 of 2 · 52 teams" in client.get("/teams/").content.decode()
    api.force_authenticate(coach)
    listed = api.get("/api/teams/?mine=1").json()
    assert (listed["count"], len(listed["results"])) == (51, 50)
    assert listed["next"].endswith("/api/teams/?mine=1&page=2")
    assert list(api_by_name(api, listed["next"])) == ["Orcs 50"]
