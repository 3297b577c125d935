"""The one place that knows what a column holds: how long a text may be, how large a number,
and that no text holds a NUL character (PostgreSQL refuses it; SQLite would keep it).

Forms and the API check what they can first, with their own words; this is the backstop
under every save, so nothing a coach types reaches the database as a 500. The limits are
the portable ones (PostgreSQL's), so SQLite on a laptop refuses exactly what production
refuses."""

from __future__ import annotations

import functools
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


@functools.cache
def _columns(model: type[models.Model]) -> tuple[tuple[str, str, int | None, tuple], ...]:
    """Each column's attribute, name, text length and number range, worked out once per model:
    bulk writes check thousands of rows."""
    return tuple(
        (
            column.attname,
            column.name,
            getattr(column, "max_length", None),
            INTEGER_RANGES.get(column.get_internal_type(), (None, None)),
        )
        for column in model._meta.concrete_fields
    )


def column_problems(row: models.Model) -> list[Problem]:
    problems = []
    for attname, name, max_length, (low, high) in _columns(type(row)):
        value = getattr(row, attname)
        if isinstance(value, str):
            if "\x00" in value or (max_length is not None and len(value) > max_length):
                problems.append(text_problem(_label(row, name), name, value, max_length))
        elif (
            isinstance(value, int)
            and not isinstance(value, bool)
            and low is not None
            and not low <= value <= high
        ):
            problems.append(number_problem(_label(row, name), name, value, _kind(row, name)))
    return problems


def _kind(row: models.Model, name: str) -> str:
    return row._meta.get_field(name).get_internal_type()


def _label(row: models.Model, name: str) -> str:
    return str(row._meta.get_field(name).verbose_name).capitalize()


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
