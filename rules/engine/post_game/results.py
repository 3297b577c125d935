"""The post-game sequence of the two results-only rulesets: one step, the result.

Blitz Bowl (004) carries nothing from one game to the next: no money, no experience, no
lasting injuries. Its result is the score (touchdowns, Challenge cards, Clean Sweeps, Bonus
Plays), who won it and how (on points, by Sudden Death, or a draw).

Blood Bowl 1st edition (002) carries nothing either, but for one thing a league may choose
(the setting dead_players_removed): a player killed on the Veterans Injury Table is struck
off his team's roster. The report check already refuses a death where the league keeps
no deaths or the match was played without the injury table, so every death read here
counts."""

from __future__ import annotations

from rules.engine.post_game.steps import Change, DiceSource, MatchBefore, Step
from rules.engine.report_entry import SIDES
from rules.engine.report_results import injuries_in_play
from rules.engine.ruleset import Ruleset

RESULT = "result"
WIN_WORDS = {"points": "on points", "sudden_death": "by Sudden Death"}


def blitz_bowl_winner(before: MatchBefore) -> str | None:
    """The side with the higher score; None for a draw. The report check has made sure the
    win type agrees with the scores."""
    home, away = before.report.home.score or 0, before.report.away.score or 0
    if home == away:
        return None
    return "home" if home > away else "away"


def result_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    report = before.report
    blitz = ruleset.system == "blitz-bowl"
    names = {side: before.side(side).team for side in SIDES}
    inputs: dict[str, object] = {
        "home_touchdowns": report.home_touchdowns,
        "away_touchdowns": report.away_touchdowns,
    }
    if blitz:
        inputs |= {"home_score": report.home.score, "away_score": report.away.score,
                   "win_type": report.win_type}  # fmt: skip
        winner = blitz_bowl_winner(before)
        home, away = report.home.score, report.away.score
        how = f" {WIN_WORDS.get(report.win_type, '')}".rstrip()
        tds = f" (touchdowns {report.home_touchdowns}–{report.away_touchdowns})"
    else:
        inputs["veterans_rules"] = list(report.veterans_rules)
        winner = report.winner()
        home, away, how, tds = report.home_touchdowns, report.away_touchdowns, "", ""
    score = f"{names['home']} {home}–{away} {names['away']}{tds}"
    said = f"{score}: a draw." if winner is None else f"{score}: {names[winner]} win{how}."
    changes: list[Change] = []
    if not blitz:
        inputs["dead_players_removed"] = bool(ruleset.settings.get("dead_players_removed"))
        said += _veterans_said(ruleset, report.veterans_rules)
        changes, words = _struck_off(ruleset, before)
        said += "".join(f" {line}" for line in words)
    state["winner"] = winner
    return Step(RESULT, "The result", inputs, (), said, tuple(changes))


def _veterans_said(ruleset: Ruleset, agreed: tuple[str, ...]) -> str:
    """Which Veterans Rules the match used, where the coaches agree them match by match
    (under all or none the league has said it once for every match)."""
    if ruleset.settings.get("veterans_rules", "all") != "agreed_per_match":
        return ""
    if not agreed:
        return " No Veterans Rules agreed: the standard game."
    try:
        rows = ruleset.table("veterans_rules").rows
    except LookupError:  # a copy without the table: the keys will do
        rows = ()
    names = {str(row.values["key"]): str(row.values["name"]) for row in rows}
    listed = [name for key, name in names.items() if key in agreed]  # in the book's order
    listed += [key for key in agreed if key not in names]
    return " Veterans Rules agreed: " + ", ".join(listed) + "."


def _struck_off(ruleset: Ruleset, before: MatchBefore) -> tuple[list[Change], list[str]]:
    """1st edition: the dead leave the roster where the league says so (nothing else
    carries over)."""
    report = before.report
    if not ruleset.settings.get("dead_players_removed") or not injuries_in_play(ruleset, report):
        return [], []
    changes, words, seen = [], [], set()
    for casualty in report.casualties:
        side, number = casualty.victim.side, casualty.victim.number
        player = before.side(side).player(number)
        if player is None or (side, number) in seen or player.kind != "roster":
            continue  # the report check names a stranger; one dies only once
        seen.add((side, number))
        changes.append(Change(side, "status", 0, number, player.key, "killed", "dead",
                              player.status))  # fmt: skip
        team = before.side(side).team
        words.append(f"{team}'s #{number} {player.name} is dead: struck off the roster.")
    return changes, words


# Both results-only rulesets have this one step.
STEPS = {RESULT: result_step}
