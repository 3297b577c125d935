"""What each cause does to a team's state, worked out without the database: the deltas a
service writes now and a rebuild writes again, and the rules that refuse them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.team_building import TeamRefused
from rules.selectors import version_get
from rules.snapshot import version_snapshot
from teams import causes
from teams.ledger import PlayerState, Roll, TeamState, replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def human() -> causes.Rules:
    return causes.rules_for(version_snapshot(version_get("lrb6")), "human")


def lineman(**record) -> PlayerState:
    return PlayerState(number=1, name="Werner", position="Lineman", **record)


def team(treasury: int = 100_000, **players: PlayerState) -> TeamState:
    return TeamState(treasury=treasury, rerolls=1, fan_factor=2, players=players)


# --- Purchases ---


def test_a_lineman_bought_costs_50000_and_joins_with_his_key_and_number(human) -> None:
    request = {"kind": "player", "what": "Lineman", "count": 1, "players": [["p2", 12, "Hans"]]}
    deltas = causes.purchase(human, team(p1=lineman()), request)
    assert deltas == [
        {"op": "treasury", "amount": -50_000},
        {"op": "join", "player": "p2", "number": 12, "name": "Hans", "position": "Lineman"},
    ]


def test_a_re_roll_after_creation_costs_double(human) -> None:
    # A Human re-roll is 50,000 at creation and 100,000 afterwards.
    deltas = causes.purchase(human, team(treasury=100_000), {"kind": "reroll", "count": 1})
    assert deltas == [{"op": "treasury", "amount": -100_000}, {"op": "rerolls", "amount": 1}]


def test_a_purchase_the_treasury_no_longer_covers_is_refused(human) -> None:
    with pytest.raises(TeamRefused, match="100,000"):
        causes.purchase(human, team(treasury=60_000), {"kind": "reroll", "count": 1})


def test_a_player_bought_cannot_wear_a_number_taken_since(human) -> None:
    request = {"kind": "player", "what": "Lineman", "count": 1, "players": [["p2", 1, "Hans"]]}
    with pytest.raises(TeamRefused, match="Number 1 is Werner's"):
        causes.purchase(human, team(p1=lineman()), request)


# --- Departures ---


def test_a_departure_starts_from_the_status_the_player_has_then(human) -> None:
    hurt = team(p1=lineman(status="missing_next_game"))
    assert causes.departure(human, hurt, {"player": "p1", "how": "retired"}) == [
        {"op": "player", "player": "p1", "field": "status",
         "from": "missing_next_game", "to": "retired"},
    ]  # fmt: skip


def test_a_player_who_left_already_cannot_leave_again(human) -> None:
    with pytest.raises(TeamRefused, match="Werner is not on the team any more"):
        causes.departure(human, team(p1=lineman(status="dead")), {"player": "p1", "how": "fired"})


# --- Adjustments ---


def test_an_adjustment_may_take_the_whole_treasury_but_not_more(human) -> None:
    assert causes.adjustment(human, team(treasury=30_000), {"treasury": -30_000}) == [
        {"op": "treasury", "amount": -30_000}
    ]
    with pytest.raises(TeamRefused, match="there are 30,000 gp to take from"):
        causes.adjustment(human, team(treasury=30_000), {"treasury": -40_000})


def test_an_spp_adjustment_cannot_take_more_than_the_player_has(human) -> None:
    request = {"spp": -4, "player": "p1"}
    with pytest.raises(TeamRefused, match="Werner has 3 SPP to take from, not 4"):
        causes.adjustment(human, team(p1=lineman(spp=3)), request)


# --- Rolls and choices ---


def test_a_roll_is_due_at_6_spp_and_not_before(human) -> None:
    request = {"player": "p1", "roll": {"key": "r5", "die1": 3, "die2": 4}}
    with pytest.raises(TeamRefused, match=r"Werner has no improvement roll due \(5 SPP\)"):
        causes.roll(human, team(p1=lineman(spp=5)), request)
    [delta] = causes.roll(human, team(p1=lineman(spp=6)), request)
    assert delta["roll"] == {"key": "r5", "die1": 3, "die2": 4}


def test_no_second_roll_while_one_waits_for_its_choice(human) -> None:
    waiting = lineman(spp=16, rolls=(Roll("r5", 3, 4),))  # 16 SPP: two rolls earned
    request = {"player": "p1", "roll": {"key": "r6", "die1": 2, "die2": 5}}
    with pytest.raises(TeamRefused, match="has a roll to choose from first"):
        causes.roll(human, team(p1=waiting), request)


def test_a_choice_takes_the_skill_marks_the_roll_and_adds_20000(human) -> None:
    rolled = team(p1=lineman(spp=6, rolls=(Roll("r5", 3, 4),)))
    deltas = causes.choice(human, rolled, {"player": "p1", "roll": "r5", "choice": "Block"})
    after = replay(deltas, rolled).players["p1"]
    assert (after.skills, after.value_increase) == (("Block",), 20_000)
    assert after.rolls == (Roll("r5", 3, 4, choice="Block"),)


def test_a_characteristic_choice_is_an_advancement_change(human) -> None:
    # 5+5 = 10: +1 MA or +1 AV (or, for the doubles, a skill of any category); MA 6 may rise.
    rolled = team(p1=lineman(spp=6, rolls=(Roll("r5", 5, 5),)))
    deltas = causes.choice(human, rolled, {"player": "p1", "roll": "r5", "choice": "MA"})
    after = replay(deltas, rolled).players["p1"]
    assert (after.changes, after.injury_changes) == ({"MA": 1}, {})


def test_a_used_roll_cannot_be_chosen_from_again(human) -> None:
    used = team(p1=lineman(spp=6, rolls=(Roll("r5", 3, 4, choice="Block"),)))
    with pytest.raises(TeamRefused, match="This roll has been used already"):
        causes.choice(human, used, {"player": "p1", "roll": "r5", "choice": "Dodge"})


# --- Injuries to characteristics (LRB6: at most 2 below the start, never below 1) ---


def test_a_lineman_loses_ma_twice_and_the_third_injury_lowers_nothing(human) -> None:
    # MA 6: 5, then 4 = 6 - 2, the floor; a third -MA changes nothing.
    state = team(p1=lineman())
    for expected in (5, 4):
        deltas = causes.characteristic_injury(human, "p1", state.players["p1"], "MA")
        state = replay(deltas, state)
        player = state.players["p1"]
        assert 6 + player.injury_changes["MA"] == expected
    assert causes.characteristic_injury(human, "p1", state.players["p1"], "MA") == []
    assert state.players["p1"].injuries == ("-MA", "-MA")


def test_an_advanced_characteristic_may_fall_back_to_the_floor_of_its_start(human) -> None:
    # MA 6 + 2 = 8 by advancements: injuries take it to 7, 6, 5, 4 and no lower.
    state = team(p1=lineman(changes={"MA": 2}))
    falls = 0
    while deltas := causes.characteristic_injury(human, "p1", state.players["p1"], "MA"):
        state, falls = replay(deltas, state), falls + 1
    assert falls == 4
    player = state.players["p1"]
    assert (player.changes, player.injury_changes) == ({"MA": 2}, {"MA": -4})


def test_a_gdbbl_injury_takes_a_characteristic_only_1_below_its_start() -> None:
    dwarf = causes.rules_for(version_snapshot(version_get("gdbbl")), "dwarf")
    beard = PlayerState(number=1, name="Grim", position="Long Beard")
    [fall, mark] = causes.characteristic_injury(dwarf, "p1", beard, "ST")
    assert (fall["amount"], fall["origin"], mark["injury"]) == (-1, "injury", "-ST")
    lowered = replace(beard, injury_changes={"ST": -1})
    assert causes.characteristic_injury(dwarf, "p1", lowered, "ST") == []
