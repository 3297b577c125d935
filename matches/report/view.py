"""A stored report as its readers see it, on the match page and in the API: each team's
lines and MVPs, each casualty with its dice read from the ruleset's tables, the concession,
and what is still missing before it can be submitted; and the report back as entered, for
the match page."""

from __future__ import annotations

from dataclasses import dataclass, field

from matches.models import Match, Report
from matches.report.body import body_of
from matches.report.content import Sides, entry_of, match_sides, rolled_dice
from rules.engine.casualty_outcome import casualty_outcome
from rules.engine.errors import Problem
from rules.engine.report_checks import counted_actions, report_check
from rules.engine.report_entry import (
    HALVES,
    HELPER_NAMES,
    MEANS_NAMES,
    SIDES,
    ReportEntry,
    casualty_purposes,
)
from rules.snapshot import ruleset_snapshot

# Blitz Bowl's win types, in words.
WIN_NAMES = {"points": "on points", "sudden_death": "by Sudden Death", "draw": "a draw"}


@dataclass(frozen=True)
class LineView:
    side: str
    number: int
    name: str
    actions: dict[str, int]
    mvps: int


@dataclass(frozen=True)
class CasualtyView:
    order: int
    side: str  # the victim's
    victim: str
    causer: str  # "nobody" when nobody caused it
    action: str
    means: str
    helper: str
    kept: str
    result: str
    rolls: tuple[str, ...]
    dice: tuple[dict, ...]  # purpose, notation, values, source


@dataclass(frozen=True)
class ReportView:
    entry: ReportEntry
    body: dict
    lines: tuple[LineView, ...]
    casualties: tuple[CasualtyView, ...]
    concession: str
    unfinished: tuple[Problem, ...] = field(default_factory=tuple)
    spp_actions: tuple[str, ...] = ()
    sides: Sides | None = None  # the teams as the checks saw them, for the form to reuse


def report_view(match: Match, report: Report) -> ReportView:
    match.report = report
    sides = match_sides(match)
    entry = entry_of(match, sides)
    rolled = rolled_dice(match)
    checked = report_check(sides.ruleset, sides.facts, entry, rolled)
    stored = {roll.purpose: roll for roll in match.dice.all()}
    return ReportView(
        entry=entry,
        body=body_of(entry, report.played_on, report.notes),
        lines=_lines(match),
        casualties=tuple(_casualties(sides, entry, stored)),
        concession=_concession(match, report),
        unfinished=() if report.forfeit else tuple(checked.problems + checked.unfinished),
        spp_actions=counted_actions(sides.ruleset),
        sides=sides,
    )


def _lines(match: Match) -> tuple[LineView, ...]:
    return tuple(
        LineView(match.side_of(line.team_id), line.number, line.name, dict(line.actions), line.mvps)
        for line in match.performances.all()
    )


def _name(sides: Sides, side: str, number: int) -> str:
    member = sides.facts.of(side).member(number)
    name = f" {member.name}" if member else ""
    return f"#{number}{name} ({sides.facts.of(side).team})"


def _casualties(sides: Sides, entry: ReportEntry, stored: dict):
    victims = [casualty.victim for casualty in entry.casualties]
    purposes = casualty_purposes(sides.ruleset.system, victims)
    for order, (casualty, kinds) in enumerate(zip(entry.casualties, purposes, strict=True), 1):
        rolls, values = [], {}
        for kind, purpose in kinds.items():
            roll = stored.get(purpose)
            if roll is not None:
                values[kind] = tuple(roll.values)
                rolls.append(
                    {
                        "purpose": roll.purpose,
                        "notation": roll.notation,
                        "values": list(roll.values),
                        "source": roll.source,
                    }
                )
        victim = sides.facts.of(casualty.victim.side).member(casualty.victim.number)
        outcome = casualty_outcome(sides.ruleset, casualty, values, victim)
        causer = casualty.causer
        yield CasualtyView(
            order=order,
            side=casualty.victim.side,
            victim=_name(sides, casualty.victim.side, casualty.victim.number),
            causer=_name(sides, causer.side, causer.number) if causer else "nobody",
            action=casualty.action,
            means=MEANS_NAMES.get(casualty.means, casualty.means),
            helper=HELPER_NAMES.get(casualty.helper, ""),
            kept=casualty.kept,
            result=outcome.result,
            rolls=outcome.rolls,
            dice=tuple(rolls),
        )


def _concession(match: Match, report: Report) -> str:
    if not report.conceded_by_id:
        return ""
    team = match.home if report.conceded_by_id == match.home_id else match.away
    when = HALVES.get(report.conceded_half or 0, "")
    turn = f", turn {report.conceded_turn}" if report.conceded_turn else ""
    forced = " (forced: fewer than three could play)" if report.conceded_forced else ""
    return f"{team.name} conceded in the {when}{turn}{forced}."


def _rows(ruleset, key: str) -> list:
    table = ruleset.tables.get(key)
    return list(table.rows) if table else []


def report_shown(match: Match, view: ReportView) -> dict:
    """The report back as entered: each team's lines (its SPP table's actions, in order),
    Blitz Bowl's points and win, the Veterans Rules agreed."""
    ruleset = ruleset_snapshot(match.ruleset_version)
    teams, body = {"home": match.home.name, "away": match.away.name}, view.body
    lines = {side: [] for side in SIDES}
    for line in view.lines:
        did = [(a, line.actions[a]) for a in view.spp_actions if line.actions.get(a)]
        lines[line.side].append((line, did))
    roll = body.get("regional_roll")
    regions = {row.low: row.values["result"] for row in _rows(ruleset, "regional_league")}
    agreed = set(body.get("veterans_rules") or ())
    return {
        "system": ruleset.system,
        "sides": [
            (side, teams[side], lines[side], body[side], body[f"{side}_touchdowns"])
            for side in SIDES
        ],
        "win_type": WIN_NAMES.get(body.get("win_type"), ""),
        "regional": f"{roll}: {regions.get(roll, '')}" if roll else "",
        "veterans": [
            row.values["name"]
            for row in _rows(ruleset, "veterans_rules")
            if row.values["key"] in agreed
        ],
    }
