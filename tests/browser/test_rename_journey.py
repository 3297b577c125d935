"""Names and numbers and the buy form on a phone: an Orc coach renames and renumbers a player
on the roster page, then opens the buy form, which shows the chosen kind's fields only and
offers an Orc team no Necromancer."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import buy_kind_pick, log_in, orcs_create, rename, roster_open

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "waaagh-waaagh-1"


@pytest.fixture
def orcs() -> int:
    # Written before the browser starts (see the phone fixture). A transactional test starts
    # from an empty database: the bundled rules are loaded again.
    return orcs_create("grimgor", PASSWORD).pk


def test_a_coach_renames_a_player_and_buys_only_what_an_orc_team_may(
    live_server, orcs: int, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, "grimgor", PASSWORD)
    roster_open(page, live_server.url, orcs)

    # Rename and renumber Lineman 1: #1 Lineman 1 is now #42 Ug the Unready.
    rename(page, "Lineman 1", "Ug the Unready", 42)
    expect(page.get_by_text("#1 Lineman 1 is now #42 Ug the Unready.")).to_be_visible()
    row = page.locator("table.roster tbody tr", has_text="Ug the Unready")
    expect(row).to_have_count(1)
    expect(row.locator("td").first).to_have_text("42")

    # The buy form: the player's fields for a player, the staff select for staff only.
    buy_kind_pick(page, "player")
    staff = buy_kind_pick(page, "staff")
    assert not any("Necromancer" in option for option in staff), staff
    assert any("Cheerleader" in option for option in staff), staff
    assert phone.horizontal_overflow() == 0

    # A cheerleader (10,000 of the 70,000 gp): the hidden player fields are not sent.
    page.get_by_label("Staff (for staff)").select_option("cheerleader")
    page.get_by_role("button", name="Buy").click()
    expect(page.get_by_text("Bought 1 × cheerleader for 10,000 gp.")).to_be_visible()
    assert phone.aborted == []
