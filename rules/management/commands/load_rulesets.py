from django.core.management.base import BaseCommand, CommandError

from rules.edition import EditionError, bundled_edition_slugs, edition_read
from rules.services import edition_load


class Command(BaseCommand):
    help = (
        "Loads the bundled editions (rules/editions/*) as new ruleset versions where their "
        "files changed; unchanged editions are left alone."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("slugs", nargs="*", help="Only these editions (default: all).")

    def handle(self, *args: object, slugs: list[str], **options: object) -> None:
        for slug in slugs or bundled_edition_slugs():
            try:
                edition = edition_read(slug)
            except EditionError as error:
                raise CommandError(str(error)) from None
            version, created = edition_load(edition)
            state = "loaded as" if created else "unchanged at"
            self.stdout.write(f"{edition.name}: {state} version {version.number}")
