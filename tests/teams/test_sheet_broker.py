"""Roster sheets while the broker is down: noticed at once, said plainly on the sheet's page,
and the request kept, to be sent again as soon as the broker answers."""

from __future__ import annotations

import time

import pytest
from celery import Celery
from django.test import Client

from teams import sheets
from teams.models import RosterSheet
from teams.sheets import BROKER_DOWN, sheet_find, sheet_request
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db
CLOSED_PORT = "redis://127.0.0.1:9/0"  # the discard port: nothing listens there


@pytest.fixture
def team(coach, lrb6):
    return orc_team(coach, lrb6)


@pytest.fixture
def broker(monkeypatch):
    """A broker the test turns off and on; while it is on, renders run eagerly (no PDF)."""
    from teams.tasks import roster_sheet_render

    state = {"up": False, "sent": 0}
    real = roster_sheet_render.apply_async

    def apply_async(*args, **kwargs):
        if not state["up"]:
            raise ConnectionRefusedError("Error 111 connecting to 127.0.0.1:6379.")
        state["sent"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(roster_sheet_render, "apply_async", apply_async)
    monkeypatch.setattr(sheets, "sheet_pdf", lambda html: b"%PDF-1.7 test")
    return state


def test_a_sheet_asked_for_while_the_broker_is_down_says_so(
    team, broker, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        sheet = sheet_request(team, "a4")
    sheet.refresh_from_db()
    assert (sheet.status, sheet.reason) == ("queued", BROKER_DOWN)
    client = Client()
    client.force_login(team.coach)
    page = client.get(f"/teams/{team.pk}/roster-sheet/{sheet.pk}/").content.decode()
    assert "Sheets cannot be drawn right now" in page
    assert "will be drawn as soon as it is back" in page


def test_the_next_look_after_the_broker_returns_sends_it_and_it_is_drawn(
    team, broker, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        sheet = sheet_request(team, "a4")
    with django_capture_on_commit_callbacks(execute=True):
        sheet_find(team, "a4")  # still down: tried again, still kept
    assert broker["sent"] == 0
    broker["up"] = True
    with django_capture_on_commit_callbacks(execute=True):
        sheet_find(team, "a4")
    sheet.refresh_from_db()
    assert (sheet.status, sheet.reason, broker["sent"]) == ("done", "", 1)
    assert RosterSheet.objects.count() == 1


def test_a_closed_broker_port_fails_a_send_at_once_instead_of_retrying() -> None:
    from django.conf import settings

    assert settings.CELERY_TASK_PUBLISH_RETRY is False
    probe = Celery("probe", set_as_current=False)  # the project's own app stays current
    probe.config_from_object("django.conf:settings", namespace="CELERY")
    # The write URL: Celery prefers a CELERY_BROKER_URL in the environment (CI sets one) to
    # any broker_url in its configuration, but not to this.
    probe.conf.update(broker_write_url=CLOSED_PORT, task_always_eager=False)
    started = time.monotonic()
    with pytest.raises(Exception, match=r"(?i)connect|refused"):
        probe.send_task("teams.tasks.roster_sheet_render", args=(1,))
    # Before, Celery's publish retries held each request about 20 s; a generous bound.
    assert time.monotonic() - started < 5
