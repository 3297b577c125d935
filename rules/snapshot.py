"""Turning a ruleset version (or an edition's files) into the engine's plain values."""

from __future__ import annotations

from collections import defaultdict

from rules import models
from rules.edition import Edition
from rules.engine import ruleset as plain
from rules.selectors import in_order, linked_skill_names


def ruleset_snapshot(version: models.RulesetVersion) -> plain.Ruleset:
    """The engine's view of a stored version, read in a fixed number of queries."""
    skills = models.Skill.objects.filter(version=version).select_related("category")
    positions = models.Position.objects.filter(version=version)
    skills_of = linked_skill_names(models.Position, version)
    positions_of: dict[int, list[plain.Position]] = defaultdict(list)
    for position in positions.order_by("race_id", "order"):
        positions_of[position.race_id].append(
            plain.Position(
                name=position.name,
                max_quantity=position.max_quantity,
                cost=position.cost,
                characteristics=in_order(position.characteristics, version),
                skills=skills_of[position.pk],
                normal_access=position.normal_access,
                double_access=position.double_access,
            )
        )
    rows_of: dict[int, list[plain.TableRow]] = defaultdict(list)
    for row in models.RulesTableRow.objects.filter(version=version).order_by("table_id", "order"):
        rows_of[row.table_id].append(plain.TableRow(low=row.low, high=row.high, values=row.values))
    return plain.Ruleset(
        slug=version.ruleset.slug,
        version=version.number,
        characteristics=tuple(version.characteristics),
        team_creation=plain.TeamCreation(**version.team_creation),
        categories=tuple(
            plain.SkillCategory(code=c.code, name=c.name, selectable=c.selectable)
            for c in models.SkillCategory.objects.filter(version=version)
        ),
        skills={
            skill.name: plain.Skill(skill.name, skill.category.code, skill.description)
            for skill in skills.order_by("order")
        },
        races={
            race.slug: plain.Race(
                slug=race.slug,
                name=race.name,
                reroll_cost=race.reroll_cost,
                apothecary_allowed=race.apothecary_allowed,
                necromancer=race.necromancer,
                raises_rotters=race.raises_rotters,
                positions=tuple(positions_of[race.pk]),
                notes=race.notes,
            )
            for race in models.Race.objects.filter(version=version)
        },
        staff={
            staff.key: plain.Staff(
                key=staff.key,
                name=staff.name,
                cost=staff.cost,
                max_quantity=staff.max_quantity,
                counts_in_value=staff.counts_in_value,
            )
            for staff in models.Staff.objects.filter(version=version)
        },
        tables={
            table.key: plain.Table(
                key=table.key,
                name=table.name,
                dice=table.dice,
                rows=tuple(rows_of[table.pk]),
                params=table.params,
                description=table.description,
            )
            for table in models.RulesTable.objects.filter(version=version)
        },
        settings={
            setting.key: setting.value for setting in models.Setting.objects.filter(version=version)
        },
    )


def edition_ruleset(edition: Edition, version: int = 0) -> plain.Ruleset:
    """The engine's view of an edition straight from its files, without a database."""
    return plain.Ruleset(
        slug=edition.slug,
        version=version,
        characteristics=edition.characteristics,
        team_creation=plain.TeamCreation(**edition.team_creation),
        categories=edition.categories,
        skills={
            name: plain.Skill(name, code, description)
            for name, (code, description) in edition.skills.items()
        },
        races={race.slug: race for race in edition.races},
        staff={
            staff.key: plain.Staff(
                key=staff.key,
                name=staff.name,
                cost=staff.cost,
                max_quantity=staff.max_quantity,
                counts_in_value=staff.counts_in_value,
            )
            for staff in edition.staff
        },
        tables={table.key: table for table in edition.tables},
        settings={setting.key: setting.default for setting in edition.settings},
    )
