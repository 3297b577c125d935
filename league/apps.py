from django.apps import AppConfig


class LeagueConfig(AppConfig):
    """Coaches (users) and, later, leagues, seasons, schedules and standings."""

    name = "league"
