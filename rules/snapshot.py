"""Turning a stored ruleset version back into plain values: an Edition, then the engine's
Ruleset. Files and database meet in one shape, so the engine cannot tell them apart.

Reading a version takes about fifteen queries, and every team page and write needs one. A
sealed version never changes (a house-rule edit makes a new version), so each process keeps
the snapshots it has read, keyed by the version's id, content hash and creation time; there
is nothing to invalidate. The key's hash and time keep a test database, which reuses ids
after a rollback, from ever being served another version's rules."""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from rules import models
from rules.edition import Edition, ExtraDef, SettingDef, StarPlayerDef
from rules.engine import ruleset as plain
from rules.engine.inducements import InducementRule
from rules.engine.team_building import StaffRule, StarRule
from rules.selectors import in_order, linked_skill_names

SNAPSHOTS_KEPT = 64  # versions per process; a site plays a handful


@dataclass(frozen=True)
class Snapshot:
    """Everything teams read of a version, read once per process."""

    ruleset: plain.Ruleset
    staff_rules: tuple[StaffRule, ...]
    star_rules: tuple[StarRule, ...]
    star_skills: Mapping[int, tuple[str, ...]]  # a star player's starting skills, by row id
    # a star player's characteristics, by name
    star_characteristics: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    inducement_rules: tuple[InducementRule, ...] = ()  # what a team may buy for one match
    # a star player's size (small, human or large), by name; a position's is Position.size
    star_sizes: Mapping[str, str] = field(default_factory=dict)


_kept: OrderedDict[tuple, Snapshot] = OrderedDict()
_kept_lock = threading.Lock()  # gunicorn threads share the store


def version_snapshot(version: models.RulesetVersion) -> Snapshot:
    key = (version.pk, version.content_hash, version.created_at)
    with _kept_lock:
        kept = _kept.get(key)
        if kept is not None:
            _kept.move_to_end(key)
            return kept
    edition = stored_edition(version)
    snapshot = Snapshot(
        ruleset=edition_ruleset(edition, version=version.number),
        staff_rules=staff_rules_from(edition),
        star_rules=star_rules_from(edition),
        star_skills=linked_skill_names(models.StarPlayer, version),
        star_characteristics={s.name: dict(s.characteristics) for s in edition.star_players},
        inducement_rules=inducement_rules_from(edition),
        star_sizes={s.name: s.size for s in edition.star_players},
    )
    if version.sealed:  # a version still being written may yet change
        with _kept_lock:
            _kept[key] = snapshot
            while len(_kept) > SNAPSHOTS_KEPT:
                _kept.popitem(last=False)
    return snapshot


def ruleset_snapshot(version: models.RulesetVersion) -> plain.Ruleset:
    """The engine's view of a stored version."""
    return version_snapshot(version).ruleset


def edition_ruleset(edition: Edition, version: int = 0) -> plain.Ruleset:
    """The engine's view of an edition, read from files or from the database."""
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
        settings={setting.key: setting.value for setting in edition.settings},
        system=edition.system,
        play=edition.play,
    )


def stored_edition(version: models.RulesetVersion) -> Edition:
    """A stored version as an Edition, read in a fixed number of queries."""
    ruleset = version.ruleset
    return Edition(
        slug=ruleset.slug,
        system=version.system,
        play=version.play,
        name=ruleset.name,
        description=ruleset.description,
        sources=tuple(version.sources),
        characteristics=tuple(version.characteristics),
        team_creation=dict(version.team_creation),
        settings=tuple(
            SettingDef(
                key=s.key,
                type=s.type,
                default=s.default,
                value=s.value,
                explanation=s.explanation,
                source=s.source,
                choices=tuple(s.choices),
            )
            for s in models.Setting.objects.filter(version=version)
        ),
        categories=tuple(
            plain.SkillCategory(code=c.code, name=c.name, selectable=c.selectable)
            for c in models.SkillCategory.objects.filter(version=version)
        ),
        skills={
            skill.name: (skill.category.code, skill.description)
            for skill in models.Skill.objects.filter(version=version)
            .select_related("category")
            .order_by("order")
        },
        races=_races(version),
        star_players=_star_players(version),
        staff=_extras(models.Staff, version),
        inducements=_extras(models.Inducement, version),
        tables=_tables(version),
    )


