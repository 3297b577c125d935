"""Printing on a phone: the coach taps "Download PDF", watches a real worker draw the sheet,
and gets the file; a second tap hands over the stored sheet at once."""

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
from tests.browser.conftest import Phone
from tests.browser.steps import log_in
from tests.teams.helpers import orc_team
from tests.teams.sheet_helpers import pdf_text

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
    pytest.mark.postgres,  # the worker reads the test database
    pytest.mark.django_db(transaction=True),
]

PASSWORD = "print-it-out-1"


@pytest.fixture
def team_and_worker(worker_factory, settings) -> int:
    # Written before the browser starts (see the phone fixture).
    edition_load(edition_read("lrb6"))
    coach = get_user_model().objects.create_user("varag", password=PASSWORD)
    team = orc_team(coach, version_get("lrb6"))
    # Each render waits 2 s, so the progress is there to see.
    worker = worker_factory(ROSTER_SHEET_RENDER_DELAY="2")
    settings.ROSTER_SHEET_QUEUE = worker.queue
    return team.pk


def test_a_coach_downloads_the_roster_sheet(live_server, team_and_worker, phone: Phone) -> None:
    page = phone.page
    log_in(page, live_server.url, "varag", PASSWORD)
    page.goto(f"{live_server.url}/teams/{team_and_worker}/")
    page.get_by_label("Paper").select_option("letter")
    with page.expect_download(timeout=60_000) as first:
        page.get_by_role("button", name="Download PDF").click()
        expect(page.get_by_role("status")).to_contain_text("the sheet")
        assert phone.horizontal_overflow() == 0
    download = first.value
    assert download.suggested_filename == "gouged-eye-roster-letter.pdf"
    text = pdf_text(Path(download.path()).read_bytes())
    assert "TOTAL VALUE OF TEAM 930,000 gp" in text
    assert "US Letter" in text

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # it is closed at the end, or PostgreSQL cannot drop the test database after the run.
    try:
        drawn = RosterSheet.objects.get(team_id=team_and_worker)
        second = download_again(page, live_server.url, team_and_worker)
        # The stored sheet, handed over as it was: no second render, no second row.
        again = RosterSheet.objects.get(team_id=team_and_worker)
        assert (again.pk, again.attempts, again.finished_at) == (drawn.pk, 1, drawn.finished_at)
        assert Path(second.path()).read_bytes() == bytes(drawn.pdf)
    finally:
        connections.close_all()
    assert phone.aborted == []


def download_again(page, url: str, team: int):
    page.goto(f"{url}/teams/{team}/")
    page.get_by_label("Paper").select_option("letter")
    with page.expect_download(timeout=10_000) as second:
        page.get_by_role("button", name="Download PDF").click()
    assert second.value.suggested_filename == "gouged-eye-roster-letter.pdf"
    return second.value
