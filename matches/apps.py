from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Matches, match reports and the service that applies the post-game sequence."""

    name = "matches"
