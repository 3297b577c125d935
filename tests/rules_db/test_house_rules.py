"""House rules as services: copies, edits that become sealed versions, checks, permissions,
co-editors, and the exported file that imports back byte for byte."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from rules import models
from rules.edition import EditionError
from rules.edition_io import (
    SECTIONS,
    edition_documents,
    edition_export,
    edition_import,
    edition_with_section,
    section_yaml,
)
from rules.house_rules import (
    can_edit,
    can_manage_editors,
    edition_with,
    editor_add,
    editor_remove,
    ruleset_copy,
    ruleset_edit,
    ruleset_import,
)
from rules.selectors import version_get
from rules.snapshot import stored_edition

pytestmark = pytest.mark.django_db

EDITIONS = ["lrb6", "gdbbl", "first-edition", "blitz-bowl"]


def coach(username: str, **extra: Any):
    return get_user_model().objects.create_user(
        username, f"{username}@dugout.example", "touchdown-in-turn-8", **extra
    )


@pytest.fixture
def ann():
    return coach("ann")


@pytest.fixture
def bob():
    return coach("bob")


@pytest.fixture
def staff():
    return coach("sam", is_staff=True, is_superuser=True)


@pytest.fixture
def house(lrb6_version: models.RulesetVersion, ann) -> models.Ruleset:
    return ruleset_copy(lrb6_version, "Our house rules", ann)


def latest_documents(ruleset: models.Ruleset) -> dict[str, Any]:
    return edition_documents(stored_edition(ruleset.latest_version()))


def save(ruleset: models.Ruleset, section: str, change: Callable[[Any], None], user):
    """Changes one part of the latest version in place and saves it through the services."""
    edition = stored_edition(ruleset.latest_version())
    part = edition_documents(edition)[section]
    change(part)
    return ruleset_edit(ruleset, edition_with(edition, section, part), user)


def position(part: list[dict[str, Any]], race: str, name: str) -> dict[str, Any]:
    team = next(entry for entry in part if entry["slug"] == race)
    return next(entry for entry in team["positions"] if entry["name"] == name)


def setting(part: list[dict[str, Any]], key: str) -> dict[str, Any]:
    return next(entry for entry in part if entry["key"] == key)


def thrower_cost(version: models.RulesetVersion) -> int:
    return models.Position.objects.get(version=version, race__slug="human", name="Thrower").cost


def setting_value(version: models.RulesetVersion, key: str) -> Any:
    return models.Setting.objects.get(version=version, key=key).value


def set_thrower_cost(cost: Any) -> Callable[[Any], None]:
    def change(races: list[dict[str, Any]]) -> None:
        position(races, "human", "Thrower")["cost"] = cost

    return change


def set_setting(key: str, value: Any) -> Callable[[Any], None]:
    def change(settings: list[dict[str, Any]]) -> None:
        setting(settings, key)["value"] = value

    return change


# --- Copying -------------------------------------------------------------------------------


def test_a_copy_records_its_owner_and_the_version_it_was_made_from(
    house: models.Ruleset, lrb6_version: models.RulesetVersion, ann
) -> None:
    house.refresh_from_db()
    assert house.slug == "our-house-rules"
    assert house.name == "Our house rules"
    assert house.owner == ann
    assert house.parent_version == lrb6_version
    assert house.bundled is False
    assert list(house.editors.all()) == []
    assert list(house.versions.values_list("number", "sealed", "system")) == [(1, True, "lrb6")]


def test_version_1_of_a_copy_holds_exactly_the_rules_of_its_parent(
    house: models.Ruleset, lrb6_version: models.RulesetVersion
) -> None:
    parent = stored_edition(lrb6_version)
    copy = stored_edition(house.latest_version())
    assert (copy.slug, copy.name) == ("our-house-rules", "Our house rules")
    assert copy == replace(parent, slug="our-house-rules", name="Our house rules")
    assert models.Position.objects.filter(version=house.latest_version()).count() == 105
    assert thrower_cost(house.latest_version()) == 70_000
    assert setting_value(house.latest_version(), "max_touchdowns_per_team") == 24


@pytest.mark.parametrize("slug", EDITIONS)
def test_a_copy_of_each_bundled_edition_starts_with_its_rules_system_and_play(
    slug: str, ann
) -> None:
    parent = version_get(slug)
    copy = ruleset_copy(parent, f"House {slug}", ann)
    first = copy.latest_version()
    assert (first.system, first.play, first.characteristics) == (
        parent.system,
        parent.play,
        parent.characteristics,
    )
    assert stored_edition(first) == replace(
        stored_edition(parent), slug=f"house-{slug}", name=f"House {slug}"
    )


def test_a_copy_keeps_the_description_of_its_parent(
    house: models.Ruleset, lrb6_version: models.RulesetVersion
) -> None:
    assert house.description == lrb6_version.ruleset.description
    assert house.description != ""


def test_a_second_copy_with_the_same_name_gets_a_numbered_slug(
    house: models.Ruleset, lrb6_version: models.RulesetVersion, ann, bob
) -> None:
    second = ruleset_copy(lrb6_version, "Our house rules", bob)
    third = ruleset_copy(lrb6_version, "Our  House   Rules", ann)
    assert [house.slug, second.slug, third.slug] == [
        "our-house-rules",
        "our-house-rules-2",
        "our-house-rules-3",
    ]
    assert third.name == "Our House Rules"


def test_a_copy_named_after_a_bundled_edition_does_not_take_its_slug(
    lrb6_version: models.RulesetVersion, ann
) -> None:
    assert ruleset_copy(lrb6_version, "LRB6", ann).slug == "lrb6-2"
    assert models.Ruleset.objects.get(slug="lrb6").bundled is True


def test_the_name_import_does_not_take_the_slug_of_the_import_page(
    lrb6_version: models.RulesetVersion, ann
) -> None:
    first = ruleset_copy(lrb6_version, "Import", ann)
    second = ruleset_copy(lrb6_version, "import", ann)
    assert (first.name, first.slug) == ("Import", "import-rules")
    assert second.slug == "import-rules-2"
    assert not models.Ruleset.objects.filter(slug="import").exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Give the new ruleset a name."),
        ("   ", "Give the new ruleset a name."),
        ("!!!", "A ruleset's name needs at least one letter or digit."),
        ("x" * 121, "A ruleset's name has at most 120 characters."),
    ],
)
def test_a_copy_needs_a_usable_name(
    lrb6_version: models.RulesetVersion, ann, name: str, message: str
) -> None:
    before = models.Ruleset.objects.count()
    with pytest.raises(ValidationError) as error:
        ruleset_copy(lrb6_version, name, ann)
    assert error.value.message_dict == {"name": [message]}
    assert models.Ruleset.objects.count() == before


def test_a_long_name_makes_a_slug_of_at_most_40_characters(
    lrb6_version: models.RulesetVersion, ann
) -> None:
    name = "The Grand Old Bloodbowl League of the Northern Marches and Beyond"
    ruleset = ruleset_copy(lrb6_version, name, ann)
    assert ruleset.slug == "the-grand-old-bloodbowl-league-of-the-no"
    assert ruleset.name == name


def test_a_visitor_cannot_copy(lrb6_version: models.RulesetVersion) -> None:
    before = models.Ruleset.objects.count()
    with pytest.raises(PermissionDenied, match=r"Log in to copy a ruleset\."):
        ruleset_copy(lrb6_version, "Our house rules", AnonymousUser())
    assert models.Ruleset.objects.count() == before


def test_a_copy_of_an_older_version_holds_that_version(house: models.Ruleset, bob) -> None:
    save(house, "races", set_thrower_cost(80_000), house.owner)
    old = version_get(house.slug, 1)
    copy = ruleset_copy(old, "Bob's rules", bob)
    assert copy.parent_version == old
    assert thrower_cost(copy.latest_version()) == 70_000
    assert stored_edition(copy.latest_version()) == replace(
        stored_edition(old), slug="bobs-rules", name="Bob's rules"
    )


# --- Editing: independence and versions -----------------------------------------------------


def test_editing_a_copy_changes_neither_its_parent_nor_another_copy(
    house: models.Ruleset, lrb6_version: models.RulesetVersion, ann, bob
) -> None:
    other = ruleset_copy(lrb6_version, "Bob's rules", bob)
    save(house, "races", set_thrower_cost(80_000), ann)
    save(house, "settings", set_setting("max_touchdowns_per_team", 30), ann)

    edited = house.latest_version()
    assert (thrower_cost(edited), setting_value(edited, "max_touchdowns_per_team")) == (80_000, 30)
    for untouched in (lrb6_version, other.latest_version()):
        assert thrower_cost(untouched) == 70_000
        assert setting_value(untouched, "max_touchdowns_per_team") == 24
    assert models.RulesetVersion.objects.filter(ruleset__slug="lrb6").count() == 1
    assert other.versions.count() == 1


def test_each_save_is_a_new_sealed_version_and_the_old_ones_keep_their_rows(
    house: models.Ruleset, ann
) -> None:
    first = house.latest_version()
    rows_of_v1 = list(
        models.Position.objects.filter(version=first).values_list("name", "cost", "max_quantity")
    )

    second, changed = save(house, "races", set_thrower_cost(80_000), ann)
    assert (second.number, second.sealed, changed) == (2, True, True)
    third, changed = save(house, "settings", set_setting("max_touchdowns_per_team", 30), ann)
    assert (third.number, third.sealed, changed) == (3, True, True)

    assert list(house.versions.order_by("number").values_list("number", "sealed")) == [
        (1, True),
        (2, True),
        (3, True),
    ]
    assert [thrower_cost(v) for v in (first, second, third)] == [70_000, 80_000, 80_000]
    assert [setting_value(v, "max_touchdowns_per_team") for v in (first, second, third)] == [
        24,
        24,
        30,
    ]
    assert (
        list(
            models.Position.objects.filter(version=first).values_list(
                "name", "cost", "max_quantity"
            )
        )
        == rows_of_v1
    )


def test_the_versions_of_a_copy_refuse_to_change_once_saved(house: models.Ruleset, ann) -> None:
    save(house, "races", set_thrower_cost(80_000), ann)
    old = models.Position.objects.get(
        version=version_get(house.slug, 1), race__slug="human", name="Thrower"
    )
    old.cost = 1
    with pytest.raises(models.ImmutableVersionError):
        old.save()
    assert thrower_cost(version_get(house.slug, 1)) == 70_000


def test_saving_without_a_change_makes_no_version(house: models.Ruleset, ann) -> None:
    latest = house.latest_version()
    version, changed = ruleset_edit(house, stored_edition(latest), ann)
    assert (version, changed) == (latest, False)
    version, changed = save(house, "settings", lambda part: None, ann)
    assert (version, changed) == (latest, False)
    assert house.versions.count() == 1


def test_changing_a_value_back_still_makes_a_new_version(house: models.Ruleset, ann) -> None:
    save(house, "races", set_thrower_cost(80_000), ann)
    version, changed = save(house, "races", set_thrower_cost(70_000), ann)
    assert (version.number, changed) == (3, True)
    assert version.content_hash == version_get(house.slug, 1).content_hash


def test_an_edit_keeps_the_system_of_the_copy(house: models.Ruleset, ann) -> None:
    edition = stored_edition(house.latest_version())
    changed = edition_with(edition, "settings", edition_documents(edition)["settings"])
    version, saved = ruleset_edit(house, replace(changed, system="gdbbl", name="Renamed"), ann)
    assert saved is True
    assert version.system == "lrb6"
    house.refresh_from_db()
    assert house.name == "Renamed"


def test_a_new_position_and_a_removed_one_are_saved(house: models.Ruleset, ann) -> None:
    def change(races: list[dict[str, Any]]) -> None:
        human = next(race for race in races if race["slug"] == "human")
        human["positions"] = [p for p in human["positions"] if p["name"] != "Ogre"]
        human["positions"].append(
            {
                "name": "Mascot",
                "max": 1,
                "cost": 30_000,
                "characteristics": {"MA": 5, "ST": 2, "AG": 3, "AV": 7},
                "skills": ["Dodge"],
                "normal": "A",
                "double": "GS",
            }
        )

    version, _changed = save(house, "races", change, ann)
    names = models.Position.objects.filter(version=version, race__slug="human").order_by("order")
    assert list(names.values_list("name", flat=True)) == [
        "Lineman",
        "Catcher",
        "Thrower",
        "Blitzer",
        "Mascot",
    ]
    mascot = stored_edition(version).races
    human = next(race for race in mascot if race.slug == "human")
    assert human.positions[-1].skills == ("Dodge",)
    assert dict(human.positions[-1].characteristics) == {"MA": 5, "ST": 2, "AG": 3, "AV": 7}


@pytest.mark.parametrize("name", ["2025 Season", "1st Division", "Our_rules"])
def test_a_copy_can_be_edited_whatever_its_name_begins_with_or_holds(
    lrb6_version: models.RulesetVersion, ann, name: str
) -> None:
    ruleset = ruleset_copy(lrb6_version, name, ann)
    version, changed = save(ruleset, "races", set_thrower_cost(80_000), ann)
    assert (version.number, changed, thrower_cost(version)) == (2, True, 80_000)


def test_an_imported_ruleset_named_with_a_leading_digit_can_be_edited(
    lrb6_version: models.RulesetVersion, ann
) -> None:
    ruleset = ruleset_import(edition_export(stored_edition(lrb6_version)), "2025 Season", ann)
    version, changed = save(ruleset, "settings", set_setting("max_touchdowns_per_team", 30), ann)
    assert (version.number, changed) == (2, True)
    assert setting_value(version, "max_touchdowns_per_team") == 30


# --- Checks ---------------------------------------------------------------------------------


def _uncover_roll_11(tables: list[dict[str, Any]]) -> None:
    casualty = next(table for table in tables if table["key"] == "casualty")
    casualty["rows"][0]["roll"] = "12-38"


def _negative_max(races: list[dict[str, Any]]) -> None:
    position(races, "human", "Thrower")["max"] = -1


def _unknown_skill(races: list[dict[str, Any]]) -> None:
    position(races, "human", "Blitzer")["skills"] = ["Blok"]


def _unknown_access(races: list[dict[str, Any]]) -> None:
    position(races, "human", "Thrower")["normal"] = "GX"


def _unknown_category(skills: dict[str, Any]) -> None:
    next(skill for skill in skills["skills"] if skill["name"] == "Block")["category"] = "Q"


def _star_skill(stars: list[dict[str, Any]]) -> None:
    next(star for star in stars if star["name"] == "Griff Oberwald")["skills"].append("Flying")


REFUSALS = [
    ("tables", _uncover_roll_11, "your edit: tables, table 'casualty': a roll of 11 has no row"),
    (
        "races",
        _negative_max,
        "your edit: races, race 'human', position 'Thrower': "
        "max must be a whole number of 0 or more, not -1",
    ),
    (
        "races",
        set_thrower_cost("7O000"),
        "your edit: races, race 'human', position 'Thrower': "
        "cost must be a whole number of 0 or more, not '7O000'",
    ),
    (
        "races",
        _unknown_skill,
        "your edit: races, race 'human', position 'Blitzer': "
        "skills names 'Blok', which this edition does not have",
    ),
    (
        "races",
        _unknown_access,
        "your edit: races, race 'human', position 'Thrower': "
        "normal has 'X', which is not a skill category",
    ),
    (
        "skills",
        _unknown_category,
        "your edit: skills, skill 'Block': category must be one of G, A, P, S, M, E, not 'Q'",
    ),
    (
        "star_players",
        _star_skill,
        "your edit: star_players, star player 'Griff Oberwald': "
        "skills names 'Flying', which this edition does not have",
    ),
    (
        "settings",
        set_setting("max_touchdowns_per_team", "many"),
        "your edit: settings, setting 'max_touchdowns_per_team': value 'many' is not a valid int",
    ),
    (
        "settings",
        set_setting("apothecary_treats_ko", "yes"),
        "your edit: settings, setting 'apothecary_treats_ko': value 'yes' is not a valid bool",
    ),
    (
        "settings",
        set_setting("spiralling_expenses_cap", -10_000),
        "your edit: settings, setting 'spiralling_expenses_cap': value -10000 is not a valid money",
    ),
    (
        "settings",
        set_setting("petty_cash", "half"),
        "your edit: settings, setting 'petty_cash': value 'half' is not a valid choice",
    ),
]


@pytest.mark.parametrize(("section", "change", "message"), REFUSALS)
def test_an_invalid_edit_is_refused_naming_the_row_and_nothing_is_saved(
    house: models.Ruleset, ann, section: str, change: Callable[[Any], None], message: str
) -> None:
    versions = models.RulesetVersion.objects.count()
    with pytest.raises(EditionError) as error:
        save(house, section, change, ann)
    assert str(error.value) == message
    assert models.RulesetVersion.objects.count() == versions
    assert house.versions.count() == 1


def _drop_casualty_table(tables: list[dict[str, Any]]) -> None:
    tables[:] = [table for table in tables if table["key"] != "casualty"]


def _drop_winnings_reroll(settings: list[dict[str, Any]]) -> None:
    settings[:] = [s for s in settings if s["key"] != "winnings_reroll_for_winner"]


@pytest.mark.parametrize(
    ("section", "change", "name"),
    [
        ("tables", _drop_casualty_table, "casualty"),
        ("settings", _drop_winnings_reroll, "winnings_reroll_for_winner"),
    ],
)
def test_a_copy_cannot_lose_a_table_or_setting_its_post_game_rules_need(
    house: models.Ruleset, ann, section: str, change: Callable[[Any], None], name: str
) -> None:
    # The engine looks these up with Ruleset.table() and Ruleset.setting(), which raise
    # LookupError: a copy without them would fail at its first match report.
    with pytest.raises(EditionError) as error:
        save(house, section, change, ann)
    assert name in str(error.value)
    assert house.versions.count() == 1


def test_a_part_that_is_not_a_list_is_refused(house: models.Ruleset) -> None:
    edition = stored_edition(house.latest_version())
    with pytest.raises(EditionError) as error:
        edition_with(edition, "races", {"human": "yes"})
    assert str(error.value) == "your edit: races: must be a list of entries, not dict"


@pytest.mark.parametrize("slug", EDITIONS)
def test_every_part_reads_back_from_its_own_yaml_unchanged(slug: str) -> None:
    edition = stored_edition(version_get(slug))
    for section in SECTIONS:
        again = edition_with_section(edition, section, section_yaml(edition, section))
        assert again == edition, section


def test_a_yaml_edit_changes_only_what_it_says(house: models.Ruleset, ann) -> None:
    edition = stored_edition(house.latest_version())
    text = section_yaml(edition, "star_players")
    assert "- name: Griff Oberwald\n  cost: 320000\n" in text
    edited = edition_with_section(
        edition,
        "star_players",
        text.replace(
            "- name: Griff Oberwald\n  cost: 320000\n", "- name: Griff Oberwald\n  cost: 300000\n"
        ),
    )
    version, changed = ruleset_edit(house, edited, ann)
    assert (version.number, changed) == (2, True)
    griff = models.StarPlayer.objects.get(version=version, name="Griff Oberwald")
    assert griff.cost == 300_000
    assert models.StarPlayer.objects.get(version=version, name="Morg 'n' Thorg").cost == 430_000


@pytest.mark.parametrize(
    ("section", "text", "message"),
    [
        ("star_players", "- name: [unclosed\n", "star_players: is not valid YAML"),
        ("ruleset", "slug: mine\n", "ruleset: is not an editable part (settings, skills, races, "),
        ("tables", "just words\n", "your edit: tables: must be a list of entries, not str"),
    ],
)
def test_broken_yaml_or_a_part_that_cannot_be_edited_is_refused(
    house: models.Ruleset, section: str, text: str, message: str
) -> None:
    with pytest.raises(EditionError) as error:
        edition_with_section(stored_edition(house.latest_version()), section, text)
    assert str(error.value).startswith(message)


# --- Permissions ----------------------------------------------------------------------------


def test_the_owner_and_a_co_editor_may_edit_a_copy(house: models.Ruleset, ann, bob) -> None:
    assert can_edit(ann, house) is True
    assert can_edit(bob, house) is False
    editor_add(house, "bob", ann)
    assert can_edit(bob, house) is True
    version, changed = save(house, "races", set_thrower_cost(80_000), bob)
    assert (version.number, changed, thrower_cost(version)) == (2, True, 80_000)


def test_another_coach_and_a_visitor_may_not_edit_a_copy(house: models.Ruleset, bob) -> None:
    assert can_edit(bob, house) is False
    assert can_edit(AnonymousUser(), house) is False
    for user in (bob, AnonymousUser()):
        with pytest.raises(PermissionDenied) as error:
            save(house, "races", set_thrower_cost(80_000), user)
        assert str(error.value) == "Only the owner and co-editors of this ruleset may edit it."
    assert house.versions.count() == 1
    assert thrower_cost(house.latest_version()) == 70_000


def test_site_staff_may_edit_a_copy(house: models.Ruleset, staff) -> None:
    assert can_edit(staff, house) is True
    version, _changed = save(house, "races", set_thrower_cost(80_000), staff)
    assert version.number == 2


@pytest.mark.parametrize("slug", EDITIONS)
def test_bundled_editions_cannot_be_edited_even_by_staff(slug: str, staff, ann) -> None:
    ruleset = models.Ruleset.objects.get(slug=slug)
    assert ruleset.bundled is True
    assert can_edit(staff, ruleset) is False
    assert can_edit(ann, ruleset) is False
    assert can_manage_editors(staff, ruleset) is False
    edition = stored_edition(ruleset.latest_version())
    settings = edition_documents(edition)["settings"]
    settings[0]["explanation"] = "Changed."
    with pytest.raises(PermissionDenied) as error:
        ruleset_edit(ruleset, edition_with(edition, "settings", settings), staff)
    assert str(error.value) == "Bundled editions cannot be edited: copy one first."
    assert ruleset.versions.count() == 1
    with pytest.raises(PermissionDenied):
        editor_add(ruleset, "ann", staff)
    assert ruleset.editors.count() == 0


def test_only_the_owner_chooses_the_co_editors(house: models.Ruleset, ann, bob) -> None:
    carl = coach("carl")
    editor_add(house, "bob", ann)
    assert can_manage_editors(ann, house) is True
    assert can_manage_editors(bob, house) is False
    assert can_manage_editors(carl, house) is False
    assert can_manage_editors(AnonymousUser(), house) is False
    for user in (bob, carl, AnonymousUser()):
        with pytest.raises(PermissionDenied) as error:
            editor_add(house, "carl", user)
        assert str(error.value) == "Only the owner of this ruleset may choose its co-editors."
        with pytest.raises(PermissionDenied):
            editor_remove(house, "bob", user)
    assert list(house.editors.values_list("username", flat=True)) == ["bob"]


def test_a_removed_co_editor_may_no_longer_edit(house: models.Ruleset, ann, bob) -> None:
    assert editor_add(house, "bob", ann) == bob
    editor_remove(house, "bob", ann)
    assert list(house.editors.all()) == []
    assert can_edit(bob, house) is False
    with pytest.raises(PermissionDenied):
        save(house, "races", set_thrower_cost(80_000), bob)


def test_removing_someone_who_is_no_co_editor_changes_nothing(
    house: models.Ruleset, ann, bob
) -> None:
    editor_add(house, "bob", ann)
    editor_remove(house, "nobody", ann)
    editor_remove(house, "ann", ann)
    assert list(house.editors.values_list("username", flat=True)) == ["bob"]


@pytest.mark.parametrize(
    ("username", "message"),
    [("nobody", "There is no coach called 'nobody'."), ("ann", "ann owns this ruleset already.")],
)
def test_an_unknown_coach_or_the_owner_cannot_become_a_co_editor(
    house: models.Ruleset, ann, username: str, message: str
) -> None:
    with pytest.raises(ValidationError) as error:
        editor_add(house, username, ann)
    assert error.value.message_dict == {"username": [message]}
    assert house.editors.count() == 0


def test_adding_a_co_editor_twice_keeps_one(house: models.Ruleset, ann, bob) -> None:
    editor_add(house, "bob", ann)
    editor_add(house, "bob", ann)
    assert list(house.editors.values_list("username", flat=True)) == ["bob"]


# --- Export and import ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", EDITIONS)
def test_export_then_import_then_export_gives_the_same_bytes(slug: str, ann) -> None:
    exported = edition_export(stored_edition(version_get(slug))).encode()
    imported = ruleset_import(exported, None, ann)
    again = edition_export(stored_edition(imported.latest_version())).encode()
    assert again == exported
    assert imported.owner == ann
    assert imported.bundled is False
    assert imported.parent_version is None
    assert imported.name == models.Ruleset.objects.get(slug=slug).name


def test_an_exported_file_is_json_without_a_slug(lrb6_version: models.RulesetVersion) -> None:
    document = json.loads(edition_export(stored_edition(lrb6_version)))
    assert list(document) == [
        "format",
        "format_version",
        "ruleset",
        "settings",
        "skills",
        "races",
        "star_players",
        "staff",
        "inducements",
        "tables",
    ]
    assert (document["format"], document["format_version"]) == ("dugout-ruleset", 1)
    assert "slug" not in document["ruleset"]
    assert document["ruleset"]["name"] == "Living Rulebook 6"


def test_an_edited_copy_exports_and_imports_with_its_changes(house: models.Ruleset, ann, bob):
    save(house, "races", set_thrower_cost(80_000), ann)
    exported = edition_export(stored_edition(house.latest_version()))
    imported = ruleset_import(exported, "Bob's import", bob)
    assert (imported.slug, imported.name, imported.owner) == ("bobs-import", "Bob's import", bob)
    assert thrower_cost(imported.latest_version()) == 80_000
    assert stored_edition(imported.latest_version()) == replace(
        stored_edition(house.latest_version()), slug="bobs-import", name="Bob's import"
    )


def test_an_import_takes_a_free_slug(lrb6_version: models.RulesetVersion, ann) -> None:
    exported = edition_export(stored_edition(lrb6_version))
    first = ruleset_import(exported, "Import", ann)
    second = ruleset_import(exported, None, ann)
    assert (first.slug, first.name) == ("import-rules", "Import")
    assert (second.slug, second.name) == ("living-rulebook-6", "Living Rulebook 6")


def test_a_visitor_cannot_import(lrb6_version: models.RulesetVersion) -> None:
    before = models.Ruleset.objects.count()
    with pytest.raises(PermissionDenied, match=r"Log in to import a ruleset\."):
        ruleset_import(edition_export(stored_edition(lrb6_version)), None, AnonymousUser())
    assert models.Ruleset.objects.count() == before


def _export_changed(change: Callable[[dict[str, Any]], Any]) -> Callable[[str], str]:
    def damage(text: str) -> str:
        document = json.loads(text)
        change(document)
        return json.dumps(document)

    return damage


def _bad_thrower(document: dict[str, Any]) -> None:
    position(document["races"], "human", "Thrower")["cost"] = "lots"


DAMAGED = [
    ("not JSON", lambda text: text[:-200], "the imported file: is not a JSON file: "),
    ("not text", lambda text: b"\xff\xfe\x00" + text.encode(), "the imported file: is not a JSON"),
    ("a list", lambda text: "[1, 2]", "the imported file: is not a Dugout ruleset export"),
    (
        "another format",
        _export_changed(lambda d: d.update(format="obblm")),
        "the imported file: is not a Dugout ruleset export",
    ),
    (
        "no format",
        _export_changed(lambda d: d.pop("format")),
        "the imported file: is not a Dugout ruleset export",
    ),
    (
        "a newer format",
        _export_changed(lambda d: d.update(format_version=2)),
        "the imported file: has format version 2; this Dugout reads version 1",
    ),
    (
        "no format version",
        _export_changed(lambda d: d.pop("format_version")),
        "the imported file: has format version None; this Dugout reads version 1",
    ),
    (
        "a missing part",
        _export_changed(lambda d: d.pop("staff")),
        "the imported file: staff: the part is missing",
    ),
    (
        "a missing head",
        _export_changed(lambda d: d.pop("ruleset")),
        "the imported file: ruleset: the part is missing",
    ),
    (
        "an invalid row",
        _export_changed(_bad_thrower),
        "the imported file: races, race 'human', position 'Thrower': "
        "cost must be a whole number of 0 or more, not 'lots'",
    ),
]


@pytest.mark.parametrize(
    ("damage", "message"),
    [case[1:] for case in DAMAGED],
    ids=[case[0] for case in DAMAGED],
)
def test_a_damaged_file_is_refused_and_creates_nothing(
    lrb6_version: models.RulesetVersion, ann, damage: Callable[[str], Any], message: str
) -> None:
    counts = (models.Ruleset.objects.count(), models.RulesetVersion.objects.count())
    damaged = damage(edition_export(stored_edition(lrb6_version)))
    with pytest.raises(EditionError) as error:
        ruleset_import(damaged, "Broken", ann)
    assert str(error.value).startswith(message)
    assert (models.Ruleset.objects.count(), models.RulesetVersion.objects.count()) == counts
    assert not models.Ruleset.objects.filter(name="Broken").exists()


def test_an_import_with_a_name_but_no_letters_is_refused(
    lrb6_version: models.RulesetVersion, ann
) -> None:
    before = models.Ruleset.objects.count()
    with pytest.raises(ValidationError):
        ruleset_import(edition_export(stored_edition(lrb6_version)), "???", ann)
    assert models.Ruleset.objects.count() == before


def test_the_characteristic_order_survives_a_round_trip(ann) -> None:
    exported = edition_export(stored_edition(version_get("first-edition")))
    imported = stored_edition(ruleset_import(exported, None, ann).latest_version())
    order = ["MA", "SP", "ST", "AG", "TS", "CL", "AV"]
    assert list(imported.characteristics) == order
    for race in imported.races:
        for player in race.positions:
            assert list(player.characteristics) == order, (race.slug, player.name)
    for star in imported.star_players:
        assert list(star.characteristics) == order, star.name


def test_a_changed_characteristic_and_column_order_survive_a_round_trip(
    lrb6_version: models.RulesetVersion, ann
) -> None:
    document = json.loads(edition_export(stored_edition(lrb6_version)))
    document["ruleset"]["characteristics"] = ["AV", "ST", "MA", "AG"]
    casualty = next(table for table in document["tables"] if table["key"] == "casualty")
    columns = ["roll", "dead", "result", "niggling", "effect", "miss_next_game", "characteristic"]
    casualty["rows"] = [{column: row[column] for column in columns} for row in casualty["rows"]]
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"

    imported = ruleset_import(text, None, ann)
    again = edition_export(stored_edition(imported.latest_version()))
    reread = json.loads(again)
    human = next(race for race in reread["races"] if race["slug"] == "human")
    assert list(human["positions"][0]["characteristics"]) == ["AV", "ST", "MA", "AG"]
    stars = reread["star_players"]
    assert list(stars[0]["characteristics"]) == ["AV", "ST", "MA", "AG"]
    casualty = next(table for table in reread["tables"] if table["key"] == "casualty")
    assert [list(row) for row in casualty["rows"]] == [columns] * len(casualty["rows"])
    reimported = ruleset_import(again, "Again", ann)
    assert edition_export(stored_edition(reimported.latest_version())) == again.replace(
        '"name": "Living Rulebook 6"', '"name": "Again"', 1
    )


def test_an_imported_file_reads_back_as_it_was_exported(lrb6_version, ann) -> None:
    exported = edition_export(stored_edition(lrb6_version))
    edition = edition_import(exported, slug="imported")
    assert edition == replace(stored_edition(lrb6_version), slug="imported")
