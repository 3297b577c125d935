"""A report's content: who did what, who was hurt and how, the MVPs, the concession, and the
results-only rulesets' points. The checks are the engine's (rules.engine.report_checks);
this module gathers what they need from the database, stores what passed, and rolls the
dice the server may roll.

A report is written whole each time (a draft, a correction): its lines, casualties and
entered dice are replaced. The server's dice never are: once rolled, a purpose's die stands,
so saving again cannot fish for a better casualty roll or MVP."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from matches.match_rows import MatchRows, match_rows
from matches.models import Casualty, DiceRoll, Match, Participant, Performance, Report
from matches.report.members import member_of
from matches.report.raised import raised_read, raised_stored, raisers
from matches.services import TAKES_PART
from rules.engine import dice
from rules.engine.report_checks import Checked, mvp_candidates, report_check, setting
from rules.engine.report_entry import (
    SIDES,
    CasualtyEntry,
    Concession,
    DieNeed,
    Line,
    MatchFacts,
    Ref,
    ReportEntry,
    SideEntry,
    SideFacts,
    casualty_purposes,
    is_report_purpose,
    mvp_purpose,
)
from rules.engine.ruleset import Ruleset
from rules.snapshot import version_snapshot
from teams.models import Player

ABSENT = {
    "dead": "is dead",
    "missing_next_game": "misses this match",
    "retired": "has retired",
    "fired": "has left the team",
    "active": "joined after the report was begun",
}


@dataclass(frozen=True)
class Sides:
    """The match's two teams as the checks see them, and who each (side, number) is."""

    ruleset: Ruleset
    facts: MatchFacts
    participants: Mapping[tuple[str, int], Participant]
    players: Mapping[tuple[str, int], Player]


TAKING_PART = ("player__position", "player__star", "position", "star")


def participants_of(match: Match) -> list[Participant]:
    """Who took part, with their rows: as read with the match into `taking_part` (reports
    worked out again: matches.amend.revert.later_matches), else read now. Never a prefetch of
    `participants`: a page's may be older than the draft that takes them."""
    read = getattr(match, "taking_part", None)
    if read is not None:
        return list(read)
    return list(match.participants.select_related(*TAKING_PART))


def match_sides(match: Match, rows: MatchRows | None = None) -> Sides:
    """Both teams: who took part, who is on the roster but did not (and why), their skills
    and the apothecaries each may use. Three queries. `rows`: the teams and players to read
    (as the rows stand unless given: match_rows)."""
    snapshot = version_snapshot(match.ruleset_version)
    ruleset = snapshot.ruleset
    taking_part = participants_of(match)
    rows = rows or match_rows(match)
    roster = rows.players
    participants, players = {}, {}
    for participant in taking_part:
        key = (match.side_of(participant.team_id), participant.number)
        participants[key] = participant
        if participant.player_id and (player := rows.player_of(participant)) is not None:
            players[key] = player
    kick_offs = {row.side: row for row in match.kick_offs.all()}
    sides = {}
    for side, team in (("home", rows.team(match.home_id)), ("away", rows.team(match.away_id))):
        race = ruleset.races.get(team.race.slug)
        members = []
        for participant in taking_part:
            if participant.team_id == team.pk:
                player = rows.player_of(participant)
                members.append(
                    member_of(
                        participant.number,
                        participant.name,
                        participant.kind,
                        player,
                        race,
                        snapshot,
                        took_part=True,
                        hired_as=participant.position,
                        hired_star=participant.star,
                    )
                )
        for player in roster:
            key = (side, player.number)
            if player.team_id != team.pk or key in participants:
                continue
            if player.status in ABSENT and key not in players:
                players[key] = player
                # Before the first draft nobody is taken yet: who may play takes part.
                begun = any(p.kind == "roster" for p in taking_part)
                fresh = not begun and player.status in TAKES_PART
                absent = "" if fresh else ABSENT[player.status]
                niggled = kick_offs.get(side) and player.number in (
                    kick_offs[side].niggled_out or ()
                )
                if niggled:  # a niggling injury kept him out of this match
                    fresh, absent = False, "misses this match (a niggling injury)"
                member = member_of(
                    player.number,
                    player.name,
                    "roster",
                    player,
                    race,
                    snapshot,
                    took_part=fresh,
                    absent=absent,
                )
                members.append(member)
        helpers = raisers(race)  # a Necromancer, or Nurgle's Rotters; then the healers
        if race is not None and race.apothecary_allowed:
            helpers["apothecary"] = int((team.staff or {}).get("apothecary", 0))
        row = kick_offs.get(side)
        induced = ((row.inducements if row else None) or {}).get("items", {})
        for helper in ("wandering_apothecary", "igor"):
            if induced.get(helper):
                helpers[helper] = int(induced[helper])
        bonus = row.bonus_mvps if row else 0  # the GDBBL handicap's, fixed before kick-off
        sides[side] = SideFacts(side, team.name, tuple(members), helpers, bonus_mvps=bonus)
    facts = MatchFacts(sides["home"], sides["away"], match.accepted_sources)
    return Sides(ruleset, facts, participants, players)


