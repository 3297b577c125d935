"""LRB6's post-game steps, in the order of its sequence (winnings, fan factor, MVP, SPP; the
casualties, expenses and hires follow in a later step list). Every number comes from the
ruleset's tables and settings:

- winnings: (D6 + FAME, +1 for a win or a draw) x 10,000; the winner may re-roll once and
  keeps the second die (`winnings_reroll_for_winner`; with server dice the server re-rolls a
  first die of `winnings_reroll_at_most` or less);
- fan factor: the winner rolls 3D6, the others 2D6: up on a total above the fan factor after
  a win or a draw, down on one below it after a loss or a draw, between `fan_factor_floor`
  and `fan_factor_max`;
- the MVPs the report recorded, and the SPP of the SPP table: the casualty SPP only for a
  block or a blitz with ordinary means (fouls and crowd pushes as their settings say), none
  for star players or mercenaries.

A concession changes them as the concession_* settings say: the score first
(`concession_score`), then the winnings, the conceder's fan factor and the MVPs (the report
already records the MVPs `concession_spp` allows)."""

from __future__ import annotations

import re
from collections import Counter

from rules.engine.checks import optional_setting, param
from rules.engine.experience import experience_level
from rules.engine.fans import dice_count, fan_factor_change
from rules.engine.kick_off import gate
from rules.engine.money import winnings
from rules.engine.post_game.steps import Change, DiceSource, MatchBefore, PostGame, Step, other
from rules.engine.report_checks import counted_actions
from rules.engine.report_entry import SIDES
from rules.engine.ruleset import Ruleset

NO_SPP = ("star", "mercenary")  # they keep nothing from the match
RESULT_NAMES = {"win": "won", "draw": "drew", "loss": "lost"}
COUNTERS = {"touchdown": "touchdowns", "completion": "completions",
            "interception": "interceptions"}  # fmt: skip
REROLL_AT_MOST = 3  # winnings_reroll_at_most's default (a re-roll averages 3.5)
# The dice the sequence reads, by purpose: entered by each coach until the report applies.
POST_GAME_PURPOSE = re.compile(
    r"^(?:(?:winnings(?: re-roll)?|fan factor|gate) for (?:home|away)"
    r"|veteran for (?:home|away) #\d+)$"
)


def winnings_purpose(side: str, reroll: bool = False) -> str:
    return f"winnings {'re-roll ' if reroll else ''}for {side}"


def fan_factor_purpose(side: str) -> str:
    return f"fan factor for {side}"


def gate_purpose(side: str) -> str:
    return f"gate for {side}"


def _results(ruleset: Ruleset, before: MatchBefore, state: dict) -> dict[str, str]:
    """Each side's result, and the score it rests on, after a concession."""
    if "results" in state:
        return state["results"]
    report = before.report
    score = {side: report.touchdowns(side) for side in SIDES}
    conceded = report.concession.side if report.concession else None
    if conceded and optional_setting(ruleset, "concession_score", "winner_leads_by_one") == (
        "winner_leads_by_one"
    ):
        winner = other(conceded)
        score[winner] = max(score[winner], score[conceded] + 1)  # awarded, no SPP
    results = {}
    for side in SIDES:
        mine, theirs = score[side], score[other(side)]
        results[side] = "win" if mine > theirs else "loss" if mine < theirs else "draw"
    if conceded:  # whatever the score, the team that conceded lost the match
        results[conceded], results[other(conceded)] = "loss", "win"
    state["results"], state["score"] = results, score
    return results


def _fame(ruleset: Ruleset, before: MatchBefore, dice: DiceSource) -> tuple[dict, list]:
    """Each team's FAME at kick-off: as recorded with the gate, or from the gate's dice."""
    fame = {side: before.side(side).fame for side in SIDES}
    if all(value is not None for value in fame.values()):
        return fame, []
    read = [dice.roll(gate_purpose(side), "2D6") for side in SIDES]
    g = gate(ruleset, read[0].total, before.home.fan_factor, read[1].total, before.away.fan_factor)
    return {"home": g.home_fame, "away": g.away_fame, "fans": (g.home_fans, g.away_fans)}, read


