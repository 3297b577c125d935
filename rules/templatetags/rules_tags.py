from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def gold(value: int | None) -> str:
    """50000 -> "50,000" (gold pieces, as the rulebooks print them)."""
    if value is None:
        return "—"
    return f"{value:,}"


@register.filter
def get(mapping: Mapping[str, Any], key: str) -> Any:
    return mapping.get(key, "")


@register.filter
def limit(value: int | None) -> str:
    """A position or purchase limit: 2 -> "0–2", None -> "no limit"."""
    return "no limit" if value is None else f"0–{value}"


@register.filter
def setting_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value).replace("_", " ")
