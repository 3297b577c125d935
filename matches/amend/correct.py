"""Correcting an applied report: a mistyped casualty roll, a forgotten touchdown, the wrong
MVP. A commissioner (site staff for a friendly) gives the report as it should have been,
with a reason. It is written in place of the old one and both teams are rebuilt from it with
Reverting's machinery (teams.rebuild, matches.amend.reports_again): the corrected report worked
out again from its teams as they stood just before it, every later entry of theirs (and of
every team a later report of theirs touched) applied again in its order. Where a later entry
no longer stands, nothing changes and the commissioner gets the list to review.

The dice of steps the correction does not touch stand, by purpose. A die the corrected
report needs and nobody rolled is rolled from the match's seed where the match takes the
server's dice; where it does not, the commissioner is asked for it (DiceNeeded), with its
purpose and notation, and gives it with the correction. A server's die is never retyped.

A preview does all of it and rolls it back: what the correction would change, nothing
written. A correction that changes no value of the report writes nothing at all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.utils import timezone

from matches.amend.correct_changes import (
    TeamChanges,
    figures_changed,
    named,
    table_changed,
    team_figures,
)
from matches.amend.correct_dice import DiceNeeded, dice_checked, dice_write
from matches.amend.reports_again import RELATED, ReportsAgain, reports_again
from matches.amend.revert import hires_of, settler_checked, standing_of
from matches.match_rows import MatchRows, match_rows
from matches.models import APPROVED, CONFIRMED, Correction, Match, PostGame
from matches.post_game.apply import cause_of, dice_keep, side_deltas, steps_record
from matches.post_game.apply import worked_out as worked_out_now
from matches.report.body import body_of, entry_from
from matches.report.content import content_check, content_store, entry_of, match_sides
from matches.seams import settlers
from matches.services import MatchRefused, step
from matches.typed import report_read, typed_dice
from matches.workflow import report_values_checked
from rules.engine.errors import Problem
from rules.engine.report_changes import Change, report_changes
from rules.engine.report_entry import SIDES, is_report_purpose
from teams import ledger
from teams.ledger_rows import standing
from teams.models import LedgerEntry, Team
from teams.rebuild import RebuildRefused, RebuildReview, applied_order, ledger_rebuild
from teams.services import cause_new

__all__ = ["Corrected", "DiceNeeded", "corrected_data", "report_correct", "report_correct_typed"]


@dataclass(frozen=True)
class Corrected:
    """What a correction changes: the report's values, each team's figures (only those of
    the teams it changes) and the season's table. `committed`: written, not a preview."""

    match: Match
    report: tuple[Change, ...]
    teams: tuple[TeamChanges, ...]
    table: tuple[Change, ...]
    committed: bool


def corrected_data(corrected: Corrected) -> dict:
    """What the API answers: the changes as named values."""
    return {"committed": corrected.committed, "report": named(corrected.report),
            "teams": [{"team": t.team, "changes": named(t.changes)} for t in corrected.teams],
            "table": named(corrected.table)}  # fmt: skip


class _RolledBack(Exception):
    def __init__(self, corrected: Corrected) -> None:
        self.corrected = corrected


def report_correct(
    match: Match, actor, reason: str, body: Mapping, dice: Sequence[Mapping] = (),
    commit: bool = True,
) -> Corrected:  # fmt: skip
    """Corrects the match's applied report to `body` (the API's report body, whole), with
    `dice` ({purpose, values, notation for a new die}) entered beside it, giving `reason`.
    With `commit` False it is a preview: the same work, rolled back. MatchRefused (and its
    RebuildReview, DiceNeeded) says why it cannot be, nothing changed."""
    try:
        with transaction.atomic():
            corrected = _correct(match, actor, reason, body, dice, commit)
            if not (commit and corrected.report):
                raise _RolledBack(corrected)  # a preview, or nothing to correct
    except _RolledBack as rolled_back:
        return replace(rolled_back.corrected, committed=False)
    return corrected


