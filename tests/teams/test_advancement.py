"""Improvement rolls: due by SPP, dice from the table or the server, and only the choices
the roll allows, with the value increase, through the ledger."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from rules.engine.team_building import TeamRefused
from rules.snapshot import ruleset_snapshot
from teams.advancement import improvement_choose, improvement_roll, rolls_due, server_dice
from teams.between_matches import team_adjust
from teams.ledger_rows import ledger_differences
from teams.roster import roster
from tests.teams.helpers import dwarf_team, orc_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("ref", password="whistle-blown-1", is_staff=True)


def with_spp(team, staff_user, number: int, spp: int):
    player = team.players.get(number=number)
    team_adjust(team, staff_user, "SPP from earlier matches", 0, player, spp)
    player.refresh_from_db()
    return player


def test_a_rookie_has_no_roll_due_and_six_spp_give_one(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    ruleset = ruleset_snapshot(lrb6)
    lineman = with_spp(team, staff_user, 1, 5)
    assert rolls_due(ruleset, lineman) == 0
    with pytest.raises(TeamRefused, match="has no improvement roll due"):
        improvement_roll(team, coach, lineman, (3, 4))
    lineman = with_spp(team, staff_user, 1, 1)
    assert rolls_due(ruleset, lineman) == 1


def test_a_lineman_on_3_and_4_takes_block_for_20000(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    roll = improvement_roll(team, coach, lineman, (3, 4))
    assert (roll.number, roll.die1, roll.die2, roll.source, roll.seed) == (1, 3, 4, "entered", "")
    team = improvement_choose(team, coach, roll, "Block")
    lineman.refresh_from_db()
    assert lineman.skills == ["Block"]
    assert lineman.value_increase == 20_000
    entry = team.ledger.order_by("-sequence").first()
    assert entry.kind == "advancement"
    assert entry.summary == (
        "#1 Lineman 1: improvement roll 1 (3+4, rolled at the table) → Block, value +20,000"
    )
    assert ledger_differences(team) == []
    # 930,000 + 20,000
    assert roster(team).value == 950_000


def test_a_skill_the_roll_does_not_allow_is_refused(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    roll = improvement_roll(team, coach, lineman, (3, 4))
    # An Orc Lineman takes General skills on a normal roll: Dodge (Agility) needs doubles.
    with pytest.raises(TeamRefused, match="'Dodge' is not one of the choices"):
        improvement_choose(team, coach, roll, "Dodge")
    with pytest.raises(TeamRefused, match="not one of the choices"):
        improvement_choose(team, coach, roll, "ST")
    lineman.refresh_from_db()
    assert lineman.skills == []


def test_double_sixes_give_strength_for_50000(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blitzer = with_spp(team, staff_user, 6, 6)
    roll = improvement_roll(team, coach, blitzer, (6, 6))
    team = improvement_choose(team, coach, roll, "ST")
    blitzer.refresh_from_db()
    assert blitzer.changes == {"ST": 1}
    assert blitzer.value_increase == 50_000
    row = next(r for r in roster(team).rows if r.player == blitzer)
    assert ("ST", 4, 1) in row.characteristics


def test_two_levels_give_two_rolls_taken_in_order(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 16)  # Veteran: 2 rolls
    assert rolls_due(ruleset_snapshot(lrb6), lineman) == 2
    first = improvement_roll(team, coach, lineman, (2, 3))
    with pytest.raises(TeamRefused, match="has a roll to choose from first"):
        improvement_roll(team, coach, lineman, (4, 5))
    improvement_choose(team, coach, first, "Block")
    second = improvement_roll(team, coach, lineman, (4, 5))
    assert second.number == 2
    improvement_choose(team, coach, second, "Tackle")
    lineman.refresh_from_db()
    assert lineman.skills == ["Block", "Tackle"]
    assert rolls_due(ruleset_snapshot(lrb6), lineman) == 0


def test_the_server_rolls_with_a_seed_that_replays_the_dice(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    roll = improvement_roll(team, coach, lineman)
    assert roll.source == "rolled"
    assert len(roll.seed) == 16
    assert server_dice(roll.seed) == (roll.die1, roll.die2)


@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (True, 3)])
def test_dice_that_no_die_shows_are_refused(coach, staff_user, lrb6, dice) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    with pytest.raises(TeamRefused, match="A die shows 1 to 6"):
        improvement_roll(team, coach, lineman, dice)
    assert not lineman.improvements.exists()


def test_a_gdbbl_long_beard_on_double_fives_may_take_any_skill_or_ma(
    coach, staff_user, gdbbl
) -> None:
    team = dwarf_team(coach, gdbbl)
    beard = with_spp(team, staff_user, 1, 6)
    roll = improvement_roll(team, coach, beard, (5, 5))
    team = improvement_choose(team, coach, roll, "Sure Hands")
    beard.refresh_from_db()
    assert beard.skills == ["Sure Hands"]
    assert beard.value_increase == 0  # GDBBL has no value increases
    assert ledger_differences(team) == []


def test_only_the_coach_rolls_and_chooses(coach, rival, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    with pytest.raises(PermissionDenied):
        improvement_roll(team, rival, lineman, (3, 4))
    roll = improvement_roll(team, coach, lineman, (3, 4))
    with pytest.raises(PermissionDenied):
        improvement_choose(team, rival, roll, "Block")


def test_the_api_rolls_offers_the_choices_and_takes_one(coach, staff_user, lrb6) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    api = APIClient()
    api.force_authenticate(coach)
    url = f"/api/teams/{team.pk}/players/{lineman.pk}/improvements/"
    assert api.post(url, {"dice": [3, 9]}, format="json").status_code == 400
    response = api.post(url, {"dice": [6, 6]}, format="json")
    assert response.status_code == 201
    choices = response.json()["choices"]
    assert choices["characteristics"] == ["ST"]
    assert "Block" in choices["normal_skills"]
    assert "Dodge" in choices["double_skills"]
    response = api.post(url + "choose/", {"choice": "Dodge"}, format="json")
    assert response.status_code == 201
    lineman_row = next(p for p in response.json()["players"] if p["id"] == lineman.pk)
    assert lineman_row["gained_skills"] == ["Dodge"]
    assert lineman_row["value"] == 80_000  # 50,000 + 30,000 for a double skill


def test_the_roster_page_leads_the_coach_to_a_roll_and_a_choice(
    client, coach, staff_user, lrb6
) -> None:
    team = orc_team(coach, lrb6)
    lineman = with_spp(team, staff_user, 1, 6)
    client.force_login(coach)
    assert "improvement roll due" in client.get(f"/teams/{team.pk}/").content.decode()
    url = f"/teams/{team.pk}/players/{lineman.pk}/improve/"
    response = client.post(url, {"source": "entered", "die1": "3", "die2": "4"}, follow=True)
    page = response.content.decode()
    assert "Roll 1: 3 and 4 (rolled at the table)" in page
    assert 'value="Block"' in page
    assert 'value="Dodge"' not in page
    response = client.post(url, {"action": "choose", "choice": "Block"}, follow=True)
    assert "→ Block, value +20,000." in response.content.decode()


def test_another_coach_choosing_for_a_player_with_no_roll_is_refused_with_403_not_400(
    coach, lrb6, client
) -> None:
    team = orc_team(coach, lrb6)
    lineman = team.players.get(number=1)
    stranger = get_user_model().objects.create_user("griff")
    api = APIClient()
    api.force_authenticate(stranger)
    url = f"/api/teams/{team.pk}/players/{lineman.pk}/improvements/choose/"
    assert api.post(url, {"choice": "Block"}, format="json").status_code == 403
    client.force_login(stranger)
    page = f"/teams/{team.pk}/players/{lineman.pk}/improve/"
    assert client.post(page, {"action": "choose", "choice": "Block"}).status_code == 403
    lineman.refresh_from_db()
    assert (lineman.skills, team.ledger.count()) == ([], 1)


def test_another_coach_rolling_for_a_player_is_refused_with_403(coach, lrb6, client) -> None:
    team = orc_team(coach, lrb6)
    lineman = team.players.get(number=1)
    client.force_login(get_user_model().objects.create_user("griff"))
    page = f"/teams/{team.pk}/players/{lineman.pk}/improve/"
    assert client.post(page, {"source": "entered", "die1": "3", "die2": "4"}).status_code == 403
    assert not lineman.improvements.exists()
