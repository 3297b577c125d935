"""Reverting an applied report that should never have been applied: the wrong match, a result
entered twice, a game that did not count. Every team it touched is rebuilt without it
(teams.rebuild), and every later entry of those teams — and of every team a later report of
theirs touched — is applied again in the order it was first applied: a purchase against
the treasury it now finds, an improvement roll only where still due, each later report
worked out again from its teams as they now stood before it, with its own dice
(matches.amend.reports_again). Where a later entry no longer stands, nothing changes and the
commissioner gets the list to review, each with its reason. The league's table is rewritten
in the same transaction."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from matches.amend.reports_again import RELATED, reports_again
from matches.models import APPROVED, CONFIRMED, REVERTED, Match, PostGame
from matches.post_game.apply import cause_of
from matches.seams import settlers
from matches.services import MatchRefused, step
from matches.workflow import reason_checked
from rules.engine.errors import Problem
from teams.models import LedgerEntry
from teams.rebuild import RebuildRefused, RebuildReview, ledger_rebuild
from teams.services import cause_new


def standing_of(cause) -> list[LedgerEntry]:
    """The cause's entries that still stand (neither reversed nor reversals)."""
    return list(LedgerEntry.objects.filter(cause=cause, reversed_by__isnull=True))


def hires_of(match: Match) -> list[LedgerEntry]:
    """The entries that hired, for good, a journeyman who played in the match: they keep his
    game (its SPP, its injuries), which a revert would take back."""
    hires = LedgerEntry.objects.filter(cause__kind="hire", cause__request__match=match.pk)
    return list(hires.filter(reversed_by__isnull=True).select_related("team", "cause"))


def settler_checked(match: Match, actor, reason: str, doing: str, may: str) -> tuple[Match, str]:
    """The match locked, and the reason; PermissionDenied unless `actor` settles it (a
    commissioner of its league, site staff for a friendly, coaching neither team)."""
    if not settlers.answer.may_settle(actor, match):
        raise PermissionDenied(
            settlers.answer.settle_barred(actor, match)
            or "Only a commissioner of the match's league (site staff for a friendly), who "
            f"coaches neither team, may {may}."
        )
    reason = reason_checked(reason, doing)
    locked = Match.objects.select_for_update(of=("self",)).select_related(*RELATED)
    return locked.get(pk=match.pk), reason


@transaction.atomic
def report_revert(match: Match, actor, reason: str) -> Match:
    """Reverts the match's applied report (a commissioner of its league, site staff for a
    friendly), giving `reason`. RebuildReview lists each later entry that would no longer
    stand; nothing is changed then."""
    match, reason = settler_checked(match, actor, reason, "revert the report", "revert its report")
    post = PostGame.objects.filter(match=match).first()
    if post is None or match.status not in (CONFIRMED, APPROVED):
        raise MatchRefused([Problem("status", f"The report of {match} is {match.stage}, not "
                                              "applied: there is nothing to revert.")])  # fmt: skip
    hired = hires_of(match)
    if hired:  # his hiring rests on the game: it goes first, undone on the team's history
        why = "it hires a journeyman for his game in this match: undo it first"
        raise RebuildReview([RebuildRefused(entry, why) for entry in hired])
    cause = cause_of(match)
    entries = sorted(standing_of(cause), key=lambda entry: entry.pk) if cause else []
    reverting = cause_new("revert", actor, {"match": match.pk, "reason": reason})
    if entries:
        teams, again = reports_again((match.home_id, match.away_id), cause.pk, actor)
        ledger_rebuild(teams, {entry: None for entry in entries}, reverting,
                       f"{match} reverted: {reason}", review=True, **again.options())  # fmt: skip
        again.write()
    post.delete()
    Match.objects.filter(pk=match.pk).update(status=REVERTED, changed_at=timezone.now())
    match.status = REVERTED
    step(match, actor, "revert", reason)
    settlers.answer.results_stand([match])  # its table counts it no longer
    return match
