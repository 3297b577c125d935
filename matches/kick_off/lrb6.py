"""Before an LRB6 match, in the rules' order: each team's journeymen; then, once both have
theirs, each team's value at kick-off and petty cash (fixed on the match: the post-game
sequence and the inducement budget use these, not the values later); then each team's
inducements, the gold its treasury adds paid in one ledger entry caused by the match; and
the gate and FAME from the gate's dice. The rules are the engine's (rules.engine.kick_off,
rules.engine.inducements); this module records them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from django.db import transaction

from matches.kick_off.shared import (
    WEATHER,
    able_players,
    die_for,
    either_coach,
    hires_take,
    kick_off_marked,
    kick_offs,
    paid_before_kick_off,
)
from matches.kick_off.shared import require_step as _step
from matches.models import KickOff, Match, Participant
from matches.services import MatchRefused
from rules.engine import inducements as bills
from rules.engine import kick_off as rules
from rules.engine.errors import Problem
from rules.engine.post_game.lrb6 import gate_purpose
from rules.models import Position, StarPlayer
from rules.snapshot import version_snapshot
from teams.models import Team
from teams.roster import team_worth

GATE = "2D6"


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
    if not match.weather and ("rolled" in match.accepted_sources or WEATHER in purposes):
        steps.append("weather")
    return steps


@transaction.atomic
def journeymen_take(match: Match, actor, side: str, positions: list[str]) -> KickOff:
    """The team's journeymen for this match (none is a choice too); taken again until both
    teams have theirs, when the values at kick-off are fixed."""
    team = _step(match, actor, side, ("lrb6",))
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
    hires_take(
        match,
        team,
        "journeyman",
        [(f"Journeyman {n}", rows_of[n], race.position(n).cost, None) for n in positions],
    )
    row.journeymen_done = True
    row.save(update_fields=["journeymen_done"])
    if all(r.journeymen_done for r in rows.values()):
        _values_fix(match, rows, ruleset)
    return row


def _values_fix(match: Match, rows: dict[str, KickOff], ruleset) -> None:
    kick_off_marked(match)
    hires = Counter()
    for participant in Participant.objects.filter(match=match, kind="journeyman"):
        hires[participant.team_id] += participant.value
    teams = {side: row.team for side, row in rows.items()}
    players = {side: list(team.players.on_roster().select_related("position", "star"))
               for side, team in teams.items()}  # fmt: skip
    hired = {side: hires[team.pk] for side, team in teams.items()}
    for side, (value, petty) in values_at_kick_off(ruleset, teams, players, hired).items():
        rows[side].value, rows[side].petty_cash = value, petty
        rows[side].save(update_fields=["value", "petty_cash"])


def values_at_kick_off(
    ruleset, teams: Mapping[str, Team], players: Mapping[str, list], hired: Mapping[str, int]
) -> dict[str, tuple[int, int]]:
    """Each side's (value at kick-off, petty cash): its players (all but those whose hiring
    was undone), re-rolls, fans and staff, with its journeymen's `hired` values; as the rows
    stand, or as a ledger had them (matches.amend.kick_off_again)."""
    values = {
        side: rules.value_at_kick_off(ruleset, team_worth(team, players[side], ruleset)[0] or 0,
                                      [hired[side]] if hired.get(side) else [])
        for side, team in teams.items()
    }  # fmt: skip
    return {side: (values[side], rules.petty_cash(ruleset, values[side], values[other]))
            for side, other in (("home", "away"), ("away", "home"))}  # fmt: skip


@transaction.atomic
def inducements_buy(match: Match, actor, side: str, request: bills.Request) -> KickOff:
    """What the team induces, once: priced, limited and paid from its petty cash, then its
    treasury (one ledger entry caused by the match)."""
    team = _step(match, actor, side, ("lrb6",))
    rows = kick_offs(match)
    team = Team.objects.select_for_update().get(pk=team.pk)  # its treasury, read once locked
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
        summary = (
            f"Inducements for {match}: {bill.total:,} gp, {bill.petty_cash:,} of it petty "
            f"cash; treasury −{bill.from_treasury:,}"
        )
        paid_before_kick_off(match, actor, team, "inducements", summary, bill.from_treasury)
    return row


def _one_game_hires(match: Match, team: Team, race, request: bills.Request) -> None:
    stars = StarPlayer.objects.filter(version=match.ruleset_version, name__in=request.stars)
    star_rows = {star.name: star for star in stars}
    hires_take(match, team, "star", [(n, None, 0, star_rows.get(n)) for n in request.stars])
    names = [m.position for m in request.mercenaries]
    rows_of = {p.name: p for p in Position.objects.filter(race=team.race, name__in=names)}
    hires_take(
        match,
        team,
        "mercenary",
        [(f"Mercenary {n}", rows_of[n], race.position(n).cost, None) for n in names],
    )


@transaction.atomic
def gate_record(match: Match, actor) -> dict[str, KickOff]:
    """Each team's fans (2D6 + Fan Factor) x 1,000 and its FAME, from the gate's dice: as
    entered at the table, or rolled now by the server where the match allows. The gate, both
    teams' fans, is kept on the match for the winnings."""
    _step(match, actor, either_coach(match, actor), ("lrb6",))
    rows = kick_offs(match)
    if all(row.fans is not None for row in rows.values()):
        raise MatchRefused([Problem("gate", "The gate is recorded: its dice stand.")])
    kick_off_marked(match)  # before the fan factors are read
    match.home.refresh_from_db(fields=["fan_factor"])
    match.away.refresh_from_db(fields=["fan_factor"])
    totals = {side: die_for(match, actor, gate_purpose(side), GATE, "gate").total for side in rows}
    ruleset = version_snapshot(match.ruleset_version).ruleset
    gate = rules.gate(
        ruleset, totals["home"], match.home.fan_factor, totals["away"], match.away.fan_factor
    )
    for side, row in rows.items():
        row.fans = gate.home_fans if side == "home" else gate.away_fans
        row.fame = gate.home_fame if side == "home" else gate.away_fame
        row.save(update_fields=["fans", "fame"])
    match.gate = gate.gate
    match.save(update_fields=["gate", "changed_at"])
    return rows
