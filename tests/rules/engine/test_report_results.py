"""The results of the two results-only rulesets (rules.engine.report_results, through
`report_check`). Blitz Bowl (004): 4 points a touchdown, the Challenge cards' printed
points, 2 a Clean Sweep and the Bonus Play points (the points table); a win on points, a
draw, or Sudden Death at 10 or more behind (8 with the regional league's roll 7, World's
Edge Superleague), never once an Endgame card is active. 1st edition (002): the Veterans
Rules agreed per match (the veterans_rules table), the dead only where the league strikes
them off and the Veterans Injury Table is in play, and a match played to a touchdown
target won by exactly that many."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.report_checks import report_check
from rules.engine.report_entry import (
    CasualtyEntry,
    Concession,
    Line,
    Ref,
    ReportEntry,
    SideEntry,
)
from rules.engine.report_results import blitz_bowl_score, veterans_sections
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.report_facts import edition, match, messages

VETERANS_RULES = (
    "teams",
    "setting_up",
    "movement",
    "tackle_zones",
    "blocks",
    "throwing",
    "special_teams",
)


def blitz_bowl(**settings) -> Ruleset:
    return with_settings(edition("blitz-bowl"), **settings)


def first_edition(**settings) -> Ruleset:
    return with_settings(edition("first-edition"), **settings)


def problems(ruleset: Ruleset, entry: ReportEntry, field: str | None = None) -> list[str]:
    return messages(report_check(ruleset, match(), entry).problems, field)


def scored(touchdowns: int = 0, challenge: int = 0, sweeps: int = 0, bonus: int = 0) -> SideEntry:
    """A Blitz Bowl side whose score adds up: 4 × touchdowns + challenge + 2 × sweeps + bonus."""
    return SideEntry(
        challenge_points=challenge,
        clean_sweeps=sweeps,
        bonus_points=bonus,
        score=4 * touchdowns + challenge + 2 * sweeps + bonus,
    )


def game(home: tuple[int, ...], away: tuple[int, ...], **fields) -> ReportEntry:
    """A Blitz Bowl report: each side as (touchdowns, challenge, sweeps, bonus)."""
    return ReportEntry(
        home_touchdowns=home[0],
        away_touchdowns=away[0],
        home=scored(*home),
        away=scored(*away),
        **fields,
    )


# --- Blitz Bowl: the score ------------------------------------------------------------------


@given(
    touchdowns=st.integers(0, 20),
    challenge=st.integers(0, 60),
    sweeps=st.integers(0, 10),
    bonus=st.integers(0, 20),
)
def test_a_blitz_bowl_score_adds_4_a_touchdown_the_cards_2_a_sweep_and_the_bonus_play(
    touchdowns: int, challenge: int, sweeps: int, bonus: int
) -> None:
    side = scored(touchdowns, challenge, sweeps, bonus)
    entry = ReportEntry(
        home_touchdowns=touchdowns,
        home=side,
        away=side,
        away_touchdowns=touchdowns,
        win_type="draw",
    )
    assert blitz_bowl_score(edition("blitz-bowl"), entry, "home") == side.score
    assert problems(blitz_bowl(), entry) == []
    one_off = replace(entry, home=replace(side, score=side.score + 1))
    assert problems(blitz_bowl(), one_off, "home.score") == [
        f"Reikland Reavers's score is {side.score + 1}, but 4 × {touchdowns} touchdowns + "
        f"{challenge} challenge + 2 × {sweeps} clean sweeps + {bonus} bonus play make "
        f"{side.score}."
    ]


def test_the_points_come_from_the_points_table() -> None:
    ruleset = edition("blitz-bowl")
    table = ruleset.table("points")
    rows = tuple(
        replace(row, values={**row.values, "points": 5})
        if row.values["action"] == "touchdown"
        else row
        for row in table.rows
    )
    house = replace(ruleset, tables={**ruleset.tables, "points": replace(table, rows=rows)})
    entry = ReportEntry(home_touchdowns=2, home=SideEntry(clean_sweeps=1))
    assert blitz_bowl_score(house, entry, "home") == 2 * 5 + 2
    assert blitz_bowl_score(ruleset, entry, "home") == 2 * 4 + 2


def test_each_side_gives_its_score() -> None:
    entry = ReportEntry(home=SideEntry(score=0), away=SideEntry(), win_type="draw")
    assert problems(blitz_bowl(), entry) == ["Give Gouged Eye's score."]


@pytest.mark.parametrize("name", ["challenge_points", "clean_sweeps", "bonus_points"])
def test_no_blitz_bowl_count_is_negative(name: str) -> None:
    side = replace(scored(), **{name: -1}, score=-2 if name == "clean_sweeps" else -1)
    entry = ReportEntry(home=side, away=scored(), win_type="points")
    what = name.replace("_", " ")
    assert problems(blitz_bowl(), entry, f"home.{name}") == [
        f"Reikland Reavers's {what} cannot be -1."
    ]


def test_per_card_entry_lists_every_card_with_its_printed_points() -> None:
    ruleset = blitz_bowl(challenge_points_entry="per_card")
    cards = (("Pick-Me-Up", 2), ("Stand Firm", 3))
    home = SideEntry(challenge_cards=cards, score=4 + 5)
    entry = ReportEntry(home_touchdowns=1, home=home, away=scored(), win_type="points")
    assert problems(ruleset, entry) == []


def test_per_card_entry_refuses_a_bare_total() -> None:
    ruleset = blitz_bowl(challenge_points_entry="per_card")
    entry = ReportEntry(home=scored(challenge=5), away=scored(), win_type="points")
    assert problems(ruleset, entry, "home.challenge_cards") == [
        "This league lists every Challenge card claimed: list Reikland Reavers's cards."
    ]


def test_a_card_cannot_score_below_zero() -> None:
    ruleset = blitz_bowl(challenge_points_entry="per_card")
    home = SideEntry(challenge_cards=(("Bad Card", -1),), score=-1)
    entry = ReportEntry(home=home, away=scored(), win_type="points")
    assert problems(ruleset, entry, "home.card 'Bad Card'") == [
        "Reikland Reavers's card 'Bad Card' cannot be -1."
    ]


def test_a_match_total_league_refuses_a_list_of_cards() -> None:
    home = SideEntry(challenge_cards=(("Stand Firm", 3),), score=0)
    entry = ReportEntry(home=home, away=scored(), win_type="draw")
    assert problems(blitz_bowl(), entry, "home.challenge_cards") == [
        "This league enters Reikland Reavers's Challenge points as one total, not per card."
    ]


# --- Blitz Bowl: the win --------------------------------------------------------------------


def test_a_draw_needs_equal_scores() -> None:
    assert problems(blitz_bowl(), game((1, 4), (2, 0), win_type="draw")) == []
    assert problems(blitz_bowl(), game((1, 3), (1, 0), win_type="draw")) == [
        "A draw needs equal scores, not 7–4."
    ]


def test_a_win_on_points_needs_a_higher_score() -> None:
    assert problems(blitz_bowl(), game((1, 0), (0, 3), win_type="points")) == []
    assert problems(blitz_bowl(), game((1, 0), (1, 0), win_type="points")) == [
        "At 4–4 the match is a draw."
    ]


def test_sudden_death_at_10_or_more_points_behind() -> None:
    assert problems(blitz_bowl(), game((3, 0), (0, 2), win_type="sudden_death")) == []
    assert problems(blitz_bowl(), game((0, 1), (3, 1), win_type="sudden_death")) == []
    assert problems(blitz_bowl(), game((3, 0), (0, 3), win_type="sudden_death")) == [
        "Sudden Death needs Gouged Eye 10 or more points behind, not 9."
    ]


def test_the_worlds_edge_superleague_brings_sudden_death_to_8_behind() -> None:
    ruleset = blitz_bowl(regional_league=True)
    eight = game((2, 0), (0, 0), win_type="sudden_death", regional_roll=7)
    assert problems(ruleset, eight) == []
    seven = game((2, 0), (0, 1), win_type="sudden_death", regional_roll=7)
    assert problems(ruleset, seven) == [
        "Sudden Death needs Gouged Eye 8 or more points behind, not 7."
    ]


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6, 8])
def test_every_other_regional_rule_keeps_sudden_death_at_10(roll: int) -> None:
    ruleset = blitz_bowl(regional_league=True)
    eight = game((2, 0), (0, 0), win_type="sudden_death", regional_roll=roll)
    assert problems(ruleset, eight) == [
        "Sudden Death needs Gouged Eye 10 or more points behind, not 8."
    ]


def test_no_sudden_death_once_an_endgame_card_is_active() -> None:
    ruleset = blitz_bowl(advanced_endgame=True)
    entry = game((3, 0), (0, 0), win_type="sudden_death", endgame_active=True)
    assert problems(ruleset, entry) == ["Once an Endgame card is active there is no Sudden Death."]
    assert problems(ruleset, replace(entry, win_type="points")) == []


def test_an_endgame_card_needs_the_advanced_endgame() -> None:
    entry = game((3, 0), (0, 0), win_type="points", endgame_active=True)
    assert problems(blitz_bowl(), entry) == ["This league plays without the Endgame cards."]


@pytest.mark.parametrize("win", ["", "forfeit", "touchdowns"])
def test_the_win_is_points_sudden_death_or_a_draw(win: str) -> None:
    assert problems(blitz_bowl(), game((1, 0), (0, 0), win_type=win)) == [
        "The win is points, sudden_death or draw."
    ]


def test_an_unknown_win_is_refused_alongside_other_problems() -> None:
    entry = ReportEntry(home=SideEntry(), away=scored(), win_type="forfeit")
    assert problems(blitz_bowl(), entry) == [
        "Give Reikland Reavers's score.",
        "The win is points, sudden_death or draw.",
    ]


# --- Blitz Bowl: the regional league -------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 8])
def test_the_regional_league_roll_is_a_d8(roll: int) -> None:
    entry = game((1, 0), (0, 0), win_type="points", regional_roll=roll)
    assert problems(blitz_bowl(regional_league=True), entry) == []


@pytest.mark.parametrize("roll", [None, 0, 9])
def test_a_regional_league_needs_its_roll(roll) -> None:
    entry = game((1, 0), (0, 0), win_type="points", regional_roll=roll)
    assert problems(blitz_bowl(regional_league=True), entry) == [
        "Give the regional league roll (D8: 1-8)."
    ]


def test_no_regional_roll_without_the_regional_league() -> None:
    entry = game((1, 0), (0, 0), win_type="points", regional_roll=7)
    assert problems(blitz_bowl(), entry) == ["This league plays no regional league rule."]


# --- Blitz Bowl: nothing of a league report ---------------------------------------------------


def test_blitz_bowl_has_no_lines_mvps_casualties_or_concession() -> None:
    entry = replace(
        game((1, 0), (0, 0), win_type="points"),
        home=replace(scored(1), players=(Line(1, {"touchdown": 1}),)),
        away=replace(scored(), mvps=(2,)),
        casualties=(CasualtyEntry(Ref("away", 3), Ref("home", 1)),),
        concession=Concession("away", 2, 3),
    )
    assert problems(blitz_bowl(), entry) == [
        "Blitz Bowl reports have no player lines or MVPs.",
        "Blitz Bowl reports have no player lines or MVPs.",
        "Blitz Bowl reports record no concession.",
        "Blitz Bowl has no casualties to record.",
    ]


def test_a_blitz_bowl_report_rolls_no_dice_and_draws_no_mvp() -> None:
    found = report_check(blitz_bowl(), match(), game((1, 0), (0, 0), win_type="points"))
    assert (found.problems, found.unfinished, found.dice, found.mvps) == ([], [], [], {})


# --- 1st edition: the Veterans Rules --------------------------------------------------------


def test_the_veterans_rules_are_the_sections_of_the_table() -> None:
    assert veterans_sections(edition("first-edition")) == VETERANS_RULES


def won(home_touchdowns: int = 2, away_touchdowns: int = 1, **fields) -> ReportEntry:
    return ReportEntry(home_touchdowns=home_touchdowns, away_touchdowns=away_touchdowns, **fields)


def test_coaches_agree_any_veterans_rules_for_their_match() -> None:
    ruleset = first_edition(veterans_rules="agreed_per_match")
    assert problems(ruleset, won(veterans_rules=VETERANS_RULES)) == []
    assert problems(ruleset, won(veterans_rules=("movement", "blocks"))) == []
    assert problems(ruleset, won()) == []


def test_an_unknown_veterans_rule_is_refused() -> None:
    ruleset = first_edition(veterans_rules="agreed_per_match")
    assert problems(ruleset, won(veterans_rules=("sequence_of_play",))) == [
        f"'sequence_of_play' is not a Veterans Rule; choose among {', '.join(VETERANS_RULES)}."
    ]


def test_each_veterans_rule_is_agreed_once() -> None:
    ruleset = first_edition(veterans_rules="agreed_per_match")
    assert problems(ruleset, won(veterans_rules=("blocks", "blocks"))) == [
        "Each Veterans Rule is agreed once."
    ]


@pytest.mark.parametrize(
    ("rule", "played"), [("all", "every Veterans Rule"), ("none", "the standard game")]
)
def test_nothing_is_agreed_where_the_league_fixed_the_veterans_rules(rule: str, played) -> None:
    assert problems(first_edition(veterans_rules=rule), won(veterans_rules=("blocks",))) == [
        f"This league plays {played}: there is nothing to agree per match."
    ]


# --- 1st edition: the dead --------------------------------------------------------------------

DEATH = CasualtyEntry(Ref("away", 3), Ref("home", 1))


@pytest.mark.parametrize(
    ("rule", "agreed"),
    [("all", ()), ("agreed_per_match", ("tackle_zones",)), ("agreed_per_match", VETERANS_RULES)],
)
def test_the_dead_are_struck_off_with_the_veterans_injury_table(rule: str, agreed) -> None:
    ruleset = first_edition(dead_players_removed=True, veterans_rules=rule)
    assert problems(ruleset, won(casualties=(DEATH,), veterans_rules=agreed)) == []


@pytest.mark.parametrize(
    ("rule", "agreed"),
    [("none", ()), ("agreed_per_match", ()), ("agreed_per_match", ("movement", "blocks"))],
)
def test_nobody_dies_without_the_veterans_injury_table(rule: str, agreed) -> None:
    ruleset = first_edition(dead_players_removed=True, veterans_rules=rule)
    assert problems(ruleset, won(casualties=(DEATH,), veterans_rules=agreed)) == [
        "Nobody dies without the Veterans Injury Table (Veterans Rules: tackle zones)."
    ]


def test_nothing_carries_over_unless_the_league_strikes_off_the_dead() -> None:
    # first-edition dead_players_removed: off by default (002 l.621 is a joke, not a rule).
    assert problems(first_edition(), won(casualties=(DEATH,))) == [
        "Nothing carries over in this league (dead_players_removed is off): no deaths to record."
    ]


def test_a_player_dies_once() -> None:
    ruleset = first_edition(dead_players_removed=True)
    assert problems(ruleset, won(casualties=(DEATH, DEATH)), "casualties.2") == [
        "Death 2: #3 Cal dies only once."
    ]


def test_a_first_edition_death_has_no_dice_or_helper() -> None:
    ruleset = first_edition(dead_players_removed=True)
    rolled = replace(DEATH, dice={"casualty": (6, 1)})
    assert problems(ruleset, won(casualties=(rolled,))) == [
        "Death 1: 1st edition records the death only, no dice."
    ]
    helped = replace(DEATH, helper="apothecary")
    assert problems(ruleset, won(casualties=(helped,))) == [
        "Death 1: 1st edition records the death only, no dice."
    ]


def test_a_first_edition_death_names_a_player_of_the_match() -> None:
    ruleset = first_edition(dead_players_removed=True)
    stranger = CasualtyEntry(Ref("away", 42), Ref("home", 1))
    assert problems(ruleset, won(casualties=(stranger,))) == [
        "Death 1's victim: Gouged Eye has no player #42."
    ]


def test_a_first_edition_death_keeps_the_causes_rules() -> None:
    ruleset = first_edition(dead_players_removed=True)
    unnamed = CasualtyEntry(Ref("away", 3))
    assert problems(ruleset, won(casualties=(unnamed,))) == ["Death 1: say who made the block."]


# --- 1st edition: the score -------------------------------------------------------------------


@pytest.mark.parametrize(("home", "away"), [(2, 0), (2, 1), (0, 2), (1, 2)])
def test_the_winner_scores_exactly_the_target_and_the_loser_fewer(home: int, away: int) -> None:
    assert problems(first_edition(), won(home, away)) == []


@pytest.mark.parametrize(("home", "away"), [(1, 0), (3, 1), (2, 2), (0, 0), (3, 0)])
def test_any_other_score_misses_the_target_of_2(home: int, away: int) -> None:
    assert problems(first_edition(), won(home, away)) == [
        "This league plays to 2 touchdowns: the winner scores exactly 2 and the loser fewer, "
        f"not {home}–{away}."
    ]


def test_the_touchdown_target_is_the_leagues() -> None:
    ruleset = first_edition(touchdowns_to_win=3)
    assert problems(ruleset, won(3, 2)) == []
    assert problems(ruleset, won(2, 1), "home_touchdowns") == [
        "This league plays to 3 touchdowns: the winner scores exactly 3 and the loser fewer, "
        "not 2–1."
    ]


@pytest.mark.parametrize(("home", "away"), [(0, 0), (5, 4), (1, 1), (20, 0)])
def test_a_match_to_a_time_limit_ends_on_any_score(home: int, away: int) -> None:
    assert problems(first_edition(match_length="time_limit"), won(home, away)) == []


def test_first_edition_results_have_no_win_type_regional_roll_or_card() -> None:
    for fields in ({"win_type": "points"}, {"regional_roll": 7}, {"endgame_active": True}):
        assert problems(first_edition(), won(**fields)) == [
            "1st edition results have no win type or cards."
        ]


def test_first_edition_has_no_lines_mvps_or_concession() -> None:
    entry = won(
        home=SideEntry(players=(Line(1, {"touchdown": 2}),), mvps=(1,)),
        concession=Concession("away", 1, 2),
    )
    assert problems(first_edition(), entry) == [
        "1st edition reports have no player lines or MVPs.",
        "1st edition reports record no concession.",
    ]
