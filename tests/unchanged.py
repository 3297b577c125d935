"""Proof that a refusal wrote nothing.

A refused request (a 400, 401 or 403) or a refused service call is only half tested by its
status: a view that saves first and refuses afterwards, or that spends a team's gold before it
finds the coach may not, answers just as politely. `unchanged()` snapshots every row of every
table coaches write — accounts, leagues, matches, rulesets, teams, the treasury and the ledger
among them — and fails, naming the first table that differs, if the refused code touched any.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from django.apps import apps
from django.db import connection

GUARDED = ("accounts", "league", "matches", "rules", "teams")


# The rows of a ruleset version are written once and sealed: they can only be added or
# deleted, never changed, so their count and highest id tell as much as reading them all
# (thousands of rows, twice a test). Rulesets themselves (name, owner, editors) are read whole.
SEALED_ROWS = frozenset({
    "rules.RulesetVersion", "rules.Setting", "rules.SkillCategory", "rules.Skill", "rules.Race",
    "rules.Position", "rules.Position_skills", "rules.StarPlayer", "rules.StarPlayer_skills",
    "rules.StarPlayer_races", "rules.Staff", "rules.Staff_races", "rules.Inducement",
    "rules.Inducement_races", "rules.RulesTable", "rules.RulesTableRow",
})  # fmt: skip


# Columns any request writes, refused or not: a token notes its last use as it authenticates
# the request, before the request is refused or not. They are left out of the comparison.
BOOKKEEPING = {"accounts.ApiToken": frozenset({"last_used_at"})}


def database() -> dict[str, list[dict[str, Any]]]:
    """Every row of every table coaches write, so a test can tell that nothing changed: each
    table read whole in plain SQL, as stored (a call is made twice a refusal, in hundreds of
    tests; building seventy querysets took most of its time)."""
    rows = {}
    with connection.cursor() as cursor:
        for label, sql in _reads(connection.vendor):
            cursor.execute(sql)
            if label in SEALED_ROWS:
                count, last = cursor.fetchone()
                rows[label] = [{"rows": count, "last": last}]
            else:
                columns = [column[0] for column in cursor.description]
                rows[label] = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
    return rows


@cache
def _reads(vendor: str) -> list[tuple[str, str]]:
    """Each guarded model's label and the SQL that reads it (its count and highest id when its
    rows are sealed), in the order of its primary key."""
    quote = connection.ops.quote_name
    reads = []
    for app in GUARDED:
        for model in apps.get_app_config(app).get_models(include_auto_created=True):
            table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
            if model._meta.label in SEALED_ROWS:
                reads.append((model._meta.label, f"SELECT COUNT(*), MAX({pk}) FROM {table}"))
            else:
                kept = BOOKKEEPING.get(model._meta.label, frozenset())
                columns = ", ".join(
                    quote(field.column)
                    for field in model._meta.local_concrete_fields
                    if field.name not in kept
                )
                reads.append((model._meta.label, f"SELECT {columns} FROM {table} ORDER BY {pk}"))
    return reads


def _first_difference(label: str, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> str:
    if label in SEALED_ROWS:
        return f"rows and highest id {before[0]} -> {after[0]}"
    pk = apps.get_model(label)._meta.pk.column
    if len(before) != len(after):
        old, new = {row[pk] for row in before}, {row[pk] for row in after}
        return (
            f"{len(before)} rows before, {len(after)} after "
            f"(added pk {sorted(new - old)}, removed pk {sorted(old - new)})"
        )
    for old_row, new_row in zip(before, after, strict=True):
        if old_row != new_row:
            changed = ", ".join(
                f"{key}: {old_row[key]!r} -> {new_row.get(key)!r}"
                for key in old_row
                if old_row[key] != new_row.get(key)
            )
            return f"row pk={old_row[pk]!r} changed ({changed})"
    return "its rows differ"


def _assert_as_before(before: dict[str, list[dict[str, Any]]]) -> None:
    after = database()
    for label, rows in before.items():
        if after[label] != rows:
            raise AssertionError(
                f"A refusal changed {label}: {_first_difference(label, rows, after[label])}"
            )


@contextmanager
def unchanged() -> Iterator[None]:
    """Fail unless the code run inside leaves every row of every guarded table as it was.

    Refusal tests wrap the refused request or service call in it, so that a refusal proves
    that nothing was written — not the treasury, not the ledger, not any other row — and not
    only that the answer was a 4xx. Log in and build the fixture before entering: logging in
    writes the coach's `last_login`. Around a refusal that raises, put it outside
    `pytest.raises` (`with unchanged(), pytest.raises(PermissionDenied):`); the other way
    round it still checks, as the exception passes through.
    """
    before = database()
    try:
        yield
    except Exception:
        if not connection.needs_rollback:  # a broken transaction cannot be read; let it speak
            _assert_as_before(before)
        raise
    _assert_as_before(before)
