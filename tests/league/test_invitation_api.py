"""Invitations over the API: /api/leagues/<id>/invitations/ lists (a commissioner) and sends
them, /api/leagues/<id>/invitations/<invitation>/withdraw/ withdraws one; the same service as
the dashboard, so the same refusals, as a 403 with the reason or a 400 naming the field."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from league.invitations import invitation_send, invitation_withdraw
from league.models import Invitation, League, Membership
from league.services import league_create
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def private(commissioner, lrb6) -> League:
    return league_create(commissioner, "Secret Society", lrb6, public=False)


def stamp(moment: datetime.datetime) -> str:
    """A time as the API writes it."""
    return timezone.localtime(moment).isoformat().replace("+00:00", "Z")


def expire(invitation: Invitation) -> Invitation:
    invitation.expires_at = timezone.now() - datetime.timedelta(minutes=1)
    invitation.save(update_fields=["expires_at"])
    return invitation


# Sending


def test_a_commissioner_invites_a_coach(api, league, commissioner, coach) -> None:
    api.force_authenticate(commissioner)
    answer = api.post(f"/api/leagues/{league.pk}/invitations/", {"username": "varag"})
    assert answer.status_code == 201, answer.json()
    invitation = Invitation.objects.get()
    assert answer.json() == {
        "id": invitation.pk,
        "coach": "varag",
        "invited_by": "nuffle",
        "created_at": stamp(invitation.created_at),
        "expires_at": stamp(invitation.expires_at),
        "expired": False,
        "withdrawn_at": None,
        "accepted_at": None,
    }


def test_an_unknown_user_name_is_a_400_naming_the_field(api, league, commissioner) -> None:
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(
            f"/api/leagues/{league.pk}/invitations/", {"username": "nobody"}, format="json"
        )
    assert answer.status_code == 400
    assert answer.json() == {"username": ["There is no coach called 'nobody'."]}


def test_a_body_without_a_user_name_is_a_400_naming_the_field(api, league, commissioner) -> None:
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/", {}, format="json")
    assert answer.status_code == 400
    assert list(answer.json()) == ["username"]


def test_inviting_a_coach_twice_is_a_400_naming_the_rule(api, league, commissioner, coach) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/", {"username": "varag"})
    assert answer.status_code == 400
    assert answer.json() == {
        "username": [
            f"varag is already invited to Old World Classic, until "
            f"{invitation.expires_at:%d %b %Y}: a coach has one invitation to a league at a time."
        ]
    }


def test_a_commissioner_does_not_invite_himself(api, league, commissioner) -> None:
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/", {"username": "nuffle"})
    assert answer.status_code == 400
    assert answer.json() == {"username": ["A commissioner invites other coaches, not himself."]}


def test_a_coach_may_not_invite_and_is_told_why(api, league, coach, rival) -> None:
    api.force_authenticate(coach)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/", {"username": "griff"})
    assert answer.status_code == 403
    assert answer.json() == {
        "detail": "Only a commissioner of Old World Classic may invite coaches."
    }


def test_an_anonymous_visitor_must_sign_in_to_invite(api, league, coach) -> None:
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/", {"username": "varag"})
    assert answer.status_code == 401


def test_a_stranger_finds_no_private_league_to_invite_to(api, private, coach, rival) -> None:
    api.force_authenticate(coach)
    with unchanged():
        answer = api.post(f"/api/leagues/{private.pk}/invitations/", {"username": "griff"})
    assert answer.status_code == 404


# Listing


def test_the_commissioner_reads_the_open_invitations_the_expired_ones_marked(
    api, league, commissioner, coach, rival, users
) -> None:
    expired = expire(invitation_send(league, commissioner, "varag"))
    standing = invitation_send(league, commissioner, "griff")
    users.create_user("gone")
    invitation_withdraw(invitation_send(league, commissioner, "gone"), commissioner)
    api.force_authenticate(commissioner)
    answer = api.get(f"/api/leagues/{league.pk}/invitations/")
    assert answer.status_code == 200
    assert [(row["id"], row["coach"], row["expired"]) for row in answer.json()] == [
        (expired.pk, "varag", True),
        (standing.pk, "griff", False),
    ]


@pytest.mark.parametrize("who", ["coach", "anonymous"])
def test_only_a_commissioner_reads_the_invitations(api, league, commissioner, coach, who) -> None:
    invitation_send(league, commissioner, "varag")
    if who == "coach":
        api.force_authenticate(coach)
    answer = api.get(f"/api/leagues/{league.pk}/invitations/")
    assert answer.status_code == 403
    assert answer.json() == {
        "detail": "Only a commissioner of Old World Classic may read its invitations."
    }


@pytest.mark.parametrize("count", [1, 5])
def test_the_invitations_are_read_in_a_fixed_number_of_queries(
    count, api, league, commissioner, users, django_assert_num_queries
) -> None:
    for n in range(count):
        users.create_user(f"invited{n}")
        invitation_send(league, commissioner, f"invited{n}")
    api.force_authenticate(commissioner)
    with django_assert_num_queries(3):  # the league, the commissioner, the invitations
        answer = api.get(f"/api/leagues/{league.pk}/invitations/")
    assert len(answer.json()) == count


# Withdrawing


def test_the_commissioner_withdraws_an_invitation(api, league, commissioner, coach) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    api.force_authenticate(commissioner)
    answer = api.post(f"/api/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert answer.status_code == 200
    invitation.refresh_from_db()
    assert invitation.withdrawn_at is not None
    assert answer.json()["id"] == invitation.pk
    assert answer.json()["withdrawn_at"] == stamp(invitation.withdrawn_at)
    assert api.get(f"/api/leagues/{league.pk}/invitations/").json() == []


def test_withdrawing_twice_is_a_400_naming_the_invitation(api, league, commissioner, coach) -> None:
    invitation = invitation_withdraw(invitation_send(league, commissioner, "varag"), commissioner)
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert answer.status_code == 400
    assert answer.json() == {
        "invitation": [f"This invitation was withdrawn on {invitation.withdrawn_at:%d %b %Y}."]
    }


def test_an_accepted_invitation_is_a_400_to_withdraw(
    api, league, commissioner, coach, team
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    api.force_authenticate(coach)
    assert api.post(f"/api/leagues/{league.pk}/memberships/", {"team": team.pk}).status_code == 201
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert answer.status_code == 400
    assert list(answer.json()) == ["invitation"]
    assert "varag accepted this invitation" in answer.json()["invitation"][0]


def test_the_invited_coach_may_not_withdraw_it_and_is_told_why(
    api, league, commissioner, coach
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    api.force_authenticate(coach)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert answer.status_code == 403
    assert answer.json() == {
        "detail": "Only a commissioner of Old World Classic may withdraw its invitations."
    }


def test_an_invitation_is_withdrawn_at_its_own_league_only(
    api, league, private, commissioner, coach
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    api.force_authenticate(commissioner)
    with unchanged():
        answer = api.post(f"/api/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert answer.status_code == 404


# The invited coach


def test_the_invited_coach_finds_the_private_league_and_enters_a_team(
    api, private, commissioner, coach, rival, team
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    api.force_authenticate(rival)
    assert api.get(f"/api/leagues/{private.pk}/").status_code == 404
    assert api.get("/api/leagues/").json()["results"] == []

    api.force_authenticate(coach)
    assert [row["name"] for row in api.get("/api/leagues/").json()["results"]] == ["Secret Society"]
    assert api.get(f"/api/leagues/{private.pk}/").status_code == 200
    answer = api.post(f"/api/leagues/{private.pk}/memberships/", {"team": team.pk})
    assert answer.status_code == 201, answer.json()
    invitation.refresh_from_db()
    assert invitation.accepted_at is not None

    api.force_authenticate(commissioner)
    membership = Membership.objects.get(team=team)
    approve = f"/api/leagues/{private.pk}/memberships/{membership.pk}/approve/"
    assert api.post(approve, {}).json()["status"] == "approved"


def test_an_expired_invitation_opens_the_private_league_no_more(
    api, private, commissioner, coach, team
) -> None:
    expire(invitation_send(private, commissioner, "varag"))
    api.force_authenticate(coach)
    assert api.get(f"/api/leagues/{private.pk}/").status_code == 404
    with unchanged():
        answer = api.post(f"/api/leagues/{private.pk}/memberships/", {"team": team.pk})
    assert answer.status_code == 404
