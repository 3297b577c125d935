"""Writing an edition back out: as the parts of its data files, as one JSON file to share,
and one part at a time as YAML for editing in the app.

Everything written here reads back through rules.edition with the same checks as the
bundled files, and writing what was read gives the same bytes again.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from rules.edition import (
    FILES,
    SAFE_LOADER,
    Edition,
    EditionError,
    ExtraDef,
    edition_from_documents,
)
from rules.engine.ruleset import Table, TableRow

FORMAT = "dugout-ruleset"
FORMAT_VERSION = 1
# Parts a coach may edit as text in the app (the head of the ruleset has its own form).
SECTIONS = tuple(name for name in FILES if name != "ruleset")


def edition_documents(edition: Edition, slug: bool = True) -> dict[str, Any]:
    """The edition as the parts of its data files (the format of rules/editions/README.md)."""
    head: dict[str, Any] = {}
    if slug:
        head["slug"] = edition.slug
    head |= {
        "system": edition.system,
        "play": edition.play,
        "name": edition.name,
        "description": edition.description,
        "sources": list(edition.sources),
        "characteristics": list(edition.characteristics),
        "team_creation": dict(edition.team_creation),
    }
    return {
        "ruleset": head,
        "settings": [_setting(setting) for setting in edition.settings],
        "skills": {
            "categories": [
                {"code": c.code, "name": c.name, "selectable": c.selectable}
                for c in edition.categories
            ],
            "skills": [
                {"name": name, "category": code, "description": description}
                for name, (code, description) in edition.skills.items()
            ],
        },
        "races": [_race(race, edition.characteristics) for race in edition.races],
        "star_players": [_star(star, edition.characteristics) for star in edition.star_players],
        "staff": [_extra(extra, staff=True) for extra in edition.staff],
        "inducements": [_extra(extra, staff=False) for extra in edition.inducements],
        "tables": [_table(table) for table in edition.tables],
    }


def _setting(setting) -> dict[str, Any]:
    data: dict[str, Any] = {"key": setting.key, "type": setting.type}
    if setting.choices:
        data["choices"] = list(setting.choices)
    data |= {"default": setting.default, "value": setting.value}
    data |= {"explanation": setting.explanation, "source": setting.source}
    return data


def _race(race, characteristics: tuple[str, ...]) -> dict[str, Any]:
    return {
        "slug": race.slug,
        "name": race.name,
        "reroll_cost": race.reroll_cost,
        "apothecary_allowed": race.apothecary_allowed,
        "necromancer": race.necromancer,
        "raises_rotters": race.raises_rotters,
        "notes": race.notes,
        "positions": [
            {
                "name": p.name,
                "max": p.max_quantity,
                "cost": p.cost,
                "characteristics": {c: p.characteristics[c] for c in characteristics},
                "skills": list(p.skills),
                "normal": p.normal_access,
                "double": p.double_access,
                "size": p.size,
            }
            for p in race.positions
        ],
    }


def _star(star, characteristics: tuple[str, ...]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": star.name,
        "cost": star.cost,
        "characteristics": {c: star.characteristics[c] for c in characteristics},
        "skills": list(star.skills),
        "races" if star.eligibility == "races" else "races_except": list(star.races),
    }
    if star.paired_with:
        data["paired_with"] = star.paired_with
    return data | {
        "kind": star.kind,
        "size": star.size,
        "special": star.special,
        "notes": star.notes,
    }


def _extra(extra: ExtraDef, staff: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "key": extra.key,
        "name": extra.name,
        "cost": extra.cost,
        "max": extra.max_quantity,
        "eligibility": extra.eligibility,
        "races": list(extra.races),
        "race_costs": dict(sorted(extra.race_costs.items())),
    }
    if staff:
        data |= {"counts_in_value": extra.counts_in_value, "group": extra.group}
    return data | {"notes": extra.notes}


def _table(table: Table) -> dict[str, Any]:
    return {
        "key": table.key,
        "name": table.name,
        "dice": table.dice,
        "description": table.description,
        # PostgreSQL keeps JSON keys in its own order: sorted here, so exports agree.
        "params": dict(sorted(table.params.items())),
        "rows": [_row(row, bool(table.dice)) for row in table.rows],
    }


def _row(row: TableRow, rolled: bool) -> dict[str, Any]:
    if not rolled or row.low is None:
        return dict(row.values)
    if row.high is None:
        roll: int | str = f"{row.low}+"
    else:
        roll = row.low if row.low == row.high else f"{row.low}-{row.high}"
    return {"roll": roll, **row.values}


def edition_export(edition: Edition) -> str:
    """One JSON file holding the whole edition, without its slug (the importer picks one)."""
    document = {"format": FORMAT, "format_version": FORMAT_VERSION}
    document |= edition_documents(edition, slug=False)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def edition_import(text: str | bytes, slug: str, origin: str = "the imported file") -> Edition:
    """Reads an exported file; a damaged or foreign file raises EditionError."""
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise EditionError(origin, None, f"is not a JSON file: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise EditionError(origin, None, "is not a Dugout ruleset export")
    if document.get("format_version") != FORMAT_VERSION:
        raise EditionError(
            origin,
            None,
            f"has format version {document.get('format_version')!r}; "
            f"this Dugout reads version {FORMAT_VERSION}",
        )
    head = document.get("ruleset")
    if isinstance(head, dict):
        document["ruleset"] = {"slug": slug, **head}
    return edition_from_documents(document, origin)


def section_yaml(edition: Edition, section: str) -> str:
    """One part of the edition as YAML text, for the editor in the app."""
    part = edition_documents(edition)[section]
    return yaml.safe_dump(part, sort_keys=False, allow_unicode=True, width=100)


def edition_with_section(edition: Edition, section: str, text: str) -> Edition:
    """The edition with one part replaced by edited YAML text, checked like a data file."""
    if section not in SECTIONS:
        raise EditionError(section, None, f"is not an editable part ({', '.join(SECTIONS)})")
    try:
        part = yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        raise EditionError(section, None, f"is not valid YAML: {error}") from None
    documents = edition_documents(edition)
    documents[section] = part
    return edition_from_documents(documents, "your edit")
