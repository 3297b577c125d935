"""The coach. It lives in the wiring, not in the leagues domain, so teams and matches
(and their migrations) depend on who a coach is without depending on leagues."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from knox.models import AbstractAuthToken


class User(AbstractUser):
    """A coach. Every user of Dugout is a coach; commissioners are coaches with a league.

    `email` is the address he gave; Dugout mails it only once `email_verified` (he opened the
    link mailed to it). A verified address belongs to one coach: a second coach may give it
    but never verify it (league.config.accounts.verification says how no one learns that)."""

    # Defaults in the database too, so rows written by older code (the data migrations' own
    # models, made before these fields) still get them.
    display_name = models.CharField(
        max_length=60, blank=True, default="", db_default="",
        help_text="Shown beside the username; optional.",
    )  # fmt: skip
    time_zone = models.CharField(
        max_length=64, default="UTC", db_default="UTC", help_text="Dates and times are shown in it."
    )
    email_verified = models.BooleanField(default=False, db_default=False)

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=models.Q(email_verified=True),
                name="a_verified_address_once",
            )
        ]

    def __str__(self) -> str:
        return self.username

    def save(self, *args, **kwargs) -> None:
        # A new password ends every API token (set_password leaves the raw one in _password
        # until the save), so a token taken with an old password dies with it.
        password_changed = self._password is not None and self.pk is not None
        super().save(*args, **kwargs)
        if password_changed:
            self.auth_token_set.all().delete()


class ApiToken(AbstractAuthToken):
    """A named API token (django-rest-knox's, KNOX_TOKEN_MODEL): the secret is shown once
    when made and only its SHA-512 digest is kept. `number` names it in addresses, as the
    digest (its primary key) should never leave the server."""

    number = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=60)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"


class EmailVerification(models.Model):
    """One mailed link: for this coach and this address, usable once, until it expires
    (settings.EMAIL_VERIFICATION_HOURS). Rows also count the mails for the re-send limit."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_verifications"
    )
    email = models.EmailField()
    sent_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-sent_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.email} for {self.user}"

    def owner(self):
        """Another coach who has verified this address already, if one has: then it cannot
        be verified for this one."""
        others = User.objects.exclude(pk=self.user_id)
        return others.filter(email__iexact=self.email, email_verified=True).first()
