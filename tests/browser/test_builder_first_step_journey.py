"""On a phone, the builder's race list follows the ruleset without a reload, and its form
controls look like the site's other inputs; the league's Public checkbox is a checkbox. The
squads a setting reshapes come filled in: a Blitz Bowl team card (a five-player team is
refused naming the card) and 1st edition's standard game of 11 Linemen."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.conftest import Phone
from tests.browser.steps import (
    builder_open,
    coach_create,
    log_in,
    race_choose,
    race_options,
    ruleset_pick,
    rulesets_load,
    team_fill,
    team_submit,
)
from tests.matches.rulesets import house_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "two-dice-block-and-go"
LOOK = ("fontSize", "fontFamily", "borderTopWidth", "borderTopStyle", "borderTopColor",
        "borderRadius")  # fmt: skip


@pytest.fixture
def coach() -> str:
    # Written before the browser starts (see the phone fixture).
    rulesets_load("lrb6", "gdbbl", "blitz-bowl")
    return coach_create("rookie", PASSWORD).username


@pytest.fixture
def standard_game(coach: str) -> str:
    """The slug of the coach's house-rule copy of 1st edition playing the standard game."""
    rulesets_load("first-edition")
    owner = get_user_model().objects.get(username=coach)
    return house_version("first-edition", owner, veterans_rules="none").ruleset.slug


def look(page: Page, selector: str) -> dict[str, str]:
    return page.locator(selector).evaluate(
        "(el, keys) => Object.fromEntries(keys.map(k => [k, getComputedStyle(el)[k]]))",
        list(LOOK),
    )


def test_the_race_list_follows_the_ruleset_and_a_gdbbl_team_is_built(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    builder_open(page, live_server.url)
    expect(page.get_by_label("Ruleset")).to_have_value("lrb6")
    assert "Amazon" in race_options(page)

    ruleset_pick(page, "gdbbl", "lizardmen")
    options = race_options(page)
    assert "Dwarf" in options
    assert "Lizardmen" in options
    assert "Amazon" not in options  # LRB6's, not GDBBL's
    assert phone.horizontal_overflow() == 0

    race_choose(page, "Dwarf")
    assert page.url.endswith("/teams/new/?ruleset=gdbbl&race=dwarf")
    # The builder's selects and number inputs look like its text input (once its stylesheet
    # has loaded: the click that opened the page waits for its HTML only).
    page.wait_for_load_state("load")
    name = look(page, "#team-name")
    assert look(page, "#pick-race") == name
    assert look(page, "#pick-ruleset") == name
    assert look(page, "input.count >> nth=0") == name
    assert look(page, "#fan_factor") == name
    assert phone.horizontal_overflow() == 0

    team_fill(page, "Grudgebearers", {"Long Beard": 11}, fan_factor=1, staff={"Alchemist": 1})
    team_submit(page, "Grudgebearers")
    expect(page.locator(".team-block")).to_contain_text("930,000 gp")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_a_pair_that_does_not_exist_is_named_on_the_phone(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    builder_open(page, live_server.url, "blitz-bowl", "orc")
    expect(page.get_by_role("alert")).to_have_text(
        "Blitz Bowl (Ultimate Edition) has no race 'orc': choose one of its races."
    )
    assert race_options(page) == ["Human"]
    assert phone.horizontal_overflow() == 0
    # Another ruleset's races come in without a reload, and the message about the old pair goes.
    ruleset_pick(page, "lrb6", "human")
    expect(page.locator("#pick-race option")).to_have_count(24)
    expect(page.locator("#pick-race")).to_have_value("human")  # kept: LRB6 has Humans too
    expect(page.get_by_role("alert")).to_have_count(0)
    assert page.url.endswith("/teams/new/?ruleset=blitz-bowl&race=orc")


def test_the_public_checkbox_is_a_checkbox(live_server, coach: str, phone: Phone) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    page.goto(live_server.url + "/leagues/new/")
    public = page.get_by_label("Public: anyone may browse the league")
    expect(public).to_be_checked()
    box = public.bounding_box()
    assert box is not None
    assert box["width"] < 40, box
    assert box["height"] < 40, box
    # The text fields of the same form keep their full width.
    name = page.get_by_label("Name", exact=True).bounding_box()
    assert name is not None
    assert name["width"] > 300
    public.uncheck()
    expect(public).not_to_be_checked()
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_a_blitz_bowl_team_is_its_card_and_five_players_are_refused(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    builder_open(page, live_server.url, "blitz-bowl", "human")
    card = (
        "A Blitz Bowl team is the six players of its team card: the Human card is 3 Linemen, "
        "1 Thrower, 1 Catcher and 1 Blitzer"
    )
    expect(page.locator("#squad-rule")).to_have_text(f"{card}.")
    expect(page.locator("#players")).to_have_text("6")  # the card comes filled in
    assert phone.horizontal_overflow() == 0

    team_fill(page, "Short Reavers", {"Lineman": 2})
    expect(page.locator("#players")).to_have_text("5")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_role("alert")).to_contain_text(
        f"{card}, not 2 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer"
    )
    assert phone.horizontal_overflow() == 0

    team_fill(page, "The Reavers", {"Lineman": 3})
    team_submit(page, "The Reavers")
    expect(page.get_by_text("The Reavers is ready.")).to_be_visible()
    expect(page.get_by_text("gp in the treasury")).to_have_count(0)
    assert phone.aborted == []


def test_the_standard_game_is_built_as_eleven_linemen(
    live_server, coach: str, standard_game: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    builder_open(page, live_server.url, standard_game, "human")
    expect(page.locator("#squad-rule")).to_contain_text(
        "11 players, numbered 1 to 11, who all move 6 squares"
    )
    expect(page.locator("input.count")).to_have_count(1)  # the Linemen, and no one else
    expect(page.get_by_label("How many Lineman", exact=True)).to_have_value("11")
    expect(page.locator("#players")).to_have_text("11")
    assert phone.horizontal_overflow() == 0

    team_fill(page, "Bright Crusaders", {})
    team_submit(page, "Bright Crusaders")
    expect(page.get_by_role("cell", name="Lineman 11", exact=True)).to_be_visible()
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
