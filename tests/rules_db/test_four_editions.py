"""All four bundled editions in the rules browser and the API, side by side."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.models import RulesetVersion

pytestmark = pytest.mark.django_db

SLUGS = ["lrb6", "gdbbl", "first-edition", "blitz-bowl"]


@pytest.fixture
def client() -> Client:
    # The test database starts with every bundled edition loaded (tests/conftest.py).
    assert RulesetVersion.objects.filter(ruleset__slug__in=SLUGS).count() >= len(SLUGS)
    return Client()


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_rules_page_shows_the_four_editions_in_order(client: Client) -> None:
    text = text_of(client.get("/rules/"))
    names = ["Living Rulebook 6", "GDBBL 1.2", "Blood Bowl 1st edition", "Blitz Bowl"]
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)
    assert "Characteristics MA ST AG AV MA ST AG AV MA SP ST AG TS CL AV MV BL TH AR" in text


def test_the_rules_page_says_which_editions_are_results_only(client: Client) -> None:
    text = text_of(client.get("/rules/"))
    assert text.count("League: treasury, SPP and advancement") == 2
    assert text.count("Results only: no money, no progression") == 2


def test_the_side_by_side_page_takes_a_fixed_number_of_queries(
    client: Client, django_assert_max_num_queries
) -> None:
    with django_assert_max_num_queries(7):
        client.get("/rules/")


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize(
    "page", ["", "races/", "skills/", "star-players/", "staff/", "tables/", "settings/"]
)
def test_every_page_of_every_edition_is_there(client: Client, slug: str, page: str) -> None:
    assert client.get(f"/rules/{slug}/{page}").status_code == 200


def test_the_gdbbl_winnings_table_spreads_its_modifiers_over_the_rating_bands(
    client: Client,
) -> None:
    text = text_of(client.get("/rules/gdbbl/tables/"))
    assert (
        "Gate (gp) TR 0–99 TR 100–125 TR 126–150 TR 151–175 TR 176–200 TR 201–250 TR 251+" in text
    )
    assert "0–15,000 +1 0 0 0 0 0 0" in text
    assert "75,001+ +6 +5 +4 +3 +2 +1 0" in text


def test_a_gdbbl_team_list_shows_one_skill_access_column(client: Client) -> None:
    response = client.get("/rules/gdbbl/races/chaos/")
    text = text_of(response)
    assert "Skill access" in text
    assert "Double" not in text
    assert "GSH" in text


def test_a_first_edition_team_list_has_seven_characteristics_and_no_money(
    client: Client,
) -> None:
    text = text_of(client.get("/rules/first-edition/races/human/"))
    assert "Qty Position MA SP ST AG TS CL AV Skills" in text
    assert "Cost" not in text
    assert "Re-rolls" not in text
    assert "0–4 Blocker 4 1 4 2 -1 -1 10" in text


def test_a_results_only_overview_says_there_is_no_money(client: Client) -> None:
    text = text_of(client.get("/rules/blitz-bowl/"))
    assert "Results only: this system has no money and no progression." in text
    assert "Characteristics MV BL TH AR" in text


def test_the_api_serves_each_edition_with_its_own_characteristics(client: Client) -> None:
    sets = {
        slug: client.get(f"/api/rulesets/{slug}/").json()["version"]["characteristics"]
        for slug in SLUGS
    }
    assert sets == {
        "lrb6": ["MA", "ST", "AG", "AV"],
        "gdbbl": ["MA", "ST", "AG", "AV"],
        "first-edition": ["MA", "SP", "ST", "AG", "TS", "CL", "AV"],
        "blitz-bowl": ["MV", "BL", "TH", "AR"],
    }


def test_the_api_gives_each_position_its_characteristics_in_order(client: Client) -> None:
    races = client.get("/api/rulesets/first-edition/races/").json()
    human = next(race for race in races if race["slug"] == "human")
    blocker = next(p for p in human["positions"] if p["name"] == "Blocker")
    assert list(blocker["characteristics"].items()) == [
        ("MA", 4),
        ("SP", 1),
        ("ST", 4),
        ("AG", 2),
        ("TS", -1),
        ("CL", -1),
        ("AV", 10),
    ]


def test_the_api_says_which_editions_are_results_only(client: Client) -> None:
    plays = {slug: client.get(f"/api/rulesets/{slug}/").json()["version"]["play"] for slug in SLUGS}
    assert plays == {
        "lrb6": "league",
        "gdbbl": "league",
        "first-edition": "results_only",
        "blitz-bowl": "results_only",
    }


def test_the_api_serves_the_gdbbl_winnings_cells(client: Client) -> None:
    tables = {t["key"]: t for t in client.get("/api/rulesets/gdbbl/tables/").json()}
    winnings = tables["winnings"]
    assert [row["roll"] for row in winnings["rows"]] == [
        "0–15000",
        "15001–30000",
        "30001–45000",
        "45001–60000",
        "60001–75000",
        "75001+",
    ]
    assert winnings["rows"][3]["values"]["modifiers"] == [4, 3, 2, 1, 0, 0, 0]
