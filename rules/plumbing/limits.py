"""The one place that knows what a column holds: how long a text may be, how large a number,
and that no text holds a NUL character (PostgreSQL refuses it; SQLite would keep it).

Forms and the API check what they can first, with their own words; this is the backstop
under every save, so nothing a coach types reaches the database as a 500. The limits are
the portable ones (PostgreSQL's), so SQLite on a laptop refuses exactly what production
refuses."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

from rules.engine.errors import Problem, Refused

# Apps whose rows coaches write; Django's own apps validate their input themselves.
GUARDED_APPS = frozenset({"accounts", "league", "matches", "rules", "teams"})
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges


def text_problem(label: str, field: str, value: str, max_length: int | None) -> Problem | None:
    """A text that a column cannot hold, named by its label; None when it fits."""
    if "\x00" in value:
        return Problem(field, f"{label} may not contain a NUL character.")
    if max_length is not None and len(value) > max_length:
        return Problem(
            field, f"{label} may be at most {max_length:,} characters, not {len(value):,}."
        )
    return None


def number_problem(
    label: str, field: str, value: int, kind: str = "IntegerField"
) -> Problem | None:
    """A whole number outside what a column of `kind` holds; None when it fits."""
    low, high = INTEGER_RANGES.get(kind, (None, None))
    if low is not None and not low <= value <= high:
        return Problem(field, f"{label} must be between {low:,} and {high:,}, not {value:,}.")
    return None


def column_problems(row: models.Model) -> list[Problem]:
    problems = []
    for column in row._meta.concrete_fields:
        value = getattr(row, column.attname)
        label = str(column.verbose_name).capitalize()
        problem = None
        if isinstance(value, str):
            problem = text_problem(label, column.name, value, getattr(column, "max_length", None))
        elif isinstance(value, int) and not isinstance(value, bool):
            problem = number_problem(label, column.name, value, column.get_internal_type())
        if problem is not None:
            problems.append(problem)
    return problems


def require_columns_fit(rows: Iterable[models.Model]) -> None:
    """Refuses (a 400 naming each field) rows a column cannot hold; for bulk writes, which
    send no pre_save signal."""
    problems = [problem for row in rows for problem in column_problems(row)]
    if problems:
        raise Refused(problems)


def guard_columns(sender, instance, raw: bool = False, **kwargs) -> None:
    """pre_save receiver: every save of a guarded app's row is checked first."""
    if not raw and sender._meta.app_label in GUARDED_APPS:
        require_columns_fit([instance])


def field_problem(
    model: type[models.Model], column: str, value: str | int, field: str, label: str
) -> Problem | None:
    """What `model.column` cannot hold of `value`, as a problem of the request's `field`."""
    model_field = model._meta.get_field(column)
    if isinstance(value, str):
        return text_problem(label, field, value, getattr(model_field, "max_length", None))
    return number_problem(label, field, value, model_field.get_internal_type())
