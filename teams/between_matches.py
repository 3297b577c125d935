"""Between matches: buying from the treasury, firing and retiring players, and written
adjustments. Each is one cause and one ledger entry, its deltas worked out by teams.causes
(the same rules a rebuild applies again) and written through teams.services.entry_append."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction

from rules.engine.purchases import (
    Offer,
    Purchase,
    TeamNow,
    purchase_offers,
    refuse_results_only,
)
from rules.engine.team_building import (
    Problem,
    TeamRefused,
    highest_number,
)
from rules.models import Position
from rules.plumbing.limits import field_problem
from rules.plumbing.people import require_coach_or_staff
from rules.snapshot import version_snapshot
from teams import causes
from teams.ledger_rows import state_of
from teams.models import UNDONE, LedgerEntry, Player, Team
from teams.seams import leagues
from teams.services import (
    cause_new,
    entry_append,
    next_player_key,
    player_name_problems,
    retired_words,
)


def _locked(team: Team) -> Team:
    # Lock the team's row only: the version is shared by every team that plays it.
    return (
        Team.objects.select_for_update(of=("self",))
        .select_related("race", "ruleset_version")
        .get(pk=team.pk)
    )


def rules_of(team: Team) -> causes.Rules:
    return causes.rules_for(version_snapshot(team.ruleset_version), team.race.slug)


@transaction.atomic
def team_purchase(
    team: Team,
    actor,
    purchase: Purchase,
    names: Sequence[str] = (),
    numbers: Sequence[int] = (),
) -> Team:
    """Buys from the treasury through one ledger entry (TeamRefused names the rule). New
    players wear the numbers asked for, else the lowest free ones."""
    team = _locked(team)
    require_coach(team, actor, "buy for it")
    rules = rules_of(team)
    before = state_of(team)
    request: dict = {"kind": purchase.kind, "what": purchase.what, "count": purchase.count}
    if purchase.kind == "player":
        problems = player_name_problems(names, "names") + _number_problems(numbers, purchase)
        if problems:
            raise TeamRefused(problems)
        request["players"] = _new_players(team, before, purchase, names, numbers)
    deltas = causes.purchase(rules, before, request)
    if purchase.kind == "player":
        position = Position.objects.get(race=team.race, name=purchase.what)
        Player.objects.bulk_create(
            Player(team=team, key=key, position=position, number=number, name=name)
            for key, number, name in request["players"]
        )
    what = {"reroll": "re-roll", "fan_factor": "fan factor", "staff": purchase.what,
            "player": purchase.what}[purchase.kind]  # fmt: skip
    summary = f"Bought {purchase.count} × {what.replace('_', ' ')} for {-deltas[0]['amount']:,} gp"
    entry_append(team, "purchase", summary, cause_new("purchase", actor, request), deltas, before)
    team.refresh_from_db()
    return team


def _new_players(team, before, purchase: Purchase, names, numbers) -> list[list]:
    """[key, number, name] of each player bought: what a rebuild hires again."""
    taken = {player.number for player in before.players.values()} | set(numbers)
    free = (n for n in range(1, 100) if n not in taken)
    first = next_player_key(team)
    count = purchase.count if isinstance(purchase.count, int) else 0
    found = []
    for index in range(min(max(count, 0), 99)):  # more than 99 is refused by the price
        number = numbers[index] if index < len(numbers) else next(free, 0)
        name = names[index].strip() if index < len(names) else ""
        found.append([f"p{first + index}", number, name or f"{purchase.what} {number}"])
    return found


def _number_problems(numbers: Sequence[int], purchase: Purchase) -> list[Problem]:
    problems = [
        Problem("numbers", f"Player numbers run from 1 to 99, not {n!r}.")
        for n in numbers
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 99
    ]
    if len(set(numbers)) < len(numbers):
        problems.append(Problem("numbers", "Two new players cannot wear the same number."))
    if isinstance(purchase.count, int) and len(numbers) > purchase.count:
        players = "1 player" if purchase.count == 1 else f"{purchase.count} players"
        problems.append(Problem("numbers", f"One number per player bought: {len(numbers)} "
                                           f"numbers for {players}."))  # fmt: skip
    return problems


def require_coach(team: Team, actor, what: str) -> None:
    require_coach_or_staff(actor, team.coach_id, f"Only the team's coach may {what}.")


@transaction.atomic
def player_leave(team: Team, actor, player: Player, how: str) -> Team:
    """Fires or retires a player: his record stays on the roster, struck through."""
    team = _locked(team)
    require_coach(team, actor, "fire or retire its players")
    # Read the player again under the team's lock: of two coaches' clicks, the second sees
    # him gone and is refused, instead of writing his departure twice.
    player = Player.objects.get(pk=player.pk)
    if player.team_id != team.pk:
        raise TeamRefused([Problem("player", f"{player.name} is not on the team any more.")])
    request = {"player": player.key, "how": how}
    deltas = causes.departure(rules_of(team), state_of(team), request)
    summary = f"#{player.number} {player.name} {how}"
    if any(delta.get("key") == "assistant_coach" for delta in deltas):
        summary += " and becomes an assistant coach"
    entry_append(team, "departure", summary, cause_new("departure", actor, request), deltas)
    team.refresh_from_db()
    return team


def require_adjuster(team: Team, actor) -> None:
    if not leagues.answer.may_adjust(actor, team):
        raise PermissionDenied(
            leagues.answer.adjust_barred(actor, team)
            or "Only a commissioner of the team's league (not its own coach) or site staff may "
            "adjust a team."
        )


@transaction.atomic
def team_adjust(
    team: Team, actor, reason: str, treasury: int = 0, player: Player | None = None, spp: int = 0
) -> Team:
    """A written correction of the treasury or a player's SPP by a commissioner of the team's
    league (never of his own team) or site staff, recorded in the ledger with its reason."""
    require_adjuster(team, actor)
    team = _locked(team)
    rules = rules_of(team)
    field = "spp" if spp and not treasury else "treasury"
    refuse_results_only(rules.ruleset, field, "{system} teams have no treasury or SPP to adjust.")
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
    request = {"reason": reason.strip(), "treasury": treasury, "spp": spp,
               "player": player.key if spp else None}  # fmt: skip
    deltas = causes.adjustment(rules, state_of(team), request)
    cause = cause_new("adjustment", actor, request)
    entry_append(team, "adjustment", reason.strip(), cause, deltas)
    team.refresh_from_db()
    return team


def _adjustment_limits(team: Team, reason: str, treasury: int, player, spp: int) -> list[Problem]:
    """A treasury never goes below 0 gp (a commissioner corrects what a team has, he does not
    lend it money), and nothing may leave the numbers its columns hold."""
    after = team.treasury + treasury
    found = [
        field_problem(LedgerEntry, "summary", reason, "reason", "The reason"),
        field_problem(Team, "treasury", after, "treasury", "The treasury after the adjustment"),
    ]
    if after < 0:
        found.append(Problem("treasury", f"A treasury never goes below 0 gp: {team.name} has "
                                         f"{team.treasury:,} gp to take from."))  # fmt: skip
    if spp and player is not None and player.spp + spp > 0:  # below 0: the cause says so
        found.append(
            field_problem(Player, "spp", player.spp + spp, "spp", "SPP after the adjustment")
        )
    return [problem for problem in found if problem is not None]


def offers_for(team: Team, players) -> list[Offer]:
    """What the roster page offers the team to buy, one at a time: what the purchase rules
    (rules.engine.purchases) would sell it now, money aside. `players` are its rows as the
    roster read them (no query); the team comes with its race and ruleset version."""
    rules = rules_of(team)
    counts: dict[str, int] = {}
    for player in players:
        if player.status not in causes.GONE and player.status != UNDONE:
            counts[player.role] = counts.get(player.role, 0) + 1
    now = TeamNow(team.race.slug, counts, team.rerolls, team.fan_factor, team.treasury,
                  dict(team.staff))  # fmt: skip
    return purchase_offers(rules.ruleset, rules.staff_rules, now)


def shirt_number_problem(number, field: str, highest: int = 99) -> Problem | None:
    """A shirt number runs from 1 to 99 (1 to 11 in 1st edition's standard game)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= highest:
        return Problem(field, f"Player numbers run from 1 to {highest}, not {number!r}.")
    return None


@transaction.atomic
def player_rename(
    team: Team, actor, player: Player, name: str | None = None, number: int | None = None
) -> Team:
    """A player's new name or shirt number (None keeps it), through one ledger entry of a
    "rename" cause: both are the ledger's state, so a rename is undone like any entry, and
    a rebuild applies it again to the player as it finds him. Only the team's coach or site
    staff; never on a retired team. A name is 1 to 60 characters; a number runs from 1 to
    99 and is no other player's on the team (TeamRefused names the field)."""
    team = _locked(team)
    require_coach(team, actor, "rename its players")
    if team.retired_at is not None:
        raise TeamRefused([Problem("team", retired_words(team))])
    player = Player.objects.get(pk=player.pk)  # again, under the team's lock
    if player.team_id != team.pk or player.status == UNDONE:
        raise TeamRefused([Problem("player", f"{player.name} is not on the team.")])
    request: dict = {"player": player.key}  # only what changes: an undo of an earlier
    problems: list[Problem] = []  # rename must not come back through this one
    if name is not None:
        name = name.strip()
        if not name:
            problems.append(Problem("name", "Give the player a name."))
        problems += player_name_problems([name], "name")
        if name != player.name:
            request["name"] = name
    if number is not None:
        wrong = shirt_number_problem(number, "number", highest_number(rules_of(team).ruleset))
        problems += [wrong] if wrong else []
        if not wrong and number != player.number:
            request["number"] = number
    if not problems and len(request) == 1:
        problems.append(Problem("name", f"#{player.number} {player.name} has that name and "
                                        "number already."))  # fmt: skip
    if problems:
        raise TeamRefused(problems)
    before = state_of(team)
    deltas = causes.rename(rules_of(team), before, request)
    now = f"#{request.get('number', player.number)} {request.get('name', player.name)}"
    summary = f"#{player.number} {player.name} is now {now}"
    entry_append(team, "rename", summary, cause_new("rename", actor, request), deltas, before)
    team.refresh_from_db()
    return team


@transaction.atomic
def team_rename(team: Team, actor, name: str) -> Team:
    """The team's new name: 1 to 80 characters, as a new team's (names need not be unique).
    Only the team's coach or site staff; never a retired team. The name is the team's row,
    not the ledger's state, so the row is written here; the rename is also recorded in the
    history, as an entry of a "rename" cause with no deltas (which also asks for a new
    roster sheet). Such an entry is not undone: rename the team again instead."""
    team = _locked(team)
    require_coach(team, actor, "rename it")
    if team.retired_at is not None:
        raise TeamRefused([Problem("team", retired_words(team))])
    name = name.strip()
    problems = [] if name else [Problem("name", "Give the team a name.")]
    too_long = field_problem(Team, "name", name, "name", "The team's name")
    problems += [too_long] if too_long else []
    if not problems and name == team.name:
        problems.append(Problem("name", f"The team is called {name} already."))
    if problems:
        raise TeamRefused(problems)
    was = team.name
    team.name = name
    team.save(update_fields=["name"])
    leagues.answer.team_renamed(team)
    request = {"name": name, "was": was}
    summary = f"Team renamed from {was} to {name}"
    entry_append(team, "rename", summary, cause_new("rename", actor, request), [])
    team.refresh_from_db()
    return team
