"""Writing rulesets: loading a bundled edition into a new sealed version."""

from __future__ import annotations

from django.db import transaction

from rules import models
from rules.edition import Edition, ExtraDef
from rules.plumbing.limits import require_columns_fit


@transaction.atomic
def edition_load(edition: Edition) -> tuple[models.RulesetVersion, bool]:
    """Stores `edition` as the bundled ruleset's next version, unless nothing changed.

    Returns the version holding this content and whether it was created now.
    """
    ruleset, _created = models.Ruleset.objects.select_for_update().get_or_create(
        slug=edition.slug,
        defaults={"name": edition.name, "description": edition.description, "bundled": True},
    )
    latest = ruleset.latest_version()
    if latest is not None and latest.content_hash == edition.content_hash:
        return latest, False
    if (ruleset.name, ruleset.description) != (edition.name, edition.description):
        ruleset.name, ruleset.description = edition.name, edition.description
        ruleset.save(update_fields=["name", "description"])
    return version_create(ruleset, edition, latest), True


def version_create(
    ruleset: models.Ruleset, edition: Edition, latest: models.RulesetVersion | None
) -> models.RulesetVersion:
    """Stores `edition` as the ruleset's next version and seals it. Call inside a
    transaction that holds the ruleset's row lock, so two saves cannot take one number."""
    version = models.RulesetVersion.objects.create(
        ruleset=ruleset,
        number=(latest.number + 1) if latest else 1,
        content_hash=edition.content_hash,
        system=edition.system,
        play=edition.play,
        characteristics=list(edition.characteristics),
        team_creation=dict(edition.team_creation),
        sources=list(edition.sources),
    )
    _VersionWriter(version, edition).write()
    version.sealed = True
    models.RulesetVersion.objects.filter(pk=version.pk).update(sealed=True)
    return version


def _bulk(model):
    """bulk_create, after the column check that bulk writes skip (rules/plumbing/limits.py):
    a house-rule file with a 61-character name or a 40-digit cost is refused, not a 500."""

    def create(rows) -> list:
        rows = list(rows)
        require_columns_fit(rows)
        return model.objects.bulk_create(rows)

    return create


