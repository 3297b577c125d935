"""What the engine promises the rest of Dugout: tables it can read (that it imports no
Django is an import-linter contract, checked by tests/test_layers.py and `make test`).

This reads rules/editions/lrb6/tables.yaml directly (not through the loader)
and checks that every table, column and parameter the engine reads is there with the
numbers typed into the `lrb6_like` fixture from lrb6-facts.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from rules.engine.ruleset import Ruleset, Staff, TableRow, TeamCreation

ROOT = Path(__file__).resolve().parents[3]
TABLES_YAML = ROOT / "rules" / "editions" / "lrb6" / "tables.yaml"

# Columns (besides the roll) and params each engine function reads, by table key.
ENGINE_READS: dict[str, tuple[set[str], set[str]]] = {
    "casualty": (
        {"result", "effect", "miss_next_game", "niggling", "characteristic", "dead"}, set()
    ),
    "injury": ({"result"}, set()),
    "spp_awards": ({"action", "spp"}, set()),
    "experience_levels": ({"title", "improvement_rolls"}, set()),
    "improvement_roll": (
        {"characteristics"},
        {"normal_skill_always", "doubles_allow_double_skill", "max_increase", "absolute_max",
         "illegal_pairs"},
    ),
    "value_increases": ({"advancement", "value"}, set()),
    "gate": (set(), {"dice", "multiplier", "fame_more", "fame_double"}),
    "winnings": (set(), {"die", "win_or_draw_bonus", "multiplier"}),
    "fan_factor_change": (set(), {"winner_dice", "other_dice", "minimum"}),
    "spiralling_expenses": (set(), {"threshold", "band", "step"}),
}  # fmt: skip


def test_team_creation_and_staff_are_frozen_values() -> None:
    creation = TeamCreation(1_000_000, 11, 16, 10_000, 0, 9)
    staff = Staff("apothecary", "Apothecary", 50_000, 1, counts_in_value=True)
    with pytest.raises(AttributeError):
        creation.budget = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        staff.cost = 0  # type: ignore[misc]


def test_the_ruleset_carries_team_creation_and_staff(lrb6_like: Ruleset) -> None:
    assert lrb6_like.team_creation.fan_factor_price == 10_000
    assert lrb6_like.team_creation.fan_factor_max_at_creation == 9
    assert lrb6_like.staff["apothecary"].max_quantity == 1
    assert lrb6_like.staff["cheerleader"].max_quantity is None


def _lrb6_tables() -> dict[str, dict[str, Any]]:
    entries = yaml.safe_load(TABLES_YAML.read_text(encoding="utf-8"))
    return {entry["key"]: entry for entry in entries}


def _row(entry: dict[str, Any]) -> TableRow:
    values = {key: value for key, value in entry.items() if key != "roll"}
    roll = entry.get("roll")
    if roll is None:
        return TableRow(None, None, values)
    text = str(roll)
    if text.endswith("+"):
        return TableRow(int(text[:-1]), None, values)
    low, _, high = text.partition("-")
    return TableRow(int(low), int(high or low), values)


@pytest.mark.parametrize("key", ENGINE_READS)
def test_the_lrb6_data_has_every_column_and_param_the_engine_reads(key: str) -> None:
    table = _lrb6_tables().get(key)
    assert table is not None, f"tables.yaml has no {key!r} table"
    columns, params = ENGINE_READS[key]
    for entry in table.get("rows") or []:
        assert columns <= set(entry), (key, entry)
    assert params <= set(table.get("params") or {}), key


@pytest.mark.parametrize("key", ENGINE_READS)
def test_the_lrb6_data_agrees_with_the_fixture_typed_from_the_facts(
    lrb6_like: Ruleset, key: str
) -> None:
    data = _lrb6_tables()[key]
    fixture = lrb6_like.tables[key]
    assert dict(data.get("params") or {}) == dict(fixture.params)
    data_rows = [_row(entry) for entry in data.get("rows") or []]
    assert [(row.low, row.high) for row in data_rows] == [
        (row.low, row.high) for row in fixture.rows
    ]
    # Compare what the engine decides with; prose columns (effect, name, text) may differ.
    skip = {"effect", "name", "text", "description"}
    for got, expected in zip(data_rows, fixture.rows, strict=True):
        for column, value in expected.values.items():
            if column not in skip:
                assert got.values.get(column) == value, (key, got.low, column)
