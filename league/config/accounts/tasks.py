"""Mail about a coach's account, sent by a worker after the request has committed."""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.urls import reverse

from league.config.accounts.links import link_token
from league.config.accounts.models import EmailVerification

log = logging.getLogger(__name__)


@shared_task
def verification_mail(verification_pk: int) -> str:
    """The link, or, if another coach has verified the address, word of that instead: only
    the address's owner reads it, so nobody else learns whose address it is."""
    verification = (
        EmailVerification.objects.select_related("user").filter(pk=verification_pk).first()
    )
    if verification is None:
        return "gone"
    coach = verification.user.username
    owner = verification.owner()
    if owner is not None:
        reset = settings.SITE_URL + reverse("password_reset")
        body = (
            f"Someone asked Dugout to use this address for the account {coach}.\n\n"
            f"This address already belongs to the Dugout account {owner.username}, so it "
            "cannot be used for a second one and nothing was changed.\n\n"
            f"If that was you and you cannot log in, set a new password here: {reset}\n"
        )
        send_mail("Dugout: this address already has an account", body, None, [verification.email])
        return "taken"
    link = settings.SITE_URL + reverse("verify_email", args=[link_token(verification)])
    hours = settings.EMAIL_VERIFICATION_HOURS
    body = (
        f"Someone, hopefully you, gave this address to Dugout for the account {coach}.\n\n"
        f"Open this link to confirm it is yours:\n\n{link}\n\n"
        f"The link works once, for {hours} hours, and only for this address. If it was not "
        "you, ignore this mail: nothing is sent here until the link is opened.\n"
    )
    send_mail("Dugout: confirm your e-mail address", body, None, [verification.email])
    return "sent"


@shared_task
def address_changed_mail(user_pk: int, previous: str) -> str:
    """The old address hears that it is no longer the account's."""
    user = get_user_model().objects.filter(pk=user_pk).first()
    if user is None:
        return "gone"
    body = (
        f"The Dugout account {user.username} now uses another e-mail address, "
        "confirmed from a link mailed there. Dugout will not mail this address again.\n\n"
        "If you did not change it, your account may be in someone else's hands: write to the "
        "site's admins.\n"
    )
    send_mail("Dugout: your e-mail address was changed", body, None, [previous])
    return "sent"
