"""The gate for suites that need services: skipped and named on a laptop, fatal in CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import pytest_collection_modifyitems

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


def test_a_missing_service_is_named_at_the_end_when_the_suite_runs_on_workers() -> None:
    result = pytest_run("-n", "2", REDIS_TEST)
    assert result.returncode == 0, result.stdout
    assert "1 skipped" in result.stdout
    assert "suites skipped on this machine" in result.stdout
    assert "redis: CELERY_BROKER_URL is not set" in result.stdout


class Collected:
    """A collected test as the hook sees it: its module and its markers by name."""

    def __init__(self, module: str, *markers: str) -> None:
        self.nodeid = f"{module}::test_it"
        self.markers = [getattr(pytest.mark, name).mark for name in markers]

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return next((mark for mark in self.markers if mark.name == name), None)

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.markers.append(marker.mark)

    def groups(self) -> list[tuple]:
        return [mark.args for mark in self.markers if mark.name == "xdist_group"]


def test_the_journeys_and_the_real_workers_each_run_whole_on_one_worker() -> None:
    journey = Collected("tests/browser/test_match_journey.py", "browser")
    worker = Collected("tests/teams/test_sheet_worker.py", "worker", "redis")
    plain = Collected("tests/teams/test_ledger.py")
    database = Collected("tests/league/test_postgres.py", "postgres")
    pytest_collection_modifyitems([journey, worker, plain, database])
    assert journey.groups() == [("browser",)]
    assert worker.groups() == [("worker",)]


def test_every_other_test_goes_to_a_worker_with_its_module() -> None:
    plain = Collected("tests/teams/test_ledger.py")
    database = Collected("tests/league/test_postgres.py", "postgres")
    pytest_collection_modifyitems([plain, database])
    assert plain.groups() == [("tests/teams/test_ledger.py",)]
    assert database.groups() == [("tests/league/test_postgres.py",)]
