"""Demo data for a site you can click through. Later features add teams, a league and
played matches; each addition must stay idempotent, so running it twice changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from rules.selectors import version_get
from teams.models import Team
from teams.services import NewPlayer, team_create

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


@dataclass(frozen=True)
class DemoTeam:
    coach: str
    name: str
    ruleset: str
    race: str
    players: tuple[tuple[str, int], ...]  # position, how many
    rerolls: int
    fan_factor: int
    staff: tuple[tuple[str, int], ...] = ()


DEMO_TEAMS = (
    # 5 x 50,000 + 4 x 80,000 + 2 x 80,000 + 2 x 60,000 + 3 x 10,000 + 50,000 = 930,000
    DemoTeam("varag", "Gouged Eye", "lrb6", "orc",
             (("Lineman", 5), ("Blitzer", 4), ("Black Orc Blocker", 2)), 2, 3,
             (("apothecary", 1),)),
    # 6 x 50,000 + 2 x 70,000 + 2 x 70,000 + 2 x 90,000 + 3 x 50,000 + 2 x 10,000 = 930,000
    DemoTeam("griff", "Reikland Reavers", "lrb6", "human",
             (("Lineman", 6), ("Catcher", 2), ("Thrower", 2), ("Blitzer", 2)), 3, 2),
    # GDBBL: 11 Long Beards, a re-roll, fan factor 1 and an alchemist.
    DemoTeam("morg", "Grudgebearers", "gdbbl", "dwarf", (("Long Beard", 11),), 1, 1,
             (("alchemist", 1),)),
)  # fmt: skip


@transaction.atomic
def demo_data_create() -> list[DemoCoach]:
    """Creates (or resets the password of) every demo coach, and the demo teams once."""
    User = get_user_model()
    users = {}
    for coach in DEMO_COACHES:
        user, _created = User.objects.get_or_create(
            username=coach.username, defaults={"email": coach.email}
        )
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
        users[coach.username] = user
    for demo in DEMO_TEAMS:
        if Team.objects.filter(name=demo.name).exists():
            continue
        players = [
            NewPlayer(position, f"{position} {index}")
            for position, count in demo.players
            for index in range(1, count + 1)
        ]
        team_create(
            users[demo.coach],
            version_get(demo.ruleset),
            demo.name,
            demo.race,
            players,
            demo.rerolls,
            demo.fan_factor,
            dict(demo.staff),
        )
    return list(DEMO_COACHES)
