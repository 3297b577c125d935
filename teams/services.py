"""Writing teams: every change appends a ledger entry and saves the state it leads to, in
one transaction, so the rows always equal the replay of the ledger."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction

from rules.engine.team_building import (
    Problem,
    TeamRefused,
    TeamRequest,
    highest_number,
    team_check,
)
from rules.models import Position, Race, RulesetVersion, StarPlayer
from rules.plumbing.limits import field_problem
from rules.snapshot import version_snapshot
from teams import ledger
from teams.ledger_rows import ledger_head, persist, state_of
from teams.models import LedgerCause, LedgerEntry, Player, Team


def cause_new(kind: str, actor, request: dict | None = None, ref: int | None = None):
    """The cause a service's entries point at, with what was asked (to apply it again)."""
    return LedgerCause.objects.create(
        kind=kind,
        ref=ref,
        request=request or {},
        actor=actor if getattr(actor, "is_authenticated", False) else None,
    )


def next_player_key(team: Team) -> int:
    """The number of the next player key on the team (p1, p2, ...): keys are never reused,
    so count every row the team ever had, undone hirings too."""
    return Player.objects.filter(team=team).count() + 1


@transaction.atomic
def entry_append(
    team: Team,
    kind: str,
    summary: str,
    cause: LedgerCause,
    deltas: list[dict],
    before: ledger.TeamState | None = None,
) -> LedgerEntry:
    """Appends one entry and saves the state its deltas lead to (LedgerError refuses it).

    `before` is the state the deltas start from: the rows' state unless given (a service
    that read the roster already passes it, saving the reads).
    """
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.retired_at is not None:
        raise TeamRefused([Problem("team", retired_words(team))])
    state = ledger.replay(deltas, state_of(team) if before is None else before)
    entry = LedgerEntry.objects.create(
        team=team,
        sequence=ledger_head(team) + 1,
        kind=kind,
        cause=cause,
        summary=summary,
        actor=cause.actor,
        ruleset_version_id=team.ruleset_version_id,
        deltas=deltas,
    )
    persist(team, state)
    return entry


def retired_words(team: Team) -> str:
    return f"{team.name} is retired: it can be read but not changed."


@dataclass(frozen=True)
class NewPlayer:
    position: str  # position name in the team's race
    name: str
    number: int | None = None  # None: the next free number


