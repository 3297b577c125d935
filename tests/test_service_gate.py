"""The gate for suites that need services: skipped and named on a laptop, fatal in CI."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import (
    DESELECTED,
    JOURNEYS,
    LONGEST_FIRST,
    WORKER_MODULES,
    longest_queued,
    run_group,
)

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


def test_the_journeys_and_the_real_workers_each_run_whole_on_one_worker() -> None:
    assert run_group("tests/browser/test_match_journey.py::test_two_coaches_play") == "browser"
    assert run_group("tests/browser/test_roster_sheet_journey.py::test_it[phone]") == "browser"
    assert run_group("tests/teams/test_sheet_worker.py::test_a_real_worker_draws") == "worker"
    assert run_group("tests/league/config/test_tasks.py::test_it") == "worker"


def worker_marked(session: pytest.Session) -> set[str]:
    """Every module with a test marked `worker`: read from this run's own collection when it
    holds every test module (the whole suite, under pytest-xdist too: each worker collects it
    all) and nothing was deselected (`-k`, `-m`), else from the whole suite collected again
    (about 12 s)."""
    modules = {str(path.relative_to(BASE_DIR)) for path in BASE_DIR.glob("tests/**/test_*.py")}
    collected = {item.nodeid.split("::")[0] for item in session.items}
    if modules <= collected and not DESELECTED:
        return {
            item.nodeid.split("::")[0]
            for item in session.items
            if item.get_closest_marker("worker") is not None
        }
    result = pytest_run("--collect-only", "-q", "-m", "worker")
    assert result.returncode == 0, result.stdout
    return {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}


def test_the_worker_modules_are_every_module_with_a_test_that_starts_a_real_worker(
    request: pytest.FixtureRequest,
) -> None:
    marked = worker_marked(request.session)
    assert marked - {m for m in marked if m.startswith(JOURNEYS)} == WORKER_MODULES


def test_under_xdist_each_journey_and_each_module_runs_whole_on_one_worker() -> None:
    # A real run on two workers (the journeys skipped: no chromium there, so it is quick).
    journeys = ("tests/browser/test_rules_journey.py", "tests/browser/test_rename_journey.py")
    modules = ("tests/test_hypothesis_profile.py", "tests/rules/engine/test_dice.py")
    result = pytest_run(
        "-n", "2", "--dist", "loadgroup", "-v", *journeys, *modules, CHROMIUM_PATH="/nowhere"
    )
    assert result.returncode == 0, result.stdout
    ran = re.findall(r"^\[(gw\d)\] .*? (?:PASSED|SKIPPED) (\S+)", result.stdout, re.MULTILINE)
    workers: dict[str, set[str]] = {}
    for worker, test in ran:
        workers.setdefault(run_group(test), set()).add(worker)
    assert set(workers) == {"browser", *modules}, ran
    assert all(len(used) == 1 for used in workers.values()), workers


def test_the_groups_handed_out_first_are_groups_of_this_suite() -> None:
    assert LONGEST_FIRST[0] == "browser"
    modules = LONGEST_FIRST[1:]
    assert len(set(modules)) == len(modules)
    assert [module for module in modules if not (BASE_DIR / module).is_file()] == []
    assert [module for module in modules if run_group(f"{module}::test_it") != module] == []


def test_the_longest_group_still_queued_goes_next_and_then_the_rest_in_xdists_order() -> None:
    queued = ["tests/test_layers.py", "tests/test_schema_conformance.py", "browser"]
    assert longest_queued(queued) == "browser"
    assert longest_queued(queued[:2]) == "tests/test_schema_conformance.py"
    assert longest_queued(queued[:1]) is None


def test_every_other_test_goes_to_a_worker_with_its_module() -> None:
    assert run_group("tests/teams/test_ledger.py::test_it[a]") == "tests/teams/test_ledger.py"
    assert run_group("tests/league/test_postgres.py::test_it") == "tests/league/test_postgres.py"
