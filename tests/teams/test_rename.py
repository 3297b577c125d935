"""Names and numbers: a coach (or site staff) renames his team, and renames and renumbers his
players, on the roster page and through the API. A player's name and number are the ledger's
state, so a player's rename is a ledger entry of a "rename" cause, undone like any other; the
team's name is its row's, and its rename is recorded in the history as an entry with no
deltas. Shirt numbers run from 1 to 99 and are one player's on the team."""

from __future__ import annotations

import html
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from teams.between_matches import player_leave, player_rename, team_purchase, team_rename
from teams.ledger_rows import ledger_differences
from teams.models import Player, Team
from teams.rebuild import RebuildRefused
from teams.undo import entry_undo
from tests.teams.helpers import cells, orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

REASON = "Renamed by mistake"


@pytest.fixture
def team(coach, lrb6) -> Team:
    """Gouged Eye: #1-#5 Linemen 1-5, #6-#9 Blitzers, #10-#11 Black Orc Blockers."""
    return orc_team(coach, lrb6)


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("griff", password="kick-off-3")


def player(team: Team, number: int) -> Player:
    return team.players.get(number=number)


def ledger_check() -> str:
    out = StringIO()
    call_command("ledger_check", stdout=out)
    return out.getvalue()


def refusal(action) -> list[tuple[str, str]]:
    with unchanged(), pytest.raises(TeamRefused) as refused:
        action()
    return [(problem.field, problem.message) for problem in refused.value.problems]


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- Players: the service -------------------------------------------------------------------


def test_a_player_is_renamed_and_renumbered_through_one_ledger_entry(team, coach) -> None:
    lineman = player(team, 1)
    player_rename(team, coach, lineman, "Ug the Unready", 42)
    lineman.refresh_from_db()
    assert (lineman.number, lineman.name) == (42, "Ug the Unready")
    entry = team.ledger.order_by("-sequence").first()
    assert (entry.kind, entry.cause.kind, entry.actor) == ("rename", "rename", coach)
    assert entry.summary == "#1 Lineman 1 is now #42 Ug the Unready"
    assert entry.deltas == [
        {"op": "player", "player": lineman.key, "field": "name", "from": "Lineman 1",
         "to": "Ug the Unready"},
        {"op": "player", "player": lineman.key, "field": "number", "from": 1, "to": 42},
    ]  # fmt: skip
    assert entry.cause.request == {"player": lineman.key, "name": "Ug the Unready", "number": 42}
    assert ledger_differences(team) == []
    assert "All 1 team(s) match their ledgers." in ledger_check()


def test_a_name_or_a_number_alone_changes_only_that(team, coach) -> None:
    lineman = player(team, 1)
    player_rename(team, coach, lineman, name="Ug")
    player_rename(team, coach, lineman, number=12)
    lineman.refresh_from_db()
    assert (lineman.number, lineman.name) == (12, "Ug")
    # The form posts both: the one that does not change is not asked again.
    player_rename(team, coach, lineman, "Ug", 13)
    assert team.ledger.order_by("-sequence").first().cause.request == {
        "player": lineman.key,
        "number": 13,
    }
    assert ledger_differences(team) == []


def test_a_number_another_player_wears_is_refused_naming_the_number(team, coach) -> None:
    assert refusal(lambda: player_rename(team, coach, player(team, 1), number=2)) == [
        ("number", "Number 2 is Lineman 2's.")
    ]


def test_a_gone_players_number_stays_his(team, coach) -> None:
    # As a purchase counts it: a retired player keeps his record, number and all.
    player_leave(team, coach, player(team, 2), "retired")
    assert refusal(lambda: player_rename(team, coach, player(team, 1), number=2)) == [
        ("number", "Number 2 is Lineman 2's.")
    ]


@pytest.mark.parametrize(
    ("name", "number", "problem"),
    [
        (None, 0, ("number", "Player numbers run from 1 to 99, not 0.")),
        (None, 100, ("number", "Player numbers run from 1 to 99, not 100.")),
        ("   ", None, ("name", "Give the player a name.")),
        ("x" * 61, None, ("name", "The player's name 'xxxxxxxxxxxxxxxxxxxx'… may be at most 60 "
                                  "characters, not 61.")),
        ("Lineman 1", 1, ("name", "#1 Lineman 1 has that name and number already.")),
    ],
)  # fmt: skip
def test_a_name_or_number_that_cannot_be_worn_is_refused_naming_its_field(
    team, coach, name, number, problem
) -> None:
    assert refusal(lambda: player_rename(team, coach, player(team, 1), name, number)) == [problem]


def test_only_the_coach_or_site_staff_rename_players(team, stranger, staff_user) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        player_rename(team, stranger, player(team, 1), "Mine now")
    player_rename(team, staff_user, player(team, 1), "Renamed by the ref")
    assert player(team, 1).name == "Renamed by the ref"


