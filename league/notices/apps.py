from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Notices: what happened that concerns a coach, on his desk and in his mail."""

    name = "league.notices"
    label = "notices"

    def ready(self) -> None:
        # Every layer raises notices through the seam rules.plumbing.notices owns.
        from league.notices.services import notice_write
        from rules.plumbing.notices import notices

        notices.fill(notice_write)
