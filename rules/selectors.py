"""Reading a ruleset version for the rules browser and the API, in a flat number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404

from rules import models
from rules.edition import SYSTEMS


def linked_skill_names(
    model: type[models.Position] | type[models.StarPlayer], version: models.RulesetVersion
) -> dict[int, tuple[str, ...]]:
    """Skill names per row in one query, in the order of the team list (the link order)."""
    through = model.skills.through
    column = f"{model._meta.model_name}_id"
    links = through.objects.filter(**{f"{model._meta.model_name}__version": version})
    names: dict[int, list[str]] = defaultdict(list)
    for owner, name in links.order_by("pk").values_list(column, "skill__name"):
        names[owner].append(name)
    return defaultdict(tuple, {owner: tuple(skills) for owner, skills in names.items()})


def version_get(slug: str, number: int | str | None = None) -> models.RulesetVersion:
    """The numbered version of a ruleset, or its latest; Http404 when there is none."""
    versions = models.RulesetVersion.objects.select_related("ruleset").filter(ruleset__slug=slug)
    if number in (None, ""):
        version = versions.order_by("-number").first()
    else:
        try:
            version = versions.filter(number=int(number)).first()
        except (TypeError, ValueError):
            raise Http404(f"There is no version {number!r} of {slug}.") from None
    if version is None:
        raise Http404(f"There is no ruleset {slug!r} with that version.")
    return version


@dataclass(frozen=True)
class EditionSummary:
    version: models.RulesetVersion
    races: int
    positions: int
    star_players: int
    skills: int
    settings: int


def editions_side_by_side() -> list[EditionSummary]:
    """The latest version of every ruleset with its counts, in a fixed number of queries."""
    latest: dict[int, models.RulesetVersion] = {}
    versions = models.RulesetVersion.objects.select_related("ruleset").order_by("-number")
    for version in versions:
        latest.setdefault(version.ruleset_id, version)
    ids = [version.pk for version in latest.values()]

    def counts(model: type[models.VersionRow]) -> dict[int, int]:
        rows = model.objects.filter(version__in=ids).values("version")
        return dict(rows.annotate(n=Count("pk")).values_list("version", "n"))

    races, positions, stars = (
        counts(models.Race),
        counts(models.Position),
        counts(models.StarPlayer),
    )
    skills, settings = counts(models.Skill), counts(models.Setting)
    ordered = sorted(latest.values(), key=_edition_order)
    return [
        EditionSummary(
            version=version,
            races=races.get(version.pk, 0),
            positions=positions.get(version.pk, 0),
            star_players=stars.get(version.pk, 0),
            skills=skills.get(version.pk, 0),
            settings=settings.get(version.pk, 0),
        )
        for version in ordered
    ]


def _edition_order(version: models.RulesetVersion) -> tuple[bool, int, str]:
    # Bundled editions in the order of the rule systems, then house rules by name.
    system = SYSTEMS.index(version.system) if version.system in SYSTEMS else len(SYSTEMS)
    return (not version.ruleset.bundled, system, version.ruleset.name)


@dataclass(frozen=True)
class VersionUse:
    version: models.RulesetVersion
    users: dict[str, int]  # e.g. {"teams": 3}: what records this version, by kind


def version_history(ruleset: models.Ruleset) -> list[VersionUse]:
    """Every version of a ruleset with what uses it (teams, reports...), one query per kind.

    Whatever points at a RulesetVersion from another app counts, so later features (teams,
    match reports) show up here without changes.
    """
    versions = list(ruleset.versions.order_by("-number"))
    users: dict[int, dict[str, int]] = {version.pk: {} for version in versions}
    for relation in models.RulesetVersion._meta.related_objects:
        if relation.related_model._meta.app_label == "rules" or not relation.many_to_one:
            continue
        label = str(relation.related_model._meta.verbose_name_plural)
        rows = relation.related_model.objects.filter(
            **{f"{relation.field.name}__in": versions}
        ).values(relation.field.name)
        for version_id, count in rows.annotate(n=Count("pk")).values_list(relation.field.name, "n"):
            users[version_id][label] = count
    return [VersionUse(version, users[version.pk]) for version in versions]


def rulesets() -> QuerySet[models.Ruleset]:
    latest = models.RulesetVersion.objects.order_by("-number")
    return models.Ruleset.objects.prefetch_related(Prefetch("versions", queryset=latest))


def in_order(values: dict[str, int], version: models.RulesetVersion) -> dict[str, int]:
    """Characteristics in the ruleset's own order (jsonb on PostgreSQL reorders keys)."""
    return {name: values[name] for name in version.characteristics}


@dataclass(frozen=True)
class PositionRow:
    position: models.Position
    skills: tuple[str, ...]
    characteristics: dict[str, int]


@dataclass(frozen=True)
class RaceRow:
    race: models.Race
    positions: tuple[PositionRow, ...]


def races(version: models.RulesetVersion, slug: str | None = None) -> list[RaceRow]:
    race_rows = models.Race.objects.filter(version=version)
    if slug is not None:
        race_rows = race_rows.filter(slug=slug)
    positions = models.Position.objects.filter(version=version).order_by("race_id", "order")
    if slug is not None:
        positions = positions.filter(race__slug=slug)
    skills_of = linked_skill_names(models.Position, version)
    by_race: dict[int, list[PositionRow]] = defaultdict(list)
    for position in positions:
        by_race[position.race_id].append(
            PositionRow(
                position, skills_of[position.pk], in_order(position.characteristics, version)
            )
        )
    return [RaceRow(race, tuple(by_race[race.pk])) for race in race_rows]


def race(version: models.RulesetVersion, slug: str) -> RaceRow:
    found = races(version, slug)
    if not found:
        raise Http404(f"{version} has no race {slug!r}.")
    return found[0]


@dataclass(frozen=True)
class StarRow:
    star: models.StarPlayer
    skills: tuple[str, ...]
    races: tuple[models.Race, ...]
    characteristics: dict[str, int]


def star_players(version: models.RulesetVersion) -> list[StarRow]:
    stars = (
        models.StarPlayer.objects.filter(version=version)
        .select_related("paired_with")
        .prefetch_related(Prefetch("races", queryset=models.Race.objects.order_by("name")))
    )
    skills_of = linked_skill_names(models.StarPlayer, version)
    return [
        StarRow(
            star,
            skills_of[star.pk],
            tuple(star.races.all()),
            in_order(star.characteristics, version),
        )
        for star in stars
    ]


def purchasables(
    model: type[models.Staff] | type[models.Inducement], version: models.RulesetVersion
) -> QuerySet:
    races = Prefetch("races", queryset=models.Race.objects.order_by("name"))
    return model.objects.filter(version=version).prefetch_related(races)


def skill_categories(version: models.RulesetVersion) -> QuerySet[models.SkillCategory]:
    skills = Prefetch("skills", queryset=models.Skill.objects.order_by("name"))
    return models.SkillCategory.objects.filter(version=version).prefetch_related(skills)


def skills(version: models.RulesetVersion) -> QuerySet[models.Skill]:
    return models.Skill.objects.filter(version=version).select_related("category")


def settings(version: models.RulesetVersion) -> QuerySet[models.Setting]:
    return models.Setting.objects.filter(version=version)


def tables(version: models.RulesetVersion) -> QuerySet[models.RulesTable]:
    rows = Prefetch("rows", queryset=models.RulesTableRow.objects.order_by("order"))
    return models.RulesTable.objects.filter(version=version).prefetch_related(rows)
