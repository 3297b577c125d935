"""Between matches: buying from the treasury, firing and retiring players, and written
adjustments. Each is one ledger entry, written through teams.services.entry_append."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction

from rules.engine.purchases import Purchase, TeamNow, purchase_price
from rules.engine.team_building import Problem, TeamRefused
from rules.models import Position
from rules.plumbing.limits import field_problem
from rules.plumbing.people import require_coach_or_staff
from rules.snapshot import ruleset_snapshot, version_snapshot
from teams import ledger
from teams.models import LedgerEntry, Player, Team
from teams.seams import leagues
from teams.services import entry_append, player_name_problems, state_of


def team_now(team: Team, roster: Sequence[Player] | None = None) -> TeamNow:
    """The team as a purchase sees it: players still on the roster, by position."""
    if roster is None:
        roster = team.players.select_related("position", "star")
    players: dict[str, int] = {}
    for player in roster:
        if player.status not in ("dead", "retired", "fired"):
            players[player.role] = players.get(player.role, 0) + 1
    return TeamNow(
        race=team.race.slug,
        players=players,
        rerolls=team.rerolls,
        fan_factor=team.fan_factor,
        treasury=team.treasury,
        staff=dict(team.staff),
    )


@transaction.atomic
def team_purchase(team: Team, actor, purchase: Purchase, names: Sequence[str] = ()) -> Team:
    """Buys from the treasury through one ledger entry (TeamRefused names the rule)."""
    # Lock the team's row only: the version is shared by every team that plays it.
    team = (
        Team.objects.select_for_update(of=("self",))
        .select_related("race", "ruleset_version")
        .get(pk=team.pk)
    )
    require_coach(team, actor, "buy for it")
    snapshot = version_snapshot(team.ruleset_version)
    roster = list(team.players.select_related("position", "star"))  # read once, used twice
    price = purchase_price(snapshot.ruleset, snapshot.staff_rules, team_now(team, roster), purchase)
    problems = player_name_problems(names, "names") if purchase.kind == "player" else []
    if problems:
        raise TeamRefused(problems)
    before = state_of(team, roster)
    deltas: list[dict] = [{"op": "treasury", "amount": -price}]
    if purchase.kind in ("reroll", "fan_factor"):
        op = {"reroll": "rerolls", "fan_factor": "fan_factor"}[purchase.kind]
        deltas.append({"op": op, "amount": purchase.count})
    elif purchase.kind == "staff":
        deltas.append({"op": "staff", "key": purchase.what, "amount": purchase.count})
    else:
        position = Position.objects.get(race=team.race, name=purchase.what)
        taken = set(team.players.values_list("number", flat=True))
        free = (n for n in range(1, 100) if n not in taken)
        for index in range(purchase.count):
            number = next(free)
            name = names[index].strip() if index < len(names) and names[index].strip() else ""
            row = Player.objects.create(
                team=team, position=position, number=number,
                name=name or f"{position.name} {number}",
            )  # fmt: skip
            deltas.append({"op": "join", "player": str(row.pk), "number": number,
                           "name": row.name, "position": position.name})  # fmt: skip
    what = {"reroll": "re-roll", "fan_factor": "fan factor", "staff": purchase.what,
            "player": purchase.what}[purchase.kind]  # fmt: skip
    cause = f"Bought {purchase.count} × {what.replace('_', ' ')} for {price:,} gp"
    entry_append(team, "purchase", cause, actor, deltas, before=before)
    team.refresh_from_db()
    return team


def require_coach(team: Team, actor, what: str) -> None:
    require_coach_or_staff(actor, team.coach_id, f"Only the team's coach may {what}.")


@transaction.atomic
def player_leave(team: Team, actor, player: Player, how: str) -> Team:
    """Fires or retires a player: his record stays on the roster, struck through."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    require_coach(team, actor, "fire or retire its players")
    # Read the player again under the team's lock: of two coaches' clicks, the second sees
    # him gone and is refused, instead of writing his departure twice.
    player = Player.objects.select_related("position").get(pk=player.pk)
    ruleset = ruleset_snapshot(team.ruleset_version)
    if how not in ("fired", "retired"):
        raise TeamRefused([Problem("how", f"A player is fired or retired, not {how!r}.")])
    if player.team_id != team.pk or player.status not in ("active", "missing_next_game"):
        raise TeamRefused([Problem("player", f"{player.name} is not on the team any more.")])
    if how == "fired" and not ruleset.settings.get("firing_allowed", True):
        raise TeamRefused([Problem("how", "These rules only retire players "
                                          "(setting firing_allowed).")])  # fmt: skip
    deltas: list[dict] = [
        {"op": "player", "player": str(player.pk), "field": "status",
         "from": player.status, "to": how},
    ]  # fmt: skip
    if how == "fired" and ruleset.settings.get("fired_player_refund", False):
        deltas.append({"op": "treasury", "amount": player.position.cost})
    becomes_coach = ruleset.settings.get("retired_player_becomes_assistant_coach", False)
    if how == "retired" and becomes_coach:
        deltas.append({"op": "staff", "key": "assistant_coach", "amount": 1})
    cause = f"#{player.number} {player.name} {how}"
    if how == "retired" and becomes_coach:
        cause += " and becomes an assistant coach"
    entry_append(team, "departure", cause, actor, deltas)
    team.refresh_from_db()
    return team


