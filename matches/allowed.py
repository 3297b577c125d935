"""What a user may do to a match now, in page order, for its page and its API: read from the
match's status, who the user is to it, and each system's steps open before kick-off. What each
action does is in matches.actions."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from matches.kick_off import gdbbl, lrb6
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
from matches.selectors import is_coach

# Each system's steps before kick-off, as its coaches may take them now.
STEPS_OPEN = {"lrb6": lrb6.steps_open, "gdbbl": gdbbl.steps_open}


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
