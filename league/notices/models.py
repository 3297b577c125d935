"""A notice: one coach told one thing, kept until he reads it, mailed if he chose so."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.notices.kinds import KINDS


class Notice(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices"
    )
    kind = models.CharField(max_length=24, choices=[(k, kind.label) for k, kind in KINDS.items()])
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    link = models.CharField(max_length=200, help_text="The path of what it is about.")
    league = models.ForeignKey(
        "league.League", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    key = models.CharField(max_length=120, help_text="The event it tells of.")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # Decided when it is raised (his choice for the kind, a confirmed address): a choice
    # changed later does not mail, or unmail, what is already kept.
    mail = models.BooleanField(default=False)
    mailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # The same event twice (a double click, a retried request) tells him once.
            models.UniqueConstraint(fields=["user", "kind", "key"], name="a_notice_once")
        ]
        indexes = [
            models.Index(fields=["user", "read_at"], name="notices_unread"),
            models.Index(
                fields=["created_at"],
                condition=models.Q(mail=True, mailed_at__isnull=True),
                name="notices_to_mail",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} (to {self.user})"


class MailChoice(models.Model):
    """A kind he chose not to have mailed (or, for a kind not mailed by default, to have)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=24)
    mail = models.BooleanField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="a_mail_choice_once")]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind} {'mailed' if self.mail else 'not mailed'}"
