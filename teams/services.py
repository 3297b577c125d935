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
    team_check,
)
from rules.models import Position, Race, RulesetVersion, StarPlayer
from rules.plumbing.limits import field_problem, require_columns_fit
from rules.snapshot import version_snapshot
from teams import ledger
from teams.models import LedgerEntry, Player, Team


def state_of(team: Team, players: Sequence[Player] | None = None) -> ledger.TeamState:
    """The state the rows hold now (what the ledger's replay must equal)."""
    if players is None:
        players = team.players.select_related("position", "star")
    return ledger.TeamState(
        treasury=team.treasury,
        rerolls=team.rerolls,
        fan_factor=team.fan_factor,
        staff={key: count for key, count in team.staff.items() if count},
        players={
            str(p.pk): ledger.PlayerState(
                number=p.number,
                name=p.name,
                position=p.role,
                star=p.star_id is not None,
                status=p.status,
                spp=p.spp,
                completions=p.completions,
                touchdowns=p.touchdowns,
                interceptions=p.interceptions,
                casualties=p.casualties,
                mvps=p.mvps,
                value_increase=p.value_increase,
                skills=tuple(p.skills),
                changes=dict(p.changes),
                injuries=tuple(p.injuries),
            )
            for p in players
        },
    )


def _persist(team: Team, state: ledger.TeamState) -> None:
    team.treasury, team.rerolls, team.fan_factor = state.treasury, state.rerolls, state.fan_factor
    team.staff = dict(state.staff)
    team.save(update_fields=["treasury", "rerolls", "fan_factor", "staff"])
    rows = {str(p.pk): p for p in team.players.all()}
    gone = [pk for key, pk in ((k, p.pk) for k, p in rows.items()) if key not in state.players]
    Player.objects.filter(pk__in=gone).delete()
    # A player back through a reversal gets his row again, under the id the ledger knows.
    returning = [key for key in state.players if key not in rows]
    if returning:  # read the rules' rows only when someone comes back
        positions = {p.name: p for p in Position.objects.filter(race=team.race_id)}
        stars = {s.name: s for s in StarPlayer.objects.filter(version=team.ruleset_version_id)}
    for key, player in state.players.items():
        if key in returning:
            rows[key] = Player.objects.create(
                pk=int(key),
                team=team,
                position=None if player.star else positions[player.position],
                star=stars[player.position] if player.star else None,
                number=player.number,
                name=player.name,
            )
    changed = []
    for key, player in state.players.items():
        row = rows[key]
        for name in ("number", "name", "status", *ledger.PLAYER_COUNTERS):
            setattr(row, name, getattr(player, name))
        row.skills, row.changes, row.injuries = (
            list(player.skills),
            dict(player.changes),
            list(player.injuries),
        )
        changed.append(row)
    fields = ["number", "name", "status", *ledger.PLAYER_COUNTERS, "skills", "changes", "injuries"]
    require_columns_fit(changed)  # bulk writes send no pre_save: check the columns here
    Player.objects.bulk_update(changed, fields)


def ledger_head(team: Team) -> int:
    """The sequence of the team's latest ledger entry (0 before any)."""
    return team.ledger.order_by("-sequence").values_list("sequence", flat=True).first() or 0


@transaction.atomic
def entry_append(
    team: Team,
    kind: str,
    cause: str,
    actor,
    deltas: list[dict],
    reverses=None,
    before: ledger.TeamState | None = None,
) -> LedgerEntry:
    """Appends one entry and saves the state its deltas lead to (LedgerError refuses it).

    `before` is the state the deltas start from: the rows' state, except for a new team,
    whose players' rows exist (for their ids) before the entry that makes them join.
    """
    team = Team.objects.select_for_update().get(pk=team.pk)
    state = ledger.replay(deltas, state_of(team) if before is None else before)
    entry = LedgerEntry.objects.create(
        team=team,
        sequence=ledger_head(team) + 1,
        kind=kind,
        cause=cause,
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        ruleset_version_id=team.ruleset_version_id,
        deltas=deltas,
        reverses=reverses,
    )
    _persist(team, state)
    return entry


