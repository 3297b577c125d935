"""The one post-game step of the results-only rulesets (rules.engine.post_game.results): the
result as the coaches read it, no dice, and nothing carried over but 1st edition's dead
where the league strikes them off (the setting dead_players_removed) and the Veterans
Injury Table was in play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.edition import edition_read
from rules.engine.post_game import (
    Change,
    DiceSource,
    MatchBefore,
    PlayerBefore,
    SideBefore,
    post_game,
)
from rules.engine.post_game.results import blitz_bowl_winner
from rules.engine.report_entry import CasualtyEntry, Ref, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset

BLITZ = edition_ruleset(edition_read("blitz-bowl"))
FIRST = edition_ruleset(edition_read("first-edition"))


def first_with(**settings: object) -> Ruleset:
    return replace(FIRST, settings={**FIRST.settings, **settings})


def side(name: str, where: str, *players: PlayerBefore) -> SideBefore:
    return SideBefore(where, name, 0, None, 0, players)


def lineman(number: int, key: str = "", kind: str = "roster") -> PlayerBefore:
    return PlayerBefore(number, f"Lineman {number}", kind, key or f"p{number}")


def match(report: ReportEntry) -> MatchBefore:
    home = side("The Reavers", "home", lineman(1), lineman(2), lineman(5))
    away = side("Middenheim Wolves", "away", lineman(1), lineman(5), lineman(7))
    return MatchBefore(home, away, report, {"home": (), "away": ()})


def applied(ruleset: Ruleset, report: ReportEntry):
    dice = DiceSource({}, seed=None)  # no die is read: none may be missing
    worked = post_game(ruleset, match(report), dice)
    assert dice.missing == []
    assert worked.dice == ()
    [step] = worked.steps
    return step


def killed(where: str, number: int) -> CasualtyEntry:
    return CasualtyEntry(Ref(where, number), action="block")


# --- Blitz Bowl -----------------------------------------------------------------------------

# 004: 4 points a touchdown, a Challenge card its printed points, 2 a Clean Sweep.
# The Reavers: 2 touchdowns (8) + 5 challenge + 1 Clean Sweep (2) + 1 Bonus Play = 16.
# The Wolves: 1 touchdown (4) + 2 challenge = 6. Ten behind: Sudden Death.
SUDDEN = ReportEntry(
    home_touchdowns=2, away_touchdowns=1, win_type="sudden_death",
    home=SideEntry(challenge_points=5, clean_sweeps=1, bonus_points=1, score=16),
    away=SideEntry(challenge_points=2, score=6),
)  # fmt: skip


def test_a_blitz_bowl_result_says_the_score_the_touchdowns_and_how_it_was_won() -> None:
    step = applied(BLITZ, SUDDEN)
    assert (step.key, step.name) == ("result", "The result")
    assert step.result == (
        "The Reavers 16–6 Middenheim Wolves (touchdowns 2–1): The Reavers win by Sudden Death."
    )
    assert dict(step.inputs) == {
        "home_touchdowns": 2, "away_touchdowns": 1, "home_score": 16, "away_score": 6,
        "win_type": "sudden_death",
    }  # fmt: skip


def test_a_blitz_bowl_points_victory_goes_to_the_higher_score_whoever_scored_more_tds() -> None:
    # The Wolves score one touchdown fewer but claim 9 challenge points: 4 + 9 = 13 to 8.
    report = ReportEntry(
        home_touchdowns=2, away_touchdowns=1, win_type="points",
        home=SideEntry(score=8), away=SideEntry(challenge_points=9, score=13),
    )  # fmt: skip
    step = applied(BLITZ, report)
    assert step.result == (
        "The Reavers 8–13 Middenheim Wolves (touchdowns 2–1): Middenheim Wolves win on points."
    )
    assert blitz_bowl_winner(match(report)) == "away"


def test_a_blitz_bowl_draw_is_a_draw() -> None:
    report = ReportEntry(
        home_touchdowns=1, away_touchdowns=1, win_type="draw",
        home=SideEntry(challenge_points=3, score=7), away=SideEntry(challenge_points=3, score=7),
    )  # fmt: skip
    step = applied(BLITZ, report)
    assert step.result == "The Reavers 7–7 Middenheim Wolves (touchdowns 1–1): a draw."
    assert blitz_bowl_winner(match(report)) is None


def test_a_blitz_bowl_result_changes_nothing_on_either_team() -> None:
    assert applied(BLITZ, SUDDEN).changes == ()


# --- 1st edition ----------------------------------------------------------------------------


def test_a_first_edition_result_is_the_touchdowns_and_the_winner() -> None:
    step = applied(FIRST, ReportEntry(home_touchdowns=1, away_touchdowns=2))
    assert step.result == "The Reavers 1–2 Middenheim Wolves: Middenheim Wolves win."
    assert dict(step.inputs) == {
        "home_touchdowns": 1, "away_touchdowns": 2, "veterans_rules": [],
        "dead_players_removed": False,
    }  # fmt: skip
    assert step.changes == ()


def test_a_first_edition_draw_played_to_a_time_limit_is_a_draw() -> None:
    ruleset = first_with(match_length="time_limit")
    step = applied(ruleset, ReportEntry(home_touchdowns=3, away_touchdowns=3))
    assert step.result == "The Reavers 3–3 Middenheim Wolves: a draw."


def test_the_dead_are_struck_off_where_the_league_says_so() -> None:
    report = ReportEntry(home_touchdowns=2, away_touchdowns=0, casualties=(killed("away", 5),))
    step = applied(first_with(dead_players_removed=True), report)
    assert step.changes == (Change("away", "status", 0, 5, "p5", "killed", "dead", "active"),)
    assert step.result == (
        "The Reavers 2–0 Middenheim Wolves: The Reavers win. "
        "Middenheim Wolves's #5 Lineman 5 is dead: struck off the roster."
    )
    assert step.inputs["dead_players_removed"] is True


def test_each_death_of_both_teams_is_struck_off_once() -> None:
    report = ReportEntry(
        home_touchdowns=2, away_touchdowns=1,
        casualties=(killed("away", 5), killed("home", 2), killed("away", 5)),
    )  # fmt: skip
    step = applied(first_with(dead_players_removed=True), report)
    assert [(c.side, c.number, c.detail) for c in step.changes] == [
        ("away", 5, "dead"), ("home", 2, "dead"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("settings", "agreed"),
    [
        ({"dead_players_removed": False}, ()),  # nothing carries over
        ({"dead_players_removed": True, "veterans_rules": "none"}, ()),  # no injury table
        ({"dead_players_removed": True, "veterans_rules": "agreed_per_match"}, ("blocks",)),
    ],
    ids=["the league keeps no deaths", "the standard game", "no tackle zones agreed"],
)
def test_nobody_is_struck_off_without_the_setting_or_the_veterans_injury_table(
    settings: dict, agreed: tuple[str, ...]
) -> None:
    report = ReportEntry(
        home_touchdowns=2, away_touchdowns=0, casualties=(killed("away", 5),),
        veterans_rules=agreed,
    )  # fmt: skip
    assert applied(first_with(**settings), report).changes == ()


def test_a_death_under_agreed_tackle_zones_is_struck_off() -> None:
    ruleset = first_with(dead_players_removed=True, veterans_rules="agreed_per_match")
    report = ReportEntry(
        home_touchdowns=2, away_touchdowns=0, casualties=(killed("away", 7),),
        veterans_rules=("tackle_zones",),
    )  # fmt: skip
    step = applied(ruleset, report)
    assert [(c.side, c.number, c.key, c.detail) for c in step.changes] == [
        ("away", 7, "p7", "dead")
    ]
    assert step.inputs["veterans_rules"] == ["tackle_zones"]
    assert step.result == (
        "The Reavers 2–0 Middenheim Wolves: The Reavers win. Veterans Rules agreed: "
        "5. Tackle Zones. Middenheim Wolves's #7 Lineman 7 is dead: struck off the roster."
    )


def test_the_result_names_the_veterans_rules_the_coaches_agreed_in_the_tables_order() -> None:
    ruleset = first_with(veterans_rules="agreed_per_match")
    report = ReportEntry(home_touchdowns=1, away_touchdowns=2,
                         veterans_rules=("movement", "teams"))  # fmt: skip
    assert applied(ruleset, report).result == (
        "The Reavers 1–2 Middenheim Wolves: Middenheim Wolves win. "
        "Veterans Rules agreed: 1. The Teams, 4. Movement."
    )


def test_a_match_with_no_veterans_rules_agreed_says_it_was_the_standard_game() -> None:
    ruleset = first_with(veterans_rules="agreed_per_match")
    assert applied(ruleset, ReportEntry(home_touchdowns=2)).result == (
        "The Reavers 2–0 Middenheim Wolves: The Reavers win. "
        "No Veterans Rules agreed: the standard game."
    )


def test_a_stranger_named_dead_changes_nothing() -> None:
    # The report check refuses him by name; the step keeps nothing for a shirt nobody wears.
    report = ReportEntry(home_touchdowns=2, away_touchdowns=0, casualties=(killed("away", 9),))
    assert applied(first_with(dead_players_removed=True), report).changes == ()
