"""GDBBL's first post-game step (001 "Injuries", notes §A.5): each casualty record of the
report read from its dice (rules.engine.gdbbl_injuries: the apothecary, Regeneration, the
serious injury table, the secret weapons' own rules) and what stays on the roster, then the
Necromancer's Raise Dead: once per match, an opposing player of roughly human size who died
in the match becomes a new Zombie, while the Undead team has fewer than `zombie_raise_limit`
players.

What stays: a Serious Injury writes M (he misses the next match); a niggling injury adds N;
"-1 ability" lowers one characteristic (`serious_injury_ability` says who picks, the "ability
lost" die carries the pick; `ability_loss_limit` how far); Dead removes him. A Badly Hurt or a
regenerated player keeps nothing, and a freebooter leaves with whatever happened to him."""

from __future__ import annotations

from rules.engine.checks import optional_setting
from rules.engine.gdbbl_injuries import (
    ABILITIES,
    REGENERATED,
    Standing,
    ability_lowered,
    gdbbl_casualty,
)
from rules.engine.post_game.lrb6_casualties import Fate, fate_changes
from rules.engine.post_game.steps import Change, DiceSource, Die, MatchBefore, Step, other
from rules.engine.report_entry import CASUALTY_DICE, SIDES, casualty_purposes, never_rolled
from rules.engine.ruleset import Ruleset

ZOMBIE = "Zombie"  # the position a raised player takes, in the Undead team list
RAISED_SIZE = "human"  # 001: "roughly human size (not large monsters ... halflings or goblins)"
MOST_SHIRT = 99


def _reader(ruleset: Ruleset, dice: DiceSource, purposes: dict[str, str], rolled: list[Die]):
    """Reads each die of one casualty from the match's dice, noting each one read; one the
    server never rolls (the table's injury roll, a coach's pick) is missing until entered."""

    def read(kind: str) -> tuple[int, ...]:
        purpose, notation = purposes[kind], CASUALTY_DICE["gdbbl"][kind][1]
        if never_rolled("gdbbl", kind, ruleset.settings) and not dice.has(purpose):
            dice.missing.append((purpose, notation))
            return (1,)
        die = dice.roll(purpose, notation)
        rolled.append(die)
        return die.values

    return read


def _lasting(ruleset: Ruleset, fate: Fate, standing: Standing) -> list[str]:
    """Applies what stands to the player's fate; the words of each effect."""
    if standing.dead:
        fate.dead = True
        return ["dead: removed from the roster"]
    if standing.result != "Serious Injury":
        return []
    fate.misses_next = True
    words = ["M: misses the next match"]
    if standing.serious == "niggling":
        fate.niggles += 1
        words.append("N: a niggling injury (a D6 before every match, out on a 1)")
    if standing.serious == "ability_loss" and standing.ability:
        earlier = {marker[1:] for marker in fate.player.injuries if marker.startswith("-")}
        lost = earlier | set(fate.lost)
        code = ability_lowered(ruleset, standing.ability, fate.player.start, fate.now, lost)
        if code is None:
            named = ABILITIES[standing.ability - 1]
            words.append(f"no characteristic may go lower ({named} rolled): no effect")
        else:
            fate.now[code] -= 1
            fate.lost.append(code)
            words.append(f"-1 {code} ({fate.now[code] + 1} → {fate.now[code]})")
    return words


def injuries_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    report = before.report
    purposes = casualty_purposes("gdbbl", [c.victim for c in report.casualties])
    fates: dict[tuple[str, int], Fate] = {}
    back: set[tuple[str, int]] = set()  # regenerated: back in the reserves, may be hurt again
    rolled: list[Die] = []
    words: list[str] = []
    for entry, purpose in zip(report.casualties, purposes, strict=True):
        side, number = entry.victim.side, entry.victim.number
        player = before.side(side).player(number)
        if player is None:
            continue  # the report check names every victim
        if (side, number) in fates and (side, number) not in back:
            continue  # out of the match after his first casualty: the check refuses another
        fate = fates.setdefault((side, number), Fate(player, side, dict(player.now)))
        read = _reader(ruleset, dice, purpose, rolled)
        standing = gdbbl_casualty(ruleset, entry, player.skills, player.special, read)
        back.discard((side, number))
        if standing.result == REGENERATED:
            back.add((side, number))
        if standing.dead:
            fate.killed_by = entry
        effects = _lasting(ruleset, fate, standing) or ["no lasting harm"]
        if player.kind != "roster":
            effects = [f"{', '.join(effects)} (a {player.kind} leaves after the match)"]
        words.append(
            f"{before.side(side).team} #{number} {player.name}: {'; '.join(standing.words)}: "
            f"{', '.join(effects)}."
        )
    changes = [
        change
        for fate in fates.values()
        if fate.player.kind == "roster"
        for change in fate_changes(ruleset, fate)
    ]
    state["fates"] = fates
    for side in SIDES:
        changes += _raised(ruleset, before, side, fates, words)
    result = " ".join(words) if words else "No casualties."
    return Step("injuries", "Injuries and the dead", {}, tuple(rolled), result, tuple(changes))


def _why_not_raised(fate: Fate | None, joined: bool, room: int, limit: int, zombies) -> str:
    if fate is None or not fate.dead:
        return "was not killed in this match"
    if fate.player.size != RAISED_SIZE:
        return f"is {fate.player.size}: only a player of roughly human size rises"
    if joined:
        return "comes too late: the Necromancer raises one Zombie per match"
    if room >= limit:
        return f"finds no place: the team has {room} players (zombie_raise_limit {limit})"
    has, most = zombies
    if has >= most:
        return f"finds no place: the team has {has} Zombies, as many as its team list allows"
    return ""


def _raised(ruleset: Ruleset, before: MatchBefore, side: str, fates: dict, words: list) -> list:
    team = before.side(side)
    race = ruleset.races.get(team.race)
    numbers = before.report.of(side).raised
    if race is None or not race.necromancer or not numbers:
        return []
    position = race.position(ZOMBIE)
    limit = int(optional_setting(ruleset, "zombie_raise_limit", 16))
    kept = [p for p in team.roster() if not getattr(fates.get((side, p.number)), "dead", False)]
    worn = {p.number for p in team.roster()} | set(team.gone_numbers)  # the gone keep theirs
    zombies = (sum(1 for p in kept if p.position == position.name), position.max_quantity)
    joins: list[Change] = []
    for number in numbers:
        fate = fates.get((other(side), number))
        name = fate.player.name if fate else f"#{number}"
        why = _why_not_raised(fate, bool(joins), len(kept), limit, zombies)
        if why:
            words.append(f"{team.team}'s Necromancer may not raise {name}: he {why}.")
            continue
        shirt = next(n for n in range(1, MOST_SHIRT + 1) if n not in worn)
        joins.append(Change(side, "join", 1, shirt, "", f"raised from {name}", position.name,
                            name=name))  # fmt: skip
        words.append(
            f"{team.team}'s Necromancer raises {name} as a new {position.name}, free, "
            f"#{shirt} ({len(kept) + 1} players now)."
        )
    return joins
