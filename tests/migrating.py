"""Taking the test database to a migration and back, for the tests of data migrations."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def latest() -> list[tuple[str, str]]:
    """Every app's last migration."""
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def migrate(targets):
    """The database at `targets`; the app registry of that state, to make rows as they were."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps
