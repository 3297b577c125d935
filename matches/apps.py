from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Matches, match reports and the service that applies the post-game sequence."""

    name = "matches"

    def ready(self) -> None:
        # A team's page says what waits on it after a match (a journeyman to hire) through
        # a seam teams owns, filled here, so teams never imports matches.
        from matches.hires import HiresPending
        from teams.seams import pending

        pending.fill(HiresPending())
