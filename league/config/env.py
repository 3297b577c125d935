"""Reading Dugout's settings from the environment.

Every variable has a default that lets a fresh clone run with nothing set (SQLite, Celery
tasks run eagerly, DEBUG on). A value that cannot be understood stops start-up with an
ImproperlyConfigured error naming the variable, rather than running half-configured.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})
DATABASE_SCHEMES = frozenset({"sqlite", "postgres", "postgresql", "pgsql"})
BROKER_SCHEMES = frozenset({"redis", "rediss"})
# Django's own deploy check asks for at least 50 characters; a shorter key is refused
# outright when DEBUG is off, so a production site never runs on a guessable key.
MIN_SECRET_KEY_LENGTH = 50
CONSOLE_MAIL = "django.core.mail.backends.console.EmailBackend"


def env_bool(environ: Mapping[str, str], name: str, default: bool) -> bool:
    raw = environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (1/0, yes/no, on/off), not {raw!r}.")


def env_int(environ: Mapping[str, str], name: str, default: int, minimum: int = 0) -> int:
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}.")
    return value


def env_list(environ: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    raw = environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",")]
    if not all(items):
        raise ImproperlyConfigured(
            f"{name} must be a comma-separated list with no empty entries, not {raw!r}."
        )
    return items


def database_from_env(environ: Mapping[str, str], default_sqlite: Path) -> dict[str, Any]:
    raw = environ.get("DATABASE_URL", "").strip()
    url = raw or f"sqlite:///{default_sqlite}"
    scheme = urlsplit(url).scheme
    if scheme not in DATABASE_SCHEMES:
        raise ImproperlyConfigured(
            f"DATABASE_URL must start with postgres:// or sqlite:///, not {raw!r}."
        )
    try:
        database = dj_database_url.parse(url, conn_max_age=60 if scheme != "sqlite" else 0)
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL could not be read: {error}") from None
    if not database.get("NAME"):
        raise ImproperlyConfigured(f"DATABASE_URL names no database: {raw!r}.")
    return database


def broker_from_env(environ: Mapping[str, str]) -> str | None:
    raw = environ.get("CELERY_BROKER_URL", "").strip()
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in BROKER_SCHEMES or not parts.hostname:
        raise ImproperlyConfigured(
            f"CELERY_BROKER_URL must be a Redis URL such as redis://127.0.0.1:6379/0, not {raw!r}."
        )
    try:
        parts.port  # noqa: B018 - urlsplit only checks the port when asked for it
    except ValueError:
        raise ImproperlyConfigured(f"CELERY_BROKER_URL has a bad port: {raw!r}.") from None
    return raw


def secret_key_from_env(environ: Mapping[str, str], debug: bool, dev_key_file: Path) -> str:
    key = environ.get("SECRET_KEY", "").strip()
    if key:
        if not debug and len(key) < MIN_SECRET_KEY_LENGTH:
            raise ImproperlyConfigured(
                f"SECRET_KEY must be at least {MIN_SECRET_KEY_LENGTH} characters when DEBUG is off."
            )
        return key
    if not debug:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off: Dugout will not sign sessions with "
            "a key it made up."
        )
    return _dev_secret_key(dev_key_file)


def _dev_secret_key(path: Path) -> str:
    # Kept in a file so sessions survive a restart of the development server.
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(64)
    # Readable by its owner only, from the moment it exists: os.open sets the mode before a
    # byte is written (umask can only narrow it).
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(key)
    return key


@dataclass(frozen=True)
class Mail:
    backend: str = CONSOLE_MAIL
    host: str = "localhost"
    port: int = 25
    user: str = ""
    password: str = ""
    use_tls: bool = False
    sender: str = "Dugout <dugout@localhost>"
    site_url: str = "http://127.0.0.1:8000"  # links in mail point here

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Mail:
        return cls(
            backend=environ.get("EMAIL_BACKEND", "").strip() or CONSOLE_MAIL,
            host=environ.get("EMAIL_HOST", "").strip() or "localhost",
            port=env_int(environ, "EMAIL_PORT", 25, minimum=1),
            user=environ.get("EMAIL_HOST_USER", ""),
            password=environ.get("EMAIL_HOST_PASSWORD", ""),
            use_tls=env_bool(environ, "EMAIL_USE_TLS", default=False),
            sender=environ.get("DEFAULT_FROM_EMAIL", "").strip() or cls.sender,
            site_url=(environ.get("SITE_URL", "").strip() or cls.site_url).rstrip("/"),
        )


@dataclass(frozen=True)
class Config:
    debug: bool
    secret_key: str
    allowed_hosts: list[str]
    csrf_trusted_origins: list[str]
    database: dict[str, Any]
    broker_url: str | None
    secure_ssl_redirect: bool
    hsts_seconds: int
    # Roster sheets: after this long in "rendering" a job counts as abandoned by its worker.
    sheet_stale_seconds: int = 120
    # Fault injection for the worker tests: each render first waits this many seconds.
    sheet_render_delay: int = 0
    # Mail to the coach a report waits for; printed to the console unless a backend is named.
    mail: Mail = field(default_factory=Mail)

    @classmethod
    def from_env(cls, environ: Mapping[str, str], var_dir: Path) -> Config:
        debug = env_bool(environ, "DEBUG", default=True)
        local_hosts = ["127.0.0.1", "localhost", "[::1]"]
        allowed_hosts = env_list(environ, "ALLOWED_HOSTS", local_hosts if debug else [])
        if not debug and not allowed_hosts:
            raise ImproperlyConfigured(
                "ALLOWED_HOSTS must name the site's host names when DEBUG is off."
            )
        return cls(
            debug=debug,
            secret_key=secret_key_from_env(environ, debug, var_dir / "dev-secret-key"),
            allowed_hosts=allowed_hosts,
            csrf_trusted_origins=env_list(environ, "CSRF_TRUSTED_ORIGINS", []),
            database=database_from_env(environ, var_dir / "dugout.sqlite3"),
            broker_url=broker_from_env(environ),
            secure_ssl_redirect=env_bool(environ, "SECURE_SSL_REDIRECT", default=not debug),
            hsts_seconds=env_int(
                environ, "SECURE_HSTS_SECONDS", default=0 if debug else 31_536_000
            ),
            sheet_stale_seconds=env_int(environ, "ROSTER_SHEET_STALE_SECONDS", 120, minimum=1),
            sheet_render_delay=env_int(environ, "ROSTER_SHEET_RENDER_DELAY", 0),
            mail=Mail.from_env(environ),
        )
