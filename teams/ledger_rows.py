"""The rows that keep a team's ledger state for fast reads: reading them as a state, writing a
state back to them, and finding where they disagree with the replay of the ledger.

Player rows are never deleted: a player whose hiring is undone keeps his row (and his key)
with the status "undone". Improvement roll rows are the state's rolls and follow it."""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Field, Prefetch

from rules.models import Position, StarPlayer
from rules.plumbing.limits import require_columns_fit
from teams import ledger
from teams.models import UNDONE, ImprovementRoll, LedgerEntry, Player, Team

SCALAR_FIELDS = ("number", "name", "status", *ledger.PLAYER_COUNTERS)
PLAYER_FIELDS = (*SCALAR_FIELDS, "skills", "changes", "injury_changes", "injuries")


ROLLS = Prefetch("improvements", to_attr="rolls_read")  # a plain list: no queryset per player


def roster_rows(team: Team):
    """The team's players as state_of reads them: with position, star and rolls."""
    return team.players.on_roster().select_related("position", "star").prefetch_related(ROLLS)


def state_of(team: Team, players: Sequence[Player] | None = None) -> ledger.TeamState:
    """The state the rows hold now (what the ledger's replay must equal). `players` may be
    given already read, with their rolls prefetched (roster_rows)."""
    if players is None:
        players = roster_rows(team)
    return ledger.TeamState(
        treasury=team.treasury,
        rerolls=team.rerolls,
        fan_factor=team.fan_factor,
        staff={key: count for key, count in team.staff.items() if count},
        players={p.key: player_state(p) for p in players if p.status != UNDONE},
    )


def player_state(p: Player) -> ledger.PlayerState:
    read = getattr(p, "rolls_read", None)
    rolls = sorted(p.improvements.all() if read is None else read, key=lambda r: r.number)
    return ledger.PlayerState(
        number=p.number,
        name=p.name,
        position=p.role,
        star=p.star_id is not None,
        status=p.status,
        **{name: getattr(p, name) for name in ledger.PLAYER_COUNTERS},
        skills=tuple(p.skills),
        changes=dict(p.changes),
        injury_changes=dict(p.injury_changes),
        injuries=tuple(p.injuries),
        rolls=tuple(ledger.Roll(r.key, r.die1, r.die2, r.source, r.seed, r.choice) for r in rolls),
    )


def persist(team: Team, state: ledger.TeamState) -> None:
    """Writes `state` to the team's rows, in a fixed number of queries."""
    team.treasury, team.rerolls, team.fan_factor = state.treasury, state.rerolls, state.fan_factor
    team.staff = dict(state.staff)
    team.save(update_fields=["treasury", "rerolls", "fan_factor", "staff"])
    rows = {p.key: p for p in Player.objects.filter(team=team).prefetch_related("improvements")}
    missing = [key for key in state.players if key not in rows]
    if missing:  # a ledger read into a fresh database: the rows are made from it
        rows.update(_rows_for(team, {key: state.players[key] for key in missing}))
    changed, fields = [], set()
    for key, row in rows.items():
        player = state.players.get(key)
        if player is None:
            if row.status != UNDONE:
                row.status = UNDONE
                changed.append(row)
                fields.add("status")
            continue
        wanted = {name: getattr(player, name) for name in SCALAR_FIELDS}
        wanted.update(
            skills=list(player.skills),
            injuries=list(player.injuries),
            changes=dict(player.changes),
            injury_changes=dict(player.injury_changes),
        )
        differ = [name for name, value in wanted.items() if getattr(row, name) != value]
        if differ:  # only rows that change are written, and only the columns that do
            for name in differ:
                setattr(row, name, wanted[name])
            changed.append(row)
            fields.update(differ)
    require_columns_fit(changed)  # bulk writes send no pre_save: check the columns here
    if changed:
        Player.objects.bulk_update(changed, [f for f in PLAYER_FIELDS if f in fields])
    _persist_rolls(rows.values(), state)


def _rows_for(team: Team, players: dict[str, ledger.PlayerState]) -> dict[str, Player]:
    positions = {p.name: p for p in Position.objects.filter(race=team.race_id)}
    stars = {s.name: s for s in StarPlayer.objects.filter(version=team.ruleset_version_id)}
    made = Player.objects.bulk_create(
        Player(
            team=team,
            key=key,
            position=None if player.star else positions[player.position],
            star=stars[player.position] if player.star else None,
            number=player.number,
            name=player.name,
        )
        for key, player in players.items()
    )
    return {row.key: row for row in made}


