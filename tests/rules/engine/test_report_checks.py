"""A league report checked against its ruleset and the match (rules.engine.report_checks):
the score's bounds, each player's line, the MVPs and the concession. The numbers come from
the rule data: max_touchdowns_per_team (LRB6 24, GDBBL 16, Blitz Bowl 20, 1st edition 20),
one MVP per team in LRB6 (lrb6-facts §2) and the concession settings, one MVP plus the
handicap's bonus MVPs in GDBBL (001 Post-Match, seed-gdbbl-1st-blitz §A.4), eight turns a
half. Casualties are in test_casualty_checks.py, Blitz Bowl and 1st edition results in
test_report_results.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.report_checks import mvp_candidates, report_check, setting
from rules.engine.report_entry import Concession, Line, Member, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.gdbbl_like import without_settings
from tests.rules.report_facts import (
    ROSTER,
    die,
    edition,
    fields,
    match,
    messages,
    rolled,
    side,
)

# Who takes part in the typed-in teams (report_facts.ROSTER): #10 is dead, #11 misses it.
TOOK_PART = (1, 2, 3, 4, 7, 8, 9)
STAR = Member(20, "Morg", kind="star", star=True)
HIRED_STAR = Member(21, "Griff Oberwald", star=True)  # a star hired for good
JOURNEYMAN = Member(30, "Journeyman", kind="journeyman")
MERCENARY = Member(31, "Mercenary", kind="mercenary")
FREEBOOTER = Member(40, "Freebooter", kind="freebooter")


def lrb6(**settings) -> Ruleset:
    return with_settings(edition("lrb6"), **settings)


def gdbbl(**settings) -> Ruleset:
    return with_settings(edition("gdbbl"), **settings)


def both(**fields) -> dict[str, SideEntry]:
    """The same side entry for home and away."""
    return {"home": SideEntry(**fields), "away": SideEntry(**fields)}


def check(ruleset: Ruleset, entry: ReportEntry, facts=None, rolled_dice=None):
    return report_check(ruleset, facts or match(), entry, rolled_dice)


def with_lines(*lines: Line, touchdowns: int = 0) -> ReportEntry:
    """Home's lines, every MVP drawn at the table (#1), so only the lines are checked."""
    return ReportEntry(
        home_touchdowns=touchdowns,
        home=SideEntry(players=lines, mvps=(1,)),
        away=SideEntry(mvps=(1,)),
    )


# --- The score -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "most", "settings"),
    [
        ("lrb6", 24, {}),
        ("gdbbl", 16, {}),
        ("blitz-bowl", 20, {}),
        ("first-edition", 20, {"match_length": "time_limit"}),
    ],
)
def test_a_team_scores_at_most_the_rulesets_touchdowns(slug, most: int, settings) -> None:
    ruleset = with_settings(edition(slug), **settings)
    most_of_all = check(ruleset, ReportEntry(home_touchdowns=most, away_touchdowns=0))
    assert messages(most_of_all.problems, "home_touchdowns") == []
    one_more = check(ruleset, ReportEntry(home_touchdowns=most + 1, away_touchdowns=0))
    assert messages(one_more.problems, "home_touchdowns") == [
        f"Reikland Reavers's touchdowns are 0 to {most}, not {most + 1}."
    ]


def test_touchdowns_are_never_negative() -> None:
    found = check(lrb6(), ReportEntry(home_touchdowns=1, away_touchdowns=-1))
    assert messages(found.problems, "away_touchdowns") == [
        "Gouged Eye's touchdowns are 0 to 24, not -1."
    ]


@pytest.mark.parametrize("slug", ["lrb6", "gdbbl"])
def test_a_version_without_the_touchdown_bound_allows_24(slug: str) -> None:
    older = without_settings(edition(slug), "max_touchdowns_per_team")
    assert messages(check(older, ReportEntry(home_touchdowns=24)).problems, "home_touchdowns") == []
    assert messages(check(older, ReportEntry(home_touchdowns=25)).problems, "home_touchdowns") == [
        "Reikland Reavers's touchdowns are 0 to 24, not 25."
    ]


@pytest.mark.parametrize(
    ("key", "default"),
    [
        ("max_touchdowns_per_team", 24),
        ("mvp_per_team", 1),
        ("mvp_selection", "random"),
        ("mvp_eligibility", "took_part"),
        ("turns_per_half", 8),
    ],
)
def test_a_version_made_before_a_setting_reads_its_default(key: str, default) -> None:
    assert setting(without_settings(edition("lrb6"), key), key) == default
    assert setting(without_settings(edition("gdbbl"), key), key) == default


