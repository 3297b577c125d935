"""A match between two teams, its report, the players who took part, every die it used and
every step of its workflow.

A match keeps the league policies it was made under (which dice it accepts, whether a
confirmed report waits for a commissioner), copied when it is scheduled, so matches never
reads a league."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.engine.dice import SOURCES
from rules.engine.report_entry import ACTIONS, HALVES, HELPER_NAMES, KEPT, MEANS_NAMES, WIN_TYPES

OFFERED, DECLINED, SCHEDULED, DRAFT = "offered", "declined", "scheduled", "draft"
SUBMITTED, DISPUTED, CONFIRMED, APPROVED, FORFEIT, REVERTED = (
    "submitted",
    "disputed",
    "confirmed",
    "approved",
    "forfeit",
    "reverted",  # applied, then undone by a commissioner: it counts for nothing
)
# A report may be written while the match is in one of these.
OPEN = (SCHEDULED, DRAFT, DISPUTED)


def decided(prefix: str = "") -> models.Q:
    """Matches whose result stands: approved, forfeited, or confirmed where the league does
    not wait for a commissioner (the post-game issues add "applied"). `prefix` reads it
    through a relation, e.g. "match__"."""
    return models.Q(**{f"{prefix}status__in": (APPROVED, FORFEIT)}) | models.Q(
        **{f"{prefix}status": CONFIRMED, f"{prefix}reports_apply": "at_once"}
    )


def settled(prefix: str = "") -> models.Q:
    """Matches nobody is to play any more: those whose result stands (decided), and those
    whose report was reverted (a game that counts for nothing)."""
    return decided(prefix) | models.Q(**{f"{prefix}status": REVERTED})


class Match(models.Model):
    KINDS = [("league", "league fixture"), ("friendly", "friendly")]
    STATUSES = [
        (OFFERED, "offered"),
        (DECLINED, "declined"),
        (SCHEDULED, "to play"),
        (DRAFT, "report drafted"),
        (SUBMITTED, "report submitted"),
        (DISPUTED, "report disputed"),
        (CONFIRMED, "report confirmed"),
        (APPROVED, "report approved"),
        (FORFEIT, "forfeit"),
        (REVERTED, "report reverted"),
    ]
    DICE_SOURCES = [("entered", "entered at the table"), ("rolled", "rolled by the server"),
                    ("both", "entered or rolled")]  # fmt: skip
    REPORTS_APPLY = [("at_once", "when confirmed"), ("commissioner", "when approved")]

    kind = models.CharField(max_length=10, choices=KINDS)
    ruleset_version = models.ForeignKey(
        "rules.RulesetVersion", on_delete=models.PROTECT, related_name="+"
    )
    home = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="home_matches")
    away = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="away_matches")
    status = models.CharField(max_length=10, choices=STATUSES, default=SCHEDULED)
    # The policies it was made under, copied when scheduled.
    dice_sources = models.CharField(max_length=10, choices=DICE_SOURCES, default="both")
    reports_apply = models.CharField(max_length=12, choices=REPORTS_APPLY, default="at_once")
    seed = models.CharField(max_length=32, help_text="Draws every server roll of the match.")
    offered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    forfeited_by = models.ForeignKey(
        "teams.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Before kick-off: the gate (LRB6: both teams' fans; GDBBL: D6 per point of both Fan
    # Factors x 1,000), which the winnings read, and the weather if the coaches rolled it.
    gate = models.PositiveIntegerField(null=True, blank=True)
    kick_off_mark = models.PositiveBigIntegerField(
        null=True,
        blank=True,
        help_text="The latest ledger cause when its kick-off figures were first fixed: the "
        "teams as they stood then are what a revert works them out again from.",
    )
    weather = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(home=models.F("away")), name="a_team_never_plays_itself"
            )
        ]

    def __str__(self) -> str:
        return f"{self.home} v {self.away}"

    @property
    def accepted_sources(self) -> tuple[str, ...]:
        return SOURCES if self.dice_sources == "both" else (self.dice_sources,)

    @property
    def stage(self) -> str:
        """The status as words that follow "the report is": confirmed, disputed, to play."""
        return self.get_status_display().removeprefix("report ")

    def already(self) -> str:
        """Why a match that is not open refuses a forfeit, a reschedule or a draft."""
        if self.status == FORFEIT:
            return f"{self} is already forfeited."
        return f"The report of {self} is already {self.stage}."

    @property
    def is_open(self) -> bool:
        """A report may still be written (and a league fixture rescheduled or forfeited)."""
        return self.status in OPEN

    @property
    def is_decided(self) -> bool:
        if self.status == CONFIRMED:
            return self.reports_apply == "at_once"
        return self.status in (APPROVED, FORFEIT)

    def side_of(self, team_id: int | None) -> str | None:
        if team_id == self.home_id:
            return "home"
        return "away" if team_id == self.away_id else None


class Report(models.Model):
    """What a coach types after the game: the date, the score (the next issues add every
    player's actions and casualties). A forfeit is a report too: the league's forfeit score,
    with no players."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="report")
    played_on = models.DateField(null=True, blank=True)
    home_touchdowns = models.PositiveSmallIntegerField(default=0)
    away_touchdowns = models.PositiveSmallIntegerField(default=0)
    forfeit = models.BooleanField(default=False)
    drafted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    notes = models.TextField(blank=True, max_length=2000)
    # A concession: who, when, and whether it was forced (fewer than three could play).
    conceded_by = models.ForeignKey(
        "teams.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    conceded_half = models.PositiveSmallIntegerField(
        null=True, blank=True, choices=list(HALVES.items())
    )
    conceded_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    conceded_forced = models.BooleanField(default=False)
    # Blitz Bowl: each side's points and how they were made, the win, the match's rules.
    home_points = models.PositiveSmallIntegerField(null=True, blank=True)
    away_points = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.JSONField(
        default=dict, blank=True, help_text="Side -> challenge, cards, sweeps, bonus play."
    )
    win_type = models.CharField(
        max_length=12, blank=True, choices=[(w, w.replace("_", " ")) for w in WIN_TYPES]
    )
    regional_roll = models.PositiveSmallIntegerField(null=True, blank=True)
    endgame_active = models.BooleanField(default=False)
    # 1st edition: the Veterans Rules the coaches agreed for this match.
    veterans_rules = models.JSONField(default=list, blank=True)
    # LRB6: the opponents killed this match whom each team takes on (a Necromancer's Zombie,
    # Nurgle's Rotters), by shirt number: {"home": [7], "away": []}.
    raised = models.JSONField(default=dict, blank=True, help_text="Side -> numbers raised.")
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.match.home} {self.home_touchdowns}–{self.away_touchdowns} {self.match.away}"


