"""Before a GDBBL match, in 001's order: each team's freebooters (paid from the treasury, one
ledger entry caused by the match); the weather (matches.kick_off.shared); the gate; once both teams
have their freebooters, each team's value and rating at kick-off and the handicap's bonus
cards and MVPs for the lower-rated team; each coach's Special Play cards, home team first;
and the niggling injury rolls (matches.kick_off.shared). The rules are the engine's
(rules.engine.freebooters, rules.engine.gdbbl); this module records them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from django.db import transaction

from matches.kick_off.shared import (
    WEATHER,
    die_for,
    either_coach,
    hires_take,
    kick_off_marked,
    kick_offs,
    paid_before_kick_off,
    require_step,
)
from matches.models import KickOff, Match, Participant
from matches.services import MatchRefused
from rules.engine import gdbbl
from rules.engine.errors import Problem
from rules.engine.freebooters import TeamBeforeMatch, freebooters_bill
from rules.models import Position, StarPlayer
from rules.snapshot import version_snapshot
from teams.models import Team
from teams.roster import GONE, team_worth

SYSTEM = ("gdbbl",)
GATE = "gate"


def cards_purpose(side: str) -> str:
    return f"special play cards for {side}"


def gate_notation(match: Match) -> str:
    """One D6 per point of both teams' Fan Factors."""
    return f"{match.home.fan_factor + match.away.fan_factor}D6"


def roster_now(team: Team) -> list:
    players = team.players.on_roster().exclude(status__in=GONE)
    return list(players.select_related("position", "star"))


def _before_match(team: Team, race, players: list) -> TeamBeforeMatch:
    positions = Counter(p.position.name for p in players if p.position_id and not p.star_id)
    stars = tuple(p.star.name for p in players if p.star_id)
    return TeamBeforeMatch(team.name, race, positions, len(players), stars, team.treasury)


def stars_taken(match: Match, team: Team) -> dict[str, str]:
    """Star players who play for the other team in this match: hired for good or hired as
    its freebooters."""
    other = match.away if team.pk == match.home_id else match.home
    names = {p.star.name for p in roster_now(other) if p.star_id}
    hired = Participant.objects.filter(match=match, team=other, star__isnull=False)
    names |= set(hired.values_list("star__name", flat=True))
    return dict.fromkeys(names, other.name)


@transaction.atomic
def freebooters_hire(match: Match, actor, side: str, positions: list, stars: list) -> KickOff:
    """The team's freebooters for this match, once (none is a choice too): priced, limited
    and paid from its treasury. When both teams have theirs, the ratings at kick-off and the
    handicap are fixed."""
    team = require_step(match, actor, side, SYSTEM)
    rows = kick_offs(match)
    team = Team.objects.select_for_update().get(pk=team.pk)  # its treasury, read once locked
    row = rows[side]
    if row.freebooters is not None:
        raise MatchRefused(
            [Problem("freebooters", f"{team.name} has hired its freebooters for this match.")]
        )
    snapshot = version_snapshot(match.ruleset_version)
    ruleset = snapshot.ruleset
    race = ruleset.races[team.race.slug]
    positions, stars = [str(p) for p in positions], [str(s) for s in stars]
    bill = freebooters_bill(
        ruleset,
        snapshot.star_rules,
        _before_match(team, race, roster_now(team)),
        positions,
        stars,
        stars_taken(match, team),
    )
    if bill.problems:
        raise MatchRefused(list(bill.problems))
    position_rows = {p.name: p for p in Position.objects.filter(race=team.race, name__in=positions)}
    star_rows = {s.name: s for s in StarPlayer.objects.filter(version=match.ruleset_version)
                 .filter(name__in=stars)}  # fmt: skip
    hires_take(
        match,
        team,
        "freebooter",
        [
            (hire.name, None, hire.value, star_rows[hire.name])
            if hire.star
            else (f"Freebooter {hire.name}", position_rows[hire.name], hire.value, None)
            for hire in bill.hires
        ],
    )
    row.freebooters = {"positions": positions, "stars": stars}
    row.bill = [{"what": line.what, "count": line.count, "each": line.each} for line in bill.lines]
    row.from_treasury = bill.total
    row.save(update_fields=["freebooters", "bill", "from_treasury"])
    if bill.total:
        hired = ", ".join(f"{line.what} ×{line.count}" for line in bill.lines)
        summary = f"Freebooters for {match}: {hired}, {bill.total:,} gp; treasury −{bill.total:,}"
        paid_before_kick_off(match, actor, team, "freebooters", summary, bill.total)
    if all(r.freebooters is not None for r in rows.values()):
        _ratings_fix(match, rows, ruleset)
    return row


def _ratings_fix(match: Match, rows: dict[str, KickOff], ruleset) -> None:
    """Each team's value and rating at kick-off (its freebooters in them only where
    freebooters_in_team_rating says so), and the lower-rated team's bonus cards and MVPs."""
    kick_off_marked(match)
    hires = Counter()
    for participant in Participant.objects.filter(match=match, kind="freebooter"):
        hires[participant.team_id] += participant.value
    teams = {side: row.team for side, row in rows.items()}
    rosters = {side: roster_now(team) for side, team in teams.items()}
    hired = {side: hires[team.pk] for side, team in teams.items()}
    for side, (value, rating, bonus) in ratings_at_kick_off(ruleset, teams, rosters,
                                                             hired).items():  # fmt: skip
        row = rows[side]
        row.value, row.rating, row.bonus_cards, row.bonus_mvps = (
            value, rating, bonus.cards, bonus.mvps
        )  # fmt: skip
        row.save(update_fields=["value", "rating", "bonus_cards", "bonus_mvps"])


