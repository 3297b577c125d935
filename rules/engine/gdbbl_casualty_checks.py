"""GDBBL's casualty records and Raise Dead, checked: mixed into the report check beside
rules.engine.casualty_checks, whose `die`, `kept` and `refuse_extra` it uses.

A casualty asks exactly the dice `gdbbl_casualty` reads (rules.engine.gdbbl_injuries), in
its order: the injury 2D6 and its modifier, the apothecary as `apothecary_action` says,
Regeneration (2-6 heals, before anything else is rolled), the serious injury 2D6 and, for
"-1 ability", which characteristic (a "1 of 4": 1 MA, 2 ST, 3 AG, 4 AV; the coach's pick
under `serious_injury_ability` coach_choice or opponent_choice, which the server never
rolls). A Death-Roller rolls nothing; a fanatic hurt by his own ball and chain rolls one
D6. So there is one reading for the check, the report shown back and the post-game.

An Undead team's Necromancer raises one opponent per match (001 Undead team): one who died
in this match and is "of roughly human size (not large monsters or small players like
halflings or goblins)". Whether the team has room (`zombie_raise_limit`) is the post-game
sequence's to say: the report does not know the roster after the match."""

from __future__ import annotations

from dataclasses import replace

from rules.engine import dice
from rules.engine.casualty_checks import MAX_MODIFIER, gdbbl_injury
from rules.engine.checks import optional_setting
from rules.engine.errors import RulesError
from rules.engine.gdbbl_injuries import (
    BALL_AND_CHAIN,
    DEATH_ROLLER,
    REROLL_CASUALTY,
    REROLL_SERIOUS,
    TO_BADLY_HURT,
    gdbbl_casualty,
)
from rules.engine.report_entry import (
    CASUALTY_DICE,
    CasualtyEntry,
    DieNeed,
    Member,
    casualty_purpose,
)

# serious_injury_ability: who picks the characteristic a "-1 ability" lowers, when no die does.
INJURY = "injury"  # the dice path of every casualty but a Death-Roller's and a fanatic's own
STUNNED, KOD = "Stunned", "KO'd"
SERIOUS, DEAD = "Serious Injury", "Dead"
RAISED_SIZE = "human"
TOO = {
    "small": "small (halflings, goblins, snotlings)",
    "large": "large (Ogres, Trolls and the other big monsters)",
}


class GdbblCasualtyChecks:
    """Mixed into the report check (rules.engine.report_checks._Check)."""

    def gdbbl_dice(self, casualty, victim: Member, nth: int, field: str, what: str) -> None:
        if abs(casualty.modifier) > MAX_MODIFIER:
            self.wrong(
                field,
                f"{what}: an injury modifier is -{MAX_MODIFIER} to "
                f"+{MAX_MODIFIER}, not {casualty.modifier}.",
            )
        seen: dict[str, DieNeed] = {}

        def read(kind: str) -> tuple[int, ...] | None:
            """The die as the casualty's own check knows it, asked for once."""
            if kind not in seen:
                seen[kind] = self.die(casualty, kind, nth, field)
            return seen[kind].values

        path = _path(victim, casualty)
        if path == "injury":
            casualty = self.gdbbl_first(casualty, read(INJURY), field, what)
        standing = gdbbl_casualty(self.ruleset, casualty, victim.skills, victim.special, read)
        action = optional_setting(self.ruleset, "apothecary_action", REROLL_CASUALTY)
        if "apothecary" in seen and action == REROLL_SERIOUS:
            self.kept(casualty, field, what)
        # Only a player who regenerated is back in the reserves, to be hurt again.
        self.stood[casualty.victim] = standing.result
        # Dice past the first one nobody rolled yet may still be asked for: only those the
        # casualty can never read are refused until its reading is whole.
        allowed = set(seen) if standing.known else _possible(self, casualty, victim, path)
        self.refuse_extra(casualty, allowed, field, what)

    def gdbbl_first(
        self, casualty: CasualtyEntry, first: tuple[int, ...] | None, field: str, what: str
    ) -> CasualtyEntry:
        """The injury roll's own refusals, and the apothecary's as `apothecary_action` says;
        an apothecary refused is left out of the rest of the reading, dice and all."""
        result = gdbbl_injury(first, casualty.modifier)
        if result in (STUNNED, KOD):
            self.wrong(
                field,
                f"{what}: an injury roll of {sum(first or ())}"
                f"{casualty.modifier:+d} is {result}, not a casualty.",
            )
        if casualty.helper != "apothecary":
            return casualty
        action = optional_setting(self.ruleset, "apothecary_action", REROLL_CASUALTY)
        refused = ""
        if action == REROLL_CASUALTY and casualty.kept == "first":
            self.wrong(field, f"{what}: the apothecary's second result is kept.")
        elif action == REROLL_SERIOUS and result not in (SERIOUS, None):
            refused = f"{what}: the apothecary re-rolls a serious injury only."
        elif action == TO_BADLY_HURT and result not in (SERIOUS, DEAD, None):
            refused = f"{what}: the apothecary treats a serious injury or death."
        if not refused:
            return casualty
        self.wrong(field, refused)
        kept = {kind: v for kind, v in casualty.dice.items() if kind != "apothecary"}
        return replace(casualty, helper="", kept="", dice=kept)

    # --- Raise Dead ----------------------------------------------------------------------
    def gdbbl_cannot_rise(self, victim: Member) -> str:
        """Why the Necromancer may not raise `victim` whatever befell him ("" if he may)."""
        if victim.size == RAISED_SIZE:
            return ""
        size = TOO.get(victim.size, victim.size)
        return f"is {size}: the Necromancer raises only players of roughly human size."

    def gdbbl_killed(self, casualty: CasualtyEntry, nth: int, victim: Member) -> bool | None:
        """Whether the result that stands for the casualty is death; None while a die it
        reads is missing or wrong (the casualty's own check names it)."""

        def read(kind: str) -> tuple[int, ...] | None:
            purpose = casualty_purpose(kind, "gdbbl", casualty.victim, nth)
            server = self.rolled.get(purpose)
            got = server.values if server is not None else casualty.dice.get(kind)
            if not got:
                return None
            notation = CASUALTY_DICE["gdbbl"][kind][1]
            try:
                return dice.checked(dice.notation(notation), list(got))
            except RulesError:
                return None

        standing = gdbbl_casualty(self.ruleset, casualty, victim.skills, victim.special, read)
        return standing.dead if standing.known else None


def _path(victim: Member, casualty: CasualtyEntry) -> str:
    """Which dice the casualty reads: none (a Death-Roller), the fanatic's D6, or the
    injury roll and what follows it."""
    if victim.special == DEATH_ROLLER:
        return "none"
    if victim.special == BALL_AND_CHAIN and casualty.means == "own_weapon":
        return "fanatic"
    return INJURY


def _possible(check, casualty: CasualtyEntry, victim: Member, path: str) -> set[str]:
    """Every die the casualty may yet read, whatever the dice not rolled yet show."""
    if path != INJURY:
        return {"fanatic"} if path == "fanatic" else set()
    kinds = {INJURY, "serious", "ability"}
    action = optional_setting(check.ruleset, "apothecary_action", REROLL_CASUALTY)
    if casualty.helper == "apothecary" and action in (REROLL_CASUALTY, REROLL_SERIOUS):
        kinds.add("apothecary")
    if "Regeneration" in victim.skills:
        kinds.add("regeneration")
    return kinds
