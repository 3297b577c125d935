"""Creating a team of the results-only rulesets: no money at all, a Blitz Bowl team that is
exactly its card, and 1st edition's standard game of 11 Linemen numbered 1 to 11."""

from __future__ import annotations

import pytest

from rules.engine.team_building import Problem, TeamRefused
from rules.selectors import version_get
from teams.between_matches import player_rename
from teams.ledger_rows import ledger_differences
from teams.models import Team
from teams.roster import roster
from teams.services import NewPlayer, team_create
from tests.matches.rulesets import house_version
from tests.teams.helpers import squad
from tests.teams.test_team_create import messages, refusal

# How a Blitz Bowl refusal names the card (document 004 l.642-645: six players, the card's).
HUMAN_CARD = (
    "A Blitz Bowl team is the six players of its team card: the Human card is 3 Linemen, "
    "1 Thrower, 1 Catcher and 1 Blitzer"
)


# --- Results-only systems: no money ---


def test_a_blitz_bowl_team_is_its_six_players_and_no_money(coach) -> None:
    version = version_get("blitz-bowl")
    players = squad((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))
    team = team_create(coach, version, "The Reavers", "human", players)
    assert (team.treasury, team.rerolls, team.fan_factor, team.staff) == (0, 0, 0, {})
    assert [p.number for p in team.players.all()] == [1, 2, 3, 4, 5, 6]
    [entry] = team.ledger.all()
    # No treasury, re-roll or fan factor delta: the rules have none to start from.
    assert [delta["op"] for delta in entry.deltas] == ["join"] * 6
    assert entry.summary == "Team created: 6 players"
    assert ledger_differences(team) == []
    reading = roster(team)
    assert (reading.value, reading.rating) == (None, None)


def test_a_first_edition_team_has_no_money_either(coach) -> None:
    version = version_get("first-edition")
    players = squad((6, "Lineman"), (2, "Blitzer"), (3, "Blocker"))
    team = team_create(coach, version, "Bright Crusaders", "human", players)
    assert (team.treasury, team.rerolls, team.fan_factor, team.staff) == (0, 0, 0, {})
    assert team.players.count() == 11
    assert roster(team).value is None
    assert ledger_differences(team) == []


def test_a_standard_game_team_wears_the_numbers_1_to_11(coach) -> None:
    """002 l.161: the standard game takes the players numbered 1 to 11."""
    version = house_version("first-edition", coach, veterans_rules="none")
    players = [NewPlayer("Lineman", f"Lineman {n}", number=n) for n in (*range(1, 11), 12)]
    with pytest.raises(TeamRefused) as refused:
        team_create(coach, version, "Bright Crusaders", "human", players)
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("players", "Player numbers run from 1 to 11, not 12.")
    ]
    team = team_create(coach, version, "Bright Crusaders", "human", squad((11, "Lineman")))
    assert sorted(team.players.values_list("number", flat=True)) == list(range(1, 12))


def test_a_results_only_team_may_buy_nothing(coach) -> None:
    version = version_get("blitz-bowl")
    players = squad((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))
    refused = refusal(coach, version, "human", players, rerolls=1, staff={"apothecary": 1})
    assert messages(refused) == [
        "Blitz Bowl has no re-rolls to buy",
        "Blitz Bowl has no staff to hire",
    ]
    refused = refusal(coach, version, "human", squad((4, "Lineman"), (3, "Thrower")))
    assert messages(refused) == [f"{HUMAN_CARD}, not 4 Linemen and 3 Throwers"]


# --- Squads reshaped by a setting: a Blitz Bowl card, 1st edition's standard game ---


def test_a_five_player_blitz_bowl_team_is_refused_naming_the_card(coach) -> None:
    version = version_get("blitz-bowl")
    players = squad((2, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))
    refused = refusal(coach, version, "human", players)
    assert refused.problems == (
        Problem("positions", f"{HUMAN_CARD}, not 2 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer"),
    )


def test_a_blitz_bowl_card_with_the_rule_off_may_be_short_handed(coach) -> None:
    version = house_version("blitz-bowl", coach, team_is_its_card=False)
    team = team_create(coach, version, "Short Reavers", "human", squad((2, "Lineman")))
    assert [p.position.name for p in team.players.order_by("number")] == ["Lineman"] * 2


def test_a_standard_game_team_is_eleven_linemen_numbered_1_to_11(coach) -> None:
    version = house_version("first-edition", coach, veterans_rules="none")
    team = team_create(coach, version, "Bright Crusaders", "human", squad((11, "Lineman")))
    players = list(team.players.order_by("number"))
    assert [(p.number, p.position.name) for p in players] == [(n, "Lineman") for n in range(1, 12)]
    assert ledger_differences(team) == []


def test_a_standard_game_team_with_a_blitzer_is_refused(coach) -> None:
    version = house_version("first-edition", coach, veterans_rules="none")
    refused = refusal(coach, version, "human", squad((10, "Lineman"), (1, "Blitzer")))
    assert messages(refused) == [
        "In the standard game (setting veterans_rules: none) every player is a Lineman: no Blitzers"
    ]


def test_eleven_linemen_are_refused_under_the_veterans_rules(coach) -> None:
    refused = refusal(coach, version_get("first-edition"), "human", squad((11, "Lineman")))
    assert messages(refused) == ["Human teams may have at most 6 Linemen"]


def test_a_standard_game_player_is_renumbered_within_1_to_11(coach) -> None:
    version = house_version("first-edition", coach, veterans_rules="none")
    team = team_create(coach, version, "Bright Crusaders", "human", squad((11, "Lineman")))
    player = team.players.get(number=11)
    with pytest.raises(TeamRefused) as refused:
        player_rename(team, coach, player, number=12)
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("number", "Player numbers run from 1 to 11, not 12.")
    ]
    # Every number of 1 to 11 is worn, so a standard-game team can only swap names.
    assert Team.objects.get(pk=team.pk).players.get(number=11).name == player.name
