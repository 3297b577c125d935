"""What each kind of cause does to a team, as deltas worked out from the team's state.

The services use these to write an entry now, and a rebuild uses the same functions to apply
a cause again to a team whose history has changed underneath it: a purchase is priced and
checked against the treasury it meets, a departure starts from the status the player has
then, an improvement roll must still be due. A cause that no longer fits raises TeamRefused
with the rule it breaks. Plain values in, plain values out: no database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.advancement import Choices, advancement_value, improvement_choices
from rules.engine.characteristics import characteristic_now, injury_change
from rules.engine.errors import RulesError
from rules.engine.experience import improvement_rolls_due
from rules.engine.purchases import Purchase, TeamNow, purchase_price, refuse_results_only
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import Problem, StaffRule, TeamRefused
from teams import ledger

ON_ROSTER = ("active", "missing_next_game")
GONE = ("dead", "retired", "fired")


@dataclass(frozen=True)
class Rules:
    """What a cause needs to know of the team's rules."""

    ruleset: Ruleset
    staff_rules: tuple[StaffRule, ...]
    race: str  # the team's race's slug
    star_costs: Mapping[str, int]  # star player's name -> his price
    # star player's name -> his characteristics (MA, ST, AG, AV)
    star_characteristics: Mapping[str, Mapping[str, int]] = field(default_factory=dict)


Deltas = list[dict[str, Any]]


def team_now(rules: Rules, state: ledger.TeamState) -> TeamNow:
    """The team as a purchase sees it: players still on the roster, by position."""
    players: dict[str, int] = {}
    for player in state.players.values():
        if player.status not in GONE:
            players[player.position] = players.get(player.position, 0) + 1
    return TeamNow(rules.race, players, state.rerolls, state.fan_factor, state.treasury,
                   dict(state.staff))  # fmt: skip


def purchase(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"kind", "what", "count", "players": [[key, number, name], ...] for players}."""
    wanted = Purchase(request["kind"], request.get("what", ""), request.get("count", 1))
    price = purchase_price(rules.ruleset, rules.staff_rules, team_now(rules, state), wanted)
    deltas: Deltas = [{"op": "treasury", "amount": -price}]
    if wanted.kind in ("reroll", "fan_factor"):
        op = {"reroll": "rerolls", "fan_factor": "fan_factor"}[wanted.kind]
        deltas.append({"op": op, "amount": wanted.count})
    elif wanted.kind == "staff":
        deltas.append({"op": "staff", "key": wanted.what, "amount": wanted.count})
    else:
        taken = {player.number: player.name for player in state.players.values()}
        for key, number, name in request["players"]:
            if number in taken:
                raise TeamRefused([Problem("numbers", f"Number {number} is {taken[number]}'s.")])
            taken[number] = name
            deltas.append({"op": "join", "player": key, "number": number, "name": name,
                           "position": wanted.what})  # fmt: skip
    return deltas


def departure(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"player": key, "how": "fired" or "retired"}."""
    how, key = request["how"], request["player"]
    player = state.players.get(key)
    settings = rules.ruleset.settings
    if how not in ("fired", "retired"):
        raise TeamRefused([Problem("how", f"A player is fired or retired, not {how!r}.")])
    refuse_results_only(rules.ruleset, "how", "{system} has no firing or retiring: a team "
                        "keeps the players it was built with.")  # fmt: skip
    if player is None or player.status not in ON_ROSTER:
        name = player.name if player else f"Player {key}"
        raise TeamRefused([Problem("player", f"{name} is not on the team any more.")])
    if how == "fired" and not settings.get("firing_allowed", True):
        raise TeamRefused([Problem("how", "These rules only retire players "
                                          "(setting firing_allowed).")])  # fmt: skip
    deltas: Deltas = [
        {"op": "player", "player": key, "field": "status", "from": player.status, "to": how}
    ]
    if how == "fired" and settings.get("fired_player_refund", False):
        deltas.append({"op": "treasury", "amount": _price(rules, player)})
    if how == "retired" and settings.get("retired_player_becomes_assistant_coach", False):
        deltas.append({"op": "staff", "key": "assistant_coach", "amount": 1})
    return deltas


