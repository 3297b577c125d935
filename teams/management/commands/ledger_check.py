from django.core.management.base import BaseCommand, CommandError
from django.db.models import Prefetch

from teams.ledger_rows import ROLLS, ledger_differences
from teams.models import Player, Team

BATCH = 200  # teams read at a time: four queries a batch, whatever the number of players


class Command(BaseCommand):
    help = (
        "Replays every team's ledger from its entries alone and reports each team, field, "
        "expected and actual value that differs from the stored state (exit 1 if any)."
    )

    def handle(self, *args: object, **options: object) -> None:
        players = Player.objects.on_roster().select_related("position", "star")
        teams = Team.objects.prefetch_related(
            Prefetch("ledger", to_attr="entries"),
            Prefetch("players", queryset=players.prefetch_related(ROLLS), to_attr="roster"),
        ).order_by("pk")
        differences, count = [], 0
        for team in teams.iterator(chunk_size=BATCH):
            count += 1
            differences += ledger_differences(team, team.roster, team.entries)
        for difference in differences:
            self.stdout.write(str(difference))
        if differences:
            raise CommandError(f"{len(differences)} difference(s) between teams and ledgers.")
        self.stdout.write(self.style.SUCCESS(f"All {count} team(s) match their ledgers."))
