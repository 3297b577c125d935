from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Coaches: the User model, sign-up, log-in and the admin's list of users."""

    name = "league.config.accounts"
    label = "accounts"
