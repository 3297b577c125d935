"""Applying a report (matches/post_game/apply.py, through matches/workflow.py): when a report
becomes the result, LRB6's winnings, fan factor, MVPs and SPP are worked out from the dice of the
table (or the server's, drawn from the match's seed) and written to both teams once, one
ledger entry per team caused by the report; a PostGame row keeps the steps. Where the match
takes entered dice only, the report waits for the dice the coaches still have to enter.
Reports with casualties, other rulesets' reports and forfeits are not applied.

The worked example: Gouged Eye (Orcs, fan factor 3, 70,000 in the treasury) beat Da Krumpers
(the same) 2-1. #6 scored both home touchdowns and is the MVP, #7 threw a completion; away
#9 scored and #4 is the MVP. The gate's 2D6 were 3+4 and 2+2: (7 + 3) x 1,000 = 10,000 fans
against (4 + 3) x 1,000 = 7,000, more but not twice as many, so FAME +1 for home and 0 for
away. At the table: winnings D6 4 for home and 3 for away, fan factor 3D6 3+5+6 for the
winner and 2D6 2+2 for the loser."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from league.seasons import fixture_forfeit, season_start
from matches import workflow
from matches.dice import dice_enter
from matches.kick_off.lrb6 import gate_record
from matches.models import DiceRoll, KickOff, Match, PostGame
from matches.post_game.apply import not_applied_why, post_game_apply, post_game_preview
from matches.services import MatchRefused
from rules.engine.dice import notation, rolled
from teams.models import LedgerCause, LedgerEntry, Team
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import PLAYED, fresh, problems, submitted
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

# Each side's lines and MVPs, as the report records them.
LINES = {
    "home": {"players": [{"number": 6, "actions": {"touchdown": 2}},
                         {"number": 7, "actions": {"completion": 1}}], "mvps": [6]},
    "away": {"players": [{"number": 9, "actions": {"touchdown": 1}}], "mvps": [4]},
}  # fmt: skip
GATE_DICE = {"gate for home": [3, 4], "gate for away": [2, 2]}
TABLE_DICE = {
    "winnings for home": [4],
    "winnings for away": [3],
    "fan factor for home": [3, 5, 6],
    "fan factor for away": [2, 2],
}
START = 70_000  # each Orc team's treasury after it was made (tests/teams/helpers.orc_team)
# (D6 4 + FAME 1 + 1 for the win) x 10,000 and (D6 3 + FAME 0) x 10,000.
HOME_GOLD, AWAY_GOLD = 60_000, 30_000
# #6: 2 touchdowns x 3 + MVP 5 = 11 (Rookie 0-5 -> Experienced 6-15: an improvement roll);
# #7: a completion, 1; away #4: MVP 5 (still a Rookie); #9: a touchdown, 3.
HOME_PLAYERS = {6: (11, 2, 0, 1), 7: (1, 0, 1, 0)}  # spp, touchdowns, completions, mvps
AWAY_PLAYERS = {4: (5, 0, 0, 1), 9: (3, 1, 0, 0)}
STEPS = ["winnings", "fan_factor", "mvp", "spp", "casualties", "value_changes", "expenses", "hires"]


def notation_of(values: list[int]) -> str:
    return f"{len(values)}D6" if len(values) > 1 else "D6"


def coach_of(match: Match, purpose: str):
    return match.home.coach if purpose.endswith("home") else match.away.coach


def at_the_table(match: Match, dice: dict[str, list[int]]) -> None:
    """Each coach types in his own side's dice."""
    for purpose, values in dice.items():
        dice_enter(match, coach_of(match, purpose), purpose, notation_of(values), values)


def gate_recorded(match: Match) -> None:
    """The gate recorded before kick-off from the table's 2D6: FAME +1 home, 0 away."""
    at_the_table(match, GATE_DICE)
    gate_record(match, match.home.coach)


