"""The Hypothesis profile: derandomized with an explicit deadline in CI, as many examples on a
laptop, and CI's profile on a laptop when HYPOTHESIS_PROFILE asks for it."""

from __future__ import annotations

import datetime

import hypothesis
import pytest

from tests.conftest import hypothesis_profile


def test_ci_runs_the_same_examples_every_time_with_a_deadline() -> None:
    profile = hypothesis.settings.get_profile("ci")
    assert profile.derandomize is True
    assert profile.deadline == datetime.timedelta(seconds=2)


def test_the_laptops_profile_tries_as_many_examples_as_cis() -> None:
    dev, ci = hypothesis.settings.get_profile("dev"), hypothesis.settings.get_profile("ci")
    assert dev.max_examples == ci.max_examples == 100
    assert dev.deadline == ci.deadline


def test_the_profile_in_force_is_the_one_for_this_run() -> None:
    assert hypothesis.settings.default.derandomize is (hypothesis_profile() == "ci")
    assert hypothesis.settings.default.deadline == datetime.timedelta(seconds=2)


@pytest.mark.parametrize(
    ("environ", "profile"),
    [
        ({}, "dev"),
        ({"CI": "true"}, "ci"),
        ({"HYPOTHESIS_PROFILE": "ci"}, "ci"),
        ({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}, "dev"),
    ],
)
def test_the_profile_is_cis_in_ci_or_when_asked_for(monkeypatch, environ, profile) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    assert hypothesis_profile() == profile
