"""The league's own steps tell those they concern: a team asking to join, the answer, a
season begun, a fixture moved, an invitation; never the one who took the step."""

from __future__ import annotations

import datetime

import pytest

from league.invitations import invitation_send
from league.models import Fixture
from league.notices.models import Notice
from league.seasons import fixture_reschedule, season_start
from league.services import membership_decide, membership_end, membership_request
from tests.league.conftest import member_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def coach(users):  # tests/league's coach, with no notices fixture of the same name
    return users.create_user("varag", "varag@dugout.example", "kick-off-2")


def titles(user) -> list[str]:
    return [n.title for n in Notice.objects.filter(user=user).order_by("pk")]


def test_a_team_asking_to_join_tells_the_commissioners(league, commissioner, coach, team) -> None:
    membership_request(league, coach, team)
    assert titles(commissioner) == ["Gouged Eye asks to join Old World Classic"]
    assert titles(coach) == []
    assert Notice.objects.get().link == f"/leagues/{league.pk}/dashboard/"


def test_an_approval_tells_the_coach(league, commissioner, coach, team) -> None:
    membership_decide(membership_request(league, coach, team), commissioner, True)
    assert titles(coach) == ["Gouged Eye is approved into Old World Classic"]


def test_a_refusal_tells_the_coach_why(league, commissioner, coach, team) -> None:
    membership_decide(membership_request(league, coach, team), commissioner, False, "Full up.")
    notice = Notice.objects.get(user=coach)
    assert notice.title == "Gouged Eye is refused by Old World Classic"
    assert "Why: Full up." in notice.body


def test_a_team_removed_by_a_commissioner_tells_its_coach(
    league, commissioner, coach, team
) -> None:
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    membership_end(membership, commissioner, "retired", "Never turned up.")
    assert titles(coach)[-1] == "Gouged Eye is retired from Old World Classic"


def test_a_coach_who_takes_his_own_team_out_is_not_told(league, commissioner, coach, team) -> None:
    membership = membership_decide(membership_request(league, coach, team), commissioner, True)
    membership_end(membership, coach, "left")
    assert "Gouged Eye has left Old World Classic" not in titles(coach)


def test_a_season_start_tells_every_coach_in_it(league, commissioner, users) -> None:
    teams = member_teams(league, 4, users)
    season_start(league, commissioner, "round_robin", first_deadline=datetime.date(2027, 1, 1))
    for team in teams:
        assert titles(team.coach)[-1] == "Season 1 of Old World Classic starts"
    assert "Season 1 of Old World Classic starts" not in titles(commissioner)


def test_a_fixture_moved_tells_both_coaches_why(league, commissioner, users) -> None:
    member_teams(league, 2, users)
    season = season_start(league, commissioner, "round_robin",
                          first_deadline=datetime.date(2027, 1, 1))  # fmt: skip
    fixture = Fixture.objects.filter(season=season, away__isnull=False).first()
    fixture_reschedule(fixture, commissioner, datetime.date(2027, 2, 1), "A coach is away.")
    for coach in (fixture.home.coach, fixture.away.coach):
        notice = Notice.objects.filter(user=coach, kind="fixture_changed").get()
        assert notice.title == f"{fixture} is to be played by 01 Feb 2027"
        assert "Why: A coach is away." in notice.body


def test_an_invitation_tells_the_invited_coach(league, commissioner, coach) -> None:
    invitation_send(league, commissioner, "varag")
    notice = Notice.objects.get(user=coach)
    assert notice.title == "nuffle invites you to Old World Classic"
    assert notice.kind == "invited"
    assert notice.league == league


def test_a_private_league_s_notices_reach_only_those_it_concerns(
    league, commissioner, coach, team, users
) -> None:
    league.public = False
    league.save()
    outsider = users.create_user("morg", "morg@dugout.example", "kick-off-5")
    membership_decide(membership_request(league, coach, team), commissioner, True)
    assert titles(outsider) == []
    assert set(Notice.objects.values_list("user__username", flat=True)) == {"nuffle", "varag"}
