from django.core.management.base import BaseCommand, CommandError

from league.models import Season
from league.tables import standings_problems


class Command(BaseCommand):
    help = (
        "Works out every season's table again from its matches and reports each league, "
        "season, team and figure whose kept row differs (exit 1 if any)."
    )

    def handle(self, *args: object, **options: object) -> None:
        seasons = Season.objects.all()
        problems = standings_problems(seasons)
        for problem in problems:
            self.stdout.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} difference(s) between tables and matches.")
        self.stdout.write(
            self.style.SUCCESS(f"All {seasons.count()} season table(s) match their matches.")
        )