def test_a_setting_of_the_version_wins_over_the_default() -> None:
    assert setting(edition("gdbbl"), "max_touchdowns_per_team") == 16
    assert setting(edition("gdbbl"), "mvp_eligibility") == "whole_roster"


# --- Each player's line ---------------------------------------------------------------------


def test_a_complete_report_has_no_problem_and_nothing_unfinished() -> None:
    entry = ReportEntry(
        home_touchdowns=2,
        away_touchdowns=1,
        home=SideEntry(
            players=(Line(1, {"touchdown": 2, "completion": 1}), Line(2, {"interception": 1})),
            mvps=(3,),
        ),
        away=SideEntry(players=(Line(4, {"touchdown": 1}),), mvps=(9,)),
    )
    found = check(lrb6(), entry)
    assert (found.problems, found.unfinished) == ([], [])
    assert found.mvps == {"home": (3,), "away": (9,)}


def test_a_line_for_a_player_not_on_the_team_is_refused() -> None:
    found = check(lrb6(), with_lines(Line(42, {"completion": 1})))
    assert messages(found.problems) == [
        "Reikland Reavers's line: Reikland Reavers has no player #42."
    ]


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (10, "#10 Dan is dead, so he did not take part."),
        (11, "#11 Ben misses this match, so he did not take part."),
    ],
)
def test_a_line_for_a_player_who_did_not_take_part_says_why(number: int, said: str) -> None:
    found = check(lrb6(), with_lines(Line(number, {"completion": 1})))
    assert messages(found.problems) == [f"Reikland Reavers's line: {said}"]


def test_a_player_is_listed_once() -> None:
    found = check(lrb6(), with_lines(Line(2, {"completion": 1}), Line(2, {"interception": 1})))
    assert messages(found.problems) == ["Reikland Reavers's #2 is listed twice."]


@pytest.mark.parametrize("count", [0, 1, 99])
def test_a_count_of_0_to_99_is_accepted(count: int) -> None:
    assert check(lrb6(), with_lines(Line(2, {"completion": count}))).problems == []


@pytest.mark.parametrize("count", [-1, 100])
def test_a_count_below_0_or_above_99_is_refused(count: int) -> None:
    found = check(lrb6(), with_lines(Line(2, {"completion": count})))
    assert messages(found.problems) == [
        f"Reikland Reavers's #2: completion counts are 0 to 99, not {count}."
    ]


@pytest.mark.parametrize("action", ["casualty", "mvp", "sack", "Touchdown"])
def test_a_coach_counts_only_completions_interceptions_and_touchdowns(action: str) -> None:
    # The SPP table's actions; casualties come from the casualty records, MVPs are drawn.
    found = check(lrb6(), with_lines(Line(2, {action: 1})))
    assert messages(found.problems) == [
        f"The SPP table counts completion, interception, touchdown; not {action!r}."
    ]


def test_gdbbl_counts_the_same_three_actions() -> None:
    found = check(gdbbl(), with_lines(Line(2, {"casualty": 1})))
    assert messages(found.problems, "home.players") == [
        "The SPP table counts completion, interception, touchdown; not 'casualty'."
    ]


def test_players_score_no_more_touchdowns_than_their_team() -> None:
    lines = (Line(1, {"touchdown": 2}), Line(2, {"touchdown": 1}))
    assert check(lrb6(), with_lines(*lines, touchdowns=3)).problems == []
    found = check(lrb6(), with_lines(*lines, touchdowns=2))
    assert messages(found.problems) == [
        "Reikland Reavers's players scored 3 touchdowns, more than the team's 2."
    ]


def test_players_may_score_fewer_touchdowns_than_their_team() -> None:
    # A touchdown by a star or a mercenary who has no line, or one left out of the lines.
    assert check(lrb6(), with_lines(Line(1, {"touchdown": 1}), touchdowns=3)).problems == []


# --- Who may be MVP -----------------------------------------------------------------------


def test_lrb6_draws_among_the_players_who_took_part_in_number_order() -> None:
    facts = side("home", (*reversed(ROSTER), JOURNEYMAN, MERCENARY))
    assert mvp_candidates(lrb6(), facts) == (*TOOK_PART, 30, 31)


def test_lrb6_leaves_star_players_out_of_the_draw() -> None:
    # lrb6-facts §6: stars keep no SPP; LRB6 has no star_players_can_be_mvp setting.
    facts = side("home", (*ROSTER, STAR, HIRED_STAR))
    assert mvp_candidates(lrb6(), facts) == TOOK_PART


