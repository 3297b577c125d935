"""Turning generic table rows into the grid a reader expects on the page.

Tables are stored in one generic shape (rolls plus named columns); this decides headers and
cell text: yes/no for flags, a dash for nothing, thousands separators, and a list of
modifiers spread over the bands it belongs to (GDBBL winnings by team rating).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules import models

ROLL_HEADERS = {"SPP": "SPP", "SCALE": "Value", "": ""}


@dataclass(frozen=True)
class Grid:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def cell(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, int):
        return f"{value:+d}" if value < 0 else f"{value:,}"
    if isinstance(value, list):
        return ", ".join(cell(item) for item in value)
    return str(value)


def band_label(band: list[int | None]) -> str:
    low, high = band
    return f"{low}+" if high is None else f"{low}–{high}"


def table_grid(table: models.RulesTable) -> Grid:
    """Headers and cells for one table, rows in order (prefetched `rows`)."""
    bands = table.params.get("rating_bands")
    headers: list[str] = []
    if table.dice:
        default = ROLL_HEADERS.get(table.dice, "Roll")
        headers.append(table.params.get("scale_label", default))
    for column in table.columns:
        if column == "modifiers" and bands:
            headers.extend(f"TR {band_label(band)}" for band in bands)
        else:
            headers.append(column.replace("_", " ").capitalize())
    rows = []
    for row in table.rows.all():
        cells = [_roll(row)] if table.dice else []
        for column in table.columns:
            value = row.values.get(column)
            if column == "modifiers" and bands and isinstance(value, list):
                cells.extend(f"{item:+d}" if item else "0" for item in value)
            else:
                cells.append(cell(value))
        rows.append(tuple(cells))
    return Grid(tuple(headers), tuple(rows))


def _roll(row: models.RulesTableRow) -> str:
    if row.low is None:
        return ""
    if row.high is None:
        return f"{row.low:,}+"
    if row.low == row.high:
        return f"{row.low:,}"
    return f"{row.low:,}–{row.high:,}"


def params_list(params: dict[str, Any]) -> list[tuple[str, str]]:
    """Table parameters as label/value pairs, bands and pairs written out."""
    pairs = []
    for key, value in params.items():
        if key == "scale_label":
            continue  # already the heading of the first column
        if key == "rating_bands":
            text = ", ".join(band_label(band) for band in value)
        elif key == "illegal_pairs":
            text = "; ".join(" with ".join(pair) for pair in value) or "—"
        elif isinstance(value, dict):
            text = "; ".join(f"{k}: {cell(v)}" for k, v in value.items()) or "—"
        else:
            text = cell(value)
        pairs.append((key.replace("_", " ").capitalize(), text))
    return pairs
