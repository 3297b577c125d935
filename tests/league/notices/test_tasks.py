"""Mailing what waits: each notice once, and what a failing mail server leaves, later."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command

from league.notices import services
from league.notices.models import Notice
from league.notices.tasks import notices_mail
from rules.plumbing.notices import notice

pytestmark = pytest.mark.django_db


def kept(to, key: str) -> None:
    notice("season_started", to, "Season 2 of the Old World Classic starts", "", "/leagues/1/",
           key=key)  # fmt: skip


def test_it_mails_every_notice_that_waits_once(varag, griff) -> None:
    kept([varag, griff], "season:1")
    assert notices_mail() == 2
    assert sorted(sent.to[0] for sent in mail.outbox) == [
        "griff@dugout.example", "varag@dugout.example"
    ]  # fmt: skip
    assert notices_mail() == 0
    assert len(mail.outbox) == 2


def test_a_failing_mail_server_leaves_the_rest_waiting(varag, griff, monkeypatch) -> None:
    kept([varag, griff], "season:1")
    calls = []

    def flaky(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise ConnectionRefusedError("the mail server went away")

    monkeypatch.setattr("league.notices.tasks.send_mail", flaky)
    assert notices_mail() == 1
    assert Notice.objects.filter(mailed_at__isnull=True).count() == 1
    monkeypatch.undo()
    assert notices_mail() == 1
    assert not Notice.objects.filter(mailed_at__isnull=True).exists()


def test_a_broker_that_is_down_loses_no_notice(varag, monkeypatch, caplog) -> None:
    """The request that raised it goes on; the notice waits, and the next call mails it."""

    def down(*args, **kwargs):
        raise OSError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    kept([varag], "season:1")
    monkeypatch.setattr("league.notices.tasks.notices_mail.delay", down)
    services.mail_soon()
    assert "Could not ask a worker to mail notices" in caplog.text
    assert Notice.objects.get().mailed_at is None
    monkeypatch.undo()
    services.mail_soon()  # eager here, as with no broker: the waiting notice goes now
    assert [sent.to for sent in mail.outbox] == [["varag@dugout.example"]]


def test_more_than_a_batch_is_mailed_in_one_call(varag) -> None:
    for number in range(120):
        kept([varag], f"season:{number}")
    assert notices_mail() == 120


def test_a_notice_not_to_be_mailed_is_never_mailed(users) -> None:
    morg = users.create_user("morg", "", "kick-off-5")
    kept([morg], "season:1")
    assert notices_mail() == 0


def test_the_command_mails_what_waits(varag) -> None:
    kept([varag], "season:1")
    out = StringIO()
    call_command("notices_mail", stdout=out)
    assert out.getvalue().strip() == "1 notice mailed."
    call_command("notices_mail", stdout=out)
    assert out.getvalue().strip().endswith("0 notices mailed.")
