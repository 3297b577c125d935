"""A coach on a phone browses LRB6: a team list, the casualty table and the settings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rules.edition import Edition, bundled_edition_slugs
from rules.services import edition_load
from tests.browser.conftest import Phone
from tests.browser.steps import rulesets_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lrb6(lrb6_edition: Edition) -> None:
    # Transactional tests start from an emptied database, so the ruleset is loaded here.
    edition_load(lrb6_edition)


@pytest.fixture
def all_editions() -> None:
    rulesets_load(*bundled_edition_slugs())


def test_a_coach_browses_lrb6_on_a_phone(live_server, lrb6: None, phone: Phone) -> None:
    page = phone.page
    page.goto(live_server.url + "/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules").click()
    page.get_by_role("link", name="Living Rulebook 6").first.click()
    expect(page.get_by_role("heading", name="Living Rulebook 6")).to_be_visible()
    assert phone.horizontal_overflow() == 0

    page.get_by_role("link", name="Races and team lists").click()
    page.get_by_role("link", name="Human", exact=True).click()
    thrower = page.get_by_role("row").filter(has_text="Thrower")
    expect(thrower).to_contain_text("70,000")
    expect(thrower).to_contain_text("Sure Hands, Pass")
    assert phone.horizontal_overflow() == 0

    page.get_by_role("link", name="Tables").click()
    page.get_by_role("link", name="Casualty table").click()
    expect(page.get_by_role("row").filter(has_text="Smashed Collar Bone")).to_contain_text("58")
    assert phone.horizontal_overflow() == 0

    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#apothecary_treats_ko")).to_contain_text("yes")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_a_commissioner_compares_the_editions_and_reads_gdbbl_on_a_phone(
    live_server, all_editions: None, phone: Phone
) -> None:
    page = phone.page
    page.goto(live_server.url + "/rules/")
    table = page.locator("table.side-by-side")
    expect(table).to_contain_text("MA SP ST AG TS CL AV")
    expect(table).to_contain_text("MV BL TH AR")
    assert phone.horizontal_overflow() == 0

    table.get_by_role("link", name="GDBBL 1.2").click()
    page.get_by_role("link", name="Tables").click()
    page.get_by_role("link", name="Team winnings").click()
    row = page.locator("#winnings").get_by_role("row").filter(has_text="75,001+")
    expect(row).to_contain_text("+6")
    assert phone.horizontal_overflow() == 0

    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#fan_factor_six_or_more")).to_contain_text("yes")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
