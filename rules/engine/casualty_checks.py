"""The casualty records of a report, checked: the victim and the cause (action, means, who),
the helpers (apothecary, Wandering Apothecary, Igor: once each per match, only for teams
that have them), and the dice each ruleset needs for each casualty.

LRB6 rolls a D68 (a second for Decay), an apothecary's second D68 whose owner keeps either
result, a Regeneration D6 (4+ heals) and Igor's re-roll of a failed one. GDBBL's dice are
rules.engine.gdbbl_casualty_checks' (the injury 2D6 and what follows it, as
rules.engine.gdbbl_injuries reads them), mixed into the same check.

Teams may take on opponents they killed (`raised`): in LRB6 a team with a Necromancer one
Zombie a match, a Nurgle team Rotters; in GDBBL an Undead team's Necromancer one Zombie of
roughly human size. Each was killed in this match (not regenerated) and is one the rules let
rise. His ST 4 or less (LRB6) and the open roster place are the post-game sequence's to
check: the report does not know them."""

from __future__ import annotations

from dataclasses import replace

from rules.engine import dice
from rules.engine.casualties import APOTHECARIES, CANNOT_RISE, ROT, standing_results
from rules.engine.errors import RulesError
from rules.engine.report_entry import (
    ACTIONS,
    AGAINST_OPPONENT,
    CASUALTY_DICE,
    HELPER_NAMES,
    HELPERS,
    KEPT,
    MAY_HIT_OWN_TEAM,
    MEANS,
    PICKERS,
    REGENERATES_ON,
    SIDES,
    CasualtyEntry,
    DieNeed,
    Member,
    casualty_purpose,
    never_rolled,
    other,
)

MAX_MODIFIER = 10  # a sanity bound on an injury roll's modifier, either way
# A fanatic's weapon: GDBBL's secret weapon (a star's `special`) and LRB6's skill. Only he is
# hurt by his own ball and chain (means "own_weapon").
BALL_AND_CHAIN = "Ball & Chain"
OWN_WEAPON = "own_weapon"
# The systems whose teams raise the dead they killed.
RAISING = ("lrb6", "gdbbl")
# SideFacts.helpers' keys for the teams that raise the dead (the race's flags): how many a
# Necromancer raises per match, and 1 where the team takes on Rotters.
NECROMANCER, ROTTERS = "necromancer", "raises_rotters"
# GDBBL's readings of a casualty that a later one of the same player depends on (the values
# of rules.engine.gdbbl_injuries, which imports this module).
REGENERATED, NOT_ROLLED = "regenerated", "not rolled yet"


