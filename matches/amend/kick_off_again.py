"""A later match's kick-off worked out again from its teams as they then stood, when a revert
(or a correction) of an earlier report changed them: every figure the match recorded from the
teams — each team's value at kick-off and petty cash (LRB6), value, rating and handicap
(GDBBL), fans and FAME, the gate — as those teams would have had them, from the match's own
dice. What the coaches chose and what the dice said stands: journeymen, freebooters,
inducements, niggling injuries. A figure never recorded stays unrecorded.

A GDBBL gate rolls a D6 per point of both Fan Factors: where those would now be other than
the dice rolled for, the gate cannot be worked out again from them, and that is said."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from matches.kick_off.gdbbl import cards_purpose, ratings_at_kick_off
from matches.kick_off.lrb6 import values_at_kick_off
from matches.kick_off.shared import ABLE
from matches.match_rows import MatchRows
from matches.models import Match
from matches.report.content import participants_of
from matches.services import MatchRefused
from rules.engine import gdbbl
from rules.engine import kick_off as rules
from rules.engine.errors import Problem
from rules.engine.post_game.lrb6 import gate_purpose
from rules.engine.report_entry import SIDES
from rules.engine.ruleset import Ruleset
from teams.roster import GONE

HIRES_COUNTED = {"lrb6": "journeyman", "gdbbl": "freebooter"}
FIELDS = ("value", "petty_cash", "from_treasury", "rating", "bonus_cards", "bonus_mvps", "cards",
          "fans", "fame")  # fmt: skip


@dataclass
class KickOffAgain:
    """Each side's recorded figures as they would now be, and the gate; and as recorded."""

    figures: dict[str, dict[str, int | None]]
    gate: int | None
    recorded: dict[str, dict[str, int | None]] = field(default_factory=dict)
    gate_recorded: int | None = None

    @property
    def changed(self) -> bool:
        return self.recorded != self.figures or self.gate_recorded != self.gate

    def put(self, match: Match) -> None:
        """Onto the match's rows as read (not saved): the post-game sequence reads them."""
        for row in match.kick_offs.all():
            for name, value in self.figures[row.side].items():
                setattr(row, name, value)
        match.gate = self.gate


def kick_off_recorded(match: Match) -> KickOffAgain:
    """The match's kick-off figures as recorded, unchanged."""
    kick = {row.side: row for row in match.kick_offs.all()}

    def figures() -> dict[str, dict[str, int | None]]:
        return {side: {name: getattr(row, name) for name in FIELDS} for side, row in kick.items()}

    return KickOffAgain(figures(), match.gate, figures(), match.gate)


def kick_off_again(match: Match, rows: MatchRows, ruleset: Ruleset) -> KickOffAgain:
    """The match's kick-off figures from `rows` (both teams as they then stood), its hires'
    values and its dice; MatchRefused where its gate's dice no longer fit, or where a team
    took more journeymen than it then could."""
    kick = {row.side: row for row in match.kick_offs.all()}
    again = kick_off_recorded(match)
    if len(kick) != 2:
        return again  # a match that never reached kick-off: nothing recorded
    teams = {"home": rows.team(match.home_id), "away": rows.team(match.away_id)}
    players = {side: [p for p in rows.players if p.team_id == team.pk]
               for side, team in teams.items()}  # fmt: skip
    hired = Counter()  # the one-game hires the value at kick-off counts: LRB6's journeymen
    kind = HIRES_COUNTED.get(ruleset.system)
    for participant in participants_of(match):
        if participant.kind == kind:
            hired[match.side_of(participant.team_id)] += participant.value or 0
    if ruleset.system == "lrb6":
        _lrb6(match, ruleset, again, teams, players, hired)
    elif ruleset.system == "gdbbl":
        _gdbbl(match, ruleset, again, teams, players, hired)
    return again


def _lrb6(match, ruleset, again, teams, players, hired) -> None:
    figures = again.figures
    _journeymen_check(match, ruleset, teams, players)
    if all(figures[side]["value"] is not None for side in SIDES):
        for side, (value, petty) in values_at_kick_off(ruleset, teams, players, hired).items():
            figures[side].update(value=value, petty_cash=petty)
            bill = match_bill(match, side)
            if bill:  # the same inducements, paid from the new petty cash
                figures[side]["from_treasury"] = max(0, bill - petty)
    if all(figures[side]["fans"] is not None for side in SIDES):
        dice = {roll.purpose: roll.total for roll in match.dice.all()}
        totals = [dice.get(gate_purpose(side)) for side in SIDES]
        if None in totals:
            return  # recorded without dice (an old match): the gate stands
        gate = rules.gate(ruleset, totals[0], teams["home"].fan_factor, totals[1],
                          teams["away"].fan_factor)  # fmt: skip
        figures["home"].update(fans=gate.home_fans, fame=gate.home_fame)
        figures["away"].update(fans=gate.away_fans, fame=gate.away_fame)
        again.gate = gate.gate


def _journeymen_check(match, ruleset, teams, players) -> None:
    """A team takes journeymen only up to eleven players able to play: one that would now
    have had more able players than it did may have taken too many."""
    kick = {row.side: row for row in match.kick_offs.all()}
    taken = Counter(match.side_of(p.team_id) for p in participants_of(match)
                    if p.kind == "journeyman")  # fmt: skip
    problems = []
    for side in SIDES:
        out = kick[side].niggled_out or ()
        able = sum(1 for p in players[side] if p.status in ABLE and p.number not in out)
        most = rules.journeymen_wanted(ruleset, able)
        if taken[side] > most:
            problems.append(Problem("journeymen", (
                f"{teams[side].name} took {taken[side]} journeymen for {match}; with {able} "
                f"players able to play it would have taken at most {most}."
            )))  # fmt: skip
    if problems:
        raise MatchRefused(problems)


def match_bill(match: Match, side: str) -> int:
    """What the side's inducements cost, all told (0: none)."""
    row = next((row for row in match.kick_offs.all() if row.side == side), None)
    return sum(int(line["each"]) * int(line["count"]) for line in (row.bill if row else []))


def _gdbbl(match, ruleset, again, teams, players, hired) -> None:
    figures = again.figures
    if all(figures[side]["rating"] is not None for side in SIDES):
        rosters = {side: [p for p in players[side] if p.status not in GONE] for side in SIDES}
        dice = {roll.purpose: roll.total for roll in match.dice.all()}
        for side, (value, rating, handicap) in ratings_at_kick_off(ruleset, teams, rosters,
                                                                   hired).items():  # fmt: skip
            figures[side].update(value=value, rating=rating, bonus_cards=handicap.cards,
                                 bonus_mvps=handicap.mvps)  # fmt: skip
            drawn = dice.get(cards_purpose(side))
            if figures[side]["cards"] is not None and drawn is not None:  # the same die
                figures[side]["cards"] = gdbbl.special_play_cards(ruleset, drawn, handicap.cards)
    if match.gate is not None:
        roll = next((roll for roll in match.dice.all() if roll.purpose == "gate"), None)
        if roll is None:
            return  # recorded without dice: the gate stands
        fan_factors = (teams["home"].fan_factor, teams["away"].fan_factor)
        if sum(fan_factors) != len(roll.values):
            raise MatchRefused([Problem("gate", (
                f"The gate of {match} rolled {len(roll.values)}D6 for both teams' Fan "
                f"Factors; they would now be {sum(fan_factors)}: its dice no longer fit."
            ))])  # fmt: skip
        again.gate = gdbbl.gate(ruleset, roll.values, fan_factors)
