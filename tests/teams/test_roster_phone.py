"""The roster on a phone: each player's level title (Rookie ... Legend) on the page and in the
API, the card markup the phone's stylesheet lays out, and nothing left to a tooltip."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from rules.selectors import version_get
from teams.models import Player
from teams.services import team_create
from tests.teams.helpers import cells, dwarf_team, orc_team, record, squad

pytestmark = pytest.mark.django_db


def spp_given(team, number: int, spp: int) -> Player:
    """Player `number` of the team, after a report that earned him `spp` SPP."""
    player = team.players.get(number=number)
    record(
        team, "report", "Beat the Reavers", team.coach,
        [{"op": "player", "player": player.key, "field": "spp", "amount": spp}],
    )  # fmt: skip
    return player


def roster_rows(client: Client, team) -> tuple[list[str], dict[str, list[str]]]:
    """The roster table's header and its rows by player name."""
    header, *rows = cells(client.get(f"/teams/{team.pk}/").content.decode(), "table", "roster")
    return header, {row[1]: row for row in rows}


def test_a_6_spp_player_is_experienced_on_the_roster_page(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    spp_given(team, 6, 6)  # Blitzer 6: 6 SPP, the first of LRB6's Experienced (6-15)
    spp_given(team, 7, 5)  # Blitzer 7: 5 SPP, still a Rookie
    header, rows = roster_rows(Client(), team)
    level = header.index("Level")
    assert header[level - 1] == "Position"
    assert rows["Blitzer 6"][level] == "Experienced"
    assert rows["Blitzer 7"][level] == "Rookie"
    assert rows["Lineman 1"][level] == "Rookie"


def test_a_6_spp_player_is_experienced_in_the_api(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    spp_given(team, 6, 6)
    api = APIClient()
    api.force_authenticate(coach)
    players = {p["name"]: p for p in api.get(f"/api/teams/{team.pk}/").json()["players"]}
    assert (players["Blitzer 6"]["spp"], players["Blitzer 6"]["level"]) == (6, "Experienced")
    assert players["Lineman 1"]["level"] == "Rookie"


def test_gdbbl_titles_come_from_gdbbl_s_own_table(coach, gdbbl) -> None:
    # 001's levels: Experienced is 6-10, Veteran from 11 (LRB6's Experienced runs to 15).
    team = dwarf_team(coach, gdbbl)
    spp_given(team, 1, 11)
    header, rows = roster_rows(Client(), team)
    assert rows["Long Beard 1"][header.index("Level")] == "Veteran"


def test_a_star_player_has_no_title_in_the_api(coach, gdbbl) -> None:
    team = team_create(
        coach, gdbbl, "Da Boyz", "orc", squad((11, "Lineman")), fan_factor=1,
        star_players=["Varag Ghoul-Chewer"],
    )  # fmt: skip
    api = APIClient()
    api.force_authenticate(coach)
    players = {p["name"]: p for p in api.get(f"/api/teams/{team.pk}/").json()["players"]}
    assert players["Varag Ghoul-Chewer"]["level"] is None
    assert players["Lineman 1"]["level"] == "Rookie"


def test_a_results_only_roster_has_no_titles(coach) -> None:
    team = team_create(
        coach, version_get("blitz-bowl"), "The Reavers", "human",
        squad((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer")),
    )  # fmt: skip
    header, _rows = roster_rows(Client(), team)
    assert "Level" not in header
    api = APIClient()
    api.force_authenticate(coach)
    players = api.get(f"/api/teams/{team.pk}/").json()["players"]
    # No SPP, so no title: the key is left out rather than answered as null.
    assert not [p for p in players if "level" in p]


def test_the_roster_has_the_markup_the_phone_layout_needs(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    html = Client().get(f"/teams/{team.pk}/").content.decode()
    assert '<table class="roster roster-cards">' in html
    # Each cell says what it is, and each number what it counts, for the card on a phone.
    for name in ("p-number", "p-name", "p-position", "p-level", "p-skills", "p-injuries",
                 "p-spp", "p-value"):  # fmt: skip
        assert html.count(f'class="{name}"') + html.count(f' {name}"') == 11, name
    for label in ("MA", "ST", "AG", "AV", "Comp", "TD", "Int", "Cas", "MVP", "SPP"):
        assert html.count(f'data-label="{label}"') == 11, label


def test_the_phone_stylesheet_turns_the_roster_into_cards() -> None:
    css = (settings.BASE_DIR / "static/css/dugout.css").read_text()
    section = css[css.index("/* roster on a phone; rules sources */") :]
    phone = re.search(r"@media \(max-width: 40rem\) \{(.*?)\n\}", section, re.S)
    assert phone, "no phone media query for the roster"
    assert ".roster-cards thead { display: none; }" in phone.group(1)
    assert "attr(data-label)" in phone.group(1)


def test_a_changed_characteristic_shows_its_change_without_hovering(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blocker = team.players.get(number=10)
    record(
        team, "report", "Beat the Reavers", coach,
        [{"op": "player", "player": blocker.key, "field": "characteristic",
          "characteristic": "ST", "amount": 1}],
    )  # fmt: skip
    html = Client().get(f"/teams/{team.pk}/").content.decode()
    header, rows = roster_rows(Client(), team)
    assert rows["Black Orc Blocker 10"][header.index("ST")] == "5 (+1)"
    roster_html = html[html.index('<table class="roster') : html.index("</table>")]
    assert "title=" not in roster_html
