"""A report's way from draft to result: either coach drafts, one submits, the other confirms
or disputes; a commissioner (or site staff) approves when the league waits for one, sends a
report back, and settles disputes.

Every step moves the match's status with one conditional UPDATE guarded by the status it
leaves, so two clicks, two coaches or two servers at the same moment move it once: the
second finds the status already moved and is refused. That holds on SQLite too."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from matches.models import (
    APPROVED,
    CONFIRMED,
    DISPUTED,
    DRAFT,
    OPEN,
    SUBMITTED,
    Match,
    MatchStep,
    Report,
)
from matches.post_game.apply import post_game_apply, post_game_ready
from matches.report.body import entry_from
from matches.report.content import content_check, content_store, entry_of, match_sides, rolled_dice
from matches.seams import settlers
from matches.selectors import is_coach
from matches.services import MatchRefused, participants_take, step
from rules.engine.errors import Problem
from rules.engine.report_checks import report_check, setting
from rules.plumbing.limits import field_problem
from rules.snapshot import ruleset_snapshot

VERBS = {
    "draft": "changed",
    "submit": "submitted",
    "withdraw": "withdrawn",
    "confirm": "confirmed",
    "dispute": "disputed",
    "approve": "approved",
    "send_back": "sent back",
    "settle": "settled",
}


def _move(match: Match, actor, action: str, leaving: tuple[str, ...], to: str, reason="") -> None:
    """Moves the status if, and only if, it still is one of `leaving`."""
    moved = Match.objects.filter(pk=match.pk, status__in=leaving).update(
        status=to, changed_at=timezone.now()
    )
    if not moved:
        match.refresh_from_db(fields=["status"])
        raise MatchRefused(
            [
                Problem(
                    "status",
                    f"The report of {match} is {match.stage}: it cannot be {VERBS[action]} now.",
                )
            ]
        )
    match.status = to
    step(match, actor, action, reason)
    if match.is_decided:  # its league's table counts it from now, in this transaction
        settlers.answer.results_stand([match])


def reason_checked(reason: str, what: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise MatchRefused([Problem("reason", f"Write why you {what}.")])
    too_long = field_problem(MatchStep, "reason", reason, "reason", "The reason")
    if too_long:
        raise MatchRefused([too_long])
    return reason


def report_values_checked(
    match: Match, played_on: datetime.date | None, home_touchdowns, away_touchdowns, content
) -> tuple[dict[str, int], str]:
    """The score (by field) and the notes, checked: MatchRefused names each that is wrong.
    The rest of the report is the rules' to check (content_check)."""
    problems = []
    scores = {}
    most = int(setting(ruleset_snapshot(match.ruleset_version), "max_touchdowns_per_team"))
    given = (("home", home_touchdowns, match.home), ("away", away_touchdowns, match.away))
    for side, value, team in given:
        field = f"{side}_touchdowns"
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(Problem(field, f"{team.name}'s touchdowns must be a whole number."))
        elif not 0 <= value <= most:
            bound = f"{team.name}'s touchdowns are 0 to {most}, not {value}."
            problems.append(Problem(field, bound))
        else:
            scores[field] = value
    if played_on is None:
        problems.append(Problem("played_on", "Give the date the match was played."))
    elif played_on > timezone.localdate():
        problems.append(Problem("played_on", "A match cannot be played in the future."))
    notes = str(content.get("notes") or "").strip()
    too_long = field_problem(Report, "notes", notes, "notes", "The notes")
    problems += [too_long] if too_long else []
    if problems:
        raise MatchRefused(problems)
    return scores, notes


@transaction.atomic
def report_save(
    match: Match,
    actor,
    played_on: datetime.date | None,
    home_touchdowns,
    away_touchdowns,
    content: Mapping | None = None,
) -> Report:
    """Writes the draft whole (either coach); a disputed report is corrected the same way.
    `content` is the rest of the body: lines, MVPs, casualties, concession, notes, points."""
    if not is_coach(actor, match):
        raise PermissionDenied("Only the two coaches of the match write its report.")
    content = content or {}
    scores, notes = report_values_checked(match, played_on, home_touchdowns, away_touchdowns,
                                          content)  # fmt: skip
    _move(match, actor, "draft", OPEN, DRAFT)
    participants_take(match)
    sides = match_sides(match)
    entry = entry_from(content, scores["home_touchdowns"], scores["away_touchdowns"])
    checked = content_check(match, sides, entry, actor)
    if checked.problems:
        raise MatchRefused(checked.problems)
    report, _ = Report.objects.update_or_create(
        match=match,
        defaults={"played_on": played_on, "drafted_by": actor, "notes": notes, **scores},
    )
    match.report = report
    content_store(match, sides, entry, checked, actor)
    return report


