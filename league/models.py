"""The leagues coaches play in: commissioners, membership, seasons, rounds and
fixtures. A league is perpetual: teams join whenever and carry everything they are from one
season to the next, so nothing here copies or changes a team."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone

from league.setting_checks import DICE_SOURCES, REPORTS_APPLY, offered
from matches.models import FORFEIT, REVERTED


def _default_tie_breakers() -> list[str]:
    """The one order every league started with before the defaults depended on the ruleset.
    Migration 0001 names this function, so it stays, frozen."""
    return [
        "points",
        "head_to_head",
        "touchdown_difference",
        "casualty_difference",
        "touchdowns_scored",
        "fewest_games_played",
    ]


class ScoringColumns(models.Model):
    """How results count: points for a win, draw and loss, bonus points and tie-breakers in
    order. A league's are for its next season; a season keeps its own."""

    points_win = models.SmallIntegerField(default=3)
    points_draw = models.SmallIntegerField(default=1)
    points_loss = models.SmallIntegerField(default=0)
    bonus_three_touchdowns = models.PositiveSmallIntegerField(default=0)
    bonus_three_casualties = models.PositiveSmallIntegerField(default=0)
    bonus_clean_sheet = models.PositiveSmallIntegerField(default=0)
    tie_breakers = models.JSONField(default=list)

    class Meta:
        abstract = True


class League(ScoringColumns):
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    ruleset_version = models.ForeignKey(
        "rules.RulesetVersion", on_delete=models.PROTECT, related_name="leagues"
    )
    public = models.BooleanField(default=True, help_text="Anyone may browse a public league.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    commissioners = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Commissioner",
        through_fields=("league", "user"),
        related_name="commissioned_leagues",
    )
    # League settings (league.setting_checks explains and checks each one); the scoring is
    # ScoringColumns'. Saved empty, a league's tie-breakers are its ruleset's own (see save).
    dice_sources = models.CharField(
        max_length=10, default="both", choices=[(c.key, c.label) for c in DICE_SOURCES]
    )
    reports_apply = models.CharField(
        max_length=12, default="at_once", choices=[(c.key, c.label) for c in REPORTS_APPLY]
    )
    forfeit_winner_touchdowns = models.PositiveSmallIntegerField(default=2)
    forfeit_loser_touchdowns = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        # The default tie-breakers depend on the ruleset (a Blitz Bowl league ranks by score
        # difference, a league without casualty records never by casualties), which a field
        # default cannot see.
        if not self.tie_breakers:
            self.tie_breakers = offered(self.ruleset_version.system).default_tie_breakers
        super().save(*args, **kwargs)


class Commissioner(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="commissioner_rows")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["added_at", "pk"]  # the creator first
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="a_commissioner_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} commissions {self.league}"


