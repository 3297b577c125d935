from django.apps import AppConfig


class RulesConfig(AppConfig):
    """Rulesets as data, the pure rules engine and the rules browser."""

    name = "rules"

    def ready(self) -> None:
        from django.db.models.signals import pre_save

        from rules.plumbing.limits import guard_columns

        # The backstop under every save: no text or number a column cannot hold reaches
        # the database (rules/plumbing/limits.py).
        pre_save.connect(guard_columns, dispatch_uid="rules.plumbing.guard_columns")
