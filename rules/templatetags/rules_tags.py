from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from rules.display import split_sources

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


@register.filter
def rule_only(text: str | None) -> str:
    """A note's rule, without our notes on its sources (rules.display.split_sources)."""
    return split_sources(text).text


@register.filter
def source_notes(text: str | None) -> tuple[str, ...]:
    """A note's sentences on its sources, for {% sources %}."""
    return split_sources(text).sources


@register.simple_tag
def sources(*groups: str | Iterable[str] | None) -> SafeString:
    """A "Sources" disclosure (closed until tapped) listing notes for rules lawyers: each
    group a note or a list of them; nothing at all when there are none."""
    notes = [
        note
        for group in groups
        for note in ([group] if isinstance(group, str) else group or ())
        if note and note.strip()
    ]
    if not notes:
        return SafeString("")
    items = format_html_join("", "<li>{}</li>", ((note,) for note in notes))
    return format_html(
        '<details class="sources"><summary>Sources</summary><ul>{}</ul></details>', items
    )


@register.simple_tag
def rule_text(text: str | None) -> SafeString:
    """A note as a player reads it, its notes on sources behind a "Sources" disclosure. For
    places that take a block (a table cell, a <dd>); in a <p>, use rule_only and sources."""
    noted = split_sources(text)
    return format_html("{}{}", noted.text, sources(noted.sources))