def report_preview(match: Match, actor, home_touchdowns, away_touchdowns, content: Mapping):
    """What saving this body would find wrong or missing, storing nothing and rolling no die
    (the form's running check). Touchdowns that are not whole numbers count as 0 here: the
    form names them when it is saved."""
    if not is_coach(actor, match):
        raise PermissionDenied("Only the two coaches of the match write its report.")
    sides = match_sides(match)
    scores = [value if isinstance(value, int) and not isinstance(value, bool) else 0
              for value in (home_touchdowns, away_touchdowns)]  # fmt: skip
    entry = entry_from(content, *scores)
    return report_check(sides.ruleset, sides.facts, entry, rolled_dice(match))


def report_unfinished(match: Match) -> list[Problem]:
    """What the draft still lacks before it can be submitted: dice, MVPs, kept results."""
    report = Report.objects.filter(match=match).first()
    if report is None:
        return [Problem("report", "Write the report first.")]
    if report.forfeit:
        return []
    match.report = report
    sides = match_sides(match)
    checked = report_check(sides.ruleset, sides.facts, entry_of(match, sides), rolled_dice(match))
    return checked.problems + checked.unfinished


@transaction.atomic
def report_submit(match: Match, actor) -> Match:
    if not is_coach(actor, match):
        raise PermissionDenied("Only the two coaches of the match submit its report.")
    unfinished = report_unfinished(match) if match.status == DRAFT else []
    if unfinished:
        raise MatchRefused(unfinished)
    _move(match, actor, "submit", (DRAFT,), SUBMITTED)
    Report.objects.filter(match=match).update(submitted_by=actor)
    return match


def _submitter_id(match: Match) -> int | None:
    return Report.objects.filter(match=match).values_list("submitted_by", flat=True).first()


@transaction.atomic
def report_withdraw(match: Match, actor) -> Match:
    """The submitter takes his report back to draft, until the opponent has answered."""
    if getattr(actor, "pk", None) != _submitter_id(match):
        raise PermissionDenied("Only the coach who submitted the report may withdraw it.")
    _move(match, actor, "withdraw", (SUBMITTED,), DRAFT)
    return match


def _require_opponent(match: Match, actor, what: str) -> None:
    """The coach who did not submit answers; when one coach has both teams, a settler does."""
    submitter = _submitter_id(match)
    both_his = match.home.coach_id == match.away.coach_id
    if both_his and settlers.answer.may_settle(actor, match):
        return
    if not is_coach(actor, match) or actor.pk == submitter:
        raise PermissionDenied(f"Only the opposing coach may {what} this report.")


@transaction.atomic
def report_confirm(match: Match, actor) -> Match:
    """The opposing coach agrees: the report is the result and, unless the league waits
    for a commissioner, it is applied to both teams in the same transaction."""
    _require_opponent(match, actor, "confirm")
    post_game_ready(match, (SUBMITTED,))
    _move(match, actor, "confirm", (SUBMITTED,), CONFIRMED)
    if match.reports_apply == "at_once":
        post_game_apply(match, actor)
    return match


@transaction.atomic
def report_dispute(match: Match, actor, reason: str) -> Match:
    _require_opponent(match, actor, "dispute")
    reason = reason_checked(reason, "dispute the report")
    _move(match, actor, "dispute", (SUBMITTED,), DISPUTED, reason)
    return match


def _require_settler(match: Match, actor, what: str) -> None:
    if not settlers.answer.may_settle(actor, match):
        barred = settlers.answer.settle_barred(actor, match)
        raise PermissionDenied(barred or f"Only those who settle {match} may {what}.")


@transaction.atomic
def report_approve(match: Match, actor) -> Match:
    """Where the league waits for a commissioner, a confirmed report becomes the result."""
    _require_settler(match, actor, "approve its report")
    if match.reports_apply != "commissioner":
        raise MatchRefused(
            [Problem("status", "This match's reports apply when confirmed; none waits.")]
        )
    post_game_ready(match, (CONFIRMED,))
    _move(match, actor, "approve", (CONFIRMED,), APPROVED)
    post_game_apply(match, actor)
    return match


@transaction.atomic
def report_send_back(match: Match, actor, reason: str) -> Match:
    """A confirmed report that waits, or a disputed one, goes back to the coaches' draft."""
    _require_settler(match, actor, "send its report back")
    reason = reason_checked(reason, "send the report back")
    leaving = (DISPUTED, CONFIRMED) if match.reports_apply == "commissioner" else (DISPUTED,)
    _move(match, actor, "send_back", leaving, DRAFT, reason)
    return match


@transaction.atomic
def dispute_settle(match: Match, actor, reason: str = "") -> Match:
    """A settler decides a dispute for the report as submitted: it stands, as confirmed (or
    approved, where the league waits for a commissioner: the settler is one)."""
    _require_settler(match, actor, "settle its dispute")
    to = APPROVED if match.reports_apply == "commissioner" else CONFIRMED
    reason = (reason or "").strip()
    too_long = field_problem(MatchStep, "reason", reason, "reason", "The reason")
    if too_long:
        raise MatchRefused([too_long])
    post_game_ready(match, (DISPUTED,))
    _move(match, actor, "settle", (DISPUTED,), to, reason)
    post_game_apply(match, actor)
    return match