def test_with_the_whole_roster_an_absent_living_player_is_in_and_the_dead_out() -> None:
    assert mvp_candidates(lrb6(mvp_eligibility="whole_roster"), side("home")) == (*TOOK_PART, 11)


@pytest.mark.parametrize("reason", ["has retired", "has left the team"])
def test_a_player_who_left_the_roster_is_never_mvp(reason: str) -> None:
    gone = Member(12, "Gone", took_part=False, absent=reason)
    facts = side("home", (*ROSTER, gone))
    assert mvp_candidates(gdbbl(mvp_eligibility="whole_roster"), facts) == (*TOOK_PART, 11)


def test_gdbbl_draws_among_the_whole_roster_by_default() -> None:
    assert mvp_candidates(gdbbl(), side("home")) == (*TOOK_PART, 11)


def test_gdbbl_draws_among_those_who_took_part_when_the_league_says_so() -> None:
    assert mvp_candidates(gdbbl(mvp_eligibility="took_part"), side("home")) == TOOK_PART


def test_the_whole_roster_adds_no_hire_who_did_not_play() -> None:
    benched = Member(30, "Journeyman", kind="journeyman", took_part=False, absent="is benched")
    assert mvp_candidates(gdbbl(), side("home", (*ROSTER, benched))) == (*TOOK_PART, 11)


@pytest.mark.parametrize(("can", "drawn"), [(False, ()), (True, (20, 21))])
def test_gdbbl_stars_are_drawn_only_when_the_league_says_so(can: bool, drawn) -> None:
    facts = side("home", (*ROSTER, STAR, HIRED_STAR))
    found = mvp_candidates(gdbbl(star_players_can_be_mvp=can), facts)
    assert found == tuple(sorted((*TOOK_PART, 11, *drawn)))


@pytest.mark.parametrize(("can", "drawn"), [(False, ()), (True, (40,))])
def test_gdbbl_freebooters_are_drawn_only_when_the_league_says_so(can: bool, drawn) -> None:
    facts = side("home", (*ROSTER, FREEBOOTER))
    found = mvp_candidates(gdbbl(freebooters_can_be_mvp=can), facts)
    assert found == (*TOOK_PART, 11, *drawn)


def test_a_star_freebooter_needs_both_settings() -> None:
    star_freebooter = Member(41, "Star for a day", kind="freebooter", star=True)
    facts = side("home", (*ROSTER, star_freebooter))
    assert 41 not in mvp_candidates(gdbbl(freebooters_can_be_mvp=True), facts)
    assert 41 not in mvp_candidates(gdbbl(star_players_can_be_mvp=True), facts)
    both_on = gdbbl(freebooters_can_be_mvp=True, star_players_can_be_mvp=True)
    assert 41 in mvp_candidates(both_on, facts)


# --- MVP draws ------------------------------------------------------------------------------


def test_an_mvp_not_drawn_yet_is_a_die_left_to_roll() -> None:
    found = check(lrb6(), ReportEntry())
    assert found.problems == []
    assert messages(found.unfinished) == [
        "Draw Reikland Reavers's MVP (1 of 7).",
        "Draw Gouged Eye's MVP (1 of 7).",
    ]
    need = die(found.dice, "MVP for home")
    assert (need.notation, need.field, need.values) == ("1 of 7", "home.mvps", None)


@pytest.mark.parametrize(("number", "face"), [(1, 1), (4, 4), (7, 5), (9, 7)])
def test_an_mvp_drawn_at_the_table_is_the_die_face_of_his_place_in_number_order(
    number: int, face: int
) -> None:
    found = check(lrb6(), ReportEntry(**both(mvps=(number,))))
    need = die(found.dice, "MVP for home")
    assert (need.notation, need.values, need.source) == ("1 of 7", (face,), "entered")
    assert found.mvps["home"] == (number,)


@given(face=st.integers(1, 7))
def test_a_server_draw_names_the_candidate_of_its_face(face: int) -> None:
    server = rolled("MVP for home", "1 of 7", face)
    found = check(lrb6(), ReportEntry(away=SideEntry(mvps=(1,))), rolled_dice=server)
    assert found.mvps["home"] == (TOOK_PART[face - 1],)
    assert messages(found.unfinished) == []
    assert die(found.dice, "MVP for home").source == "rolled"


