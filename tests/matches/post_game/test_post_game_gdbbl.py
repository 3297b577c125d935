"""Applying a GDBBL report (matches/post_game/apply.py): confirming it runs 001's whole post-match
sequence on both teams at once, one ledger entry per team caused by the report.

The worked match: the Altdorf Hammers (Humans, rated 100, fan factor 3) at home to the Iron
Tuskers (Orcs, rated 125, fan factor 2), tests/matches/gdbbl_rated. The Humans are 25
behind: 21-30 on the handicap table, 1 bonus card and 1 bonus MVP. They hire a Catcher
freebooter for 35,000 (half of 70,000). The gate's 5D6 (fan factors 3 + 2) are 3+4+5+6+1:
19,000 fans, the winnings row 15,001-30,000, where both ratings (100 and 125) are in the
column 100-125: +1 each.

The Humans win 2-1. #13 (Blitzer) scores both touchdowns and is drawn MVP, #11 (Thrower)
completes a pass, #5 is the bonus MVP; #14 blocks Orc #2: injury 5+6 = 11, a Serious
Injury, and the serious injury table's 4+4 = 8 is a niggling injury (8-9). Orc #8 blocks
Human #1: injury 4+6 = 10, Badly Hurt. Orc #9 scores and is the Orcs' MVP.

Winnings: Humans D6 4 + 1 = 5 x 10,000 = 50,000; Orcs D6 2 + 1 = 30,000.
Fan factor: Humans D6 4, +1 won, +1 for 2 touchdowns (1 casualty inflicted: no bonus) = 6:
3 -> 4. Orcs D6 2, -1 lost = 1: 2 -> 1.
SPP (completion 1, casualty 2, touchdown 3, MVP 5): Humans #13 2 x 3 + 5 = 11 (Rookie ->
Veteran: two star player rolls, at 6 and at 11), #11 1, #14 2, #5 5; Orcs #9 3 + 5 = 8
(Experienced: one roll), #8 2 (a Badly Hurt counts).
Orc #2 gets M and N; Human #1 keeps nothing; the Catcher leaves."""

from __future__ import annotations

import pytest

from matches import workflow
from matches.dice import dice_enter
from matches.kick_off.gdbbl import freebooters_hire, gdbbl_gate_record
from matches.models import KickOff, Match, PostGame
from matches.post_game.apply import not_applied_why, post_game_apply
from matches.services import MatchRefused
from teams.models import LedgerEntry, Player, Team
from tests.matches.gdbbl_rated import rated_match
from tests.matches.helpers import PLAYED, fresh, problems
from tests.matches.post_game.test_post_game import ledger_clean
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

GATE = [3, 4, 5, 6, 1]  # 19 x 1,000 = 19,000 fans
TABLE_DICE = {"winnings for home": [4], "winnings for away": [2],
              "fan factor for home": [4], "fan factor for away": [2]}  # fmt: skip
CONTENT = {
    "home": {"players": [{"number": 13, "actions": {"touchdown": 2}},
                         {"number": 11, "actions": {"completion": 1}}], "mvps": [13, 5]},
    "away": {"players": [{"number": 9, "actions": {"touchdown": 1}}], "mvps": [9]},
    "casualties": [
        {"victim": {"side": "away", "number": 2}, "causer": {"side": "home", "number": 14},
         "action": "block", "dice": {"injury": [5, 6], "serious": [4, 4]}},
        {"victim": {"side": "home", "number": 1}, "causer": {"side": "away", "number": 8},
         "action": "block", "dice": {"injury": [4, 6]}},
    ],
}  # fmt: skip
STEPS = ["injuries", "winnings", "mvp", "spp", "fan_factor", "clear_and_expire", "purchases",
         "team_rating"]  # fmt: skip


@pytest.fixture
def match(home_coach, away_coach) -> Match:
    """Kicked off: the Humans' Catcher hired, the Orcs hire nobody, the gate recorded."""
    played = rated_match(home_coach, away_coach)
    freebooters_hire(played, home_coach, "home", ["Catcher"], [])
    freebooters_hire(played, away_coach, "away", [], [])
    dice_enter(played, home_coach, "gate", "5D6", GATE)
    gdbbl_gate_record(played, home_coach)
    return fresh(played)


def coach_of(match: Match, purpose: str):
    return match.home.coach if purpose.endswith("home") else match.away.coach