def ratings_at_kick_off(
    ruleset, teams: Mapping[str, Team], rosters: Mapping[str, list], hired: Mapping[str, int]
) -> dict[str, tuple[int, int, gdbbl.Handicap]]:
    """Each side's (value, rating, handicap) at kick-off: its roster (not the dead and gone)
    with its freebooters' `hired` values; as the rows stand, or as a ledger had them
    (matches.amend.kick_off_again)."""
    rated = {}
    for side, team in teams.items():
        value = team_worth(team, rosters[side], ruleset)[0] or 0
        spp = sum(player.spp for player in rosters[side])
        extra = [hired[side]] if hired.get(side) else []
        rated[side] = gdbbl.rating_at_kick_off(ruleset, value, spp, extra)
    bonus = gdbbl.handicaps(ruleset, rated["home"][1], rated["away"][1])
    return {side: (*rated[side], handicap)
            for side, handicap in zip(("home", "away"), bonus, strict=True)}  # fmt: skip


def _ratings_ready(match: Match, rows: dict[str, KickOff], ruleset) -> None:
    """The ratings are fixed once both teams have their freebooters, or at the first step
    that needs them in a league that hires none."""
    if all(r.rating is not None for r in rows.values()):
        return
    if not ruleset.settings.get("freebooters_allowed", True):
        _ratings_fix(match, rows, ruleset)
        return
    waiting = [r.team.name for r in rows.values() if r.freebooters is None]
    raise MatchRefused(
        [
            Problem(
                "cards",
                f"The handicap follows the ratings at kick-off, fixed once both teams have "
                f"hired their freebooters: {' and '.join(waiting)} still to hire (or none).",
            )
        ]
    )


@transaction.atomic
def cards_draw(match: Match, actor, side: str) -> KickOff:
    """How many Special Play cards the team draws: its coach's D6 (purpose "special play
    cards for home"), home team first, plus the handicap's bonus cards."""
    team = require_step(match, actor, side, SYSTEM)
    rows = kick_offs(match)
    row = rows[side]
    if row.cards is not None:
        raise MatchRefused([Problem("cards", f"{team.name} has drawn its Special Play cards.")])
    if side == "away" and rows["home"].cards is None:
        raise MatchRefused(
            [Problem("cards", f"The home team, {match.home.name}, rolls for its cards first.")]
        )
    ruleset = version_snapshot(match.ruleset_version).ruleset
    _ratings_ready(match, rows, ruleset)
    roll = die_for(match, actor, cards_purpose(side), "D6", "cards")
    row.cards = gdbbl.special_play_cards(ruleset, roll.total, row.bonus_cards)
    row.save(update_fields=["cards"])
    return row


@transaction.atomic
def gdbbl_gate_record(match: Match, actor) -> Match:
    """The gate: a D6 per point of both teams' Fan Factors (purpose "gate"), the sum x
    1,000, kept on the match for the winnings; either coach records it, once."""
    require_step(match, actor, either_coach(match, actor), SYSTEM)
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.gate is not None:
        raise MatchRefused([Problem(GATE, f"The gate is recorded: {match.gate:,} fans.")])
    kick_off_marked(match)  # before the fan factors are read
    match.home.refresh_from_db(fields=["fan_factor"])
    match.away.refresh_from_db(fields=["fan_factor"])
    roll = die_for(match, actor, GATE, gate_notation(match), GATE)
    ruleset = version_snapshot(match.ruleset_version).ruleset
    fan_factors = (match.home.fan_factor, match.away.fan_factor)
    match.gate = gdbbl.gate(ruleset, roll.values, fan_factors)
    match.save(update_fields=["gate", "changed_at"])
    return match


def steps_open(match: Match, user) -> list[str]:
    """What the coach may record now, in 001's order. A step whose dice the server may not
    roll waits until they are entered."""
    rows = {row.side: row for row in match.kick_offs.all()}
    uid = getattr(user, "pk", None)
    mine = [s for s, t in (("home", match.home), ("away", match.away)) if t.coach_id == uid]
    hires = version_snapshot(match.ruleset_version).ruleset.settings.get(
        "freebooters_allowed", True
    )
    purposes = {roll.purpose for roll in match.dice.all()}  # read with the match already
    server = "rolled" in match.accepted_sources

    def hired(side: str) -> bool:
        return not hires or (side in rows and rows[side].freebooters is not None)

    def drawn(side: str) -> bool:
        return side in rows and rows[side].cards is not None

    def may_draw(side: str) -> bool:
        turn = side == "home" or drawn("home")
        return turn and not drawn(side) and (server or cards_purpose(side) in purposes)

    steps = []
    if any(not hired(side) for side in mine):
        steps.append("freebooters")
    if not match.weather and (server or WEATHER in purposes):
        steps.append("weather")
    if match.gate is None and (server or GATE in purposes):
        steps.append("gate")
    if hired("home") and hired("away") and any(may_draw(side) for side in mine):
        steps.append("cards")
    rolled = [side in rows and rows[side].niggled_out is not None for side in mine]
    if any(hired(side) and not done for side, done in zip(mine, rolled, strict=True)):
        steps.append("niggles")
    return steps
