"""Creating a team: the bill, the rows, the creation entry, and every refusal."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from rules.engine.team_building import Problem, TeamRefused
from teams.ledger_rows import ledger_differences
from teams.models import LedgerEntry, Player, Team
from teams.services import NewPlayer, team_create
from tests.teams.helpers import dwarf_team, orc_team, squad


def row_counts() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count()


def refusal(coach, version, race: str, players, name: str = "Refused", **kwargs) -> TeamRefused:
    """The TeamRefused a request raises, after checking that nothing was written."""
    before = row_counts()
    with pytest.raises(TeamRefused) as refused:
        team_create(coach, version, name, race, players, **kwargs)
    assert row_counts() == before
    return refused.value


def messages(refused: TeamRefused) -> list[str]:
    return [problem.message for problem in refused.problems]


# --- A legal LRB6 team ---


def test_a_legal_lrb6_orc_team_keeps_what_is_left_of_the_budget(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    # 250,000 + 320,000 + 160,000 (players) + 120,000 (2 re-rolls) + 30,000 (FF 3)
    # + 50,000 (apothecary) = 930,000; 1,000,000 - 930,000 = 70,000.
    assert team.treasury == 70_000
    assert team.rerolls == 2
    assert team.fan_factor == 3
    assert team.staff == {"apothecary": 1}
    assert team.coach == coach
    assert team.ruleset_version == lrb6
    assert team.race.slug == "orc"
    assert team.name == "Gouged Eye"


def test_the_players_are_numbered_1_to_n_in_the_order_given(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    players = list(team.players.order_by("number"))
    assert [p.number for p in players] == list(range(1, 12))
    assert [p.position.name for p in players] == ["Lineman"] * 5 + ["Blitzer"] * 4 + [
        "Black Orc Blocker"
    ] * 2
    assert players[0].name == "Lineman 1"
    assert players[10].name == "Black Orc Blocker 11"
    assert {p.status for p in players} == {"active"}
    assert {(p.spp, p.value_increase) for p in players} == {(0, 0)}
    assert all(p.position.race == team.race for p in players)


def test_given_numbers_are_kept_and_the_others_take_the_lowest_free_ones(coach, lrb6) -> None:
    players = squad((5, "Lineman"), (4, "Blitzer"), (2, "Black Orc Blocker"))
    players[0] = NewPlayer("Lineman", "Gorbag", 3)
    players[10] = NewPlayer("Black Orc Blocker", "Varag", 99)
    team = team_create(coach, lrb6, "Numbered", "orc", players)
    # Gorbag keeps 3; the next nine take 1, 2, 4, 5, ..., 10 (3 is taken); Varag keeps 99.
    assert [(p.name, p.number) for p in team.players.order_by("pk")] == [
        ("Gorbag", 3),
        ("Lineman 2", 1),
        ("Lineman 3", 2),
        ("Lineman 4", 4),
        ("Lineman 5", 5),
        ("Blitzer 6", 6),
        ("Blitzer 7", 7),
        ("Blitzer 8", 8),
        ("Blitzer 9", 9),
        ("Black Orc Blocker 10", 10),
        ("Varag", 99),
    ]


def test_a_new_team_has_exactly_one_creation_entry_with_its_deltas(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    [entry] = team.ledger.all()
    assert entry.sequence == 1
    assert entry.kind == "creation"
    assert entry.actor == coach
    assert entry.ruleset_version == lrb6
    assert entry.reverses is None
    joins = [
        {
            "op": "join",
            "player": p.key,
            "number": p.number,
            "name": p.name,
            "position": p.position.name,
        }
        for p in team.players.order_by("number")
    ]
    assert entry.deltas == [
        {"op": "treasury", "amount": 70_000},
        {"op": "rerolls", "amount": 2},
        {"op": "fan_factor", "amount": 3},
        {"op": "staff", "key": "apothecary", "amount": 1},
        *joins,
    ]
    assert entry.summary == (
        "Team created: 11 players for 730,000 gp, 2 re-rolls for 120,000, fan factor 3 for "
        "30,000, staff for 50,000; 70,000 gp left in the treasury"
    )


def test_a_new_team_matches_the_replay_of_its_ledger(coach, lrb6) -> None:
    assert ledger_differences(orc_team(coach, lrb6)) == []


def test_the_team_name_and_player_names_are_stripped(coach, lrb6) -> None:
    players = squad((11, "Lineman"))
    players[0] = NewPlayer("Lineman", "  Gorbag  ")
    team = team_create(coach, lrb6, "  Spaced Out  ", "orc", players)
    assert team.name == "Spaced Out"
    assert team.players.get(number=1).name == "Gorbag"
    assert ledger_differences(team) == []


def test_spending_the_whole_budget_leaves_an_empty_treasury(coach, lrb6) -> None:
    # 4 Black Orc Blockers 320,000 + 4 Blitzers 320,000 + 2 Throwers 140,000
    # + 1 Troll 110,000 + 2 Linemen 100,000 = 990,000 for 13 players; + fan factor 1 (10,000)
    # = 1,000,000: nothing left.
    players = squad(
        (4, "Black Orc Blocker"), (4, "Blitzer"), (2, "Thrower"), (1, "Troll"), (2, "Lineman")
    )
    team = team_create(coach, lrb6, "Full Spend", "orc", players, fan_factor=1)
    assert team.treasury == 0
    assert team.players.count() == 13


# --- A legal GDBBL team ---


def test_a_legal_gdbbl_dwarf_team_may_have_an_alchemist(coach, gdbbl) -> None:
    team = dwarf_team(coach, gdbbl)
    # 11 Long Beards 11 x 70,000 = 770,000 + 1 re-roll 40,000 + fan factor 1 10,000
    # + Dwarf Alchemist 150,000 = 970,000; 1,000,000 - 970,000 = 30,000.
    assert team.treasury == 30_000
    assert team.rerolls == 1
    assert team.fan_factor == 1
    assert team.staff == {"alchemist": 1}
    assert [p.number for p in team.players.order_by("number")] == list(range(1, 12))
    [entry] = team.ledger.all()
    assert (entry.sequence, entry.kind, entry.actor, entry.ruleset_version) == (
        1,
        "creation",
        coach,
        gdbbl,
    )
    assert entry.deltas[:4] == [
        {"op": "treasury", "amount": 30_000},
        {"op": "rerolls", "amount": 1},
        {"op": "fan_factor", "amount": 1},
        {"op": "staff", "key": "alchemist", "amount": 1},
    ]
    assert [d["op"] for d in entry.deltas[4:]] == ["join"] * 11
    assert ledger_differences(team) == []


def test_a_gdbbl_team_must_buy_at_least_one_fan_factor(coach, gdbbl) -> None:
    refused = refusal(coach, gdbbl, "dwarf", squad((11, "Long Beard")), fan_factor=0)
    assert refused.problems == (
        Problem("fan_factor", "Fan factor at creation must be between 1 and 9, not 0"),
    )


# --- Refusals, each with its exact message, and nothing written ---


def test_a_third_human_thrower_is_refused(coach, lrb6) -> None:
    players = squad((3, "Thrower"), (8, "Lineman"))
    refused = refusal(coach, lrb6, "human", players)
    assert refused.problems == (Problem("positions", "Human teams may have at most 2 Throwers"),)
    assert str(refused) == "Human teams may have at most 2 Throwers"


def test_a_team_over_the_budget_is_refused_with_the_overspend(coach, lrb6) -> None:
    # 4 Black Orc Blockers 320,000 + 4 Blitzers 320,000 + 1 Troll 110,000
    # + 2 Throwers 140,000 + 5 Linemen 250,000 = 1,140,000; 1,140,000 - 1,000,000 = 140,000.
    players = squad(
        (4, "Black Orc Blocker"), (4, "Blitzer"), (1, "Troll"), (2, "Thrower"), (5, "Lineman")
    )
    refused = refusal(coach, lrb6, "orc", players)
    assert refused.problems == (
        Problem(
            "budget",
            "This team costs 1,140,000 gp; the budget is 1,000,000 gp (140,000 over)",
        ),
    )


def test_one_gold_piece_over_is_still_over(coach, lrb6) -> None:
    # 730,000 (ORC_SQUAD) + 4 re-rolls 240,000 + fan factor 4 40,000 = 1,010,000:
    # 10,000 over the 1,000,000 budget.
    refused = refusal(
        coach, lrb6, "orc", squad((5, "Lineman"), (4, "Blitzer"), (2, "Black Orc Blocker")),
        rerolls=4, fan_factor=4,
    )  # fmt: skip
    assert messages(refused) == [
        "This team costs 1,010,000 gp; the budget is 1,000,000 gp (10,000 over)"
    ]


def test_too_few_players_are_refused(coach, lrb6) -> None:
    refused = refusal(coach, lrb6, "orc", squad((10, "Lineman")))
    assert refused.problems == (Problem("positions", "A team needs at least 11 players, not 10"),)


def test_too_many_players_are_refused(coach, lrb6) -> None:
    # 17 Zombies would be 17 x 40,000 = 680,000: affordable, but one over 16.
    refused = refusal(coach, lrb6, "undead", squad((16, "Zombie"), (1, "Skeleton")))
    assert messages(refused) == ["A team may have at most 16 players, not 17"]


def test_an_undead_team_may_not_have_an_apothecary(coach, lrb6) -> None:
    refused = refusal(coach, lrb6, "undead", squad((11, "Skeleton")), staff={"apothecary": 1})
    assert refused.problems == (Problem("staff", "Undead teams may not have an Apothecary"),)


def test_gdbbl_dwarves_may_not_have_a_wizard(coach, gdbbl) -> None:
    refused = refusal(
        coach, gdbbl, "dwarf", squad((11, "Long Beard")), fan_factor=1, staff={"wizard": 1}
    )
    assert refused.problems == (Problem("staff", "Dwarf teams may not have a Wizard"),)


def test_a_gdbbl_team_has_only_one_member_of_the_magic_group(coach, gdbbl) -> None:
    refused = refusal(
        coach, gdbbl, "dwarf", squad((11, "Long Beard")), fan_factor=1,
        staff={"alchemist": 1, "wizard": 1},
    )  # fmt: skip
    # Refused items are still priced: 770,000 + fan factor 10,000 + alchemist 150,000
    # + wizard 150,000 = 1,080,000, 80,000 over.
    assert messages(refused) == [
        "Dwarf teams may not have a Wizard",
        "A team may have only one of Wizard, Dwarf Alchemist, Halfling Master Chef, "
        "Undead Necromancer",
        "This team costs 1,080,000 gp; the budget is 1,000,000 gp (80,000 over)",
    ]


def test_an_lrb6_team_has_at_most_one_apothecary(coach, lrb6) -> None:
    refused = refusal(coach, lrb6, "orc", squad((11, "Lineman")), staff={"apothecary": 2})
    assert messages(refused) == ["A team may have at most 1 Apothecary"]


def test_every_problem_is_reported_at_once(coach, lrb6) -> None:
    # 3 Throwers 210,000 + 4 Blitzers 360,000 + 3 Linemen 150,000 = 720,000 for 10 players;
    # + 6 re-rolls 6 x 50,000 = 300,000 + fan factor 10 x 10,000 = 100,000 = 1,120,000.
    players = squad((3, "Thrower"), (4, "Blitzer"), (3, "Lineman"))
    refused = refusal(coach, lrb6, "human", players, name="  ", rerolls=6, fan_factor=10)
    assert refused.problems == (
        Problem("name", "Give the team a name."),
        Problem("positions", "Human teams may have at most 2 Throwers"),
        Problem("fan_factor", "Fan factor at creation must be between 0 and 9, not 10"),
        Problem("positions", "A team needs at least 11 players, not 10"),
        Problem(
            "budget", "This team costs 1,120,000 gp; the budget is 1,000,000 gp (120,000 over)"
        ),
    )


def test_an_empty_team_name_is_refused(coach, lrb6) -> None:
    refused = refusal(coach, lrb6, "orc", squad((11, "Lineman")), name="")
    assert refused.problems == (Problem("name", "Give the team a name."),)


def test_a_player_without_a_name_is_refused(coach, lrb6) -> None:
    players = squad((11, "Lineman"))
    players[3] = NewPlayer("Lineman", " ")
    refused = refusal(coach, lrb6, "orc", players)
    assert refused.problems == (Problem("players", "Player 4 (Lineman) needs a name."),)


def test_two_players_with_the_same_number_are_refused(coach, lrb6) -> None:
    players = squad((11, "Lineman"))
    players[0] = NewPlayer("Lineman", "Gorbag", 7)
    players[5] = NewPlayer("Lineman", "Ugluk", 7)
    refused = refusal(coach, lrb6, "orc", players)
    assert refused.problems == (Problem("players", "Two players wear number 7."),)


def test_numbers_outside_1_to_99_are_refused(coach, lrb6) -> None:
    players = squad((11, "Lineman"))
    players[0] = NewPlayer("Lineman", "Gorbag", 0)
    players[1] = NewPlayer("Lineman", "Ugluk", 100)
    refused = refusal(coach, lrb6, "orc", players)
    assert messages(refused) == [
        "Player numbers run from 1 to 99, not 0.",
        "Player numbers run from 1 to 99, not 100.",
    ]


def test_an_unknown_race_or_position_is_refused(coach, lrb6) -> None:
    assert messages(refusal(coach, lrb6, "space-orc", squad((11, "Lineman")))) == [
        "LRB6 has no race called 'space-orc'"
    ]
    assert messages(refusal(coach, lrb6, "orc", squad((10, "Lineman"), (1, "Wizard")))) == [
        "Orc teams have no position called 'Wizard'"
    ]


def test_negative_purchases_are_refused(coach, lrb6) -> None:
    refused = refusal(coach, lrb6, "orc", squad((11, "Lineman")), rerolls=-1)
    assert messages(refused) == ["The number of re-rolls must be a whole number from 0 up, not -1"]


def test_a_refused_team_writes_nothing_even_with_other_teams_present(coach, lrb6) -> None:
    orc_team(coach, lrb6)
    before = row_counts()
    assert before == (1, 11, 1)
    with pytest.raises(TeamRefused):
        team_create(coach, lrb6, "Second", "orc", squad((10, "Lineman")))
    assert row_counts() == before


def test_an_anonymous_coach_may_not_create_a_team(lrb6) -> None:
    before = row_counts()
    with pytest.raises(PermissionDenied) as denied:
        team_create(AnonymousUser(), lrb6, "Nobody's", "orc", squad((11, "Lineman")))
    assert str(denied.value) == "Log in to create a team."
    assert row_counts() == before
