"""Rebuilding teams from a point in their ledgers, with entries replaced or removed.

Correcting an old match report or undoing a purchase changes what every later entry of the
teams involved meets. A rebuild takes the teams' standing entries in the order they were
applied (across the teams), replays them from the earliest changed one with the changes
made, and applies every later cause again to the state it now meets (a purchase is priced
against the treasury it finds, a departure starts from the player's status then). If a later
cause no longer fits, the rebuild refuses, naming that entry and the rule, and writes
nothing. Otherwise, for each team whose history differs from the changed point on, it
appends reversal entries for those entries (latest first) and then new entries with the same
causes: nothing is edited in place, and the rows equal the replay of what is not reversed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction

from rules.engine.team_building import Problem, TeamRefused
from rules.plumbing.limits import require_columns_fit
from teams import causes, ledger
from teams.between_matches import rules_of
from teams.ledger_rows import persist, standing
from teams.models import LedgerCause, LedgerEntry, Team

SUMMARY_LENGTH = 200
AGAIN = re.compile(r" \(#\d+ applied again\)$")  # an entry applied again says so once

# How a cause of each kind is applied again. Teams' own kinds are worked out by
# teams.causes; a layer above registers its kinds here (matches: "report") through
# `refit_register`. A kind with no refit keeps its deltas, which must still apply.
Refit = Callable[
    [LedgerEntry, Mapping[int, causes.Rules], Mapping[int, ledger.TeamState]],
    list[dict[str, Any]],
]
REFITS: dict[str, Refit] = {}


def refit_register(kind: str, refit: Refit) -> None:
    REFITS[kind] = refit


def paid_before_kick_off(
    entry: LedgerEntry, rules: Mapping[int, causes.Rules], states: Mapping[int, ledger.TeamState]
) -> list[dict[str, Any]]:
    """A match's inducements or freebooters, paid from the treasury before kick-off: the same
    gold again, if the treasury still has it (a team never pays a hire from a debt)."""
    paid = -sum(int(d["amount"]) for d in entry.deltas if d.get("op") == "treasury")
    have = states[entry.team_id].treasury
    if paid > max(0, have):
        raise TeamRefused(
            [
                Problem(
                    "treasury",
                    f"Entry #{entry.sequence} paid {paid:,} gp before a match; the treasury "
                    f"would have {have:,} gp.",
                )
            ]
        )
    return [dict(delta) for delta in entry.deltas]


refit_register("inducements", paid_before_kick_off)
refit_register("freebooters", paid_before_kick_off)


class RebuildRefused(TeamRefused):
    """A later entry no longer fits: nothing was written. `entry` is the one to look at."""

    def __init__(self, entry: LedgerEntry, why: str) -> None:
        self.entry = entry
        message = (
            f"Entry #{entry.sequence} of {entry.team.name} ({entry.summary}) would no longer "
            f"fit: {why.rstrip('.')}."
        )
        super().__init__([Problem("entry", message)])


class RebuildReview(TeamRefused):
    """Every later entry that no longer fits, in the order met (each as a RebuildRefused;
    one a cause of two teams' makes is listed once): nothing was written."""

    def __init__(self, refusals: Sequence[RebuildRefused]) -> None:
        self.refusals = list(refusals)
        super().__init__([problem for refused in refusals for problem in refused.problems])


def refit(
    entry: LedgerEntry,
    rules: Mapping[int, causes.Rules],
    states: Mapping[int, ledger.TeamState],
    refits: Mapping[str, Refit] | None = None,
) -> list[dict[str, Any]]:
    """The deltas `entry`'s cause gives now, against `states` (TeamRefused if none fit).
    `refits` stand in for the registered ones of their kinds (a rebuild's own)."""
    cause = entry.cause
    table = {**REFITS, **(refits or {})}
    if cause.kind in table:
        return table[cause.kind](entry, rules, states)
    derive = causes.DERIVED.get(cause.kind)
    if derive is None or "deltas" in cause.request or cause.request.get("legacy"):
        # A creation, a cause written as its deltas, or one from before causes kept their
        # requests: its deltas stand as they are (they must still apply).
        return [dict(delta) for delta in entry.deltas]
    return derive(rules[entry.team_id], states[entry.team_id], cause.request)


def applied_order(entry: LedgerEntry) -> tuple[int, int]:
    """Where an entry stands in the order its cause was first applied: a cause is made when
    it is first applied and an entry applied again keeps it, so by cause, then by entry (a
    report's home side before its away side). Across teams the entries' own order is not
    that: a rebuild writes each team's entries again together."""
    return (entry.cause_id, entry.pk)


@transaction.atomic
def ledger_rebuild(
    teams: Iterable[Team],
    changes: Mapping[LedgerEntry, Sequence[Mapping[str, Any]] | None],
    cause: LedgerCause,
    reason: str,
    refits: Mapping[str, Refit] | None = None,
    review: bool = False,
    summary: Callable[[LedgerEntry], str | None] | None = None,
    reads: Callable[[LedgerEntry], Iterable[int]] | None = None,
    restore: Sequence[LedgerEntry] = (),
    observe: Callable[[LedgerEntry, Mapping[int, ledger.TeamState]], None] | None = None,
    redo: Sequence[LedgerEntry] = (),
) -> list[LedgerEntry]:
    """Replays the teams' ledgers from the earliest entry in `changes`, `restore` or `redo`,
    each entry in `changes` replaced by its new deltas or (None) removed, each in `restore`
    (one reversed earlier: a reverted report's) back in its place in the order, and each in
    `redo` (a corrected report's: it stands) worked out again where it stands; both by their
    refit, never kept as they were. `observe` sees every team's state before each
    replayed entry. Returns the entries written; none when nothing changes. RebuildRefused
    names the first later entry that no longer fits; with `review`, RebuildReview names
    every one (each left out, to find the next). `refits`:
    this rebuild's own, by cause kind (see refit); `summary`: an entry's summary as it is
    applied again, where its refit changed it (None keeps the old one). An entry whose
    cause meets every team it reads (`reads`: its own unless said) exactly as it first did
    keeps its deltas: worked out again, it could only give the same."""
    pks = sorted({team.pk for team in teams} | {e.team_id for e in [*changes, *restore, *redo]})
    locked = {
        team.pk: team
        for team in Team.objects.select_for_update(of=("self",))
        .select_related("race", "ruleset_version")
        .filter(pk__in=pks)
        .order_by("pk")
    }
    entries = standing(
        LedgerEntry.objects.filter(team__in=pks).select_related("cause").order_by("pk")
    )
    back = {entry.pk for entry in restore}  # out of the ledgers as they stand
    entries += [entry for entry in restore if entry.pk not in {e.pk for e in entries}]
    entries.sort(key=applied_order)
    wanted = {entry.pk: deltas for entry, deltas in changes.items()}
    known = {entry.pk for entry in entries}
    for entry in changes:
        if entry.pk not in known:
            raise TeamRefused([Problem("entry", f"Entry #{entry.sequence} has been undone "
                                                "already.")])  # fmt: skip
    point = min(applied_order(entry) for entry in [*changes, *restore, *redo])
    again = back | {entry.pk for entry in redo}  # worked out again whatever they meet
    rules = {pk: rules_of(team) for pk, team in locked.items()}
    states = {pk: ledger.TeamState() for pk in pks}
    for entry in entries:
        if applied_order(entry) < point:
            states[entry.team_id] = ledger.replay(entry.deltas, states[entry.team_id])
    before, original = dict(states), dict(states)
    met: dict[int, bool] = {}  # each cause: did it meet its teams as it first did?
    redone: list[tuple[LedgerEntry, list | None]] = []
    found: dict[tuple[int, str], RebuildRefused] = {}

    def refused(entry: LedgerEntry, why: str) -> None:
        if not review:
            raise RebuildRefused(entry, why)
        found.setdefault((entry.cause_id, why), RebuildRefused(entry, why))

    for entry in (e for e in entries if applied_order(e) >= point):
        entry.team = locked[entry.team_id]
        if observe:  # the teams as they stand before it (a kick-off fixed before it)
            observe(entry, states)
        if entry.cause_id not in met:  # at a cause's first entry: its teams as it found them
            read = tuple(reads(entry)) if reads else (entry.team_id,)
            met[entry.cause_id] = entry.pk not in again and all(
                pk in states and states[pk] == original[pk] for pk in read
            )
        as_first = met[entry.cause_id]
        if entry.pk in wanted:
            deltas = None if wanted[entry.pk] is None else [dict(d) for d in wanted[entry.pk]]
        elif as_first:
            deltas = [dict(delta) for delta in entry.deltas]
        else:
            try:
                deltas = refit(entry, rules, states, refits)
            except TeamRefused as refusal:
                refused(entry, " ".join(problem.message for problem in refusal.problems))
                deltas = None
        # A team that stands as it first did, meeting the same deltas, stands so after them:
        # replayed once, not twice (most teams a rebuild reaches, most of the time).
        # (An entry brought back was never in the ledger as it stood: it changes the team.)
        same = (entry.pk not in back and states[entry.team_id] is original[entry.team_id]
                and deltas == entry.deltas)  # fmt: skip
        if entry.pk not in back:
            original[entry.team_id] = ledger.replay(entry.deltas, original[entry.team_id])
        if same:
            states[entry.team_id] = original[entry.team_id]
        elif deltas is not None:
            try:
                states[entry.team_id] = ledger.replay(deltas, states[entry.team_id])
            except (ledger.LedgerError, KeyError) as error:
                refused(entry, str(error))
                deltas = None
        redone.append((entry, deltas))
    if found:
        raise RebuildReview(list(found.values()))
    mine = {pk: [(entry, deltas) for entry, deltas in redone if entry.team_id == pk]
            for pk in locked}  # fmt: skip
    retired_check(locked.values(), mine, cause, back)
    written: list[LedgerEntry] = []
    for pk, team in locked.items():
        written += _rewrite(team, mine[pk], before[pk], states[pk], cause, reason, summary, back)
    return written


# The rebuilds that may reach back into a retired team's history: a match report of a game
# it played before it retired, reverted, applied again or corrected. Its history is then
# told right, and the team stays retired; every other change to it is refused.
REWRITE_HISTORY = ("revert", "reapply", "correct")


def retired_check(
    teams: Iterable[Team],
    mine: Mapping[int, list[tuple[LedgerEntry, list | None]]],
    cause: LedgerCause,
    back: set[int] | frozenset[int] = frozenset(),
) -> None:
    """TeamRefused, naming the team, where the rebuild would write to a retired team other
    than as REWRITE_HISTORY allows: only a report's rebuild, and only entries whose causes
    (each made when first applied: the game played, the player bought) came before its
    retirement."""
    problems = []
    for team in teams:
        changed = _changed(mine[team.pk], back)
        if team.retired_at is None or changed is None:
            continue
        late = [entry for entry, _deltas in mine[team.pk][changed:]
                if entry.cause.created_at > team.retired_at]  # fmt: skip
        if cause.kind not in REWRITE_HISTORY:
            problems.append(Problem("team", f"{team.name} is retired: it can be read but not "
                                            "changed, and this would change it."))  # fmt: skip
        elif late:
            problems.append(
                Problem(
                    "team",
                    f"{team.name} retired on {team.retired_at:%d %b %Y}: "
                    f"entry #{late[0].sequence} came after, and stands.",
                )
            )
    if problems:
        raise TeamRefused(problems)


def _changed(mine: list[tuple[LedgerEntry, list | None]], back) -> int | None:
    """The index of the team's first entry that changes; None when none does."""
    return next((i for i, (entry, deltas) in enumerate(mine)
                 if entry.pk in back or deltas != entry.deltas), None)  # fmt: skip


def _rewrite(
    team: Team,
    mine: list[tuple[LedgerEntry, list | None]],
    before: ledger.TeamState,
    after: ledger.TeamState,
    cause: LedgerCause,
    reason: str,
    summary: Callable[[LedgerEntry], str | None] | None = None,
    back: set[int] | frozenset[int] = frozenset(),
) -> list[LedgerEntry]:
    """Reverses the team's entries from the first one that changes, latest first, and
    appends them again as they are now; nothing when none changes. Entries in `back` are
    not in the ledger as it stands (reversed before): appended, never reversed."""
    first = _changed(mine, back)
    if first is None:
        return []
    # A retired team's history rewritten (retired_check allowed it) says so on every entry.
    mark = "After retirement: " if team.retired_at is not None else ""
    state, undo = before, []
    for index, (entry, _deltas) in enumerate(mine):
        if entry.pk in back:
            continue
        if index >= first:
            undo.append((entry, ledger.inverse(entry.deltas, state)))
        state = ledger.replay(entry.deltas, state)
    head = team.ledger.order_by("-sequence").values_list("sequence", flat=True).first() or 0
    rows = []
    for entry, deltas in reversed(undo):
        head += 1
        rows.append(LedgerEntry(
            team=team, sequence=head, kind="reversal", cause=cause, actor=cause.actor,
            summary=_fit(f"{mark}Reverses #{entry.sequence} ({entry.summary}): {reason}"),
            ruleset_version_id=team.ruleset_version_id, deltas=deltas, reverses=entry,
        ))  # fmt: skip
    for entry, deltas in mine[first:]:
        if deltas is None:
            continue
        head += 1
        rows.append(LedgerEntry(
            team=team, sequence=head, kind=entry.kind, cause=entry.cause, actor_id=entry.actor_id,
            summary=_fit(f"{mark}{_again((summary and summary(entry)) or entry.summary)} "
                         f"(#{entry.sequence} applied again)"),
            ruleset_version_id=team.ruleset_version_id, deltas=deltas,
        ))  # fmt: skip
    require_columns_fit(rows)  # bulk writes send no pre_save: check the columns here
    written = LedgerEntry.objects.bulk_create(rows)
    persist(team, after)
    return written


def _again(summary: str) -> str:
    """An entry's summary with no mark of an earlier rewrite: each rewrite marks it once."""
    return AGAIN.sub("", summary.removeprefix("After retirement: "))


def _fit(summary: str) -> str:
    return summary if len(summary) <= SUMMARY_LENGTH else summary[: SUMMARY_LENGTH - 1] + "…"
