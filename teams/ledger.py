"""The team ledger as plain values: a team's state is the replay of its entries' deltas.

Pure Python, no Django. Every change to a team (creation, a purchase, an improvement roll, a
match report, a commissioner's adjustment) is a list of deltas; applying them in order gives
the state the database keeps for fast reads, and `inverse` gives the deltas that take a state
back exactly to what it was, which is what a reversal entry holds.

A delta is a small mapping, e.g. {"op": "treasury", "amount": -50000} or
{"op": "player", "player": "p12", "field": "spp", "amount": 3}. Players are named by their
key on the team ("p12"), which travels with the team wherever it is exported, never by a
database id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
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
# Where a characteristic change came from: rules treat the two apart (an injury may not take
# a characteristic below a floor, an advancement may not lift it past a cap).
ORIGINS = {"advancement": "changes", "injury": "injury_changes"}
# What a rename changes: {"op": "player", "player": "p3", "field": "number", "from": 3, "to": 7}.
RENAMES = ("name", "number")


def _with(record, **changes):
    """`record` (one of the frozen records below) with `changes`: dataclasses.replace without
    building it through __init__ again, field by field (a rebuild does this thousands of
    times; the records have nothing to check after __init__). A name it lacks is refused, as
    dataclasses.replace refuses it."""
    unknown = changes.keys() - record.__dataclass_fields__.keys()
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {', '.join(sorted(unknown))}")
    changed = object.__new__(type(record))
    changed.__dict__.update(record.__dict__)
    changed.__dict__.update(changes)
    return changed


class LedgerError(ValueError):
    """A delta that cannot apply to the state it meets (the ledger is inconsistent)."""


@dataclass(frozen=True)
class Roll:
    """One improvement roll: its dice, where they came from, and the coach's choice."""

    key: str  # e.g. "r14": unique on the team, never reused
    die1: int
    die2: int
    source: str = "entered"  # "entered" at the table or "rolled" by the server
    seed: str = ""  # replays a server roll
    choice: str = ""  # empty until the coach chooses


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
    changes: Mapping[str, int] = field(default_factory=dict)  # advancements: characteristic -> +
    injury_changes: Mapping[str, int] = field(default_factory=dict)  # injuries: -> -
    injuries: tuple[str, ...] = ()  # e.g. "N" (niggling), "-MA"
    rolls: tuple[Roll, ...] = ()  # improvement rolls, in the order rolled


@dataclass(frozen=True)
class TeamState:
    treasury: int = 0
    rerolls: int = 0
    fan_factor: int = 0
    staff: Mapping[str, int] = field(default_factory=dict)
    players: Mapping[str, PlayerState] = field(default_factory=dict)


def replay(deltas: Iterable[Delta], state: TeamState | None = None) -> TeamState:
    state = state or TeamState()
    players = None  # over a run of player deltas, one copy of the players, changed in place
    for delta in deltas:
        if delta.get("op") == "player":
            players = dict(state.players) if players is None else players
            players[str(delta["player"])] = _player_changed(players, delta)
            continue
        if players is not None:
            state, players = _with(state, players=players), None
        state = apply(state, delta)
    return state if players is None else _with(state, players=players)


def apply(state: TeamState, delta: Delta) -> TeamState:
    op = delta.get("op")
    if op == "treasury":  # may go below zero where a ruleset's setting allows it
        return _with(state, treasury=state.treasury + int(delta["amount"]))
    if op in ("rerolls", "fan_factor"):
        value = getattr(state, op) + int(delta["amount"])
        if value < 0:
            raise LedgerError(f"{op.replace('_', ' ')} would drop below zero")
        return _with(state, **{op: value})
    if op == "staff":
        staff = dict(state.staff)
        count = staff.get(delta["key"], 0) + int(delta["amount"])
        if count < 0:
            raise LedgerError(f"staff {delta['key']} would drop below zero")
        staff[delta["key"]] = count
        return _with(state, staff={k: v for k, v in staff.items() if v})
    if op == "join":
        return _join(state, delta)
    if op == "leave":
        players = dict(state.players)
        if players.pop(str(delta["player"]), None) is None:
            raise LedgerError(f"player {delta['player']} is not on the team")
        return _with(state, players=players)
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
    record["rolls"] = tuple(Roll(**roll) for roll in record.get("rolls", ()))
    player = PlayerState(**record)
    return _with(state, players={**state.players, key: player})


def _player(state: TeamState, delta: Delta) -> TeamState:
    players = dict(state.players)
    players[str(delta["player"])] = _player_changed(players, delta)
    return _with(state, players=players)


def _player_changed(players: Mapping[str, PlayerState], delta: Delta) -> PlayerState:
    """The player a "player" delta names, as it leaves him."""
    key = str(delta["player"])
    try:
        player = players[key]
    except KeyError:
        raise LedgerError(f"player {key} is not on the team") from None
    name = delta["field"]
    if name in PLAYER_COUNTERS:
        value = getattr(player, name) + int(delta["amount"])
        if value < 0 and name != "value_increase":
            raise LedgerError(f"player {key} {name} would drop below zero")
        player = _with(player, **{name: value})
    elif name == "status":
        if player.status != delta["from"]:
            raise LedgerError(f"player {key} is {player.status}, not {delta['from']}")
        player = _with(player, status=delta["to"])
    elif name in RENAMES:  # a new name or shirt number, from the one he has
        if getattr(player, name) != delta["from"]:
            raise LedgerError(
                f"player {key}'s {name} is {getattr(player, name)!r}, not {delta['from']!r}"
            )
        player = _with(player, **{name: delta["to"]})
    elif name in ("skill", "injury"):
        plural = f"{name[:-1]}ies" if name == "injury" else f"{name}s"
        items = _toggle(getattr(player, plural), delta[name], delta["add"], delta.get("at"))
        player = _with(player, **{plural: items})
    elif name == "characteristic":
        player = _characteristic(player, delta)
    elif name == "roll":
        player = _with(player, rolls=_roll(player.rolls, delta, key))
    elif name == "choice":
        player = _with(player, rolls=_choice(player.rolls, delta, key))
    else:
        raise LedgerError(f"unknown player field {name!r}")
    return player