def reported(match: Match, coach, home: int = 2, away: int = 1, **content) -> Match:
    """The worked example's report, submitted by `coach`."""
    workflow.report_save(match, coach, PLAYED, home, away, {**LINES, **content})
    return workflow.report_submit(match, coach)


def players(team: Team) -> dict[int, tuple[int, int, int, int]]:
    """Each player's SPP, touchdowns, completions and MVPs."""
    rows = team.players.values_list("number", "spp", "touchdowns", "completions", "mvps")
    return {number: tuple(counts) for number, *counts in rows}


def standing(team: Team) -> tuple[int, int, dict]:
    team = Team.objects.get(pk=team.pk)
    return team.treasury, team.fan_factor, players(team)


def as_new(changed: dict[int, tuple] | None = None) -> dict[int, tuple]:
    """An Orc team's eleven players with nothing earned, but for `changed`."""
    return {number: (changed or {}).get(number, (0, 0, 0, 0)) for number in range(1, 12)}


def report_entries(match: Match) -> list[LedgerEntry]:
    return list(
        LedgerEntry.objects.filter(cause__kind="report", cause__ref=match.pk)
        .select_related("team", "cause")
        .order_by("team__name")
    )


def ledger_clean() -> None:
    out = StringIO()
    try:
        call_command("ledger_check", stdout=out)
    except CommandError:
        pytest.fail(f"ledger_check found differences:\n{out.getvalue()}")


def applied_as_worked(match: Match) -> None:
    """Both teams changed by exactly the worked example's amounts."""
    assert standing(match.home) == (START + HOME_GOLD, 4, as_new(HOME_PLAYERS))
    assert standing(match.away) == (START + AWAY_GOLD, 3, as_new(AWAY_PLAYERS))


def not_applied(match: Match) -> None:
    """Nothing of the report reached either team."""
    assert not PostGame.objects.filter(match=match).exists()
    assert report_entries(match) == []
    assert not LedgerCause.objects.filter(kind="report", ref=match.pk).exists()
    for team in (match.home, match.away):
        assert standing(team) == (START, 3, as_new())


def league_match(commissioner, lrb6, home_team, away_team, dice_sources: str) -> Match:
    """The fixture of a league whose dice are `dice_sources`, Gouged Eye at home."""
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources=dice_sources)
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


@pytest.fixture
def entered_only(commissioner, lrb6, home_team, away_team) -> Match:
    """A fixture of a league whose dice are all rolled at the table and typed in."""
    return league_match(commissioner, lrb6, home_team, away_team, "entered")


# --- Applied once, as the dice of the table say -------------------------------------------


