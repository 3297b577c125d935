"""Raising a notice from any layer: the seam hands it to whoever keeps notices."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rules.plumbing.notices import NoticeAsked, notice, notices


@pytest.fixture
def kept():
    asked: list[NoticeAsked] = []
    before = notices._answer
    notices.fill(asked.append)
    yield asked
    notices._answer = before


def test_it_hands_the_notice_to_the_keeper(kept) -> None:
    notice("season_started", [3, 1], "Season 2 starts", "", "/leagues/1/", key="season:2")
    assert kept == [NoticeAsked("season_started", (1, 3), "Season 2 starts", "", "/leagues/1/",
                                "season:2")]  # fmt: skip


def test_it_takes_coaches_or_their_ids_and_never_tells_the_actor(kept) -> None:
    varag, griff = SimpleNamespace(pk=1), SimpleNamespace(pk=2)
    notice("report_submitted", [varag, griff, None], "t", "", "/", key="k", actor=varag)
    assert kept[0].to == (2,)
    assert kept[0].actor_id == 1


def test_nobody_left_to_tell_raises_nothing(kept) -> None:
    notice("report_submitted", [1], "t", "", "/", key="k", actor=1)
    assert kept == []


def test_without_a_keeper_a_notice_goes_nowhere() -> None:
    before = notices._answer
    notices._answer = None
    try:
        notice("report_submitted", [1], "t", "", "/", key="k")  # no error, nothing kept
    finally:
        notices._answer = before
