"""Teams, their players and the ledger every change to them goes through.

The Team and Player rows hold the current state for fast reads; they change only together
with a LedgerEntry whose deltas explain the change (teams.services). `manage.py
ledger_check` replays every team's entries and reports any row that disagrees.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.models import Position, Race, RulesetVersion, StarPlayer


class Team(models.Model):
    name = models.CharField(max_length=80)
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams"
    )
    ruleset_version = models.ForeignKey(
        RulesetVersion, on_delete=models.PROTECT, related_name="teams"
    )
    race = models.ForeignKey(Race, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Current state: always equal to the replay of the ledger.
    treasury = models.IntegerField(default=0)
    rerolls = models.PositiveIntegerField(default=0)
    fan_factor = models.PositiveIntegerField(default=0)
    staff = models.JSONField(default=dict, blank=True, help_text="Staff key -> how many.")
    # A retired team keeps its history and can be read, never changed again.
    retired_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class PlayerQuerySet(models.QuerySet):
    def on_roster(self) -> PlayerQuerySet:
        """Players the team has or had: not those whose hiring was undone."""
        return self.exclude(status=UNDONE)


UNDONE = "undone"


class Player(models.Model):
    STATUSES = [
        ("active", "active"),
        ("missing_next_game", "misses the next game"),
        ("dead", "dead"),
        ("retired", "retired"),
        ("fired", "fired"),
        # The entry that hired him was undone: the row stays, so that the ledger's deltas
        # that name him keep meaning him, but he is on no roster.
        (UNDONE, "hiring undone"),
    ]

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    key = models.CharField(
        max_length=12, help_text="How the team's ledger names him (p1, p2, ...), for good."
    )
    # A player is either of a position of the team's race or a star player hired for good.
    position = models.ForeignKey(
        Position, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    star = models.ForeignKey(
        StarPlayer, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    status = models.CharField(max_length=20, choices=STATUSES, default="active")
    spp = models.PositiveIntegerField(default=0)
    completions = models.PositiveIntegerField(default=0)
    touchdowns = models.PositiveIntegerField(default=0)
    interceptions = models.PositiveIntegerField(default=0)
    casualties = models.PositiveIntegerField(default=0)
    mvps = models.PositiveIntegerField(default=0)
    value_increase = models.IntegerField(default=0)
    skills = models.JSONField(default=list, blank=True, help_text="Skills gained, in order.")
    changes = models.JSONField(
        default=dict, blank=True, help_text="Characteristic -> + from advancements."
    )
    injury_changes = models.JSONField(
        default=dict, blank=True, help_text="Characteristic -> - from injuries."
    )
    injuries = models.JSONField(default=list, blank=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["team", "key"], name="one_player_per_key"),
            models.CheckConstraint(
                condition=models.Q(position__isnull=False, star__isnull=True)
                | models.Q(position__isnull=True, star__isnull=False),
                name="a_position_or_a_star",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"

    @property
    def role(self) -> str:
        """What the roster's position column shows."""
        return self.star.name if self.star_id else self.position.name


class LedgerCause(models.Model):
    """Why entries were written: one purchase, one improvement roll, one choice, one
    adjustment, one undo, one match report, one rename, one report reverted or corrected.
    Every entry points at its cause, so all entries of one cause (a report touches two teams;
    a rebuild writes a cause's entry again) are found together. A cause whose row lives
    above teams (a match report) is named by `ref`, its id there, so teams never imports the
    layer that made it. `request` is what was asked, in full, so the cause can be applied again to a
    team that has changed."""

    KINDS = [
        ("creation", "team created"),
        ("purchase", "purchase"),
        ("departure", "player left"),
        ("roll", "improvement roll"),
        ("choice", "advancement chosen"),
        ("adjustment", "adjustment"),
        ("undo", "undo"),
        ("report", "match report"),
        ("rename", "renamed"),
        ("inducements", "inducements for a match"),
        ("freebooters", "freebooters for a match"),
        ("hire", "journeyman hired"),
        ("revert", "match report reverted"),
        ("reapply", "reverted match report applied again"),
        ("correct", "match report corrected"),
    ]

    kind = models.CharField(max_length=20, choices=KINDS)
    ref = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="The cause's own row elsewhere (a match report's id)."
    )
    request = models.JSONField(default=dict, blank=True, help_text="What was asked, in full.")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "ref"],
                condition=models.Q(ref__isnull=False),
                name="one_cause_per_ref",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.ref or self.pk}"