def _races(version: models.RulesetVersion) -> tuple[plain.Race, ...]:
    skills_of = linked_skill_names(models.Position, version)
    positions_of: dict[int, list[plain.Position]] = defaultdict(list)
    positions = models.Position.objects.filter(version=version).order_by("race_id", "order")
    for position in positions:
        positions_of[position.race_id].append(
            plain.Position(
                name=position.name,
                max_quantity=position.max_quantity,
                cost=position.cost,
                characteristics=in_order(position.characteristics, version),
                skills=skills_of[position.pk],
                normal_access=position.normal_access,
                double_access=position.double_access,
                size=position.size,
            )
        )
    return tuple(
        plain.Race(
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
    )


def _race_slugs(model, version: models.RulesetVersion) -> dict[int, tuple[str, ...]]:
    """The race slugs linked to each row, in link order, in one query."""
    through = model.races.through
    name = model._meta.model_name
    links = through.objects.filter(**{f"{name}__version": version}).order_by("pk")
    slugs: dict[int, list[str]] = defaultdict(list)
    for owner, slug in links.values_list(f"{name}_id", "race__slug"):
        slugs[owner].append(slug)
    return defaultdict(tuple, {owner: tuple(found) for owner, found in slugs.items()})


def _star_players(version: models.RulesetVersion) -> tuple[StarPlayerDef, ...]:
    skills_of = linked_skill_names(models.StarPlayer, version)
    races_of = _race_slugs(models.StarPlayer, version)
    stars = models.StarPlayer.objects.filter(version=version).select_related("paired_with")
    return tuple(
        StarPlayerDef(
            name=star.name,
            cost=star.cost,
            characteristics=in_order(star.characteristics, version),
            skills=skills_of[star.pk],
            eligibility=star.eligibility,
            races=races_of[star.pk],
            paired_with=star.paired_with.name if star.paired_with else None,
            notes=star.notes,
            kind=star.kind,
            special=star.special,
            size=star.size,
        )
        for star in stars.order_by("order")
    )


def _extras(
    model: type[models.Staff] | type[models.Inducement], version: models.RulesetVersion
) -> tuple[ExtraDef, ...]:
    races_of = _race_slugs(model, version)
    return tuple(
        ExtraDef(
            key=row.key,
            name=row.name,
            cost=row.cost,
            max_quantity=row.max_quantity,
            eligibility=row.eligibility,
            races=races_of[row.pk],
            race_costs=row.race_costs,
            counts_in_value=getattr(row, "counts_in_value", True),
            notes=row.notes,
            group=getattr(row, "group", ""),
        )
        for row in model.objects.filter(version=version)
    )


def _tables(version: models.RulesetVersion) -> tuple[plain.Table, ...]:
    tables = list(models.RulesTable.objects.filter(version=version))
    columns_of = {table.pk: table.columns for table in tables}
    rows_of: dict[int, list[plain.TableRow]] = defaultdict(list)
    rows = models.RulesTableRow.objects.filter(version=version).order_by("table_id", "order")
    for row in rows:
        # Columns in the order they were written (PostgreSQL's jsonb sorts keys its own way).
        values = {c: row.values[c] for c in columns_of[row.table_id] if c in row.values}
        rows_of[row.table_id].append(plain.TableRow(low=row.low, high=row.high, values=values))
    return tuple(
        plain.Table(
            key=table.key,
            name=table.name,
            dice=table.dice,
            rows=tuple(rows_of[table.pk]),
            params=table.params,
            description=table.description,
        )
        for table in tables
    )


def staff_rules_from(edition: Edition) -> tuple[StaffRule, ...]:
    return tuple(
        StaffRule(s.key, s.name, s.cost, s.max_quantity, s.eligibility, tuple(s.races),
                  dict(s.race_costs), s.group)
        for s in edition.staff
    )  # fmt: skip


def inducement_rules_from(edition: Edition) -> tuple[InducementRule, ...]:
    return tuple(
        InducementRule(i.key, i.name, i.cost, i.max_quantity, i.eligibility, tuple(i.races),
                       dict(i.race_costs))
        for i in edition.inducements
    )  # fmt: skip


def star_rules_from(edition: Edition) -> tuple[StarRule, ...]:
    return tuple(
        StarRule(s.name, s.cost, s.eligibility, tuple(s.races), s.kind, s.paired_with)
        for s in edition.star_players
    )
