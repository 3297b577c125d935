"""LRB6's post-game sequence as data: the bundled edition lists its steps in order, and an
edition (a data folder, a part edited in the app, a house-rule copy saved through the
services, an imported file) whose sequence drops a step, names one twice or names one the
engine does not know is refused when it is read, and nothing is saved."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules import models
from rules.edition import EDITIONS_DIR, EditionError, edition_from_documents, edition_read
from rules.edition_io import edition_documents, edition_export
from rules.engine.post_game import SEQUENCE, sequence_of
from rules.house_rules import edition_with, ruleset_copy, ruleset_edit, ruleset_import
from rules.selectors import version_get
from rules.snapshot import edition_ruleset, stored_edition
from tests.unchanged import unchanged

STEPS = ["winnings", "fan_factor", "mvp", "spp", "casualties", "value_changes", "expenses", "hires"]
SPP_ROW = "    - {step: spp, name: Star Player Points}\n"
WINNINGS_ROW = "    - {step: winnings, name: Winnings}\n"


def sequence_rows(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return next(table for table in tables if table["key"] == SEQUENCE)["rows"]


def drop_spp(tables: list[dict[str, Any]]) -> None:
    rows = sequence_rows(tables)
    rows[:] = [row for row in rows if row["step"] != "spp"]


def winnings_twice(tables: list[dict[str, Any]]) -> None:
    sequence_rows(tables).append({"step": "winnings", "name": "Winnings again"})


def add_banquet(tables: list[dict[str, Any]]) -> None:
    sequence_rows(tables).append({"step": "banquet", "name": "Victory banquet"})


def empty(tables: list[dict[str, Any]]) -> None:
    sequence_rows(tables).clear()


BROKEN: list[tuple[str, Callable[[list[dict[str, Any]]], None], str]] = [
    ("drops spp", drop_spp, "the post-game step 'spp' is missing"),
    ("winnings twice", winnings_twice, "the post-game step 'winnings' is named twice"),
    ("adds banquet", add_banquet, "lrb6 has no post-game step 'banquet'"),
]
IDS = [name for name, _change, _problem in BROKEN]


# --- The bundled edition ------------------------------------------------------------------


def test_the_bundled_lrb6_sequence_follows_the_post_match_order_of_the_rules() -> None:
    edition = edition_read("lrb6")
    table = next(table for table in edition.tables if table.key == SEQUENCE)
    assert [row.values["step"] for row in table.rows] == STEPS
    assert [row.values["name"] for row in table.rows] == [
        "Winnings", "Fan factor", "Most Valuable Player", "Star Player Points",
        "Casualties and the dead", "Value changes", "Spiralling expenses", "Hire and fire",
    ]  # fmt: skip
    assert sequence_of(edition_ruleset(edition)) == tuple(STEPS)


def test_gdbbl_has_the_eight_steps_of_its_post_match_sequence() -> None:
    table = next(t for t in edition_read("gdbbl").tables if t.key == SEQUENCE)
    assert [row.values["step"] for row in table.rows] == [
        "injuries", "winnings", "mvp", "spp", "fan_factor", "clear_and_expire", "purchases",
        "team_rating",
    ]  # fmt: skip


@pytest.mark.parametrize("slug", ["first-edition", "blitz-bowl"])
def test_the_results_only_editions_record_the_result_and_nothing_more(slug: str) -> None:
    table = next(t for t in edition_read(slug).tables if t.key == SEQUENCE)
    assert [(row.values["step"], row.values["name"]) for row in table.rows] == [
        ("result", "The result")
    ]
    assert sequence_of(edition_ruleset(edition_read(slug))) == ("result",)


# --- A data folder ----------------------------------------------------------------------------


@pytest.fixture
def lrb6_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "lrb6"
    shutil.copytree(EDITIONS_DIR / "lrb6", folder)
    return folder


def edit_tables(folder: Path, old: str, new: str) -> None:
    path = folder / "tables.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize(
    ("new", "problem"),
    [
        ("", "the post-game step 'spp' is missing"),
        (SPP_ROW + WINNINGS_ROW, "the post-game step 'winnings' is named twice"),
        (SPP_ROW + "    - {step: banquet, name: Victory banquet}\n",
         "lrb6 has no post-game step 'banquet'"),
    ],
    ids=IDS,
)  # fmt: skip
def test_an_edition_folder_with_a_broken_sequence_is_refused_when_read(
    lrb6_folder: Path, new: str, problem: str
) -> None:
    edit_tables(lrb6_folder, SPP_ROW, new)
    with pytest.raises(EditionError) as error:
        edition_read(lrb6_folder)
    assert str(error.value) == f"{lrb6_folder / 'tables.yaml'}, table {SEQUENCE!r}: {problem}"


def test_an_edition_folder_with_its_steps_in_another_order_is_read(lrb6_folder: Path) -> None:
    edit_tables(lrb6_folder, WINNINGS_ROW, "")
    edit_tables(lrb6_folder, SPP_ROW, SPP_ROW + WINNINGS_ROW)
    edition = edition_read(lrb6_folder)
    assert sequence_of(edition_ruleset(edition)) == (
        "fan_factor",
        "mvp",
        "spp",
        "winnings",
        *STEPS[4:],
    )


# --- Parts edited in the app --------------------------------------------------------------


@pytest.mark.parametrize(("name", "change", "problem"), BROKEN, ids=IDS)
def test_edited_parts_with_a_broken_sequence_are_refused(
    name: str, change: Callable, problem: str
) -> None:
    documents = edition_documents(edition_read("lrb6"))
    change(documents["tables"])
    with pytest.raises(EditionError) as error:
        edition_from_documents(documents, "your edit")
    assert str(error.value) == f"your edit: tables, table {SEQUENCE!r}: {problem}"


def test_an_empty_sequence_names_every_missing_step() -> None:
    documents = edition_documents(edition_read("lrb6"))
    empty(documents["tables"])
    with pytest.raises(EditionError) as error:
        edition_from_documents(documents, "your edit")
    assert str(error.value) == (
        f"your edit: tables, table {SEQUENCE!r}: the post-game step 'winnings' is missing; "
        "the post-game step 'fan_factor' is missing; the post-game step 'mvp' is missing; "
        "the post-game step 'spp' is missing; the post-game step 'casualties' is missing; "
        "the post-game step 'value_changes' is missing; the post-game step 'expenses' is "
        "missing; the post-game step 'hires' is missing"
    )


def test_a_gdbbl_edition_may_not_borrow_lrb6_steps() -> None:
    lrb6_tables = edition_documents(edition_read("lrb6"))["tables"]
    documents = edition_documents(edition_read("gdbbl"))
    documents["tables"] = [t for t in documents["tables"] if t["key"] != SEQUENCE]
    documents["tables"].append(next(t for t in lrb6_tables if t["key"] == SEQUENCE))
    with pytest.raises(EditionError) as error:
        edition_from_documents(documents, "your edit")
    said = str(error.value)
    assert said.startswith(
        f"your edit: tables, table {SEQUENCE!r}: the post-game step 'injuries' is missing"
    )
    assert "gdbbl has no post-game step 'casualties'" in said


# --- A house-rule copy, through the services ----------------------------------------------


@pytest.fixture
def house(db, users):
    owner = users.create_user("ann", "ann@dugout.example", "touchdown-in-turn-8")
    return ruleset_copy(version_get("lrb6"), "Ann's house rules", owner), owner


def saved(ruleset: models.Ruleset, change: Callable, owner):
    edition = stored_edition(ruleset.latest_version())
    part = edition_documents(edition)["tables"]
    change(part)
    return ruleset_edit(ruleset, edition_with(edition, "tables", part), owner)


@pytest.mark.parametrize(("name", "change", "problem"), BROKEN, ids=IDS)
def test_a_house_rule_copy_edited_to_break_its_sequence_is_refused_and_nothing_saved(
    house, name: str, change: Callable, problem: str
) -> None:
    ruleset, owner = house
    with unchanged(), pytest.raises(EditionError) as error:
        saved(ruleset, change, owner)
    assert str(error.value) == f"your edit: tables, table {SEQUENCE!r}: {problem}"
    assert ruleset.versions.count() == 1
    assert sequence_of_version(ruleset.latest_version()) == tuple(STEPS)


def sequence_of_version(version: models.RulesetVersion) -> tuple[str, ...]:
    return sequence_of(edition_ruleset(stored_edition(version)))


def test_a_house_rule_copy_may_put_its_steps_in_another_order(house) -> None:
    ruleset, owner = house

    def mvp_first(tables: list[dict[str, Any]]) -> None:
        rows = sequence_rows(tables)
        rows.insert(0, rows.pop(2))

    version, changed = saved(ruleset, mvp_first, owner)
    assert (version.number, changed) == (2, True)
    assert sequence_of_version(version) == ("mvp", "winnings", "fan_factor", "spp", *STEPS[4:])


def test_an_imported_file_with_a_broken_sequence_is_refused_and_creates_nothing(house) -> None:
    ruleset, owner = house
    edition = stored_edition(ruleset.latest_version())
    text = edition_export(edition).replace(
        '"step": "spp",\n          "name": "Star Player Points"',
        '"step": "banquet",\n          "name": "Victory banquet"',
    )
    assert '"step": "banquet"' in text
    with unchanged(), pytest.raises(EditionError) as error:
        ruleset_import(text, "Banquet rules", owner)
    assert str(error.value) == (
        f"the imported file: tables, table {SEQUENCE!r}: the post-game step 'spp' is missing; "
        "lrb6 has no post-game step 'banquet'"
    )
