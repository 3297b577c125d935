"""Coaches to tell things, with confirmed addresses unless a test says otherwise."""

from __future__ import annotations

import pytest


@pytest.fixture
def varag(users):
    return users.create_user("varag", "varag@dugout.example", "kick-off-2", email_verified=True)


@pytest.fixture
def griff(users):
    return users.create_user("griff", "griff@dugout.example", "kick-off-3", email_verified=True)
