"""Fixtures for the team tests: a coach and the bundled ruleset versions."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from rules.models import RulesetVersion
from rules.selectors import version_get


@pytest.fixture
def coach(db):
    return get_user_model().objects.create_user("grimgor", password="waaagh-waaagh-1")


@pytest.fixture
def rival(db):
    return get_user_model().objects.create_user("morg", password="waaagh-waaagh-2")


@pytest.fixture
def gdbbl(db) -> RulesetVersion:
    return version_get("gdbbl")


@pytest.fixture
def staff_user(db):
    return get_user_model().objects.create_user("ref", password="whistle-blown-1", is_staff=True)
