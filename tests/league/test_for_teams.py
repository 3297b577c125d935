"""What leagues answer when teams asks (league/for_teams.py): the team's league as teams
sees it, its dice, who may adjust, and entering a team built for it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from league.for_teams import LeagueAnswers
from league.services import league_update, membership_decide, membership_request
from league.setting_checks import LeagueRefused
from teams.seams import TeamLeague

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
