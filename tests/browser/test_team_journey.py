"""A new coach builds an LRB6 Orc team and a GDBBL Dwarf team in the browser, on a phone."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from rules.edition import edition_read
from rules.services import edition_load
from tests.browser.conftest import Phone, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "two-dice-block-and-go"


@pytest.fixture
def coach() -> str:
    # Written before the browser starts (see the phone fixture).
    for slug in ("lrb6", "gdbbl"):
        edition_load(edition_read(slug))
    get_user_model().objects.create_user("rookie", "rookie@dugout.example", PASSWORD)
    return "rookie"


def test_a_new_coach_builds_an_orc_team_after_a_refusal(
    live_server, coach: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    page.goto(live_server.url + "/teams/new/?ruleset=lrb6&race=orc")
    page.get_by_label("Team name").fill("Gouged Eye")
    for position, count in (("Lineman", 5), ("Blitzer", 4), ("Thrower", 3)):
        page.get_by_label(f"How many {position}", exact=True).fill(str(count))
    page.get_by_label("Re-rolls").fill("2")
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
    page.get_by_role("button", name="Create the team").click()
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
    page.goto(live_server.url + "/teams/new/?ruleset=gdbbl&race=dwarf")
    page.get_by_label("Team name").fill("Grudgebearers")
    page.get_by_label("How many Long Beard", exact=True).fill("11")
    page.get_by_label("Alchemist").fill("1")
    page.get_by_label("Fan factor").fill("1")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_text("Grudgebearers is ready")).to_be_visible()
    block = page.locator(".team-block")
    # 11 x 70,000 + 10,000 (fan factor 1) + 150,000 (alchemist) = 930,000 -> rating 93
    expect(block).to_contain_text("930,000 gp")
    expect(block).to_contain_text("93 (")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
