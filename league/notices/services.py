"""Keeping, reading and mailing notices. Written in the transaction of the change they tell
of; mailed by a worker after the commit (league.notices.tasks)."""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, QuerySet
from django.http import Http404
from django.utils import timezone

from league.models import Fixture
from league.notices.kinds import KINDS
from league.notices.models import MailChoice, Notice
from rules.plumbing.notices import NoticeAsked

log = logging.getLogger(__name__)
DESK_NOTICES = 10


def notice_write(asked: NoticeAsked) -> None:
    """Keeps the notice for each coach it concerns (once per event: a second raising of the
    same event is ignored) and, once committed, has the worker mail those who want it."""
    kind = KINDS[asked.kind]  # an unknown kind is a bug: fail loudly
    league_id = asked.league_id
    if league_id is None and asked.match_id is not None:
        league_id = (
            Fixture.objects.filter(match_id=asked.match_id)
            .values_list("season__league_id", flat=True)
            .first()
        )
    choices = dict(
        MailChoice.objects.filter(user__in=asked.to, kind=kind.key).values_list("user", "mail")
    )
    coaches = get_user_model().objects.filter(pk__in=asked.to).only("email", "email_verified")
    Notice.objects.bulk_create(
        [
            Notice(
                user=coach,
                kind=kind.key,
                title=asked.title[:200],
                body=asked.body,
                link=asked.link[:200],
                league_id=league_id,
                key=asked.key[:120],
                # Only a confirmed address is mailed (league.config.accounts).
                mail=choices.get(coach.pk, kind.mailed)
                and bool(coach.email)
                and coach.email_verified,
            )
            for coach in coaches
        ],
        ignore_conflicts=True,
    )
    transaction.on_commit(mail_soon)


def mail_soon() -> None:
    """Asks a worker to mail whatever waits. With the broker down the notices stay waiting;
    the next notice (or `manage.py notices_mail`) mails them, each once."""
    from league.notices.tasks import notices_mail

    try:
        notices_mail.delay()
    except Exception:
        log.exception("Could not ask a worker to mail notices: they wait for the next")


def notices_of(user) -> QuerySet[Notice]:
    return Notice.objects.filter(user=user).order_by("-created_at", "-pk")


def desk_notices(user) -> list[Notice]:
    """His latest notices, unread first, for his desk: one query."""
    # Unread (no read_at) first on every database: PostgreSQL sorts nulls last by default.
    unread_first = F("read_at").asc(nulls_first=True)
    return list(notices_of(user).order_by(unread_first, "-created_at", "-pk")[:DESK_NOTICES])


def unread_count(user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return Notice.objects.filter(user=user, read_at__isnull=True).count()


def notice_open(user, pk: int) -> Notice:
    """His notice, marked read; 404 for anyone else's."""
    notice = Notice.objects.filter(user=user, pk=pk).first()
    if notice is None:
        raise Http404("You have no such notice.")
    if notice.read_at is None:
        notice.read_at = timezone.now()
        notice.save(update_fields=["read_at"])
    return notice


def notices_read(user) -> int:
    """Marks all his notices read; how many were unread."""
    return Notice.objects.filter(user=user, read_at__isnull=True).update(read_at=timezone.now())


def mail_choices(user) -> dict[str, bool]:
    """Whether each kind is mailed to him: his choice, or the kind's default."""
    chosen = dict(MailChoice.objects.filter(user=user).values_list("kind", "mail"))
    return {key: chosen.get(key, kind.mailed) for key, kind in KINDS.items()}


@transaction.atomic
def mail_choices_set(user, mailed: set[str]) -> None:
    """He wants the kinds in `mailed` mailed and no others."""
    unknown = mailed - set(KINDS)
    if unknown:
        raise ValueError(f"No such kinds of notice: {sorted(unknown)}")
    MailChoice.objects.filter(user=user).delete()
    MailChoice.objects.bulk_create(
        MailChoice(user=user, kind=key, mail=key in mailed)
        for key, kind in KINDS.items()
        if (key in mailed) != kind.mailed
    )
