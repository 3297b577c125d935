"""Roster sheets while the broker is down: noticed within a second on every path that sends a
task, said plainly on the sheet's page and in its status, and the request kept, to be sent
again as soon as the broker answers.

The tests of the whole path point CELERY_BROKER_URL, and with it the result store (the same
Redis), at a closed port and send for real: nothing is faked, and no Redis server is needed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from django.test import Client

from league.config.celery import app
from league.config.tasks import ping
from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams import sheet_worker
from teams.models import RosterSheet, Team
from teams.sheets import BROKER_DOWN, sheet_find, sheet_request
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db
CLOSED_PORT = "redis://127.0.0.1:9/0"  # the discard port: nothing listens there
# What the issue asks of a request while the broker is down. Before, Celery's result store
# retried its reconnect for about 19 s on every send.
WITHIN_SECONDS = 1.0
WAITING = "Sheets are waiting for a worker"


@pytest.fixture
def team(coach, lrb6):
    return orc_team(coach, lrb6)


def _connections() -> tuple:
    # Celery keeps its result store (per thread, unless it is thread-safe) and its broker pools
    # from first use; none of them is public.
    local = vars(app._local).get("backend")
    return app._backend_cache, local, app._pool, app.amqp._producer_pool


def _connections_set(state: tuple) -> None:
    app._backend_cache, local, app._pool, app.amqp._producer_pool = state
    if local is None:
        vars(app._local).pop("backend", None)
    else:
        app._local.backend = local


@pytest.fixture
def broker_closed(monkeypatch) -> Iterator[None]:
    """The project's own Celery app, sending for real (not eagerly) with the whole broker URL,
    broker and result store alike, at a closed port, as the settings configure it otherwise."""
    # Celery prefers these to its configuration, and CI sets the first to a live Redis.
    monkeypatch.setenv("CELERY_BROKER_URL", CLOSED_PORT)
    monkeypatch.setenv("CELERY_RESULT_BACKEND", CLOSED_PORT)
    monkeypatch.delenv("CELERY_BROKER_WRITE_URL", raising=False)
    saved, eager = _connections(), app.conf.task_always_eager
    _connections_set((None, None, None, None))  # connected afresh, to the closed port
    app.conf.task_always_eager = False
    try:
        yield
    finally:
        app.conf.task_always_eager = eager
        # The pools stay open: kombu keeps one per URL for the whole process, and a pool to a
        # closed port holds no connection.
        _connections_set(saved)


@pytest.fixture
def loaded_team(coach) -> Team:
    """For the tests that commit as a request does: a transactional test empties the database
    after it, rulesets too, so the ruleset is loaded here."""
    edition_load(edition_read("lrb6"))
    return orc_team(coach, version_get("lrb6"))


@pytest.fixture
def coach_client(loaded_team) -> Client:
    """The team's coach, logged in and answered once by the API and the pages, so that the
    timings count the send, not the first import of the views."""
    client = Client()
    client.force_login(loaded_team.coach)
    for url in (f"/api/teams/{loaded_team.pk}/", f"/teams/{loaded_team.pk}/"):
        assert client.get(url).status_code == 200
    return client


def timed(request, *args, **kwargs):
    started = time.monotonic()
    response = request(*args, **kwargs)
    return response, time.monotonic() - started


# Committed as in production (no request-wide transaction): the render is sent inside the
# request, so its time counts, and what it answers already says the broker is down.
@pytest.mark.django_db(transaction=True)
def test_a_sheet_asked_for_in_the_api_with_the_whole_broker_url_closed_answers_within_a_second(
    loaded_team, coach_client, broker_closed
) -> None:
    url = f"/api/teams/{loaded_team.pk}/roster-sheet/"
    answer, seconds = timed(coach_client.post, url, {"paper": "a4"})
    assert seconds < WITHIN_SECONDS
    assert answer.status_code == 202
    assert (answer.json()["status"], answer.json()["reason"]) == ("queued", BROKER_DOWN)
    assert BROKER_DOWN.startswith(WAITING)
    # Each look at its status sends it again; that fails as fast, and says the same.
    answer, seconds = timed(coach_client.get, url, {"paper": "a4"})
    assert seconds < WITHIN_SECONDS
    assert answer.status_code == 202
    assert (answer.json()["status"], answer.json()["reason"]) == ("queued", BROKER_DOWN)
    assert RosterSheet.objects.count() == 1  # the request is kept, once


@pytest.mark.django_db(transaction=True)
def test_a_sheet_asked_for_on_its_form_with_the_whole_broker_url_closed_answers_within_a_second(
    loaded_team, coach_client, broker_closed
) -> None:
    url = f"/teams/{loaded_team.pk}/roster-sheet/"
    answer, seconds = timed(coach_client.post, url, {"paper": "a4"})
    assert seconds < WITHIN_SECONDS
    sheet = RosterSheet.objects.get()
    assert (sheet.status, sheet.reason) == ("queued", BROKER_DOWN)
    assert answer["Location"] == f"/teams/{loaded_team.pk}/roster-sheet/{sheet.pk}/"
    # The waiting page, and the status htmx polls it for every second: each sends it again.
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        page, seconds = timed(coach_client.get, answer["Location"], **headers)
        assert seconds < WITHIN_SECONDS
        text = page.content.decode()
        assert f"<h1>{WAITING}</h1>" in text
        assert "The job queue is not answering" in text
        assert "Your request is kept" in text
        assert 'hx-trigger="every 1s"' in text  # it keeps looking, and so keeps sending


def test_any_task_sent_with_the_whole_broker_url_closed_fails_within_a_second(
    broker_closed,
) -> None:
    # Not only sheets: the settings bound every send (ping waits for its result, so Celery
    # subscribes to the result store before it sends, as it does for any such task).
    started = time.monotonic()
    with pytest.raises(Exception, match=r"(?i)connect|refused|result store"):
        ping.delay()
    assert time.monotonic() - started < WITHIN_SECONDS


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
    monkeypatch.setattr(sheet_worker, "sheet_pdf", lambda html: b"%PDF-1.7 test")
    return state


def test_the_next_look_after_the_broker_returns_sends_it_and_it_is_drawn(
    team, broker, django_capture_on_commit_callbacks
) -> None:
    # A broker switched back on cannot be had without a server, hence the stand-in above.
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
