"""Loading an edition: idempotent, versioned, immutable, and loud about malformed files."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rules import models
from rules.edition import EditionError, edition_read
from rules.services import edition_load
from rules.snapshot import edition_ruleset, ruleset_snapshot, stored_edition

pytestmark = pytest.mark.django_db


def load_rulesets(*args: str) -> str:
    out = StringIO()
    call_command("load_rulesets", *args, stdout=out)
    return out.getvalue()


def replace_in(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, count))


@pytest.fixture
def fresh_edition(lrb6_copy: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The LRB6 files under a slug no database has seen, as the only bundled edition."""
    replace_in(lrb6_copy / "ruleset.yaml", "slug: lrb6", "slug: lrb6-fresh")
    monkeypatch.setattr("rules.edition.EDITIONS_DIR", lrb6_copy.parent)
    return lrb6_copy


def test_the_command_loads_an_edition_as_version_1(fresh_edition: Path) -> None:
    assert load_rulesets() == "Living Rulebook 6: loaded as version 1\n"
    version = models.RulesetVersion.objects.get(ruleset__slug="lrb6-fresh")
    assert version.number == 1
    assert version.sealed is True
    assert version.ruleset.bundled is True
    assert version.characteristics == ["MA", "ST", "AG", "AV"]


def test_it_stores_every_row_of_lrb6(lrb6_version: models.RulesetVersion) -> None:
    counts = {
        model.__name__: model.objects.filter(version=lrb6_version).count()
        for model in (
            models.Race,
            models.Position,
            models.StarPlayer,
            models.Skill,
            models.SkillCategory,
            models.Staff,
            models.Inducement,
        )
    }
    assert counts == {
        "Race": 24,
        "Position": 105,
        "StarPlayer": 57,
        "Skill": 75,
        "SkillCategory": 6,
        "Staff": 4,
        "Inducement": 9,
    }
    casualty = models.RulesTable.objects.get(version=lrb6_version, key="casualty")
    assert casualty.dice == "D68"


def test_loading_again_changes_nothing(lrb6_version: models.RulesetVersion) -> None:
    assert "Living Rulebook 6: unchanged at version 1" in load_rulesets()
    assert models.RulesetVersion.objects.filter(ruleset__slug="lrb6").count() == 1
    assert models.Position.objects.filter(version=lrb6_version).count() == 105


def test_a_changed_file_becomes_a_new_version_and_the_old_one_stays(
    lrb6_version: models.RulesetVersion, lrb6_copy: Path
) -> None:
    races = lrb6_copy / "races.yaml"
    replace_in(
        races,
        "  - name: Thrower\n    max: 2\n    cost: 70000",
        "  - name: Thrower\n    max: 2\n    cost: 75000",
    )
    version, created = edition_load(edition_read(lrb6_copy))
    assert created is True
    assert version.number == 2
    old = models.Position.objects.get(version=lrb6_version, race__slug="amazon", name="Thrower")
    new = models.Position.objects.get(version=version, race__slug="amazon", name="Thrower")
    assert (old.cost, new.cost) == (70000, 75000)


def test_a_sealed_version_refuses_to_change_a_row(lrb6_version: models.RulesetVersion) -> None:
    thrower = models.Position.objects.get(version=lrb6_version, race__slug="human", name="Thrower")
    thrower.cost = 1
    with pytest.raises(models.ImmutableVersionError, match="sealed"):
        thrower.save()
    assert models.Position.objects.get(pk=thrower.pk).cost == 70000


def test_a_sealed_version_refuses_to_lose_a_row(lrb6_version: models.RulesetVersion) -> None:
    setting = models.Setting.objects.get(version=lrb6_version, key="max_touchdowns_per_team")
    with pytest.raises(models.ImmutableVersionError):
        setting.delete()
    assert models.Setting.objects.filter(pk=setting.pk).exists()


def test_a_sealed_version_refuses_to_change_or_go(lrb6_version: models.RulesetVersion) -> None:
    lrb6_version.characteristics = ["MA"]
    with pytest.raises(models.ImmutableVersionError):
        lrb6_version.save()
    with pytest.raises(models.ImmutableVersionError):
        lrb6_version.delete()


def test_the_stored_version_reads_back_as_the_files_say(
    lrb6_version: models.RulesetVersion, lrb6_edition
) -> None:
    assert stored_edition(lrb6_version) == lrb6_edition
    assert stored_edition(lrb6_version).content_hash == lrb6_version.content_hash
    assert ruleset_snapshot(lrb6_version) == edition_ruleset(lrb6_edition, version=1)


