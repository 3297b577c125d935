"""Who acts for a team: its coach or site staff, checked in one place for every layer."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.exceptions import PermissionDenied

from rules.plumbing.people import is_coach_or_staff, require_coach_or_staff

COACH = SimpleNamespace(pk=7, is_authenticated=True, is_staff=False)
OTHER = SimpleNamespace(pk=8, is_authenticated=True, is_staff=False)
STAFF = SimpleNamespace(pk=9, is_authenticated=True, is_staff=True)
ANONYMOUS = SimpleNamespace(pk=None, is_authenticated=False, is_staff=False)


def test_the_coach_and_staff_act_for_the_team() -> None:
    assert is_coach_or_staff(COACH, 7)
    assert is_coach_or_staff(STAFF, 7)


def test_another_coach_and_a_visitor_do_not() -> None:
    assert not is_coach_or_staff(OTHER, 7)
    assert not is_coach_or_staff(ANONYMOUS, 7)
    assert not is_coach_or_staff(ANONYMOUS, None)  # a visitor is nobody's coach


def test_the_refusal_is_a_403_with_the_callers_reason() -> None:
    require_coach_or_staff(COACH, 7, "unused")
    with pytest.raises(PermissionDenied, match="Only the team's coach may buy"):
        require_coach_or_staff(OTHER, 7, "Only the team's coach may buy.")