class _VersionWriter:
    """Bulk-creates every row of one version: a fixed number of queries, whatever its size."""

    def __init__(self, version: models.RulesetVersion, edition: Edition) -> None:
        self.version = version
        self.edition = edition

    def write(self) -> None:
        self.settings()
        skills = self.skills()
        races = self.races(skills)
        self.extras(models.Staff, self.edition.staff, races, staff=True)
        self.extras(models.Inducement, self.edition.inducements, races, staff=False)
        self.star_players(skills, races)
        self.tables()

    def settings(self) -> None:
        _bulk(models.Setting)(
            models.Setting(
                version=self.version,
                order=order,
                key=setting.key,
                type=setting.type,
                choices=list(setting.choices),
                default=setting.default,
                value=setting.value,
                explanation=setting.explanation,
                source=setting.source,
            )
            for order, setting in enumerate(self.edition.settings)
        )

    def skills(self) -> dict[str, models.Skill]:
        categories = _bulk(models.SkillCategory)(
            models.SkillCategory(
                version=self.version,
                order=order,
                code=category.code,
                name=category.name,
                selectable=category.selectable,
            )
            for order, category in enumerate(self.edition.categories)
        )
        by_code = {category.code: category for category in categories}
        skills = _bulk(models.Skill)(
            models.Skill(
                version=self.version,
                order=order,
                name=name,
                category=by_code[code],
                description=description,
            )
            for order, (name, (code, description)) in enumerate(self.edition.skills.items())
        )
        return {skill.name: skill for skill in skills}

    def races(self, skills: dict[str, models.Skill]) -> dict[str, models.Race]:
        races = _bulk(models.Race)(
            models.Race(
                version=self.version,
                order=order,
                slug=race.slug,
                name=race.name,
                reroll_cost=race.reroll_cost,
                apothecary_allowed=race.apothecary_allowed,
                necromancer=race.necromancer,
                raises_rotters=race.raises_rotters,
                notes=race.notes,
            )
            for order, race in enumerate(self.edition.races)
        )
        by_slug = {race.slug: race for race in races}
        pairs = [
            (by_slug[race.slug], order, position)
            for race in self.edition.races
            for order, position in enumerate(race.positions)
        ]
        positions = _bulk(models.Position)(
            models.Position(
                version=self.version,
                race=race,
                order=order,
                name=position.name,
                max_quantity=position.max_quantity,
                cost=position.cost,
                characteristics=dict(position.characteristics),
                normal_access=position.normal_access,
                double_access=position.double_access,
                size=position.size,
            )
            for race, order, position in pairs
        )
        through = models.Position.skills.through
        _bulk(through)(
            through(position_id=row.pk, skill_id=skills[name].pk)
            for row, (_race, _order, position) in zip(positions, pairs, strict=True)
            for name in position.skills
        )
        return by_slug

    def extras(
        self,
        model: type[models.Staff] | type[models.Inducement],
        extras: tuple[ExtraDef, ...],
        races: dict[str, models.Race],
        staff: bool,
    ) -> None:
        rows = _bulk(model)(
            model(
                version=self.version,
                order=order,
                key=extra.key,
                name=extra.name,
                cost=extra.cost,
                max_quantity=extra.max_quantity,
                eligibility=extra.eligibility,
                race_costs=dict(extra.race_costs),
                notes=extra.notes,
                **(
                    {"counts_in_value": extra.counts_in_value, "group": extra.group}
                    if staff
                    else {}
                ),
            )
            for order, extra in enumerate(extras)
        )
        self._link_races(model, rows, [extra.races for extra in extras], races)

    def star_players(self, skills: dict[str, models.Skill], races: dict[str, models.Race]) -> None:
        stars = _bulk(models.StarPlayer)(
            models.StarPlayer(
                version=self.version,
                order=order,
                name=star.name,
                cost=star.cost,
                characteristics=dict(star.characteristics),
                eligibility=star.eligibility,
                notes=star.notes,
                kind=star.kind,
                special=star.special,
                size=star.size,
            )
            for order, star in enumerate(self.edition.star_players)
        )
        by_name = {star.name: star for star in stars}
        for row, star in zip(stars, self.edition.star_players, strict=True):
            if star.paired_with:
                row.paired_with = by_name[star.paired_with]
        models.StarPlayer.objects.bulk_update(stars, ["paired_with"])
        through = models.StarPlayer.skills.through
        _bulk(through)(
            through(starplayer_id=row.pk, skill_id=skills[name].pk)
            for row, star in zip(stars, self.edition.star_players, strict=True)
            for name in star.skills
        )
        races_of = [star.races for star in self.edition.star_players]
        self._link_races(models.StarPlayer, stars, races_of, races)

    def _link_races(self, model, rows, race_lists, races: dict[str, models.Race]) -> None:
        through = model.races.through
        column = f"{model._meta.model_name}_id"
        _bulk(through)(
            through(**{column: row.pk, "race_id": races[slug].pk})
            for row, slugs in zip(rows, race_lists, strict=True)
            for slug in slugs
        )

    def tables(self) -> None:
        tables = _bulk(models.RulesTable)(
            models.RulesTable(
                version=self.version,
                order=order,
                key=table.key,
                name=table.name,
                dice=table.dice,
                description=table.description,
                params=dict(table.params),
                columns=list(dict.fromkeys(key for row in table.rows for key in row.values)),
            )
            for order, table in enumerate(self.edition.tables)
        )
        _bulk(models.RulesTableRow)(
            models.RulesTableRow(
                version=self.version,
                table=row_table,
                order=order,
                low=row.low,
                high=row.high,
                values=dict(row.values),
            )
            for row_table, table in zip(tables, self.edition.tables, strict=True)
            for order, row in enumerate(table.rows)
        )
