"""Before an LRB6 match, in the rules' order: each team's journeymen; then, once both have
theirs, each team's value at kick-off and petty cash (fixed on the match: the post-game
sequence and the inducement budget use these, not the values later); then each team's
inducements, the gold its treasury adds paid in one ledger entry caused by the match; and
the gate and FAME from the gate's dice. The rules are the engine's (rules.engine.kick_off,
rules.engine.inducements); this module records them."""

from __future__ import annotations

from collections import Counter

from django.core.exceptions import PermissionDenied
from django.db import transaction

from matches.dice import dice_roll
from matches.models import OPEN, DiceRoll, KickOff, Match, Participant
from matches.services import MatchRefused
from rules.engine import inducements as bills
from rules.engine import kick_off as rules
from rules.engine.errors import Problem
from rules.models import Position
from rules.snapshot import version_snapshot
from teams.models import LedgerCause, Player, Team
from teams.roster import team_worth
from teams.services import cause_new, entry_append

ABLE = ("active",)
GATE = "2D6"


def gate_purpose(side: str) -> str:
    return f"gate for {side}"


def _team(match: Match, side: str) -> Team:
    if side not in ("home", "away"):
        raise MatchRefused([Problem("side", "The side is home or away.")])
    return match.home if side == "home" else match.away


def _require(match: Match, actor, side: str) -> Team:
    team = _team(match, side)
    if getattr(actor, "pk", None) != team.coach_id:
        raise PermissionDenied(f"Only {team.name}'s coach records what it does before kick-off.")
    problems = []
    if match.status not in OPEN:
        problems.append(
            Problem("status", f"The report of {match} is {match.stage}: kick-off is behind it.")
        )
    if match.ruleset_version.system != "lrb6":
        problems.append(Problem("match", "Dugout records LRB6's pre-match sequence only, so far."))
    if problems:
        raise MatchRefused(problems)
    return team


def steps_open(match: Match, user) -> list[str]:
    """What the coach may record now: his team's journeymen until the values are fixed, its
    inducements once they are (once), and the gate once its dice may be had."""
    rows = {row.side: row for row in match.kick_offs.all()}
    mine = [
        side
        for side, team in (("home", match.home), ("away", match.away))
        if team.coach_id == getattr(user, "pk", None)
    ]
    steps = []
    niggles = version_snapshot(match.ruleset_version).ruleset.settings.get(
        "niggling_injury_pre_match_roll"
    )
    if niggles and any(
        rows.get(side) is None
        or (rows[side].niggled_out is None and not rows[side].journeymen_done)
        for side in mine
    ):
        steps.append("niggles")
    if any(rows.get(side) is None or rows[side].value is None for side in mine):
        steps.append("journeymen")
    if any(rows.get(s) and rows[s].value is not None and rows[s].inducements is None for s in mine):
        steps.append("inducements")
    purposes = {roll.purpose for roll in match.dice.all()}  # read with the match already
    gate_dice = "rolled" in match.accepted_sources or all(
        gate_purpose(side) in purposes for side in ("home", "away")
    )
    recorded = all(rows.get(side) and rows[side].fans is not None for side in ("home", "away"))
    if gate_dice and not recorded:
        steps.append("gate")
    return steps


def kick_offs(match: Match) -> dict[str, KickOff]:
    """Both teams' rows, made on first use."""
    rows = {row.side: row for row in KickOff.objects.select_for_update().filter(match=match)}
    for side in ("home", "away"):
        if side not in rows:
            rows[side] = KickOff.objects.create(match=match, team=_team(match, side), side=side)
    return rows


def able_players(team: Team, out: list | None = None) -> list[Player]:
    """The team's players able to play this match: not those a niggle keeps out."""
    players = team.players.on_roster().filter(status__in=ABLE).select_related("position")
    return [player for player in players if player.number not in (out or ())]


def niggled(team: Team) -> list[tuple[Player, int]]:
    """The team's able players with Niggling Injuries, and how many each has."""
    players = team.players.on_roster().filter(status__in=ABLE)
    found = [(player, list(player.injuries or ()).count("N")) for player in players]
    return [(player, count) for player, count in found if count]


def niggle_purpose(side: str, number: int, nth: int = 1) -> str:
    return f"niggle for {side} #{number}" + (f" ({nth})" if nth > 1 else "")


