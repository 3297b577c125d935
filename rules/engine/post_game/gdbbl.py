"""GDBBL's post-game sequence (001 "Post-match": team winnings, choose MVPs, check SPP, hire
new players and coaching staff, work out the new team rating), with the steps its text adds
in their places (notes §A.4): the injuries first (rules.engine.post_game.gdbbl_injuries), the
fan factor roll after the SPP, then the M marks of those who sat out cleared and the
freebooters gone, the purchases and retirements between matches, and the team rating.

- winnings: D6 (no re-roll) + the modifier at the gate's row and the team's own rating
  column (the rating at kick-off), x 10,000; a Dwarf Alchemist adds D6 x 10,000;
- MVPs: as the report drew them (the handicap's bonus MVPs included), 5 SPP each;
- SPP: completion 1, casualty 2 (any Badly Hurt, Serious Injury or Dead he caused),
  interception 2, touchdown 3; stars earn none, freebooters as `freebooters_earn_spp`;
- fan factor: D6, +1 win, -1 loss, +1 for 2+ touchdowns, +1 for 2+ casualties inflicted
  (`fan_factor_casualties` says which count): 1 or less down, 6 up, within 1-9;
- team rating: value / 10,000 + SPP / 5, shown as the roster stands after the match; it is
  worked out again whenever it is next needed (the next kick-off), after any purchases."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from rules.engine import gdbbl
from rules.engine.checks import optional_setting, param
from rules.engine.experience import experience_level
from rules.engine.gdbbl_injuries import DEATH_ROLLER
from rules.engine.post_game.gdbbl_injuries import injuries_step
from rules.engine.post_game.lrb6 import COUNTERS, RESULT_NAMES, mvp_step, spp_awards
from rules.engine.post_game.steps import Change, DiceSource, MatchBefore, SideBefore, Step, other
from rules.engine.report_checks import counted_actions
from rules.engine.report_entry import SIDES
from rules.engine.ruleset import Ruleset

GATE = "gate"  # the kick-off's purpose for the gate's dice
# The dice the sequence reads, by purpose: entered by each coach until the report applies.
# The gate too, where it was never recorded before kick-off: the winnings read it.
POST_GAME_PURPOSE = re.compile(r"^(?:(?:winnings|alchemist|fan factor) for (?:home|away)|gate)$")
OWN_DOING = ("failed_dodge", "own_weapon")  # casualties nobody of the other team caused


def alchemist_purpose(side: str) -> str:
    return f"alchemist for {side}"


def _results(before: MatchBefore) -> dict[str, str]:
    report = before.report
    results = {}
    for side in SIDES:
        mine, theirs = report.touchdowns(side), report.touchdowns(other(side))
        results[side] = "win" if mine > theirs else "loss" if mine < theirs else "draw"
    if report.concession:  # whatever the score, the team that conceded lost the match
        results[report.concession.side], results[other(report.concession.side)] = "loss", "win"
    return results


def _worth(ruleset: Ruleset, team: SideBefore, players, fan_factor: int) -> int:
    """Team value as the settings read 001's undefined "team value": the players who count,
    the re-rolls and counted staff (value_rest), and the fan factor with the staff."""
    injured = bool(optional_setting(ruleset, "team_value_injured_players", True))
    stars = bool(optional_setting(ruleset, "team_value_star_players", True))
    value = team.value_rest + sum(
        p.value
        for p in players
        if (stars or not p.star) and (injured or p.status != "missing_next_game")
    )
    if optional_setting(ruleset, "team_value_staff", True):
        value += fan_factor * ruleset.team_creation.fan_factor_price
    return value


def rating_at_kick_off(ruleset: Ruleset, team: SideBefore) -> int:
    """The rating recorded at kick-off; worked out from the roster (and the freebooters, as
    `freebooters_in_team_rating` says) if none was."""
    if team.rating is not None:
        return team.rating
    roster = team.roster()
    value = _worth(ruleset, team, roster, team.fan_factor)
    hired = [p.value for p in team.players if p.kind == "freebooter"]
    return gdbbl.rating_at_kick_off(ruleset, value, sum(p.spp for p in roster), hired)[1]


def _gate(ruleset: Ruleset, before: MatchBefore, dice: DiceSource) -> tuple[int, list]:
    if before.gate is not None:
        return before.gate, []
    count = before.home.fan_factor + before.away.fan_factor
    die = dice.roll(GATE, f"{count}D6")
    return gdbbl.gate(ruleset, die.values, (before.home.fan_factor, before.away.fan_factor)), [die]


def winnings_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    gate, rolled = _gate(ruleset, before, dice)
    table = ruleset.table("winnings")
    multiplier = int(param(table, "multiplier"))
    words = [] if before.gate is not None else [f"The gate was not recorded: {gate:,} fans."]
    changes, ratings = [], {}
    for side in SIDES:
        team = before.side(side)
        ratings[side] = rating = rating_at_kick_off(ruleset, team)
        if team.rating is None:
            words.append(f"{team.team}'s rating was not recorded at kick-off: {rating}.")
        die = dice.roll(f"winnings for {side}", "D6")
        rolled.append(die)
        alchemist = None
        if team.staff.get("alchemist", 0):
            alchemist = dice.roll(alchemist_purpose(side), "D6")
            rolled.append(alchemist)
        gold = gdbbl.winnings(
            ruleset, die.total, gate, rating, alchemist.total if alchemist else None
        )
        extra = alchemist.total * multiplier if alchemist else 0
        modifier = (gold - extra) // multiplier - die.total
        said = (
            f"{team.team} (rating {rating}, gate {gate:,}): (D6 {die.total} {modifier:+d}) × "
            f"{multiplier:,}"
        )
        if alchemist:
            said += f" + Alchemist D6 {alchemist.total} × {multiplier:,}"
        words.append(f"{said} = {gold:,} gp.")
        changes.append(Change(side, "treasury", gold, why="winnings"))
    state["winnings"] = {c.side: c.amount for c in changes}
    inputs = {"gate": gate, "rating": ratings, "results": _results(before)}
    return Step("winnings", "Team winnings", inputs, tuple(rolled), " ".join(words),
                tuple(changes))  # fmt: skip


def _casualties(before: MatchBefore) -> list:
    """The report's casualty records but a Death-Roller's: knocked down, he is only out for
    the match (001), not killed, seriously injured or badly hurt."""
    return [
        c
        for c in before.report.casualties
        if getattr(before.side(c.victim.side).player(c.victim.number), "special", "")
        != DEATH_ROLLER
    ]


def _caused(ruleset: Ruleset, before: MatchBefore, side: str, crowd: bool) -> Counter:
    """number -> the casualties of the opponents this team's player caused."""
    counted: Counter = Counter()
    for casualty in _casualties(before):
        causer = casualty.causer
        if causer is None or causer.side != side or casualty.victim.side == side:
            continue
        if casualty.means in OWN_DOING or (casualty.means == "crowd" and not crowd):
            continue
        counted[causer.number] += 1
    return counted


