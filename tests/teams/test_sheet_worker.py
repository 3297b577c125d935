"""Roster sheets drawn by real Celery workers on Redis, on PostgreSQL: a worker renders a
sheet; a worker killed mid-render leaves a job that is queued again after the stale time and
finished by another worker, or failed once it has used its attempts."""

from __future__ import annotations

import time

import pytest
from django.db import connections

from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams.models import RosterSheet
from teams.sheet_worker import RENDER_ATTEMPTS
from teams.sheets import sheet_find, sheet_request
from tests.teams.helpers import orc_team
from tests.teams.sheet_helpers import pdf_text

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,  # the worker process reads the test database
    pytest.mark.django_db(transaction=True),
]

STALE_SECONDS = 3
RENDER_DELAY = "60"  # long enough to kill the worker in the middle of it


def wait_for(sheet: RosterSheet, statuses: tuple[str, ...], seconds: float) -> RosterSheet:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sheet.refresh_from_db(fields=["status", "attempts", "reason", "started_at"])
        if sheet.status in statuses:
            return sheet
        time.sleep(0.2)
    raise AssertionError(f"The sheet stayed {sheet.status!r} for {seconds} s.")


@pytest.fixture
def lrb6(db):
    """Loaded here: a transactional test empties the database after each test."""
    edition_load(edition_read("lrb6"))
    return version_get("lrb6")


@pytest.fixture
def sheets_to(settings):
    """Send renders to a given queue and count a render as abandoned after 3 s."""
    settings.ROSTER_SHEET_STALE_SECONDS = STALE_SECONDS

    def to(queue: str) -> None:
        settings.ROSTER_SHEET_QUEUE = queue

    yield to
    connections.close_all()


def test_a_real_worker_renders_a_sheet(coach, lrb6, worker_factory, sheets_to) -> None:
    worker = worker_factory()
    sheets_to(worker.queue)
    team = orc_team(coach, lrb6)
    sheet = sheet_request(team, "a4")
    sheet = wait_for(sheet, ("done", "failed"), 60)
    assert (sheet.status, sheet.attempts) == ("done", 1), worker.log.read_text()
    sheet.refresh_from_db()
    assert "TOTAL VALUE OF TEAM 930,000 gp" in pdf_text(bytes(sheet.pdf))
    assert "Task teams.tasks.roster_sheet_render[" in worker.log.read_text()


def test_a_worker_killed_mid_render_leaves_a_job_another_worker_finishes(
    coach, lrb6, worker_factory, sheets_to
) -> None:
    slow = worker_factory(ROSTER_SHEET_RENDER_DELAY=RENDER_DELAY)
    sheets_to(slow.queue)
    team = orc_team(coach, lrb6)
    sheet = wait_for(sheet_request(team, "a4"), ("rendering",), 60)
    assert sheet.attempts == 1
    slow.process.kill()  # SIGKILL in the middle of the render
    slow.process.wait(timeout=10)
    killed_at = time.monotonic()

    # Still "rendering" until the stale time has passed, then queued again on the next look.
    assert sheet_find(team, "a4").status == "rendering"
    while (found := sheet_find(team, "a4")).status == "rendering":
        assert time.monotonic() - killed_at < STALE_SECONDS + 5, "never picked up again"
        time.sleep(0.3)
    assert (found.status, found.attempts) == ("queued", 1)

    worker_factory(queue=slow.queue)  # a healthy worker on the same queue
    sheet = wait_for(sheet, ("done", "failed"), 60)
    assert (sheet.status, sheet.attempts) == ("done", 2)
    assert time.monotonic() - killed_at < 60


def test_a_killed_render_that_used_its_attempts_ends_failed(
    coach, lrb6, worker_factory, sheets_to
) -> None:
    slow = worker_factory(ROSTER_SHEET_RENDER_DELAY=RENDER_DELAY)
    sheets_to(slow.queue)
    team = orc_team(coach, lrb6)
    sheet = sheet_request(team, "a4")
    # As if it had been abandoned twice before: this is its last attempt.
    RosterSheet.objects.filter(pk=sheet.pk, status="queued").update(attempts=RENDER_ATTEMPTS - 1)
    sheet = wait_for(sheet, ("rendering",), 60)
    assert sheet.attempts == RENDER_ATTEMPTS
    slow.process.kill()
    slow.process.wait(timeout=10)
    time.sleep(STALE_SECONDS + 0.5)
    found = sheet_find(team, "a4")
    assert found.status == "failed"
    assert found.reason == (
        "The worker stopped while drawing the sheet, 3 times; ask again to retry."
    )
