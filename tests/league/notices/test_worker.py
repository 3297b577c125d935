"""A real worker on Redis mails the notices: the request only asks it to."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from league.notices.models import Notice
from rules.plumbing.notices import notice

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_worker_mails_the_notice_and_marks_it_mailed(worker_factory) -> None:
    coach = get_user_model().objects.create_user(
        "varag", "varag@dugout.example", "kick-off-2", email_verified=True
    )
    # The worker takes Celery's default queue, where the step's commit sends its ask.
    worker = worker_factory(queue="celery")
    notice("season_started", [coach], "Season 2 of the Old World Classic starts", "",
           "/leagues/1/", key="season:2")  # fmt: skip
    deadline = time.monotonic() + 30
    log = ""
    while time.monotonic() < deadline and "succeeded" not in log:
        time.sleep(0.2)
        log = worker.log.read_text(errors="replace")
    assert Notice.objects.get().mailed_at is not None
    # The worker's mail goes to its console (the default backend): it sent this one.
    assert "Subject: Dugout: Season 2 of the Old World Classic starts" in log
    assert "league.notices.tasks.notices_mail" in log
