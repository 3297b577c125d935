"""Checking a match report against its ruleset and the match's facts, before anything is
stored. Two kinds of finding: a **problem** (a player who is not on that team, a die outside
its notation, a score that does not add up) refuses the report outright; an **unfinished**
item (a die nobody rolled yet, an MVP not yet chosen) may stay in a draft but stops the
report from being submitted. Every message names the team, the player or the casualty.

The dice each casualty needs follow the ruleset: LRB6 rolls a D68 (two for Decay), an
apothecary's second D68, a Regeneration D6 and Igor's; GDBBL exactly the dice its one
reading of a casualty reads (rules.engine.gdbbl_injuries): an injury 2D6 with its modifier
(dead only on an unmodified 12), the apothecary's roll as `apothecary_action` says,
Regeneration, the serious-injury 2D6 and the ability lost; a fanatic's own ball and chain
a D6."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.casualty_checks import CasualtyChecks, RaisedChecks
from rules.engine.errors import Problem
from rules.engine.gdbbl_casualty_checks import GdbblCasualtyChecks
from rules.engine.report_entry import (
    HALVES,
    SIDES,
    DieNeed,
    MatchFacts,
    Member,
    Ref,
    ReportEntry,
    SideFacts,
    mvp_purpose,
)
from rules.engine.report_results import blitz_bowl_problems, first_edition_problems
from rules.engine.ruleset import Ruleset

MAX_COUNT = 99  # a sanity bound on one player's count of an action
# The one reason a player still on the roster sits a match out (matches.report.content.ABSENT).
ON_ROSTER_ABSENT = "misses this match"
LEAGUE_SYSTEMS = ("lrb6", "gdbbl")
# Settings a ruleset version made before they existed reads with these defaults.
DEFAULTS: Mapping[str, Any] = {
    "max_touchdowns_per_team": 24,
    "mvp_per_team": 1,
    "mvp_selection": "random",
    "mvp_eligibility": "took_part",
    "turns_per_half": 8,
}


def setting(ruleset: Ruleset, key: str) -> Any:
    return ruleset.settings.get(key, DEFAULTS.get(key))


def counted_actions(ruleset: Ruleset) -> tuple[str, ...]:
    """The SPP table's actions a coach counts per player; casualties and MVPs are derived
    from their own records. None when a house copy removed the table."""
    try:
        rows = ruleset.table("spp_awards").rows
    except LookupError:
        return ()
    named = (str(row.values.get("action", "")) for row in rows)
    return tuple(action for action in named if action and action not in ("casualty", "mvp"))


def mvp_candidates(ruleset: Ruleset, side: SideFacts) -> tuple[int, ...]:
    """Who may be MVP, by number: a draw's "1 of N" counts them in this order. LRB6 leaves
    star players out (they keep no SPP); GDBBL as its star and freebooter settings say."""
    whole = setting(ruleset, "mvp_eligibility") == "whole_roster"
    settings = ruleset.settings
    chosen = []
    for member in side.members:
        if member.kind == "freebooter" and not settings.get("freebooters_can_be_mvp"):
            continue
        if member.star and not settings.get("star_players_can_be_mvp"):
            continue
        # Still on the roster: not dead, retired or gone, only kept out of this match.
        on_roster = member.kind == "roster" and member.absent in ("", ON_ROSTER_ABSENT)
        if member.took_part or (whole and on_roster):
            chosen.append(member.number)
    return tuple(sorted(set(chosen)))


@dataclass
class Checked:
    problems: list[Problem] = field(default_factory=list)
    unfinished: list[Problem] = field(default_factory=list)
    dice: list[DieNeed] = field(default_factory=list)  # every die the report uses
    mvps: dict[str, tuple[int, ...]] = field(default_factory=dict)  # numbers, per side


def report_check(
    ruleset: Ruleset,
    facts: MatchFacts,
    entry: ReportEntry,
    rolled: Mapping[str, DieNeed] | None = None,
) -> Checked:
    """Everything wrong or missing in `entry`. `rolled` holds the dice the server already
    rolled for this match, by purpose: they stand, and an entered die cannot replace one."""
    check = _Check(ruleset, facts, entry, dict(rolled or {}))
    check.run()
    return check.found


class _Check(CasualtyChecks, GdbblCasualtyChecks, RaisedChecks):
    def __init__(self, ruleset: Ruleset, facts: MatchFacts, entry: ReportEntry, rolled) -> None:
        self.ruleset, self.facts, self.entry, self.rolled = ruleset, facts, entry, rolled
        self.system = ruleset.system
        self.found = Checked()
        # GDBBL: what each victim's last casualty left (only the regenerated are hurt again)
        self.stood: dict[Ref, str] = {}

    def wrong(self, field: str, message: str) -> None:
        self.found.problems.append(Problem(field, message))

    def missing(self, field: str, message: str) -> None:
        self.found.unfinished.append(Problem(field, message))

    def team(self, side: str) -> str:
        return self.facts.of(side).team

    def run(self) -> None:
        self.score()
        if self.system in LEAGUE_SYSTEMS:
            self.lines()
            self.mvps()
            self.casualties()
            self.concession()
            self.raised()
        else:
            self.nothing_league()
            results = blitz_bowl_problems if self.system == "blitz-bowl" else None
            results = results or first_edition_problems
            self.found.problems += results(self.ruleset, self.facts, self.entry)
            if self.system == "first-edition":
                self.deaths()
            self.raised()

    # --- the score -------------------------------------------------------------------
    def score(self) -> None:
        most = int(setting(self.ruleset, "max_touchdowns_per_team"))
        for side in SIDES:
            value = self.entry.touchdowns(side)
            if not 0 <= value <= most:
                self.wrong(
                    f"{side}_touchdowns",
                    f"{self.team(side)}'s touchdowns are 0 to {most}, not {value}.",
                )

    # --- who did what ------------------------------------------------------------------
    def member(self, side: str, number: int, field: str, what: str) -> Member | None:
        """The player `number` of `side` who took part, or a problem saying why not."""
        member = self.facts.of(side).member(number)
        if member is None:
            self.wrong(field, f"{what}: {self.team(side)} has no player #{number}.")
            return None
        if not member.took_part:
            self.wrong(field, f"{what}: {member} {member.absent}, so he did not take part.")
            return None
        return member

    def lines(self) -> None:
        actions = self.spp_actions()
        for side in SIDES:
            team, seen, scored = self.team(side), set(), 0
            for line in self.entry.of(side).players:
                field = f"{side}.players"
                if line.number in seen:
                    self.wrong(field, f"{team}'s #{line.number} is listed twice.")
                    continue
                seen.add(line.number)
                if self.member(side, line.number, field, f"{team}'s line") is None:
                    continue
                for action, count in line.actions.items():
                    if action not in actions:
                        names = ", ".join(actions)
                        self.wrong(field, f"The SPP table counts {names}; not {action!r}.")
                    elif not 0 <= count <= MAX_COUNT:
                        self.wrong(
                            field,
                            f"{team}'s #{line.number}: {action} counts are 0 to {MAX_COUNT}, "
                            f"not {count}.",
                        )
                scored += max(0, line.actions.get("touchdown", 0))
            if 0 <= self.entry.touchdowns(side) < scored:
                self.wrong(
                    f"{side}.players",
                    f"{team}'s players scored {scored} touchdowns, more than the team's "
                    f"{self.entry.touchdowns(side)}.",
                )

    def spp_actions(self) -> tuple[str, ...]:
        return counted_actions(self.ruleset)

    # --- MVP ---------------------------------------------------------------------------
    def mvps_due(self, side: str) -> int:
        if self.system == "gdbbl":
            return 1 + self.facts.of(side).bonus_mvps
        due = int(setting(self.ruleset, "mvp_per_team"))
        concession = self.entry.concession
        if concession is None or concession.side not in SIDES:
            return due
        rule = self.ruleset.settings.get("concession_spp", "normal")
        if side == concession.side and rule in ("winner_gets_both_mvps", "conceder_no_mvp"):
            return 0
        return due * 2 if rule == "winner_gets_both_mvps" else due

    def mvps(self) -> None:
        random = setting(self.ruleset, "mvp_selection") == "random"
        for side in SIDES:
            team, given = self.team(side), self.entry.of(side).mvps
            candidates = mvp_candidates(self.ruleset, self.facts.of(side))
            due = min(self.mvps_due(side), len(candidates) if random else self.mvps_due(side))
            field = f"{side}.mvps"
            if len(given) > due:
                awards = "no MVP" if due == 0 else f"{due} MVP{'s' if due > 1 else ''}"
                self.wrong(field, f"{team} awards {awards} in this match, not {len(given)}.")
                continue
            for number in given:
                if number not in candidates:
                    self.wrong(field, f"{team}'s #{number} cannot be MVP: {self.why_not(side)}.")
            if any(p.field == field for p in self.found.problems):
                continue
            drawn = due if random else 0
            if self.system == "gdbbl" and not self.ruleset.settings.get("bonus_mvps_random", True):
                drawn = min(drawn, 1)  # the handicap's bonus MVPs are the coach's choice
            picked = self.draws(side, given, candidates, drawn) + list(given[drawn:])
            if len(given) < due and drawn < due:
                self.missing(field, f"Choose {team}'s MVP.")
            self.found.mvps[side] = tuple(picked)

    def why_not(self, side: str) -> str:
        if setting(self.ruleset, "mvp_eligibility") == "whole_roster":
            return "he is not on the roster, or the rules leave him out of the draw"
        return "only players who took part are drawn"

    def draws(self, side: str, given, candidates: tuple[int, ...], due: int) -> list[int]:
        """Each MVP drawn is a die: "1 of N" over the candidates. A draw at the table is the
        player entered; the server's draw, once made, stands."""
        picked = []
        notation = f"1 of {len(candidates)}"
        for nth in range(1, due + 1):
            purpose, field = mvp_purpose(side, nth), f"{side}.mvps"
            server = self.rolled.get(purpose)
            if server is not None and (server.notation != notation or not server.values):
                self.wrong(
                    field,
                    f"The server drew {self.team(side)}'s MVP {server.notation}; "
                    f"the candidates are now {len(candidates)}: ask who settles the "
                    "match to sort it out.",
                )
                picked.append(0)
            elif server is not None:
                number = candidates[server.values[0] - 1]
                if len(given) >= nth and given[nth - 1] != number:
                    self.wrong(field, f"The server drew #{number} as {self.team(side)}'s MVP.")
                picked.append(number)
                self.found.dice.append(server)
            elif len(given) >= nth and "entered" not in self.facts.sources:
                self.wrong(
                    field, f"{self.team(side)}'s MVP is drawn by the server here, not entered."
                )
            elif len(given) >= nth:
                value = (candidates.index(given[nth - 1]) + 1,)
                self.found.dice.append(DieNeed(purpose, notation, field, value, "entered"))
                picked.append(given[nth - 1])
            else:
                self.found.dice.append(DieNeed(purpose, notation, field))
                self.missing(field, f"Draw {self.team(side)}'s MVP (1 of {len(candidates)}).")
        return picked

    # --- concession and the rest ----------------------------------------------------------
    def concession(self) -> None:
        concession = self.entry.concession
        if concession is None:
            return
        turns = int(setting(self.ruleset, "turns_per_half"))
        if concession.side not in SIDES:
            self.wrong("concession", "The conceding team is home or away.")
        overtime = self.system != "gdbbl" and self.ruleset.settings.get("overtime") != "never"
        if concession.half not in HALVES:
            self.wrong("concession", "A team concedes in the first half, the second or overtime.")
        elif concession.half == 3 and not overtime:  # 001 has no overtime
            self.wrong(
                "concession",
                "A team concedes in the first half or the second: this league plays no overtime.",
            )
        if concession.turn is not None and not 1 <= concession.turn <= turns:
            self.wrong(
                "concession", f"A team concedes in its turn 1 to {turns}, not {concession.turn}."
            )

    def nothing_league(self) -> None:
        """Results-only rulesets record no SPP, MVP or concession."""
        name = "Blitz Bowl" if self.system == "blitz-bowl" else "1st edition"
        for side in SIDES:
            if self.entry.of(side).players or self.entry.of(side).mvps:
                self.wrong(f"{side}.players", f"{name} reports have no player lines or MVPs.")
        if self.entry.concession is not None:
            self.wrong("concession", f"{name} reports record no concession.")
        if self.system == "blitz-bowl" and self.entry.casualties:
            self.wrong("casualties", "Blitz Bowl has no casualties to record.")

    def deaths(self) -> None:
        """1st edition: the dead, when the league strikes them off; nothing else carries."""
        seen = set()
        for index, casualty in enumerate(self.entry.casualties, start=1):
            field, what = f"casualties.{index}", f"Death {index}"
            victim = self.person(casualty, field, what)
            if victim is None:
                continue
            key = (casualty.victim.side, casualty.victim.number)
            if key in seen:
                self.wrong(field, f"{what}: {victim} dies only once.")
            seen.add(key)
            if casualty.dice or casualty.helper or casualty.kept:
                self.wrong(field, f"{what}: 1st edition records the death only, no dice.")
