"""Names and numbers and the buy form on a phone: an Orc coach renames and renumbers a player
on the roster page, then opens the buy form, which shows the chosen kind's fields only and
offers an Orc team no Necromancer."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from tests.browser.conftest import Phone, log_in
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "waaagh-waaagh-1"


@pytest.fixture
def orcs() -> int:
    # Written before the browser starts (see the phone fixture). A transactional test starts
    # from an empty database: the bundled rules are loaded again.
    edition_load(edition_read("lrb6"))
    coach = get_user_model().objects.create_user("grimgor", password=PASSWORD)
    return orc_team(coach, version_get("lrb6")).pk


def test_a_coach_renames_a_player_and_buys_only_what_an_orc_team_may(
    live_server, orcs: int, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, "grimgor", PASSWORD)
    page.goto(f"{live_server.url}/teams/{orcs}/")

    # Rename and renumber Lineman 1: #1 Lineman 1 is now #42 Ug the Unready.
    page.get_by_text("Rename or renumber players").click()
    page.get_by_label("Name of Lineman 1", exact=True).fill("Ug the Unready")
    page.get_by_label("Number of Lineman 1", exact=True).fill("42")
    assert phone.horizontal_overflow() == 0
    page.get_by_role("button", name="Save the name and number of Lineman 1", exact=True).click()
    expect(page.get_by_text("#1 Lineman 1 is now #42 Ug the Unready.")).to_be_visible()
    row = page.locator("table.roster tbody tr", has_text="Ug the Unready")
    expect(row).to_have_count(1)
    expect(row.locator("td").first).to_have_text("42")

    # The buy form: the player's fields for a player, the staff select for staff only.
    form = page.locator("form.buy-form")
    page.get_by_label("What").select_option("player")
    expect(form.get_by_label("Position (for a player)")).to_be_visible()
    expect(form.get_by_label("New players' names, one per line (optional)")).to_be_visible()
    expect(form.get_by_label("Staff (for staff)")).to_be_hidden()
    expect(form.locator("fieldset.buy-kind:visible")).to_have_count(1)
    page.get_by_label("What").select_option("staff")
    expect(form.get_by_label("Staff (for staff)")).to_be_visible()
    expect(form.get_by_label("Position (for a player)")).to_be_hidden()
    staff = form.get_by_label("Staff (for staff)").locator("option").all_inner_texts()
    assert not any("Necromancer" in option for option in staff), staff
    assert any("Cheerleader" in option for option in staff), staff
    assert phone.horizontal_overflow() == 0

    # A cheerleader (10,000 of the 70,000 gp): the hidden player fields are not sent.
    page.get_by_label("Staff (for staff)").select_option("cheerleader")
    page.get_by_role("button", name="Buy").click()
    expect(page.get_by_text("Bought 1 × cheerleader for 10,000 gp.")).to_be_visible()
    assert phone.aborted == []
