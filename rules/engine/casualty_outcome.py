"""What a casualty's dice say, read from the ruleset's tables: the result that stands and each
die read in words, for the report as it is shown back and for the summary after the match.
The post-game sequence applies the same reading (GDBBL's is rules.engine.gdbbl_injuries',
whose words these are)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine import dice
from rules.engine.gdbbl_injuries import ABILITIES, NOT_ROLLED, gdbbl_casualty
from rules.engine.report_entry import CASUALTY_DICE, REGENERATES_ON, CasualtyEntry, Member
from rules.engine.ruleset import Ruleset

SERIOUS_RESULTS = {
    "miss_next_game": "miss next game",
    "niggling": "niggling injury",
    "ability_loss": "-1 ability",
}


@dataclass(frozen=True)
class Outcome:
    result: str  # what stands: "Dead", "Badly Hurt", "regenerated", "not rolled yet"
    rolls: tuple[str, ...]  # each die read: "casualty D68 61: Dead"


def _total(notation: str, values: tuple[int, ...]) -> int:
    return dice.notation(notation).total(values)


def _lrb6_result(ruleset: Ruleset, total: int) -> str:
    try:
        return str(ruleset.table("casualty").row_for(total).values["result"])
    except LookupError:
        return f"D68 {total}"


def casualty_outcome(
    ruleset: Ruleset,
    casualty: CasualtyEntry,
    values: Mapping[str, tuple[int, ...] | None],
    victim: Member | None = None,
) -> Outcome:
    """`values` holds each die of the casualty by kind (casualty, decay, injury, ...), as
    entered or rolled; a die not rolled yet is missing. GDBBL reads the `victim`'s skills
    (Regeneration) and the secret weapon he carries; without him, he has neither."""
    system = ruleset.system
    if system == "lrb6":
        return _lrb6(ruleset, casualty, values)
    if system == "gdbbl":
        return _gdbbl(ruleset, casualty, values, victim)
    return Outcome("Dead", ())


def _read(kind: str, system: str, got: tuple[int, ...], what: str) -> str:
    label, notation = CASUALTY_DICE[system][kind]
    return f"{label} {notation} {'-'.join(map(str, got))}: {what}"


def _lrb6(ruleset: Ruleset, casualty: CasualtyEntry, values) -> Outcome:
    rolls: list[str] = []
    first = values.get("casualty")
    if not first:
        return Outcome("not rolled yet", ())
    result = _lrb6_result(ruleset, _total("D68", first))
    rolls.append(_read("casualty", "lrb6", first, result))
    if values.get("decay"):
        second = _lrb6_result(ruleset, _total("D68", values["decay"]))
        rolls.append(_read("decay", "lrb6", values["decay"], second))
        result = f"{result} and {second}"
    again = values.get("apothecary")
    if again:
        treated = _lrb6_result(ruleset, _total("D68", again))
        kept = casualty.kept or "not chosen yet"
        rolls.append(_read("apothecary", "lrb6", again, f"{treated} (kept: {kept})"))
        if casualty.kept == "second":
            result = treated if not values.get("decay") else f"{treated} and {second}"
    healed = REGENERATES_ON["lrb6"]
    for kind in ("regeneration", "igor"):
        got = values.get(kind)
        if got:
            rolls.append(_read(kind, "lrb6", got, "healed" if got[0] >= healed else "failed"))
            if got[0] >= healed:
                result = "regenerated"
    return Outcome(result, tuple(rolls))


def _gdbbl(ruleset: Ruleset, casualty: CasualtyEntry, values, victim: Member | None) -> Outcome:
    """The one reading of rules.engine.gdbbl_injuries: each die in its words, and what
    stands ("Serious Injury (-1 ability: ST)"), or "not rolled yet" while a die it reads is
    missing."""
    skills = victim.skills if victim is not None else frozenset()
    special = victim.special if victim is not None else ""
    standing = gdbbl_casualty(ruleset, casualty, skills, special, lambda kind: values.get(kind))
    if not standing.known:
        return Outcome(NOT_ROLLED, standing.words)
    result = standing.result
    if standing.serious:
        said = SERIOUS_RESULTS.get(standing.serious, standing.serious)
        if standing.ability:
            said = f"{said}: {ABILITIES[standing.ability - 1]}"
        result = f"{result} ({said})"
    return Outcome(result, standing.words)
