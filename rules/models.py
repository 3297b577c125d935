"""Rulesets as data: a ruleset has numbered, immutable versions holding every row.

Teams and match reports point at a RulesetVersion, never at a ruleset, so loading new data
or editing a house-rule copy (which makes a new version) never changes history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.engine.ruleset import SIZES

# A player's build, for rules that ask how big he is (GDBBL's Necromancer).
SIZE_CHOICES = [(size, size) for size in SIZES]


class ImmutableVersionError(Exception):
    """A sealed ruleset version was about to change."""


class Ruleset(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    bundled = models.BooleanField(
        default=False, help_text="Shipped with Dugout and read-only; copies can be edited."
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    editors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="edited_rulesets",
        help_text="Co-editors the owner added: they may edit the copy too.",
    )
    parent_version = models.ForeignKey(
        "RulesetVersion",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="copies",
        help_text="The version this house-rule copy was made from.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-bundled", "name"]

    def __str__(self) -> str:
        return self.name

    def latest_version(self) -> RulesetVersion | None:
        return self.versions.order_by("-number").first()


class RulesetVersion(models.Model):
    ruleset = models.ForeignKey(Ruleset, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    content_hash = models.CharField(max_length=64)
    system = models.CharField(max_length=20, help_text="Which post-game rules apply.")
    play = models.CharField(
        max_length=20,
        choices=[("league", "league play"), ("results_only", "results only")],
        default="league",
    )
    characteristics = models.JSONField(help_text='The characteristic set, e.g. ["MA", "ST"].')
    team_creation = models.JSONField()
    sources = models.JSONField(default=list)
    sealed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ruleset", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["ruleset", "number"], name="one_number_per_version")
        ]

    def __str__(self) -> str:
        return f"{self.ruleset.name} v{self.number}"

    def save(self, *args, **kwargs) -> None:
        if self.pk and RulesetVersion.objects.filter(pk=self.pk, sealed=True).exists():
            raise ImmutableVersionError(f"{self} is sealed: make a new version instead")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.sealed:
            raise ImmutableVersionError(f"{self} is sealed and cannot be deleted")
        return super().delete(*args, **kwargs)


class VersionRow(models.Model):
    """A row of a ruleset version; refuses to change once its version is sealed."""

    version = models.ForeignKey(RulesetVersion, on_delete=models.CASCADE, related_name="+")
    order = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True
        ordering = ["order"]

    def save(self, *args, **kwargs) -> None:
        self._refuse_if_sealed()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        self._refuse_if_sealed()
        return super().delete(*args, **kwargs)

    def _refuse_if_sealed(self) -> None:
        if RulesetVersion.objects.filter(pk=self.version_id, sealed=True).exists():
            raise ImmutableVersionError(
                f"{self.version} is sealed: its {self._meta.verbose_name} rows cannot change"
            )


class Setting(VersionRow):
    TYPES = [("bool", "yes or no"), ("int", "number"), ("money", "gold"), ("choice", "choice")]

    key = models.CharField(max_length=60)
    type = models.CharField(max_length=10, choices=TYPES)
    choices = models.JSONField(default=list, blank=True)
    default = models.JSONField()
    value = models.JSONField()
    explanation = models.TextField()
    source = models.TextField(blank=True)

    class Meta(VersionRow.Meta):
        constraints = [models.UniqueConstraint(fields=["version", "key"], name="one_setting")]

    def __str__(self) -> str:
        return self.key


class SkillCategory(VersionRow):
    code = models.CharField(max_length=2)
    name = models.CharField(max_length=40)
    selectable = models.BooleanField()

    class Meta(VersionRow.Meta):
        verbose_name_plural = "skill categories"

    def __str__(self) -> str:
        return self.name


class Skill(VersionRow):
    name = models.CharField(max_length=60)
    category = models.ForeignKey(SkillCategory, on_delete=models.CASCADE, related_name="skills")
    description = models.TextField(blank=True)

    class Meta(VersionRow.Meta):
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["version", "name"], name="one_skill")]

    def __str__(self) -> str:
        return self.name


class Race(VersionRow):
    slug = models.SlugField()
    name = models.CharField(max_length=60)
    reroll_cost = models.PositiveIntegerField()
    apothecary_allowed = models.BooleanField()
    necromancer = models.BooleanField()
    raises_rotters = models.BooleanField()
    notes = models.TextField(blank=True)

    class Meta(VersionRow.Meta):
        constraints = [models.UniqueConstraint(fields=["version", "slug"], name="one_race")]

    def __str__(self) -> str:
        return self.name


class Position(VersionRow):
    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="positions")
    name = models.CharField(max_length=60)
    max_quantity = models.PositiveIntegerField()
    cost = models.PositiveIntegerField()
    characteristics = models.JSONField()
    skills = models.ManyToManyField(Skill, related_name="+", blank=True)
    normal_access = models.CharField(max_length=10, blank=True)
    double_access = models.CharField(max_length=10, blank=True)
    size = models.CharField(max_length=5, choices=SIZE_CHOICES, default="human")

    def __str__(self) -> str:
        return f"{self.race.name} {self.name}"


class Purchasable(VersionRow):
    """Something a team hires or buys within limits: staff, inducements, star players."""

    ELIGIBILITY = [
        ("any", "any team"),
        ("apothecary", "teams that may have an apothecary"),
        ("no_apothecary", "teams that may not have an apothecary"),
        ("races", "only the races listed"),
        ("except", "every race except those listed"),
    ]

    name = models.CharField(max_length=80)
    cost = models.PositiveIntegerField()
    eligibility = models.CharField(max_length=20, choices=ELIGIBILITY, default="any")
    races = models.ManyToManyField(Race, related_name="+", blank=True)
    notes = models.TextField(blank=True)

    class Meta(VersionRow.Meta):
        abstract = True

    def __str__(self) -> str:
        return self.name


class Staff(Purchasable):
    key = models.CharField(max_length=40)
    max_quantity = models.PositiveIntegerField(null=True, blank=True)
    race_costs = models.JSONField(default=dict, blank=True)
    counts_in_value = models.BooleanField(default=True)
    group = models.CharField(
        max_length=40, blank=True, help_text="A team may have at most one of a group."
    )

    class Meta(Purchasable.Meta):
        verbose_name_plural = "staff"


class Inducement(Purchasable):
    key = models.CharField(max_length=40)
    max_quantity = models.PositiveIntegerField(null=True, blank=True)
    race_costs = models.JSONField(default=dict, blank=True)


class StarPlayer(Purchasable):
    characteristics = models.JSONField()
    skills = models.ManyToManyField(Skill, related_name="+", blank=True)
    paired_with = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=40, blank=True)
    special = models.CharField(max_length=120, blank=True)
    size = models.CharField(max_length=5, choices=SIZE_CHOICES, default="human")

    class Meta(Purchasable.Meta):
        ordering = ["name"]


class RulesTable(VersionRow):
    key = models.CharField(max_length=40)
    name = models.CharField(max_length=80)
    dice = models.CharField(max_length=10, blank=True)
    description = models.TextField(blank=True)
    params = models.JSONField(default=dict, blank=True)
    # Column order as written: PostgreSQL's jsonb does not keep the keys of `values` in order.
    columns = models.JSONField(default=list, blank=True)

    class Meta(VersionRow.Meta):
        constraints = [models.UniqueConstraint(fields=["version", "key"], name="one_table")]

    def __str__(self) -> str:
        return self.name


class RulesTableRow(VersionRow):
    table = models.ForeignKey(RulesTable, on_delete=models.CASCADE, related_name="rows")
    low = models.IntegerField(null=True, blank=True)
    high = models.IntegerField(null=True, blank=True)
    values = models.JSONField()

    def __str__(self) -> str:
        return f"{self.table} {self.roll}"

    @property
    def roll(self) -> str:
        if self.low is None:
            return ""
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"