def at_the_table(match: Match, dice: dict[str, list[int]]) -> None:
    for purpose, values in dice.items():
        dice_enter(match, coach_of(match, purpose), purpose, "D6", values)


def reported(match: Match, content: dict | None = None, home: int = 2, away: int = 1) -> Match:
    coach = match.home.coach
    workflow.report_save(match, coach, PLAYED, home, away, content or CONTENT)
    return workflow.report_submit(match, coach)


def team(match: Match, side: str) -> Team:
    return Team.objects.get(pk=match.home_id if side == "home" else match.away_id)


def player(match: Match, side: str, number: int) -> Player:
    return team(match, side).players.get(number=number)


@pytest.fixture
def applied(match: Match) -> Match:
    """The worked match reported, its dice entered at the table and confirmed by the Orcs."""
    before = {side: team(match, side) for side in ("home", "away")}
    reported(match)
    at_the_table(match, TABLE_DICE)
    workflow.report_confirm(fresh(match), match.away.coach)
    match.before = before
    return match


def test_the_kick_off_recorded_the_gate_the_ratings_and_the_humans_bonus_mvp(match) -> None:
    rows = {row.side: row for row in KickOff.objects.filter(match=match)}
    assert match.gate == 19_000
    assert (rows["home"].rating, rows["away"].rating) == (100, 125)
    assert (rows["home"].bonus_mvps, rows["away"].bonus_mvps) == (1, 0)


def test_a_gdbbl_report_is_applied_now(match) -> None:
    assert not_applied_why(match) == ""


def test_confirming_applies_the_whole_sequence_of_001_in_its_order(applied) -> None:
    post = PostGame.objects.get(match=applied)
    assert [step["key"] for step in post.steps["steps"]] == STEPS


def test_the_winnings_are_50000_and_30000(applied) -> None:
    home, away = team(applied, "home"), team(applied, "away")
    assert home.treasury == applied.before["home"].treasury + 50_000
    assert away.treasury == applied.before["away"].treasury + 30_000


def test_the_humans_fan_factor_rises_to_4_and_the_orcs_falls_to_1(applied) -> None:
    assert (team(applied, "home").fan_factor, team(applied, "away").fan_factor) == (4, 1)


def test_each_players_spp_and_counters_are_as_worked_by_hand(applied) -> None:
    expected = {
        ("home", 13): (11, 2, 0, 1, 0),  # spp, touchdowns, completions, mvps, casualties
        ("home", 11): (1, 0, 1, 0, 0),
        ("home", 14): (2, 0, 0, 0, 1),
        ("home", 5): (5, 0, 0, 1, 0),
        ("away", 9): (8, 1, 0, 1, 0),
        ("away", 8): (2, 0, 0, 0, 1),
    }
    for (side, number), counts in expected.items():
        got = player(applied, side, number)
        assert (got.spp, got.touchdowns, got.completions, got.mvps, got.casualties) == counts
    untouched = team(applied, "home").players.exclude(number__in=(13, 11, 14, 5))
    assert {p.spp for p in untouched} == {0}


def test_star_player_rolls_are_due_at_6_and_11_for_the_blitzer_and_at_6_for_the_orc(
    applied,
) -> None:
    post = PostGame.objects.get(match=applied)
    assert post.steps["level_ups"] == {"home": [13], "away": [9]}
    step = next(s for s in post.steps["steps"] if s["key"] == "spp")
    assert "(0 → 11), now Veteran: 2 star player rolls due" in step["result"]


def test_the_orc_with_a_serious_injury_misses_the_next_match_with_a_niggling_injury(
    applied,
) -> None:
    orc = player(applied, "away", 2)
    assert (orc.status, list(orc.injuries)) == ("missing_next_game", ["N"])
    human = player(applied, "home", 1)
    assert (human.status, list(human.injuries)) == ("active", [])


def test_the_catcher_freebooter_leaves_and_keeps_nothing(applied) -> None:
    post = PostGame.objects.get(match=applied)
    step = next(s for s in post.steps["steps"] if s["key"] == "clear_and_expire")
    assert "Altdorf Hammers's freebooters leave: #15" in step["result"]
    assert not team(applied, "home").players.filter(position__name="Catcher").exists()


