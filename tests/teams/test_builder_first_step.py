"""The builder's first step: the race list follows the ruleset (the partial htmx swaps in),
and a ruleset-race pair that does not exist is named instead of silently reset."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(coach) -> Client:
    client = Client()
    client.force_login(coach)
    return client


def options(html: str) -> list[tuple[str, str]]:
    """The (value, label) of every option of the race select."""
    select = re.search(r'<select id="pick-race" name="race">(.*?)</select>', html, re.S)
    assert select is not None, html
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(1))


def races_partial(client: Client, **params: str) -> str:
    response = client.get("/teams/new/races/", params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_partial_lists_the_lrb6_races_with_orc(logged_in, lrb6) -> None:
    html = races_partial(logged_in, ruleset="lrb6")
    assert html.strip().startswith('<select id="pick-race" name="race">')  # only the select
    assert "<html" not in html
    races = dict(options(html))
    assert races["orc"] == "Orc"
    assert races["amazon"] == "Amazon"  # LRB6 only
    assert len(races) == 24


def test_the_partial_lists_the_gdbbl_races_with_dwarf(logged_in, gdbbl) -> None:
    races = dict(options(races_partial(logged_in, ruleset="gdbbl")))
    assert races["dwarf"] == "Dwarf"
    assert races["lizardmen"] == "Lizardmen"  # GDBBL's name; LRB6 says lizardman
    assert "amazon" not in races
    assert len(races) == 14


def test_the_partial_lists_blitz_bowls_own_races(logged_in) -> None:
    assert options(races_partial(logged_in, ruleset="blitz-bowl")) == [("human", "Human")]


def test_the_partial_keeps_the_race_chosen_when_the_new_ruleset_has_it(logged_in) -> None:
    html = races_partial(logged_in, ruleset="gdbbl", race="dwarf")
    assert '<option value="dwarf" selected>Dwarf</option>' in html
    assert " selected" not in races_partial(logged_in, ruleset="blitz-bowl", race="dwarf")


def test_the_partial_is_public_and_answers_404_for_an_unknown_ruleset(client, db) -> None:
    assert ("orc", "Orc") in options(races_partial(client, ruleset="lrb6"))
    assert client.get("/teams/new/races/", {"ruleset": "nope"}).status_code == 404
    assert client.post("/teams/new/races/", {"ruleset": "lrb6"}).status_code == 405


def test_the_ruleset_select_asks_for_the_races_with_htmx(logged_in, lrb6) -> None:
    html = logged_in.get("/teams/new/").content.decode()
    ruleset = re.search(r'<select id="pick-ruleset"[^>]*>', html).group(0)
    assert 'hx-get="/teams/new/races/"' in ruleset
    assert 'hx-target="#pick-race"' in ruleset
    assert 'hx-swap="outerHTML"' in ruleset
    # The form still works without JavaScript: a GET to the builder with both selects.
    assert '<form method="get" class="inline-form" action="/teams/new/">' in html
    assert dict(options(html))["orc"] == "Orc"


def test_the_builder_names_a_race_its_ruleset_does_not_have(logged_in) -> None:
    response = logged_in.get("/teams/new/", {"ruleset": "blitz-bowl", "race": "orc"})
    # 400, as the builder's other refusals; the picker stays usable above the message.
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        '<p class="form-errors" id="missing-race" role="alert">'
        "Blitz Bowl (Ultimate Edition) has no race 'orc': choose one of its races.</p>"
    ) in html
    assert options(html) == [("human", "Human")]  # Blitz Bowl's races to choose from
    assert 'id="builder"' not in html


def test_a_race_slug_no_ruleset_has_is_named_and_escaped(logged_in, gdbbl) -> None:
    response = logged_in.get("/teams/new/", {"ruleset": "gdbbl", "race": "<b>amazon</b>"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "GDBBL 1.2 has no race '&lt;b&gt;amazon&lt;/b&gt;': choose one of its races." in html
    assert "<b>amazon" not in html


def test_a_posted_team_of_a_race_the_ruleset_lacks_is_named_and_not_built(logged_in) -> None:
    with unchanged():
        response = logged_in.post(
            "/teams/new/", {"ruleset": "blitz-bowl", "race": "orc", "name": "Lost Orcs"}
        )
    assert response.status_code == 400
    assert "Blitz Bowl (Ultimate Edition) has no race 'orc'" in response.content.decode()


def test_a_good_pair_and_no_race_say_nothing_of_the_kind(logged_in, lrb6) -> None:
    for params in ({"ruleset": "lrb6", "race": "orc"}, {"ruleset": "gdbbl"}, {"race": ""}):
        response = logged_in.get("/teams/new/", params)
        assert response.status_code == 200
        assert "has no race" not in response.content.decode()
