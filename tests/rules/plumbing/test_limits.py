"""The one place that knows what a column holds: text length, NUL characters, number range,
the same on SQLite as on PostgreSQL."""

from __future__ import annotations

import pytest

from rules.engine.errors import Refused
from rules.plumbing.limits import (
    column_problems,
    field_problem,
    number_problem,
    require_columns_fit,
    text_problem,
)
from teams.models import LedgerEntry, Player, Team

INT_MAX = 2_147_483_647


def test_a_text_that_fits_has_no_problem() -> None:
    assert text_problem("Name", "name", "x" * 60, 60) is None
    assert text_problem("Reason", "reason", "no limit here " * 1000, None) is None


def test_a_text_too_long_is_named_with_its_limit_and_length() -> None:
    problem = text_problem("The player's name", "names", "x" * 61, 60)
    assert (problem.field, problem.message) == (
        "names",
        "The player's name may be at most 60 characters, not 61.",
    )


def test_a_nul_character_is_refused_whatever_the_length() -> None:
    problem = text_problem("The team's name", "name", "Gouged\x00Eye", 80)
    assert problem.message == "The team's name may not contain a NUL character."


def test_numbers_are_held_to_postgresqls_ranges_on_every_database() -> None:
    assert number_problem("Treasury", "treasury", INT_MAX) is None
    assert number_problem("Treasury", "treasury", -INT_MAX - 1) is None
    too_big = number_problem("Treasury", "treasury", INT_MAX + 1)
    assert too_big.message == (
        "Treasury must be between -2,147,483,648 and 2,147,483,647, not 2,147,483,648."
    )
    assert number_problem("SPP", "spp", -1, "PositiveIntegerField").message.startswith(
        "SPP must be between 0 and"
    )
    assert number_problem("Id", "id", 2**40, "BigAutoField") is None


def test_a_row_is_checked_column_by_column() -> None:
    row = Player(name="x" * 61, number=1, spp=INT_MAX + 1)
    assert sorted(p.field for p in column_problems(row)) == ["name", "spp"]
    with pytest.raises(Refused) as refused:
        require_columns_fit([row, Player(name="Ug", number=2)])
    assert len(refused.value.problems) == 2


def test_a_field_problem_reads_the_models_own_limit() -> None:
    assert field_problem(Team, "name", "x" * 81, "name", "The team's name").message == (
        "The team's name may be at most 80 characters, not 81."
    )
    assert field_problem(LedgerEntry, "summary", "x" * 200, "reason", "The reason") is None