class Performance(models.Model):
    """What one player did in the match: his counts of the SPP table's actions and his MVP
    awards. A line may name a player who did not take part: the MVP of a league that draws
    from the whole roster."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="performances")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(
        "teams.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    actions = models.JSONField(default=dict, blank=True, help_text="Action -> count.")
    mvps = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["match", "team", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "team", "number"], name="one_line_per_player")
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}: {self.actions}"


class Casualty(models.Model):
    """One casualty: who was hurt, who caused it (or nobody), by what action and means, and
    who treated it. Its dice are the match's, named by the victim ("casualty for away #3");
    every casualty count is derived from these rows."""

    ACTIONS = [(action, action) for action in ACTIONS]
    MEANS = list(MEANS_NAMES.items())
    HELPERS = [("", "none"), *HELPER_NAMES.items()]

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="casualties")
    order = models.PositiveSmallIntegerField()
    victim = models.ForeignKey("Participant", on_delete=models.PROTECT, related_name="+")
    causer = models.ForeignKey(
        "Participant", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=8, choices=ACTIONS)
    means = models.CharField(max_length=14, choices=MEANS)
    modifier = models.SmallIntegerField(default=0, help_text="Added to the injury roll.")
    helper = models.CharField(max_length=22, blank=True, choices=HELPERS)
    kept = models.CharField(max_length=6, blank=True, choices=[("", "-")] + [(k, k) for k in KEPT])

    class Meta:
        ordering = ["match", "order"]
        verbose_name_plural = "casualties"

    def __str__(self) -> str:
        return f"{self.victim} ({self.get_means_display()} {self.action})"


class Participant(models.Model):
    """Someone who took part for a team: a player of its roster, or a one-game hire
    (journeyman, mercenary, star player, freebooter) who is no player of the team."""

    KINDS = [
        ("roster", "player of the team"),
        ("journeyman", "journeyman"),
        ("mercenary", "mercenary"),
        ("star", "star player"),
        ("freebooter", "freebooter"),
    ]
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="participants")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(
        "teams.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=KINDS, default="roster")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    # A one-game hire's position (a journeyman, a mercenary) and what he adds to the value.
    position = models.ForeignKey(
        "rules.Position", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    value = models.PositiveIntegerField(default=0)
    star = models.ForeignKey(
        "rules.StarPlayer", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )  # a star player hired for the match (induced, or a GDBBL freebooter)

    class Meta:
        ordering = ["match", "team", "number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "player"],
                condition=models.Q(player__isnull=False),
                name="a_player_takes_part_once",
            ),
            models.CheckConstraint(
                condition=models.Q(kind="roster", player__isnull=False)
                | (~models.Q(kind="roster") & models.Q(player__isnull=True)),
                name="only_roster_participants_are_players",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


class DiceRoll(models.Model):
    """One roll: what for, how, what it showed, where it came from and who made it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="dice")
    purpose = models.CharField(max_length=120, help_text='e.g. "casualty for #7".')
    notation = models.CharField(max_length=12, help_text="2D6, D68, 1 of 11, ...")
    values = models.JSONField(help_text="Each die as it fell.")
    total = models.IntegerField()
    source = models.CharField(max_length=8, choices=[(s, s) for s in SOURCES])
    seed = models.CharField(max_length=32, blank=True, help_text="The match's, if rolled.")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    made_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "purpose"], name="one_roll_per_purpose")
        ]

    def __str__(self) -> str:
        return f"{self.purpose}: {self.notation} {self.values} ({self.source})"


