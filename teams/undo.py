"""Undoing a ledger entry: a commissioner of the team's league or site staff takes back a
purchase, a departure, an improvement roll or choice, an adjustment or a player's rename,
with a written reason. The undo is a rebuild with the entry removed, so every later entry of
the team is applied again to what the team has without it — every later match report worked
out again, reaching its opponents — or the undo is refused naming the later entry that would
no longer fit. An entry of a match report is reverted with its report, never undone on its
own; a team's rename, by renaming the team again."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from rules.engine.team_building import Problem, TeamRefused
from rules.plumbing.limits import field_problem
from teams.models import LedgerEntry, Team
from teams.rebuild import ledger_rebuild
from teams.seams import leagues, reports
from teams.services import cause_new


def may_undo(user, team: Team) -> bool:
    """The people who may adjust a team may undo its entries: a commissioner of its league
    (not on his own team) or site staff."""
    return leagues.answer.may_adjust(user, team)


def require_undoer(team: Team, actor) -> None:
    if not may_undo(actor, team):
        raise PermissionDenied(
            leagues.answer.adjust_barred(actor, team)
            or "Only a commissioner of the team's league (not its own coach) or site staff may "
            "undo an entry of its ledger."
        )


def undo_problem(entry: LedgerEntry, reversed_by: int | None) -> str | None:
    """Why this entry cannot be undone, in words; None if it can be. `reversed_by` is the
    sequence of the entry that reversed it, if one did."""
    if entry.kind == "reversal":
        return f"Entry #{entry.sequence} is itself an undo; it cannot be undone in turn."
    if reversed_by is not None:
        return f"Entry #{entry.sequence} was undone already, by #{reversed_by}."
    if entry.cause.kind == "report":
        return (
            f"Entry #{entry.sequence} comes from a match report: revert the match report on "
            "its match's page instead, and every team it touched is rebuilt."
        )
    if entry.cause.kind in ("inducements", "freebooters"):
        what = entry.cause.get_kind_display().removesuffix(" for a match")
        return f"Entry #{entry.sequence} paid for a match's {what}: they stand with the match."
    if entry.kind == "creation":
        return f"Entry #{entry.sequence} created the team: retire the team instead."
    if entry.cause.kind == "rename" and "player" not in entry.cause.request:
        # The team's name is its row's, not the ledger's: removing the entry would not
        # give the old name back.
        return f"Entry #{entry.sequence} renamed the team: rename it again instead."
    return None


@transaction.atomic
def entry_undo(entry: LedgerEntry, actor, reason: str) -> list[LedgerEntry]:
    """Undoes `entry` with a written reason; returns the entries written (TeamRefused says
    why not, naming the later entry in the way)."""
    require_undoer(Team.objects.get(pk=entry.team_id), actor)
    # Every team the undo reaches (its later reports' opponents, and theirs) is locked in pk
    # order before any is read, as every rebuild locks them: no two wait on each other.
    cause_id = LedgerEntry.objects.filter(pk=entry.pk).values_list("cause_id", flat=True).get()
    again = reports.answer.reports_again([entry.team_id], cause_id, actor)
    reached = sorted({entry.team_id} | {other.pk for other in again.teams})
    list(Team.objects.select_for_update(of=("self",)).filter(pk__in=reached).order_by("pk"))
    team = Team.objects.get(pk=entry.team_id)
    reason = reason.strip()
    problems = [] if reason else [Problem("reason", "Write the reason for the undo.")]
    too_long = field_problem(LedgerEntry, "summary", reason, "reason", "The reason")
    problems += [too_long] if too_long else []
    # Read again under the team's lock: of two clicks, the second sees the first's undo.
    entry = LedgerEntry.objects.select_related("cause", "team").get(pk=entry.pk)
    reversed_by = (
        LedgerEntry.objects.filter(reverses=entry).values_list("sequence", flat=True).first()
    )
    problem = undo_problem(entry, reversed_by)
    problems += [Problem("entry", problem)] if problem else []
    if problems:
        raise TeamRefused(problems)
    cause = cause_new("undo", actor, {"team": team.pk, "entry": entry.sequence, "reason": reason})
    # Every later match report of the team is worked out again without the entry (a player
    # never bought never played), reaching its opponents and theirs.
    written = ledger_rebuild(
        [team, *again.teams],
        {entry: None},
        cause,
        reason,
        **again.options,
    )
    again.write()
    return written