@transaction.atomic
def team_create(
    coach,
    version: RulesetVersion,
    name: str,
    race: str,
    players: Sequence[NewPlayer],
    rerolls: int = 0,
    fan_factor: int = 0,
    staff: dict[str, int] | None = None,
    star_players: Sequence[str] = (),
) -> Team:
    """A new team, checked against its ruleset version (TeamRefused lists every problem)."""
    if not getattr(coach, "is_authenticated", False):
        raise PermissionDenied("Log in to create a team.")
    snapshot = version_snapshot(version)
    ruleset = snapshot.ruleset
    positions: dict[str, int] = {}
    for player in players:
        positions[player.position] = positions.get(player.position, 0) + 1
    request = TeamRequest(
        race, positions, rerolls, fan_factor, dict(staff or {}), tuple(star_players)
    )
    problems = list(_name_problems(name, players, highest_number(ruleset)))
    try:
        cost = team_check(ruleset, snapshot.staff_rules, snapshot.star_rules, request)
    except TeamRefused as refused:
        raise TeamRefused(tuple(problems) + refused.problems) from None
    if problems:
        raise TeamRefused(tuple(problems))
    race_row = Race.objects.get(version=version, slug=race)
    position_rows = {p.name: p for p in Position.objects.filter(race=race_row)}
    team = Team.objects.create(
        name=name.strip(), coach=coach, ruleset_version=version, race=race_row
    )
    numbers = _numbers(players)
    rows = [
        Player(team=team, position=position_rows[p.position], number=n, name=p.name.strip())
        for p, n in zip(players, numbers, strict=True)
    ]
    rows += _star_rows(version, star_players, taken=set(numbers))
    for index, row in enumerate(rows, 1):
        row.team, row.key = team, f"p{index}"
    rows = Player.objects.bulk_create(rows)
    # A results-only team has no money, re-rolls, fans or staff: its ledger keeps players only.
    money = ruleset.play != "results_only"
    deltas: list[dict] = [
        *(
            [{"op": "treasury", "amount": cost.treasury}, {"op": "rerolls", "amount": rerolls},
             {"op": "fan_factor", "amount": fan_factor}]
            if money else []
        ),
        *({"op": "staff", "key": k, "amount": v} for k, v in (staff or {}).items() if v),
        *(
            {"op": "join", "player": r.key, "number": r.number, "name": r.name,
             "position": r.role, **({"star": True} if r.star_id else {})}
            for r in rows
        ),
    ]  # fmt: skip
    stars = f", star players for {cost.star_players:,}" if star_players else ""
    cause = (
        f"Team created: {len(rows)} players for {cost.players:,} gp{stars}, {rerolls} re-rolls "
        f"for {cost.rerolls:,}, fan factor {fan_factor} for {cost.fan_factor:,}, staff "
        f"for {cost.staff:,}; {cost.treasury:,} gp left in the treasury"
        if money
        else f"Team created: {len(rows)} players"
    )
    request = {"name": team.name, "race": race, "players": [[r.key, r.number, r.name, r.role]
               for r in rows], "rerolls": rerolls, "fan_factor": fan_factor,
               "staff": dict(staff or {}), "star_players": list(star_players)}  # fmt: skip
    made = cause_new("creation", coach, request)
    entry_append(team, "creation", cause, made, deltas, before=ledger.TeamState())
    team.refresh_from_db()
    return team


def _star_rows(version: RulesetVersion, names: Sequence[str], taken: set[int]) -> list[Player]:
    """Star players hired for good, each bringing his partner (Brick Far'th and Grotty)."""
    if not names:  # most teams hire none: no need to read the version's stars
        return []
    stars = StarPlayer.objects.filter(version=version).select_related("paired_with")
    by_name = {star.name: star for star in stars}
    hired = []
    for name in names:
        star = by_name[name]
        for member in (star, star.paired_with):
            if member is not None and member not in hired:
                hired.append(member)
    free = (n for n in range(1, 100) if n not in taken)
    return [Player(star=star, number=next(free), name=star.name) for star in hired]


def _name_problems(name: str, players: Sequence[NewPlayer], highest: int = 99) -> list[Problem]:
    problems = []
    if not name.strip():
        problems.append(Problem("name", "Give the team a name."))
    too_long = field_problem(Team, "name", name.strip(), "name", "The team's name")
    problems += [too_long] if too_long else []
    for index, player in enumerate(players, 1):
        if not player.name.strip():
            problems.append(Problem("players", f"Player {index} ({player.position}) needs a name."))
        problems += player_name_problems([player.name], "players")
    given = [p.number for p in players if p.number is not None]
    for number in sorted({n for n in given if given.count(n) > 1}):
        problems.append(Problem("players", f"Two players wear number {number}."))
    for number in given:
        if not 1 <= number <= highest:
            problems.append(
                Problem("players", f"Player numbers run from 1 to {highest}, not {number}.")
            )
    return problems


def player_name_problems(names: Sequence[str], field: str) -> list[Problem]:
    """Names a player row cannot hold (too long, a NUL), as problems of the request's field."""
    found = (
        field_problem(Player, "name", name.strip(), field, f"The player's name {name[:20]!r}…")
        for name in names
    )
    return [problem for problem in found if problem is not None]


def _numbers(players: Sequence[NewPlayer]) -> list[int]:
    taken = {p.number for p in players if p.number is not None}
    free = (n for n in range(1, 100) if n not in taken)
    return [p.number if p.number is not None else next(free) for p in players]
