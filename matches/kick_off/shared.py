"""What LRB6 and GDBBL share before kick-off: who may record a step, each team's KickOff row,
one-game hires as participants, the dice a step reads (entered at the table or rolled by the
server), the weather and the niggling injury rolls. The LRB6 steps are in matches.kick_off.lrb6,
the GDBBL ones in matches.kick_off.gdbbl."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max

from matches.dice import dice_roll
from matches.models import OPEN, DiceRoll, KickOff, Match, Participant
from matches.services import MatchRefused
from rules.engine import kick_off as rules
from rules.engine.errors import Problem
from rules.snapshot import version_snapshot
from teams.models import LedgerCause, Player, Team
from teams.services import cause_new, entry_append

ABLE = ("active",)
SYSTEMS = {"lrb6": "LRB6", "gdbbl": "GDBBL"}  # those whose pre-match Dugout records
WEATHER, WEATHER_DICE = "weather", "2D6"
MVP_DRAW = r"^MVP( \d+)? for {side}$"  # rules.engine.report_entry.mvp_purpose's draws


def team_of(match: Match, side: str) -> Team:
    if side not in ("home", "away"):
        raise MatchRefused([Problem("side", "The side is home or away.")])
    return match.home if side == "home" else match.away


def require_step(match: Match, actor, side: str, systems=tuple(SYSTEMS)) -> Team:
    """The side's team, if `actor` coaches it, the match is still to be reported and its
    system has the step; else the refusal."""
    team = team_of(match, side)
    if getattr(actor, "pk", None) != team.coach_id:
        raise PermissionDenied(f"Only {team.name}'s coach records what it does before kick-off.")
    problems = []
    if match.status not in OPEN:
        problems.append(
            Problem("status", f"The report of {match} is {match.stage}: kick-off is behind it.")
        )
    system = match.ruleset_version.system
    if system not in systems:
        names = " and ".join(SYSTEMS[s] for s in systems)
        problems.append(Problem("match", f"This step is {names}'s; this match is {system}'s."))
    if problems:
        raise MatchRefused(problems)
    return team


def either_coach(match: Match, actor) -> str:
    """The side of the coach recording a step both coaches share (the gate, the weather)."""
    return "away" if getattr(actor, "pk", None) == match.away.coach_id else "home"


def kick_offs(match: Match) -> dict[str, KickOff]:
    """Both teams' rows, locked, made on first use."""
    rows = {row.side: row for row in KickOff.objects.select_for_update().filter(match=match)}
    for side in ("home", "away"):
        if side not in rows:
            rows[side] = KickOff.objects.create(match=match, team=team_of(match, side), side=side)
    return rows


def die_for(match: Match, actor, purpose: str, notation: str, field: str) -> DiceRoll:
    """The roll a step reads: as entered at the table, or rolled now by the server where
    the match allows; refused by name if it is missing or was typed as another roll."""
    roll = DiceRoll.objects.filter(match=match, purpose=purpose).first()
    if roll is None and "rolled" in match.accepted_sources:
        roll = dice_roll(match, actor, purpose, notation)
    if roll is None:
        raise MatchRefused([Problem(field, f"Enter the {notation} for {purpose!r} first.")])
    if roll.notation != notation:
        raise MatchRefused(
            [
                Problem(
                    field,
                    f"{purpose!r} is a {notation} roll, not {roll.notation}: "
                    f"type it again as {notation}.",
                )
            ]
        )
    return roll


def able_players(team: Team, out: list | None = None) -> list[Player]:
    """The team's players able to play this match: not those a niggle keeps out."""
    players = team.players.on_roster().filter(status__in=ABLE).select_related("position")
    return [player for player in players if player.number not in (out or ())]


def free_numbers(taken: set[int], count: int) -> list[int]:
    numbers, number = [], 1
    while len(numbers) < count:
        if number not in taken:
            numbers.append(number)
        number += 1
    return numbers


def hires_take(match: Match, team: Team, kind: str, hires: list[tuple]) -> None:
    """One-game hires as participants, each (name, position, value, star) with a number
    none of the team's players has."""
    taken = set(team.players.on_roster().values_list("number", flat=True))
    taken |= set(
        Participant.objects.filter(match=match, team=team).values_list("number", flat=True)
    )
    Participant.objects.bulk_create(
        Participant(
            match=match,
            team=team,
            kind=kind,
            number=number,
            name=name,
            position=position,
            value=value,
            star=star,
        )
        for number, (name, position, value, star) in zip(
            free_numbers(taken, len(hires)), hires, strict=True
        )
    )


def kick_off_marked(match: Match) -> None:
    """Marks where in the ledgers' order the match's kick-off figures were last fixed (the
    values, ratings or gate, each read from the teams as they stand): a revert of an earlier
    report works them out again from the teams as they stood there, and leaves those fixed
    before the report it takes back as they are. Both teams are locked first (in pk order,
    as every rebuild locks them), so no entry of theirs slips in between the mark and the
    figures read after it."""
    teams = sorted((match.home_id, match.away_id))
    list(Team.objects.select_for_update(of=("self",)).filter(pk__in=teams).order_by("pk"))
    mark = LedgerCause.objects.aggregate(latest=Max("pk"))["latest"] or 0
    Match.objects.filter(pk=match.pk).update(kick_off_mark=mark)
    match.kick_off_mark = mark