@transaction.atomic
def entry_reverse(entry: LedgerEntry, actor, reason: str) -> LedgerEntry:
    """Undoes an entry by appending its inverse; the entry itself stays as it was."""
    before = ledger.replay(
        d for e in entry.team.ledger.filter(sequence__lt=entry.sequence) for d in e.deltas
    )
    undo = ledger.inverse(entry.deltas, before)
    return entry_append(
        entry.team, "reversal", f"Reverses #{entry.sequence}: {reason}", actor, undo, entry
    )


@dataclass(frozen=True)
class Difference:
    team: Team
    field: str
    expected: object
    actual: object

    def __str__(self) -> str:
        return (
            f"team {self.team.pk} ({self.team.name}): {self.field} should be "
            f"{self.expected!r} by its ledger, but is {self.actual!r}"
        )


def ledger_differences(team: Team, players: Sequence[Player] | None = None) -> list[Difference]:
    """Where the rows disagree with the replay of the team's ledger. `players` may be given
    already read (with position and star), as ledger_check reads them a batch at a time."""
    expected = ledger.replay(d for entry in team.ledger.all() for d in entry.deltas)
    actual = state_of(team, players)
    found = [
        Difference(team, name, getattr(expected, name), getattr(actual, name))
        for name in ("treasury", "rerolls", "fan_factor", "staff")
        if getattr(expected, name) != getattr(actual, name)
    ]
    for key in sorted(set(expected.players) | set(actual.players)):
        want, have = expected.players.get(key), actual.players.get(key)
        if want is None or have is None:
            found.append(Difference(team, f"player {key}", want, have))
            continue
        for name in want.__dataclass_fields__:
            if getattr(want, name) != getattr(have, name):
                label = f"player {key} (#{have.number} {have.name}) {name}"
                found.append(Difference(team, label, getattr(want, name), getattr(have, name)))
    return found


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
    problems = list(_name_problems(name, players))
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
    rows = Player.objects.bulk_create(
        Player(team=team, position=position_rows[p.position], number=n, name=p.name.strip())
        for p, n in zip(players, numbers, strict=True)
    )
    rows += _star_rows(team, version, star_players, taken=set(numbers))
    deltas: list[dict] = [
        {"op": "treasury", "amount": cost.treasury},
        {"op": "rerolls", "amount": rerolls},
        {"op": "fan_factor", "amount": fan_factor},
        *({"op": "staff", "key": k, "amount": v} for k, v in (staff or {}).items() if v),
        *(
            {"op": "join", "player": str(r.pk), "number": r.number, "name": r.name,
             "position": r.role, **({"star": True} if r.star_id else {})}
            for r in rows
        ),
    ]  # fmt: skip
    stars = f", star players for {cost.star_players:,}" if star_players else ""
    cause = (
        f"Team created: {len(rows)} players for {cost.players:,} gp{stars}, {rerolls} re-rolls "
        f"for {cost.rerolls:,}, fan factor {fan_factor} for {cost.fan_factor:,}, staff "
        f"for {cost.staff:,}; {cost.treasury:,} gp left in the treasury"
    )
    entry_append(team, "creation", cause, coach, deltas, before=ledger.TeamState())
    team.refresh_from_db()
    return team


def _star_rows(
    team: Team, version: RulesetVersion, names: Sequence[str], taken: set[int]
) -> list[Player]:
    """Star players hired for good, each bringing his partner (Brick Far'th and Grotty)."""
    stars = StarPlayer.objects.filter(version=version).select_related("paired_with")
    by_name = {star.name: star for star in stars}
    hired = []
    for name in names:
        star = by_name[name]
        for member in (star, star.paired_with):
            if member is not None and member not in hired:
                hired.append(member)
    free = (n for n in range(1, 100) if n not in taken)
    return Player.objects.bulk_create(
        Player(team=team, star=star, number=next(free), name=star.name) for star in hired
    )


def _name_problems(name: str, players: Sequence[NewPlayer]) -> list[Problem]:
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
        if not 1 <= number <= 99:
            problems.append(Problem("players", f"Player numbers run from 1 to 99, not {number}."))
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
