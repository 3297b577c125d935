"""Numbers typed into forms, read once for every layer."""

from __future__ import annotations

import pytest

from rules.plumbing.numbers import whole_number


@pytest.mark.parametrize(
    ("typed", "number"),
    [("3", 3), (" 3 ", 3), ("-10,000", -10_000), ("1,000,000", 1_000_000), ("+7", 7)],
)
def test_it_reads_whole_numbers_with_signs_spaces_and_thousands_commas(
    typed: str, number: int
) -> None:
    assert whole_number(typed) == number


@pytest.mark.parametrize("typed", ["10k", "1.5", "three", "--1", "0x10"])
def test_it_gives_none_for_anything_that_is_not_a_whole_number(typed: str) -> None:
    assert whole_number(typed) is None


def test_a_blank_gives_zero_unless_the_caller_says_otherwise() -> None:
    assert whole_number("") == 0
    assert whole_number(None) == 0
    assert whole_number("   ") == 0
    assert whole_number("", blank=None) is None
    assert whole_number("", blank=7) == 7
