"""On a phone, the builder's race list follows the ruleset without a reload, and its form
controls look like the site's other inputs; the league's Public checkbox is a checkbox."""

from __future__ import annotations

import pytest
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

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "two-dice-block-and-go"
LOOK = ("fontSize", "fontFamily", "borderTopWidth", "borderTopStyle", "borderTopColor",
        "borderRadius")  # fmt: skip


@pytest.fixture
def coach() -> str:
    # Written before the browser starts (see the phone fixture).
    rulesets_load("lrb6", "gdbbl", "blitz-bowl")
    return coach_create("rookie", PASSWORD).username


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
