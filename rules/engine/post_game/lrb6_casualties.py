"""LRB6's casualties after the match (lrb6-facts §1): each casualty record of the report read
from its dice on the casualty table (D68), with the victim's Decay, his team's apothecary and
his Regeneration, and what stays on the roster: a Niggling Injury, a characteristic lost
within the table's floor, a missed next match, or death (the dead are removed).

Only the team's own players keep what happened to them. A journeyman's lasting result is
worked out too (with the key "" it is not written), because he may be hired after the match
and then keeps it; a star or a mercenary keeps nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine import dice as rolls
from rules.engine.casualties import APOTHECARIES, Casualty, casualty, standing_results
from rules.engine.characteristics import injury_change
from rules.engine.checks import optional_setting
from rules.engine.post_game.steps import Change, DiceSource, Die, MatchBefore, PlayerBefore, Step
from rules.engine.report_entry import REGENERATES_ON, CasualtyEntry, casualty_purposes
from rules.engine.ruleset import Ruleset

KEEPS_INJURIES = ("roster", "journeyman")  # a star or a mercenary keeps nothing


@dataclass
class Fate:
    """What the match left on one player, casualty after casualty."""

    player: PlayerBefore
    side: str
    now: dict[str, int]
    dead: bool = False
    misses_next: bool = False
    lost: list[str] = field(default_factory=list)  # characteristics lowered, in order
    niggles: int = 0
    killed_by: CasualtyEntry | None = None  # the casualty that killed him


def _reader(ruleset: Ruleset):
    """Reads a D68 die (tens, units) on the ruleset's casualty table."""
    return lambda die: casualty(ruleset, die.values[0], die.values[1])


def _d68(die: Die) -> int:
    return rolls.notation("D68").total(die.values)


def results_of(
    ruleset: Ruleset, entry: CasualtyEntry, player: PlayerBefore, purposes: dict, dice: DiceSource
) -> tuple[list[Casualty], list[Die], list[str]]:
    """The casualty table results that stand for one casualty record, the dice read and each
    read in words."""
    read = _reader(ruleset)
    first = dice.roll(purposes["casualty"], "D68")
    rolled, words = [first], [f"D68 {_d68(first)} {read(first).result}"]
    values = {"casualty": first.values}
    decay = "Decay" in player.skills and optional_setting(ruleset, "decay_second_casualty", True)
    if decay:
        second = dice.roll(purposes["decay"], "D68")
        rolled.append(second)
        values["decay"] = second.values
        words.append(f"Decay: D68 {_d68(second)} {read(second).result}")
    keeps = entry.helper in APOTHECARIES and entry.kept == "second"
    if keeps or (entry.helper in APOTHECARIES and dice.has(purposes["apothecary"])):
        again = dice.roll(purposes["apothecary"], "D68")
        rolled.append(again)
        values["apothecary"] = again.values
        words.append(
            f"apothecary: D68 {_d68(again)} {read(again).result}, "
            f"{'kept' if keeps else 'the first result kept'}"
        )
    results = standing_results(ruleset, entry, decay, values) or []
    for kind, who in (("regeneration", "Regeneration"), ("igor", "Igor")):
        if not dice.has(purposes[kind]):
            continue
        die = dice.roll(purposes[kind], "D6")
        rolled.append(die)
        if die.total >= REGENERATES_ON["lrb6"] and results:
            both = optional_setting(ruleset, "decay_regeneration_heals_both", True)
            healed = results if both else results[:1]
            words.append(f"{who} D6 {die.total}: healed {' and '.join(r.result for r in healed)}")
            results = [] if both else results[1:]
        else:
            words.append(f"{who} D6 {die.total}: failed")
    return results, rolled, words


def _lasting(ruleset: Ruleset, fate: Fate, results: list[Casualty], entry) -> list[str]:
    """Applies the standing results to the player's fate; the words of each effect."""
    words = []
    for result in results:
        if result.dead:
            fate.dead, fate.killed_by = True, entry
            words.append("dead: removed from the roster")
            break
        if result.niggling:
            fate.niggles += 1
            modifier = int(optional_setting(ruleset, "niggling_injury_modifier", 1))
            words.append(f"a Niggling Injury (+{modifier} to later Injury rolls against him)")
        code = result.characteristic
        if code:
            start, now = fate.player.start.get(code, 0), fate.now.get(code, 0)
            if start and injury_change(ruleset, start, now):
                fate.now[code] = now - 1
                fate.lost.append(code)
                words.append(f"-1 {code} ({now} → {now - 1})")
            else:
                words.append(f"{code} stays {now}: it may not go lower")
        if result.miss_next_game:
            fate.misses_next = True
    if fate.misses_next and not fate.dead:
        words.append("misses the next match")
    return words


def fate_changes(ruleset: Ruleset, fate: Fate) -> list[Change]:
    """What the ledger keeps of one player's fate (key "" for a journeyman: not written)."""
    player, side = fate.player, fate.side
    key = player.key if player.kind == "roster" else ""
    if fate.dead:
        return [Change(side, "status", 0, player.number, key, "killed", "dead", player.status)]
    changes = [Change(side, "injury", 1, player.number, key, "Niggling Injury", "N")] * fate.niggles
    for code in fate.lost:
        changes.append(Change(side, "characteristic", -1, player.number, key, "injury", code))
        changes.append(Change(side, "injury", 1, player.number, key, f"-1 {code}", f"-{code}"))
    if fate.misses_next:
        changes.append(
            Change(side, "status", 0, player.number, key, "injured", "missing_next_game",
                   player.status)
        )  # fmt: skip
    return changes


def casualties_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    report = before.report
    purposes = casualty_purposes("lrb6", [c.victim for c in report.casualties])
    fates: dict[tuple[str, int], Fate] = {}
    rolled: list[Die] = []
    words: list[str] = []
    for entry, purpose in zip(report.casualties, purposes, strict=True):
        side, number = entry.victim.side, entry.victim.number
        player = before.side(side).player(number)
        if player is None:
            continue  # the report check names every victim; nothing to keep for a stranger
        fate = fates.setdefault((side, number), Fate(player, side, dict(player.now)))
        if fate.dead:
            continue
        results, read, said = results_of(ruleset, entry, player, purpose, dice)
        rolled += read
        effects = _lasting(ruleset, fate, results, entry) or ["no lasting harm"]
        if player.kind not in KEEPS_INJURIES:
            effects = [f"{', '.join(effects)} (a {player.kind} keeps nothing after the match)"]
        words.append(
            f"{before.side(side).team} #{number} {player.name}: {'; '.join(said)}: "
            f"{', '.join(effects)}."
        )
    changes = [
        change
        for fate in fates.values()
        if fate.player.kind in KEEPS_INJURIES
        for change in fate_changes(ruleset, fate)
    ]
    state["fates"] = fates
    result = " ".join(words) if words else "No casualties."
    return Step("casualties", "Casualties and the dead", {}, tuple(rolled), result, tuple(changes))
