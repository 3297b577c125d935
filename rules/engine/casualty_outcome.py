"""What a casualty's dice say, read from the ruleset's tables: the result that stands and each
die read in words, for the report as it is shown back and for the summary after the match.
The post-game sequence applies the same reading."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine import dice
from rules.engine.casualty_checks import gdbbl_injury
from rules.engine.report_entry import CASUALTY_DICE, REGENERATES_ON, CasualtyEntry
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
    ruleset: Ruleset, casualty: CasualtyEntry, values: Mapping[str, tuple[int, ...] | None]
) -> Outcome:
    """`values` holds each die of the casualty by kind (casualty, decay, injury, ...), as
    entered or rolled; a die not rolled yet is missing."""
    system = ruleset.system
    if system == "lrb6":
        return _lrb6(ruleset, casualty, values)
    if system == "gdbbl":
        return _gdbbl(ruleset, casualty, values)
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


def _gdbbl(ruleset: Ruleset, casualty: CasualtyEntry, values) -> Outcome:
    rolls: list[str] = []
    injury = values.get("injury")
    if not injury:
        return Outcome("not rolled yet", ())
    result = gdbbl_injury(injury, casualty.modifier) or ""
    modifier = f" {casualty.modifier:+d}" if casualty.modifier else ""
    rolls.append(_read("injury", "gdbbl", injury, f"{sum(injury)}{modifier}, {result}"))
    action = ruleset.settings.get("apothecary_action", "ko_or_reroll_casualty")
    again = values.get("apothecary")
    if casualty.helper == "apothecary" and action == "ko_or_reroll_casualty" and again:
        result = gdbbl_injury(again, casualty.modifier) or ""
        rolls.append(_read("apothecary", "gdbbl", again, f"{result} (kept)"))
    elif casualty.helper == "apothecary" and action == "casualty_to_badly_hurt":
        result = "Badly Hurt"
        rolls.append("apothecary: treated to Badly Hurt")
    serious = values.get("serious")
    if result == "Serious Injury" and serious:
        chosen = serious
        if again and action == "reroll_serious_injury":
            rolls.append(_read("serious", "gdbbl", serious, _serious(ruleset, serious)))
            kept = casualty.kept or "not chosen yet"
            rolls.append(
                _read("apothecary", "gdbbl", again, f"{_serious(ruleset, again)} (kept: {kept})")
            )
            chosen = again if casualty.kept == "second" else serious
        else:
            rolls.append(_read("serious", "gdbbl", serious, _serious(ruleset, serious)))
        result = f"Serious Injury ({_serious(ruleset, chosen)})"
    regeneration = values.get("regeneration")
    if regeneration:
        healed = regeneration[0] >= REGENERATES_ON["gdbbl"]
        rolls.append(_read("regeneration", "gdbbl", regeneration, "healed" if healed else "failed"))
        result = "regenerated" if healed else result
    return Outcome(result, tuple(rolls))


def _serious(ruleset: Ruleset, got: tuple[int, ...]) -> str:
    try:
        key = str(ruleset.table("serious_injury").row_for(sum(got)).values["result"])
    except LookupError:
        return f"2D6 {sum(got)}"
    return SERIOUS_RESULTS.get(key, key)
