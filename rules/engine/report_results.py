"""The results of the two results-only rulesets, checked against their rules.

Blitz Bowl (004): the score is 4 per touchdown, the Challenge cards' printed points, 2 per
Clean Sweep and the Bonus Play points (the points table); the win is on points, a draw, or
Sudden Death when the loser is 10 or more behind (8 with the World's Edge Superleague, the
regional league's 7), never once an Endgame card was active.

1st edition (002): touchdowns; the Veterans Rules the coaches agreed for this match; the
dead, only where the league strikes them off and only where the Veterans Injury Table was in
play; a match played to a touchdown target ends when the winner reaches it."""

from __future__ import annotations

from rules.engine.errors import Problem
from rules.engine.report_entry import SIDES, WIN_TYPES, MatchFacts, ReportEntry
from rules.engine.ruleset import Ruleset

SUDDEN_DEATH_BEHIND = 10  # 004 l.1616-1629
# The regional league roll whose rule moves Sudden Death to 8 behind (004 table, row 7).
WORLDS_EDGE_ROLL, WORLDS_EDGE_BEHIND = 7, 8
# The Veterans Rules section that brings the Veterans Injury Table, and with it death.
INJURY_SECTION = "tackle_zones"


def points_of(ruleset: Ruleset, action: str, default: int) -> int:
    """A fixed value of Blitz Bowl's points table (touchdown 4, clean sweep 2)."""
    try:
        value = ruleset.table("points").value_of("points", "action", action)
    except LookupError:
        return default
    return int(value) if value is not None else default


def challenge_points(ruleset: Ruleset, entry: ReportEntry, side: str) -> int:
    result = entry.of(side)
    if ruleset.settings.get("challenge_points_entry") == "per_card":
        return sum(points for _, points in result.challenge_cards)
    return result.challenge_points


def blitz_bowl_score(ruleset: Ruleset, entry: ReportEntry, side: str) -> int:
    """What the side's points add up to."""
    result = entry.of(side)
    return (
        points_of(ruleset, "touchdown", 4) * entry.touchdowns(side)
        + challenge_points(ruleset, entry, side)
        + points_of(ruleset, "clean_sweep", 2) * result.clean_sweeps
        + result.bonus_points
    )


def blitz_bowl_problems(ruleset: Ruleset, facts: MatchFacts, entry: ReportEntry) -> list[Problem]:
    problems: list[Problem] = []
    settings = ruleset.settings
    per_card = settings.get("challenge_points_entry") == "per_card"
    scores = {}
    for side in SIDES:
        team, result = facts.of(side).team, entry.of(side)
        counts = {
            "challenge_points": result.challenge_points,
            "clean_sweeps": result.clean_sweeps,
            "bonus_points": result.bonus_points,
        } | {f"card {card!r}": points for card, points in result.challenge_cards}
        for name, value in counts.items():
            if value < 0:
                what = name.replace("_", " ")
                problems.append(Problem(f"{side}.{name}", f"{team}'s {what} cannot be {value}."))
        if per_card and result.challenge_points and not result.challenge_cards:
            problems.append(
                Problem(
                    f"{side}.challenge_cards",
                    f"This league lists every Challenge card claimed: list {team}'s cards.",
                )
            )
        if not per_card and result.challenge_cards:
            problems.append(
                Problem(
                    f"{side}.challenge_cards",
                    f"This league enters {team}'s Challenge points as one total, not per card.",
                )
            )
        if result.score is None:
            problems.append(Problem(f"{side}.score", f"Give {team}'s score."))
            continue
        adds_up = blitz_bowl_score(ruleset, entry, side)
        scores[side] = result.score
        if result.score != adds_up:
            problems.append(
                Problem(
                    f"{side}.score",
                    f"{team}'s score is {result.score}, but 4 × {entry.touchdowns(side)} "
                    f"touchdowns + {challenge_points(ruleset, entry, side)} challenge + 2 × "
                    f"{result.clean_sweeps} clean sweeps + {result.bonus_points} bonus play "
                    f"make {adds_up}.",
                )
            )
    problems += _regional_and_endgame(settings, entry)
    if len(scores) == 2 and not problems:
        problems += _win_type(facts, entry, scores)
    elif entry.win_type not in WIN_TYPES:
        problems.append(Problem("win_type", "The win is points, sudden_death or draw."))
    return problems