class Membership(models.Model):
    STATUSES = [
        ("pending", "waiting for a commissioner"),
        ("approved", "member"),
        ("refused", "refused"),
        ("left", "left the league"),
        ("retired", "retired"),
    ]
    OPEN = ("pending", "approved")

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="memberships")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="memberships")
    status = models.CharField(max_length=10, choices=STATUSES, default="pending")
    reason = models.TextField(blank=True, max_length=500, help_text="Why it was refused or ended.")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "pk"]
        constraints = [
            # A team plays in one league at a time (or waits to join one).
            models.UniqueConstraint(
                fields=["team"],
                condition=models.Q(status__in=("pending", "approved")),
                name="one_league_at_a_time",
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.league} ({self.get_status_display()})"


class InvitationQuerySet(models.QuerySet):
    def open(self) -> InvitationQuerySet:
        """Neither withdrawn nor accepted, with the names a page shows. An expired one stays
        open, shown as expired, until the coach is invited again (league.invitations)."""
        return self.filter(withdrawn_at__isnull=True, accepted_at__isnull=True).select_related(
            "coach", "invited_by"
        )

    def standing(self) -> InvitationQuerySet:
        """Open and not expired: the invitations that show a coach a private league."""
        return self.open().filter(expires_at__gt=timezone.now())


class Invitation(models.Model):
    """A commissioner's invitation to a coach to enter a team (league.invitations)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    # Withdrawn by a commissioner, or closed as of its expiry when the coach is invited again.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    accepted_at = models.DateTimeField(null=True, blank=True)  # one of his teams asked to join

    objects = InvitationQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "coach"],
                condition=models.Q(withdrawn_at__isnull=True, accepted_at__isnull=True),
                name="one_open_invitation",
            )
        ]

    def __str__(self) -> str:
        return f"{self.coach} invited to {self.league}"

    @property
    def is_expired(self) -> bool:
        return self.expires_at <= timezone.now()


class Season(ScoringColumns):
    FORMATS = [
        ("round_robin", "round robin"),
        ("double_round_robin", "double round robin (home and away)"),
        ("open", "open play"),
    ]
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)
    format = models.CharField(max_length=20, choices=FORMATS)
    teams = models.ManyToManyField("teams.Team", related_name="seasons", blank=True)
    seed = models.CharField(max_length=32, help_text="Draws the order of the round robin.")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Its scoring (ScoringColumns) is the league's as it stood when the season started
    # (season_start copies it): a change to the league's counts from the next season and
    # never rewrites a table.

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="a_season_number_once"),
            models.UniqueConstraint(
                fields=["league"],
                condition=models.Q(finished_at__isnull=True),
                name="one_current_season",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    deadline = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["season", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="a_round_number_once")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Fixture(models.Model):
    """A pairing of the season's schedule. Its match (none for a bye) is the one record of
    what happened: the fixture reads status and score from it."""

    STATUSES = [("scheduled", "to play"), ("played", "played"), ("forfeit", "forfeit"),
                ("void", "reverted: counts for nothing")]  # fmt: skip

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="fixtures")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.CASCADE, related_name="fixtures"
    )  # null in open play
    home = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey(
        "teams.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )  # null: the home team has a bye
    match = models.OneToOneField(
        "matches.Match", null=True, blank=True, on_delete=models.PROTECT, related_name="fixture"
    )  # null for a bye
    deadline = models.DateField(
        null=True, blank=True, help_text="Set when rescheduled; otherwise the round's deadline."
    )
    rescheduled_reason = models.TextField(blank=True, max_length=500)
    arranged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["season", "round__number", "pk"]

    def __str__(self) -> str:
        return f"{self.home} v {self.away}" if self.away_id else f"{self.home}: bye"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def status(self) -> str:
        """scheduled until the match's result stands, then played (or forfeit); void once
        its report was reverted (nobody plays it again)."""
        if self.match is not None and self.match.status == REVERTED:
            return "void"
        if self.match is None or not self.match.is_decided:
            return "scheduled"
        return "forfeit" if self.match.status == FORFEIT else "played"

    def get_status_display(self) -> str:
        return dict(self.STATUSES)[self.status]

    @property
    def forfeited_by(self):
        return self.match.forfeited_by if self.status == "forfeit" else None

    @property
    def forfeited_by_id(self) -> int | None:
        return self.match.forfeited_by_id if self.status == "forfeit" else None

    def _touchdowns(self, side: str) -> int | None:
        if self.status == "scheduled":
            return None
        return getattr(self.match.report, f"{side}_touchdowns")

    @property
    def home_touchdowns(self) -> int | None:
        return self._touchdowns("home")

    @property
    def away_touchdowns(self) -> int | None:
        return self._touchdowns("away")

    def _points(self, side: str) -> int | None:
        """Blitz Bowl's score (touchdowns are only part of it); None elsewhere, and for a
        forfeit, which records touchdowns only."""
        if self.status != "played":
            return None
        return getattr(self.match.report, f"{side}_points")

    @property
    def home_points(self) -> int | None:
        return self._points("home")

    @property
    def away_points(self) -> int | None:
        return self._points("away")

    @property
    def due(self) -> datetime.date | None:
        """The date it must be played by: its own if rescheduled, else its round's."""
        if self.deadline is not None:
            return self.deadline
        return self.round.deadline if self.round_id else None

    def is_overdue(self, today: datetime.date) -> bool:
        due = self.due
        return self.status == "scheduled" and not self.is_bye and due is not None and due < today


class Standing(models.Model):
    """A team's line of a season's table, kept up to date in the transaction that makes a
    result stand (league.standings), so reading a table never adds up matches. `manage.py
    standings_check` proves every row equal to the matches."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    played = models.PositiveSmallIntegerField(default=0)
    won = models.PositiveSmallIntegerField(default=0)
    drawn = models.PositiveSmallIntegerField(default=0)
    lost = models.PositiveSmallIntegerField(default=0)
    touchdowns_for = models.PositiveIntegerField(default=0)
    touchdowns_against = models.PositiveIntegerField(default=0)
    casualties_for = models.PositiveIntegerField(default=0)
    casualties_against = models.PositiveIntegerField(default=0)
    score_for = models.PositiveIntegerField(default=0)  # Blitz Bowl's points
    score_against = models.PositiveIntegerField(default=0)
    bonus = models.IntegerField(default=0)
    points = models.IntegerField(default=0)
    form = models.CharField(max_length=5, blank=True, help_text="The last five, oldest first.")
    # Its place in the ranked table, kept with the figures (ranking a thousand teams with
    # head-to-head is work for the write, not for every reader).
    place = models.PositiveIntegerField(default=0, help_text="1, 2, 3 … down the table.")
    position = models.PositiveIntegerField(default=0, help_text="Shared by level teams.")
    separated_by = models.CharField(
        max_length=24, blank=True, help_text="The tie-breaker that put it below the team above."
    )
    level = models.BooleanField(default=False, help_text="Level with the team above.")
    restarted = models.BooleanField(
        default=False, help_text="Ranked again from the first tie-breaker after head-to-head."
    )

    class Meta:
        ordering = ["season", "place", "team"]
        constraints = [
            models.UniqueConstraint(fields=["season", "team"], name="a_standing_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.season}: {self.points} points"


class SeasonTable(models.Model):
    """The season's ranked table as one value, names included: a row per team, in its place
    (league.standings.TABLE_FIELDS), so a thousand-team table is one row read, not a thousand
    rows joined to their teams and coaches. Rewritten whenever the season is ranked (a result
    stands, a team is renamed, a coach's name changes); `standings_check` proves it equal to
    the rows."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="kept_table"
    )
    rows = models.JSONField(default=list)
    # New with every write: a process keeps the table it read last with its stamp, and reads
    # the rows again only when the stamp has changed (league.tables.season_table).
    stamp = models.CharField(max_length=32, default="")

    def __str__(self) -> str:
        return f"The table of {self.season}"
