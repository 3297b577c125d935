"""Reading settings from the environment: defaults that work, bad values that stop start-up."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from league.config.env import Config

PRODUCTION_KEY = "k" * 30 + "-production-secret-0123456789"


def config(tmp_path: Path, **environ: str) -> Config:
    return Config.from_env(environ, tmp_path)


def production(**extra: str) -> dict[str, str]:
    return {
        "DEBUG": "false",
        "SECRET_KEY": PRODUCTION_KEY,
        "ALLOWED_HOSTS": "dugout.example",
        **extra,
    }


def test_it_runs_on_sqlite_in_the_project_with_nothing_set(tmp_path: Path) -> None:
    settings = config(tmp_path)
    assert settings.database["ENGINE"] == "django.db.backends.sqlite3"
    assert settings.database["NAME"] == str(tmp_path / "dugout.sqlite3")


def test_it_runs_tasks_eagerly_when_no_broker_is_set(tmp_path: Path) -> None:
    assert config(tmp_path).broker_url is None


def test_it_is_in_debug_mode_by_default(tmp_path: Path) -> None:
    settings = config(tmp_path)
    assert settings.debug is True
    assert settings.allowed_hosts == ["127.0.0.1", "localhost", "[::1]"]
    assert settings.secure_ssl_redirect is False
    assert settings.hsts_seconds == 0


def test_it_generates_a_development_key_and_keeps_it_across_restarts(tmp_path: Path) -> None:
    first = config(tmp_path).secret_key
    second = config(tmp_path).secret_key
    assert len(first) >= 50
    assert first == second
    assert (tmp_path / "dev-secret-key").read_text() == first


def test_the_development_key_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    old_umask = os.umask(0)  # the most permissive umask: the file's own mode must hold
    try:
        config(tmp_path)
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "dev-secret-key").stat().st_mode) == 0o600


def test_it_reads_a_postgresql_url(tmp_path: Path) -> None:
    settings = config(tmp_path, DATABASE_URL="postgres://coach@127.0.0.1:5432/dugout")
    assert settings.database["ENGINE"] == "django.db.backends.postgresql"
    assert settings.database["NAME"] == "dugout"
    assert settings.database["HOST"] == "127.0.0.1"
    assert settings.database["PORT"] == 5432
    assert settings.database["USER"] == "coach"


def test_it_reads_a_redis_broker(tmp_path: Path) -> None:
    settings = config(tmp_path, CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert settings.broker_url == "redis://127.0.0.1:6379/0"


@pytest.mark.parametrize("word", ["1", "true", "True", "yes", "on"])
def test_it_understands_true_words_for_debug(tmp_path: Path, word: str) -> None:
    assert config(tmp_path, DEBUG=word).debug is True


@pytest.mark.parametrize("word", ["0", "false", "FALSE", "no", "off"])
def test_it_understands_false_words_for_debug(word: str, tmp_path: Path) -> None:
    assert config(tmp_path, **production(DEBUG=word)).debug is False


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("DEBUG", "maybe", "DEBUG must be true or false"),
        ("DATABASE_URL", "mysql://root@127.0.0.1/dugout", "DATABASE_URL must start with"),
        ("DATABASE_URL", "not a url", "DATABASE_URL must start with"),
        ("DATABASE_URL", "postgres://127.0.0.1:5432/", "DATABASE_URL names no database"),
        ("CELERY_BROKER_URL", "amqp://guest@127.0.0.1//", "CELERY_BROKER_URL must be a Redis"),
        ("CELERY_BROKER_URL", "redis://", "CELERY_BROKER_URL must be a Redis"),
        ("CELERY_BROKER_URL", "redis://127.0.0.1:port/0", "CELERY_BROKER_URL has a bad port"),
        ("ALLOWED_HOSTS", "dugout.example,,www.dugout.example", "ALLOWED_HOSTS must be a comma"),
        ("SECURE_HSTS_SECONDS", "a year", "SECURE_HSTS_SECONDS must be a whole number"),
        ("SECURE_HSTS_SECONDS", "-1", "SECURE_HSTS_SECONDS must be at least 0"),
        ("SECURE_SSL_REDIRECT", "sometimes", "SECURE_SSL_REDIRECT must be true or false"),
        ("ROSTER_SHEET_STALE_SECONDS", "0", "ROSTER_SHEET_STALE_SECONDS must be at least 1"),
        ("ROSTER_SHEET_RENDER_DELAY", "soon", "ROSTER_SHEET_RENDER_DELAY must be a whole number"),
        ("EMAIL_PORT", "smtp", "EMAIL_PORT must be a whole number"),
        ("EMAIL_PORT", "0", "EMAIL_PORT must be at least 1"),
        ("EMAIL_USE_TLS", "maybe", "EMAIL_USE_TLS must be true or false"),
    ],
)
def test_it_stops_on_a_bad_value_naming_the_variable(
    tmp_path: Path, variable: str, value: str, message: str
) -> None:
    with pytest.raises(ImproperlyConfigured, match=message):
        config(tmp_path, **production(**{variable: value}))


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off(tmp_path: Path) -> None:
    environ = production()
    del environ["SECRET_KEY"]
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set when DEBUG is off"):
        config(tmp_path, **environ)
    assert not (tmp_path / "dev-secret-key").exists()


def test_it_refuses_a_short_secret_key_when_debug_is_off(tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be at least 50 characters"):
        config(tmp_path, **production(SECRET_KEY="short"))


def test_it_accepts_a_short_secret_key_while_debugging(tmp_path: Path) -> None:
    assert config(tmp_path, SECRET_KEY="short").secret_key == "short"


def test_it_needs_allowed_hosts_when_debug_is_off(tmp_path: Path) -> None:
    environ = production()
    del environ["ALLOWED_HOSTS"]
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS must name the site"):
        config(tmp_path, **environ)


def test_it_secures_a_production_site_by_default(tmp_path: Path) -> None:
    settings = config(tmp_path, **production())
    assert settings.allowed_hosts == ["dugout.example"]
    assert settings.secure_ssl_redirect is True
    assert settings.hsts_seconds == 31_536_000


def test_it_lets_production_turn_off_the_https_redirect_behind_a_proxy(tmp_path: Path) -> None:
    settings = config(tmp_path, **production(SECURE_SSL_REDIRECT="false"))
    assert settings.secure_ssl_redirect is False


def test_it_splits_allowed_hosts_and_trusted_origins(tmp_path: Path) -> None:
    settings = config(
        tmp_path,
        **production(
            ALLOWED_HOSTS="dugout.example, www.dugout.example",
            CSRF_TRUSTED_ORIGINS="https://dugout.example",
        ),
    )
    assert settings.allowed_hosts == ["dugout.example", "www.dugout.example"]
    assert settings.csrf_trusted_origins == ["https://dugout.example"]


def test_roster_sheets_count_a_render_abandoned_after_two_silent_minutes(tmp_path: Path) -> None:
    settings = config(tmp_path)
    assert (settings.sheet_stale_seconds, settings.sheet_render_delay) == (120, 0)
    settings = config(tmp_path, ROSTER_SHEET_STALE_SECONDS="30", ROSTER_SHEET_RENDER_DELAY="2")
    assert (settings.sheet_stale_seconds, settings.sheet_render_delay) == (30, 2)


def test_mail_is_printed_to_the_console_when_no_backend_is_named(tmp_path: Path) -> None:
    mail = config(tmp_path).mail
    assert mail.backend == "django.core.mail.backends.console.EmailBackend"
    assert (mail.sender, mail.site_url) == ("Dugout <dugout@localhost>", "http://127.0.0.1:8000")


def test_it_reads_a_real_mail_server_and_the_sites_address(tmp_path: Path) -> None:
    mail = config(
        tmp_path,
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="smtp.dugout.example",
        EMAIL_PORT="587",
        EMAIL_HOST_USER="dugout",
        EMAIL_HOST_PASSWORD="secret",
        EMAIL_USE_TLS="yes",
        DEFAULT_FROM_EMAIL="Dugout <reports@dugout.example>",
        SITE_URL="https://dugout.example/",
    ).mail
    assert (mail.host, mail.port, mail.user, mail.password, mail.use_tls) == (
        "smtp.dugout.example", 587, "dugout", "secret", True,
    )  # fmt: skip
    assert (mail.sender, mail.site_url) == (
        "Dugout <reports@dugout.example>",
        "https://dugout.example",
    )