def rolled_dice(match: Match) -> dict[str, DieNeed]:
    """The dice the server rolled, by purpose (read with the match's dice if prefetched)."""
    return {
        roll.purpose: DieNeed(roll.purpose, roll.notation, "", tuple(roll.values), "rolled")
        for roll in match.dice.all()
        if roll.source == "rolled"
    }


def content_check(match: Match, sides: Sides, entry: ReportEntry, actor) -> Checked:
    """The entry checked; where the server may roll, the dice left blank rolled (and checked
    again, now that the MVPs drawn are known). A casualty's dice follow one another (GDBBL:
    the injury, then Regeneration, then the serious injury and the ability lost), so each
    roll may call for the next: the server rolls until no die is left blank. A coach's pick
    written as a die (`picked`) is his, never the server's."""
    rolled = rolled_dice(match)
    checked = report_check(sides.ruleset, sides.facts, entry, rolled)
    server = "rolled" in match.accepted_sources
    if checked.problems or not (server and (match.dice_sources == "rolled" or entry.server_rolls)):
        return checked
    while not checked.problems and (blank := _blank(checked, rolled)):
        for need in blank:
            roll = dice.notation(need.notation)
            values = dice.rolled(roll, match.seed, need.purpose)
            DiceRoll.objects.create(
                match=match,
                purpose=need.purpose,
                notation=str(roll),
                values=list(values),
                total=roll.total(values),
                source="rolled",
                seed=match.seed,
                made_by=actor,
            )
            rolled[need.purpose] = DieNeed(need.purpose, need.notation, "", values, "rolled")
        checked = report_check(sides.ruleset, sides.facts, entry, rolled)
    return checked


def _blank(checked: Checked, rolled: Mapping[str, DieNeed]) -> list[DieNeed]:
    """The dice the server rolls now: blank, not a coach's pick, and not rolled before."""
    return [
        need
        for need in checked.dice
        if need.values is None and not need.picked and need.purpose not in rolled
    ]


def content_store(match: Match, sides: Sides, entry: ReportEntry, checked: Checked, actor):
    """Replaces the report's lines, casualties and entered dice with `entry`'s."""
    report = match.report
    _side_results(report, sides, entry)
    report.save()
    Performance.objects.filter(match=match).delete()
    Performance.objects.bulk_create(_lines(match, sides, entry, checked))
    Casualty.objects.filter(match=match).delete()
    Casualty.objects.bulk_create(
        Casualty(
            match=match,
            order=order,
            victim=sides.participants[_key(c.victim)],
            causer=sides.participants[_key(c.causer)] if c.causer else None,
            action=c.action,
            means=c.means,
            modifier=c.modifier,
            helper=c.helper,
            kept=c.kept,
        )
        for order, c in enumerate(entry.casualties, start=1)
    )
    _entered_dice(match, checked.dice, actor)


def _key(ref: Ref) -> tuple[str, int]:
    return (ref.side, ref.number)


def _side_results(report: Report, sides: Sides, entry: ReportEntry) -> None:
    concession = entry.concession
    report.conceded_by = None
    if concession is not None:
        report.conceded_by = report.match.home if concession.side == "home" else report.match.away
    report.conceded_half = concession.half if concession else None
    report.conceded_turn = concession.turn if concession else None
    report.conceded_forced = bool(concession and concession.forced)
    blitz = sides.ruleset.system == "blitz-bowl"
    report.home_points = entry.home.score if blitz else None
    report.away_points = entry.away.score if blitz else None
    report.points = (
        {
            side: {
                "challenge_points": entry.of(side).challenge_points,
                "challenge_cards": [list(card) for card in entry.of(side).challenge_cards],
                "clean_sweeps": entry.of(side).clean_sweeps,
                "bonus_points": entry.of(side).bonus_points,
            }
            for side in SIDES
        }
        if blitz
        else {}
    )
    report.win_type = entry.win_type if blitz else ""
    report.regional_roll = entry.regional_roll if blitz else None
    report.endgame_active = entry.endgame_active if blitz else False
    report.veterans_rules = list(entry.veterans_rules)
    report.raised = raised_stored(entry)


