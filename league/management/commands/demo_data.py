from django.core.management.base import BaseCommand

from league.demo import DEMO_PASSWORD, demo_data_create


class Command(BaseCommand):
    help = "Creates the demo coaches (idempotent) and prints how to log in as each."

    def handle(self, *args: object, **options: object) -> None:
        coaches = demo_data_create()
        self.stdout.write(self.style.SUCCESS("Demo coaches (username / password):"))
        for coach in coaches:
            self.stdout.write(f"  {coach.username} / {DEMO_PASSWORD}")
