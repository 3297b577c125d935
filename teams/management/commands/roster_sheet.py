from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from teams.models import Team
from teams.roster_sheet import PAPERS, sheet_html, sheet_pdf


class Command(BaseCommand):
    help = "Writes a team's roster sheet as a PDF file (drawn here, without a worker)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("team", help="The team's id, or its exact name.")
        parser.add_argument("output", type=Path, help="Where to write the PDF.")
        parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")

    def handle(self, *args: object, **options) -> None:
        wanted = str(options["team"])
        teams = Team.objects.filter(pk=int(wanted)) if wanted.isdigit() else Team.objects.none()
        team = teams.first() or Team.objects.filter(name=wanted).first()
        if team is None:
            raise CommandError(f"There is no team {wanted!r} (give its id or exact name).")
        pdf = sheet_pdf(sheet_html(team, options["paper"]))
        output: Path = options["output"]
        try:
            output.write_bytes(pdf)
        except OSError as error:
            raise CommandError(f"Could not write {output}: {error.strerror}.") from None
        self.stdout.write(
            f"Wrote {team.name}'s roster sheet ({PAPERS[options['paper']]}, "
            f"{len(pdf):,} bytes) to {output}."
        )
