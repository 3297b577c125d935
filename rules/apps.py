from django.apps import AppConfig


class RulesConfig(AppConfig):
    """Rulesets as data, the pure rules engine and the rules browser."""

    name = "rules"
