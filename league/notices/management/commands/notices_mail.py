"""Mails every notice that waits (after the broker or the mail server was down)."""

from django.core.management.base import BaseCommand

from league.notices.tasks import notices_mail


class Command(BaseCommand):
    help = "Mails every notice that waits to be mailed, each once."

    def handle(self, *args, **options) -> None:
        sent = notices_mail()
        self.stdout.write(f"{sent} notice{'s' if sent != 1 else ''} mailed.")