def _characteristic(player: PlayerState, delta: Delta) -> PlayerState:
    origin = delta.get("origin", "advancement")
    if origin not in ORIGINS:
        raise LedgerError(f"a characteristic changes by advancement or injury, not {origin!r}")
    changes = dict(getattr(player, ORIGINS[origin]))
    code = delta["characteristic"]
    changes[code] = changes.get(code, 0) + int(delta["amount"])
    return _with(player, **{ORIGINS[origin]: {k: v for k, v in changes.items() if v}})


def _toggle(items: tuple[str, ...], item: str, add: bool, at: int | None) -> tuple[str, ...]:
    """Adds `item` (at the end, or back where it was taken from) or takes the latest copy
    away (or the copy at `at`)."""
    if add:
        index = len(items) if at is None else int(at)
        if not 0 <= index <= len(items):
            raise LedgerError(f"{item!r} cannot go back at place {index}")
        return (*items[:index], item, *items[index:])
    if item not in items:
        raise LedgerError(f"{item!r} cannot be taken away: it is not there")
    index = len(items) - 1 - items[::-1].index(item) if at is None else int(at)
    if not 0 <= index < len(items) or items[index] != item:
        raise LedgerError(f"{item!r} cannot be taken away: it is not at place {index}")
    return items[:index] + items[index + 1 :]


def _roll(rolls: tuple[Roll, ...], delta: Delta, player: str) -> tuple[Roll, ...]:
    roll = Roll(**delta["roll"])
    held = [r.key for r in rolls]
    if delta["add"]:
        if roll.key in held:
            raise LedgerError(f"player {player} rolled {roll.key} twice")
        index = len(rolls) if delta.get("at") is None else int(delta["at"])
        if not 0 <= index <= len(rolls):
            raise LedgerError(f"roll {roll.key} cannot go back at place {index}")
        return (*rolls[:index], roll, *rolls[index:])
    if roll.key not in held or rolls[held.index(roll.key)] != roll:
        raise LedgerError(f"player {player} has no roll {roll.key} like that to take away")
    index = held.index(roll.key)
    return rolls[:index] + rolls[index + 1 :]


def _choice(rolls: tuple[Roll, ...], delta: Delta, player: str) -> tuple[Roll, ...]:
    held = [r.key for r in rolls]
    if delta["roll"] not in held:
        raise LedgerError(f"player {player} has no roll {delta['roll']}")
    index = held.index(delta["roll"])
    if rolls[index].choice != delta["from"]:
        raise LedgerError(
            f"player {player} roll {delta['roll']} is {rolls[index].choice or 'not chosen'!r}, "
            f"not {delta['from'] or 'not chosen'!r}"
        )
    chosen = _with(rolls[index], choice=delta["to"])
    return (*rolls[:index], chosen, *rolls[index + 1 :])


def inverse(deltas: Iterable[Delta], before: TeamState) -> list[Delta]:
    """The deltas that undo `deltas` (applied to `before`), in the order to apply them."""
    undo: list[Delta] = []
    state = before
    for delta in deltas:
        undo.append(_inverse(delta, state))
        state = apply(state, delta)
    return list(reversed(undo))


def record_of(player: PlayerState) -> dict[str, Any]:
    """A player's whole record as plain JSON values (what a rejoining player brings back)."""
    record = asdict(player)
    for name in ("changes", "injury_changes"):
        record[name] = dict(getattr(player, name))
    record["rolls"] = [asdict(roll) for roll in player.rolls]
    return {k: list(v) if isinstance(v, tuple) else v for k, v in record.items()}


def _inverse(delta: Delta, state: TeamState) -> Delta:
    op = delta["op"]
    if op in ("treasury", "rerolls", "fan_factor", "staff"):
        return {**delta, "amount": -int(delta["amount"])}
    if op == "join":
        return {"op": "leave", "player": delta["player"]}
    if op == "leave":
        player = state.players[str(delta["player"])]
        return {
            "op": "join",
            "player": delta["player"],
            "number": player.number,
            "name": player.name,
            "position": player.position,
            "record": record_of(player),
        }
    name = delta["field"]
    if name in PLAYER_COUNTERS or name == "characteristic":
        return {**delta, "amount": -int(delta["amount"])}
    if name in ("status", "choice", *RENAMES):
        return {**delta, "from": delta["to"], "to": delta["from"]}
    if name in ("skill", "injury"):
        plural = f"{name[:-1]}ies" if name == "injury" else f"{name}s"
        items = getattr(state.players[str(delta["player"])], plural)
        if delta["add"]:  # it went in at the end, or at its place: it comes out from there
            at = len(items) if delta.get("at") is None else int(delta["at"])
        else:  # it goes back exactly where it was taken from
            at = (
                len(items) - 1 - items[::-1].index(delta[name])
                if delta.get("at") is None
                else int(delta["at"])
            )
        return {**delta, "add": not delta["add"], "at": at}
    # A roll: recorded (it comes out by its key), or taken away (it goes back at its place).
    if delta["add"]:
        return {**delta, "add": False, "at": None}
    rolls = [r.key for r in state.players[str(delta["player"])].rolls]
    return {**delta, "add": True, "at": rolls.index(delta["roll"]["key"])}
