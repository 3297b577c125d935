"""What leagues answer when teams asks (league/for_teams.py): the team's league as teams
sees it, its dice, who may adjust, and entering a team built for it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from league.for_teams import LeagueAnswers
from league.permissions import may_view
from league.services import league_create, league_update, membership_decide, membership_request
from league.setting_checks import LeagueRefused
from teams.seams import TeamLeague
from tests.league.conftest import member_teams
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db
ANSWERS = LeagueAnswers()


@pytest.fixture
def member(league, commissioner, coach, team):
    membership_decide(membership_request(league, coach, team), commissioner, approve=True)
    return team


def test_the_league_of_a_member_team_carries_what_teams_needs(member, league, coach) -> None:
    said = ANSWERS.league_of(member, coach)
    assert isinstance(said, TeamLeague)
    assert (said.pk, said.name, said.url) == (
        league.pk,
        "Old World Classic",
        f"/leagues/{league.pk}/",
    )
    assert said.ruleset_version == league.ruleset_version
    assert said.dice_sources == ("entered", "rolled")
    assert said.visible


def test_a_team_waiting_to_join_has_a_league_only_when_asked_about_waiting(
    league, coach, team
) -> None:
    membership_request(league, coach, team)
    assert ANSWERS.league_of(team, coach) is None
    assert ANSWERS.league_of(team, coach, waiting=True).name == "Old World Classic"


def test_the_leagues_dice_setting_and_its_words_reach_the_team(
    member, league, commissioner, coach
) -> None:
    league_update(league, commissioner, {"dice_sources": "rolled"})
    said = ANSWERS.league_of(member, coach)
    assert said.dice_sources == ("rolled",)
    assert said.dice_rule.startswith("The server rolls")


def test_a_private_league_is_not_visible_to_a_visitor(member, league, commissioner) -> None:
    league_update(league, commissioner, {"public": False})
    assert not ANSWERS.league_of(member, AnonymousUser()).visible
    assert ANSWERS.league_of(member, commissioner).visible


def test_only_a_commissioner_who_is_not_the_coach_adjusts(member, commissioner, coach) -> None:
    assert ANSWERS.may_adjust(commissioner, member)
    assert not ANSWERS.may_adjust(coach, member)


def test_building_for_a_league_the_coach_may_not_see_is_a_404(league, commissioner, rival) -> None:
    league_update(league, commissioner, {"public": False})
    assert ANSWERS.league_to_build_for(league.pk, commissioner).name == "Old World Classic"
    with pytest.raises(Http404):
        ANSWERS.league_to_build_for(league.pk, rival)


def test_entering_asks_to_join_and_a_refusal_names_the_rule(league, coach, team) -> None:
    said = ANSWERS.league_to_build_for(league.pk, coach)
    ANSWERS.team_enter(said, coach, team)
    assert league.memberships.get(team=team).status == "pending"
    with pytest.raises(LeagueRefused):
        ANSWERS.team_enter(said, coach, team)


# --- Many teams at once: leagues_of, for the team list ---


def test_the_leagues_of_many_teams_are_the_approved_memberships_by_team_id(
    member, league, commissioner, coach, rival, rival_team, lrb6
) -> None:
    waiting = orc_team(coach, lrb6, "Still Waiting")
    membership_request(league, coach, waiting)
    said = ANSWERS.leagues_of([member, rival_team, waiting], coach)
    assert list(said) == [member.pk]
    assert said[member.pk] == ANSWERS.league_of(member, coach)
    assert ANSWERS.leagues_of([], coach) == {}


@pytest.mark.parametrize("who", ["anonymous", "stranger", "coach", "commissioner", "staff"])
def test_the_leagues_of_many_teams_are_visible_as_may_view_says(
    member, league, commissioner, coach, rival, staff, who
) -> None:
    league = league_update(league, commissioner, {"public": False})
    user = {"anonymous": AnonymousUser(), "stranger": rival, "coach": coach}.get(who)
    user = user or {"commissioner": commissioner, "staff": staff}[who]
    assert ANSWERS.leagues_of([member], user)[member.pk].visible == may_view(user, league)
    assert may_view(user, league) == (who not in ("anonymous", "stranger"))


def test_a_coach_whose_team_left_a_private_league_still_sees_it_in_the_list(
    league, commissioner, coach, rival, team, lrb6, users
) -> None:
    """may_view counts every team that ever asked to join, as the batch does."""
    league = league_update(league, commissioner, {"public": False})
    asked = membership_request(league, coach, team)
    membership_decide(asked, commissioner, approve=False, reason="Full this season.")
    rival_team = orc_team(rival, lrb6, "Da Krumpers")
    membership_decide(membership_request(league, rival, rival_team), commissioner, approve=True)
    assert may_view(coach, league)
    assert ANSWERS.leagues_of([rival_team], coach)[rival_team.pk].visible


def test_the_leagues_of_30_teams_take_as_many_queries_as_of_3(
    league, commissioner, coach, lrb6, users, django_assert_num_queries
) -> None:
    private = league_update(league, commissioner, {"public": False})
    public = league_create(commissioner, "Open Cup", lrb6)
    few = member_teams(private, 2, users) + member_teams(public, 1, users)
    hidden = league_create(commissioner, "Back Room Cup", lrb6, public=False)
    shown = league_create(commissioner, "Second Open Cup", lrb6)
    many = few + member_teams(hidden, 14, users) + member_teams(shown, 13, users)
    assert len(many) == 30
    for teams in (few, many):  # the memberships, then which private leagues he may see
        with django_assert_num_queries(2):
            said = ANSWERS.leagues_of(teams, coach)
        assert len(said) == len(teams)
    with django_assert_num_queries(1):  # nothing private left to check for a stranger
        assert not ANSWERS.leagues_of(many, AnonymousUser())[many[0].pk].visible
