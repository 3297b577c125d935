"""A match's kick-off worked out again from its teams as a ledger state has them
(matches/amend/kick_off_again.py), as a revert needs it for every later match. From the teams as
they stand it gives what was recorded; from teams that differ it follows the rules; a GDBBL
gate whose dice were rolled for other Fan Factors stops it.

The GDBBL example is tests/matches/gdbbl_rated.py's: the Humans (rating 100, fan factor 3) at
home to the Orcs (rating 125, fan factor 2), 25 behind: 1 bonus card and 1 bonus MVP; the
gate is 5D6."""

from __future__ import annotations

import pytest

from matches.amend.kick_off_again import kick_off_again, match_bill
from matches.dice import dice_enter
from matches.kick_off.gdbbl import freebooters_hire, gdbbl_gate_record
from matches.match_rows import match_rows
from matches.models import Match
from matches.services import MatchRefused
from rules.snapshot import version_snapshot
from teams import ledger
from teams.ledger_rows import state_of
from teams.models import Team
from tests.matches.gdbbl_rated import rated_match
from tests.matches.helpers import problems

pytestmark = pytest.mark.django_db


@pytest.fixture
def kicked_off(home_coach, away_coach) -> Match:
    """The GDBBL example after kick-off: the Humans hire a Catcher, the Orcs nobody; the
    ratings and the handicap fixed; the gate 3+4+5+6+1 = 19,000."""
    match = rated_match(home_coach, away_coach)
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    freebooters_hire(match, away_coach, "away", [], [])
    dice_enter(match, home_coach, "gate", "5D6", [3, 4, 5, 6, 1])
    gdbbl_gate_record(match, home_coach)
    return read(match)


def read(match: Match) -> Match:
    found = Match.objects.select_related("home__race", "away__race", "ruleset_version")
    return found.prefetch_related("kick_offs", "dice").get(pk=match.pk)


def again(match: Match, changes: dict[int, list[dict]] | None = None):
    """The kick-off from both teams' states, with `changes` (team pk -> deltas) applied."""
    states = {}
    for team in (match.home, match.away):
        state = state_of(Team.objects.get(pk=team.pk))
        states[team.pk] = ledger.replay((changes or {}).get(team.pk, []), state)
    ruleset = version_snapshot(match.ruleset_version).ruleset
    return kick_off_again(match, match_rows(match, states), ruleset)


def test_from_the_teams_as_they_stand_the_kick_off_is_as_recorded(kicked_off) -> None:
    worked = again(kicked_off)
    assert not worked.changed
    assert worked.figures["home"]["rating"] == 100
    assert (worked.figures["home"]["bonus_cards"], worked.figures["home"]["bonus_mvps"]) == (1, 1)
    assert worked.gate == 19_000


def test_a_richer_human_team_is_rated_higher_and_gets_a_smaller_handicap(kicked_off) -> None:
    thrower = kicked_off.home.players.order_by("number").first()
    grown = {"op": "player", "player": thrower.key, "field": "value_increase", "amount": 50_000}
    worked = again(kicked_off, {kicked_off.home_id: [grown]})
    assert worked.changed
    home = worked.figures["home"]
    # 1,050,000: rating 105, 20 behind the Orcs' 125: the 11-20 band, 1 card and no MVP.
    assert (home["value"], home["rating"], home["bonus_cards"], home["bonus_mvps"]) == (
        1_050_000, 105, 1, 0
    )  # fmt: skip
    assert worked.recorded["home"]["rating"] == 100  # as it was, to compare


def test_a_gate_rolled_for_other_fan_factors_no_longer_fits(kicked_off) -> None:
    fan = {"op": "fan_factor", "amount": 1}
    with pytest.raises(MatchRefused) as refused:
        again(kicked_off, {kicked_off.home_id: [fan]})
    assert problems(refused) == [
        ("gate", f"The gate of {kicked_off} rolled 5D6 for both teams' Fan Factors; they "
                 "would now be 6: its dice no longer fit."),
    ]  # fmt: skip


def test_putting_the_figures_on_the_match_is_what_the_post_game_reads(kicked_off) -> None:
    thrower = kicked_off.home.players.order_by("number").first()
    grown = {"op": "player", "player": thrower.key, "field": "value_increase", "amount": 50_000}
    worked = again(kicked_off, {kicked_off.home_id: [grown]})
    worked.put(kicked_off)
    home = next(row for row in kicked_off.kick_offs.all() if row.side == "home")
    assert (home.rating, home.bonus_mvps) == (105, 0)
    assert Match.objects.get(pk=kicked_off.pk).kick_offs.get(side="home").rating == 100  # unsaved


def test_a_match_that_never_kicked_off_has_nothing_to_work_again(home_coach, away_coach) -> None:
    match = read(rated_match(home_coach, away_coach))
    worked = again(match)
    assert (worked.figures, worked.gate, worked.changed) == ({}, None, False)


def test_a_side_without_inducements_has_no_bill(kicked_off) -> None:
    assert match_bill(kicked_off, "away") == 0