def paid_before_kick_off(match: Match, actor, team: Team, kind: str, summary: str, gold: int):
    """Gold a team pays before kick-off (inducements, freebooters) from its treasury: one
    ledger entry, caused by the match; both teams' entries share the match's cause."""
    cause = LedgerCause.objects.filter(kind=kind, ref=match.pk).first()
    if cause is None:
        cause = cause_new(kind, actor, {"deltas": "each entry's", "match": match.pk}, ref=match.pk)
    entry_append(team, kind, summary, cause, [{"op": "treasury", "amount": -gold}])


@transaction.atomic
def weather_record(match: Match, actor) -> Match:
    """The weather at the start of the match, from its 2D6 (purpose "weather"), for the
    report; either coach records it, once."""
    require_step(match, actor, either_coach(match, actor))
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.weather:
        raise MatchRefused([Problem(WEATHER, f"The weather is recorded ({match.weather}).")])
    roll = die_for(match, actor, WEATHER, WEATHER_DICE, WEATHER)
    ruleset = version_snapshot(match.ruleset_version).ruleset
    match.weather = rules.weather(ruleset, roll.total)[0]
    match.save(update_fields=["weather", "changed_at"])
    return match


def niggled(team: Team) -> list[tuple[Player, int]]:
    """The team's able players with Niggling Injuries, and how many each has."""
    players = team.players.on_roster().filter(status__in=ABLE)
    found = [(player, list(player.injuries or ()).count("N")) for player in players]
    return [(player, count) for player, count in found if count]


def niggle_purpose(side: str, number: int, nth: int = 1) -> str:
    return f"niggle for {side} #{number}" + (f" ({nth})" if nth > 1 else "")


def _niggles_refused(ruleset, row: KickOff, team: Team) -> list[Problem]:
    """Whether the team may roll for its niggles now. LRB6 rolls only under a house rule
    (niggling_injury_pre_match_roll), before the journeymen who follow how many may play;
    GDBBL always, after its freebooters (001's order: they are hired not knowing who
    misses the match)."""
    if row.niggled_out is not None:
        return [Problem("niggles", f"{team.name} has rolled for its niggles already.")]
    if ruleset.system == "lrb6":
        if not ruleset.settings.get("niggling_injury_pre_match_roll"):
            why = "niggling_injury_pre_match_roll"
            return [
                Problem(
                    "niggles", f"This league rolls for no niggling injury before a match ({why})."
                )
            ]
        if row.journeymen_done:
            return [Problem("niggles", "Niggling injuries are rolled before the journeymen.")]
    elif ruleset.settings.get("freebooters_allowed", True) and row.freebooters is None:
        return [
            Problem(
                "niggles",
                f"Niggling injuries are rolled after the freebooters: {team.name} hires "
                "its freebooters (or none) first.",
            )
        ]
    return []


@transaction.atomic
def niggles_roll(match: Match, actor, side: str) -> KickOff:
    """A D6 for each of the team's players with Niggling Injuries (one per injury, or one
    per player as GDBBL's niggling_roll_per_marker says), entered at the table or rolled by
    the server; a 1 keeps him out of this match."""
    team = require_step(match, actor, side)
    row = kick_offs(match)[side]
    ruleset = version_snapshot(match.ruleset_version).ruleset
    problems = _niggles_refused(ruleset, row, team)
    if problems:
        raise MatchRefused(problems)
    out = []
    for player, count in niggled(team):
        rolls = [
            die_for(match, actor, niggle_purpose(side, player.number, nth), "D6", "niggles").total
            for nth in range(1, rules.niggle_dice(ruleset, count) + 1)
        ]
        if rules.niggle_keeps_out(rolls):
            out.append(player.number)
    taken = Participant.objects.filter(match=match, team=team, player__number__in=out)
    if out and match.casualties.filter(victim__in=taken).exists():
        raise MatchRefused(
            [
                Problem(
                    "niggles",
                    "A player the niggle keeps out is already in the "
                    "report: take him out of it first.",
                )
            ]
        )
    drawn = MVP_DRAW.format(side=side)
    if out and match.dice.filter(purpose__regex=drawn, notation__startswith="1 of").exists():
        raise MatchRefused(
            [
                Problem(
                    "niggles",
                    f"{team.name}'s MVP is drawn already from the players who took part: a "
                    "niggle now would change the draw. Roll the niggles before the report.",
                )
            ]
        )
    match.performances.filter(team=team, number__in=out).delete()
    taken.delete()
    row.niggled_out = sorted(out)
    row.save(update_fields=["niggled_out"])
    return row
