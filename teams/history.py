"""A team's ledger as the reader may see it.

A team's page is public, but a private league's business is not: to a reader who may not see
the league the team plays in, entries name no one but the team's own coach, and a written
adjustment says only that the league adjusted the team, not why."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from teams.models import LedgerEntry, Team
from teams.seams import TeamLeague

HIDDEN_CAUSE = "Adjusted by the team's league (its reasons are for its members)"


def ledger_for(
    team: Team, entries: Iterable[LedgerEntry], league: TeamLeague | None
) -> list[LedgerEntry]:
    """The entries as the reader may see them; `league` is the team's league as he sees it
    (`leagues.answer.league_of(team, reader)`)."""
    entries = list(entries)
    if league is None or league.visible:
        return entries
    return [_hidden(entry, team) for entry in entries]


def reversals(entries: Iterable[LedgerEntry]) -> dict[int, int]:
    """Entry id -> the sequence of the entry that reversed it, for the entries given."""
    return {entry.reverses_id: entry.sequence for entry in entries if entry.reverses_id}


def _hidden(entry: LedgerEntry, team: Team) -> LedgerEntry:
    if entry.actor_id in (None, team.coach_id) and entry.kind != "adjustment":
        return entry
    shown = copy.copy(entry)  # a copy for display: the stored entry is never touched
    if shown.actor_id != team.coach_id:
        shown.actor = None
    if shown.kind == "adjustment":
        shown.summary = HIDDEN_CAUSE
    return shown
