from django.core.management.base import BaseCommand, CommandError

from teams.models import Team
from teams.services import ledger_differences


class Command(BaseCommand):
    help = (
        "Replays every team's ledger from its entries alone and reports each team, field, "
        "expected and actual value that differs from the stored state (exit 1 if any)."
    )

    def handle(self, *args: object, **options: object) -> None:
        teams = Team.objects.prefetch_related("ledger").order_by("pk")
        differences = [d for team in teams for d in ledger_differences(team)]
        for difference in differences:
            self.stdout.write(str(difference))
        if differences:
            raise CommandError(f"{len(differences)} difference(s) between teams and ledgers.")
        self.stdout.write(self.style.SUCCESS(f"All {teams.count()} team(s) match their ledgers."))
