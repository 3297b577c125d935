"""A refusal (one or more problems, each with its field) as the API's HTTP 400."""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework.exceptions import ValidationError

from rules.engine.errors import Problem


def refusal(problems: Iterable[Problem]) -> ValidationError:
    """A refusal's problems (field and message) as an HTTP 400 keyed by field."""
    by_field: dict[str, list[str]] = {}
    for problem in problems:
        by_field.setdefault(problem.field, []).append(problem.message)
    return ValidationError(by_field)


def valid_body(serializer_class, data) -> dict:
    """A request body checked by its serializer: its values, or a 400 naming each field."""
    body = serializer_class(data=data)
    body.is_valid(raise_exception=True)
    return dict(body.validated_data)
