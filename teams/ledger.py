"""The team ledger as plain values: a team's state is the replay of its entries' deltas.

Pure Python, no Django. Every change to a team (creation, a purchase, a match report, a
commissioner's adjustment) is a list of deltas; applying them in order gives the state the
database keeps for fast reads, and reversing an entry is applying its inverse deltas.

A delta is a small mapping, e.g. {"op": "treasury", "amount": -50000} or
{"op": "player", "player": "12", "field": "spp", "amount": 3}.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

Delta = Mapping[str, Any]

PLAYER_COUNTERS = (
    "spp",
    "completions",
    "touchdowns",
    "interceptions",
    "casualties",
    "mvps",
    "value_increase",
)
STATUSES = ("active", "missing_next_game", "dead", "retired", "fired")


class LedgerError(ValueError):
    """A delta that cannot apply to the state it meets (the ledger is inconsistent)."""


@dataclass(frozen=True)
class PlayerState:
    number: int
    name: str
    position: str  # the position's name, or the star player's
    star: bool = False
    status: str = "active"
    spp: int = 0
    completions: int = 0
    touchdowns: int = 0
    interceptions: int = 0
    casualties: int = 0
    mvps: int = 0
    value_increase: int = 0
    skills: tuple[str, ...] = ()  # gained, in the order gained
    changes: Mapping[str, int] = field(default_factory=dict)  # characteristic -> +/-
    injuries: tuple[str, ...] = ()  # e.g. "N" (niggling), "-MA"


@dataclass(frozen=True)
class TeamState:
    treasury: int = 0
    rerolls: int = 0
    fan_factor: int = 0
    staff: Mapping[str, int] = field(default_factory=dict)
    players: Mapping[str, PlayerState] = field(default_factory=dict)


def replay(deltas: Iterable[Delta], state: TeamState | None = None) -> TeamState:
    state = state or TeamState()
    for delta in deltas:
        state = apply(state, delta)
    return state


def apply(state: TeamState, delta: Delta) -> TeamState:
    op = delta.get("op")
    if op == "treasury":  # may go below zero where a ruleset's setting allows it
        return replace(state, treasury=state.treasury + int(delta["amount"]))
    if op in ("rerolls", "fan_factor"):
        value = getattr(state, op) + int(delta["amount"])
        if value < 0:
            raise LedgerError(f"{op.replace('_', ' ')} would drop below zero")
        return replace(state, **{op: value})
    if op == "staff":
        staff = dict(state.staff)
        count = staff.get(delta["key"], 0) + int(delta["amount"])
        if count < 0:
            raise LedgerError(f"staff {delta['key']} would drop below zero")
        staff[delta["key"]] = count
        return replace(state, staff={k: v for k, v in staff.items() if v})
    if op == "join":
        return _join(state, delta)
    if op == "leave":
        players = dict(state.players)
        if players.pop(str(delta["player"]), None) is None:
            raise LedgerError(f"player {delta['player']} is not on the team")
        return replace(state, players=players)
    if op == "player":
        return _player(state, delta)
    raise LedgerError(f"unknown delta {delta!r}")


def _join(state: TeamState, delta: Delta) -> TeamState:
    key = str(delta["player"])
    if key in state.players:
        raise LedgerError(f"player {key} joined twice")
    # A player coming back through a reversal brings his whole record with him.
    record = dict(delta.get("record") or {})
    record.update(number=delta["number"], name=delta["name"], position=delta["position"])
    record["star"] = bool(delta.get("star", record.get("star", False)))
    for name in ("skills", "injuries"):
        record[name] = tuple(record.get(name, ()))
    player = PlayerState(**record)
    return replace(state, players={**state.players, key: player})


def _player(state: TeamState, delta: Delta) -> TeamState:
    key = str(delta["player"])
    try:
        player = state.players[key]
    except KeyError:
        raise LedgerError(f"player {key} is not on the team") from None
    name = delta["field"]
    if name in PLAYER_COUNTERS:
        value = getattr(player, name) + int(delta["amount"])
        if value < 0 and name != "value_increase":
            raise LedgerError(f"player {key} {name} would drop below zero")
        player = replace(player, **{name: value})
    elif name == "status":
        if player.status != delta["from"]:
            raise LedgerError(f"player {key} is {player.status}, not {delta['from']}")
        player = replace(player, status=delta["to"])
    elif name == "skill":
        player = replace(player, skills=_toggle(player.skills, delta["skill"], delta["add"]))
    elif name == "injury":
        player = replace(player, injuries=_toggle(player.injuries, delta["injury"], delta["add"]))
    elif name == "characteristic":
        changes = dict(player.changes)
        changes[delta["characteristic"]] = changes.get(delta["characteristic"], 0) + int(
            delta["amount"]
        )
        player = replace(player, changes={k: v for k, v in changes.items() if v})
    else:
        raise LedgerError(f"unknown player field {name!r}")
    return replace(state, players={**state.players, key: player})


def _toggle(items: tuple[str, ...], item: str, add: bool) -> tuple[str, ...]:
    if add:
        return (*items, item)
    if item not in items:
        raise LedgerError(f"{item!r} cannot be taken away: it is not there")
    index = len(items) - 1 - items[::-1].index(item)  # the latest one goes first
    return items[:index] + items[index + 1 :]


def inverse(deltas: Iterable[Delta], before: TeamState) -> list[Delta]:
    """The deltas that undo `deltas` (applied to `before`), in the order to apply them."""
    undo: list[Delta] = []
    state = before
    for delta in deltas:
        undo.append(_inverse(delta, state))
        state = apply(state, delta)
    return list(reversed(undo))


def _inverse(delta: Delta, state: TeamState) -> Delta:
    op = delta["op"]
    if op in ("treasury", "rerolls", "fan_factor", "staff"):
        return {**delta, "amount": -int(delta["amount"])}
    if op == "join":
        return {"op": "leave", "player": delta["player"]}
    if op == "leave":
        player = state.players[str(delta["player"])]
        record = asdict(player)
        record["changes"] = dict(player.changes)
        return {
            "op": "join",
            "player": delta["player"],
            "number": player.number,
            "name": player.name,
            "position": player.position,
            "record": {k: list(v) if isinstance(v, tuple) else v for k, v in record.items()},
        }
    name = delta["field"]
    if name in PLAYER_COUNTERS or name == "characteristic":
        return {**delta, "amount": -int(delta["amount"])}
    if name == "status":
        return {**delta, "from": delta["to"], "to": delta["from"]}
    return {**delta, "add": not delta["add"]}
