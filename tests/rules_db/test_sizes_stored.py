"""Sizes in the database: stored with each version, read back into the snapshot the engine
and teams use, shown in the rules browser and changed by a house-rule edit."""

from __future__ import annotations

import html
import importlib
import re

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client

from rules import models
from rules.edition_io import edition_export, section_yaml
from rules.house_rules import ruleset_copy, ruleset_import
from rules.selectors import version_get
from rules.snapshot import stored_edition, version_snapshot
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

COPY = "/rules/our-league"


def text_of(content: bytes) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", content.decode())))


@pytest.fixture
def ann():
    return get_user_model().objects.create_user("ann", "ann@dugout.example", "touchdown-8")


@pytest.fixture
def owner(ann) -> Client:
    client = Client()
    client.force_login(ann)
    return client


@pytest.fixture
def league(ann) -> models.Ruleset:
    # The test database starts with every bundled edition loaded (tests/conftest.py).
    return ruleset_copy(version_get("gdbbl"), "Our league", ann)


def test_the_snapshot_gives_each_position_and_star_its_size() -> None:
    snapshot = version_snapshot(version_get("gdbbl"))
    lizardmen = snapshot.ruleset.races["lizardmen"]
    assert lizardmen.position("Kroxigor").size == "large"
    assert lizardmen.position("Skink").size == "small"
    assert snapshot.ruleset.races["human"].position("Blitzer").size == "human"
    assert snapshot.star_sizes["Morg 'n' Thorg"] == "large"
    assert snapshot.star_sizes["Scrappa Sorehead"] == "small"
    assert snapshot.star_sizes["Griff Oberwald"] == "human"
    assert len(snapshot.star_sizes) == 25


def test_each_size_is_stored_in_its_row() -> None:
    version = version_get("gdbbl")
    positions = models.Position.objects.filter(version=version).exclude(size="human")
    assert sorted(positions.values_list("race__slug", "name", "size")) == [
        ("goblin", "Goblin", "small"),
        ("halfling", "Halfling", "small"),
        ("lizardmen", "Kroxigor", "large"),
        ("lizardmen", "Skink", "small"),
        ("orc", "Goblin", "small"),
    ]
    stars = models.StarPlayer.objects.filter(version=version, size="large")
    assert stars.count() == 6


def test_the_team_list_page_has_a_size_column() -> None:
    text = text_of(Client().get("/rules/gdbbl/races/lizardmen/").content)
    assert "Skills Skill access Size" in text
    assert "Kroxigor 130,000 5 5 2 9 Prehensile Tail, Thick Skull S large" in text
    assert "Skink 80,000 8 2 4 7 Dodge, Stunty GA small" in text


def test_the_star_player_page_has_a_size_column() -> None:
    text = text_of(Client().get("/rules/gdbbl/star-players/").content)
    assert "Skills Size Plays for" in text
    assert "a Goblin team pays him double. large Chaos, Goblin, Human, Norse, Orc" in text
    assert "Special: Chainsaw Kind goblin by background: a league-editable default. small" in text


def test_the_team_list_form_changes_a_position_size(league, owner: Client) -> None:
    page = owner.get(f"{COPY}/edit/races/lizardmen/").content.decode()
    assert '<option value="large" selected>large</option>' in page
    data = {
        "0-name": "Saurus",
        "0-max": "12",
        "0-cost": "60000",
        "0-c-MA": "6",
        "0-c-ST": "3",
        "0-c-AG": "3",
        "0-c-AV": "9",
        "0-normal": "G",
        "0-size": "human",
        "1-name": "Skink",
        "1-max": "4",
        "1-cost": "80000",
        "1-c-MA": "8",
        "1-c-ST": "2",
        "1-c-AG": "4",
        "1-c-AV": "7",
        "1-skills": "Dodge, Stunty",
        "1-normal": "GA",
        "1-size": "small",
        "2-name": "Kroxigor",
        "2-max": "2",
        "2-cost": "130000",
        "2-c-MA": "5",
        "2-c-ST": "5",
        "2-c-AG": "2",
        "2-c-AV": "9",
        "2-skills": "Prehensile Tail, Thick Skull",
        "2-normal": "S",
        "2-size": "human",  # the league rules the Kroxigor may be raised
        "new-name": "",
    }
    response = owner.post(f"{COPY}/edit/races/lizardmen/", data)
    assert response.status_code == 302
    version = league.latest_version()
    assert version.number == 2
    sizes = version_snapshot(version).ruleset.races["lizardmen"]
    assert [(p.name, p.size) for p in sizes.positions] == [
        ("Saurus", "human"),
        ("Skink", "small"),
        ("Kroxigor", "human"),
    ]
    gdbbl = version_snapshot(version_get("gdbbl")).ruleset.races["lizardmen"]
    assert gdbbl.position("Kroxigor").size == "large"