class LedgerEntry(models.Model):
    KINDS = [
        ("creation", "team created"),
        ("purchase", "purchase"),
        ("departure", "player left"),
        ("roll", "improvement roll"),
        ("advancement", "advancement"),
        ("report", "match report"),
        ("adjustment", "adjustment"),
        ("reversal", "reversal"),
        ("rename", "renamed"),
        ("inducements", "inducements for a match"),
        ("freebooters", "freebooters for a match"),
        ("hire", "journeyman hired"),
    ]

    # PROTECT: a team with a history cannot be deleted, only retired; its ledger stays.
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="ledger")
    sequence = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=KINDS)
    cause = models.ForeignKey(LedgerCause, on_delete=models.PROTECT, related_name="entries")
    summary = models.CharField(max_length=200, help_text="What happened, in words.")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    ruleset_version = models.ForeignKey(RulesetVersion, on_delete=models.PROTECT, related_name="+")
    deltas = models.JSONField()
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["team", "sequence"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.UniqueConstraint(fields=["team", "sequence"], name="one_entry_per_sequence")
        ]

    def __str__(self) -> str:
        return f"{self.team} #{self.sequence}: {self.summary}"

    def save(self, *args, **kwargs) -> None:
        # Append-only: an entry once written is never changed (undo appends a reversal).
        if self.pk is not None:
            raise ValueError("Ledger entries are append-only: append a reversal instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("Ledger entries are append-only: append a reversal instead.")


class ImprovementRoll(models.Model):
    """The two dice of one improvement roll, kept with where they came from, and the choice
    the coach made with them. Like the players' rows, these rows are the ledger's current
    state for fast reads: the ledger's roll and choice entries write them."""

    SOURCES = [("entered", "rolled at the table"), ("rolled", "rolled by the server")]

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="improvements")
    key = models.CharField(max_length=12, help_text="How the ledger names the roll (r14).")
    number = models.PositiveSmallIntegerField(help_text="1 for the player's first roll, ...")
    die1 = models.PositiveSmallIntegerField()
    die2 = models.PositiveSmallIntegerField()
    source = models.CharField(max_length=10, choices=SOURCES)
    seed = models.CharField(max_length=32, blank=True, help_text="Replays a server roll.")
    choice = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "number"]
        constraints = [models.UniqueConstraint(fields=["player", "key"], name="one_roll_per_key")]

    def __str__(self) -> str:
        return f"{self.player} roll {self.number}: {self.die1}+{self.die2}"


class RosterSheet(models.Model):
    """A printable roster sheet, rendered by a Celery worker and kept as a cache.

    One row per key: the team as of its latest ledger entry, the sheet template's version, the
    paper size and the ruleset version. Any change to the team appends a ledger entry and so
    asks for a new sheet; asking again for an unchanged team finds the stored one. The PDF
    lives in the database, so every web process and worker sees it without shared disks."""

    STATUSES = [
        ("queued", "waiting for a worker"),
        ("rendering", "rendering"),
        ("done", "ready"),
        ("failed", "failed"),
    ]
    PAPERS = [("a4", "A4"), ("letter", "US Letter")]

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster_sheets")
    ledger_head = models.PositiveIntegerField(help_text="The team's latest ledger sequence.")
    template_version = models.CharField(max_length=16)
    paper = models.CharField(max_length=6, choices=PAPERS)
    ruleset_version = models.ForeignKey(RulesetVersion, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=10, choices=STATUSES, default="queued")
    attempts = models.PositiveSmallIntegerField(default=0)
    reason = models.TextField(blank=True, help_text="Why it failed, in words.")
    pdf = models.BinaryField(null=True, blank=True)
    requested_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True, help_text="Last sent to a worker.")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "ledger_head", "template_version", "paper", "ruleset_version"],
                name="one_sheet_per_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} roster sheet ({self.get_paper_display()}, {self.status})"