def _inflicted(ruleset: Ruleset, before: MatchBefore, side: str) -> int:
    """The casualties the team inflicted, as `fan_factor_casualties` counts them."""
    rule = optional_setting(ruleset, "fan_factor_casualties", "by_players")
    if rule == "all":
        return sum(1 for c in _casualties(before) if c.victim.side == other(side))
    return sum(_caused(ruleset, before, side, crowd=rule == "with_crowd").values())


def spp_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    worth, names = spp_awards(ruleset)
    crowd = bool(optional_setting(ruleset, "spp_for_crowd_casualties", False))
    freebooters = bool(optional_setting(ruleset, "freebooters_earn_spp", False))
    actions = counted_actions(ruleset)
    words, changes = [], []
    for side in SIDES:
        team, lines = (
            before.side(side),
            {line.number: line for line in before.report.of(side).players},
        )
        caused, mvps = _caused(ruleset, before, side, crowd), Counter(before.mvps.get(side, ()))
        for number in sorted(set(lines) | set(mvps) | set(caused)):
            player = team.player(number)
            if player is None:
                continue
            entered = lines[number].actions if number in lines else {}
            did = Counter({a: n for a, n in entered.items() if a in actions})
            did["casualty"] += caused[number]
            did["mvp"] += mvps[number]
            parts = ", ".join(f"{n} × {names.get(a, a)}" for a, n in did.items() if n)
            if not parts:
                continue
            why_none = _earns_none(player, freebooters)
            key = player.key if player.kind == "roster" else ""
            if why_none:  # a star for good still has his touchdowns and the rest noted
                words.append(f"{team.team} #{number} {player.name}: {parts}, no SPP ({why_none}).")
                changes += _counters(side, number, key, did)
                continue
            gained = sum(worth.get(action, 0) * count for action, count in did.items())
            if gained:
                changes.append(Change(side, "spp", gained, number, key, parts))
            changes += _counters(side, number, key, did)
            dead = getattr(state.get("fates", {}).get((side, number)), "dead", False)
            words.append(f"{team.team} {_spp_words(ruleset, player, gained, parts, dead)}")
    result = " ".join(words) if words else "Nobody earned Star Player Points."
    return Step("spp", "Star Player Points", {}, (), result, tuple(changes))