def test_reading_a_version_takes_a_fixed_number_of_queries(
    lrb6_version: models.RulesetVersion, django_assert_num_queries
) -> None:
    version = models.RulesetVersion.objects.select_related("ruleset").get(pk=lrb6_version.pk)
    # One query per kind of row (skills, positions, their skills, races, ...), never per row;
    # the snapshot then keeps it for the process (tests/rules_db/test_snapshot_cache.py).
    with django_assert_num_queries(15):
        stored_edition(version)


MALFORMED = [
    (
        "races.yaml",
        "    cost: 50000\n    characteristics: {MA: 6, ST: 3, AG: 3, AV: 7}\n    skills: [Dodge]\n",
        "    cost: 50k\n    characteristics: {MA: 6, ST: 3, AG: 3, AV: 7}\n    skills: [Dodge]\n",
        "races.yaml, race 'amazon', position 'Linewoman': cost must be a whole number",
    ),
    (
        "races.yaml",
        "skills: [Dodge, Catch]",
        "skills: [Dodge, Cach]",
        "race 'amazon', position 'Catcher': skills names 'Cach', which this edition does not have",
    ),
    (
        "races.yaml",
        "{MA: 6, ST: 3, AG: 3, AV: 7}",
        "{MA: 6, ST: 3, AG: 3}",
        "race 'amazon', position 'Linewoman': characteristics must be exactly MA, ST, AG, AV",
    ),
    (
        "races.yaml",
        "normal: GP",
        "normal: GX",
        "position 'Thrower': normal has 'X', which is not a skill category",
    ),
    (
        "star_players.yaml",
        "races: [dwarf]",
        "races: [dwarves]",
        "star player 'Barik Farblast': races names 'dwarves'",
    ),
    (
        "tables.yaml",
        "{roll: 41,",
        "{roll: 42,",
        "table 'casualty': a roll of 41 has no row",
    ),
    (
        "settings.yaml",
        "default: 24",
        "default: many",
        "setting 'max_touchdowns_per_team': default 'many' is not a valid int",
    ),
    (
        "skills.yaml",
        "category: G",
        "category: Q",
        "category must be one of G, A, P, S, M, E, not 'Q'",
    ),
    ("staff.yaml", "- key: apothecary", "- key: Apothecary!", "key must be snake_case"),
    ("inducements.yaml", "max: 3", "max: three", "max must be a whole number"),
    ("ruleset.yaml", "budget: 1000000", "budget: -5", "budget must be a whole number of 0 or more"),
    ("skills.yaml", "categories:", "categories: [\n", "skills.yaml: is not valid YAML"),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), MALFORMED)
def test_a_malformed_file_is_refused_naming_the_file_entry_and_problem(
    lrb6_copy: Path, file: str, old: str, new: str, message: str
) -> None:
    replace_in(lrb6_copy / file, old, new)
    with pytest.raises(EditionError) as error:
        edition_read(lrb6_copy)
    assert str(error.value).startswith(str(lrb6_copy / file))
    assert message in str(error.value)


def test_a_missing_file_is_refused(lrb6_copy: Path) -> None:
    (lrb6_copy / "staff.yaml").unlink()
    with pytest.raises(EditionError, match=r"staff\.yaml: the file is missing"):
        edition_read(lrb6_copy)


def test_a_repeated_race_is_refused(lrb6_copy: Path) -> None:
    replace_in(lrb6_copy / "races.yaml", "- slug: chaos\n", "- slug: amazon\n")
    with pytest.raises(EditionError, match="race 'amazon': appears twice"):
        edition_read(lrb6_copy)


def test_the_command_stops_on_a_malformed_file_and_stores_nothing(fresh_edition: Path) -> None:
    replace_in(fresh_edition / "races.yaml", "reroll_cost: 50000", "reroll_cost: fifty")
    with pytest.raises(CommandError, match="race 'amazon': reroll_cost must be a whole number"):
        load_rulesets()
    assert not models.Ruleset.objects.filter(slug="lrb6-fresh").exists()


def test_a_race_price_for_an_unknown_race_is_refused(lrb6_copy: Path) -> None:
    replace_in(lrb6_copy / "inducements.yaml", "{goblin: 50000}", "{gobbo: 50000}")
    with pytest.raises(EditionError, match="inducements 'bribes': race_costs names 'gobbo'"):
        edition_read(lrb6_copy)


def test_a_race_price_that_is_not_gold_is_refused(lrb6_copy: Path) -> None:
    replace_in(lrb6_copy / "inducements.yaml", "{goblin: 50000}", "{goblin: cheap}")
    with pytest.raises(EditionError, match="race_costs: goblin must be a whole number"):
        edition_read(lrb6_copy)