def test_confirming_a_friendly_applies_the_winnings_fan_factor_and_spp_of_the_table_s_dice(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    assert [(row.side, row.fans, row.fame) for row in KickOff.objects.order_by("side")] == [
        ("away", 7_000, 0), ("home", 10_000, 1)
    ]  # fmt: skip
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    assert fresh(friendly).status == "confirmed"
    applied_as_worked(friendly)
    ledger_clean()


def canonical(delta: dict) -> str:
    """A delta as text with sorted keys: PostgreSQL's jsonb keeps keys in its own order."""
    return json.dumps(delta, sort_keys=True)


def test_each_team_has_one_report_entry_and_both_share_the_report_s_cause(
    friendly, home_coach, away_coach, home_team, away_team
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    away, home = report_entries(friendly)
    assert (home.team, away.team) == (home_team, away_team)
    assert (home.kind, away.kind) == ("report", "report")
    assert home.cause_id == away.cause_id
    assert (home.cause.kind, home.cause.ref, home.cause.actor) == (
        "report",
        friendly.pk,
        away_coach,
    )
    assert home.summary == (
        "Post-game of Gouged Eye v Da Krumpers: winnings +60,000 gp, fan factor +1, 12 SPP"
    )
    assert away.summary == (
        "Post-game of Gouged Eye v Da Krumpers: winnings +30,000 gp, fan factor +0, 8 SPP"
    )

    def player(team: Team, number: int, field: str, amount: int) -> dict:
        key = team.players.get(number=number).key
        return {"op": "player", "player": key, "field": field, "amount": amount}

    assert sorted(home.deltas, key=canonical) == sorted([
        {"op": "treasury", "amount": HOME_GOLD}, {"op": "fan_factor", "amount": 1},
        player(home_team, 6, "mvps", 1), player(home_team, 6, "spp", 11),
        player(home_team, 6, "touchdowns", 2), player(home_team, 7, "spp", 1),
        player(home_team, 7, "completions", 1),
    ], key=canonical)  # fmt: skip
    assert sorted(away.deltas, key=canonical) == sorted([
        {"op": "treasury", "amount": AWAY_GOLD},
        player(away_team, 4, "mvps", 1), player(away_team, 4, "spp", 5),
        player(away_team, 9, "spp", 3), player(away_team, 9, "touchdowns", 1),
    ], key=canonical)  # fmt: skip
    ledger_clean()


def test_the_post_game_row_keeps_the_steps_their_dice_and_the_level_ups(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    post = PostGame.objects.get(match=friendly)
    assert post.applied_by == away_coach
    steps = post.steps["steps"]
    assert [step["key"] for step in steps] == STEPS
    assert [step["name"] for step in steps] == [
        "Winnings", "Fan factor", "Most Valuable Player", "Star Player Points",
        "Casualties and the dead", "Value changes", "Spiralling expenses", "Hire and fire",
    ]  # fmt: skip
    winnings, fan_factor, mvp, spp = steps[:4]
    assert [(d["purpose"], d["notation"], d["values"], d["source"]) for d in winnings["dice"]] == [
        ("winnings for home", "D6", [4], "entered"), ("winnings for away", "D6", [3], "entered")
    ]  # fmt: skip
    assert winnings["inputs"]["fame"] == {"home": 1, "away": 0}
    assert winnings["result"] == (
        "Gouged Eye won: (D6 4 + FAME 1 + 1) × 10,000 = 60,000 gp. "
        "Da Krumpers lost: (D6 3 + FAME 0) × 10,000 = 30,000 gp."
    )
    assert [(d["purpose"], d["values"]) for d in fan_factor["dice"]] == [
        ("fan factor for home", [3, 5, 6]), ("fan factor for away", [2, 2])
    ]  # fmt: skip
    assert [(c["side"], c["what"], c["amount"]) for c in fan_factor["changes"]] == [
        ("home", "fan_factor", 1)
    ]
    assert [(c["side"], c["number"]) for c in mvp["changes"]] == [("home", 6), ("away", 4)]
    assert sorted((c["side"], c["number"], c["amount"]) for c in spp["changes"]
                  if c["what"] == "spp") == [
        ("away", 4, 5), ("away", 9, 3), ("home", 6, 11), ("home", 7, 1)
    ]  # fmt: skip
    assert post.steps["level_ups"] == {"home": [6], "away": []}


def test_fame_is_read_from_the_gate_dice_when_the_gate_was_never_recorded(
    friendly, home_coach, away_coach
) -> None:
    at_the_table(friendly, GATE_DICE)  # typed in, but the gate step never taken
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    applied_as_worked(friendly)
    winnings = PostGame.objects.get(match=friendly).steps["steps"][0]
    assert [(d["purpose"], d["values"]) for d in winnings["dice"]] == [
        ("gate for home", [3, 4]), ("gate for away", [2, 2]),
        ("winnings for home", [4]), ("winnings for away", [3]),
    ]  # fmt: skip
    assert winnings["inputs"]["fame"] == {"home": 1, "away": 0}


def test_the_winner_who_re_rolled_at_the_table_keeps_the_second_die(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, {**TABLE_DICE, "winnings for home": [2],
                            "winnings re-roll for home": [5]})  # fmt: skip
    workflow.report_confirm(friendly, away_coach)
    # (re-rolled 5 + FAME 1 + 1 for the win) x 10,000, not (2 + 1 + 1) x 10,000.
    assert standing(friendly.home)[0] == START + 70_000


def test_a_low_winnings_die_typed_in_without_a_re_roll_is_kept(
    friendly, home_coach, away_coach
) -> None:
    """Entered dice say themselves whether the coach re-rolled: the server does not."""
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, {**TABLE_DICE, "winnings for home": [1]})
    workflow.report_confirm(friendly, away_coach)
    assert standing(friendly.home)[0] == START + 30_000  # (1 + 1 + 1) x 10,000
    assert not DiceRoll.objects.filter(match=friendly, purpose="winnings re-roll for home")


def test_a_loser_s_re_roll_die_is_not_read(friendly, home_coach, away_coach) -> None:
    """Only the winner may re-roll his winnings die."""
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, {**TABLE_DICE, "winnings re-roll for away": [6]})
    workflow.report_confirm(friendly, away_coach)
    applied_as_worked(friendly)
    winnings = PostGame.objects.get(match=friendly).steps["steps"][0]
    assert "winnings re-roll for away" not in [die["purpose"] for die in winnings["dice"]]


# --- Exactly once -------------------------------------------------------------------------


def test_a_second_confirmation_is_refused_and_changes_nothing(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(fresh(friendly), away_coach)
    assert problems(refused) == [
        ("status", "The report of Gouged Eye v Da Krumpers is confirmed: it cannot be "
                   "confirmed now.")
    ]  # fmt: skip
    applied_as_worked(friendly)


def test_applying_again_finds_the_first_application_and_writes_nothing(
    friendly, home_coach, away_coach, staff
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    first = PostGame.objects.get(match=friendly)
    for actor in (away_coach, staff):
        with unchanged():
            again = post_game_apply(fresh(friendly), actor)
        assert (again.pk, again.applied_by) == (first.pk, away_coach)
    applied_as_worked(friendly)
    assert len(report_entries(friendly)) == 2


def test_in_a_league_that_waits_the_report_applies_at_approval_not_at_confirmation(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    gate_recorded(waiting_match)
    reported(waiting_match, home_coach)
    at_the_table(waiting_match, TABLE_DICE)
    workflow.report_confirm(waiting_match, away_coach)
    assert fresh(waiting_match).status == "confirmed"
    not_applied(waiting_match)
    # While it waits, a post-game die may still be typed again: the away coach's was a 5.
    dice_enter(waiting_match, away_coach, "winnings for away", "D6", [5])
    workflow.report_approve(fresh(waiting_match), commissioner)
    assert fresh(waiting_match).status == "approved"
    assert PostGame.objects.get(match=waiting_match).applied_by == commissioner
    assert standing(waiting_match.home) == (START + HOME_GOLD, 4, as_new(HOME_PLAYERS))
    # (5 + FAME 0) x 10,000.
    assert standing(waiting_match.away) == (START + 50_000, 3, as_new(AWAY_PLAYERS))
    assert len(report_entries(waiting_match)) == 2
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(fresh(waiting_match), away_coach, "winnings for away", "D6", [6])
    assert problems(refused) == [("status", "The report is approved: its dice are closed.")]
    ledger_clean()


def test_in_a_league_that_waits_settling_a_dispute_approves_and_applies_the_report(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    gate_recorded(waiting_match)
    reported(waiting_match, home_coach)
    at_the_table(waiting_match, TABLE_DICE)
    workflow.report_dispute(waiting_match, away_coach, "It was 2-2.")
    workflow.dispute_settle(fresh(waiting_match), commissioner)
    assert fresh(waiting_match).status == "approved"
    assert PostGame.objects.get(match=waiting_match).applied_by == commissioner
    applied_as_worked(waiting_match)


def test_settling_a_dispute_applies_the_report_as_submitted(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    gate_recorded(fixture_match)
    reported(fixture_match, home_coach)
    at_the_table(fixture_match, TABLE_DICE)
    workflow.report_dispute(fixture_match, away_coach, "It was 2-2.")
    not_applied(fixture_match)
    workflow.dispute_settle(fresh(fixture_match), commissioner, "The report stands.")
    assert fresh(fixture_match).status == "confirmed"
    assert PostGame.objects.get(match=fixture_match).applied_by == commissioner
    applied_as_worked(fixture_match)
    ledger_clean()


# --- Dice the server rolls ----------------------------------------------------------------

D6 = notation("D6")


def seed_where(first_winnings_die) -> str:
    """A seed whose winnings die for home (the winner) passes `first_winnings_die`."""
    return next(
        seed for seed in (f"post-game-{i}" for i in range(200))
        if first_winnings_die(rolled(D6, seed, "winnings for home")[0])
    )  # fmt: skip


def server_match(request, which: str) -> Match:
    if which == "friendly":
        return request.getfixturevalue("friendly")
    names = ("commissioner", "lrb6", "home_team", "away_team")
    return league_match(*(request.getfixturevalue(name) for name in names), "rolled")


def post_game_rows(match: Match) -> list[tuple]:
    return list(
        DiceRoll.objects.filter(match=match)
        .exclude(purpose__startswith="MVP")
        .order_by("pk")
        .values_list("purpose", "notation", "values", "source", "seed")
    )


def fame(home_gate: int, away_gate: int) -> tuple[int, int]:
    """FAME from each team's fans, (2D6 + fan factor 3) x 1,000: +1 for more fans than the
    other team, +2 for at least twice as many."""
    home, away = home_gate + 3, away_gate + 3

    def of(mine: int, theirs: int) -> int:
        return 2 if mine >= 2 * theirs else 1 if mine > theirs else 0

    return of(home, away), of(away, home)


@pytest.mark.parametrize("which", ["friendly", "rolled league"])
def test_the_server_rolls_the_dice_nobody_entered_from_the_seed_and_stores_them(
    request, which, home_coach, away_coach
) -> None:
    match = server_match(request, which)
    seed = seed_where(lambda die: die <= 3)  # the server re-rolls a winner's 1, 2 or 3
    Match.objects.filter(pk=match.pk).update(seed=seed)
    match = fresh(match)
    submitted(match, home_coach)  # 2-1, the MVPs drawn by the server
    preview = post_game_preview(match).dice
    assert post_game_preview(match).dice == preview  # the same seed and purposes: the same dice
    workflow.report_confirm(match, away_coach)
    wanted = [
        ("gate for home", "2D6"), ("gate for away", "2D6"), ("winnings for home", "D6"),
        ("winnings re-roll for home", "D6"), ("winnings for away", "D6"),
        ("fan factor for home", "3D6"), ("fan factor for away", "2D6"),
    ]  # fmt: skip
    assert post_game_rows(match) == [
        (purpose, written, list(rolled(notation(written), seed, purpose)), "rolled", seed)
        for purpose, written in wanted
    ]
    assert [(d.purpose, d.notation, list(d.values), d.source) for d in preview] == [
        row[:4] for row in post_game_rows(match)
    ]
    # Applying again reads the stored dice: the same as the server drew.
    again = post_game_preview(fresh(match)).dice
    assert [(d.purpose, d.values) for d in again] == [(d.purpose, d.values) for d in preview]
    dice = {row[0]: row[2] for row in post_game_rows(match)}
    home_fame, away_fame = fame(sum(dice["gate for home"]), sum(dice["gate for away"]))
    # The winner keeps the second die; the loser has no win bonus.
    home_gold = (dice["winnings re-roll for home"][0] + home_fame + 1) * 10_000
    away_gold = (dice["winnings for away"][0] + away_fame) * 10_000
    home_ff = 1 if sum(dice["fan factor for home"]) > 3 else 0
    away_ff = -1 if sum(dice["fan factor for away"]) < 3 else 0
    for team, gold, ff in ((match.home, home_gold, home_ff), (match.away, away_gold, away_ff)):
        treasury, fan_factor, _ = standing(team)
        assert (treasury, fan_factor) == (START + gold, 3 + ff)
    ledger_clean()


def test_the_server_keeps_a_winnings_die_of_four_or_more(friendly, home_coach, away_coach) -> None:
    seed = seed_where(lambda die: die >= 4)
    Match.objects.filter(pk=friendly.pk).update(seed=seed)
    match = fresh(friendly)
    submitted(match, home_coach)
    workflow.report_confirm(match, away_coach)
    purposes = [row[0] for row in post_game_rows(match)]
    assert "winnings for home" in purposes
    assert "winnings re-roll for home" not in purposes


# --- Dice the coaches enter ---------------------------------------------------------------

MISSING = [
    ("dice", "Enter the 2D6 for 'gate for home' first."),
    ("dice", "Enter the 2D6 for 'gate for away' first."),
    ("dice", "Enter the D6 for 'winnings for home' first."),
    ("dice", "Enter the D6 for 'winnings for away' first."),
    ("dice", "Enter the 3D6 for 'fan factor for home' first."),
    ("dice", "Enter the 2D6 for 'fan factor for away' first."),
]


def test_where_the_dice_are_entered_confirming_without_them_is_refused_naming_each_die(
    entered_only, home_coach, away_coach
) -> None:
    reported(entered_only, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(entered_only, away_coach)
    assert problems(refused) == MISSING
    assert fresh(entered_only).status == "submitted"


def test_the_refusal_names_only_the_dice_still_missing(
    entered_only, home_coach, away_coach
) -> None:
    reported(entered_only, home_coach)
    at_the_table(entered_only, {p: v for p, v in {**GATE_DICE, **TABLE_DICE}.items()
                                if p.endswith("home")})  # fmt: skip
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(entered_only, away_coach)
    assert problems(refused) == [problem for problem in MISSING if "away" in problem[1]]


def test_the_confirming_coach_enters_his_dice_while_the_report_is_submitted(
    entered_only, home_coach, away_coach
) -> None:
    reported(entered_only, home_coach)
    assert fresh(entered_only).status == "submitted"
    at_the_table(entered_only, {**GATE_DICE, **TABLE_DICE})  # each coach his own side's
    # Only the post-game dice are open: the match's other dice closed at submission.
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_enter(entered_only, away_coach, "casualty for away #3", "D68", [1, 2])
    assert problems(refused) == [("status", "The report is submitted: its dice are closed.")]
    workflow.report_confirm(fresh(entered_only), away_coach)
    applied_as_worked(entered_only)
    ledger_clean()


def test_once_applied_the_post_game_dice_are_closed(entered_only, home_coach, away_coach) -> None:
    reported(entered_only, home_coach)
    at_the_table(entered_only, {**GATE_DICE, **TABLE_DICE})
    workflow.report_confirm(entered_only, away_coach)
    for purpose in ("winnings for home", "fan factor for away", "gate for home"):
        values = [6] * len({**GATE_DICE, **TABLE_DICE}[purpose])
        with unchanged(), pytest.raises(MatchRefused) as refused:
            dice_enter(fresh(entered_only), coach_of(entered_only, purpose), purpose,
                       notation_of(values), values)  # fmt: skip
        assert problems(refused) == [("status", "The report is confirmed: its dice are closed.")]


def test_a_post_game_die_typed_as_the_wrong_roll_is_refused_by_name(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, {**TABLE_DICE, "fan factor for home": [3, 5]})
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(friendly, away_coach)
    assert problems(refused) == [
        ("dice", "'fan factor for home' is a 3D6 roll, not 2D6: type it again as 3D6.")
    ]


# --- Not applied, and why -----------------------------------------------------------------

FORFEIT_WHY = "A forfeit has no post-game sequence."
CASUALTY = {"victim": {"side": "away", "number": 3}, "causer": {"side": "home", "number": 6},
            "action": "block"}  # fmt: skip


def with_casualty(match: Match, coach) -> Match:
    """The worked example with a casualty whose dice the server rolls."""
    return reported(match, coach, casualties=[CASUALTY], server_rolls=True)


def test_a_report_with_casualties_is_applied_with_the_casualty_die_the_server_rolled(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    with_casualty(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    assert fresh(friendly).status == "confirmed"
    assert not_applied_why(fresh(friendly)) == ""
    steps = {s["key"]: s for s in PostGame.objects.get(match=friendly).steps["steps"]}
    [die] = steps["casualties"]["dice"]
    rolled = DiceRoll.objects.get(match=friendly, purpose="casualty for away #3")
    assert (die["purpose"], die["notation"], die["values"]) == (
        "casualty for away #3", "D68", rolled.values
    )  # fmt: skip
    assert steps["casualties"]["result"].startswith("Da Krumpers #3 ")
    ledger_clean()


def test_a_report_with_casualties_waits_for_the_post_game_dice_where_they_are_entered(
    entered_only, home_coach, away_coach
) -> None:
    """The casualty is applied with the rest, so the winnings and fan factor dice are asked
    for first and the report stays submitted."""
    casualty = {**CASUALTY, "dice": {"casualty": [1, 1]}}
    reported(entered_only, home_coach, casualties=[casualty])
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_confirm(entered_only, away_coach)
    assert "Enter the D6 for 'winnings for home' first." in str(refused.value)
    assert fresh(entered_only).status == "submitted"
    not_applied(entered_only)


def test_a_forfeit_is_not_applied(fixture_match, home_team, commissioner) -> None:
    fixture_forfeit(fixture_match.fixture, commissioner, home_team)
    match = fresh(fixture_match)
    assert (match.status, not_applied_why(match)) == ("forfeit", FORFEIT_WHY)
    with unchanged():
        assert post_game_apply(match, commissioner) is None
    not_applied(match)


# --- A concession, end to end -------------------------------------------------------------


def test_a_concession_gives_the_winner_the_gold_and_both_mvps_and_costs_the_conceder_a_fan(
    friendly, home_coach, away_coach
) -> None:
    """Da Krumpers concede at 1-1 in the second half, turn 3: Gouged Eye win 2-1 (an awarded
    touchdown earns no SPP), take Da Krumpers' winnings and award both MVPs (#6 and #7); Da
    Krumpers lose 1 fan factor without a roll and keep #9's touchdown."""
    gate_recorded(friendly)
    lines = {
        "home": {"players": [{"number": 6, "actions": {"touchdown": 1}}], "mvps": [6, 7]},
        "away": {"players": [{"number": 9, "actions": {"touchdown": 1}}], "mvps": []},
        "concession": {"side": "away", "half": 2, "turn": 3},
    }
    workflow.report_save(friendly, home_coach, PLAYED, 1, 1, lines)
    workflow.report_submit(friendly, home_coach)
    at_the_table(friendly, {p: v for p, v in TABLE_DICE.items() if p != "fan factor for away"})
    workflow.report_confirm(friendly, away_coach)
    # (4 + FAME 1 + 1) x 10,000 = 60,000, and Da Krumpers' (3 + FAME 0) x 10,000 = 30,000.
    assert standing(friendly.home) == (
        START + 90_000, 4, as_new({6: (8, 1, 0, 1), 7: (5, 0, 0, 1)})
    )  # fmt: skip
    assert standing(friendly.away) == (START, 2, as_new({9: (3, 1, 0, 0)}))
    winnings, fan_factor, *_later = PostGame.objects.get(match=friendly).steps["steps"]
    assert winnings["inputs"]["score"] == {"home": 2, "away": 1}
    assert winnings["inputs"]["results"] == {"home": "win", "away": "loss"}
    assert winnings["result"].endswith(
        "Da Krumpers conceded: its 30,000 gp go to Gouged Eye (concession_winnings)."
    )
    assert [d["purpose"] for d in fan_factor["dice"]] == ["fan factor for home"]
    assert fan_factor["result"].endswith("Da Krumpers conceded: fan factor 3 → 2 without a roll.")
    assert not DiceRoll.objects.filter(match=friendly, purpose="fan factor for away").exists()
    ledger_clean()
