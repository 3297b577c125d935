"""Invitations to a league (league.invitations): a commissioner invites a coach by his user
name for a fortnight; the invitation shows him the league, private or not, until it expires,
is withdrawn or is accepted by one of his teams asking to join."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.utils import timezone

from league.invitations import (
    INVITATION_DAYS,
    invitation_send,
    invitation_withdraw,
    invitations_for,
    open_invitations,
)
from league.models import Invitation, League
from league.permissions import may_view
from league.selectors import league_get, visible_leagues
from league.services import (
    commissioner_add,
    league_create,
    membership_decide,
    membership_request,
)
from league.setting_checks import LeagueRefused
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def private(commissioner, lrb6) -> League:
    return league_create(commissioner, "Secret Society", lrb6, public=False)


def messages(refused: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in refused.value.problems]


def expire(invitation: Invitation) -> Invitation:
    """The invitation as it is once its fortnight is over (a minute ago)."""
    invitation.expires_at = timezone.now() - datetime.timedelta(minutes=1)
    invitation.save(update_fields=["expires_at"])
    return invitation


# Sending


def test_a_commissioner_invites_a_coach_for_a_fortnight(league, commissioner, coach) -> None:
    before = timezone.now()
    invitation = invitation_send(league, commissioner, "varag")
    assert (invitation.league, invitation.coach, invitation.invited_by) == (
        league,
        coach,
        commissioner,
    )
    assert INVITATION_DAYS == 14
    fortnight = datetime.timedelta(days=14)
    assert before + fortnight <= invitation.expires_at <= timezone.now() + fortnight
    assert (invitation.withdrawn_at, invitation.accepted_at) == (None, None)
    assert not invitation.is_expired
    assert list(open_invitations(league)) == [invitation]


def test_the_user_name_is_read_without_the_spaces_around_it(league, commissioner, coach) -> None:
    assert invitation_send(league, commissioner, "  varag ").coach == coach


def test_an_unknown_user_name_is_refused_naming_the_field(league, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        invitation_send(league, commissioner, "nobody")
    assert messages(refused) == [("username", "There is no coach called 'nobody'.")]


def test_a_coach_may_not_invite_anyone(league, coach, rival) -> None:
    with unchanged(), pytest.raises(PermissionDenied) as refused:
        invitation_send(league, coach, "griff")
    assert str(refused.value) == "Only a commissioner of Old World Classic may invite coaches."


def test_an_anonymous_visitor_may_not_invite_anyone(league, coach) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        invitation_send(league, AnonymousUser(), "varag")


def test_site_staff_invite_to_any_league(league, users, coach) -> None:
    staff = users.create_user("referee", is_staff=True)
    assert invitation_send(league, staff, "varag").invited_by == staff


def test_a_commissioner_does_not_invite_himself(league, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        invitation_send(league, commissioner, "nuffle")
    assert messages(refused) == [("username", "A commissioner invites other coaches, not himself.")]


def test_a_fellow_commissioner_needs_no_invitation(league, commissioner, coach) -> None:
    commissioner_add(league, commissioner, coach)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        invitation_send(league, commissioner, "varag")
    assert messages(refused) == [
        (
            "username",
            "varag already commissions Old World Classic: a commissioner sees the league "
            "and enters his teams without an invitation.",
        )
    ]


def test_a_coach_already_invited_is_not_invited_twice(league, commissioner, coach, users) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    other = users.create_user("second")
    commissioner_add(league, commissioner, other)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        invitation_send(league, other, "varag")
    until = f"{invitation.expires_at:%d %b %Y}"
    assert messages(refused) == [
        (
            "username",
            f"varag is already invited to Old World Classic, until {until}: a coach has one "
            "invitation to a league at a time.",
        )
    ]


def test_a_coach_is_invited_to_two_leagues_at_once(league, private, commissioner, coach) -> None:
    invitation_send(league, commissioner, "varag")
    invitation_send(private, commissioner, "varag")
    assert {row.league for row in invitations_for(coach)} == {league, private}


def test_an_expired_invitation_is_closed_as_of_its_expiry_when_he_is_invited_again(
    league, commissioner, coach
) -> None:
    old = expire(invitation_send(league, commissioner, "varag"))
    new = invitation_send(league, commissioner, "varag")
    old.refresh_from_db()
    assert old.withdrawn_at == old.expires_at
    assert old.accepted_at is None
    assert new.pk != old.pk
    assert list(open_invitations(league)) == [new]


def test_a_withdrawn_invitation_makes_way_for_a_new_one(league, commissioner, coach) -> None:
    old = invitation_withdraw(invitation_send(league, commissioner, "varag"), commissioner)
    new = invitation_send(league, commissioner, "varag")
    assert new.pk != old.pk
    assert list(open_invitations(league)) == [new]


def test_an_accepted_invitation_makes_way_for_a_new_one(
    league, commissioner, coach, team, lrb6
) -> None:
    invitation_send(league, commissioner, "varag")
    membership_request(league, coach, team)
    second = orc_team(coach, lrb6, "Second Orcs")
    invitation = invitation_send(league, commissioner, "varag")
    membership_request(league, coach, second)
    invitation.refresh_from_db()
    assert invitation.accepted_at is not None


def test_the_database_keeps_one_open_invitation_per_league_and_coach(
    league, commissioner, coach
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    with pytest.raises(IntegrityError):
        Invitation.objects.create(
            league=league, coach=coach, invited_by=commissioner, expires_at=invitation.expires_at
        )


# Withdrawing


def test_a_commissioner_withdraws_an_invitation(league, commissioner, coach) -> None:
    invitation = invitation_withdraw(invitation_send(league, commissioner, "varag"), commissioner)
    assert invitation.withdrawn_at is not None
    assert list(open_invitations(league)) == []
    assert invitations_for(coach) == []


def test_another_commissioner_withdraws_it_too(league, commissioner, coach, rival) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    commissioner_add(league, commissioner, rival)
    assert invitation_withdraw(invitation, rival).withdrawn_at is not None


@pytest.mark.parametrize("who", ["coach", "rival"])
def test_a_coach_may_not_withdraw_an_invitation_not_even_his_own(
    league, commissioner, coach, rival, who
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    actor = {"coach": coach, "rival": rival}[who]
    with unchanged(), pytest.raises(PermissionDenied) as refused:
        invitation_withdraw(invitation, actor)
    refusal = "Only a commissioner of Old World Classic may withdraw its invitations."
    assert str(refused.value) == refusal


def test_an_invitation_is_withdrawn_once(league, commissioner, coach) -> None:
    invitation = invitation_withdraw(invitation_send(league, commissioner, "varag"), commissioner)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        invitation_withdraw(invitation, commissioner)
    day = f"{invitation.withdrawn_at:%d %b %Y}"
    assert messages(refused) == [("invitation", f"This invitation was withdrawn on {day}.")]


def test_an_accepted_invitation_is_not_withdrawn(league, commissioner, coach, team) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    membership_request(league, coach, team)
    invitation.refresh_from_db()
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        invitation_withdraw(invitation, commissioner)
    day = f"{invitation.accepted_at:%d %b %Y}"
    assert messages(refused) == [
        ("invitation", f"varag accepted this invitation on {day}: an accepted invitation stays.")
    ]


def test_an_expired_invitation_is_withdrawn_to_clear_it(league, commissioner, coach) -> None:
    invitation = expire(invitation_send(league, commissioner, "varag"))
    assert list(open_invitations(league)) == [invitation]
    invitation_withdraw(invitation, commissioner)
    assert list(open_invitations(league)) == []


# Accepting


def test_entering_a_team_accepts_the_coachs_invitation(league, commissioner, coach, team) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    membership_request(league, coach, team)
    invitation.refresh_from_db()
    assert invitation.accepted_at is not None
    assert invitation.withdrawn_at is None
    assert list(open_invitations(league)) == []
    assert invitations_for(coach) == []


def test_entering_a_team_accepts_only_its_coachs_invitation_to_that_league(
    league, private, commissioner, coach, rival, team
) -> None:
    elsewhere = invitation_send(private, commissioner, "varag")
    rivals = invitation_send(league, commissioner, "griff")
    membership_request(league, coach, team)
    assert set(Invitation.objects.open()) == {elsewhere, rivals}


def test_a_refused_entry_leaves_the_invitation_open(
    league, private, commissioner, coach, team
) -> None:
    membership_request(league, coach, team)  # Gouged Eye waits to join the Old World Classic
    invitation = invitation_send(private, commissioner, "varag")
    with pytest.raises(LeagueRefused):
        membership_request(private, coach, team)
    invitation.refresh_from_db()
    assert invitation.accepted_at is None
    assert [row.league for row in invitations_for(coach)] == [private]


def test_an_expired_invitation_is_accepted_when_he_enters_all_the_same(
    league, commissioner, coach, team
) -> None:
    invitation = expire(invitation_send(league, commissioner, "varag"))
    membership_request(league, coach, team)  # a public league needs no invitation
    invitation.refresh_from_db()
    assert invitation.accepted_at is not None


# Who sees a private league


def test_an_invited_coach_sees_the_private_league(private, commissioner, coach) -> None:
    assert not may_view(coach, private)
    invitation_send(private, commissioner, "varag")
    assert [row.league for row in invitations_for(coach)] == [private]
    assert may_view(coach, private)
    assert list(visible_leagues(coach)) == [private]
    assert league_get(private.pk, coach) == private


def test_nobody_else_sees_it_for_his_invitation(private, commissioner, coach, rival) -> None:
    invitation_send(private, commissioner, "varag")
    for stranger in (rival, AnonymousUser()):
        assert invitations_for(stranger) == []
        assert not may_view(stranger, private)
        assert list(visible_leagues(stranger)) == []


def test_an_expired_invitation_shows_nothing(private, commissioner, coach) -> None:
    expire(invitation_send(private, commissioner, "varag"))
    assert not may_view(coach, private)
    assert list(visible_leagues(coach)) == []
    assert invitations_for(coach) == []


def test_a_withdrawn_invitation_shows_nothing(private, commissioner, coach) -> None:
    invitation_withdraw(invitation_send(private, commissioner, "varag"), commissioner)
    assert not may_view(coach, private)
    assert list(visible_leagues(coach)) == []
    assert invitations_for(coach) == []


def test_an_invitation_to_one_private_league_shows_no_other(
    private, commissioner, coach, lrb6
) -> None:
    other = league_create(commissioner, "Hidden Cup", lrb6, public=False)
    invitation_send(private, commissioner, "varag")
    assert not may_view(coach, other)
    assert list(visible_leagues(coach)) == [private]


def test_once_accepted_he_still_sees_it_through_his_team(
    private, commissioner, coach, team
) -> None:
    invitation_send(private, commissioner, "varag")
    membership_request(private, coach, team)
    assert may_view(coach, private)
    assert list(visible_leagues(coach)) == [private]


def test_the_visible_leagues_are_still_one_query(
    private, league, commissioner, coach, lrb6, django_assert_num_queries
) -> None:
    invitation_send(private, commissioner, "varag")
    league_create(commissioner, "Hidden Cup", lrb6, public=False)
    with django_assert_num_queries(1):
        assert [row.name for row in visible_leagues(coach)] == [
            "Old World Classic",
            "Secret Society",
        ]


def test_seeing_a_private_league_asks_two_queries(
    private, commissioner, coach, django_assert_num_queries
) -> None:
    invitation_send(private, commissioner, "varag")
    with django_assert_num_queries(2):  # a commissioner? his team or his invitation?
        assert may_view(coach, private)


def test_a_public_league_is_seen_without_a_query(league, coach, django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        assert may_view(coach, league)


# The desk's list


def test_his_desk_lists_the_invitations_that_stand_soonest_to_expire_first(
    league, private, commissioner, coach, lrb6
) -> None:
    later = invitation_send(league, commissioner, "varag")
    sooner = invitation_send(private, commissioner, "varag")
    sooner.expires_at = later.expires_at - datetime.timedelta(days=3)
    sooner.save(update_fields=["expires_at"])
    expired = league_create(commissioner, "Hidden Cup", lrb6, public=False)
    expire(invitation_send(expired, commissioner, "varag"))
    assert invitations_for(coach) == [sooner, later]
    assert invitations_for(AnonymousUser()) == []


# The journey


def test_the_invited_coach_enters_a_team_into_the_private_league_and_is_approved(
    private, commissioner, coach, team
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    membership = membership_request(league_get(private.pk, coach), coach, team)
    membership_decide(membership, commissioner, approve=True)
    membership.refresh_from_db()
    invitation.refresh_from_db()
    assert membership.status == "approved"
    assert invitation.accepted_at is not None
    assert [row.team for row in private.memberships.filter(status="approved")] == [team]
