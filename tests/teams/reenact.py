"""A fresh build of a team from its causes: what a rebuild must agree with.

Every cause keeps what was asked (its request). Re-enacting a team's standing causes through
the services, on a new team, gives the team as if its history had been only those causes;
a rebuild without an entry must equal the fresh build of the causes without it, or refuse at
the entry whose cause the fresh build cannot carry out. Players are matched by number (the
fresh team's keys are its own), rolls by their dice and choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from rules.engine.purchases import Purchase
from rules.engine.team_building import Problem, TeamRefused
from teams import ledger
from teams.advancement import improvement_choose, improvement_roll
from teams.between_matches import player_leave, team_adjust, team_purchase
from teams.ledger_rows import standing, state_of
from teams.models import ImprovementRoll, LedgerEntry, Team
from teams.services import NewPlayer, team_create


@dataclass(frozen=True)
class Refusal:
    """The fresh build stopped: the cause of `entry` could not be carried out."""

    entry: LedgerEntry
    why: str


def reenact(team: Team, without: LedgerEntry, staff) -> Team | Refusal | None:
    """The team built afresh from its standing entries' causes, `without` left out: a new
    team, or the Refusal of the first cause that does not go through, or None when nothing
    is left to build (the creation was left out and nothing came after it)."""
    entries = [e for e in standing(team.ledger.select_related("cause")) if e.pk != without.pk]
    built: Team | None = None
    numbers: dict[str, int] = {}  # the original team's keys -> shirt numbers
    for entry in entries:
        try:
            built = _apply(team, built, entry, numbers, staff)
        except TeamRefused as refused:
            return Refusal(entry, " ".join(p.message for p in refused.problems))
    return built


def _apply(team: Team, built: Team | None, entry: LedgerEntry, numbers, staff) -> Team:
    request, kind = entry.cause.request, entry.cause.kind
    for delta in entry.deltas:  # the numbers the original keys wear, as they join
        if delta.get("op") == "join":
            numbers[delta["player"]] = delta["number"]
    if kind == "creation":
        players = [NewPlayer(role, name, number) for _key, number, name, role in
                   request["players"] if not _is_star(entry, _key)]  # fmt: skip
        return team_create(
            team.coach, team.ruleset_version, f"{request['name']} (afresh {entry.pk})",
            request["race"], players, request["rerolls"], request["fan_factor"],
            request["staff"], request["star_players"],
        )  # fmt: skip
    if built is None:
        raise TeamRefused([Problem("entry", "There is no team: its creation was left out.")])
    if kind in ("inducements", "freebooters"):
        return _paid(built, entry, staff)
    if kind == "purchase":
        bought = request.get("players", [])
        purchase = Purchase(request["kind"], request["what"], request["count"])
        return team_purchase(built, built.coach, purchase, [p[2] for p in bought],
                             [p[1] for p in bought])  # fmt: skip
    player = _player(built, numbers.get(request.get("player") or ""))
    if kind == "departure":
        return player_leave(built, built.coach, _required(player), request["how"])
    if kind == "adjustment":
        return team_adjust(built, staff, request["reason"], request["treasury"], player,
                           request["spp"])  # fmt: skip
    if kind == "roll":
        made = request["roll"]
        if made["source"] == "rolled":
            improvement_roll(built, built.coach, _required(player), seed=made["seed"])
        else:
            improvement_roll(built, built.coach, _required(player), (made["die1"], made["die2"]))
        return built
    if kind == "choice":
        pending = ImprovementRoll.objects.filter(player=_required(player), choice="").first()
        if pending is None:
            raise TeamRefused([Problem("roll", "There is no roll to choose from.")])
        return improvement_choose(built, built.coach, pending, request["choice"])
    raise AssertionError(f"no way to re-enact a {kind} cause")


def _paid(built: Team, entry: LedgerEntry, staff) -> Team:
    """Gold paid before a match (its inducements, its freebooters): the match belongs to the
    original team, so the fresh team pays the same from its treasury, if it has it."""
    paid = -sum(int(d["amount"]) for d in entry.deltas if d.get("op") == "treasury")
    if paid > max(0, built.treasury):
        raise TeamRefused([Problem("treasury", f"The treasury has {built.treasury:,} gp.")])
    return team_adjust(built, staff, entry.summary, -paid)


def _is_star(entry: LedgerEntry, key: str) -> bool:
    return any(d.get("player") == key and d.get("star") for d in entry.deltas)


def _player(team: Team, number: int | None):
    if number is None:
        return None
    return team.players.on_roster().filter(number=number).first()


def _required(player):
    if player is None:
        raise TeamRefused([Problem("player", "That player is not on the team.")])
    return player


def by_number(state: ledger.TeamState) -> dict:
    """A state with its players keyed by shirt number and rolls without their keys: what two
    builds of the same history share."""
    return {
        "treasury": state.treasury,
        "rerolls": state.rerolls,
        "fan_factor": state.fan_factor,
        "staff": dict(state.staff),
        "players": {
            player.number: (
                player.name, player.position, player.status, player.spp, player.skills,
                dict(player.changes), dict(player.injury_changes), player.injuries,
                player.value_increase, tuple((r.die1, r.die2, r.choice) for r in player.rolls),
            )
            for player in state.players.values()
        },
    }  # fmt: skip


def fresh_state(built: Team | None) -> dict:
    return by_number(state_of(built) if built is not None else ledger.TeamState())


def a_staff_user():
    return get_user_model().objects.create_user("rebuild-staff", is_staff=True)
