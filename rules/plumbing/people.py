"""Who acts for a team: its coach, or site staff (who may do anything)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied


def is_staff(user) -> bool:
    return bool(getattr(user, "is_staff", False))


def is_coach_or_staff(user, coach_id: int | None) -> bool:
    """True for the coach whose id is `coach_id` and for site staff; never for anonymous."""
    if not getattr(user, "is_authenticated", False):
        return False
    return is_staff(user) or coach_id == user.pk


def require_coach_or_staff(user, coach_id: int | None, refusal: str) -> None:
    """Refuses (403) anyone but the coach and site staff, with `refusal` as the reason."""
    if not is_coach_or_staff(user, coach_id):
        raise PermissionDenied(refusal)
