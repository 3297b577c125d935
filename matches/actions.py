"""What a user may do to a match now, in one place for its page and its API: each action
names the service that does it. The services check again (under the status guard), so a
page that is out of date is refused with a reason, never obeyed twice."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping

from django.core.exceptions import PermissionDenied

from matches import (
    correct,
    dice,
    gdbbl_kick_off,
    kick_off,
    pre_match,
    reapply,
    revert,
    services,
    workflow,
)
from matches.models import (
    CONFIRMED,
    DISPUTED,
    DRAFT,
    FORFEIT,
    OFFERED,
    OPEN,
    REVERTED,
    SUBMITTED,
    Match,
    Report,
)
from matches.seams import settlers
from matches.services import MatchRefused
from matches.workflow import is_coach
from rules.engine.errors import Problem
from rules.engine.inducements import Mercenary, Request
from rules.plumbing.numbers import whole_number

# Each system's steps before kick-off, as its coaches may take them now.
STEPS_OPEN = {"lrb6": kick_off.steps_open, "gdbbl": gdbbl_kick_off.steps_open}


def report_of(match: Match) -> Report | None:
    try:
        return match.report
    except Report.DoesNotExist:
        return None


def submitter_id(match: Match) -> int | None:
    report = report_of(match)
    return report.submitted_by_id if report else None


def require_involved(user, match: Match) -> None:
    """Only the two coaches and those who settle the match act on it. Each service then
    checks exactly who may take its step, and refuses a step the status no longer allows
    with a 400 that says why ("already confirmed"), not a 403."""
    if not (is_coach(user, match) or settlers.answer.may_settle(user, match)):
        raise PermissionDenied("Only the match's coaches and those who settle it act on it.")


def actions_for(user, match: Match) -> list[str]:
    """The actions `user` may take on `match` in its current status, in page order."""
    if not getattr(user, "is_authenticated", False):
        return []
    uid = user.pk
    coach = is_coach(user, match)
    settles = settlers.answer.may_settle(user, match)
    submitter = submitter_id(match)
    one_coach = match.home.coach_id == match.away.coach_id
    opponent = coach and uid != submitter
    status = match.status
    allowed: list[str] = []
    if status == OFFERED:
        allowed += ["accept"] if uid == match.away.coach_id else []
        allowed += ["decline"] if coach else []
    if status in OPEN and coach and match.ruleset_version.system in STEPS_OPEN:
        allowed += STEPS_OPEN[match.ruleset_version.system](match, user)
    if status in OPEN and coach:
        allowed.append("report")
    if status == DRAFT and coach:
        allowed.append("submit")
    if status == SUBMITTED:
        allowed += ["withdraw"] if uid == submitter else []
        allowed += ["confirm", "dispute"] if opponent or (one_coach and settles) else []
    if status == CONFIRMED and settles and match.reports_apply == "commissioner":
        allowed += ["approve", "send_back"]
    if status == DISPUTED and settles:
        allowed += ["settle", "send_back"]
    if settles and match.is_decided and status != FORFEIT:
        allowed += ["revert", "correct"]  # an applied report: the services check that it was
    if settles and status == REVERTED:
        allowed.append("reapply")
    # The post-game sequence's own dice (winnings, fan factor, ...) may still be entered
    # while the report waits to be applied: each coach rolls his own after the match.
    waiting = status == SUBMITTED or (status == CONFIRMED and match.reports_apply == "commissioner")
    if (status in OPEN or waiting) and (coach or settles):
        allowed += [f"dice_{source}" for source in match.accepted_sources]
    return list(dict.fromkeys(allowed))


def _date(value) -> datetime.date | None:
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value or "").strip())
    except ValueError:
        return None


def _whole(value):
    """A number as typed in a form or sent as JSON; anything else is left for the service
    to refuse by name."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    number = whole_number(str(value) if value is not None else "", blank=None)
    return number if number is not None else value


def _values(value) -> list:
    """Dice as a JSON list or typed as "3 5" / "3,5"."""
    if isinstance(value, list | tuple):
        return list(value)
    return str(value or "").replace(",", " ").split()


def report_read(data: Mapping) -> dict:
    """A report's body with its date and score read as typed (a form's text, or JSON)."""
    played_on = _date(data.get("played_on"))
    if played_on is None and data.get("played_on"):
        raise MatchRefused([Problem("played_on", "Give the date as YYYY-MM-DD.")])
    home, away = _whole(data.get("home_touchdowns")), _whole(data.get("away_touchdowns"))
    return {**data, "played_on": played_on, "home_touchdowns": home, "away_touchdowns": away}


