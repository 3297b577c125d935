"""Applying a reverted report again, when the revert was the mistake. The report goes back
into its teams' ledgers where it was first applied (not at the end: a purchase made after it
was first applied was paid with the money there was then), worked out again from its teams
as they stand there, with its own dice; every later entry of those teams, and of every team a
later report of theirs touched, is applied again after it, as a revert does. Where a later
entry no longer stands, nothing changes and the commissioner gets the list to review."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from matches.amend.reports_again import reports_again
from matches.amend.revert import settler_checked
from matches.models import CONFIRMED, REVERTED, Match, PostGame
from matches.post_game.apply import cause_of, dice_keep, steps_record, worked_out
from matches.seams import settlers
from matches.services import MatchRefused, step
from rules.engine.errors import Problem
from teams.models import LedgerEntry
from teams.rebuild import ledger_rebuild
from teams.services import cause_new


def reverted_entries(match: Match) -> list[LedgerEntry]:
    """What the last revert took back: each team's latest entry of the report (the entries
    a report writes share its cause, and each rebuild writes a team's again)."""
    cause = cause_of(match)
    if cause is None:
        return []
    latest: dict[int, LedgerEntry] = {}
    for entry in LedgerEntry.objects.filter(cause=cause).select_related("cause", "actor"):
        if entry.team_id not in latest or entry.pk > latest[entry.team_id].pk:
            latest[entry.team_id] = entry
    return sorted(latest.values(), key=lambda entry: entry.pk)


def status_before_revert(match: Match) -> str:
    """The status the report had when it was reverted (confirmed, or approved by the
    commissioner): the step before the last revert recorded it."""
    steps = list(match.steps.order_by("pk").values_list("action", "status"))
    reverts = [n for n, (action, _) in enumerate(steps) if action == "revert"]
    if reverts and reverts[-1] > 0:
        return steps[reverts[-1] - 1][1]
    return CONFIRMED


@transaction.atomic
def report_reapply(match: Match, actor, reason: str) -> Match:
    """Applies the match's reverted report again, in its place (a commissioner of its
    league, site staff for a friendly), giving `reason`. RebuildReview lists each later
    entry that would no longer stand, and the report itself if it no longer could; nothing
    is changed then."""
    match, reason = settler_checked(match, actor, reason, "apply the report again",
                                    "apply its report again")  # fmt: skip
    if match.status != REVERTED:
        raise MatchRefused([Problem("status", f"The report of {match} is {match.stage}, not "
                                              "reverted: it stands already.")])  # fmt: skip
    restored = reverted_entries(match)
    # Standing again before its teams are gathered: a reverted match's report is nobody's.
    match.status = status_before_revert(match)
    Match.objects.filter(pk=match.pk).update(status=match.status, changed_at=timezone.now())
    post = PostGame.objects.create(match=match, steps={}, applied_by=actor)
    if restored:
        cause = restored[0].cause
        # From the report's own place: its cause, the report itself worked out again.
        teams, again = reports_again((match.home_id, match.away_id), cause.pk, actor,
                                     since=cause.pk - 1)  # fmt: skip
        again.first[cause.pk] = restored  # as it was first written, for its players' keys
        ledger_rebuild(
            teams,
            {},
            cause_new("reapply", actor, {"match": match.pk, "reason": reason}),
            f"{match} applied again: {reason}",
            review=True,
            restore=restored,
            **again.options(),
        )
        again.write()
    else:  # a report that changed neither team: only its steps to keep again
        before, ruleset, worked = worked_out(match)
        dice_keep(match, worked, actor)
        post.steps = steps_record(ruleset, before, worked)
        post.save(update_fields=["steps"])
    step(match, actor, "reapply", reason)
    settlers.answer.results_stand([match])  # its table counts it again
    return match
