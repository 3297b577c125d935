from django.core.management.base import BaseCommand

from league.demo import DEMO_LEAGUE, DEMO_PASSWORD, demo_data_create
from league.demo_gdbbl import DEMO_GDBBL_COMMISSIONER, DEMO_GDBBL_LEAGUE


class Command(BaseCommand):
    help = "Creates the demo coaches, teams and league (idempotent); prints how to log in."

    def handle(self, *args: object, **options: object) -> None:
        coaches = demo_data_create()
        self.stdout.write(self.style.SUCCESS("Demo coaches (username / password):"))
        for coach in coaches:
            self.stdout.write(f"  {coach.username} / {DEMO_PASSWORD}")
        self.stdout.write(
            f"Demo league: {DEMO_LEAGUE} at /leagues/ (its commissioners are nuffle, who coaches "
            "in it, and jim, who coaches no team)."
        )
        self.stdout.write(
            f"GDBBL demo league: {DEMO_GDBBL_LEAGUE} (its commissioner is "
            f"{DEMO_GDBBL_COMMISSIONER}), round 1 half played."
        )
