"""Applies every report that is the result but was never applied: the 1st edition and Blitz
Bowl reports confirmed before Dugout applied those rulesets' results (and so never struck off
a 1st edition dead player). Each is applied exactly as confirming it would have been, by the
person whose step made it the result."""

from django.core.management.base import BaseCommand, CommandError

from matches.models import APPROVED, CONFIRMED, Match
from matches.post_game.apply import not_applied_why, post_game_apply
from matches.services import MatchRefused


def never_applied():
    """Decided reports (confirmed where reports apply at once, or approved) with no
    post-game, oldest first."""
    decided = Match.objects.filter(status__in=(CONFIRMED, APPROVED), post_game__isnull=True)
    waiting = decided.filter(status=CONFIRMED, reports_apply="commissioner")
    return (
        decided.exclude(pk__in=waiting.values("pk"))
        .select_related("ruleset_version__ruleset", "home", "away", "report")
        .order_by("pk")
    )


class Command(BaseCommand):
    help = (
        "Applies every report that became the result without being applied (1st edition and "
        "Blitz Bowl reports confirmed before Dugout applied them); --dry-run only lists them. "
        "Exit 1 if one cannot be applied (its dice are named)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="List them; apply nothing.")

    def handle(self, *args: object, dry_run: bool = False, **options: object) -> None:
        applied, refused = 0, []
        for match in never_applied():
            if not_applied_why(match):  # a forfeit, or a system with no sequence
                continue
            if dry_run:
                self.stdout.write(f"Would apply match {match.pk}: {match}")
                continue
            # As the one who made it the result: the last step into its status.
            step = match.steps.filter(status=match.status).order_by("at", "pk").last()
            actor = step.actor if step else match.home.coach
            try:
                post_game_apply(match, actor)
            except MatchRefused as refusal:
                refused.append(f"Match {match.pk} ({match}): {refusal}")
                continue
            applied += 1
            self.stdout.write(f"Applied match {match.pk}: {match}")
        for line in refused:
            self.stdout.write(line)
        if refused:
            raise CommandError(f"{len(refused)} report(s) could not be applied.")
        if not dry_run:
            self.stdout.write(self.style.SUCCESS(f"{applied} report(s) applied."))