def report_correct_typed(match: Match, user, data: Mapping) -> Corrected:
    """A correction as the page's form or the API's body gives it: the reason, the report as
    it should be, the dice given with it, and whether it is only a preview."""
    dice_given = [
        {**die, "values": typed_dice(die.get("values"))} for die in data.get("dice") or ()
    ]
    return report_correct(match, user, data.get("reason") or "",
                          report_read(data.get("report") or {}), dice_given,
                          commit=not data.get("preview"))  # fmt: skip


def _correct(match, actor, reason, body, dice, commit) -> Corrected:
    given = reason if commit else (reason or "").strip() or "A preview."
    match, reason = settler_checked(match, actor, given, "correct the report",
                                    "correct its report")  # fmt: skip
    post = PostGame.objects.filter(match=match).first()
    if post is None or match.status not in (CONFIRMED, APPROVED):
        said = f"The report of {match} is {match.stage}, not applied: there is nothing to correct."
        raise MatchRefused([Problem("status", said)])
    cause = cause_of(match)
    if cause is None:  # applied before Dugout kept each report's cause
        raise MatchRefused([Problem("status", f"The report of {match} was applied before "
                                              "Dugout kept its place in the ledgers: revert "
                                              "it and apply it again instead.")])  # fmt: skip
    hired = hires_of(match)
    if hired:  # his hiring rests on the game as it was: it goes first
        why = "it hires a journeyman for his game in this match: undo it first"
        raise RebuildReview([RebuildRefused(entry, why) for entry in hired])
    pair = sorted((match.home_id, match.away_id))
    touched, again = teams_locked(pair, cause.pk, actor)
    entries = sorted(standing_of(cause), key=lambda entry: entry.pk)
    names = side_names(match)
    teams_before, table_before = team_figures(touched), settlers.answer.table_lines(match)
    then = match_rows(match, states_before(pair, cause.pk))
    was = report_as_it_stands(match.pk, then)
    _report_write(match, actor, body, then)
    typed = dice_write(match, actor, dice)
    if not changes(was, report_as_it_stands(match.pk, then), names):
        return Corrected(match, (), (), (), False)  # nothing to write: rolled back
    dice_checked(match_read(match.pk), then, typed)
    correcting = cause_new("correct", actor, {"match": match.pk, "reason": reason})
    if entries:
        ledger_rebuild(touched, {}, correcting, f"{match} corrected: {reason}", review=True,
                       redo=entries, **again.options())  # fmt: skip
        again.write()
    else:
        _steps_again(match.pk, then, actor, post)
    if not correcting.entries.exists():  # it changed no team: nothing points at it
        correcting.delete()
    # What changed, the dice as finally kept (some rolled again from the seed) among it.
    changed = changes(was, report_as_it_stands(match.pk, then), names)
    Correction.objects.create(match=match, actor=actor, reason=reason,
                              changes=[list(c) for c in changed])  # fmt: skip
    Match.objects.filter(pk=match.pk).update(changed_at=timezone.now())
    step(match, actor, "correct", reason)
    settlers.answer.results_stand([match])  # its score or casualties may count otherwise
    teams_after, table_after = team_figures(touched), settlers.answer.table_lines(match)
    return Corrected(match, changed, figures_changed(teams_before, teams_after),
                     table_changed(table_before, table_after), commit)  # fmt: skip


def teams_locked(pair: Sequence[int], point: int, actor) -> tuple[list[Team], ReportsAgain]:
    """Every team a correction of the report (the cause `point`) reaches, locked in one
    statement in pk order, as every report and rebuild locks its teams, so neither of two
    that meet waits on the other while holding what it needs; and the later reports to work
    out again, read under those locks. A report applied meanwhile may reach teams not
    locked: the locks are let go and taken again, with them, in order."""
    for _ in range(LOCK_ATTEMPTS):
        reached, _ = reports_again(pair, point, actor, since=point - 1)
        wanted = sorted(team.pk for team in reached)
        with transaction.atomic():  # a savepoint: rolled back, it lets the locks go
            locked = Team.objects.select_for_update(of=("self",)).filter(pk__in=wanted)
            list(locked.order_by("pk").values_list("pk", flat=True))
            touched, again = reports_again(pair, point, actor, since=point - 1)
            if {team.pk for team in touched} <= set(wanted):
                return touched, again
            transaction.set_rollback(True)
    raise MatchRefused([Problem("teams", "Reports of these teams are being applied as this is "
                                         "done: try again.")])  # fmt: skip


