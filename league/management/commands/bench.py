"""`manage.py bench` (`make bench`): see league/bench/__init__.py."""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection
from django.test import Client
from django.test.utils import override_settings, setup_test_environment, teardown_test_environment

from league.bench.cases import Result, as_dicts, cases, floor_cases, measure
from league.bench.data import world_build


class Command(BaseCommand):
    help = "Times Dugout's busiest pages and writes against a floor measured in the same run."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--json", default="var/bench.json", help="Where to write the figures.")

    def handle(self, *args, **options) -> None:
        setup_test_environment()
        # A database of its own on the configured server, dropped at the end: the bench
        # never touches a site's data.
        old_name = connection.creation.create_test_db(
            verbosity=0, autoclobber=True, serialize=False
        )
        try:
            with override_settings(DEBUG=False, ROOT_URLCONF="league.bench.urls"):
                results = self._run()
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            teardown_test_environment()
        self._report(results, Path(options["json"]))

    def _run(self) -> list[Result]:
        self.stdout.write(f"Building the bench data on {connection.vendor}…")
        started = time.perf_counter()
        call_command("load_rulesets", verbosity=0)
        world = world_build(progress=self.stdout.write)
        if connection.vendor == "postgresql":
            # A live database's planner statistics are kept by autovacuum; the world was
            # written in bulk a moment ago, and planned from empty tables' figures a query
            # may read a whole table where an index would do.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        self.stdout.write(f"  built in {time.perf_counter() - started:.0f} s; measuring…")
        client = Client()
        client.force_login(world.coach)
        floors = [measure(case) for case in floor_cases(client)]
        floor = floors[0].median_ms
        results = floors + [measure(case) for case in cases(world, client)]
        return [
            Result(**{**vars(r), "ratio": None if r.cpu else round(r.median_ms / floor, 1)})
            for r in results
        ]

    def _report(self, results: list[Result], path: Path) -> None:
        width = max(len(r.case) for r in results)
        self.stdout.write("")
        self.stdout.write(f"{'case':<{width}}  {'median ms':>10}  {'p95 ms':>8}  "
                          f"{'queries':>7}  {'× floor':>7}  target")  # fmt: skip
        for r in results:
            ratio = "cpu" if r.ratio is None else f"{r.ratio:.1f}"
            self.stdout.write(f"{r.case:<{width}}  {r.median_ms:>10.2f}  {r.p95_ms:>8.2f}  "
                              f"{r.queries:>7}  {ratio:>7}  {_target(r)}".rstrip())  # fmt: skip
        machine = {
            "database": connection.vendor,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "processor": platform.processor() or platform.machine(),
            "cpus": __import__("os").cpu_count(),
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"machine": machine, "results": as_dicts(results)}, indent=2))
        self.stdout.write(f"\nThe bare view is the floor (× floor = 1). Written to {path}.")
        held = [r for r in results if r.target is not None]
        missed = [r.case for r in held if r.missed]
        if held:
            self.stdout.write(
                f"Targets: {len(held) - len(missed)} of {len(held)} held"
                + (f"; missed: {', '.join(missed)}." if missed else ".")
            )
        if settings.DEBUG:
            self.stdout.write("(DEBUG was on in the environment; the bench ran with it off.)")


def _target(result: Result) -> str:
    """The promise of a case that has one, and whether it held: "≤ 25× ok", "≤ 25× MISSED"."""
    if result.target is None:
        return ""
    return f"≤ {result.target:g}× {'MISSED' if result.missed else 'ok'}"