def _counters(side: str, number: int, key: str, did: Counter) -> list[Change]:
    changes = [
        Change(side, counter, did[action], number, key, action)
        for action, counter in COUNTERS.items()
        if did[action]
    ]
    if did["casualty"]:
        changes.append(Change(side, "casualties", did["casualty"], number, key))
    return changes


def _earns_none(player, freebooters: bool) -> str:
    if player.star:
        return "star players cannot earn SPP"
    if player.kind == "freebooter" and not freebooters:
        return "a freebooter earns none: freebooters_earn_spp"
    return ""


def _spp_words(ruleset: Ruleset, player, gained: int, parts: str, dead: bool) -> str:
    text = f"#{player.number} {player.name}: {parts} = {gained} SPP"
    if player.kind != "roster":
        return text + " (he leaves after the match)."
    if dead:
        return text + " (he died in the match: no star player roll)."
    was = experience_level(ruleset, player.spp)
    now = experience_level(ruleset, player.spp + gained)
    text += f" ({player.spp} → {player.spp + gained})"
    ups = now.improvement_rolls - was.improvement_rolls
    if ups > 0:
        text += f", now {now.title}: {ups} star player roll{'s' if ups > 1 else ''} due"
    return text + "."


def fan_factor_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    results = _results(before)
    table = ruleset.table("fan_factor_roll")
    rolled, words, changes, inflicted = [], [], [], {}
    for side in SIDES:
        team = before.side(side)
        die = dice.roll(f"fan factor for {side}", "D6")
        rolled.append(die)
        inflicted[side] = hurt = _inflicted(ruleset, before, side)
        scored = before.report.touchdowns(side)
        change = gdbbl.fan_factor_change(
            ruleset, results[side], die.total, scored, hurt, team.fan_factor
        )
        parts = [f"D6 {die.total}"]
        if results[side] != "draw":
            parts.append(f"{int(param(table, results[side])):+d} {RESULT_NAMES[results[side]]}")
        if scored >= int(param(table, "touchdowns_for_bonus")):
            parts.append(f"+{int(param(table, 'bonus'))} for {scored} touchdowns")
        if hurt >= int(param(table, "casualties_for_bonus")):
            parts.append(f"+{int(param(table, 'bonus'))} for {hurt} casualties")
        words.append(
            f"{team.team}: {' '.join(parts)}: fan factor {team.fan_factor} → "
            f"{team.fan_factor + change}."
        )
        if change:
            changes.append(Change(side, "fan_factor", change, why="fan factor roll"))
    inputs = {"results": results, "casualties_inflicted": inflicted}
    return Step("fan_factor", "Fan factor roll", inputs, tuple(rolled), " ".join(words),
                tuple(changes))  # fmt: skip