def test_a_server_draw_stands_against_a_different_mvp_entered() -> None:
    server = rolled("MVP for home", "1 of 7", 5)
    found = check(lrb6(), ReportEntry(**both(mvps=(1,))), rolled_dice=server)
    assert messages(found.problems) == ["The server drew #7 as Reikland Reavers's MVP."]
    same = check(lrb6(), ReportEntry(**both(mvps=(7,))), rolled_dice=server)
    assert same.problems == []


def test_an_mvp_who_may_not_be_drawn_is_refused() -> None:
    found = check(lrb6(), ReportEntry(home=SideEntry(mvps=(10,)), away=SideEntry(mvps=(1,))))
    assert messages(found.problems) == [
        "Reikland Reavers's #10 cannot be MVP: only players who took part are drawn."
    ]


def test_with_the_whole_roster_the_refusal_says_so() -> None:
    found = check(gdbbl(), ReportEntry(home=SideEntry(mvps=(10,)), away=SideEntry(mvps=(1,))))
    assert messages(found.problems) == [
        "Reikland Reavers's #10 cannot be MVP: he is not on the roster, or the rules leave "
        "him out of the draw."
    ]


def test_lrb6_awards_one_mvp_per_team() -> None:
    found = check(lrb6(), ReportEntry(**both(mvps=(1, 2))))
    assert messages(found.problems) == [
        "Reikland Reavers awards 1 MVP in this match, not 2.",
        "Gouged Eye awards 1 MVP in this match, not 2.",
    ]


def test_a_league_may_award_more_mvps_per_team() -> None:
    found = check(lrb6(mvp_per_team=2), ReportEntry())
    assert [n.purpose for n in found.dice] == [
        "MVP for home",
        "MVP 2 for home",
        "MVP for away",
        "MVP 2 for away",
    ]


def test_no_more_draws_than_candidates() -> None:
    alone = side("home", (Member(1, "Last man"),))
    found = check(lrb6(mvp_per_team=2), ReportEntry(), facts=match(home=alone))
    assert [n.purpose for n in found.dice if n.field == "home.mvps"] == ["MVP for home"]


def test_a_chosen_mvp_is_unfinished_until_chosen_and_rolls_no_die() -> None:
    found = check(lrb6(mvp_selection="chosen"), ReportEntry())
    assert found.problems == []
    assert messages(found.unfinished) == [
        "Choose Reikland Reavers's MVP.",
        "Choose Gouged Eye's MVP.",
    ]
    assert found.dice == []
    chosen = check(lrb6(mvp_selection="chosen"), ReportEntry(**both(mvps=(8,))))
    assert (chosen.problems, chosen.unfinished, chosen.mvps) == (
        [],
        [],
        {"home": (8,), "away": (8,)},
    )


# --- MVPs after a concession (LRB6 concession_spp) ------------------------------------------


def conceded_by_home(**settings):
    entry = ReportEntry(away_touchdowns=1, concession=Concession("home", 2, 5))
    return check(lrb6(**settings), entry)


def draws(found, side: str) -> list[str]:
    return [need.purpose for need in found.dice if need.field == f"{side}.mvps"]


def test_the_winner_draws_both_mvps_after_a_concession() -> None:
    found = conceded_by_home(concession_spp="winner_gets_both_mvps")
    assert (draws(found, "home"), draws(found, "away")) == ([], ["MVP for away", "MVP 2 for away"])


def test_the_conceder_awards_no_mvp() -> None:
    entry = ReportEntry(home=SideEntry(mvps=(1,)), concession=Concession("home", 2))
    found = check(lrb6(concession_spp="conceder_no_mvp"), entry)
    assert messages(found.problems, "home.mvps") == [
        "Reikland Reavers awards no MVP in this match, not 1."
    ]


def test_only_the_conceder_loses_its_mvp_when_the_league_says_so() -> None:
    found = conceded_by_home(concession_spp="conceder_no_mvp")
    assert (draws(found, "home"), draws(found, "away")) == ([], ["MVP for away"])


def test_a_concession_changes_no_mvp_under_the_normal_rule() -> None:
    found = conceded_by_home(concession_spp="normal")
    assert (draws(found, "home"), draws(found, "away")) == (["MVP for home"], ["MVP for away"])


def test_lrb6_gives_the_winner_both_mvps_by_default() -> None:
    found = conceded_by_home()
    assert draws(found, "away") == ["MVP for away", "MVP 2 for away"]


# --- GDBBL MVPs: one plus the handicap's ----------------------------------------------------


