"""Reading a bundled edition's data files (rules/editions/<slug>/*.yaml) into plain values.

Pure Python: no database. Every problem stops the reading with an EditionError naming the
file, the entry and what is wrong, so a typo in a data file can never load half a ruleset.
The file format is described in rules/editions/README.md.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from rules.edition_checks import Checker, EditionError
from rules.engine.post_game import SEQUENCE, sequence_problems
from rules.engine.ruleset import Position, Race, SkillCategory, Table, TableRow

EDITIONS_DIR = Path(__file__).resolve().parent / "editions"
FILES = (
    "ruleset",
    "settings",
    "skills",
    "races",
    "star_players",
    "staff",
    "inducements",
    "tables",
)
SETTING_TYPES = ("bool", "int", "money", "choice")
# libyaml's loader when PyYAML has it: the same safe loading, about ten times faster.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SYSTEMS = ("lrb6", "gdbbl", "first-edition", "blitz-bowl")
# What each system's rules engine looks up, so an edited copy cannot lose it and fail at its
# first match report instead of at the edit.
REQUIRED_TABLES = {
    "lrb6": ("injury", "casualty", "spp_awards", "experience_levels", "improvement_roll",
             "value_increases", "gate", "winnings", "fan_factor_change", "spiralling_expenses"),
    "gdbbl": ("injury", "serious_injury", "spp_awards", "experience_levels", "improvement_roll",
              "gate", "winnings", "fan_factor_roll", "handicap", "team_rating"),
}  # fmt: skip
REQUIRED_SETTINGS = {
    "lrb6": ("winnings_reroll_for_winner", "spiralling_expenses_cap", "max_team_rerolls"),
    "gdbbl": ("characteristic_at_cap", "fan_factor_six_or_more", "star_player_limit",
              "goblin_halfling_double_star_price", "freebooter_price_rule", "max_team_rerolls"),
}  # fmt: skip
PLAYS = ("league", "results_only")
ELIGIBILITIES = ("any", "apothecary", "no_apothecary", "races", "except")

__all__ = [
    "EDITIONS_DIR",
    "Edition",
    "EditionError",
    "bundled_edition_slugs",
    "edition_from_documents",
    "edition_read",
]


@dataclass(frozen=True)
class SettingDef:
    key: str
    type: str
    default: Any  # what the edition says
    value: Any  # what this ruleset uses: the default unless a house rule changed it
    explanation: str
    source: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class StarPlayerDef:
    name: str
    cost: int
    characteristics: Mapping[str, int]
    skills: tuple[str, ...]
    eligibility: str  # "races" (only those listed) or "except" (all but those listed)
    races: tuple[str, ...]
    paired_with: str | None
    notes: str
    kind: str = ""  # goblin, halfling, troll, treeman...: for price rules such as GDBBL's
    special: str = ""  # a secret weapon or other equipment, as printed
    size: str = "human"  # small, human or large (SIZES): the Necromancer's "roughly human size"


@dataclass(frozen=True)
class ExtraDef:
    """A member of staff or an inducement: something a team buys, within limits."""

    key: str
    name: str
    cost: int
    max_quantity: int | None
    eligibility: str
    races: tuple[str, ...]
    race_costs: Mapping[str, int]
    counts_in_value: bool
    notes: str
    group: str = ""  # at most one member of staff per group (GDBBL's wizard and kin)


@dataclass(frozen=True)
class Edition:
    slug: str
    system: str  # lrb6, gdbbl, first-edition, blitz-bowl: which post-game rules apply
    play: str  # "league" (money and progression) or "results_only"
    name: str
    description: str
    sources: tuple[str, ...]
    characteristics: tuple[str, ...]
    team_creation: Mapping[str, int]
    settings: tuple[SettingDef, ...]
    categories: tuple[SkillCategory, ...]
    skills: Mapping[str, tuple[str, str]]  # name -> (category code, description)
    races: tuple[Race, ...]
    star_players: tuple[StarPlayerDef, ...]
    staff: tuple[ExtraDef, ...]
    inducements: tuple[ExtraDef, ...]
    tables: tuple[Table, ...]

    @property
    def content_hash(self) -> str:
        """A fingerprint of the content, so loading unchanged files creates no version."""
        canonical = json.dumps(asdict(self), sort_keys=True, default=list)
        return hashlib.sha256(canonical.encode()).hexdigest()


def bundled_edition_slugs() -> list[str]:
    return sorted(path.name for path in EDITIONS_DIR.iterdir() if (path / "ruleset.yaml").exists())


def edition_read(source: str | Path) -> Edition:
    """Reads a bundled edition by its slug ("lrb6"), or any folder of edition files."""
    folder = EDITIONS_DIR / source if isinstance(source, str) else source
    documents = {name: _load_yaml(folder / f"{name}.yaml") for name in FILES}
    return _Reader(documents, lambda name: folder / f"{name}.yaml").edition()


def edition_from_documents(documents: Mapping[str, Any], origin: str) -> Edition:
    """Reads an edition from its parts already parsed (an imported file, an edit in the
    app), with the same checks as the bundled files; errors name `origin` and the part."""
    if not isinstance(documents, Mapping):
        raise EditionError(origin, None, "must be a mapping of the edition's parts")
    for name in FILES:
        if name not in documents:
            raise EditionError(f"{origin}: {name}", None, "the part is missing")
    return _Reader(documents, lambda name: f"{origin}: {name}").edition()


def _load_yaml(path: Path) -> Any:
    if not path.exists():
        raise EditionError(path, None, "the file is missing")
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        raise EditionError(path, None, f"is not valid YAML: {error}") from None


class _Reader:
    def __init__(self, documents: Mapping[str, Any], location: Callable[[str], Path | str]):
        self.documents = documents
        self.location = location  # where a part came from, for error messages

    def check(self, name: str) -> Checker:
        return Checker(self.location(name))

    def edition(self) -> Edition:
        check = self.check("ruleset")
        head = check.mapping(self.documents["ruleset"], None)
        characteristics = tuple(check.str_list(head, "characteristics", None, min_items=1))
        categories = self.categories()
        skills = self.skills(categories)
        races = self.races(characteristics, skills, categories)
        race_slugs = {race.slug for race in races}
        system = check.one_of(head, "system", None, SYSTEMS)
        tables = self.tables(characteristics)
        settings = self.settings()
        self.required(system, tables, settings)
        return Edition(
            slug=check.identifier(head, "slug", None, dashes=True),
            system=system,
            play=check.one_of(head, "play", None, PLAYS, default="league"),
            name=check.text(head, "name", None),
            description=check.text(head, "description", None, default=""),
            sources=tuple(check.str_list(head, "sources", None, default=[])),
            characteristics=characteristics,
            team_creation=self.team_creation(check, head),
            settings=settings,
            categories=categories,
            skills=skills,
            races=races,
            star_players=self.star_players(characteristics, skills, race_slugs),
            staff=self.extras("staff", race_slugs),
            inducements=self.extras("inducements", race_slugs),
            tables=tables,
        )

    def required(
        self, system: str, tables: tuple[Table, ...], settings: tuple[SettingDef, ...]
    ) -> None:
        have = {table.key for table in tables}
        for key in REQUIRED_TABLES.get(system, ()):
            if key not in have:
                raise self.check("tables").fail(
                    f"table {key!r}", f"is missing: {system} rules cannot do without it"
                )
        for table in tables:
            if table.key == SEQUENCE:  # a copy keeps every step its system's engine needs
                steps = [str(row.values.get("step", "")) for row in table.rows]
                problems = sequence_problems(system, steps)
                if problems:
                    raise self.check("tables").fail(f"table {SEQUENCE!r}", "; ".join(problems))
        keys = {setting.key for setting in settings}
        for key in REQUIRED_SETTINGS.get(system, ()):
            if key not in keys:
                raise self.check("settings").fail(
                    f"setting {key!r}", f"is missing: {system} rules cannot do without it"
                )

    def team_creation(self, check: Checker, head: Mapping[str, Any]) -> Mapping[str, int]:
        block = check.mapping(head.get("team_creation"), "team_creation")
        keys = (
            "budget",
            "min_players",
            "max_players",
            "fan_factor_price",
            "fan_factor_start",
            "fan_factor_max_at_creation",
        )
        return {key: check.whole(block, key, "team_creation") for key in keys}

    def settings(self) -> tuple[SettingDef, ...]:
        check = self.check("settings")
        result = []
        for entry in check.entries(self.documents["settings"], "key"):
            where = f"setting {entry.get('key')!r}"
            kind = check.one_of(entry, "type", where, SETTING_TYPES)
            choices = tuple(check.str_list(entry, "choices", where, default=[]))
            default = entry.get("default")
            check.setting_value(kind, choices, default, where)
            value = entry.get("value", default)
            check.setting_value(kind, choices, value, where, what="value")
            result.append(
                SettingDef(
                    key=check.identifier(entry, "key", where),
                    type=kind,
                    default=default,
                    value=value,
                    explanation=check.text(entry, "explanation", where),
                    source=check.text(entry, "source", where),
                    choices=choices,
                )
            )
        check.unique([s.key for s in result], "setting")
        return tuple(result)

    def categories(self) -> tuple[SkillCategory, ...]:
        check = self.check("skills")
        document = check.mapping(self.documents["skills"], None)
        result = []
        for entry in check.entries(document.get("categories"), "code", "categories"):
            where = f"category {entry.get('code')!r}"
            result.append(
                SkillCategory(
                    code=check.text(entry, "code", where),
                    name=check.text(entry, "name", where),
                    selectable=check.flag(entry, "selectable", where),
                )
            )
        check.unique([c.code for c in result], "category")
        return tuple(result)

    def skills(self, categories: tuple[SkillCategory, ...]) -> dict[str, tuple[str, str]]:
        check = self.check("skills")
        codes = [category.code for category in categories]
        skills: dict[str, tuple[str, str]] = {}
        for entry in check.entries(self.documents["skills"].get("skills"), "name", "skills"):
            where = f"skill {entry.get('name')!r}"
            name = check.text(entry, "name", where)
            if name in skills:
                raise EditionError(check.path, where, "appears twice")
            skills[name] = (
                check.one_of(entry, "category", where, codes),
                check.text(entry, "description", where, default=""),
            )
        return skills

    def races(
        self,
        characteristics: tuple[str, ...],
        skills: Mapping[str, tuple[str, str]],
        categories: tuple[SkillCategory, ...],
    ) -> tuple[Race, ...]:
        check = self.check("races")
        codes = "".join(category.code for category in categories)
        races = []
        for entry in check.entries(self.documents["races"], "slug"):
            where = f"race {entry.get('slug')!r}"
            positions = []
            for raw in check.entries(entry.get("positions"), "name", f"{where}, positions"):
                at = f"{where}, position {raw.get('name')!r}"
                positions.append(
                    Position(
                        name=check.text(raw, "name", at),
                        max_quantity=check.whole(raw, "max", at),
                        cost=check.whole(raw, "cost", at),
                        characteristics=check.characteristics(raw, at, characteristics),
                        skills=tuple(check.known(raw, "skills", at, skills)),
                        normal_access=check.codes(raw, "normal", at, codes),
                        double_access=check.codes(raw, "double", at, codes),
                        size=check.size(raw, at),
                    )
                )
            check.unique([p.name for p in positions], f"{where}, position")
            races.append(
                Race(
                    slug=check.identifier(entry, "slug", where, dashes=True),
                    name=check.text(entry, "name", where),
                    reroll_cost=check.whole(entry, "reroll_cost", where),
                    apothecary_allowed=check.flag(entry, "apothecary_allowed", where),
                    necromancer=check.flag(entry, "necromancer", where),
                    raises_rotters=check.flag(entry, "raises_rotters", where),
                    positions=tuple(positions),
                    notes=check.text(entry, "notes", where, default=""),
                )
            )
        check.unique([race.slug for race in races], "race")
        return tuple(races)

    def star_players(
        self,
        characteristics: tuple[str, ...],
        skills: Mapping[str, tuple[str, str]],
        race_slugs: set[str],
    ) -> tuple[StarPlayerDef, ...]:
        check = self.check("star_players")
        stars = []
        for entry in check.entries(self.documents["star_players"], "name"):
            where = f"star player {entry.get('name')!r}"
            if ("races" in entry) == ("races_except" in entry):
                raise EditionError(check.path, where, "needs either races or races_except")
            key = "races" if "races" in entry else "races_except"
            stars.append(
                StarPlayerDef(
                    name=check.text(entry, "name", where),
                    cost=check.whole(entry, "cost", where),
                    characteristics=check.characteristics(entry, where, characteristics),
                    skills=tuple(check.known(entry, "skills", where, skills)),
                    eligibility="races" if key == "races" else "except",
                    races=tuple(check.known(entry, key, where, race_slugs)),
                    paired_with=entry.get("paired_with"),
                    notes=check.text(entry, "notes", where, default=""),
                    kind=check.text(entry, "kind", where, default=""),
                    special=check.text(entry, "special", where, default=""),
                    size=check.size(entry, where),
                )
            )
        names = [star.name for star in stars]
        check.unique(names, "star player")
        for star in stars:
            if star.paired_with is not None and star.paired_with not in names:
                where = f"star player {star.name!r}"
                raise EditionError(
                    check.path, where, f"is paired with unknown {star.paired_with!r}"
                )
        return tuple(stars)

    def extras(self, name: str, race_slugs: set[str]) -> tuple[ExtraDef, ...]:
        check = self.check(name)
        extras = []
        for entry in check.entries(self.documents[name], "key"):
            where = f"{name} {entry.get('key')!r}"
            eligibility = check.one_of(entry, "eligibility", where, ELIGIBILITIES, default="any")
            races = tuple(check.known(entry, "races", where, race_slugs, default=[]))
            if eligibility in ("races", "except") and not races:
                raise EditionError(check.path, where, f"eligibility {eligibility} needs races")
            race_costs = check.race_costs(entry, where, race_slugs)
            extras.append(
                ExtraDef(
                    key=check.identifier(entry, "key", where),
                    name=check.text(entry, "name", where),
                    cost=check.whole(entry, "cost", where),
                    max_quantity=check.whole(entry, "max", where, optional=True),
                    eligibility=eligibility,
                    races=races,
                    race_costs=dict(race_costs),
                    counts_in_value=check.flag(entry, "counts_in_value", where, default=True),
                    notes=check.text(entry, "notes", where, default=""),
                    group=check.text(entry, "group", where, default=""),
                )
            )
        check.unique([extra.key for extra in extras], name)
        return tuple(extras)

    def tables(self, characteristics: tuple[str, ...]) -> tuple[Table, ...]:
        check = self.check("tables")
        tables = []
        for entry in check.entries(self.documents["tables"], "key"):
            where = f"table {entry.get('key')!r}"
            dice = check.text(entry, "dice", where, default="")
            rows = []
            for index, raw in enumerate(check.entries(entry.get("rows", []), None, where), 1):
                at = f"{where}, row {index}"
                values = {key: value for key, value in raw.items() if key != "roll"}
                low, high = check.roll(raw, at) if dice else (None, None)
                rows.append(TableRow(low=low, high=high, values=values))
            table = Table(
                key=check.identifier(entry, "key", where),
                name=check.text(entry, "name", where),
                dice=dice,
                rows=tuple(rows),
                params=check.mapping(entry.get("params", {}), f"{where}, params"),
                description=check.text(entry, "description", where, default=""),
            )
            check.coverage(table, where)
            tables.append(table)
        check.unique([table.key for table in tables], "table")
        return tuple(tables)
