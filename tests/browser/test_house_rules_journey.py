"""A coach makes house rules from LRB6 in the browser, on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rules.edition import Edition
from rules.services import edition_load
from tests.browser.conftest import Phone
from tests.browser.steps import coach_create, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-wizard-did-it-again"


@pytest.fixture
def coach(lrb6_edition: Edition) -> str:
    # Written before the browser starts (see the phone fixture).
    edition_load(lrb6_edition)
    return coach_create("nuffle", PASSWORD).username


def test_a_coach_copies_lrb6_and_changes_it_without_touching_lrb6(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)

    page.goto(live_server.url + "/rules/lrb6/")
    page.get_by_label("Copy version 1 as").fill("Our house rules")
    page.get_by_role("button", name="Copy", exact=True).click()
    expect(page.get_by_text("Our house rules is your copy of Living Rulebook 6 v1")).to_be_visible()
    assert page.url.endswith("/rules/our-house-rules/")
    assert phone.horizontal_overflow() == 0

    # A setting.
    page.get_by_role("link", name="Edit settings", exact=True).click()
    page.get_by_label("max_touchdowns_per_team").fill("30")
    page.get_by_role("button", name="Save settings").click()
    expect(page.get_by_text("Saved as version 2 of Our house rules.")).to_be_visible()

    # A price and a new position.
    page.goto(live_server.url + "/rules/our-house-rules/edit/races/human/")
    page.get_by_label("Lineman cost").fill("45000")
    page.get_by_label("Position name (new)").fill("Veteran")
    page.get_by_label("New position max").fill("2")
    page.get_by_label("New position cost").fill("100000")
    for characteristic, value in (("MA", "6"), ("ST", "3"), ("AG", "3"), ("AV", "8")):
        page.get_by_label(f"New position {characteristic}", exact=True).fill(value)
    page.get_by_label("New position skills").fill("Block, Pro")
    page.get_by_label("New position normal access").fill("GS")
    page.get_by_label("New position double access").fill("AP")
    page.get_by_role("button", name="Save team list").click()
    expect(page.get_by_text("Saved as version 3 of Our house rules.")).to_be_visible()

    page.goto(live_server.url + "/rules/our-house-rules/races/human/")
    expect(page.get_by_role("row").filter(has_text="Lineman")).to_contain_text("45,000")
    veteran = page.get_by_role("row").filter(has_text="Veteran")
    expect(veteran).to_contain_text("100,000")
    expect(veteran).to_contain_text("Block, Pro")
    assert phone.horizontal_overflow() == 0
    page.goto(live_server.url + "/rules/our-house-rules/settings/")
    expect(page.locator("#max_touchdowns_per_team")).to_contain_text("30 (default 24)")

    # LRB6 itself is as it was.
    page.goto(live_server.url + "/rules/lrb6/races/human/")
    expect(page.get_by_role("row").filter(has_text="Lineman")).to_contain_text("50,000")
    expect(page.get_by_role("row").filter(has_text="Veteran")).to_have_count(0)
    page.goto(live_server.url + "/rules/lrb6/settings/")
    expect(page.locator("#max_touchdowns_per_team")).to_contain_text("24")
    expect(page.locator("#max_touchdowns_per_team")).not_to_contain_text("default")
    assert phone.aborted == []