def _regional_and_endgame(settings, entry: ReportEntry) -> list[Problem]:
    problems = []
    if settings.get("regional_league"):
        if entry.regional_roll is None or not 1 <= entry.regional_roll <= 8:
            problems.append(Problem("regional_roll", "Give the regional league roll (D8: 1-8)."))
    elif entry.regional_roll is not None:
        problems.append(Problem("regional_roll", "This league plays no regional league rule."))
    if entry.endgame_active and not settings.get("advanced_endgame"):
        problems.append(Problem("endgame_active", "This league plays without the Endgame cards."))
    return problems


def _win_type(facts: MatchFacts, entry: ReportEntry, scores: dict[str, int]) -> list[Problem]:
    home, away = scores["home"], scores["away"]
    win = entry.win_type
    if win not in WIN_TYPES:
        return [Problem("win_type", "The win is points, sudden_death or draw.")]
    if win == "draw":
        if home != away:
            return [Problem("win_type", f"A draw needs equal scores, not {home}–{away}.")]
        return []
    if home == away:
        return [Problem("win_type", f"At {home}–{away} the match is a draw.")]
    if win == "sudden_death":
        if entry.endgame_active:
            return [Problem("win_type", "Once an Endgame card is active there is no Sudden Death.")]
        behind = SUDDEN_DEATH_BEHIND
        if entry.regional_roll == WORLDS_EDGE_ROLL:
            behind = WORLDS_EDGE_BEHIND
        loser = facts.away.team if home > away else facts.home.team
        if abs(home - away) < behind:
            return [
                Problem(
                    "win_type",
                    f"Sudden Death needs {loser} {behind} or more points behind, not "
                    f"{abs(home - away)}.",
                )
            ]
    return []


def veterans_sections(ruleset: Ruleset) -> tuple[str, ...]:
    """The Veterans Rules a 1st edition match may agree, by key (the veterans_rules table)."""
    try:
        rows = ruleset.table("veterans_rules").rows
    except LookupError:
        return ()
    return tuple(str(row.values["key"]) for row in rows)


def injuries_in_play(ruleset: Ruleset, entry: ReportEntry) -> bool:
    rule = ruleset.settings.get("veterans_rules", "all")
    return rule == "all" or (rule == "agreed_per_match" and INJURY_SECTION in entry.veterans_rules)


def first_edition_problems(
    ruleset: Ruleset, facts: MatchFacts, entry: ReportEntry
) -> list[Problem]:
    problems: list[Problem] = []
    settings = ruleset.settings
    rule = settings.get("veterans_rules", "all")
    sections = veterans_sections(ruleset)
    if rule == "agreed_per_match":
        for key in entry.veterans_rules:
            if key not in sections:
                problems.append(
                    Problem(
                        "veterans_rules",
                        f"{key!r} is not a Veterans Rule; choose among {', '.join(sections)}.",
                    )
                )
        if len(set(entry.veterans_rules)) != len(entry.veterans_rules):
            problems.append(Problem("veterans_rules", "Each Veterans Rule is agreed once."))
    elif entry.veterans_rules:
        played = "every Veterans Rule" if rule == "all" else "the standard game"
        problems.append(
            Problem(
                "veterans_rules",
                f"This league plays {played}: there is nothing to agree per match.",
            )
        )
    if entry.casualties:
        if not settings.get("dead_players_removed"):
            problems.append(
                Problem(
                    "casualties",
                    "Nothing carries over in this league (dead_players_removed is off): "
                    "no deaths to record.",
                )
            )
        elif not injuries_in_play(ruleset, entry):
            problems.append(
                Problem(
                    "casualties",
                    "Nobody dies without the Veterans Injury Table (Veterans Rules: tackle zones).",
                )
            )
    if settings.get("match_length", "touchdowns") == "touchdowns":
        target = int(settings.get("touchdowns_to_win", 2))
        high, low = sorted((entry.home_touchdowns, entry.away_touchdowns), reverse=True)
        if high != target or low >= target:
            problems.append(
                Problem(
                    "home_touchdowns",
                    f"This league plays to {target} touchdowns: the winner scores exactly "
                    f"{target} and the loser fewer, not {entry.home_touchdowns}–"
                    f"{entry.away_touchdowns}.",
                )
            )
    if entry.win_type or entry.regional_roll is not None or entry.endgame_active:
        problems.append(Problem("win_type", "1st edition results have no win type or cards."))
    return problems
