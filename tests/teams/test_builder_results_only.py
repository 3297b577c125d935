"""Building the squads a setting reshapes, on the builder page and through the API: a Blitz
Bowl team is the six players of its card (document 004 l.642-645, setting
team_is_its_card), and 1st edition's standard game is 11 Linemen numbered 1 to 11 (002
l.161, setting veterans_rules none). Refusals are 400s naming the card or the setting."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken
from rules.models import Position
from rules.selectors import version_get
from teams.models import Team
from tests.matches.rulesets import house_version
from tests.teams.helpers import cells
from tests.unchanged import unchanged

HUMAN_CARD = (
    "A Blitz Bowl team is the six players of its team card: the Human card is 3 Linemen, "
    "1 Thrower, 1 Catcher and 1 Blitzer"
)
FIVE_PLAYERS = f"{HUMAN_CARD}, not 2 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer"
STANDARD_GAME = "In the standard game (setting veterans_rules: none)"
STANDARD_RULE = (
    "The standard game (setting veterans_rules: none): 11 players, numbered 1 to 11, who "
    "all move 6 squares and have no profile; each is entered as a Lineman."
)


@pytest.fixture
def logged_in(coach) -> Client:
    client = Client()
    client.force_login(coach)
    return client


@pytest.fixture
def api(coach) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.objects.create(user=coach)[1]}")
    return client


@pytest.fixture
def standard_game(coach):
    """A house-rule copy of 1st edition playing the standard game."""
    return house_version("first-edition", coach, veterans_rules="none")


def position_pks(version, race: str = "human") -> dict[str, int]:
    rows = Position.objects.filter(race__version=version, race__slug=race)
    return dict(rows.values_list("name", "pk"))


def builder_post(version, counts: dict[str, int], name: str) -> dict[str, str]:
    pks = position_pks(version)
    data = {"ruleset": version.ruleset.slug, "race": "human", "name": name, "names": ""}
    return data | {f"count-{pks[position]}": str(count) for position, count in counts.items()}


def builder(client: Client, version) -> str:
    response = client.get("/teams/new/", {"ruleset": version.ruleset.slug, "race": "human"})
    assert response.status_code == 200
    return response.content.decode()


def shown_counts(html: str, version) -> dict[str, tuple[str, str]]:
    """Each offered position's (max, value) as the builder's number inputs show them."""
    found = {}
    for name, pk in position_pks(version).items():
        field = re.search(
            rf'<input type="number" min="0" max="(\d+)" name="count-{pk}"[^>]*>', html
        )
        if field:
            found[name] = (field.group(1), re.search(r'value="([^"]*)"', field.group(0)).group(1))
    return found


def api_body(ruleset: str, groups: tuple[tuple[int, str], ...], name: str = "Team") -> dict:
    players = [{"position": p, "name": f"{p} {n}"} for count, p in groups for n in range(count)]
    return {"name": name, "ruleset": ruleset, "race": "human", "players": players}


# --- Blitz Bowl on the builder page ---


def test_the_builder_fills_in_the_blitz_bowl_card_and_names_the_rule(logged_in) -> None:
    version = version_get("blitz-bowl")
    html = builder(logged_in, version)
    assert f'<p id="squad-rule">{HUMAN_CARD}.</p>' in html
    header, *rows = cells(html, "table", "")
    assert header == ["Position", "On the card", "How many"]
    assert [row[:2] for row in rows] == [
        ["Lineman", "3"], ["Thrower", "1"], ["Catcher", "1"], ["Blitzer", "1"]
    ]  # fmt: skip
    assert shown_counts(html, version) == {
        "Lineman": ("3", "3"), "Thrower": ("1", "1"), "Catcher": ("1", "1"),
        "Blitzer": ("1", "1"),
    }  # fmt: skip
    assert "(exactly 6)" in html


def test_the_builder_builds_the_card_without_a_word_of_gold(logged_in, coach) -> None:
    version = version_get("blitz-bowl")
    counts = {"Lineman": 3, "Thrower": 1, "Catcher": 1, "Blitzer": 1}
    response = logged_in.post("/teams/new/", builder_post(version, counts, "The Reavers"))
    team = Team.objects.get()
    assert response["Location"] == f"/teams/{team.pk}/"
    assert team.players.count() == 6
    page = logged_in.get(response["Location"]).content.decode()
    assert "The Reavers is ready." in page
    assert "gp in the treasury" not in page


def test_the_builder_refuses_five_players_naming_the_card(logged_in) -> None:
    version = version_get("blitz-bowl")
    counts = {"Lineman": 2, "Thrower": 1, "Catcher": 1, "Blitzer": 1}
    with unchanged():
        response = logged_in.post("/teams/new/", builder_post(version, counts, "Short Reavers"))
    assert response.status_code == 400
    html = response.content.decode()
    assert cells(html, "div", "form-errors") == [[FIVE_PLAYERS]]
    assert shown_counts(html, version)["Lineman"] == ("3", "2")  # what the coach typed


def test_the_builder_refuses_seven_players_naming_the_card_only(logged_in) -> None:
    version = version_get("blitz-bowl")
    counts = {"Lineman": 4, "Thrower": 1, "Catcher": 1, "Blitzer": 1}
    with unchanged():
        response = logged_in.post("/teams/new/", builder_post(version, counts, "Crowded"))
    assert response.status_code == 400
    assert cells(response.content.decode(), "div", "form-errors") == [
        [f"{HUMAN_CARD}, not 4 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer"]
    ]


def test_with_the_card_rule_off_the_builder_offers_the_card_as_maxima(logged_in, coach) -> None:
    version = house_version("blitz-bowl", coach, team_is_its_card=False)
    html = builder(logged_in, version)
    assert 'id="squad-rule"' not in html
    assert cells(html, "table", "")[0] == ["Position", "Max", "How many"]
    assert shown_counts(html, version)["Lineman"] == ("3", "0")
    assert "(1 to 6)" in html
    response = logged_in.post("/teams/new/", builder_post(version, {"Lineman": 2}, "Two"))
    assert response.status_code == 302
    assert Team.objects.get().players.count() == 2


# --- Blitz Bowl through the API ---


def test_the_api_refuses_a_five_player_team_naming_the_card(api) -> None:
    body = api_body("blitz-bowl", ((2, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer")))
    with unchanged():
        response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {"positions": [FIVE_PLAYERS]}


def test_the_api_refuses_four_linemen_and_two_throwers(api) -> None:
    with unchanged():
        response = api.post(
            "/api/teams/", api_body("blitz-bowl", ((4, "Lineman"), (2, "Thrower"))), format="json"
        )
    assert response.status_code == 400
    assert response.json() == {"positions": [f"{HUMAN_CARD}, not 4 Linemen and 2 Throwers"]}


def test_the_api_builds_the_card(api) -> None:
    body = api_body("blitz-bowl", ((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer")))
    response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 201
    assert Team.objects.get().players.count() == 6


# --- 1st edition's standard game on the builder page ---


def test_the_standard_game_builder_offers_eleven_linemen_only(logged_in, standard_game) -> None:
    html = builder(logged_in, standard_game)
    assert f'<p id="squad-rule">{STANDARD_RULE}</p>' in html
    header, *rows = cells(html, "table", "")
    assert header == ["Position", "Max", "How many"]
    assert [row[:2] for row in rows] == [["Lineman", "11"]]
    assert shown_counts(html, standard_game) == {"Lineman": ("11", "11")}
    assert "(exactly 11)" in html


def test_the_standard_game_builder_builds_eleven_linemen(logged_in, standard_game) -> None:
    data = builder_post(standard_game, {"Lineman": 11}, "Bright Crusaders")
    data["names"] = "Griff\nMorg"
    response = logged_in.post("/teams/new/", data)
    team = Team.objects.get()
    assert response["Location"] == f"/teams/{team.pk}/"
    players = list(team.players.order_by("number").values_list("number", "name", "position__name"))
    assert players[:3] == [
        (1, "Griff", "Lineman"),
        (2, "Morg", "Lineman"),
        (3, "Lineman 3", "Lineman"),
    ]
    assert [number for number, *_ in players] == list(range(1, 12))
    assert {position for *_, position in players} == {"Lineman"}


@pytest.mark.parametrize("count", [10, 12])
def test_the_standard_game_builder_refuses_a_team_not_of_eleven(
    logged_in, standard_game, count: int
) -> None:
    data = builder_post(standard_game, {"Lineman": count}, "Odd Numbers")
    with unchanged():
        response = logged_in.post("/teams/new/", data)
    assert response.status_code == 400
    assert cells(response.content.decode(), "div", "form-errors") == [
        [f"{STANDARD_GAME} a team is exactly 11 players, not {count}"]
    ]


def test_a_typed_ten_million_linemen_make_no_ten_million_players(logged_in, standard_game) -> None:
    data = builder_post(standard_game, {"Lineman": 10_000_000}, "Horde")
    with unchanged():
        response = logged_in.post("/teams/new/", data)
    assert response.status_code == 400
    # Kept up to 99, the most shirt numbers any team has: the refusal says so.
    assert f"{STANDARD_GAME} a team is exactly 11 players, not 99" in response.content.decode()


def test_a_typed_count_over_the_card_is_refused_as_typed(logged_in) -> None:
    version = version_get("blitz-bowl")
    data = builder_post(version, {"Lineman": 10, "Thrower": 1, "Catcher": 1, "Blitzer": 1}, "Ten")
    response = logged_in.post("/teams/new/", data)
    assert response.status_code == 400
    assert "not 10 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer" in response.content.decode()


def test_the_veterans_builder_keeps_the_squad_make_up(logged_in) -> None:
    version = version_get("first-edition")
    html = builder(logged_in, version)
    assert 'id="squad-rule"' not in html
    assert shown_counts(html, version) == {
        "Lineman": ("6", "0"), "Blitzer": ("2", "0"), "Blocker": ("4", "0"),
        "Catcher": ("2", "0"), "Thrower": ("2", "0"),
    }  # fmt: skip
    assert "(11 to 16)" in html
    with unchanged():
        response = logged_in.post("/teams/new/", builder_post(version, {"Lineman": 11}, "Lines"))
    assert response.status_code == 400
    assert cells(response.content.decode(), "div", "form-errors") == [
        ["Human teams may have at most 6 Linemen"]
    ]


# --- 1st edition's standard game through the API ---


def test_the_api_builds_eleven_linemen_for_the_standard_game(api, standard_game) -> None:
    body = api_body(standard_game.ruleset.slug, ((11, "Lineman"),), "Bright Crusaders")
    response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 201
    assert Team.objects.get().players.filter(position__name="Lineman").count() == 11


def test_the_api_refuses_a_blitzer_in_the_standard_game(api, standard_game) -> None:
    body = api_body(standard_game.ruleset.slug, ((10, "Lineman"), (1, "Blitzer")))
    with unchanged():
        response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "positions": [f"{STANDARD_GAME} every player is a Lineman: no Blitzers"]
    }


def test_the_api_refuses_eleven_linemen_under_the_veterans_rules(api) -> None:
    with unchanged():
        response = api.post(
            "/api/teams/", api_body("first-edition", ((11, "Lineman"),)), format="json"
        )
    assert response.status_code == 400
    assert response.json() == {"positions": ["Human teams may have at most 6 Linemen"]}