def test_the_team_list_form_refuses_an_unknown_size(league, owner: Client) -> None:
    page = owner.get(f"{COPY}/edit/races/halfling/")
    assert page.status_code == 200
    data = {
        "0-name": "Halfling",
        "0-max": "16",
        "0-cost": "30000",
        "0-c-MA": "5",
        "0-c-ST": "2",
        "0-c-AG": "3",
        "0-c-AV": "6",
        "0-skills": "Right Stuff, Dodge, Stunty",
        "0-normal": "A",
        "0-size": "tiny",
    }
    with unchanged():
        response = owner.post(f"{COPY}/edit/races/halfling/", data)
    assert response.status_code == 400
    assert (
        "your edit: races, race 'halfling', position 'Halfling': "
        "size must be small, human or large, not 'tiny'"
    ) in text_of(response.content)
    assert league.latest_version().number == 1


def test_the_yaml_editor_changes_a_star_size(league, owner: Client) -> None:
    text = section_yaml(stored_edition(league.latest_version()), "star_players")
    edited = text.replace("  kind: chaos\n  size: human\n", "  kind: chaos\n  size: large\n")
    assert edited != text
    response = owner.post(f"{COPY}/edit/star_players/", {"text": edited})
    assert response.status_code == 302
    snapshot = version_snapshot(league.latest_version())
    assert snapshot.star_sizes["Lord Borak the Despoiler"] == "large"
    stored = models.StarPlayer.objects.get(
        version=league.latest_version(), name="Lord Borak the Despoiler"
    )
    assert stored.size == "large"


def test_an_export_imported_as_a_new_ruleset_keeps_every_size(ann) -> None:
    gdbbl = stored_edition(version_get("gdbbl"))
    imported = ruleset_import(edition_export(gdbbl), "Imported", ann)
    again = stored_edition(imported.latest_version())
    sizes = {(r.slug, p.name): p.size for r in again.races for p in r.positions}
    assert sizes == {(r.slug, p.name): p.size for r in gdbbl.races for p in r.positions}
    assert {s.name: s.size for s in again.star_players} == {
        s.name: s.size for s in gdbbl.star_players
    }


# --- Rows stored before sizes existed (rules/migrations/0003_fill_sizes.py) -----------------


def test_rows_stored_before_sizes_take_their_bundled_size_and_the_rest_stay_human() -> None:
    fill = importlib.import_module("rules.migrations.0003_fill_sizes").fill
    version = version_get("gdbbl")
    positions = models.Position.objects.filter(version=version)
    stars = models.StarPlayer.objects.filter(version=version)
    positions.update(size="human")  # as 0002 left them
    stars.update(size="human")
    fill(apps, None)
    assert positions.get(race__slug="halfling", name="Halfling").size == "small"
    assert positions.get(race__slug="lizardmen", name="Kroxigor").size == "large"
    assert positions.get(race__slug="human", name="Lineman").size == "human"
    assert stars.get(name="Morg 'n' Thorg").size == "large"
    assert stars.get(name="Fungus the Loon").size == "small"
    assert stars.get(name="Griff Oberwald").size == "human"