@pytest.mark.parametrize("bonus", [0, 1, 2, 3])
def test_gdbbl_draws_one_mvp_plus_the_handicaps_bonus_mvps(bonus: int) -> None:
    facts = match(home=side("home", bonus_mvps=bonus))
    found = check(gdbbl(), ReportEntry(), facts=facts)
    assert len(draws(found, "home")) == 1 + bonus
    assert draws(found, "away") == ["MVP for away"]
    assert {need.notation for need in found.dice} == {"1 of 8"}


def test_gdbbl_ignores_the_lrb6_concession_rule() -> None:
    entry = ReportEntry(away_touchdowns=1, concession=Concession("home", 2, 5))
    found = check(gdbbl(concession_spp="winner_gets_both_mvps"), entry)
    assert (draws(found, "home"), draws(found, "away")) == (["MVP for home"], ["MVP for away"])


def test_bonus_mvps_chosen_by_the_coach_roll_no_die() -> None:
    # bonus_mvps_random off: "the coach chooses them"; the normal MVP is still drawn.
    facts = match(home=side("home", bonus_mvps=2))
    found = check(gdbbl(bonus_mvps_random=False), ReportEntry(), facts=facts)
    assert draws(found, "home") == ["MVP for home"]
    assert messages(found.unfinished, "home.mvps") == [
        "Draw Reikland Reavers's MVP (1 of 8).",
        "Choose Reikland Reavers's MVP.",
    ]
    entry = ReportEntry(home=SideEntry(mvps=(1, 11, 11)), away=SideEntry(mvps=(2,)))
    done = check(gdbbl(bonus_mvps_random=False), entry, facts=facts)
    assert (done.problems, done.unfinished) == ([], [])
    assert done.mvps["home"] == (1, 11, 11)
    assert die(done.dice, "MVP for home").values == (1,)


# --- The concession ---------------------------------------------------------------------------


def conceding(ruleset: Ruleset, concession: Concession) -> list[str]:
    entry = ReportEntry(away_touchdowns=1, concession=concession, **both(mvps=(1,)))
    found = check(ruleset, entry)
    return messages(found.problems, "concession")


@pytest.mark.parametrize("half", [1, 2, 3])
def test_an_lrb6_team_concedes_in_either_half_or_overtime(half: int) -> None:
    assert conceding(lrb6(concession_spp="normal"), Concession("home", half, 4)) == []


@pytest.mark.parametrize("half", [0, 4])
def test_there_is_no_other_half(half: int) -> None:
    assert conceding(lrb6(), Concession("home", half)) == [
        "A team concedes in the first half, the second or overtime."
    ]


def test_gdbbl_has_no_overtime_to_concede_in() -> None:
    # 001 has no overtime (gdbbl settings, max_touchdowns_per_team).
    assert conceding(gdbbl(), Concession("home", 2, 8)) == []
    assert conceding(gdbbl(), Concession("home", 3, 1)) == [
        "A team concedes in the first half or the second: this league plays no overtime."
    ]


def test_a_league_that_never_plays_overtime_has_none_to_concede_in() -> None:
    ruleset = lrb6(concession_spp="normal", overtime="never")
    assert conceding(ruleset, Concession("home", 3, 1)) == [
        "A team concedes in the first half or the second: this league plays no overtime."
    ]


@pytest.mark.parametrize("turn", [None, 1, 8])
def test_a_team_concedes_in_its_turn_1_to_8(turn) -> None:
    assert conceding(lrb6(concession_spp="normal"), Concession("home", 1, turn)) == []


@pytest.mark.parametrize("turn", [0, 9])
def test_there_is_no_turn_0_or_9(turn: int) -> None:
    assert conceding(lrb6(), Concession("home", 1, turn)) == [
        f"A team concedes in its turn 1 to 8, not {turn}."
    ]


def test_the_turns_follow_turns_per_half() -> None:
    ruleset = gdbbl(turns_per_half=10)
    assert conceding(ruleset, Concession("home", 2, 10)) == []
    assert conceding(ruleset, Concession("home", 2, 11)) == [
        "A team concedes in its turn 1 to 10, not 11."
    ]


def test_the_conceding_team_is_home_or_away() -> None:
    assert conceding(lrb6(), Concession("referee", 1, 1)) == ["The conceding team is home or away."]


def test_a_forced_concession_is_a_concession() -> None:
    assert conceding(lrb6(concession_spp="normal"), Concession("away", 2, 3, forced=True)) == []


def test_a_report_without_a_concession_has_nothing_to_check_there() -> None:
    found = check(lrb6(), ReportEntry(**both(mvps=(1,))))
    assert "concession" not in fields(found.problems)