def _report(match: Match, user, data: Mapping):
    read = report_read(data)
    return workflow.report_save(match, user, read["played_on"], read["home_touchdowns"],
                                read["away_touchdowns"], data)  # fmt: skip


def _correct(match: Match, user, data: Mapping):
    """`data`: the reason, the report as it should be, the dice given with it, and whether
    it is only a preview."""
    dice_given = [{**die, "values": _values(die.get("values"))} for die in data.get("dice") or ()]
    return correct.report_correct(match, user, data.get("reason") or "",
                                  report_read(data.get("report") or {}), dice_given,
                                  commit=not data.get("preview"))  # fmt: skip


def _side(match: Match, user, data: Mapping) -> str:
    """The side a coach acts for: the one asked, else his own team's."""
    side = data.get("side") or (
        "away"
        if getattr(user, "pk", None) == match.away.coach_id
        and match.home.coach_id != match.away.coach_id
        else "home"
    )
    return str(side)


def _listed(data: Mapping, key: str) -> list:
    """A list as JSON sends it, or a form's repeated field."""
    if hasattr(data, "getlist"):
        return [value for value in data.getlist(key) if value]
    return list(data.get(key) or [])


def _journeymen(match: Match, user, data: Mapping):
    return kick_off.journeymen_take(
        match, user, _side(match, user, data), _listed(data, "positions")
    )


def _inducements(match: Match, user, data: Mapping):
    """`data` as the API takes it: items (key -> count), stars, mercenaries."""
    request = Request(
        items={str(key): _whole(count) for key, count in (data.get("items") or {}).items()},
        stars=tuple(_listed(data, "stars")),
        mercenaries=tuple(
            Mercenary(str(m.get("position", "")), str(m.get("extra_skill") or ""))
            for m in data.get("mercenaries") or ()
        ),
    )
    return kick_off.inducements_buy(match, user, _side(match, user, data), request)


def _freebooters(match: Match, user, data: Mapping):
    return gdbbl_kick_off.freebooters_hire(
        match, user, _side(match, user, data), _listed(data, "positions"), _listed(data, "stars")
    )


def _gate(match: Match, user, data: Mapping):
    """LRB6 reads each team's 2D6 for its fans; GDBBL one roll for the whole gate."""
    if match.ruleset_version.system == "gdbbl":
        return gdbbl_kick_off.gdbbl_gate_record(match, user)
    return kick_off.gate_record(match, user)


PERFORM: dict[str, Callable[[Match, object, Mapping], object]] = {
    "accept": lambda match, user, data: services.friendly_accept(match, user),
    "decline": lambda match, user, data: services.friendly_decline(match, user),
    "report": _report,
    "journeymen": _journeymen,
    "inducements": _inducements,
    "freebooters": _freebooters,
    "weather": lambda match, user, data: pre_match.weather_record(match, user),
    "gate": _gate,
    "cards": lambda match, user, data: gdbbl_kick_off.cards_draw(
        match, user, _side(match, user, data)
    ),
    "niggles": lambda match, user, data: pre_match.niggles_roll(
        match, user, _side(match, user, data)
    ),
    "submit": lambda match, user, data: workflow.report_submit(match, user),
    "withdraw": lambda match, user, data: workflow.report_withdraw(match, user),
    "confirm": lambda match, user, data: workflow.report_confirm(match, user),
    "dispute": lambda match, user, data: workflow.report_dispute(match, user, data.get("reason")),
    "approve": lambda match, user, data: workflow.report_approve(match, user),
    "send_back": lambda m, user, data: workflow.report_send_back(m, user, data.get("reason")),
    "settle": lambda match, user, data: workflow.dispute_settle(match, user, data.get("reason")),
    "revert": lambda match, user, data: revert.report_revert(match, user, data.get("reason")),
    "reapply": lambda match, user, data: reapply.report_reapply(match, user, data.get("reason")),
    "correct": _correct,
    "dice_entered": lambda match, user, data: dice.dice_enter(
        match, user, data.get("purpose", ""), data.get("notation", ""), _values(data.get("values"))
    ),
    "dice_rolled": lambda match, user, data: dice.dice_roll(
        match, user, data.get("purpose", ""), data.get("notation", "")
    ),
}
