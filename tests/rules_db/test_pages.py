"""The rules browser: server-rendered pages for every part of a ruleset."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules import models

pytestmark = pytest.mark.django_db

PAGES = ["", "races/", "races/human/", "skills/", "star-players/", "staff/", "tables/", "settings/"]


@pytest.fixture
def client(lrb6_version: models.RulesetVersion) -> Client:
    return Client()


def text_of(html: bytes) -> str:
    """The page's visible text with tags removed and spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


def test_the_rules_page_lists_lrb6(client: Client) -> None:
    html = client.get("/rules/").content.decode()
    assert '<a href="/rules/lrb6/">Living Rulebook 6</a>' in html
    assert "Bundled edition · version 1" in text_of(client.get("/rules/").content)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_of_lrb6_is_there_and_sized_for_a_phone(client: Client, page: str) -> None:
    response = client.get(f"/rules/lrb6/{page}")
    assert response.status_code == 200
    assert 'name="viewport"' in response.content.decode()


@pytest.mark.parametrize("page", PAGES)
def test_every_page_takes_a_fixed_number_of_queries(
    client: Client, django_assert_max_num_queries, page: str
) -> None:
    with django_assert_max_num_queries(6):
        client.get(f"/rules/lrb6/{page}")


def test_the_overview_shows_team_creation(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/").content)
    assert "Budget 1,000,000 gp" in text
    assert "Players 11 to 16" in text
    assert "up to 9 bought at creation for 10,000 gp each" in text
    assert "Characteristics MA ST AG AV" in text


def test_the_races_page_lists_all_24_with_reroll_costs(client: Client) -> None:
    html = client.get("/rules/lrb6/races/").content.decode()
    assert len(re.findall(r'href="/rules/lrb6/races/[a-z-]+/"', html)) == 24
    assert "Khemri 70,000 no Skeleton, Thro-Ra, Blitz-Ra, Tomb Guardian" in text_of(html.encode())


def test_a_team_list_shows_every_position_with_its_numbers(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/races/human/").content)
    assert "0–2 Thrower 70,000 6 3 3 8 Sure Hands, Pass GP AS" in text
    assert "0–16 Lineman 50,000 6 3 3 8 — G ASP" in text
    assert "Apothecary allowed" in text


def test_a_team_list_without_an_apothecary_says_so(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/races/undead/").content)
    assert "Apothecary not allowed" in text
    assert "Necromancer raises a killed opponent as a free Zombie" in text


def test_an_unknown_race_is_404(client: Client) -> None:
    assert client.get("/rules/lrb6/races/elves/").status_code == 404


def test_skills_are_grouped_by_category(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/skills/").content)
    assert "General (G)" in text
    assert "Extraordinary (E) — never taken on an improvement roll" in text
    assert "Sure Hands" in text


def test_star_players_show_who_may_hire_them(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/star-players/").content)
    assert "Morg 'n' Thorg 430,000 6 6 3 10" in text.replace("&#x27;", "'")
    assert "any team except Khemri, Necromantic, Undead" in text
    assert "Grotty with Brick Far" in text.replace("&#x27;", "'")


def test_staff_and_inducements_show_prices_limits_and_race_rules(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/staff/").content)
    assert "Apothecary 50,000 0–1 teams that may have an apothecary" in text
    assert "Bribes 100,000 goblin: 50,000 0–3" in text
    assert "Igor 100,000 0–1 teams that may not have an apothecary" in text


def test_the_tables_page_shows_the_casualty_table(client: Client) -> None:
    text = text_of(client.get("/rules/lrb6/tables/").content)
    assert "Casualty table (D68)" in text
    assert "11–38 Badly Hurt" in text
    assert "61–68 Dead" in text or "61–68 DEAD" in text


def test_the_settings_page_explains_each_setting(client: Client) -> None:
    html = client.get("/rules/lrb6/settings/").content.decode()
    assert 'id="max_touchdowns_per_team"' in html
    assert "max_touchdowns_per_team: <strong>24</strong>" in html


def test_an_unknown_version_is_404(client: Client) -> None:
    assert client.get("/rules/lrb6/?v=42").status_code == 404
    assert client.get("/rules/lrb6/?v=new").status_code == 404


def test_the_navigation_links_to_the_rules(client: Client) -> None:
    assert 'href="/rules/"' in client.get("/").content.decode()