class CasualtyChecks:
    """Mixed into the report check, whose `wrong`, `missing`, `member`, `team`, `found`,
    `rolled`, `ruleset`, `system` and `entry` it uses, and GDBBL's dice from
    rules.engine.gdbbl_casualty_checks (`gdbbl_dice`, `gdbbl_killed`)."""

    # --- casualties --------------------------------------------------------------------
    def casualties(self) -> None:
        used: dict[tuple[str, str], int] = {}
        times: dict[tuple[str, int], int] = {}
        for index, casualty in enumerate(self.entry.casualties, start=1):
            field, what = f"casualties.{index}", f"Casualty {index}"
            victim = self.person(casualty, field, what)
            if victim is None:
                continue
            key = (casualty.victim.side, casualty.victim.number)
            times[key] = nth = times.get(key, 0) + 1
            if nth > 1 and "Regeneration" not in victim.skills:
                self.wrong(field, f"{what}: {victim} was already a casualty of this match.")
                continue
            earlier = self.stood.get(casualty.victim, REGENERATED)
            if nth > 1 and self.system == "gdbbl" and earlier not in (REGENERATED, NOT_ROLLED):
                self.wrong(
                    field,
                    f"{what}: {victim} was already a casualty of this match and did not "
                    "regenerate: only a player back in the reserves is hurt again.",
                )
                continue
            if casualty.helper:
                helper_key = (casualty.victim.side, casualty.helper)
                used[helper_key] = used.get(helper_key, 0) + 1
                if not self.helper(casualty, used[helper_key], field, what):
                    # Refused once is enough: its dice and kept result are not asked for.
                    dice = {
                        k: v for k, v in casualty.dice.items() if k not in ("apothecary", "igor")
                    }
                    casualty = replace(casualty, helper="", kept="", dice=dice)
            if self.system == "lrb6":
                self.lrb6_dice(casualty, victim, nth, field, what)
            else:
                self.gdbbl_dice(casualty, victim, nth, field, what)

    def person(self, casualty: CasualtyEntry, field: str, what: str) -> Member | None:
        """The victim, after checking the casualty's cause: the action, the means and who."""
        victim_ref, causer_ref = casualty.victim, casualty.causer
        if casualty.action not in ACTIONS:
            self.wrong(field, f"{what}: the action is one of {', '.join(ACTIONS)}.")
        if casualty.means not in MEANS:
            self.wrong(field, f"{what}: the means is one of {', '.join(MEANS)}.")
        if victim_ref.side not in SIDES or (causer_ref and causer_ref.side not in SIDES):
            self.wrong(field, f"{what}: a side is home or away.")
            return None
        victim = self.member(victim_ref.side, victim_ref.number, field, f"{what}'s victim")
        causer = None
        if causer_ref is not None:
            causer = self.member(causer_ref.side, causer_ref.number, field, f"{what}'s cause")
        if victim is None:
            return None
        fanatic = victim.special == BALL_AND_CHAIN or BALL_AND_CHAIN in victim.skills
        if casualty.means == OWN_WEAPON and not fanatic:
            self.wrong(
                field,
                f"{what}: {victim} carries no ball and chain: only a fanatic is hurt by his "
                "own ball and chain.",
            )
        if casualty.means == "failed_dodge":
            # His own doing, whatever he was doing (a blitzer may fail his dodge).
            if causer_ref is not None:
                self.wrong(field, f"{what}: a failed dodge or go-for-it is {victim}'s own doing.")
        elif casualty.means == OWN_WEAPON:
            if causer_ref is not None and fanatic:
                self.wrong(
                    field, f"{what}: {victim} was hurt by his own ball and chain: nobody caused it."
                )
        elif casualty.action in AGAINST_OPPONENT and causer_ref is None:
            self.wrong(field, f"{what}: say who made the {casualty.action}.")
        elif (
            causer is not None
            and causer_ref.side == victim_ref.side
            and casualty.means not in MAY_HIT_OWN_TEAM
        ):
            self.wrong(
                field,
                f"{what}: {causer} and {victim} both play for {self.team(victim_ref.side)};"
                f" only a bomb or another secret weapon hurts a team-mate. The victim of a "
                f"{casualty.action} is on the other side.",
            )
        return victim

    def helper(self, casualty: CasualtyEntry, nth_use: int, field: str, what: str) -> bool:
        side, helper = casualty.victim.side, casualty.helper
        if helper not in HELPERS:
            self.wrong(field, f"{what}: the helper is one of {', '.join(HELPERS)}.")
            return False
        name, team = HELPER_NAMES[helper], self.team(side)
        if self.system == "gdbbl" and helper != "apothecary":
            self.wrong(field, f"{what}: GDBBL has no {name}.")
            return False
        has = self.facts.of(side).helpers.get(helper, 0)
        if has == 0:
            self.wrong(field, f"{what}: {team} has no {name} in this match.")
            return False
        if nth_use > has:
            plural = f"{name[:-1]}ies" if name.endswith("y") else f"{name}s"
            each = f"{name} works" if has == 1 else f"{plural} ({has}) each work"
            self.wrong(field, f"{what}: {team}'s {each} once per match; it was already used.")
            return False
        return True

    def die(self, casualty: CasualtyEntry, kind: str, nth: int, field: str) -> DieNeed:
        """The die `kind` of a casualty: as entered, or as the server rolled it, or unknown.
        A die the server never rolls (`never_rolled`: GDBBL's injury roll, a coach's pick)
        is entered even where the server rolls the rest."""
        label, notation = CASUALTY_DICE[self.system][kind]
        purpose = casualty_purpose(kind, self.system, casualty.victim, nth)
        server = self.rolled.get(purpose)
        entered = casualty.dice.get(kind)
        picked = never_rolled(self.system, kind, self.ruleset.settings)
        need = server or DieNeed(purpose, notation, field, picked=picked)
        if entered and "entered" not in self.facts.sources and server is None and not picked:
            self.wrong(
                field,
                f"The {label} roll for {casualty.victim}: this match's dice are "
                "rolled by the server, not entered.",
            )
        elif entered:
            try:
                values = dice.checked(dice.notation(notation), list(entered))
            except RulesError as error:
                self.wrong(field, f"The {label} roll for {casualty.victim}: {error}.")
                return DieNeed(purpose, notation, field)
            if server is not None and tuple(server.values or ()) != values:
                self.wrong(
                    field,
                    f"The server already rolled the {label} for "
                    f"{casualty.victim}: {list(server.values or ())} stands.",
                )
            # A server die sent back as it fell stays the server's.
            need = server or DieNeed(purpose, notation, field, values, "entered", picked)
        self.found.dice.append(need)
        if need.values is None and picked and kind == "injury":
            self.missing(
                field,
                f"Enter the {label} roll ({notation}) for {casualty.victim} as it fell at the "
                "table: it is what made him a casualty.",
            )
        elif need.values is None and picked:
            self.missing(
                field,
                f"Say which ability {casualty.victim} loses, 1 MA, 2 ST, 3 AG or 4 AV: "
                f"{PICKERS[self.ruleset.settings['serious_injury_ability']]} picks.",
            )
        elif need.values is None:
            self.missing(field, f"Roll the {label} ({notation}) for {casualty.victim}.")
        return need

    def refuse_extra(self, casualty: CasualtyEntry, allowed: set[str], field: str, what: str):
        for kind in casualty.dice:
            if kind not in allowed:
                label = CASUALTY_DICE[self.system].get(kind, (kind,))[0]
                roll = label if label.endswith("roll") else f"{label} roll"
                self.wrong(field, f"{what}: no {roll} here for {casualty.victim}.")

    def lrb6_dice(self, casualty, victim: Member, nth: int, field: str, what: str) -> None:
        kinds = {"casualty"}
        self.die(casualty, "casualty", nth, field)
        if "Decay" in victim.skills and self.ruleset.settings.get("decay_second_casualty", True):
            kinds.add("decay")
            self.die(casualty, "decay", nth, field)
        if casualty.helper in ("apothecary", "wandering_apothecary"):
            kinds.add("apothecary")
            self.die(casualty, "apothecary", nth, field)
            self.kept(casualty, field, what)
        elif casualty.kept:
            self.wrong(field, f"{what}: a result is kept only when an apothecary re-rolled it.")
        if "Regeneration" in victim.skills:
            kinds.add("regeneration")
            regeneration = self.die(casualty, "regeneration", nth, field)
            if casualty.helper == "igor":
                healed = regeneration.values and regeneration.values[0] >= REGENERATES_ON["lrb6"]
                if healed:
                    self.wrong(field, f"{what}: {victim} regenerated; Igor had nothing to do.")
                kinds.add("igor")
                self.die(casualty, "igor", nth, field)
        elif casualty.helper == "igor":
            self.wrong(field, f"{what}: Igor re-rolls a Regeneration roll; {victim} has none.")
        self.refuse_extra(casualty, kinds, field, what)

    def kept(self, casualty: CasualtyEntry, field: str, what: str) -> None:
        if casualty.kept and casualty.kept not in KEPT:
            self.wrong(field, f"{what}: the kept result is first or second.")
        elif not casualty.kept:
            self.missing(field, f"{what}: say which result {casualty.victim}'s coach kept.")


