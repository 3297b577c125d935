"""Proving an address is the coach's: a signed link mailed to it, which works once, only for
that address, for EMAIL_VERIFICATION_HOURS; re-sends throttled.

What an unverified coach may do: everything a coach does (build teams, play, report, run
leagues); Dugout only never mails him, and a password reset never goes to his address.

Addresses: a verified address belongs to one coach (a database constraint). Anyone may give
any address, and the page answers alike whatever the address: "we mailed a link". If another
coach has verified it, the mail says so to the address's owner instead of carrying a link, so
only he learns that someone tried it, and the new account stays unverified."""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.config.accounts.links import link_read
from league.config.accounts.models import EmailVerification
from league.config.accounts.tasks import address_changed_mail, verification_mail

log = logging.getLogger(__name__)


class VerificationRefused(Exception):
    """Why an address cannot be sent a link, or a link cannot verify one; `status` is the
    answer's HTTP status (429 for too many mails)."""

    def __init__(self, field: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Verified:
    user: object
    email: str
    previous: str  # the verified address it replaced, told of the change; "" if none


def address(text: str) -> str:
    """The address as typed, checked and with its domain in lower case."""
    email = BaseUserManager.normalize_email(text.strip())
    if not email:
        raise VerificationRefused("email", "Give an e-mail address: Dugout mails you there.")
    try:
        validate_email(email)
    except ValidationError as invalid:
        raise VerificationRefused("email", f"{email!r} is not an e-mail address.") from invalid
    return email


def verification_send(user, email: str) -> EmailVerification:
    """Mails a link for `email` (after the commit, by a Celery task). An unverified coach's
    address is replaced at once; a verified one stays until the new one is verified."""
    email = address(email)
    now = timezone.now()
    _throttle(user, now)
    with transaction.atomic():
        coach = get_user_model().objects.select_for_update().get(pk=user.pk)
        if not coach.email_verified and coach.email != email:
            coach.email = user.email = email
            coach.save(update_fields=["email"])
        verification = EmailVerification.objects.create(user=coach, email=email)
    transaction.on_commit(lambda: _queue(verification_mail, verification.pk))
    return verification


def _throttle(user, now: datetime.datetime) -> None:
    day = list(
        user.email_verifications.filter(sent_at__gte=now - datetime.timedelta(days=1))
        .order_by("-sent_at")
        .values_list("sent_at", flat=True)
    )
    step = datetime.timedelta(seconds=settings.EMAIL_RESEND_SECONDS)
    if day and now - day[0] < step:
        wait = int((day[0] + step - now).total_seconds()) + 1
        message = f"A link went out a moment ago: ask again in {wait} seconds."
        raise VerificationRefused("email", message, status=429)
    if len(day) >= settings.EMAIL_RESEND_PER_DAY:
        message = (
            f"Dugout mails you at most {settings.EMAIL_RESEND_PER_DAY} links a day: "
            "ask again tomorrow, or look for the last one (and in your spam folder)."
        )
        raise VerificationRefused("email", message, status=429)


def pending(user) -> EmailVerification | None:
    """The link that still waits to be opened, for the address he asked for last."""
    latest = user.email_verifications.first()
    if latest is None or latest.used_at is not None or _expired(latest, timezone.now()):
        return None
    if user.email_verified and latest.email.lower() == user.email.lower():
        return None
    return latest


def verification_find(token: str) -> EmailVerification:
    """The mailed link's row, if the link is one Dugout signed and can still be used."""
    try:
        payload = link_read(token)
    except signing.BadSignature as bad:
        raise VerificationRefused("link", "This is not a link Dugout mailed (was it cut short?): "
                                  "ask for a new one from your profile.") from bad  # fmt: skip
    verification = (
        EmailVerification.objects.select_related("user").filter(pk=payload.get("v")).first()
    )
    if verification is None or verification.email.lower() != payload.get("e"):
        raise VerificationRefused("link", "This link is for an address no longer waiting to be "
                                  "verified: ask for a new one from your profile.")  # fmt: skip
    if verification.used_at is not None:
        raise VerificationRefused("link", "This link was used already: each link works once.")
    if _expired(verification, timezone.now()):
        hours = settings.EMAIL_VERIFICATION_HOURS
        raise VerificationRefused(
            "link", f"This link expired ({hours} hours after it was mailed): ask for a new one "
            "from your profile."
        )  # fmt: skip
    latest = verification.user.email_verifications.first()
    if latest is not None and latest.email.lower() != verification.email.lower():
        raise VerificationRefused(
            "link",
            f"This link is for {verification.email}, and you "
            f"have since asked for {latest.email}: use the newer link.",
        )
    return verification


@transaction.atomic
def verification_use(token: str) -> Verified:
    """Opens the link: its address becomes the coach's verified address."""
    verification = verification_find(token)
    user = get_user_model().objects.select_for_update().get(pk=verification.user_id)
    row = EmailVerification.objects.select_for_update().get(pk=verification.pk)
    if row.used_at is not None:  # opened twice at once: the other one won
        raise VerificationRefused("link", "This link was used already: each link works once.")
    if row.owner() is not None:
        raise VerificationRefused("link", f"{row.email} is another coach's verified address: "
                                  "it cannot be verified for a second account.")  # fmt: skip
    same = user.email.lower() == row.email.lower()
    previous = user.email if user.email_verified and not same else ""
    user.email, user.email_verified = row.email, True
    try:
        with transaction.atomic():
            user.save(update_fields=["email", "email_verified"])
    except IntegrityError as taken:  # verified for another coach a moment ago
        raise VerificationRefused(
            "link", f"{row.email} is another coach's verified address."
        ) from taken
    row.used_at = timezone.now()
    row.save(update_fields=["used_at"])
    if previous:
        transaction.on_commit(lambda: _queue(address_changed_mail, user.pk, previous))
    return Verified(user, row.email, previous)


def _expired(verification: EmailVerification, now: datetime.datetime) -> bool:
    lifetime = datetime.timedelta(hours=settings.EMAIL_VERIFICATION_HOURS)
    return now > verification.sent_at + lifetime


def _queue(task, *args) -> None:
    """Sends the mail to a worker (or, with no broker, now). A broker that is down loses
    the mail, never the request: the profile offers to send the link again."""
    try:
        task.delay(*args)
    except Exception:
        log.exception("Could not queue %s%r", task.name, args)