def clear_and_expire_step(
    ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict
) -> Step:
    """001: the M is rubbed out "at the end of the next match", the one he sat out; the
    freebooters were hired "for one game only"."""
    fates, words, changes = state.get("fates", {}), [], []
    for side in SIDES:
        team = before.side(side)
        for player in team.roster():
            if player.played or player.status != "missing_next_game":
                continue
            if (side, player.number) in fates:
                continue  # a casualty of this match keeps his new mark
            changes.append(Change(side, "status", 0, player.number, player.key,
                                  "sat out his injury", "active", "missing_next_game"))  # fmt: skip
            words.append(f"{team.team} #{player.number} {player.name}: M rubbed out.")
        gone = [f"#{p.number} {p.name}" for p in team.players if p.kind == "freebooter"]
        if gone:
            words.append(f"{team.team}'s freebooters leave: {', '.join(gone)}.")
    result = " ".join(words) if words else "No M to rub out, no freebooters to leave."
    return Step("clear_and_expire", "Clear and expire", {}, (), result, tuple(changes))


def purchases_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    multiplier = int(optional_setting(ruleset, "reroll_price_multiplier_after_creation", 2))
    assistant = bool(optional_setting(ruleset, "retired_player_becomes_assistant_coach", True))
    result = (
        "Between matches each coach may buy new players and coaching staff (team re-rolls at "
        f"{multiplier} × the team list price) and retire players"
        + (", each becoming a free extra assistant coach" if assistant else "")
        + ", on the team page."
    )
    return Step("purchases", "Purchases and retirements", {}, (), result)


def team_rating_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    fates, joined = state.get("fates", {}), {}
    ratings, values, points, words = {}, {}, {}, []
    later, status = {}, {}  # what the earlier steps changed, by (side, number or None, what)
    for step in state.get("steps", ()):
        for change in step.changes:
            if change.what == "join":
                joined.setdefault(change.side, []).append(change.detail)
            if change.what == "status":  # the last word on him: M written, or rubbed out
                status[(change.side, change.number)] = change.detail
            key = (change.side, change.number, change.what)
            later[key] = later.get(key, 0) + change.amount
    for side in SIDES:
        team = before.side(side)
        kept = [p for p in team.roster() if not getattr(fates.get((side, p.number)), "dead", 0)]
        race = ruleset.races.get(team.race)
        raised = sum(race.position(name).cost for name in joined.get(side, ())) if race else 0
        ff = team.fan_factor + later.get((side, None, "fan_factor"), 0)
        players = [replace(p, status=status.get((side, p.number), p.status)) for p in kept]
        values[side] = value = _worth(ruleset, team, players, ff) + raised
        points[side] = spp = sum(p.spp + later.get((side, p.number, "spp"), 0) for p in kept)
        ratings[side] = rating = gdbbl.team_rating(ruleset, value, spp)
        words.append(f"{team.team}: {value:,} gp / 10,000 + {spp} SPP / 5 = rating {rating}.")
    words.append("Worked out again when it is next needed, after any purchases.")
    inputs = {"rating": ratings, "value": values, "spp": points}
    return Step("team_rating", "Team rating", inputs, (), " ".join(words))


STEPS = {
    "injuries": injuries_step,
    "winnings": winnings_step,
    "mvp": mvp_step,
    "spp": spp_step,
    "fan_factor": fan_factor_step,
    "clear_and_expire": clear_and_expire_step,
    "purchases": purchases_step,
    "team_rating": team_rating_step,
}