@transaction.atomic
def niggles_roll(match: Match, actor, side: str) -> KickOff:
    """Where the league rolls for niggling injuries before a match: a D6 per Niggling Injury
    of each of the team's players, entered at the table or rolled by the server; a 1 keeps
    him out of this match. Before the journeymen, who follow how many may play."""
    team = _require(match, actor, side)
    rows = kick_offs(match)
    row = rows[side]
    ruleset = version_snapshot(match.ruleset_version).ruleset
    problems = []
    if not ruleset.settings.get("niggling_injury_pre_match_roll"):
        problems.append(
            Problem(
                "niggles",
                "This league rolls for no niggling injury before "
                "a match (niggling_injury_pre_match_roll).",
            )
        )
    elif row.niggled_out is not None:
        problems.append(Problem("niggles", f"{team.name} has rolled for its niggles already."))
    elif row.journeymen_done:
        problems.append(Problem("niggles", "Niggling injuries are rolled before the journeymen."))
    if problems:
        raise MatchRefused(problems)
    stored = {roll.purpose: roll for roll in match.dice.all()}
    out = []
    for player, count in niggled(team):
        rolls = []
        for nth in range(1, count + 1):
            purpose = niggle_purpose(side, player.number, nth)
            roll = stored.get(purpose)
            if roll is None and "rolled" in match.accepted_sources:
                roll = dice_roll(match, actor, purpose, "D6")
            if roll is None or roll.notation != "D6":
                raise MatchRefused([Problem("niggles", f"Enter the D6 for {purpose!r} first.")])
            rolls.append(roll.total)
        if rules.niggle_keeps_out(rolls):
            out.append(player.number)
    taken = Participant.objects.filter(match=match, team=team, player__number__in=out)
    if match.casualties.filter(victim__in=taken).exists():
        raise MatchRefused(
            [
                Problem(
                    "niggles",
                    "A player the niggle keeps out is already in the "
                    "report: take him out of it first.",
                )
            ]
        )
    match.performances.filter(team=team, number__in=out).delete()
    taken.delete()
    row.niggled_out = sorted(out)
    row.save(update_fields=["niggled_out"])
    return row


def _free_numbers(taken: set[int], count: int) -> list[int]:
    numbers, number = [], 1
    while len(numbers) < count:
        if number not in taken:
            numbers.append(number)
        number += 1
    return numbers


def _hires_take(match: Match, team: Team, kind: str, hires: list[tuple[str, Position | None, int]]):
    """One-game hires as participants, each with a number none of the team's players has."""
    taken = set(team.players.on_roster().values_list("number", flat=True))
    taken |= set(
        Participant.objects.filter(match=match, team=team).values_list("number", flat=True)
    )
    numbers = _free_numbers(taken, len(hires))
    Participant.objects.bulk_create(
        Participant(
            match=match,
            team=team,
            kind=kind,
            number=number,
            name=name,
            position=position,
            value=value,
        )
        for number, (name, position, value) in zip(numbers, hires, strict=True)
    )


@transaction.atomic
def journeymen_take(match: Match, actor, side: str, positions: list[str]) -> KickOff:
    """The team's journeymen for this match (none is a choice too); taken again until both
    teams have theirs, when the values at kick-off are fixed."""
    team = _require(match, actor, side)
    rows = kick_offs(match)
    row = rows[side]
    if row.value is not None:
        raise MatchRefused(
            [
                Problem(
                    "journeymen",
                    "Both teams' values at kick-off are fixed: the journeymen are taken.",
                )
            ]
        )
    snapshot = version_snapshot(match.ruleset_version)
    ruleset, race = snapshot.ruleset, snapshot.ruleset.races[team.race.slug]
    able = len(able_players(team, row.niggled_out))
    problems = rules.journeymen_check(ruleset, race, able, list(positions), team=team.name)
    if problems:
        raise MatchRefused(problems)
    Participant.objects.filter(match=match, team=team, kind="journeyman").delete()
    rows_of = {p.name: p for p in Position.objects.filter(race=team.race, name__in=positions)}
    _hires_take(
        match,
        team,
        "journeyman",
        [(f"Journeyman {name}", rows_of[name], race.position(name).cost) for name in positions],
    )
    row.journeymen_done = True
    row.save(update_fields=["journeymen_done"])
    if all(r.journeymen_done for r in rows.values()):
        _values_fix(match, rows, ruleset)
    return row


def _values_fix(match: Match, rows: dict[str, KickOff], ruleset) -> None:
    hires = Counter()
    for participant in Participant.objects.filter(match=match, kind="journeyman"):
        hires[participant.team_id] += participant.value
    values = {}
    for side, row in rows.items():
        team = row.team
        players = list(team.players.on_roster().select_related("position", "star"))
        worth = team_worth(team, players, ruleset)[0] or 0
        costs = [hires[team.pk]] if hires[team.pk] else []
        values[side] = rules.value_at_kick_off(ruleset, worth, costs)
    for side, row in rows.items():
        other = values["away" if side == "home" else "home"]
        row.value, row.petty_cash = values[side], rules.petty_cash(ruleset, values[side], other)
        row.save(update_fields=["value", "petty_cash"])


