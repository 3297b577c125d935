"""Reading the house-rule edit forms into the parts of an edition.

Numbers are converted where they are numbers; anything else is passed on as typed, so the
edition's own checks refuse it with a message naming the row ("position 'Thrower': cost
must be a whole number, not '7O000'").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError

from rules.plumbing.limits import number_problem
from rules.plumbing.numbers import whole_number

NEW = "new"  # the prefix of the blank row that adds a position


def _number(text: str) -> int | str:
    number = whole_number(text, blank=None)
    return text.strip().replace(",", "") if number is None else number


def settings_from_post(
    settings: list[dict[str, Any]], post: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The settings part with each value taken from the form (a checkbox for yes/no)."""
    changed = []
    for setting in settings:
        key, kind = setting["key"], setting["type"]
        if kind == "bool":
            value: Any = post.get(key) == "on"
        elif kind == "choice":
            value = post.get(key, setting["value"])
        else:
            value = _number(post.get(key, ""))
            if not isinstance(value, int):
                raise ValidationError(f"Setting {key} must be a whole number, not {value!r}.")
            too_big = number_problem(f"Setting {key}", key, value)
            if too_big is not None:
                raise ValidationError(too_big.message)
        changed.append({**setting, "value": value})
    return changed


def position_rows(
    positions: Sequence[Mapping[str, Any]], characteristics: Sequence[str]
) -> list[dict[str, Any]]:
    """The team list as form rows, plus one blank row for a new position."""
    rows = [
        {
            "prefix": str(index),
            "name": p["name"],
            "max": p["max"],
            "cost": p["cost"],
            "values": [(c, p["characteristics"].get(c, "")) for c in characteristics],
            "skills": ", ".join(p["skills"]),
            "normal": p["normal"],
            "double": p["double"],
            "size": p.get("size", "human"),
        }
        for index, p in enumerate(positions)
    ]
    blank = {"name": "", "max": "", "cost": "", "skills": "", "normal": "", "double": ""}
    blank["size"] = "human"  # what a data file means when it leaves size out
    rows.append({"prefix": NEW, **blank, "values": [(c, "") for c in characteristics]})
    return rows


def positions_from_post(
    post: Mapping[str, str],
    characteristics: Sequence[str],
    current: Sequence[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """The positions of one race as typed in the form: removed rows dropped, a filled-in
    blank row added at the end. `current` is the team list the form was made from: a row
    posted without a size (a page opened before sizes existed) keeps its size from there."""
    prefixes = sorted(
        {key.split("-", 1)[0] for key in post if key.endswith("-name") and "-" in key},
        key=lambda prefix: (prefix == NEW, int(prefix) if prefix.isdigit() else 0),
    )
    positions = []
    for prefix in prefixes:
        row = {name[len(prefix) + 1 :]: value for name, value in post.items()
               if name.startswith(f"{prefix}-")}  # fmt: skip
        if row.get("remove") == "on" or (prefix == NEW and not row.get("name", "").strip()):
            continue
        skills = [skill.strip() for skill in row.get("skills", "").split(",") if skill.strip()]
        positions.append(
            {
                "name": row.get("name", "").strip(),
                "max": _number(row.get("max", "")),
                "cost": _number(row.get("cost", "")),
                "characteristics": {c: _number(row.get(f"c-{c}", "")) for c in characteristics},
                "skills": skills,
                "normal": row.get("normal", "").strip().upper(),
                "double": row.get("double", "").strip().upper(),
                "size": row.get("size", _size_before(prefix, current)).strip().lower(),
            }
        )
    return positions


def _size_before(prefix: str, current: Sequence[Mapping[str, Any]]) -> str:
    index = int(prefix) if prefix.isdigit() else len(current)
    return current[index].get("size", "human") if index < len(current) else "human"
