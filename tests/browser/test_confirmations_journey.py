"""On a phone, what cannot be taken back asks first, and a drawn sheet comes at once: the
coach taps "fire", reads what follows, confirms and sees the player gone; he downloads his
roster sheet, and downloads it again, the second tap handing over the stored file at once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import (
    fire,
    fire_asked,
    log_in,
    orcs_create,
    roster_open,
    sheet_download_twice,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "think-twice-1"


@pytest.fixture
def orcs() -> int:
    # Written before the browser starts (see the phone fixture).
    return orcs_create("varag", PASSWORD).pk  # team value 930,000; treasury 70,000


def test_a_coach_fires_a_player_through_the_confirmation(live_server, orcs, phone: Phone):
    page = phone.page
    log_in(page, live_server.url, "varag", PASSWORD)
    roster = roster_open(page, live_server.url, orcs)
    fire_asked(page, "Blitzer 6", 6, "80,000")
    # Not yet: going back leaves him on the team.
    page.get_by_role("link", name="No, keep him").click()
    expect(page).to_have_url(roster)
    expect(page.get_by_role("button", name="Fire Blitzer 6")).to_be_visible()

    fire(page, "Blitzer 6", 6, "80,000")
    expect(page.locator(".team-block")).to_contain_text("850,000 gp")  # 930,000 - 80,000
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_a_drawn_sheet_is_handed_over_at_once(live_server, orcs, phone: Phone):
    page = phone.page
    log_in(page, live_server.url, "varag", PASSWORD)
    roster = roster_open(page, live_server.url, orcs)
    sheet_download_twice(page, roster, orcs, "gouged-eye-roster-a4.pdf")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
