"""What a GDBBL casualty leaves after its dice (001 "Injuries", notes §A.5 and §A.10): the
injury roll (Dead only on an unmodified 12), the apothecary as `apothecary_action` says,
Regeneration (a D6 of 2-6 sends him back to the reserves), then the serious injury table
and, for "-1 ability", which characteristic. The two secret weapons that change this: a
goblin fanatic hurt by his own ball and chain dies on a D6 of 1-3 and otherwise plays the
next match; a Death-Roller knocked down is out for the match only.

One reading serves the report check (which dice a casualty still needs), the report as shown
back and the post-game sequence: `read(kind)` gives a die's values, or None while nobody
has rolled it, and the reading stops at the first die it lacks."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from rules.engine.casualty_checks import NOT_ROLLED, REGENERATED, gdbbl_injury
from rules.engine.checks import optional_setting
from rules.engine.report_entry import REGENERATES_ON, CasualtyEntry
from rules.engine.ruleset import Ruleset

BALL_AND_CHAIN = "Ball & Chain"  # the secret_weapons table's names
DEATH_ROLLER = "Dwarf Death-Roller"
FANATIC_DIES_AT_MOST = 3  # 001 Ball and Chain: "1-3 dead, 4-6 injured but may play next match"
ABILITIES = ("MA", "ST", "AG", "AV")  # the "ability lost" pick's faces, in this order
SERIOUS, DEAD, BADLY_HURT = "Serious Injury", "Dead", "Badly Hurt"
PLAYS_NEXT = "plays next match"
REROLL_CASUALTY, REROLL_SERIOUS, TO_BADLY_HURT = (
    "ko_or_reroll_casualty",
    "reroll_serious_injury",
    "casualty_to_badly_hurt",
)

Read = Callable[[str], "tuple[int, ...] | None"]


@dataclass(frozen=True)
class Standing:
    """The result that stands for one casualty record."""

    result: str  # Badly Hurt, Serious Injury, Dead, regenerated, plays next match, ...
    serious: str = ""  # the serious_injury table's result: miss_next_game, niggling, ability_loss
    ability: int | None = None  # the "ability lost" face (1-4) of an ability_loss
    words: tuple[str, ...] = ()  # each die read, as a coach reads it

    @property
    def dead(self) -> bool:
        return self.result == DEAD

    @property
    def known(self) -> bool:
        return self.result != NOT_ROLLED


def serious_result(ruleset: Ruleset, values: tuple[int, ...]) -> str:
    """The serious_injury table's result key for a 2D6 roll ("" off the table)."""
    try:
        return str(ruleset.table("serious_injury").row_for(sum(values)).values["result"])
    except LookupError:
        return ""


def _dice(values: tuple[int, ...]) -> str:
    return "+".join(map(str, values))


def gdbbl_casualty(
    ruleset: Ruleset, entry: CasualtyEntry, skills: frozenset[str], special: str, read: Read
) -> Standing:
    """The result that stands for `entry`, whose victim has `skills` and carries the secret
    weapon `special` ("" for none)."""
    if special == DEATH_ROLLER:
        return Standing(PLAYS_NEXT, words=("the Death-Roller is out for the match only",))
    if special == BALL_AND_CHAIN and entry.means == "own_weapon":
        die = read("fanatic")
        if not die:
            return Standing(NOT_ROLLED)
        dies = die[0] <= FANATIC_DIES_AT_MOST
        said = f"Ball and Chain D6 {die[0]}: {'dead' if dies else 'injured, plays next match'}"
        return Standing(DEAD if dies else PLAYS_NEXT, words=(said,))
    first = read("injury")
    if not first:
        return Standing(NOT_ROLLED)
    result = gdbbl_injury(first, entry.modifier) or ""
    modifier = f" {entry.modifier:+d}" if entry.modifier else ""  # "5+6 +1": dice, then modifier
    words = [f"injury 2D6 {_dice(first)}{modifier}: {result}"]
    action = optional_setting(ruleset, "apothecary_action", REROLL_CASUALTY)
    apothecary = entry.helper == "apothecary"
    if apothecary and action == REROLL_CASUALTY:
        again = read("apothecary")
        if not again:
            return Standing(NOT_ROLLED, words=tuple(words))
        result = gdbbl_injury(again, entry.modifier) or ""
        words.append(f"apothecary's 2D6 {_dice(again)}{modifier}: {result}, kept")
    elif apothecary and action == TO_BADLY_HURT and result in (SERIOUS, DEAD):
        result = BADLY_HURT
        words.append("apothecary: treated to Badly Hurt")
    if result not in (BADLY_HURT, SERIOUS, DEAD):  # the apothecary's roll left him standing
        return Standing(result, words=tuple(words))
    if "Regeneration" in skills:
        regeneration = read("regeneration")
        if not regeneration:
            return Standing(NOT_ROLLED, words=tuple(words))
        healed = regeneration[0] >= REGENERATES_ON["gdbbl"]
        words.append(
            f"Regeneration D6 {regeneration[0]}: {'back to the reserves' if healed else 'failed'}"
        )
        if healed:
            return Standing(REGENERATED, words=tuple(words))
    if result != SERIOUS:
        return Standing(result, words=tuple(words))
    return _serious(ruleset, entry, read, apothecary and action == REROLL_SERIOUS, words)


def _serious(ruleset: Ruleset, entry, read: Read, reroll: bool, words: list[str]) -> Standing:
    roll = read("serious")
    if not roll:
        return Standing(NOT_ROLLED, words=tuple(words))
    key = serious_result(ruleset, roll)
    words.append(f"serious injury 2D6 {_dice(roll)}: {key.replace('_', ' ')}")
    if reroll:
        again = read("apothecary")
        if not again:
            return Standing(NOT_ROLLED, words=tuple(words))
        second = serious_result(ruleset, again)
        kept = entry.kept or "first"
        words.append(f"apothecary's 2D6 {_dice(again)}: {second.replace('_', ' ')}, {kept} kept")
        key = second if kept == "second" else key
    if key != "ability_loss":
        return Standing(SERIOUS, key, words=tuple(words))
    face = read("ability")
    if not face:
        return Standing(NOT_ROLLED, words=tuple(words))
    words.append(f"ability lost: {face[0]} ({ABILITIES[face[0] - 1]})")
    return Standing(SERIOUS, key, face[0], tuple(words))


def ability_lowered(
    ruleset: Ruleset,
    face: int,
    start: Mapping[str, int],
    now: Mapping[str, int],
    lost: Collection[str] = (),
) -> str | None:
    """The characteristic a "-1 ability" lowers: the face's (1 MA, 2 ST, 3 AG, 4 AV). Under
    `ability_loss_limit` lifetime none may be reduced more than once ("An ability cannot be
    reduced more than 1"): one reduced before (`lost`: the player's "-ST" injuries, earlier
    ones and this match's; or below its start) passes the loss to the next in that order,
    and with all four reduced it has no effect (None). None goes below 1."""
    lifetime = optional_setting(ruleset, "ability_loss_limit", "lifetime") == "lifetime"
    first = ABILITIES.index(ABILITIES[face - 1])
    for code in ABILITIES[first:] + ABILITIES[:first]:
        value, was = now.get(code, 0), start.get(code, 0)
        reduced = code in lost or value < was
        if value > 1 and (not lifetime or not reduced):
            return code
        if not lifetime:
            return None  # per injury: the face's characteristic, or nothing at the floor
    return None
