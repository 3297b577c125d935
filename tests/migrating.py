"""Taking the test database to a migration and back, for the tests of data migrations.

A trip through the migrations costs seconds (Django renders the models of every state on the
way), so a module goes to its migration once (`module_at`) and each test (with `db`) runs in
the transaction pytest-django rolls back, which takes its rows, the migrations it ran and
their record with it: SQLite and PostgreSQL both change tables inside a transaction."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader


def latest() -> list[tuple[str, str]]:
    """Every app's last migration (read from the files alone: no database needed)."""
    return MigrationLoader(None, ignore_no_migrations=True).graph.leaf_nodes()


def migrate(targets):
    """The database at `targets`; the app registry of that state, to make rows as they were."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@contextmanager
def module_at(django_db_blocker, targets) -> Iterator:
    """For a module-scoped fixture: the database at `targets` while the module runs (with the
    bundled rulesets, which tests/conftest.py keeps loaded), and every app at its last
    migration after it. Yields the registry at `targets`.

    SQLite changes a table with its foreign keys off, which it allows only outside a
    transaction: they stay off while the module runs, so that a test may migrate inside its
    own. (PostgreSQL's are made at once in each test instead: `checks_at_once`.)"""
    with django_db_blocker.unblock():
        apps = migrate(targets)
        turned_off = connection.disable_constraint_checking()
        try:
            yield apps
        finally:
            if turned_off:
                connection.enable_constraint_checking()
            migrate(latest())


def checks_at_once() -> None:
    """In a test that migrates: PostgreSQL refuses to alter a table with checks still pending,
    and its foreign keys wait for the commit; from here on they are checked at once."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
