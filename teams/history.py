"""A team's ledger as the reader may see it.

A team's page is public, but a private league's business is not: to a reader who may not see
the league the team plays in, entries name no one but the team's own coach, a written
adjustment says only that the league adjusted the team, not why, and an undo only which entry
it reverses (its summary quotes that entry and gives the undoer's reason).

A results-only team (Blitz Bowl, 1st edition) has no money, re-rolls, fan factor or staff.
team_create now writes its creation with players only; one written before that is read
without the zero deltas it holds, saying how many players the team has, not what they cost
(0 gp)."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from teams.models import LedgerEntry, Team
from teams.seams import TeamLeague

HIDDEN_CAUSE = "Adjusted by the team's league (its reasons are for its members)"
HIDDEN_REVERSAL = "Reverses #{sequence} (the league's reasons are for its members)"
PRIVATE_KINDS = ("adjustment", "reversal")
MONEY_OPS = ("treasury", "rerolls", "fan_factor", "staff")  # what a results-only team lacks


def ledger_for(
    team: Team, entries: Iterable[LedgerEntry], league: TeamLeague | None
) -> list[LedgerEntry]:
    """The entries as the reader may see them; `league` is the team's league as he sees it
    (`leagues.answer.league_of(team, reader)`)."""
    entries = list(entries)
    if team.ruleset_version.play == "results_only":
        entries = [_results_only(entry) for entry in entries]
    if league is None or league.visible:
        return entries
    return [_hidden(entry, team) for entry in entries]


def reversals(entries: Iterable[LedgerEntry]) -> dict[int, int]:
    """Entry id -> the sequence of the entry that reversed it, for the entries given."""
    return {entry.reverses_id: entry.sequence for entry in entries if entry.reverses_id}


def _hidden(entry: LedgerEntry, team: Team) -> LedgerEntry:
    if entry.actor_id in (None, team.coach_id) and entry.kind not in PRIVATE_KINDS:
        return entry
    shown = copy.copy(entry)  # a copy for display: the stored entry is never touched
    if shown.actor_id != team.coach_id:
        shown.actor = None
    if shown.kind == "adjustment":
        shown.summary = HIDDEN_CAUSE
    elif shown.kind == "reversal":  # it quotes what it reverses, and the undoer's reason
        shown.summary = HIDDEN_REVERSAL.format(sequence=entry.reverses.sequence)
    return shown


def _results_only(entry: LedgerEntry) -> LedgerEntry:
    kept = [delta for delta in entry.deltas if not _no_money(delta)]
    if len(kept) == len(entry.deltas) and entry.kind != "creation":
        return entry
    shown = copy.copy(entry)  # a copy for display: the stored entry is never touched
    shown.deltas = kept
    if entry.kind == "creation":
        players = sum(delta.get("op") == "join" for delta in entry.deltas)
        shown.summary = f"Team created: {players} player{'s' if players != 1 else ''}"
    return shown


def _no_money(delta) -> bool:
    """A delta of money, re-rolls, fan factor or staff by nothing: all a results-only team's
    creation writes of them. One that changes something is the record's, and is shown."""
    return delta.get("op") in MONEY_OPS and not delta.get("amount")