class MatchStep(models.Model):
    """One step of the workflow, kept for good: who offered, drafted, submitted, disputed
    (and why), confirmed, approved, sent back or settled, and when."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="steps")
    action = models.CharField(max_length=20)
    status = models.CharField(max_length=10, help_text="The match's status after the step.")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField(blank=True, max_length=500)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.action} by {self.actor}"


class Correction(models.Model):
    """A commissioner's correction of an applied report, kept for good: who, when, why, and
    each value of the report it changed, as it was and as it is now (the match page says
    "corrected on … by … because …" with them)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="corrections")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField(max_length=500)
    changes = models.JSONField(default=list, help_text="[what, was, now] for each value.")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.match} corrected by {self.actor}"


class KickOff(models.Model):
    """One team before a match, in the order the rules take it. LRB6: its journeymen, then
    (once both teams have theirs) its value at kick-off and petty cash, then what it induced
    and the gold its treasury paid, and its fans and FAME from the gate's dice. GDBBL: its
    freebooters and their bill, then (once both teams have theirs) its value and rating at
    kick-off and the handicap's bonus cards and MVPs, then its Special Play cards. Both:
    who a niggling injury keeps out."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="kick_offs")
    team = models.ForeignKey("teams.Team", on_delete=models.PROTECT, related_name="+")
    side = models.CharField(max_length=4, choices=[("home", "home"), ("away", "away")])
    journeymen_done = models.BooleanField(default=False)
    value = models.PositiveIntegerField(null=True, blank=True, help_text="At kick-off.")
    petty_cash = models.PositiveIntegerField(null=True, blank=True)
    inducements = models.JSONField(
        null=True, blank=True, help_text="What was induced: items, stars, mercenaries."
    )
    bill = models.JSONField(default=list, blank=True, help_text="Each line: what, count, each.")
    from_treasury = models.PositiveIntegerField(default=0)
    fans = models.PositiveIntegerField(null=True, blank=True)
    fame = models.PositiveSmallIntegerField(null=True, blank=True)
    niggled_out = models.JSONField(
        null=True, blank=True, help_text="Numbers a niggling injury keeps out; null: not rolled."
    )
    freebooters = models.JSONField(
        null=True, blank=True, help_text="GDBBL: positions and stars hired; null: not yet."
    )
    rating = models.PositiveSmallIntegerField(null=True, blank=True, help_text="At kick-off.")
    bonus_cards = models.PositiveSmallIntegerField(default=0, help_text="The handicap's.")
    bonus_mvps = models.PositiveSmallIntegerField(default=0, help_text="The handicap's.")
    cards = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Special Play cards drawn, the bonus included."
    )

    class Meta:
        ordering = ["match", "side"]
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="one_kick_off_per_side")
        ]

    def __str__(self) -> str:
        return f"{self.team} before {self.match}"


class PostGame(models.Model):
    """A report applied to both teams, once: the post-game sequence's steps as they were
    worked out (each with its inputs, dice, result and changes), when and by whose step.
    One row per match: a second application is refused by the database itself."""

    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="post_game")
    steps = models.JSONField(help_text="Each step: key, name, inputs, dice, result, changes.")
    applied_at = models.DateTimeField(auto_now_add=True)
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    def __str__(self) -> str:
        return f"Post-game of {self.match}"