def test_a_retired_team_is_not_renamed(team, coach) -> None:
    Team.objects.filter(pk=team.pk).update(retired_at=timezone.now())
    team.refresh_from_db()
    expected = [("team", "Gouged Eye is retired: it can be read but not changed.")]
    assert refusal(lambda: player_rename(team, coach, player(team, 1), "Ug")) == expected
    assert refusal(lambda: team_rename(team, coach, "Gouged Again")) == expected


# --- Undo --------------------------------------------------------------------------------------


def test_undoing_a_rename_restores_the_old_name_and_number(team, coach, staff_user) -> None:
    lineman = player(team, 1)
    player_rename(team, coach, lineman, "Ug", 42)
    entry = team.ledger.order_by("-sequence").first()
    entry_undo(entry, staff_user, REASON)
    lineman.refresh_from_db()
    assert (lineman.number, lineman.name) == (1, "Lineman 1")
    assert ledger_differences(team) == []
    assert "All 1 team(s) match their ledgers." in ledger_check()


def test_undoing_an_earlier_rename_keeps_a_later_renumbering(team, coach, staff_user) -> None:
    lineman = player(team, 1)
    player_rename(team, coach, lineman, "Ug")
    first = team.ledger.order_by("-sequence").first()
    player_rename(team, coach, lineman, "Ug", 42)  # the form sends the name again
    entry_undo(first, staff_user, REASON)
    lineman.refresh_from_db()
    assert (lineman.number, lineman.name) == (42, "Lineman 1")
    assert ledger_differences(team) == []


def test_an_undo_that_would_give_a_number_back_to_two_players_is_refused(
    team, coach, staff_user
) -> None:
    player_rename(team, coach, player(team, 1), number=40)
    renumbered = team.ledger.order_by("-sequence").first()
    team_purchase(team, coach, Purchase("player", "Goblin"), ["Snit"], [1])
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        entry_undo(renumbered, staff_user, REASON)
    assert "Number 1 is Lineman 1's" in refused.value.problems[0].message


def test_undoing_a_purchase_undoes_a_later_rename_of_the_player_bought_no_more(
    team, coach, staff_user
) -> None:
    team_purchase(team, coach, Purchase("player", "Goblin"), ["Snit"], [20])
    bought = team.ledger.order_by("-sequence").first()
    player_rename(team, coach, player(team, 20), "Snot")
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        entry_undo(bought, staff_user, REASON)
    assert "is not on the team" in refused.value.problems[0].message


# --- The team's name ---------------------------------------------------------------------------


def test_a_team_is_renamed_and_its_history_says_so(team, coach) -> None:
    team_rename(team, coach, "  Gouged Eye Reborn ")
    team.refresh_from_db()
    assert team.name == "Gouged Eye Reborn"
    entry = team.ledger.order_by("-sequence").first()
    assert (entry.kind, entry.cause.kind, entry.deltas) == ("rename", "rename", [])
    assert entry.summary == "Team renamed from Gouged Eye to Gouged Eye Reborn"
    assert "All 1 team(s) match their ledgers." in ledger_check()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", ("name", "Give the team a name.")),
        ("x" * 81, ("name", "The team's name may be at most 80 characters, not 81.")),
        ("Bad\x00name", ("name", "The team's name may not contain a NUL character.")),
        ("Gouged Eye", ("name", "The team is called Gouged Eye already.")),
    ],
)
def test_a_team_name_that_cannot_be_is_refused_naming_the_name(team, coach, name, problem):
    assert refusal(lambda: team_rename(team, coach, name)) == [problem]


def test_only_the_coach_or_site_staff_rename_a_team(team, stranger, staff_user) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        team_rename(team, stranger, "Griff's Now")
    assert team_rename(team, staff_user, "Renamed by the ref").name == "Renamed by the ref"


def test_a_teams_rename_is_not_undone_but_renamed_again(team, coach, staff_user) -> None:
    team_rename(team, coach, "Gouged Eye Reborn")
    entry = team.ledger.order_by("-sequence").first()
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry, staff_user, REASON)
    assert [p.message for p in refused.value.problems] == [
        f"Entry #{entry.sequence} renamed the team: rename it again instead."
    ]


# --- The roster page ---------------------------------------------------------------------------


def test_the_coach_renames_a_player_on_the_roster_page(client, team, coach) -> None:
    client.force_login(coach)
    lineman = player(team, 1)
    page = client.get(f"/teams/{team.pk}/").content.decode()
    assert f'action="/teams/{team.pk}/players/{lineman.pk}/rename/"' in page
    response = client.post(
        f"/teams/{team.pk}/players/{lineman.pk}/rename/", {"name": "Ug", "number": "42"}
    )
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "#1 Lineman 1 is now #42 Ug." in html.unescape(page)  # the message
    numbers_and_names = [row[:2] for row in cells(page, "table", "roster")[1:]]
    assert ["42", "Ug"] in numbers_and_names
    assert ["1", "Lineman 1"] not in numbers_and_names


