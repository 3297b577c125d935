"""The signed value in a verification link: the mailed row and its address, signed with the
site's key under a salt of its own, so no other signed value of the site passes for one."""

from __future__ import annotations

from django.core import signing

from league.config.accounts.models import EmailVerification

SALT = "dugout.accounts.email-verification"


def link_token(verification: EmailVerification) -> str:
    return signing.dumps({"v": verification.pk, "e": verification.email.lower()}, salt=SALT)


def link_read(token: str) -> dict:
    """The signed value, or signing.BadSignature for anything Dugout did not sign so."""
    return signing.loads(token, salt=SALT)