class RaisedChecks:
    """Mixed into the report check: each team's `raised`, the killed opponents it takes on."""

    def raised(self) -> None:
        for side in SIDES:
            numbers = self.entry.of(side).raised
            if not numbers:
                continue
            field, team = f"{side}.raised", self.team(side)
            helpers = self.facts.of(side).helpers
            zombies, rotters = helpers.get(NECROMANCER, 0), helpers.get(ROTTERS, 0)
            if self.system not in RAISING:
                self.wrong(
                    field, f"{team} raises no one: only LRB6 and GDBBL take on the players killed."
                )
            elif self.system == "gdbbl" and not zombies:
                self.wrong(
                    field,
                    f"{team} cannot raise the dead: only an Undead team's Necromancer raises a "
                    "Zombie.",
                )
            elif not zombies and not rotters:
                self.wrong(
                    field,
                    f"{team} cannot raise the dead: only a team with a Necromancer (Necromantic, "
                    "Undead) raises a Zombie, and only a Nurgle team takes on Rotters.",
                )
            elif zombies and len(numbers) > zombies:
                self.wrong(
                    field,
                    f"A Necromancer raises one Zombie per match: {team} names {len(numbers)}.",
                )
            else:
                for number in sorted(set(numbers)):
                    if numbers.count(number) > 1:
                        self.wrong(field, f"{team} names #{number} twice.")
                    else:
                        self.raised_one(side, number, "Zombie" if zombies else "Rotter")

    def raised_one(self, side: str, number: int, rises_as: str) -> None:
        field, theirs = f"{side}.raised", other(side)
        victim = self.facts.of(theirs).member(number)
        if victim is None or not victim.took_part:
            self.wrong(field, f"{self.team(theirs)} has no player #{number} in this match.")
            return
        named = f"{self.team(theirs)}'s {victim}"
        if self.system == "gdbbl":
            why = self.gdbbl_cannot_rise(victim)
        else:
            skill = next((s for s in CANNOT_RISE[rises_as] if s in victim.skills), "")
            why = f"has {skill}: he cannot rise as a {rises_as}." if skill else ""
        if why:
            self.wrong(field, f"{named} {why}")
            return
        hurt, nth = [], 0
        for casualty in self.entry.casualties:
            if (casualty.victim.side, casualty.victim.number) == (theirs, number):
                nth += 1
                hurt.append((casualty, nth))
        killed = [self.killed(casualty, nth, victim) for casualty, nth in hurt]
        if not hurt or all(dead is False for dead in killed):
            self.wrong(field, f"{named} was not killed in this match.")
            return
        fatal = [casualty for (casualty, _), dead in zip(hurt, killed, strict=True) if dead]
        if rises_as == "Rotter" and fatal and not any(self.rotted(c, side) for c in fatal):
            self.wrong(
                field,
                f"{named} was not killed by a player with {ROT} in a block, blitz or foul: "
                "he cannot rise as a Rotter.",
            )

    def rotted(self, casualty: CasualtyEntry, side: str) -> bool:
        causer = casualty.causer
        if causer is None or causer.side != side or casualty.action not in AGAINST_OPPONENT:
            return False
        member = self.facts.of(side).member(causer.number)
        return member is not None and ROT in member.skills

    def killed(self, casualty: CasualtyEntry, nth: int, victim: Member) -> bool | None:
        """Whether the casualty's result that stands is death; None while a die or the kept
        result is not known yet (the casualty's own check asks for them)."""
        if self.system == "gdbbl":
            return self.gdbbl_killed(casualty, nth, victim)
        if casualty.helper in APOTHECARIES and casualty.kept not in KEPT:
            return None
        values = {}
        for kind in CASUALTY_DICE["lrb6"]:
            server = self.rolled.get(casualty_purpose(kind, "lrb6", casualty.victim, nth))
            got = server.values if server is not None else casualty.dice.get(kind)
            if got:
                values[kind] = tuple(got)
        settings = self.ruleset.settings
        decay = "Decay" in victim.skills and settings.get("decay_second_casualty", True)
        try:
            rows = standing_results(self.ruleset, casualty, decay, values)
        except (RulesError, LookupError, IndexError):
            return None  # a die out of range: the casualty's own check names it
        return None if rows is None else any(row.dead for row in rows)


def gdbbl_injury(values: tuple[int, ...] | None, modifier: int) -> str | None:
    """GDBBL's injury table (001 Injuries): dead only on an unmodified 12; 11 or more (a
    modified 12 too) is a serious injury; 10 badly hurt; 8-9 KO'd; 2-7 stunned."""
    if not values:
        return None
    rolled = sum(values)
    total = rolled + modifier
    if rolled == 12:
        return "Dead"
    if total >= 11:
        return "Serious Injury"
    return "Badly Hurt" if total == 10 else ("KO'd" if total >= 8 else "Stunned")
