"""Raising, keeping and reading notices, and each coach's choice of what is mailed."""

from __future__ import annotations

import pytest
from django.core import mail
from django.http import Http404

from league.notices.kinds import KINDS
from league.notices.models import MailChoice, Notice
from league.notices.services import (
    desk_notices,
    mail_choices,
    mail_choices_set,
    notice_open,
    notices_read,
    unread_count,
)
from rules.plumbing.notices import notice

pytestmark = pytest.mark.django_db


def told(to, key="event:1", kind="report_submitted", actor=None, **more) -> None:
    notice(kind, to, "Confirm the report of A v B", "varag submitted it.", "/matches/1/",
           key=key, actor=actor, **more)  # fmt: skip


def test_a_notice_is_kept_for_each_coach_it_concerns(varag, griff) -> None:
    told([varag, griff])
    assert sorted(n.user.username for n in Notice.objects.all()) == ["griff", "varag"]


def test_the_coach_who_acted_is_never_told_of_his_own_step(varag, griff) -> None:
    told([varag, griff], actor=varag)
    assert [n.user for n in Notice.objects.all()] == [griff]


def test_the_same_event_raised_twice_tells_once(varag) -> None:
    """A double click, or a request retried, raises the event again: it is told once."""
    told([varag])
    told([varag])
    assert Notice.objects.count() == 1


def test_another_event_of_the_same_kind_is_told_again(varag) -> None:
    told([varag], key="event:1")
    told([varag], key="event:2")
    assert Notice.objects.count() == 2


def test_an_unknown_kind_is_a_mistake_that_fails_loudly(varag) -> None:
    with pytest.raises(KeyError):
        told([varag], kind="weather_changed")


def test_nobody_to_tell_keeps_nothing(varag) -> None:
    told([varag], actor=varag)
    told([])
    assert not Notice.objects.exists()


def test_a_notice_is_mailed_to_a_confirmed_address_by_default(
    varag, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        told([varag])
    [sent] = mail.outbox
    assert sent.to == ["varag@dugout.example"]
    assert sent.subject == "Dugout: Confirm the report of A v B"
    assert "varag submitted it." in sent.body
    assert "/matches/1/" in sent.body
    assert "Choose which notices Dugout mails you" in sent.body
    assert Notice.objects.get().mailed_at is not None


def test_an_unconfirmed_address_is_not_mailed(users, django_capture_on_commit_callbacks) -> None:
    morg = users.create_user("morg", "morg@dugout.example", "kick-off-5")
    with django_capture_on_commit_callbacks(execute=True):
        told([morg])
    assert mail.outbox == []
    assert Notice.objects.get().mail is False


def test_a_kind_he_chose_not_to_have_mailed_stays_on_his_desk(
    varag, django_capture_on_commit_callbacks
) -> None:
    mail_choices_set(varag, set(KINDS) - {"report_submitted"})
    with django_capture_on_commit_callbacks(execute=True):
        told([varag])
    assert mail.outbox == []
    assert desk_notices(varag)[0].title == "Confirm the report of A v B"


def test_a_kind_not_mailed_by_default_is_mailed_when_he_asks(
    varag, django_capture_on_commit_callbacks
) -> None:
    assert mail_choices(varag)["roll_due"] is False
    mail_choices_set(varag, {"roll_due"})
    with django_capture_on_commit_callbacks(execute=True):
        told([varag], kind="roll_due")
    assert len(mail.outbox) == 1


def test_only_choices_that_differ_from_the_defaults_are_kept(varag) -> None:
    mail_choices_set(varag, {key for key, kind in KINDS.items() if kind.mailed})
    assert not MailChoice.objects.exists()
    mail_choices_set(varag, set())
    assert MailChoice.objects.count() == sum(kind.mailed for kind in KINDS.values())


def test_it_refuses_a_kind_that_does_not_exist(varag) -> None:
    with pytest.raises(ValueError, match="weather"):
        mail_choices_set(varag, {"weather"})


def test_opening_a_notice_marks_it_read(varag) -> None:
    told([varag])
    assert unread_count(varag) == 1
    opened = notice_open(varag, Notice.objects.get().pk)
    assert opened.read_at is not None
    assert unread_count(varag) == 0


def test_nobody_opens_another_coach_s_notice(varag, griff) -> None:
    told([griff])
    with pytest.raises(Http404):
        notice_open(varag, Notice.objects.get().pk)
    assert Notice.objects.get().read_at is None


def test_marking_all_read(varag) -> None:
    for number in range(3):
        told([varag], key=f"event:{number}")
    assert notices_read(varag) == 3
    assert unread_count(varag) == 0
    assert notices_read(varag) == 0


def test_the_desk_shows_unread_first_then_the_newest(varag) -> None:
    for number in range(3):
        told([varag], key=f"event:{number}")
    first = Notice.objects.order_by("pk").first()
    notice_open(varag, Notice.objects.order_by("pk").last().pk)
    shown = desk_notices(varag)
    assert shown[-1].read_at is not None
    assert first in shown[:2]


def test_a_notice_about_a_league_knows_it(varag, league) -> None:
    told([varag], league_id=league.pk)
    assert Notice.objects.get().league == league
