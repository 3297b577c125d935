"""Values as a form types them or JSON sends them (matches/typed.py): read into what the
services take, and anything unreadable left as it came for the service to refuse by name."""

from __future__ import annotations

import datetime

import pytest

from matches.services import MatchRefused
from matches.typed import report_read, typed_date, typed_dice, typed_whole


def test_it_reads_a_date_typed_as_year_month_day() -> None:
    assert typed_date(" 2026-11-29 ") == datetime.date(2026, 11, 29)


def test_it_takes_a_date_the_api_already_read() -> None:
    assert typed_date(datetime.date(2026, 11, 29)) == datetime.date(2026, 11, 29)


@pytest.mark.parametrize("typed", ["", None, "29/11/2026", "tomorrow"])
def test_it_reads_no_date_from_anything_else(typed) -> None:
    assert typed_date(typed) is None


@pytest.mark.parametrize(("typed", "read"), [("3", 3), (3, 3), ("0", 0)])
def test_it_reads_a_whole_number_typed_or_sent(typed, read) -> None:
    assert typed_whole(typed) == read


@pytest.mark.parametrize("typed", ["three", "2.5", True])
def test_it_leaves_what_is_no_whole_number_for_the_service_to_refuse(typed) -> None:
    assert typed_whole(typed) == typed


@pytest.mark.parametrize(
    ("typed", "read"),
    [("3 5", ["3", "5"]), ("3,5", ["3", "5"]), ([3, 5], [3, 5]), ((6,), [6]), ("", []), (None, [])],
)
def test_it_reads_dice_typed_or_sent_as_a_list(typed, read) -> None:
    assert typed_dice(typed) == read


def test_it_reads_a_reports_date_and_score_and_keeps_the_rest() -> None:
    read = report_read(
        {"played_on": "2026-11-29", "home_touchdowns": "2", "away_touchdowns": 1, "notes": "Mud."}
    )
    assert read == {
        "played_on": datetime.date(2026, 11, 29),
        "home_touchdowns": 2,
        "away_touchdowns": 1,
        "notes": "Mud.",
    }


def test_it_refuses_a_report_date_it_cannot_read_naming_the_field() -> None:
    with pytest.raises(MatchRefused) as refused:
        report_read({"played_on": "29/11/2026", "home_touchdowns": 0, "away_touchdowns": 0})
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("played_on", "Give the date as YYYY-MM-DD.")
    ]


def test_a_report_without_a_date_is_left_for_the_checks_to_ask_for() -> None:
    assert report_read({"home_touchdowns": "", "away_touchdowns": None})["played_on"] is None