def winnings_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    results = _results(ruleset, before, state)
    fame, rolled = _fame(ruleset, before, dice)
    conceded = before.report.concession
    policy = optional_setting(ruleset, "concession_winnings", "conceder_loses_to_opponent")
    may_reroll = bool(optional_setting(ruleset, "winnings_reroll_for_winner", True))
    at_most = int(optional_setting(ruleset, "winnings_reroll_at_most", REROLL_AT_MOST))
    gold, words, changes = {}, [], []
    if "fans" in fame:  # the gate was never recorded before kick-off: its dice are read now
        home, away = fame.pop("fans")
        words.append(
            f"The gate was not recorded before kick-off: {before.home.team} {home:,} fans, "
            f"{before.away.team} {away:,} (FAME {fame['home']} and {fame['away']})."
        )
    for side in SIDES:
        team = before.side(side).team
        if conceded and conceded.side == side and policy == "conceder_gets_none":
            gold[side] = 0
            words.append(f"{team} conceded: no winnings (concession_winnings).")
            continue
        first = dice.roll(winnings_purpose(side), "D6")
        rolled.append(first)
        die, note = first, ""
        if may_reroll and results[side] == "win":
            again = winnings_purpose(side, reroll=True)
            server_chooses = first.source == "rolled" and first.total <= at_most
            if dice.has(again) or server_chooses:
                die = dice.roll(again, "D6")
                rolled.append(die)
                note = f"{first.total}, re-rolled: "
        gold[side] = winnings(ruleset, die.total, fame[side], results[side] in ("win", "draw"))
        bonus = int(param(ruleset.table("winnings"), "win_or_draw_bonus"))
        plus = f" + {bonus}" if results[side] in ("win", "draw") else ""
        words.append(
            f"{team} {RESULT_NAMES[results[side]]}: (D6 {note}{die.total} + FAME {fame[side]}"
            f"{plus}) × {int(param(ruleset.table('winnings'), 'multiplier')):,} = "
            f"{gold[side]:,} gp."
        )
    if conceded and policy == "conceder_loses_to_opponent":
        winner, lost = other(conceded.side), conceded.side
        words.append(
            f"{before.side(lost).team} conceded: its {gold[lost]:,} gp go to "
            f"{before.side(winner).team} (concession_winnings)."
        )
        gold[winner], gold[lost] = gold[winner] + gold[lost], 0
    changes = [Change(side, "treasury", gold[side], why="winnings") for side in SIDES if gold[side]]
    state["winnings"] = gold
    inputs = {"results": dict(results), "fame": fame, "score": dict(state["score"])}
    return Step("winnings", "Winnings", inputs, tuple(rolled), " ".join(words), tuple(changes))


def fan_factor_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    results = _results(ruleset, before, state)
    conceded = before.report.concession
    automatic = optional_setting(ruleset, "concession_fan_factor", "conceder_loses_one") == (
        "conceder_loses_one"
    )
    penalised = conceded is not None and (
        not conceded.forced or optional_setting(ruleset, "concession_penalties_when_forced", False)
    )
    floor = int(optional_setting(ruleset, "fan_factor_floor", 0))
    cap = int(optional_setting(ruleset, "fan_factor_max", 0))
    rolled, words, changes = [], [], []
    for side in SIDES:
        team, ff = before.side(side).team, before.side(side).fan_factor
        if conceded and conceded.side == side and automatic and penalised:
            change = -1 if ff - 1 >= floor else 0
            words.append(
                f"{team} conceded: fan factor {ff} → {ff + change} without a roll"
                f"{' (it cannot drop below ' + str(floor) + ')' if not change else ''}."
            )
        else:
            count = dice_count(ruleset, results[side])
            die = dice.roll(fan_factor_purpose(side), f"{count}D6")
            rolled.append(die)
            change = fan_factor_change(ruleset, results[side], die.values, ff)
            capped = cap > 0 and change > 0 and ff + change > cap  # it never stops a loss
            change = 0 if capped else change
            against = "above" if die.total > ff else "below" if die.total < ff else "equal to"
            words.append(
                f"{team} {RESULT_NAMES[results[side]]}: {count}D6 {die.total}, {against} fan "
                f"factor {ff}: {ff} → {ff + change}"
                f"{f' (fan_factor_max {cap})' if capped else ''}."
            )
        state.setdefault("fan_factor", {})[side] = change
        if change:
            why = (
                "concession"
                if not any(d.purpose == fan_factor_purpose(side) for d in rolled)
                else "fan factor roll"
            )
            changes.append(Change(side, "fan_factor", change, why=why))
    inputs = {"results": dict(results), "fan_factor": {s: before.side(s).fan_factor for s in SIDES}}
    return Step("fan_factor", "Fan factor", inputs, tuple(rolled), " ".join(words), tuple(changes))


def mvp_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    words, changes = [], []
    for side in SIDES:
        team = before.side(side)
        named = []
        for number in before.mvps.get(side, ()):
            player = team.player(number)
            name = player.name if player else f"#{number}"
            named.append(f"#{number} {name}")
            key = player.key if player and player.kind == "roster" else ""
            changes.append(Change(side, "mvps", 1, number, key, "MVP"))
        words.append(f"{team.team}: {', '.join(named) if named else 'no MVP'}.")
    return Step("mvp", "Most Valuable Player", {"mvps": dict(before.mvps)}, (), " ".join(words),
                tuple(changes))  # fmt: skip


