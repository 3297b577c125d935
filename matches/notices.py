"""Mail to the coach a report waits for, through Django's mail settings (printed to the
console unless the environment names a real backend). Sent after the step commits, and a
mail server that is down never undoes the step: the waiting page lists it either way."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse

from matches.models import Report

log = logging.getLogger(__name__)


def _send(user, subject: str, body: str) -> None:
    if not (getattr(user, "email", "") and getattr(user, "email_verified", False)):
        return  # no address, or one he has not confirmed: the waiting page is the notice
    try:
        send_mail(subject, body, None, [user.email])
    except OSError:
        log.warning("Could not mail %s about %r", user.email, subject)


def _link(match) -> str:
    return settings.SITE_URL + reverse("matches:detail", args=[match.pk])


def notify_submitted(match, actor) -> None:
    """The opposing coach: a report waits for his confirmation."""
    opponent = next((t for t in (match.home, match.away) if t.coach_id != actor.pk), None)
    if opponent is None:
        return  # one coach has both teams: a settler answers, from the waiting page
    _send(
        opponent.coach,
        f"Dugout: confirm the report of {match}",
        f"{actor} submitted the report of {match}.\n"
        f"Confirm it, or dispute it with a reason, here: {_link(match)}\n",
    )


def notify_dispute(match, actor, reason: str) -> None:
    """The submitting coach: his report was disputed, and why."""
    report = Report.objects.select_related("submitted_by").filter(match=match).first()
    submitter = report.submitted_by if report else None
    if submitter is None or submitter.pk == actor.pk:
        return
    _send(
        submitter,
        f"Dugout: your report of {match} is disputed",
        f"{actor} disputed your report of {match}:\n\n{reason}\n\n"
        f"Correct it and submit it again, or wait for a commissioner: {_link(match)}\n",
    )