def _lines(match: Match, sides: Sides, entry: ReportEntry, checked: Checked) -> list:
    lines: dict[tuple[str, int], Performance] = {}
    for side in SIDES:
        team = match.home if side == "home" else match.away
        wanted = [(line.number, dict(line.actions)) for line in entry.of(side).players]
        wanted += [(number, None) for number in checked.mvps.get(side, ())]
        for number, actions in wanted:
            key = (side, number)
            if key not in lines:
                member = sides.facts.of(side).member(number)
                player = sides.players.get(key)
                lines[key] = Performance(
                    match=match,
                    team=team,
                    player=player,
                    number=number,
                    name=member.name if member else "",
                    actions={},
                )
            if actions is None:
                lines[key].mvps += 1
            else:
                lines[key].actions = {a: n for a, n in actions.items() if n}
    return [line for line in lines.values() if line.actions or line.mvps]


def _entered_dice(match: Match, needs: Iterable[DieNeed], actor) -> None:
    entered = {need.purpose: need for need in needs if need.source == "entered"}
    stale = [
        roll.pk
        for roll in match.dice.filter(source="entered")
        if is_report_purpose(roll.purpose) and roll.purpose not in entered
    ]
    DiceRoll.objects.filter(pk__in=stale).delete()
    kept = {
        roll.purpose: roll
        for roll in match.dice.filter(purpose__in=list(entered), source="entered")
    }
    for purpose, need in entered.items():
        roll = kept.get(purpose) or DiceRoll(match=match, purpose=purpose)
        notation = dice.notation(need.notation)
        roll.notation, roll.values = str(notation), list(need.values)
        roll.total, roll.source, roll.seed, roll.made_by = (
            notation.total(need.values),
            "entered",
            "",
            actor,
        )
        roll.save()


def entry_of(match: Match, sides: Sides) -> ReportEntry:
    """The stored report as an entry again: to check it, to fill its form, to show it."""
    report = match.report
    entered = {
        roll.purpose: tuple(roll.values) for roll in match.dice.all() if roll.source == "entered"
    }
    lines = {side: [] for side in SIDES}
    chosen = {side: [] for side in SIDES}
    for line in match.performances.all():
        side = match.side_of(line.team_id)
        if line.actions:
            lines[side].append(Line(line.number, dict(line.actions)))
        chosen[side] += [line.number] * line.mvps
    if setting(sides.ruleset, "mvp_selection") == "random":
        drawn = {roll.purpose: tuple(roll.values) for roll in match.dice.all()}
        chosen = {side: _drawn(sides, side, drawn) for side in SIDES}
    if report.forfeit:
        chosen = {side: [] for side in SIDES}
    system = sides.ruleset.system
    stored = list(match.casualties.all())
    victims = [Ref(match.side_of(c.victim.team_id), c.victim.number) for c in stored]
    casualties = []
    for casualty, victim, purposes in zip(
        stored, victims, casualty_purposes(system, victims), strict=True
    ):
        causer = None
        if casualty.causer_id:
            causer = Ref(match.side_of(casualty.causer.team_id), casualty.causer.number)
        found = {kind: entered[p] for kind, p in purposes.items() if p in entered}
        casualties.append(
            CasualtyEntry(
                victim,
                causer,
                casualty.action,
                casualty.means,
                casualty.modifier,
                casualty.helper,
                casualty.kept,
                found,
            )
        )
    points = report.points or {}
    return ReportEntry(
        home_touchdowns=report.home_touchdowns,
        away_touchdowns=report.away_touchdowns,
        home=_side_entry(report, "home", lines, chosen, points),
        away=_side_entry(report, "away", lines, chosen, points),
        casualties=tuple(casualties),
        concession=Concession(
            match.side_of(report.conceded_by_id),
            report.conceded_half or 1,
            report.conceded_turn,
            report.conceded_forced,
        )
        if report.conceded_by_id
        else None,
        win_type=report.win_type,
        regional_roll=report.regional_roll,
        endgame_active=report.endgame_active,
        veterans_rules=tuple(report.veterans_rules or ()),
    )


def _drawn(sides: Sides, side: str, rolls) -> list[int]:
    """The MVPs drawn, at the table or by the server, in draw order, from their "1 of N"
    dice."""
    candidates = mvp_candidates(sides.ruleset, sides.facts.of(side))
    drawn, nth = [], 1
    while (values := rolls.get(mvp_purpose(side, nth))) is not None:
        if 1 <= values[0] <= len(candidates):
            drawn.append(candidates[values[0] - 1])
        nth += 1
    return drawn


def _side_entry(report, side, lines, chosen, points) -> SideEntry:
    mine = points.get(side, {})
    return SideEntry(
        players=tuple(lines[side]),
        mvps=tuple(chosen[side]),
        raised=raised_read(report.raised, side),
        challenge_points=mine.get("challenge_points", 0),
        challenge_cards=tuple(tuple(card) for card in mine.get("challenge_cards", ())),
        clean_sweeps=mine.get("clean_sweeps", 0),
        bonus_points=mine.get("bonus_points", 0),
        score=getattr(report, f"{side}_points"),
    )
