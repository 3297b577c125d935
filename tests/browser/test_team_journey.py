"""A new coach builds an LRB6 Orc team and a GDBBL Dwarf team in the browser, on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import (
    build_team,
    builder_open,
    coach_create,
    log_in,
    rulesets_load,
    team_fill,
    team_submit,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "two-dice-block-and-go"


@pytest.fixture
def coach() -> str:
    # Written before the browser starts (see the phone fixture).
    rulesets_load("lrb6", "gdbbl")
    return coach_create("rookie", PASSWORD).username


def test_a_new_coach_builds_an_orc_team_after_a_refusal(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    builder_open(page, live_server.url, "lrb6", "orc")
    team_fill(page, "Gouged Eye", {"Lineman": 5, "Blitzer": 4, "Thrower": 3}, rerolls=2)
    # 5 x 50,000 + 4 x 80,000 + 3 x 70,000 + 2 x 60,000 = 900,000 spent, 100,000 left
    expect(page.locator("#spent")).to_have_text("900,000")
    expect(page.locator("#left")).to_have_text("100,000")
    assert phone.horizontal_overflow() == 0
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_role("alert")).to_contain_text("Orc teams may have at most 2 Throwers")

    page.get_by_label("How many Thrower", exact=True).fill("2")
    page.get_by_label("How many Black Orc Blocker", exact=True).fill("1")
    # 900,000 - 70,000 + 80,000 = 910,000
    expect(page.locator("#left")).to_have_text("90,000")
    team_submit(page, "Gouged Eye")
    expect(page.get_by_text("Gouged Eye is ready: 90,000 gp in the treasury.")).to_be_visible()
    expect(page.get_by_role("row").filter(has_text="Black Orc Blocker")).to_contain_text("80,000")
    # 5 x 50,000 + 4 x 80,000 + 2 x 70,000 + 80,000 + 2 x 60,000 = 910,000
    expect(page.locator(".team-block")).to_contain_text("910,000 gp")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_a_new_coach_builds_a_gdbbl_dwarf_team_with_an_alchemist(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    build_team(
        page, live_server.url, "gdbbl", "dwarf", {"Long Beard": 11},
        fan_factor=1, staff={"Alchemist": 1}, name="Grudgebearers",
    )  # fmt: skip
    block = page.locator(".team-block")
    # 11 x 70,000 + 10,000 (fan factor 1) + 150,000 (alchemist) = 930,000 -> rating 93
    expect(block).to_contain_text("930,000 gp")
    expect(block).to_contain_text("93 (")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
