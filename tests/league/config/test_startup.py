"""Starting Dugout for real (in a child process) with the environment a user would set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[3]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-secret-that-is-long-enough-0123456789-abcdefghij",
    "ALLOWED_HOSTS": "dugout.example",
    "DATABASE_URL": "postgres://dugout@127.0.0.1:5432/dugout",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
}
VARIABLES = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "CELERY_BROKER_URL")


def manage(*args: str, **environ: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in VARIABLES}
    env.update(environ, DJANGO_SETTINGS_MODULE="league.config.settings")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_starts_with_nothing_set() -> None:
    result = manage("check")
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_it_stops_start_up_naming_a_bad_variable() -> None:
    result = manage("check", DEBUG="perhaps")
    assert result.returncode != 0
    assert "ImproperlyConfigured: DEBUG must be true or false" in result.stderr


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    environ = {key: value for key, value in PRODUCTION.items() if key != "SECRET_KEY"}
    result = manage("check", **environ)
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_the_deploy_check_is_clean_with_production_variables() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