def _price(rules: Rules, player: ledger.PlayerState) -> int:
    if player.star:
        return rules.star_costs[player.position]
    return rules.ruleset.races[rules.race].position(player.position).cost


def adjustment(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"reason", "treasury", "player" (a key or None), "spp"}: a commissioner corrects what
    a team has; he does not lend it money, so the treasury never goes below 0 gp."""
    treasury, spp, key = request.get("treasury", 0), request.get("spp", 0), request.get("player")
    if treasury and state.treasury + treasury < 0:
        message = f"A treasury never goes below 0 gp: there are {state.treasury:,} gp to take from."
        raise TeamRefused([Problem("treasury", message)])
    deltas: Deltas = [{"op": "treasury", "amount": treasury}] if treasury else []
    if spp:
        player = state.players.get(key)
        if player is None:
            raise TeamRefused([Problem("player", f"Player {key} is not on the team.")])
        if player.spp + spp < 0:
            raise TeamRefused([Problem("spp", f"{player.name} has {player.spp} SPP to take "
                                              f"from, not {-spp}.")])  # fmt: skip
        deltas.append({"op": "player", "player": key, "field": "spp", "amount": spp})
    return deltas


def roll(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"player": key, "roll": {"key", "die1", "die2", "source", "seed"}}: the next roll
    due, never a second one while a roll waits for its choice."""
    key = request["player"]
    player = state.players.get(key)
    if player is None or player.status in GONE:
        raise TeamRefused([Problem("player", f"Player {key} is not on the team.")])
    refuse_results_only(rules.ruleset, "player", "{system} players never improve.")
    if any(not made.choice for made in player.rolls):
        raise TeamRefused([Problem("player", f"{player.name} has a roll to choose from first.")])
    if rolls_due(rules.ruleset, player) < 1:
        raise TeamRefused([Problem("player", f"{player.name} has no improvement roll due "
                                             f"({player.spp} SPP).")])  # fmt: skip
    return [{"op": "player", "player": key, "field": "roll", "roll": dict(request["roll"]),
             "add": True}]  # fmt: skip


def rolls_due(ruleset: Ruleset, player: ledger.PlayerState) -> int:
    if ruleset.play != "league" or player.star or player.status in GONE:
        return 0  # stars earn no SPP; results-only systems have no progression
    return improvement_rolls_due(ruleset, player.spp, len(player.rolls))


def roll_choices(rules: Rules, player: ledger.PlayerState, made: ledger.Roll) -> Choices:
    """What the roll allows the player as he is now (his characteristics after advancements
    and injuries, every skill he has)."""
    position = rules.ruleset.races[rules.race].position(player.position)
    current = {
        name: characteristic_now(
            start, player.changes.get(name, 0), player.injury_changes.get(name, 0)
        )
        for name, start in position.characteristics.items()
    }
    skills = (*position.skills, *player.skills)
    return improvement_choices(
        rules.ruleset, position, current, skills, made.die1, made.die2, race=rules.race
    )


