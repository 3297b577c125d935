"""Suite-wide fixtures and the gate for suites that need outside services.

Tests marked `postgres`, `redis`, `worker` or `browser` need PostgreSQL, Redis or Debian's
chromium. On a laptop without them those suites are skipped and named at the end of the
run; with CI=true a missing service is a failure, never a silent skip.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from django.conf import settings
from django.db import connection

from league.config.env import env_bool
from league.config.health import OK, broker_state
from rules.edition import Edition, edition_read

BASE_DIR = Path(__file__).resolve().parent.parent
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
WORKER_START_SECONDS = 60

SKIPPED_SUITES: dict[str, str] = {}


def in_ci() -> bool:
    return env_bool(os.environ, "CI", default=False)


def hypothesis_profile() -> str:
    """HYPOTHESIS_PROFILE when set (`ci` to run CI's examples on a laptop), else `ci` in CI
    and `dev` elsewhere."""
    return os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if in_ci() else "dev")


# Hypothesis: in CI the same examples every run (a failure is reproducible from the log, never
# a flake on a noisy machine) and an explicit deadline; on a laptop, as many examples, fresh
# each run. Both try Hypothesis's default 100 examples a property: neither is lighter.
hypothesis.settings.register_profile(
    "ci", derandomize=True, deadline=datetime.timedelta(seconds=2), print_blob=True
)
hypothesis.settings.register_profile("dev", deadline=datetime.timedelta(seconds=2))
hypothesis.settings.load_profile(hypothesis_profile())


@cache
def missing_service(suite: str) -> str | None:
    """Why the services a suite needs are not here, or None when they are."""
    if suite == "postgres":
        if connection.vendor != "postgresql":
            return "DATABASE_URL does not point at PostgreSQL"
        return None
    if suite in ("redis", "worker"):
        if not settings.CELERY_BROKER_URL:
            return "CELERY_BROKER_URL is not set"
        state = broker_state()
        return None if state == OK else f"Redis at CELERY_BROKER_URL is {state}"
    if suite == "browser":
        if not (Path(CHROMIUM_PATH).exists() or shutil.which(CHROMIUM_PATH)):
            return f"no chromium at {CHROMIUM_PATH} (apt-get install chromium)"
        return None
    raise ValueError(f"unknown suite {suite!r}")


SERVICE_MARKERS = ("postgres", "redis", "worker", "browser")
SKIP_SAID = re.compile(r"(\w+) suite skipped: (.*)$")
# Suites that want a core to themselves under pytest-xdist (`make test`, `--dist loadgroup`):
# the browser journeys (chromium and its live server) and the modules that start real Celery
# workers (marked `worker`; tests/test_service_gate.py checks this list against the marks).
# Each runs whole on one worker while the others share the rest; every other test goes with
# its module, so a worker is handed a module at a time, not a test at a time.
JOURNEYS = "tests/browser/"
WORKER_MODULES = frozenset(
    {
        "tests/teams/test_sheet_worker.py",
        "tests/league/config/test_tasks.py",
        "tests/league/notices/test_worker.py",
    }
)


def run_group(nodeid: str) -> str:
    """The group a test runs whole with on one worker: "browser", "worker" or its module."""
    module = nodeid.split("::", 1)[0]
    if module.startswith(JOURNEYS):
        return "browser"
    return "worker" if module in WORKER_MODULES else module


# The groups that take longest (measured with --junitxml, slowest first), handed out before
# all others: pytest-xdist hands out the groups with the most tests first, which left the long
# single properties and the schema walk for the end, one worker running them while the other
# sat idle. An out-of-date entry costs only balance; tests/test_service_gate.py checks each
# still names a group.
LONGEST_FIRST = (
    "browser",
    "tests/test_bad_input.py",
    "tests/matches/amend/test_correct_properties.py",
    "tests/matches/amend/test_revert_properties.py",
    "tests/matches/test_actions.py",
    "tests/rules_db/test_house_rules.py",
    "tests/test_schema_conformance.py",
    "tests/matches/kick_off/test_gdbbl_kick_off_api.py",
    "tests/teams/test_ledger_inverse.py",
    "tests/rules_db/test_house_pages.py",
    "tests/matches/test_pages.py",
    "tests/test_service_gate.py",
    "tests/league/config/test_content_security_policy.py",
    "tests/rules_db/test_house_api.py",
    "tests/matches/amend/test_correct.py",
    "tests/teams/test_sheets.py",
    "tests/teams/test_rebuild_properties.py",
)


def longest_queued(queued: Collection[str]) -> str | None:
    """The group of LONGEST_FIRST to hand out next, if any is still queued."""
    return next((group for group in LONGEST_FIRST if group in queued), None)


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """`--dist loadgroup` by run_group, the longest groups first. pytest-xdist 3.8 marks a
    test's group by rewriting its id, which pytest 9.2 no longer reads: its own loadgroup hands
    out tests one at a time, splitting the journeys and the modules. Grouping by id needs no
    mark at all."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return run_group(nodeid)

        def _assign_work_unit(self, node) -> None:
            longest = longest_queued(self.workqueue)
            if longest is not None:
                self.workqueue.move_to_end(longest, last=False)
            super()._assign_work_unit(node)

    return ByGroup(config, log)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is None:
        journeys_over()
    for suite in SERVICE_MARKERS:
        if item.get_closest_marker(suite) is None:
            continue
        reason = missing_service(suite)
        if reason is None:
            continue
        if in_ci():
            pytest.fail(f"CI=true but the {suite} suite cannot run: {reason}", pytrace=False)
        pytest.skip(f"{suite} suite skipped: {reason}")


def journeys_over() -> None:
    """Stops the browser the journeys share (tests/browser/conftest.py), if it runs here."""
    journeys = sys.modules.get("tests.browser.conftest")
    if journeys is not None:
        journeys.shared_browser_close()


def pytest_sessionfinish() -> None:
    journeys_over()


# Whether this run left tests out (`-k`, `-m`, `--deselect`): tests/test_service_gate.py then
# does not take this run's collection for the whole suite's.
DESELECTED: list[bool] = []


def pytest_deselected(items: list[pytest.Item]) -> None:
    if items:
        DESELECTED.append(True)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Notes each suite the gate above skipped, for the run's summary: from the skip's report,
    which reaches the main process under pytest-xdist too (the skip happens in a worker)."""
    if report.skipped and isinstance(report.longrepr, tuple):
        said = SKIP_SAID.search(str(report.longrepr[2]))
        if said and said[1] in SERVICE_MARKERS:
            SKIPPED_SUITES[said[1]] = said[2]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not SKIPPED_SUITES:
        return
    terminalreporter.section("suites skipped on this machine")
    for suite, reason in sorted(SKIPPED_SUITES.items()):
        terminalreporter.write_line(f"{suite}: {reason}")


@dataclass(frozen=True)
class WorkerProcess:
    hostname: str
    queue: str
    process: subprocess.Popen[bytes]
    log: Path


def _test_database_url() -> str | None:
    """The test database as a URL, so a worker process reads the rows the test wrote."""
    if connection.vendor != "postgresql":
        return None
    params = connection.settings_dict
    user = params.get("USER") or ""
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    host = params.get("HOST") or "127.0.0.1"
    port = params.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{params['NAME']}"


@pytest.fixture
def worker_factory(tmp_path: Path) -> Iterator[Callable[..., WorkerProcess]]:
    """Starts real `celery -A league.config worker` processes, each on its own queue unless told
    to share one, with extra environment variables; eager mode is off while they run.

    Tests using it are marked `worker` so the gate above decides whether Redis is here.
    """
    from league.config.celery import app

    started: list[WorkerProcess] = []

    def start(queue: str | None = None, **extra_env: str) -> WorkerProcess:
        queue = queue or f"dugout-test-{uuid.uuid4().hex[:10]}"
        hostname = f"{queue}-{len(started)}@{socket.gethostname()}"
        log = tmp_path / f"worker-{len(started)}.log"
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "league.config.settings", **extra_env}
        env["CELERY_BROKER_URL"] = settings.CELERY_BROKER_URL
        database_url = _test_database_url()
        if database_url:
            env["DATABASE_URL"] = database_url
        command = [
            sys.executable, "-m", "celery", "-A", "league.config", "worker",
            "--pool=solo", "--concurrency=1", "--queues", queue, "--hostname", hostname,
            "--without-gossip", "--without-mingle", "--loglevel=INFO",
        ]  # fmt: skip
        with log.open("wb") as out:
            process = subprocess.Popen(
                command, cwd=BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        worker = WorkerProcess(hostname=hostname, queue=queue, process=process, log=log)
        started.append(worker)
        _wait_until_ready(process, log)
        app.conf.task_always_eager = False
        return worker

    try:
        yield start
    finally:
        app.conf.task_always_eager = True
        for worker in started:
            worker.process.terminate()
            try:
                worker.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait()


@pytest.fixture
def celery_worker(worker_factory: Callable[..., WorkerProcess]) -> WorkerProcess:
    """One real worker on its own queue."""
    return worker_factory()


def _wait_until_ready(process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + WORKER_START_SECONDS
    while time.monotonic() < deadline:
        if " ready." in log.read_text(errors="replace"):
            return
        if process.poll() is not None:
            break
        time.sleep(0.2)
    process.kill()
    pytest.fail(f"The Celery worker did not start:\n{log.read_text(errors='replace')[-3000:]}")


@pytest.fixture
def users(db):
    """The accounts' manager, to create coaches with."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects


@pytest.fixture
def staff(users):
    return users.create_user("admin", password="kick-off-4", is_staff=True)


@pytest.fixture
def lrb6(db):
    """The bundled LRB6 ruleset's latest version, as loaded for every test database."""
    from rules.selectors import version_get

    return version_get("lrb6")


@pytest.fixture(scope="session")
def lrb6_edition() -> Edition:
    """The LRB6 edition as read from its data files (no database)."""
    return edition_read("lrb6")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> Iterator[None]:
    """Every test database starts with the bundled rulesets, as `make run` loads them."""
    TEST_DATABASE["blocker"] = django_db_blocker
    rulesets_reload()
    yield
    TEST_DATABASE.clear()
    with django_db_blocker.unblock():
        _end_stray_sessions()


# The test database's guard, once the session has made the database (django_db_setup).
TEST_DATABASE: dict[str, Any] = {}


def transactional(item: pytest.Item) -> bool:
    """Whether the test commits for real, so that pytest-django empties every table after it."""
    marker = item.get_closest_marker("django_db")
    committed = marker is not None and any(
        marker.kwargs.get(name) for name in ("transaction", "reset_sequences")
    )
    names = getattr(item, "fixturenames", ())
    return committed or "transactional_db" in names or "live_server" in names


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """After a test that commits, pytest-django empties every table: the bundled rulesets are
    loaded again (about 0.2 s), as every test expects them. Run serially, pytest-django puts
    such tests last; under `make test` a worker runs whole modules, so any test may follow."""
    try:
        return (yield)
    finally:
        if transactional(item):
            rulesets_reload()


def rulesets_reload() -> None:
    """The bundled rulesets, loaded again into the test database (once the session made it)."""
    blocker = TEST_DATABASE.get("blocker")
    if blocker is not None:
        from django.core.management import call_command

        with blocker.unblock():
            call_command("load_rulesets", verbosity=0)


def _end_stray_sessions() -> None:
    """Before the test database is dropped: a connection some thread of a test left open would
    make PostgreSQL refuse the drop and fail the whole run at its very end. Name each one on
    stderr (so the test that leaks it can be found) and end it."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, application_name, state, left(query, 200) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        strays = cursor.fetchall()
        for pid, application, state, query in strays:
            print(f"\nstray database session {pid} ({application or '?'}, {state}): {query}",
                  file=sys.__stderr__)  # fmt: skip
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
