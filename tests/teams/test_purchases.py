"""Buying between matches through the ledger: service, API and the roster page."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from teams.between_matches import team_adjust, team_purchase
from teams.ledger_rows import ledger_differences
from teams.models import LedgerEntry
from tests.teams.helpers import dwarf_team, orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def test_buying_a_goblin_takes_40000_and_adds_player_12(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)  # treasury 70,000
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"])
    assert team.treasury == 30_000  # 70,000 - 40,000
    goblin = team.players.get(number=12)
    assert (goblin.name, goblin.position.name) == ("Snotling", "Goblin")
    entry = team.ledger.order_by("-sequence").first()
    assert (entry.sequence, entry.kind, entry.actor) == (2, "purchase", coach)
    assert entry.summary == "Bought 1 × Goblin for 40,000 gp"
    assert ledger_differences(team) == []


def test_a_player_without_a_name_is_named_after_his_position_and_number(coach, lrb6) -> None:
    team = team_purchase(orc_team(coach, lrb6), coach, Purchase("player", "Goblin"))
    assert team.players.get(number=12).name == "Goblin 12"


def test_players_bought_wear_the_numbers_asked_for_and_get_the_next_keys(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)  # 11 players: p1 to p11
    # Two Goblins for 2 x 40,000 = 80,000 would be 10,000 short: buy one, then a cheerleader.
    team = team_purchase(team, coach, Purchase("player", "Goblin"), ["Snotling"], [42])
    goblin = team.players.get(number=42)
    assert (goblin.key, goblin.name) == ("p12", "Snotling")
    entry = team.ledger.order_by("-sequence").first()
    assert entry.cause.kind == "purchase"
    assert entry.cause.request == {
        "kind": "player", "what": "Goblin", "count": 1, "players": [["p12", 42, "Snotling"]]
    }  # fmt: skip
    assert entry.deltas[1] == {"op": "join", "player": "p12", "number": 42, "name": "Snotling",
                               "position": "Goblin"}  # fmt: skip


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ([0], "Player numbers run from 1 to 99, not 0."),
        ([100], "Player numbers run from 1 to 99, not 100."),
        ([1], "Number 1 is Lineman 1's."),
        ([20, 21], "One number per player bought: 2 numbers for 1 player."),
    ],
)
def test_a_number_that_cannot_be_worn_is_refused(coach, lrb6, numbers, message) -> None:
    team = orc_team(coach, lrb6)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        team_purchase(team, coach, Purchase("player", "Goblin"), [], numbers)
    assert message in str(refused.value)


def test_the_api_buys_a_player_with_his_number(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    api = APIClient()
    api.force_authenticate(coach)
    body = {"kind": "player", "what": "Goblin", "names": ["Snotling"], "numbers": [77]}
    response = api.post(f"/api/teams/{team.pk}/purchases/", body, format="json")
    assert response.status_code == 201
    assert response.json()["players"][-1]["number"] == 77


def test_a_re_roll_after_creation_costs_double(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        team_purchase(team, coach, Purchase("reroll"))
    # Orc re-roll 60,000 x 2 = 120,000 against a treasury of 70,000.
    assert str(refused.value) == (
        "This costs 120,000 gp; the treasury has 70,000 gp (50,000 short)."
    )
    team.refresh_from_db()
    assert (team.treasury, team.rerolls, team.ledger.count()) == (70_000, 2, 1)


def test_cheerleaders_go_on_the_staff(coach, lrb6) -> None:
    team = team_purchase(orc_team(coach, lrb6), coach, Purchase("staff", "cheerleader", 2))
    assert team.staff == {"apothecary": 1, "cheerleader": 2}
    assert team.treasury == 50_000  # 70,000 - 2 x 10,000
    assert ledger_differences(team) == []


def test_a_gdbbl_dwarf_team_cannot_add_a_wizard_to_its_alchemist(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        team_purchase(team, coach, Purchase("staff", "wizard"))
    assert "Dwarf teams may not have a Wizard." in str(refused.value)


def test_another_coach_may_not_buy_for_the_team(coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    with unchanged(), pytest.raises(PermissionDenied):
        team_purchase(team, rival, Purchase("player", "Goblin"))
    assert LedgerEntry.objects.filter(team=team).count() == 1


def test_the_api_buys_and_answers_with_the_roster(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    api = APIClient()
    api.force_authenticate(coach)
    response = api.post(
        f"/api/teams/{team.pk}/purchases/",
        {"kind": "player", "what": "Goblin", "names": ["Snotling"]},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["treasury"] == 30_000
    assert response.json()["players"][-1]["name"] == "Snotling"


def test_the_api_names_the_shortfall_with_400(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    api = APIClient()
    api.force_authenticate(coach)
    with unchanged():
        response = api.post(f"/api/teams/{team.pk}/purchases/", {"kind": "reroll"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "treasury": ["This costs 120,000 gp; the treasury has 70,000 gp (50,000 short)."]
    }


def test_the_api_refuses_other_coaches_and_visitors(coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    api = APIClient()
    url = f"/api/teams/{team.pk}/purchases/"
    with unchanged():
        assert api.post(url, {"kind": "reroll"}, format="json").status_code == 401
        api.force_authenticate(rival)
        assert api.post(url, {"kind": "reroll"}, format="json").status_code == 403


def test_the_roster_page_offers_buying_to_the_coach_only(client, coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    assert "Buy from the treasury" not in client.get(f"/teams/{team.pk}/").content.decode()
    client.force_login(rival)
    assert "Buy from the treasury" not in client.get(f"/teams/{team.pk}/").content.decode()
    client.force_login(coach)
    assert "Buy from the treasury" in client.get(f"/teams/{team.pk}/").content.decode()


def test_buying_on_the_page_shows_the_entry_or_the_refusal(client, coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    client.force_login(coach)
    url = f"/teams/{team.pk}/buy/"
    with unchanged():
        response = client.post(url, {"kind": "reroll", "count": "1"})
    assert response.status_code == 400
    assert "(50,000 short)" in response.content.decode()
    response = client.post(url, {"kind": "player", "what-player": "Goblin", "count": "1"})
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "Bought 1 × Goblin for 40,000 gp." in page
    assert "30,000 gp" in page


def test_the_page_buys_players_wearing_the_numbers_typed(client, coach, staff_user, lrb6):
    # 70,000 + a 10,000 credit = 80,000: two Goblins at 40,000 each.
    team = team_adjust(orc_team(coach, lrb6), staff_user, "Sponsor", treasury=10_000)
    client.force_login(coach)
    body = {"kind": "player", "what-player": "Goblin", "count": "2", "names": "Snit\nSnot",
            "numbers": "40, 41"}  # fmt: skip
    response = client.post(f"/teams/{team.pk}/buy/", body)
    assert response.status_code == 302
    bought = team.players.filter(number__in=[40, 41]).order_by("number")
    assert [(p.number, p.name) for p in bought] == [(40, "Snit"), (41, "Snot")]
    team.refresh_from_db()
    assert team.treasury == 0


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ("ten", "A shirt number is a whole number from 1 to 99, not &#x27;ten&#x27;."),
        ("1", "Number 1 is Lineman 1&#x27;s."),
        ("0", "Player numbers run from 1 to 99, not 0."),
    ],
)
def test_the_page_refuses_a_number_that_cannot_be_worn(client, coach, lrb6, numbers, message):
    team = orc_team(coach, lrb6)
    client.force_login(coach)
    body = {"kind": "player", "what-player": "Goblin", "count": "1", "numbers": numbers}
    with unchanged():
        response = client.post(f"/teams/{team.pk}/buy/", body)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_another_coach_cannot_buy_on_the_page(client, coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    client.force_login(rival)
    with unchanged():
        response = client.post(
            f"/teams/{team.pk}/buy/", {"kind": "staff", "what-staff": "cheerleader"}
        )
    assert response.status_code == 403