def _casualties_caused(ruleset: Ruleset, before: MatchBefore) -> Counter:
    """(side, number) -> the casualties that earn him SPP."""
    fouls = bool(optional_setting(ruleset, "spp_for_foul_casualties", False))
    crowd = bool(optional_setting(ruleset, "spp_for_crowd_casualties", False))
    earned: Counter = Counter()
    for casualty in before.report.casualties:
        causer = casualty.causer
        if causer is None or causer.side == casualty.victim.side:
            continue
        counts = (casualty.action in ("block", "blitz") and casualty.means == "ordinary") or (
            casualty.action == "foul" and casualty.means == "ordinary" and fouls
        )
        counts = counts or (casualty.means == "crowd" and crowd)
        if counts:
            earned[(causer.side, causer.number)] += 1
    return earned


def spp_awards(ruleset: Ruleset) -> tuple[dict[str, int], dict[str, str]]:
    """(action -> SPP, action -> its name) from the spp_awards table."""
    rows = ruleset.table("spp_awards").rows
    worth = {str(row.values["action"]): int(row.values["spp"]) for row in rows}
    return worth, {str(row.values["action"]): str(row.values.get("name", "")) for row in rows}


def spp_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    worth, names = spp_awards(ruleset)
    caused = _casualties_caused(ruleset, before)
    actions = counted_actions(ruleset)
    words, changes = [], []
    for side in SIDES:
        team, lines = (
            before.side(side),
            {line.number: line for line in before.report.of(side).players},
        )
        mvps = Counter(before.mvps.get(side, ()))
        numbers = sorted(set(lines) | set(mvps) | {n for s, n in caused if s == side})
        for number in numbers:
            player = team.player(number)
            if player is None or player.kind in NO_SPP:
                continue
            entered = lines[number].actions if number in lines else {}
            did = Counter({a: n for a, n in entered.items() if a in actions})
            did["casualty"] += caused[(side, number)]
            did["mvp"] += mvps[number]
            gained = sum(worth.get(action, 0) * count for action, count in did.items())
            if not gained and not any(did.values()):
                continue
            key = player.key if player.kind == "roster" else ""
            parts = ", ".join(f"{count} × {names.get(a, a)}" for a, count in did.items() if count)
            if gained:
                changes.append(Change(side, "spp", gained, number, key, parts))
                state.setdefault("spp", {})[(side, number)] = gained
            for action, counter in COUNTERS.items():
                if did[action]:
                    changes.append(Change(side, counter, did[action], number, key, action))
            if did["casualty"]:
                changes.append(Change(side, "casualties", did["casualty"], number, key))
            words.append(_spp_words(ruleset, player, gained, parts))
    result = " ".join(words) if words else "Nobody earned Star Player Points."
    return Step("spp", "Star Player Points", {}, (), result, tuple(changes))


def _spp_words(ruleset: Ruleset, player, gained: int, parts: str) -> str:
    text = f"#{player.number} {player.name}: {parts} = {gained} SPP"
    if player.kind == "roster":
        was, now = (
            experience_level(ruleset, player.spp),
            experience_level(ruleset, player.spp + gained),
        )
        text += f" ({player.spp} → {player.spp + gained})"
        if now.improvement_rolls > was.improvement_rolls:
            text += f", now {now.title}: an improvement roll is due"
    elif player.kind == "journeyman":
        text += " (kept only if he is hired)"
    return text + "."


def level_ups(ruleset: Ruleset, before: MatchBefore, post: PostGame) -> dict[str, list[int]]:
    """The roster players whose SPP reach a new level: an improvement roll is due. None stays
    due for a player who died or left the team."""
    return {side: sorted(due) for side, due in rolls_due(ruleset, before, post).items()}


def rolls_due(ruleset: Ruleset, before: MatchBefore, post: PostGame) -> dict[str, dict[int, int]]:
    """How many rolls each of those players earned: one per level reached (a GDBBL rookie
    who scores 11 SPP at once reaches two)."""
    gone = {(c.side, c.number) for step in post.steps for c in step.changes
            if c.what == "status" and c.detail in ("dead", "retired")}  # fmt: skip
    ups: dict[str, dict[int, int]] = {side: {} for side in SIDES}
    for side in SIDES:
        for player in before.side(side).players:
            if player.kind != "roster" or (side, player.number) in gone:
                continue
            gained = post.total(side, "spp", player.number)
            was = experience_level(ruleset, player.spp).improvement_rolls
            now = experience_level(ruleset, player.spp + gained).improvement_rolls
            if gained and now > was:
                ups[side][player.number] = now - was
    return ups


# The first four steps of LRB6's sequence; rules.engine.post_game.lrb6_roster has the rest.
STEPS = {
    "winnings": winnings_step,
    "fan_factor": fan_factor_step,
    "mvp": mvp_step,
    "spp": spp_step,
}