def choice(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"player": key, "roll": roll key, "choice": a skill or a characteristic}."""
    key, wanted = request["player"], request["choice"]
    player = state.players.get(key)
    if player is None:
        raise TeamRefused([Problem("player", f"Player {key} is not on the team.")])
    made = next((r for r in player.rolls if r.key == request["roll"]), None)
    if made is None:
        raise TeamRefused([Problem("roll", f"{player.name} has no roll {request['roll']}.")])
    if made.choice:
        raise TeamRefused([Problem("roll", "This roll has been used already.")])
    ruleset = rules.ruleset
    try:
        kind = roll_choices(rules, player, made).advancement(wanted)
    except RulesError as error:
        raise TeamRefused([Problem("choice", f"{error}.")]) from None
    value = advancement_value(ruleset, kind) if "value_increases" in ruleset.tables else 0
    deltas: Deltas = [{"op": "player", "player": key, "field": "choice", "roll": made.key,
                       "from": "", "to": wanted}]  # fmt: skip
    if kind in ruleset.characteristics:
        deltas.append({"op": "player", "player": key, "field": "characteristic",
                       "characteristic": kind, "amount": 1, "origin": "advancement"})  # fmt: skip
    else:
        deltas.append({"op": "player", "player": key, "field": "skill", "skill": wanted,
                       "add": True})  # fmt: skip
    if value:
        deltas.append({"op": "player", "player": key, "field": "value_increase", "amount": value})
    return deltas


def characteristic_injury(rules: Rules, key: str, player: ledger.PlayerState, code: str) -> Deltas:
    """The deltas of a -1 `code` injury to the player as he is now: the characteristic falls
    by one and the roster notes "-MA", unless it is at its injury floor already, when nothing
    changes (rules.engine.characteristics; he still misses the next game, which the caller
    records)."""
    start = _start(rules, player, code)
    now = characteristic_now(start, player.changes.get(code, 0), player.injury_changes.get(code, 0))
    if not injury_change(rules.ruleset, start, now):
        return []
    return [
        {"op": "player", "player": key, "field": "characteristic", "characteristic": code,
         "amount": -1, "origin": "injury"},
        {"op": "player", "player": key, "field": "injury", "injury": f"-{code}", "add": True},
    ]  # fmt: skip


def _start(rules: Rules, player: ledger.PlayerState, code: str) -> int:
    if player.star:
        return rules.star_characteristics[player.position][code]
    return rules.ruleset.races[rules.race].position(player.position).characteristics[code]


def rename(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"player": key, "name": a new name, "number": a new shirt number}, each only when it
    was asked to change; or {"name", "was"} without "player" for the team's own name, which
    is its row's and not the ledger state's: no deltas. A shirt number is one player's on
    the team: no other player the team has kept (the gone keep theirs, as a purchase counts
    them) wears it."""
    key = request.get("player")
    if key is None:
        return []
    player = state.players.get(key)
    if player is None:
        raise TeamRefused([Problem("player", f"Player {key} is not on the team.")])
    deltas: Deltas = []
    name, number = request.get("name"), request.get("number")
    if name is not None and name != player.name:
        deltas.append({"op": "player", "player": key, "field": "name", "from": player.name,
                       "to": name})  # fmt: skip
    if number is not None and number != player.number:
        worn = next((p.name for k, p in state.players.items() if k != key and p.number == number),
                    None)  # fmt: skip
        if worn is not None:
            raise TeamRefused([Problem("number", f"Number {number} is {worn}'s.")])
        deltas.append({"op": "player", "player": key, "field": "number", "from": player.number,
                       "to": number})  # fmt: skip
    return deltas


def hire(rules: Rules, state: ledger.TeamState, request: Mapping[str, Any]) -> Deltas:
    """{"match", "side", "number", "position", "player": [key, number, name], "record"}: a
    journeyman who played a match, hired for good after it. He is priced and limited as one
    player of his position bought from the treasury (its cost, the position's maximum, 16
    players, the treasury), and joins as a normal player of it (no Loner) with what the
    match gave him (`record`: his SPP and counters, his status and lasting injuries)."""
    bought = {"kind": "player", "what": request["position"], "count": 1,
              "players": [request["player"]]}  # fmt: skip
    paid, join = purchase(rules, state, bought)
    return [paid, {**join, "record": dict(request["record"])}]


Derive = Callable[[Rules, ledger.TeamState, Mapping[str, Any]], Deltas]

DERIVED: dict[str, Derive] = {
    "purchase": purchase,
    "departure": departure,
    "adjustment": adjustment,
    "roll": roll,
    "choice": choice,
    "rename": rename,
    "hire": hire,
}


def rules_for(snapshot, race: str) -> Rules:
    """The Rules of a team of `race` playing the ruleset version `snapshot` was read from."""
    stars = {star.name: star.cost for star in snapshot.star_rules}
    return Rules(
        snapshot.ruleset, tuple(snapshot.staff_rules), race, stars, snapshot.star_characteristics
    )
