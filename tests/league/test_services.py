"""Starting a league, its commissioners and settings, and the membership workflow with its
permissions: coach, other coach, commissioner, site staff and anonymous."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from league.models import Membership
from league.services import (
    commissioner_add,
    league_create,
    league_settings,
    league_update,
    membership_decide,
    membership_end,
    membership_request,
)
from league.setting_checks import LeagueRefused
from rules.selectors import version_get
from tests.teams.helpers import dwarf_team, orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def messages(refused: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in refused.value.problems]


# Starting a league


def test_the_creator_is_the_first_commissioner(league, commissioner, lrb6) -> None:
    assert list(league.commissioners.all()) == [commissioner]
    assert league.ruleset_version == lrb6
    assert league.public is True


def test_a_new_league_has_the_documented_default_settings(league) -> None:
    assert league_settings(league) == {
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "bonus_three_touchdowns": 0,
        "bonus_three_casualties": 0,
        "bonus_clean_sheet": 0,
        "tie_breakers": [
            "points",
            "head_to_head",
            "touchdown_difference",
            "casualty_difference",
            "touchdowns_scored",
            "fewest_games_played",
        ],
        "dice_sources": "both",
        "reports_apply": "at_once",
        "forfeit_winner_touchdowns": 2,
        "forfeit_loser_touchdowns": 0,
    }


def test_a_league_may_play_a_house_rule_copy(commissioner, lrb6) -> None:
    from rules.house_rules import ruleset_copy

    copy = ruleset_copy(lrb6, "Our house rules", commissioner)
    version = copy.versions.get()
    league = league_create(commissioner, "House league", version)
    assert league.ruleset_version == version


def test_a_league_starts_with_chosen_settings(commissioner, lrb6) -> None:
    league = league_create(
        commissioner,
        "Bonus league",
        lrb6,
        points_win=2,
        bonus_three_touchdowns=1,
        dice_sources="entered",
    )
    assert (league.points_win, league.bonus_three_touchdowns) == (2, 1)
    assert league.dice_sources == "entered"


def test_it_refuses_a_league_without_a_name(commissioner, lrb6) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_create(commissioner, "  ", lrb6)
    assert messages(refused) == [("name", "Give the league a name.")]


def test_it_refuses_a_league_with_an_unknown_tie_breaker_and_creates_nothing(
    commissioner, lrb6
) -> None:
    from league.models import League

    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_create(commissioner, "Bad league", lrb6, tie_breakers=["points", "dice_off"])
    assert messages(refused)[0][0] == "tie_breakers"
    assert not League.objects.exists()


def test_an_anonymous_visitor_cannot_start_a_league(lrb6) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        league_create(AnonymousUser(), "Ghost league", lrb6)


# Commissioners


def test_a_commissioner_adds_another_who_is_listed_after_him(league, commissioner, rival):
    commissioner_add(league, commissioner, rival)
    assert [row.user for row in league.commissioner_rows.all()] == [commissioner, rival]


def test_a_coach_cannot_make_himself_a_commissioner(league, coach) -> None:
    with (
        unchanged(),
        pytest.raises(PermissionDenied, match="Only a commissioner of Old World Classic"),
    ):
        commissioner_add(league, coach, coach)


def test_a_commissioner_of_another_league_cannot_add_a_commissioner(
    league, coach, rival, lrb6
) -> None:
    league_create(rival, "Another league", lrb6)
    with unchanged(), pytest.raises(PermissionDenied, match="Only a commissioner of Old World"):
        commissioner_add(league, rival, coach)


def test_site_staff_may_add_a_commissioner(league, staff, coach) -> None:
    commissioner_add(league, staff, coach)
    assert league.commissioners.filter(pk=coach.pk).exists()


def test_a_commissioner_is_added_once(league, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        commissioner_add(league, commissioner, commissioner)
    assert messages(refused) == [("user", "nuffle is already a commissioner.")]


# Settings


def test_a_commissioner_changes_the_points_and_tie_breakers(league, commissioner) -> None:
    changes = {
        "points_win": 2,
        "points_loss": -1,
        "tie_breakers": ["touchdown_difference", "points"],
    }
    league_update(league, commissioner, changes)
    league.refresh_from_db()
    assert (league.points_win, league.points_loss) == (2, -1)
    assert league.tie_breakers == ["touchdown_difference", "points"]


def test_an_unknown_tie_breaker_is_refused_and_nothing_changes(league, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_update(league, commissioner, {"points_win": 5, "tie_breakers": ["coin_toss"]})
    assert [field for field, _ in messages(refused)] == ["tie_breakers"]
    league.refresh_from_db()
    assert league.points_win == 3


def test_a_change_is_checked_against_the_other_settings(league, commissioner) -> None:
    # The loser's forfeit touchdowns may not reach the winner's (2 by default).
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_update(league, commissioner, {"forfeit_loser_touchdowns": 2})
    assert [field for field, _ in messages(refused)] == ["forfeit_winner_touchdowns"]


def test_it_refuses_a_setting_that_is_not_a_league_setting(league, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        league_update(league, commissioner, {"ruleset_version": 7})
    assert messages(refused) == [("ruleset_version", "'ruleset_version' cannot be changed here.")]


def test_only_a_commissioner_or_staff_changes_settings(league, coach, staff) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        league_update(league, coach, {"points_win": 4})
    with unchanged(), pytest.raises(PermissionDenied):
        league_update(league, AnonymousUser(), {"points_win": 4})
    league_update(league, staff, {"points_win": 4})
    league.refresh_from_db()
    assert league.points_win == 4


# Membership


def test_a_coach_asks_and_the_commissioner_approves(league, commissioner, coach, team) -> None:
    membership = membership_request(league, coach, team)
    assert membership.status == "pending"
    membership = membership_decide(membership, commissioner, approve=True)
    assert membership.status == "approved"
    assert membership.decided_by == commissioner
    assert membership.decided_at is not None


def test_a_refusal_needs_a_reason_which_the_coach_sees(league, commissioner, coach, team):
    membership = membership_request(league, coach, team)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_decide(membership, commissioner, approve=False)
    assert messages(refused) == [("reason", "Give the coach a reason for the refusal.")]
    membership = membership_decide(membership, commissioner, False, "The league is full.")
    assert (membership.status, membership.reason) == ("refused", "The league is full.")


def test_a_refused_team_may_ask_again(league, commissioner, coach, team) -> None:
    membership_decide(membership_request(league, coach, team), commissioner, False, "Not yet.")
    assert membership_request(league, coach, team).status == "pending"


def test_a_decided_request_cannot_be_decided_again(league, commissioner, coach, team) -> None:
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_decide(membership, commissioner, False, "Changed my mind")
    assert messages(refused) == [("status", "This request is already member.")]


def test_another_coach_cannot_enter_my_team(league, rival, team) -> None:
    with unchanged(), pytest.raises(PermissionDenied, match="Only Gouged Eye's coach"):
        membership_request(league, rival, team)
    with unchanged(), pytest.raises(PermissionDenied):
        membership_request(league, AnonymousUser(), team)


def test_site_staff_may_enter_any_team(league, staff, team) -> None:
    assert membership_request(league, staff, team).status == "pending"


def test_only_a_commissioner_or_staff_approves(league, coach, rival, staff, team) -> None:
    membership = membership_request(league, coach, team)
    for person in (coach, rival, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied):
            membership_decide(membership, person, approve=True)
    assert membership_decide(membership, staff, approve=True).status == "approved"


def test_a_commissioner_of_another_league_cannot_approve(league, coach, rival, team, lrb6):
    league_create(rival, "Another league", lrb6)
    membership = membership_request(league, coach, team)
    with unchanged(), pytest.raises(PermissionDenied):
        membership_decide(membership, rival, approve=True)


def test_a_team_of_another_ruleset_is_refused(league, coach) -> None:
    dwarves = dwarf_team(coach, version_get("gdbbl"))
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_request(league, coach, dwarves)
    assert messages(refused) == [
        (
            "team",
            "Old World Classic plays Living Rulebook 6 v1; "
            "Grudgebearers was built under GDBBL 1.2 v1.",
        )
    ]


def test_a_team_plays_in_one_league_at_a_time(league, commissioner, coach, team, lrb6) -> None:
    membership_decide(membership_request(league, coach, team), commissioner, True)
    other = league_create(coach, "Second league", lrb6)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_request(other, coach, team)
    assert messages(refused) == [
        ("team", "A team plays in one league at a time: Gouged Eye plays in Old World Classic.")
    ]


def test_a_team_waiting_for_one_league_cannot_ask_another(league, coach, team, lrb6) -> None:
    membership_request(league, coach, team)
    other = league_create(coach, "Second league", lrb6)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_request(other, coach, team)
    assert "is waiting to join Old World Classic" in messages(refused)[0][1]


def test_the_database_also_holds_one_open_membership_per_team(league, coach, team) -> None:
    from django.db import IntegrityError, transaction

    membership_request(league, coach, team)
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(league=league, team=team, requested_by=coach)


def test_a_team_leaves_and_keeps_its_history(league, commissioner, coach, team) -> None:
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    entries = list(team.ledger.values_list("sequence", "kind", "deltas"))
    membership = membership_end(membership, coach, "left", "Moving to another league")
    assert (membership.status, membership.reason) == ("left", "Moving to another league")
    assert membership.ended_at is not None
    team.refresh_from_db()
    assert list(team.ledger.values_list("sequence", "kind", "deltas")) == entries
    assert team.players.count() == 11


def test_a_team_that_left_may_join_another_league(league, commissioner, coach, team, lrb6):
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    membership_end(membership, coach, "left")
    other = league_create(coach, "Second league", lrb6)
    assert membership_request(other, coach, team).status == "pending"


def test_a_commissioner_retires_a_team_which_cannot_enter_again(
    league, commissioner, coach, team
) -> None:
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    membership_end(membership, commissioner, "retired", "The coach moved away")
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_request(league, coach, team)
    assert messages(refused) == [("team", "Gouged Eye is retired and cannot enter a league.")]


def test_another_coach_cannot_take_my_team_out(league, commissioner, coach, rival, team):
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    with unchanged(), pytest.raises(PermissionDenied):
        membership_end(membership, rival, "left")
    with unchanged(), pytest.raises(PermissionDenied):
        membership_end(membership, AnonymousUser(), "left")


def test_a_commissioner_of_another_league_cannot_take_my_team_out(
    league, commissioner, coach, rival, team, lrb6
) -> None:
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    league_create(rival, "Another league", lrb6)
    with unchanged(), pytest.raises(PermissionDenied):
        membership_end(membership, rival, "retired", "Not my league")


def test_a_team_that_is_not_in_the_league_cannot_leave_it(league, commissioner, coach, team):
    membership = membership_decide(
        membership_request(league, coach, team), commissioner, False, "Full"
    )
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_end(membership, coach, "left")
    assert messages(refused) == [("status", "Gouged Eye is not in Old World Classic.")]


def test_a_coach_withdraws_a_request_still_waiting(league, coach, team) -> None:
    membership = membership_end(membership_request(league, coach, team), coach, "left")
    assert membership.status == "left"


def test_leaving_is_left_or_retired_only(league, commissioner, coach, team) -> None:
    membership = membership_request(league, coach, team)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        membership_end(membership, coach, "vanished")
    assert messages(refused) == [("how", "A team leaves or is retired, not 'vanished'.")]


def test_two_coaches_teams_are_independent(league, commissioner, coach, rival, team, lrb6):
    second = orc_team(rival, lrb6, "Da Krumpers")
    membership_decide(membership_request(league, coach, team), commissioner, True)
    membership_decide(membership_request(league, rival, second), commissioner, True)
    assert league.memberships.filter(status="approved").count() == 2
