"""Teams without a league: what holds when nothing fills the seam (teams/seams.py), and that
the leagues app fills it when Django starts."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import Http404

from league.for_teams import LeagueAnswers
from rules.engine.team_building import TeamRefused
from teams.advancement import improvement_roll
from teams.between_matches import team_adjust
from teams.seams import BOTH_SOURCES, NoLeagues, dice_sources, leagues
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_leagues(monkeypatch):
    """Teams as they stand with no leagues app to answer."""
    monkeypatch.setattr(leagues, "_answer", None)
    return leagues.answer


@pytest.fixture
def team(coach, lrb6):
    return orc_team(coach, lrb6)


def test_the_leagues_app_fills_the_seam_when_django_starts() -> None:
    assert isinstance(leagues.answer, LeagueAnswers)


def test_outside_a_league_a_team_has_no_league_and_either_dice_source(no_leagues, team) -> None:
    assert isinstance(no_leagues, NoLeagues)
    assert no_leagues.league_of(team, team.coach) is None
    assert no_leagues.league_of(team, team.coach, waiting=True) is None
    assert dice_sources(None) == BOTH_SOURCES == ("entered", "rolled")


def test_outside_a_league_only_staff_adjust_a_team(no_leagues, team) -> None:
    staff = get_user_model().objects.create_user("referee", is_staff=True)
    other = get_user_model().objects.create_user("nuffle")
    assert no_leagues.may_adjust(staff, team)
    assert not no_leagues.may_adjust(other, team)
    assert not no_leagues.may_adjust(team.coach, team)
    with pytest.raises(PermissionDenied):
        team_adjust(team, other, "gold for nothing", 10_000)
    team.refresh_from_db()
    assert team.treasury == 70_000


def test_outside_a_league_the_coach_may_roll_either_way(no_leagues, team) -> None:
    lineman = team.players.get(number=1)
    lineman.spp = 6
    lineman.save()
    roll = improvement_roll(team, team.coach, lineman, (3, 4))
    assert (roll.die1, roll.die2, roll.seed) == (3, 4, "")


def test_outside_a_league_there_is_nothing_to_build_for_or_enter(no_leagues, team) -> None:
    with pytest.raises(Http404):
        no_leagues.league_to_build_for(1, team.coach)
    with pytest.raises(TeamRefused, match="no leagues here"):
        no_leagues.team_enter(None, team.coach, team)
