"""The Hypothesis profile: derandomized with an explicit deadline in CI."""

from __future__ import annotations

import datetime

import hypothesis

from tests.conftest import in_ci


def test_ci_runs_the_same_examples_every_time_with_a_deadline() -> None:
    profile = hypothesis.settings.get_profile("ci")
    assert profile.derandomize is True
    assert profile.deadline == datetime.timedelta(seconds=2)


def test_the_profile_in_force_is_the_one_for_this_machine() -> None:
    assert hypothesis.settings.default.derandomize is in_ci()
    assert hypothesis.settings.default.deadline == datetime.timedelta(seconds=2)
