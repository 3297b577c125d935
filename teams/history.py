"""A team's ledger as the reader may see it.

A team's page is public, but a private league's business is not: to a reader who may not see
the league the team plays in, entries name no one but the team's own coach, and a written
adjustment says only that the league adjusted the team, not why."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from teams.models import LedgerEntry, Team
from teams.seams import TeamLeague, leagues

MISSING: TeamLeague = object()  # type: ignore[assignment]  # "not asked yet", unlike None
HIDDEN_CAUSE = "Adjusted by the team's league (its reasons are for its members)"


def ledger_for(
    team: Team, reader, entries: Iterable[LedgerEntry], league: TeamLeague | None = MISSING
) -> list[LedgerEntry]:
    """The entries as `reader` may see them; `league` is the team's, when the caller has it."""
    entries = list(entries)
    if league is MISSING:
        league = leagues.answer.league_of(team, reader)
    if league is None or league.visible:
        return entries
    return [_hidden(entry, team) for entry in entries]


def _hidden(entry: LedgerEntry, team: Team) -> LedgerEntry:
    if entry.actor_id in (None, team.coach_id) and entry.kind != "adjustment":
        return entry
    shown = copy.copy(entry)  # a copy for display: the stored entry is never touched
    if shown.actor_id != team.coach_id:
        shown.actor = None
    if shown.kind == "adjustment":
        shown.cause = HIDDEN_CAUSE
    return shown
