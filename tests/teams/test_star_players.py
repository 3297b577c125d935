"""Star players hired for good with a new GDBBL team, and refused at creation in LRB6."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules.engine.team_building import TeamRefused
from teams.ledger_rows import ledger_differences
from teams.models import Player
from teams.roster import roster
from teams.services import team_create
from tests.teams.helpers import squad

pytestmark = pytest.mark.django_db


def test_a_gdbbl_orc_team_hires_varag_for_good(coach, gdbbl) -> None:
    # 11 Linemen 11 x 50,000 = 550,000 + Varag 160,000 + fan factor 1 10,000 = 720,000
    team = team_create(
        coach, gdbbl, "Da Boyz", "orc", squad((11, "Lineman")), fan_factor=1,
        star_players=["Varag Ghoul-Chewer"],
    )  # fmt: skip
    assert team.treasury == 280_000
    varag = team.players.get(star__name="Varag Ghoul-Chewer")
    assert (varag.number, varag.name, varag.position) == (12, "Varag Ghoul-Chewer", None)
    assert ledger_differences(team) == []
    row = next(r for r in roster(team).rows if r.player == varag)
    assert row.characteristics == [("MA", 6, 0), ("ST", 4, 0), ("AG", 3, 0), ("AV", 9, 0)]
    assert row.starting_skills == ("Block", "Jump Up", "Leader", "Mighty Blow", "Pro")
    assert row.value == 160_000


def test_a_goblin_team_pays_double_for_morg_but_not_for_ripper(coach, gdbbl) -> None:
    # Morg 190,000 x 2 = 380,000 (not a goblin); Ripper is a troll: 150,000 at list price.
    team = team_create(
        coach, gdbbl, "Gobbos", "goblin", squad((11, "Goblin")), fan_factor=1,
        star_players=["Morg 'n' Thorg", "Ripper Bolgrot"],
    )  # fmt: skip
    players = 11 * Player.objects.get(team=team, number=1).position.cost
    assert team.treasury == 1_000_000 - players - 380_000 - 150_000 - 10_000


def test_a_fifth_star_is_refused(coach, gdbbl) -> None:
    stars = ["Morg 'n' Thorg", "Ripper Bolgrot", "Varag Ghoul-Chewer", "Nobbla Blackwart",
             "Scrappa Sorehead"]  # fmt: skip
    with pytest.raises(TeamRefused, match="A team may have at most 4 star players"):
        team_create(
            coach, gdbbl, "Too Many", "orc", squad((11, "Lineman")), fan_factor=1,
            star_players=stars,
        )  # fmt: skip
    assert not Player.objects.filter(star__isnull=False).exists()


def test_lrb6_refuses_stars_at_creation(coach, lrb6) -> None:
    with pytest.raises(TeamRefused, match="induced for one match at a time"):
        team_create(
            coach, lrb6, "Orcs", "orc", squad((11, "Lineman")),
            star_players=["Varag Ghoul-Chewer"],
        )  # fmt: skip


def test_the_api_hires_a_star_and_shows_him_on_the_roster(coach, gdbbl) -> None:
    api = APIClient()
    api.force_authenticate(coach)
    body = {
        "name": "Da Boyz",
        "ruleset": "gdbbl",
        "race": "orc",
        "players": [{"position": "Lineman", "name": f"L{n}"} for n in range(11)],
        "fan_factor": 1,
        "star_players": ["Varag Ghoul-Chewer"],
    }
    response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 201
    star = response.json()["players"][-1]
    assert (star["position"], star["star_player"], star["value"]) == (
        "Varag Ghoul-Chewer",
        True,
        160_000,
    )


def test_the_builder_offers_the_stars_a_race_may_hire_with_their_price(
    client, coach, gdbbl
) -> None:
    client.force_login(coach)
    html = client.get("/teams/new/?ruleset=gdbbl&race=goblin").content.decode()
    assert 'value="Morg &#x27;n&#x27; Thorg" class="star" data-cost="380000"' in html
    assert 'value="Ripper Bolgrot" class="star" data-cost="150000"' in html
    assert "Griff Oberwald" not in html
    assert "Star players" not in client.get("/teams/new/?ruleset=lrb6&race=orc").content.decode()
