"""Mailing notices, on a worker (eagerly, in the request's process, with no broker)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from league.notices.models import Notice

log = logging.getLogger(__name__)
BATCH = 50


@shared_task
def notices_mail() -> int:
    """Mails every notice that waits, each once: a row is taken locked (another worker skips
    it) and marked mailed in the transaction that sent it. A mail server that fails leaves
    the rest waiting for the next call. Answers how many were mailed."""
    sent = 0
    while True:
        with transaction.atomic():
            batch = list(
                Notice.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(mail=True, mailed_at__isnull=True)
                .select_related("user")
                .order_by("pk")[:BATCH]
            )
            if not batch:
                return sent
            for notice in batch:
                try:
                    send_mail(f"Dugout: {notice.title}", _body(notice), None, [notice.user.email])
                except OSError:
                    log.warning("Could not mail notice %s: it waits for the next try", notice.pk)
                    return sent
                notice.mailed_at = timezone.now()
                notice.save(update_fields=["mailed_at"])
                sent += 1


def _body(notice: Notice) -> str:
    choices = settings.SITE_URL + reverse("notices:list")
    parts = [notice.body.strip(), settings.SITE_URL + notice.link]
    return "\n\n".join(p for p in parts if p) + (
        f"\n\n--\nChoose which notices Dugout mails you: {choices}\n"
    )