def rows_of_state(
    team: Team, state: ledger.TeamState, read: dict | None = None
) -> tuple[Team, list[Player]]:
    """The team and its players holding `state` (its ledger replayed to some point), as
    unsaved rows: what a match's report read then, for working its post-game sequence out
    again. Nothing is written; the team is a copy. The race's positions and the version's
    star players are read once per `read` (a dict the caller keeps; sealed rows), and so are
    the rows of the state last asked for, by team: a match's kick-off and its report most
    often read a team in the same state (the rows are only read, never changed)."""
    read = {} if read is None else read
    last = read.get(("rows", team.pk))
    if last is not None and last[0] is state:
        return last[1]
    then = copy.copy(team)
    then.treasury, then.rerolls, then.fan_factor = state.treasury, state.rerolls, state.fan_factor
    then.staff = dict(state.staff)
    if ("race", team.race_id) not in read:
        read["race", team.race_id] = {p.name: p for p in Position.objects.filter(race=team.race_id)}
    positions = read["race", team.race_id]
    stars = {}
    if any(player.star for player in state.players.values()):
        if ("stars", team.ruleset_version_id) not in read:
            found = StarPlayer.objects.filter(version=team.ruleset_version_id)
            read["stars", team.ruleset_version_id] = {star.name: star for star in found}
        stars = read["stars", team.ruleset_version_id]
    players = [
        _unsaved_row(then, key, player, None if player.star else positions[player.position],
                     stars[player.position] if player.star else None)
        for key, player in state.players.items()
    ]  # fmt: skip
    read["rows", team.pk] = (state, (then, players))
    return then, players


@functools.cache
def _player_columns() -> tuple[tuple[str, Field], ...]:
    return tuple((field.attname, field) for field in Player._meta.concrete_fields)


def _unsaved_row(team: Team, key: str, player: ledger.PlayerState, position, star) -> Player:
    """`player` as an unsaved row of `team`, holding his position or star as read. Built by
    column, Django's quick way (a few microseconds, not 25: a revert builds hundreds), every
    column not given its default; the related rows are held as a query would hold them."""
    values = {
        "team_id": team.pk, "key": key, "position_id": position and position.pk,
        "star_id": star and star.pk, "number": player.number, "name": player.name,
        "status": player.status, **{name: getattr(player, name) for name in ledger.PLAYER_COUNTERS},
        "skills": list(player.skills), "changes": dict(player.changes),
        "injury_changes": dict(player.injury_changes), "injuries": list(player.injuries),
    }  # fmt: skip
    row = Player(*(values[name] if name in values else field.get_default()
                   for name, field in _player_columns()))  # fmt: skip
    for name, related in (("team", team), ("position", position), ("star", star)):
        Player._meta.get_field(name).set_cached_value(row, related)
    return row


def _persist_rolls(rows: Iterable[Player], state: ledger.TeamState) -> None:
    gone, new, changed = [], [], []
    for row in rows:
        have = {roll.key: roll for roll in row.improvements.all()} if row.pk else {}
        player = state.players.get(row.key)
        want = (
            {roll.key: (number, roll) for number, roll in enumerate(player.rolls, 1)}
            if (player)
            else {}
        )
        gone += [roll.pk for key, roll in have.items() if key not in want]
        for key, (number, roll) in want.items():
            stored = have.get(key)
            if stored is None:
                new.append(ImprovementRoll(player=row, key=key, number=number, die1=roll.die1,
                                           die2=roll.die2, source=roll.source, seed=roll.seed,
                                           choice=roll.choice))  # fmt: skip
            elif (stored.number, stored.choice) != (number, roll.choice):
                stored.number, stored.choice = number, roll.choice
                changed.append(stored)
    if gone:
        ImprovementRoll.objects.filter(pk__in=gone).delete()
    if new:
        ImprovementRoll.objects.bulk_create(new)
    if changed:
        ImprovementRoll.objects.bulk_update(changed, ["number", "choice"])


def ledger_head(team: Team) -> int:
    """The sequence of the team's latest ledger entry (0 before any)."""
    return team.ledger.order_by("-sequence").values_list("sequence", flat=True).first() or 0


def standing(entries: Iterable[LedgerEntry]) -> list[LedgerEntry]:
    """The entries that still count: neither reversals nor reversed, in the order given."""
    entries = list(entries)
    reversed_ = {entry.reverses_id for entry in entries if entry.reverses_id}
    return [e for e in entries if e.kind != "reversal" and e.pk not in reversed_]


def replay_of(entries: Iterable[LedgerEntry]) -> ledger.TeamState:
    """A team's state by its ledger: the replay of the entries that still count."""
    return ledger.replay(d for entry in standing(entries) for d in entry.deltas)


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


def ledger_differences(
    team: Team,
    players: Sequence[Player] | None = None,
    entries: Sequence[LedgerEntry] | None = None,
) -> list[Difference]:
    """Where the rows disagree with the replay of the team's ledger. `players` (roster_rows)
    and `entries` may be given already read, as ledger_check reads them a batch at a time."""
    if entries is None:
        entries = team.ledger.all()
    expected = replay_of(sorted(entries, key=lambda entry: entry.sequence))
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