def require_adjuster(team: Team, actor) -> None:
    if not leagues.answer.may_adjust(actor, team):
        raise PermissionDenied(
            "Only a commissioner of the team's league (not its own coach) or site staff may "
            "adjust a team."
        )


@transaction.atomic
def team_adjust(
    team: Team, actor, reason: str, treasury: int = 0, player: Player | None = None, spp: int = 0
) -> Team:
    """A written correction of the treasury or a player's SPP by a commissioner of the team's
    league (never of his own team) or site staff, recorded in the ledger with its reason."""
    require_adjuster(team, actor)
    problems = []
    if not reason.strip():
        problems.append(Problem("reason", "Write the reason for the adjustment."))
    if not treasury and not spp:
        problems.append(Problem("treasury", "Adjust the treasury or a player's SPP."))
    if spp and (player is None or player.team_id != team.pk):
        problems.append(Problem("player", "Name a player of this team to adjust his SPP."))
    problems += _adjustment_limits(team, reason.strip(), treasury, player, spp)
    if problems:
        raise TeamRefused(problems)
    deltas: list[dict] = []
    if treasury:
        deltas.append({"op": "treasury", "amount": treasury})
    if spp:
        deltas.append({"op": "player", "player": str(player.pk), "field": "spp", "amount": spp})
    try:
        entry_append(team, "adjustment", reason.strip(), actor, deltas)
    except ledger.LedgerError as error:
        raise TeamRefused([Problem("spp", f"This adjustment cannot apply: {error}.")]) from None
    team.refresh_from_db()
    return team


def _adjustment_limits(team: Team, reason: str, treasury: int, player, spp: int) -> list[Problem]:
    """A treasury never goes below 0 gp (a commissioner corrects what a team has, he does not
    lend it money), and nothing may leave the numbers its columns hold."""
    after = team.treasury + treasury
    found = [
        field_problem(LedgerEntry, "cause", reason, "reason", "The reason"),
        field_problem(Team, "treasury", after, "treasury", "The treasury after the adjustment"),
    ]
    if after < 0:
        found.append(Problem("treasury", f"A treasury never goes below 0 gp: {team.name} has "
                                         f"{team.treasury:,} gp to take from."))  # fmt: skip
    if spp and player is not None and player.spp + spp > 0:  # below 0: the ledger says so
        found.append(
            field_problem(Player, "spp", player.spp + spp, "spp", "SPP after the adjustment")
        )
    return [problem for problem in found if problem is not None]