def test_the_team_rating_step_shows_the_rating_after_the_match(applied) -> None:
    post = PostGame.objects.get(match=applied)
    step = next(s for s in post.steps["steps"] if s["key"] == "team_rating")
    # Humans: 1,000,000 + fan factor 4 (was 3): 1,010,000 / 10,000 = 101, + 19 SPP / 5 = 3.
    # Orcs: 1,250,000 - fan factor 1 (was 2): 1,240,000 = 124, + 10 SPP / 5 = 2; #2 (M)
    # still counts (team_value_injured_players).
    assert step["inputs"]["rating"] == {"home": 104, "away": 126}
    assert step["inputs"]["value"] == {"home": 1_010_000, "away": 1_240_000}
    assert step["inputs"]["spp"] == {"home": 19, "away": 10}


def test_each_team_has_one_entry_caused_by_the_report_and_the_ledger_is_clean(applied) -> None:
    entries = LedgerEntry.objects.filter(cause__kind="report", cause__ref=applied.pk)
    assert sorted(e.team.name for e in entries) == ["Altdorf Hammers", "Iron Tuskers"]
    home = entries.get(team__name="Altdorf Hammers")
    assert home.summary.startswith(
        f"Post-game of {applied}: winnings +50,000 gp, fan factor +1, 19 SPP"
    )
    ledger_clean()


def test_applying_again_changes_nothing(applied) -> None:
    with unchanged():
        post_game_apply(fresh(applied), applied.away.coach)


def test_with_entered_dice_only_the_report_waits_for_the_winnings_and_fan_factor(match) -> None:
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    reported(fresh(match))
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(fresh(match), match.away.coach)
    assert ("dice", "Enter the D6 for 'winnings for home' first.") in problems(refused)
    assert fresh(match).status == "submitted"


def test_a_coach_enters_his_winnings_die_after_the_report_is_submitted(match) -> None:
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    reported(fresh(match))
    roll = dice_enter(fresh(match), match.home.coach, "winnings for home", "D6", [6])
    assert (roll.purpose, roll.values, roll.source) == ("winnings for home", [6], "entered")


def test_after_the_report_is_submitted_the_away_coach_still_has_the_dice_form(
    match, client
) -> None:
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    reported(fresh(match))
    client.force_login(match.away.coach)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="post-game-dice"' in page
    assert "Enter our dice" in page
    answer = client.post(
        f"/matches/{match.pk}/dice_entered/",
        {"purpose": "fan factor for away", "notation": "D6", "values": "2"},
    )
    assert answer.status_code in (200, 302)
    assert fresh(match).dice.get(purpose="fan factor for away").values == [2]


def test_a_die_that_is_not_the_post_game_sequences_is_refused_once_submitted(match) -> None:
    reported(match)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(fresh(match), match.away.coach, "casualty for home #1", "2D6", [3, 4])
    assert ("status", "The report is submitted: its dice are closed.") in problems(refused)


def test_the_summary_says_two_star_player_rolls_are_due_for_the_blitzer(applied, client) -> None:
    post = PostGame.objects.get(match=applied)
    assert post.steps["rolls_due"] == {"home": {"13": 2}, "away": {"9": 1}}
    client.force_login(applied.home.coach)
    page = client.get(f"/matches/{applied.pk}/post-game/").content.decode()
    assert "#13: +11 SPP — 2 star player rolls are due" in page
    assert "#9: +8 SPP — a star player roll is due" in page
    assert "fan factor −1" in page
    assert "fan factor +1" in page


def test_each_coach_enters_only_his_own_post_game_dice_after_the_report(match) -> None:
    reported(match)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(fresh(match), match.away.coach, "winnings for home", "D6", [6])
    assert problems(refused) == [
        ("purpose", "Each coach rolls his own post-game dice: 'winnings for home' is "
                    "Altdorf Hammers's.")
    ]  # fmt: skip
    roll = dice_enter(fresh(match), match.away.coach, "winnings for away", "D6", [2])
    assert (roll.purpose, roll.values) == ("winnings for away", [2])


def test_a_gate_never_recorded_may_still_be_entered_after_the_report(
    home_coach, away_coach
) -> None:
    """Without the gate the winnings cannot be worked out: its dice are the sequence's."""
    played = rated_match(home_coach, away_coach)
    freebooters_hire(played, home_coach, "home", [], [])
    freebooters_hire(played, away_coach, "away", [], [])
    Match.objects.filter(pk=played.pk).update(dice_sources="entered")
    reported(fresh(played))
    roll = dice_enter(fresh(played), away_coach, "gate", "5D6", GATE)
    assert (roll.purpose, roll.total) == ("gate", 19)
