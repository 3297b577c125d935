"""The ledger as plain values: replaying deltas, and undoing them exactly."""

from __future__ import annotations

import pytest

from teams import ledger
from teams.ledger import LedgerError, PlayerState, TeamState, apply, inverse, replay

CREATION = [
    {"op": "treasury", "amount": 40_000},
    {"op": "rerolls", "amount": 3},
    {"op": "fan_factor", "amount": 2},
    {"op": "staff", "key": "apothecary", "amount": 1},
    {"op": "join", "player": "7", "number": 1, "name": "Grotbag", "position": "Lineman"},
    {"op": "join", "player": "8", "number": 2, "name": "Ugluk", "position": "Blitzer"},
]


def created() -> TeamState:
    return replay(CREATION)


def test_replaying_a_creation_gives_the_new_team() -> None:
    state = created()
    assert (state.treasury, state.rerolls, state.fan_factor) == (40_000, 3, 2)
    assert state.staff == {"apothecary": 1}
    assert state.players == {
        "7": PlayerState(number=1, name="Grotbag", position="Lineman"),
        "8": PlayerState(number=2, name="Ugluk", position="Blitzer"),
    }


def test_a_match_adds_spp_and_statistics() -> None:
    state = replay(
        [
            {"op": "player", "player": "8", "field": "touchdowns", "amount": 1},
            {"op": "player", "player": "8", "field": "spp", "amount": 3},
            {"op": "treasury", "amount": 60_000},
        ],
        created(),
    )
    assert state.players["8"].touchdowns == 1
    assert state.players["8"].spp == 3
    assert state.treasury == 100_000


def test_skills_injuries_and_characteristics_accumulate_in_order() -> None:
    state = replay(
        [
            {"op": "player", "player": "7", "field": "skill", "skill": "Block", "add": True},
            {"op": "player", "player": "7", "field": "skill", "skill": "Dodge", "add": True},
            {"op": "player", "player": "7", "field": "injury", "injury": "N", "add": True},
            {
                "op": "player",
                "player": "7",
                "field": "characteristic",
                "characteristic": "MA",
                "amount": -1,
            },
            {
                "op": "player",
                "player": "7",
                "field": "characteristic",
                "characteristic": "ST",
                "amount": 1,
            },
        ],
        created(),
    )
    player = state.players["7"]
    assert player.skills == ("Block", "Dodge")
    assert player.injuries == ("N",)
    assert player.changes == {"MA": -1, "ST": 1}


def test_a_status_change_must_start_from_the_status_the_player_has() -> None:
    delta = {"op": "player", "player": "7", "field": "status", "from": "active", "to": "dead"}
    assert apply(created(), delta).players["7"].status == "dead"
    with pytest.raises(LedgerError, match="player 7 is dead, not active"):
        replay([delta, delta], created())


@pytest.mark.parametrize(
    ("delta", "message"),
    [
        ({"op": "player", "player": "99", "field": "spp", "amount": 1}, "not on the team"),
        (
            {"op": "join", "player": "7", "number": 3, "name": "X", "position": "Lineman"},
            "joined twice",
        ),
        ({"op": "staff", "key": "cheerleader", "amount": -1}, "below zero"),
        (
            {"op": "player", "player": "7", "field": "skill", "skill": "Pro", "add": False},
            "'Pro' cannot be taken away",
        ),
        ({"op": "player", "player": "7", "field": "mood", "amount": 1}, "unknown player field"),
        ({"op": "bribe", "amount": 1}, "unknown delta"),
    ],
)
def test_it_refuses_a_delta_that_does_not_fit_the_team(delta, message: str) -> None:
    with pytest.raises(LedgerError, match=message):
        apply(created(), delta)


def test_undoing_an_entry_brings_the_team_back_exactly() -> None:
    before = created()
    entry = [
        {"op": "treasury", "amount": -50_000},
        {"op": "player", "player": "7", "field": "skill", "skill": "Block", "add": True},
        {"op": "player", "player": "7", "field": "value_increase", "amount": 20_000},
        {"op": "player", "player": "8", "field": "status", "from": "active", "to": "fired"},
        {"op": "join", "player": "9", "number": 3, "name": "Snaga", "position": "Goblin"},
        {"op": "staff", "key": "cheerleader", "amount": 2},
    ]
    after = replay(entry, before)
    assert after != before
    assert replay(inverse(entry, before), after) == before


def test_undoing_the_creation_leaves_an_empty_team() -> None:
    assert replay(inverse(CREATION, TeamState()), created()) == TeamState()


def test_undoing_a_skill_removes_the_latest_copy_of_it() -> None:
    twice = [
        {"op": "player", "player": "7", "field": "skill", "skill": "Block", "add": True},
        {"op": "player", "player": "7", "field": "skill", "skill": "Dodge", "add": True},
    ]
    after = replay(twice, created())
    undo = inverse(twice[1:], replay(twice[:1], created()))
    assert replay(undo, after).players["7"].skills == ("Block",)


def test_a_run_of_player_deltas_leaves_the_state_it_was_replayed_from_as_it_was() -> None:
    # replay changes one copy of the players over a run of player deltas: never the state's.
    start = created()
    spp = [{"op": "player", "player": "7", "field": "spp", "amount": 2}] * 3
    after = replay([*spp, {"op": "treasury", "amount": 10_000}, *spp], start)
    assert start.players["7"].spp == 0
    assert start.treasury == 40_000
    assert after.players["7"].spp == 12
    assert after.treasury == 50_000
    assert after.players["8"] is start.players["8"]  # an unchanged player is shared, not copied
    assert after == replay([*spp, {"op": "treasury", "amount": 10_000}, *spp], created())


def test_a_record_changed_keeps_its_other_fields_and_is_a_new_record() -> None:
    start = created()
    after = apply(start, {"op": "player", "player": "8", "field": "status", "from": "active",
                          "to": "dead"})  # fmt: skip
    assert after.players["8"] == PlayerState(2, "Ugluk", "Blitzer", status="dead")
    assert start.players["8"].status == "active"
    assert after.players["8"] is not start.players["8"]
    assert (after.treasury, after.rerolls, after.staff) == (40_000, 3, {"apothecary": 1})
    with pytest.raises(TypeError, match="no field colour"):
        ledger._with(start, colour="green")
