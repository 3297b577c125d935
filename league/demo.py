"""Demo data for a site you can click through. Later features add teams, a league and
played matches; each addition must stay idempotent, so running it twice changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

DEMO_PASSWORD = "blitz-and-block"


@dataclass(frozen=True)
class DemoCoach:
    username: str
    email: str


DEMO_COACHES = (
    DemoCoach("nuffle", "nuffle@dugout.example"),
    DemoCoach("griff", "griff@dugout.example"),
    DemoCoach("varag", "varag@dugout.example"),
    DemoCoach("morg", "morg@dugout.example"),
)


@transaction.atomic
def demo_data_create() -> list[DemoCoach]:
    """Creates (or resets the password of) every demo coach and returns them."""
    User = get_user_model()
    for coach in DEMO_COACHES:
        user, _created = User.objects.get_or_create(
            username=coach.username, defaults={"email": coach.email}
        )
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return list(DEMO_COACHES)