def test_the_page_refuses_a_number_worn_already_naming_it(client, team, coach) -> None:
    client.force_login(coach)
    url = f"/teams/{team.pk}/players/{player(team, 1).pk}/rename/"
    with unchanged():
        response = client.post(url, {"name": "Lineman 1", "number": "2"})
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Not renamed:" in page
    assert "Number 2 is Lineman 2's." in page
    assert '<details class="rename-players" open>' in page  # the forms stay in view


def test_the_page_refuses_a_word_for_a_number(client, team, coach) -> None:
    client.force_login(coach)
    url = f"/teams/{team.pk}/players/{player(team, 1).pk}/rename/"
    with unchanged():
        response = client.post(url, {"name": "Ug", "number": "ten"})
    assert response.status_code == 400
    assert "A shirt number is a whole number from 1 to 99, not 'ten'." in html.unescape(
        response.content.decode()
    )


def test_the_coach_renames_his_team_on_the_roster_page(client, team, coach) -> None:
    client.force_login(coach)
    response = client.post(f"/teams/{team.pk}/rename/", {"name": "Gouged Eye Reborn"})
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "<h1>Gouged Eye Reborn" in page
    assert "Team renamed from Gouged Eye to Gouged Eye Reborn" in page


def test_another_coach_sees_no_rename_forms_and_may_not_post_them(client, team, stranger) -> None:
    client.force_login(stranger)
    page = client.get(f"/teams/{team.pk}/").content.decode()
    assert "Names and numbers" not in page
    assert "/rename/" not in page
    with unchanged():
        assert client.post(f"/teams/{team.pk}/rename/", {"name": "Mine"}).status_code == 403
        url = f"/teams/{team.pk}/players/{player(team, 1).pk}/rename/"
        assert client.post(url, {"number": "ten"}).status_code == 403  # who, before what


def test_a_retired_teams_page_has_no_rename_forms(client, team, coach) -> None:
    Team.objects.filter(pk=team.pk).update(retired_at=timezone.now())
    client.force_login(coach)
    assert "Names and numbers" not in client.get(f"/teams/{team.pk}/").content.decode()


# --- The API -----------------------------------------------------------------------------------


def test_the_api_renames_a_team(team, coach) -> None:
    response = api_as(coach).patch(
        f"/api/teams/{team.pk}/", {"name": "Gouged Eye Reborn"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["name"] == "Gouged Eye Reborn"


def test_the_api_renames_and_renumbers_a_player(team, coach) -> None:
    lineman = player(team, 1)
    response = api_as(coach).patch(
        f"/api/teams/{team.pk}/players/{lineman.pk}/", {"name": "Ug", "number": 42}, format="json"
    )
    assert response.status_code == 200, response.json()
    mine = next(p for p in response.json()["players"] if p["id"] == lineman.pk)
    assert (mine["number"], mine["name"]) == (42, "Ug")
    ledger = api_as(coach).get(f"/api/teams/{team.pk}/ledger/").json()
    assert (ledger[-1]["kind"], ledger[-1]["cause"]["kind"]) == ("rename", "rename")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"number": 2}, "number"),
        ({"number": 0}, "number"),
        ({"number": "ten"}, "number"),
        ({"name": ""}, "name"),
        ({"name": "x" * 61}, "name"),
        ({}, "name"),  # nothing to change
        ({"name": "Ug", "spp": 100}, "spp"),  # not changed here, and not ignored
    ],
)
def test_the_api_refuses_a_bad_player_rename_naming_the_field(team, coach, body, field) -> None:
    url = f"/api/teams/{team.pk}/players/{player(team, 1).pk}/"
    with unchanged():
        response = api_as(coach).patch(url, body, format="json")
    assert response.status_code == 400
    assert field in response.json(), response.json()


def test_the_api_names_the_player_who_wears_the_number(team, coach) -> None:
    url = f"/api/teams/{team.pk}/players/{player(team, 1).pk}/"
    response = api_as(coach).patch(url, {"number": 2}, format="json")
    assert response.json() == {"number": ["Number 2 is Lineman 2's."]}


@pytest.mark.parametrize(
    ("path", "body"),
    [("", {"name": "x" * 500}), ("players/{player}/", {"number": "ten"})],
)
def test_another_coach_gets_a_403_whatever_his_body(team, stranger, path, body) -> None:
    url = f"/api/teams/{team.pk}/" + path.format(player=player(team, 1).pk)
    with unchanged():
        response = api_as(stranger).patch(url, body, format="json")
    assert response.status_code == 403


def test_a_player_of_another_team_is_a_404(team, coach, lrb6, stranger) -> None:
    other = orc_team(stranger, lrb6, "Da Krumpers")
    url = f"/api/teams/{team.pk}/players/{player(other, 1).pk}/"
    with unchanged():
        assert api_as(coach).patch(url, {"name": "Ug"}, format="json").status_code == 404
