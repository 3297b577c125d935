"""Firing and retiring players, and commissioners' written adjustments, through the ledger."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from rules.engine.team_building import TeamRefused
from teams.between_matches import player_leave, rules_of, team_adjust
from teams.ledger_rows import ledger_differences
from teams.roster import roster
from tests.teams.helpers import dwarf_team, orc_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("ref", password="whistle-blown-1", is_staff=True)


def test_a_fired_lrb6_player_stays_on_the_roster_struck_out_of_the_value(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)  # team value 930,000
    blitzer = team.players.get(number=6)
    team = player_leave(team, coach, blitzer, "fired")
    blitzer.refresh_from_db()
    assert blitzer.status == "fired"
    assert team.treasury == 70_000  # no refund by default (setting fired_player_refund)
    assert roster(team).value == 930_000 - 80_000
    assert ledger_differences(team) == []
    assert team.ledger.order_by("-sequence").first().summary == "#6 Blitzer 6 fired"


def test_a_refund_setting_gives_the_player_cost_back(coach, lrb6, monkeypatch) -> None:
    def with_refund(team):
        rules = rules_of(team)
        settings = {**rules.ruleset.settings, "fired_player_refund": True}
        return replace(rules, ruleset=replace(rules.ruleset, settings=settings))

    monkeypatch.setattr("teams.between_matches.rules_of", with_refund)
    team = orc_team(coach, lrb6)
    team = player_leave(team, coach, team.players.get(number=6), "fired")
    assert team.treasury == 70_000 + 80_000


def test_gdbbl_only_retires_and_a_retired_player_becomes_an_assistant_coach(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    beard = team.players.get(number=1)
    with pytest.raises(TeamRefused, match="only retire players"):
        player_leave(team, coach, beard, "fired")
    team = player_leave(team, coach, beard, "retired")
    assert team.staff == {"alchemist": 1, "assistant_coach": 1}
    cause = team.ledger.order_by("-sequence").first().summary
    assert cause == "#1 Long Beard 1 retired and becomes an assistant coach"
    assert ledger_differences(team) == []


def test_a_player_who_left_cannot_leave_again(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = team.players.get(number=6)
    player_leave(team, coach, blitzer, "fired")
    blitzer.refresh_from_db()
    with pytest.raises(TeamRefused, match="Blitzer 6 is not on the team any more"):
        player_leave(team, coach, blitzer, "retired")


def test_another_coach_may_not_fire_a_player(coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with pytest.raises(PermissionDenied):
        player_leave(team, rival, team.players.get(number=1), "fired")


def test_staff_adjust_a_players_spp_with_a_written_reason(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = team.players.get(number=6)
    team = team_adjust(team, staff_user, "SPP from the paper report of round 1", 0, blitzer, 6)
    blitzer.refresh_from_db()
    assert blitzer.spp == 6
    entry = team.ledger.order_by("-sequence").first()
    assert (entry.kind, entry.summary, entry.actor) == (
        "adjustment",
        "SPP from the paper report of round 1",
        staff_user,
    )
    assert ledger_differences(team) == []


def test_an_adjustment_needs_a_reason_and_something_to_change(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with pytest.raises(TeamRefused) as refused:
        team_adjust(team, staff_user, "  ")
    assert [p.message for p in refused.value.problems] == [
        "Write the reason for the adjustment.",
        "Adjust the treasury or a player's SPP.",
    ]


def test_spp_cannot_be_adjusted_below_zero(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with pytest.raises(TeamRefused, match="Lineman 1 has 0 SPP to take from, not 1"):
        team_adjust(team, staff_user, "typo", 0, team.players.get(number=1), -1)
    assert team.ledger.count() == 1


def test_a_coach_may_not_adjust_his_own_team(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with pytest.raises(PermissionDenied):
        team_adjust(team, coach, "I deserve it", 100_000)


def test_the_api_fires_and_adjusts(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = team.players.get(number=6)
    api = APIClient()
    api.force_authenticate(coach)
    url = f"/api/teams/{team.pk}/players/{blitzer.pk}/leave/"
    response = api.post(url, {"how": "fired"}, format="json")
    assert response.status_code == 201
    assert response.json()["team_value"] == 850_000  # 930,000 - 80,000
    response = api.post(
        f"/api/teams/{team.pk}/adjustments/", {"reason": "x", "treasury": 10}, format="json"
    )
    assert response.status_code == 403
    api.force_authenticate(staff_user)
    response = api.post(
        f"/api/teams/{team.pk}/adjustments/",
        {"reason": "Winnings of a lost report", "treasury": 40_000},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["treasury"] == 110_000


def test_the_roster_page_fires_a_player_for_his_coach(client, coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = team.players.get(number=6)
    url = f"/teams/{team.pk}/players/{blitzer.pk}/leave/"
    client.force_login(rival)
    assert client.post(url, {"how": "fired"}).status_code == 403
    client.force_login(coach)
    assert 'aria-label="Fire Blitzer 6"' in client.get(f"/teams/{team.pk}/").content.decode()
    response = client.post(url, {"how": "fired", "confirm": "yes"}, follow=True)
    assert "#6 Blitzer 6 fired." in response.content.decode()


def test_the_roster_page_offers_adjustments_to_staff_only(client, coach, staff_user, lrb6):
    team = orc_team(coach, lrb6)
    client.force_login(coach)
    assert "Record the adjustment" not in client.get(f"/teams/{team.pk}/").content.decode()
    response = client.post(f"/teams/{team.pk}/adjust/", {"reason": "mine", "treasury": "5000"})
    assert response.status_code == 403
    client.force_login(staff_user)
    assert "Record the adjustment" in client.get(f"/teams/{team.pk}/").content.decode()
    response = client.post(
        f"/teams/{team.pk}/adjust/", {"reason": "Lost report winnings", "treasury": "40,000"}
    )
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.treasury == 110_000
    response = client.post(f"/teams/{team.pk}/adjust/", {"reason": "", "treasury": "1"})
    assert response.status_code == 400
    assert "Write the reason for the adjustment." in response.content.decode()


# A treasury never goes below 0 gp, and no adjustment overflows a column.


def test_an_adjustment_may_take_the_whole_treasury_but_not_more(coach, lrb6, staff_user) -> None:
    team = orc_team(coach, lrb6)  # 70,000 gp in the treasury
    with pytest.raises(
        TeamRefused, match="A treasury never goes below 0 gp: Gouged Eye has 70,000"
    ):
        team_adjust(team, staff_user, "Fined", -70_001)
    team.refresh_from_db()
    assert (team.treasury, team.ledger.count()) == (70_000, 1)
    team = team_adjust(team, staff_user, "Fined the lot", -70_000)
    assert team.treasury == 0


def test_an_adjustment_past_the_treasurys_column_is_a_400_naming_the_treasury(
    coach, lrb6, staff_user
) -> None:
    team = orc_team(coach, lrb6)
    api = APIClient()
    api.force_authenticate(staff_user)
    url = f"/api/teams/{team.pk}/adjustments/"
    answer = api.post(url, {"reason": "x", "treasury": 2_147_483_648}, format="json")
    assert answer.status_code == 400
    assert "The treasury after the adjustment must be between" in answer.json()["treasury"][0]
    team.refresh_from_db()
    assert (team.treasury, team.ledger.count()) == (70_000, 1)


def test_a_reason_longer_than_the_ledger_keeps_is_refused_naming_the_reason(
    coach, lrb6, staff_user
) -> None:
    team = orc_team(coach, lrb6)
    with pytest.raises(TeamRefused, match="The reason may be at most 200 characters, not 201"):
        team_adjust(team, staff_user, "x" * 201, 10_000)
    assert team.ledger.count() == 1


def test_a_purchased_players_name_over_60_characters_is_a_400_like_at_creation(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    api = APIClient()
    api.force_authenticate(coach)
    body = {"kind": "player", "what": "Lineman", "count": 1, "names": ["x" * 61]}
    answer = api.post(f"/api/teams/{team.pk}/purchases/", body, format="json")
    assert answer.status_code == 400
    assert "may be at most 60 characters, not 61" in answer.json()["names"][0]
    team.refresh_from_db()
    assert (team.treasury, team.players.count(), team.ledger.count()) == (70_000, 11, 1)