LOCK_ATTEMPTS = 3


def side_names(match: Match) -> dict[str, str]:
    """Each side's team, as the changes name it (and which side, where both share a name)."""
    if match.home.name == match.away.name:
        return {side: f"{match.home.name} ({side})" for side in SIDES}
    return {"home": match.home.name, "away": match.away.name}


def changes(was: tuple[dict, dict], now: tuple[dict, dict], names) -> tuple[Change, ...]:
    """Each value of the report that differs, `was` and `now` as report_as_it_stands reads."""
    return tuple(report_changes(was[0], now[0], names, was[1], now[1]))


def states_before(teams: Sequence[int], point: int) -> dict[int, ledger.TeamState]:
    """Each team as its ledger stood just before the cause `point` (the report's)."""
    states = {pk: ledger.TeamState() for pk in teams}
    entries = standing(LedgerEntry.objects.filter(team__in=teams).order_by("pk"))
    for entry in sorted(entries, key=applied_order):
        if entry.cause_id < point:
            states[entry.team_id] = ledger.replay(entry.deltas, states[entry.team_id])
    return states


def match_read(pk: int) -> Match:
    """The match as it now stands, with its report: read again after the report's rows were
    written (a match read before holds the old ones)."""
    return Match.objects.select_related(*RELATED, "report").get(pk=pk)


def report_as_it_stands(pk: int, then: MatchRows) -> tuple[dict, dict]:
    """(the report as a body, the match's dice but the casualties' own) as now stored."""
    match = match_read(pk)
    entry = entry_of(match, match_sides(match, then))
    report = match.report
    shown = {roll.purpose: list(roll.values) for roll in match.dice.all()
             if roll.source == "rolled" or not is_report_purpose(roll.purpose)}  # fmt: skip
    return body_of(entry, report.played_on, report.notes), shown


def _report_write(match: Match, actor, body: Mapping, then: MatchRows) -> None:
    """The report replaced by `body`, checked against its teams as they stood before it
    (the dice left blank rolled where the server may roll them)."""
    content = {key: value for key, value in body.items()
               if key not in ("played_on", "home_touchdowns", "away_touchdowns")}  # fmt: skip
    scores, notes = report_values_checked(match, body.get("played_on"),
                                          body.get("home_touchdowns"),
                                          body.get("away_touchdowns"), content)  # fmt: skip
    sides = match_sides(match, then)
    entry = entry_from(content, scores["home_touchdowns"], scores["away_touchdowns"])
    checked = content_check(match, sides, entry, actor)
    if checked.problems or checked.unfinished:
        raise MatchRefused(checked.problems + checked.unfinished)
    report = match.report
    report.played_on, report.notes = body.get("played_on"), notes
    report.home_touchdowns, report.away_touchdowns = (scores["home_touchdowns"],
                                                      scores["away_touchdowns"])  # fmt: skip
    # Its lines name the players' rows as they stand (those of `then` are not stored).
    took_part = {key: p.player for key, p in sides.participants.items() if p.player_id}
    content_store(match, replace(sides, players=took_part), entry, checked, actor)


def _steps_again(pk: int, then: MatchRows, actor, post: PostGame) -> None:
    """A report that changed neither team: its steps kept again, if it still changes
    neither (one that now would has no entries to write again)."""
    match = match_read(pk)
    before, ruleset, worked = worked_out_now(match, then)
    if any(side_deltas(worked, side, lambda: 0) for side in SIDES):
        raise MatchRefused([Problem("report", f"{match} changed neither team when it was "
                                              "applied; corrected, it would: revert it and "
                                              "apply it again instead.")])  # fmt: skip
    dice_keep(match, worked, actor)
    post.steps = steps_record(ruleset, before, worked)
    post.save(update_fields=["steps"])
