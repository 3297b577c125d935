from django.apps import AppConfig


class TeamsConfig(AppConfig):
    """Teams, players, the team ledger, roster pages and roster sheets."""

    name = "teams"
