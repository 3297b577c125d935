"""The gate for suites that need services: skipped and named on a laptop, fatal in CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
REDIS_TEST = "tests/league/config/test_healthz.py::test_it_reports_a_reachable_redis_as_ok"


def pytest_run(*args: str, **environ: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value for key, value in os.environ.items() if key not in ("CI", "CELERY_BROKER_URL")
    }
    env.update(environ)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_missing_service_skips_its_suite_and_names_it_at_the_end() -> None:
    result = pytest_run(REDIS_TEST)
    assert result.returncode == 0, result.stdout
    assert "1 skipped" in result.stdout
    assert "suites skipped on this machine" in result.stdout
    assert "redis: CELERY_BROKER_URL is not set" in result.stdout


def test_a_missing_service_fails_the_run_in_ci() -> None:
    result = pytest_run(REDIS_TEST, CI="true")
    assert result.returncode == 1, result.stdout
    assert "CI=true but the redis suite cannot run: CELERY_BROKER_URL is not set" in result.stdout
    assert "1 error" in result.stdout
