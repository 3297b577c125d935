"""Values as a phone form types them or JSON sends them, read into what the services take: a
date, a whole number, dice, and a report's date and score. Anything unreadable is left as
it came for the service to refuse by name."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from matches.services import MatchRefused
from rules.engine.errors import Problem
from rules.plumbing.numbers import whole_number


def typed_date(value) -> datetime.date | None:
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value or "").strip())
    except ValueError:
        return None


def typed_whole(value):
    """A number as typed in a form or sent as JSON; anything else is left for the service
    to refuse by name."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    number = whole_number(str(value) if value is not None else "", blank=None)
    return number if number is not None else value


def typed_dice(value) -> list:
    """Dice as a JSON list or typed as "3 5" / "3,5"."""
    if isinstance(value, list | tuple):
        return list(value)
    return str(value or "").replace(",", " ").split()


def report_read(data: Mapping) -> dict:
    """A report's body with its date and score read as typed (a form's text, or JSON)."""
    played_on = typed_date(data.get("played_on"))
    if played_on is None and data.get("played_on"):
        raise MatchRefused([Problem("played_on", "Give the date as YYYY-MM-DD.")])
    home, away = typed_whole(data.get("home_touchdowns")), typed_whole(data.get("away_touchdowns"))
    return {**data, "played_on": played_on, "home_touchdowns": home, "away_touchdowns": away}