@transaction.atomic
def inducements_buy(match: Match, actor, side: str, request: bills.Request) -> KickOff:
    """What the team induces, once: priced, limited and paid from its petty cash, then its
    treasury (one ledger entry caused by the match)."""
    team = _require(match, actor, side)
    rows = kick_offs(match)
    row, other = rows[side], rows["away" if side == "home" else "home"]
    problems = []
    if row.value is None:
        problems.append(
            Problem(
                "inducements",
                "Both teams take their journeymen first: the "
                "budget follows the values at kick-off.",
            )
        )
    elif row.inducements is not None:
        problems.append(Problem("inducements", f"{team.name} has already induced for this match."))
    if problems:
        raise MatchRefused(problems)
    snapshot = version_snapshot(match.ruleset_version)
    ruleset, race = snapshot.ruleset, snapshot.ruleset.races[team.race.slug]
    able = able_players(team, row.niggled_out)
    journeymen = list(
        Participant.objects.filter(match=match, team=team, kind="journeyman").select_related(
            "position"
        )
    )
    positions = Counter(p.position.name for p in able if p.position_id)
    positions.update(p.position.name for p in journeymen)
    at_kick_off = bills.TeamAtKickOff(team.name, race, len(able) + len(journeymen), positions)
    petty, treasury = rules.inducement_budget(ruleset, row.petty_cash or 0, team.treasury)
    theirs = tuple((other.inducements or {}).get("stars", ()))
    bill = bills.inducement_bill(
        ruleset,
        snapshot.inducement_rules,
        snapshot.star_rules,
        at_kick_off,
        request,
        petty,
        treasury,
        theirs,
    )
    if bill.problems:
        raise MatchRefused(bill.problems)
    row.inducements = {
        "items": {k: v for k, v in request.items.items() if v},
        "stars": list(request.stars),
        "mercenaries": [
            {"position": m.position, "extra_skill": m.extra_skill} for m in request.mercenaries
        ],
    }
    row.bill = [{"what": line.what, "count": line.count, "each": line.each} for line in bill.lines]
    row.from_treasury = bill.from_treasury
    row.save(update_fields=["inducements", "bill", "from_treasury"])
    _one_game_hires(match, team, race, request)
    if bill.from_treasury:
        _pay(match, actor, team, bill)
    return row


def _one_game_hires(match: Match, team: Team, race, request: bills.Request) -> None:
    _hires_take(match, team, "star", [(name, None, 0) for name in request.stars])
    names = [m.position for m in request.mercenaries]
    rows_of = {p.name: p for p in Position.objects.filter(race=team.race, name__in=names)}
    _hires_take(
        match,
        team,
        "mercenary",
        [(f"Mercenary {name}", rows_of[name], race.position(name).cost) for name in names],
    )


def _pay(match: Match, actor, team: Team, bill: bills.Bill) -> None:
    """The gold the petty cash did not cover, from the treasury: one entry, caused by the
    match (both teams' entries share the match's cause)."""
    cause = LedgerCause.objects.filter(kind="inducements", ref=match.pk).first()
    if cause is None:
        cause = cause_new(
            "inducements", actor, {"deltas": "each entry's", "match": match.pk}, ref=match.pk
        )
    summary = (
        f"Inducements for {match}: {bill.total:,} gp, {bill.petty_cash:,} of it petty "
        f"cash; treasury −{bill.from_treasury:,}"
    )
    entry_append(
        team, "inducements", summary, cause, [{"op": "treasury", "amount": -bill.from_treasury}]
    )


@transaction.atomic
def gate_record(match: Match, actor) -> dict[str, KickOff]:
    """Each team's fans (2D6 + Fan Factor) x 1,000 and its FAME, from the gate's dice: as
    entered at the table, or rolled now by the server where the match allows."""
    _require(match, actor, "home" if getattr(actor, "pk", None) != match.away.coach_id else "away")
    rows = kick_offs(match)
    if all(row.fans is not None for row in rows.values()):
        raise MatchRefused([Problem("gate", "The gate is recorded: its dice stand.")])
    stored = {
        r.purpose: r
        for r in DiceRoll.objects.filter(match=match, purpose__in=[gate_purpose(s) for s in rows])
    }
    totals = {}
    for side in rows:
        roll = stored.get(gate_purpose(side))
        if roll is None and "rolled" in match.accepted_sources:
            roll = dice_roll(match, actor, gate_purpose(side), GATE)
        if roll is None:
            raise MatchRefused(
                [
                    Problem(
                        "gate",
                        f"Enter the gate's {GATE} for {side} first "
                        f"(purpose {gate_purpose(side)!r}).",
                    )
                ]
            )
        if roll.notation != GATE:
            raise MatchRefused(
                [
                    Problem(
                        "gate",
                        f"The gate for {side} is a {GATE} roll, not "
                        f"{roll.notation}: type it again as {GATE}.",
                    )
                ]
            )
        totals[side] = roll.total
    ruleset = version_snapshot(match.ruleset_version).ruleset
    gate = rules.gate(
        ruleset, totals["home"], match.home.fan_factor, totals["away"], match.away.fan_factor
    )
    for side, row in rows.items():
        row.fans = gate.home_fans if side == "home" else gate.away_fans
        row.fame = gate.home_fame if side == "home" else gate.away_fame
        row.save(update_fields=["fans", "fame"])
    return rows
