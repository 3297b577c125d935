"""Every hand-worked LRB6 scenario of tests/scenarios/lrb6/ against the post-game engine:
the winnings, the fan factor change, the SPP of each player and the level-ups, step by step
as the rules give them. A mutation check follows: changing any table value the scenarios
use makes at least one of them fail."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.engine.post_game import post_game
from rules.engine.post_game_lrb6 import level_ups
from rules.engine.report_entry import SIDES
from rules.engine.ruleset import Table, TableRow
from tests.rules.scenarios import LRB6, dice_of, match_before, ruleset_of, scenario, scenario_files

FILES = scenario_files("lrb6")


def worked(data: dict, ruleset=None):
    rules = ruleset_of(data, ruleset or LRB6)
    before = match_before(data)
    return rules, before, post_game(rules, before, dice_of(data))


def outcome(data: dict, ruleset=None) -> dict:
    """What a scenario's `expect` holds, as the engine works it out."""
    rules, before, post = worked(data, ruleset)
    spp = {}
    for side in SIDES:
        gained = {}
        for player in before.side(side).players:
            amount = post.total(side, "spp", player.number)
            if amount:
                gained[player.number] = amount
        spp[side] = gained
    return {
        "winnings": {side: post.total(side, "treasury") for side in SIDES},
        "fan_factor": {side: post.total(side, "fan_factor") for side in SIDES},
        "spp": spp,
        "level_ups": level_ups(rules, before, post),
    }


def expected(data: dict) -> dict:
    expect = data["expect"]
    return {
        "winnings": {side: int(expect["winnings"][side]) for side in SIDES},
        "fan_factor": {side: int(expect["fan_factor"][side]) for side in SIDES},
        "spp": {
            side: {int(n): int(v) for n, v in ((expect.get("spp") or {}).get(side) or {}).items()}
            for side in SIDES
        },
        "level_ups": {
            side: sorted(int(n) for n in ((expect.get("level_ups") or {}).get(side) or ()))
            for side in SIDES
        },
    }


def test_there_are_at_least_ten_hand_worked_scenarios() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_engine_gives_what_the_scenario_worked_by_hand_gives(path: Path) -> None:
    data = scenario(path)
    got = outcome(data)
    got["level_ups"] = {side: sorted(got["level_ups"][side]) for side in SIDES}
    assert got == expected(data), data["title"]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_each_scenario_names_its_steps_in_the_rulesets_order(path: Path) -> None:
    _rules, _before, post = worked(scenario(path))
    assert [step.key for step in post.steps] == ["winnings", "fan_factor", "mvp", "spp"]
    assert all(step.result for step in post.steps)


# --- Mutation check: each table value the scenarios use is checked by at least one ---


def _with_param(table: str, name: str, value):
    old = LRB6.table(table)
    changed = replace(old, params={**old.params, name: value})
    return replace(LRB6, tables={**LRB6.tables, table: changed})


def _with_row_value(table: str, index: int, column: str, value):
    old: Table = LRB6.table(table)
    rows = list(old.rows)
    rows[index] = TableRow(rows[index].low, rows[index].high, {**rows[index].values, column: value})
    return replace(LRB6, tables={**LRB6.tables, table: replace(old, rows=tuple(rows))})


def _spp_row(action: str) -> int:
    rows = LRB6.table("spp_awards").rows
    return next(i for i, row in enumerate(rows) if row.values["action"] == action)


MUTANTS = {
    "winnings multiplier 10,000 -> 5,000": _with_param("winnings", "multiplier", 5_000),
    "win or draw bonus 1 -> 2": _with_param("winnings", "win_or_draw_bonus", 2),
    "winner's fan factor dice 3 -> 2": _with_param("fan_factor_change", "winner_dice", 2),
    "other teams' fan factor dice 2 -> 3": _with_param("fan_factor_change", "other_dice", 3),
    **{
        f"{action} SPP + 1": _with_row_value(
            "spp_awards",
            _spp_row(action),
            "spp",
            int(LRB6.table("spp_awards").rows[_spp_row(action)].values["spp"]) + 1,
        )
        for action in ("completion", "interception", "casualty", "touchdown", "mvp")
    },
}


def _any_fails(ruleset) -> bool:
    for path in FILES:
        data = scenario(path)
        try:
            got = outcome(data, ruleset)
        except Exception:  # a mutant that breaks the engine outright is caught too
            return True
        got["level_ups"] = {side: sorted(got["level_ups"][side]) for side in SIDES}
        if got != expected(data):
            return True
    return False


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_changing_a_table_value_the_scenarios_use_makes_one_fail(name: str) -> None:
    assert _any_fails(MUTANTS[name]), f"no scenario notices: {name}"
