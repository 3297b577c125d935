"""On a phone, what cannot be taken back asks first, and a drawn sheet comes at once: the
coach taps "fire", reads what follows, confirms and sees the player gone; he downloads his
roster sheet, and downloads it again, the second tap handing over the stored file at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import expect

from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams.models import RosterSheet
from tests.browser.conftest import Phone, log_in
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "think-twice-1"


@pytest.fixture
def orcs() -> int:
    # Written before the browser starts (see the phone fixture).
    edition_load(edition_read("lrb6"))
    coach = get_user_model().objects.create_user("varag", password=PASSWORD)
    return orc_team(coach, version_get("lrb6")).pk  # team value 930,000; treasury 70,000


def test_a_coach_fires_a_player_through_the_confirmation(live_server, orcs, phone: Phone):
    page = phone.page
    log_in(page, live_server.url, "varag", PASSWORD)
    roster = f"{live_server.url}/teams/{orcs}/"
    page.goto(roster)
    page.get_by_role("button", name="Fire Blitzer 6").click()

    expect(page.get_by_role("heading", name="Fire #6 Blitzer 6?")).to_be_visible()
    expect(page.get_by_text("His value, 80,000 gp, leaves the team value")).to_be_visible()
    expect(page.get_by_text("No gold comes back")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    # Not yet: going back leaves him on the team.
    page.get_by_role("link", name="No, keep him").click()
    expect(page.get_by_role("button", name="Fire Blitzer 6")).to_be_visible()

    page.get_by_role("button", name="Fire Blitzer 6").click()
    page.get_by_role("button", name="Yes, fire #6 Blitzer 6").click()
    expect(page).to_have_url(roster)
    expect(page.get_by_text("#6 Blitzer 6 fired.")).to_be_visible()
    expect(page.get_by_role("button", name="Fire Blitzer 6")).to_have_count(0)
    expect(page.locator(".team-block")).to_contain_text("850,000 gp")  # 930,000 - 80,000
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_a_drawn_sheet_is_handed_over_at_once(live_server, orcs, phone: Phone):
    page = phone.page
    log_in(page, live_server.url, "varag", PASSWORD)
    roster = f"{live_server.url}/teams/{orcs}/"
    page.goto(roster)
    with page.expect_download(timeout=60_000) as first:
        page.get_by_role("button", name="Download PDF").click()
    assert first.value.suggested_filename == "gouged-eye-roster-a4.pdf"
    assert Path(first.value.path()).read_bytes().startswith(b"%PDF")

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        drawn = RosterSheet.objects.get(team_id=orcs)
        page.goto(roster)
        with page.expect_download(timeout=10_000) as second:
            page.get_by_role("button", name="Download PDF").click()
        expect(page).to_have_url(roster)  # no waiting page on the way
        assert Path(second.value.path()).read_bytes() == bytes(drawn.pdf)
        again = RosterSheet.objects.get(team_id=orcs)  # found, not drawn again
        assert (again.pk, again.attempts, again.finished_at) == (drawn.pk, 1, drawn.finished_at)
    finally:
        connections.close_all()
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
