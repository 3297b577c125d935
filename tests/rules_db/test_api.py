"""The read-only rulesets API: /api/rulesets/lrb6/ and everything beneath it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules import models

pytestmark = pytest.mark.django_db

BASE = "/api/rulesets/lrb6"


@pytest.fixture
def api(lrb6_version: models.RulesetVersion) -> APIClient:
    return APIClient()


def test_the_api_root_links_to_the_rulesets(api: APIClient) -> None:
    assert api.get("/api/").json()["rulesets"] == "http://testserver/api/rulesets/"


def test_it_lists_the_rulesets(api: APIClient) -> None:
    lrb6 = next(r for r in api.get("/api/rulesets/").json() if r["slug"] == "lrb6")
    assert lrb6["name"] == "Living Rulebook 6"
    assert lrb6["bundled"] is True
    assert lrb6["latest_version"] == 1
    assert lrb6["url"] == "http://testserver/api/rulesets/lrb6/"


def test_a_ruleset_shows_its_version_and_links_to_its_parts(api: APIClient) -> None:
    body = api.get(f"{BASE}/").json()
    assert body["version"]["number"] == 1
    assert body["version"]["characteristics"] == ["MA", "ST", "AG", "AV"]
    assert body["version"]["team_creation"] == {
        "budget": 1_000_000,
        "min_players": 11,
        "max_players": 16,
        "fan_factor_price": 10_000,
        "fan_factor_start": 0,
        "fan_factor_max_at_creation": 9,
    }
    assert body["links"] == {
        part: f"http://testserver{BASE}/{part}/?version=1"
        for part in (
            "races",
            "skills",
            "star-players",
            "staff",
            "inducements",
            "settings",
            "tables",
        )
    }
    for link in body["links"].values():
        assert api.get(link).status_code == 200, link


def test_it_lists_the_24_races_with_their_positions(api: APIClient) -> None:
    races = api.get(f"{BASE}/races/").json()
    assert len(races) == 24
    assert sum(len(race["positions"]) for race in races) == 105


def test_one_race_has_its_team_list(api: APIClient) -> None:
    human = api.get(f"{BASE}/races/human/").json()
    assert human["reroll_cost"] == 50_000
    assert human["apothecary_allowed"] is True
    assert human["positions"][4] == {
        "name": "Ogre",
        "max_quantity": 1,
        "cost": 140_000,
        "characteristics": {"MA": 5, "ST": 5, "AG": 2, "AV": 9},
        "skills": ["Loner", "Bone-Head", "Mighty Blow", "Thick Skull", "Throw Team-Mate"],
        "normal_access": "S",
        "double_access": "GAP",
        "size": "large",  # a big monster: the Necromancer never raises him
    }


def test_an_unknown_race_is_404(api: APIClient) -> None:
    response = api.get(f"{BASE}/races/elves/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Living Rulebook 6 v1 has no race 'elves'."}


def test_it_lists_skills_with_their_categories(api: APIClient) -> None:
    skills = {skill["name"]: skill for skill in api.get(f"{BASE}/skills/").json()}
    assert len(skills) == 75
    assert skills["Block"]["category"] == "G"
    assert skills["Claw(s)"]["category_name"] == "Mutation"
    assert skills["Animosity"]["category"] == "E"


def test_it_lists_the_57_star_players(api: APIClient) -> None:
    stars = {star["name"]: star for star in api.get(f"{BASE}/star-players/").json()}
    assert len(stars) == 57
    assert stars["Morg 'n' Thorg"]["eligibility"] == "except"
    assert stars["Morg 'n' Thorg"]["races"] == ["khemri", "necromantic", "undead"]
    assert stars["Brick Far'th"]["paired_with"] == "Grotty"
    assert stars["Griff Oberwald"]["cost"] == 320_000


def test_it_lists_staff_with_their_race_rules(api: APIClient) -> None:
    staff = {item["key"]: item for item in api.get(f"{BASE}/staff/").json()}
    assert staff["apothecary"]["cost"] == 50_000
    assert staff["apothecary"]["max_quantity"] == 1
    assert staff["apothecary"]["eligibility"] == "apothecary"
    assert staff["necromancer"]["races"] == ["necromantic", "undead"]
    assert staff["necromancer"]["counts_in_value"] is False
    assert staff["assistant_coach"]["max_quantity"] is None


def test_it_lists_inducements_with_race_prices(api: APIClient) -> None:
    inducements = {item["key"]: item for item in api.get(f"{BASE}/inducements/").json()}
    assert inducements["bribes"]["race_costs"] == {"goblin": 50_000}
    assert inducements["halfling_master_chef"]["race_costs"] == {"halfling": 100_000}
    assert inducements["igor"]["eligibility"] == "no_apothecary"


def test_it_lists_the_settings_with_explanations(api: APIClient) -> None:
    settings = {item["key"]: item for item in api.get(f"{BASE}/settings/").json()}
    touchdowns = settings["max_touchdowns_per_team"]
    assert touchdowns["type"] == "int"
    assert touchdowns["default"] == touchdowns["value"] == 24
    assert touchdowns["explanation"]
    assert settings["apothecary_treats_ko"]["value"] is True


def test_it_lists_every_table_with_its_rows(api: APIClient) -> None:
    tables = {table["key"]: table for table in api.get(f"{BASE}/tables/").json()}
    casualty = tables["casualty"]
    assert casualty["dice"] == "D68"
    assert casualty["rows"][0]["roll"] == "11–38"
    assert casualty["rows"][0]["values"]["result"] == "Badly Hurt"
    assert tables["experience_levels"]["rows"][-1]["roll"] == "176+"
    assert tables["spiralling_expenses"]["params"] == {
        "threshold": 1_750_000,
        "band": 150_000,
        "step": 10_000,
    }


def test_an_older_version_is_asked_for_with_version(api: APIClient) -> None:
    assert api.get(f"{BASE}/races/?version=1").status_code == 200
    response = api.get(f"{BASE}/races/?version=7")
    assert response.status_code == 404


def test_a_version_that_is_not_a_number_is_400(api: APIClient) -> None:
    response = api.get(f"{BASE}/races/?version=latest")
    assert response.status_code == 400
    assert response.json() == {"version": ["A version is a whole number, not 'latest'."]}


def test_an_unknown_ruleset_is_404(api: APIClient) -> None:
    assert api.get("/api/rulesets/lrb7/").status_code == 404


def test_the_rulesets_api_is_read_only(api: APIClient) -> None:
    assert api.post("/api/rulesets/", {"slug": "mine"}, format="json").status_code in (401, 403)


@pytest.mark.parametrize(
    ("part", "queries"),
    [
        ("races", 4),
        ("skills", 2),
        ("star-players", 4),
        ("staff", 3),
        ("inducements", 3),
        ("settings", 2),
        ("tables", 3),
    ],
)
def test_each_part_takes_a_fixed_number_of_queries(
    api: APIClient, django_assert_max_num_queries, part: str, queries: int
) -> None:
    with django_assert_max_num_queries(queries):
        assert api.get(f"{BASE}/{part}/").status_code == 200
