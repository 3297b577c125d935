"""Invitations on the pages: the dashboard's form and list, withdrawing, refusals shown on the
dashboard with a 400, the invited coach's desk and the private league's page."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.invitations import invitation_send, invitation_withdraw
from league.models import Invitation, League, Membership
from league.services import league_create
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def private(commissioner, lrb6) -> League:
    return league_create(commissioner, "Secret Society", lrb6, public=False)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def day(moment: datetime.datetime) -> str:
    """A date as the pages write it ("j M Y")."""
    local = timezone.localtime(moment)
    return f"{local.day} {local:%b %Y}"


def expire(invitation: Invitation) -> Invitation:
    invitation.expires_at = timezone.now() - datetime.timedelta(minutes=1)
    invitation.save(update_fields=["expires_at"])
    return invitation


# The dashboard


def test_the_dashboard_offers_the_invitation_form(client, league, commissioner) -> None:
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/dashboard/").content.decode()
    assert f'action="/leagues/{league.pk}/invitations/"' in page
    assert 'name="username"' in page
    assert "Invite a coach" in page
    assert "No open invitations." in page


def test_the_dashboard_lists_the_open_invitations_with_who_invited_and_until_when(
    client, league, commissioner, coach
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    client.force_login(commissioner)
    response = client.get(f"/leagues/{league.pk}/dashboard/")
    page = text(response)
    assert f"varag · invited by nuffle · until {day(invitation.expires_at)}" in page
    withdraw = f'action="/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/"'
    assert withdraw in response.content.decode()
    assert "No open invitations." not in page


def test_an_expired_invitation_is_shown_as_expired(client, league, commissioner, coach) -> None:
    invitation = expire(invitation_send(league, commissioner, "varag"))
    client.force_login(commissioner)
    page = text(client.get(f"/leagues/{league.pk}/dashboard/"))
    assert f"varag · invited by nuffle · expired {day(invitation.expires_at)}" in page


def test_withdrawn_and_accepted_invitations_leave_the_dashboard(
    client, league, commissioner, coach, rival, team
) -> None:
    invitation_withdraw(invitation_send(league, commissioner, "griff"), commissioner)
    invitation_send(league, commissioner, "varag")
    client.force_login(coach)
    client.post(f"/leagues/{league.pk}/enter/", {"team": team.pk})
    client.force_login(commissioner)
    page = text(client.get(f"/leagues/{league.pk}/dashboard/"))
    assert "invited by" not in page
    assert "No open invitations." in page


def test_a_commissioner_invites_a_coach_from_the_dashboard(
    client, league, commissioner, coach
) -> None:
    client.force_login(commissioner)
    response = client.post(f"/leagues/{league.pk}/invitations/", {"username": "varag"})
    assert response.status_code == 302
    assert response["Location"] == f"/leagues/{league.pk}/dashboard/"
    invitation = Invitation.objects.get()
    assert (invitation.league, invitation.coach, invitation.invited_by) == (
        league,
        coach,
        commissioner,
    )
    page = text(client.get(response["Location"]))
    assert f"varag is invited to Old World Classic until {invitation.expires_at:%d %b %Y}." in page


def test_an_unknown_user_name_shows_the_dashboard_again_with_a_400_naming_the_field(
    client, league, commissioner
) -> None:
    client.force_login(commissioner)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/", {"username": "nobody"})
    assert response.status_code == 400
    assert [problem.field for problem in response.context["problems"]] == ["username"]
    assert "There is no coach called &#x27;nobody&#x27;." in response.content.decode()
    assert "Commissioner dashboard" in text(response)


def test_a_missing_user_name_is_a_400_naming_the_field(client, league, commissioner) -> None:
    client.force_login(commissioner)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/", {})
    assert response.status_code == 400
    assert [problem.field for problem in response.context["problems"]] == ["username"]


def test_inviting_a_coach_twice_is_a_400_saying_until_when(
    client, league, commissioner, coach
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    client.force_login(commissioner)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/", {"username": "varag"})
    assert response.status_code == 400
    assert [problem.field for problem in response.context["problems"]] == ["username"]
    until = f"until {invitation.expires_at:%d %b %Y}"
    assert f"varag is already invited to Old World Classic, {until}" in text(response)


def test_a_coach_may_not_invite(client, league, coach, rival) -> None:
    client.force_login(coach)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/", {"username": "griff"})
    assert response.status_code == 403


def test_a_stranger_finds_no_private_league_to_invite_to(client, private, coach, rival) -> None:
    client.force_login(coach)
    with unchanged():
        response = client.post(f"/leagues/{private.pk}/invitations/", {"username": "griff"})
    assert response.status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, league, coach) -> None:
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/", {"username": "varag"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_invitations_are_sent_by_post_only(client, league, commissioner) -> None:
    client.force_login(commissioner)
    assert client.get(f"/leagues/{league.pk}/invitations/").status_code == 405


def test_the_commissioner_withdraws_an_invitation_from_the_dashboard(
    client, league, commissioner, coach
) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    client.force_login(commissioner)
    response = client.post(f"/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert response.status_code == 302
    assert response["Location"] == f"/leagues/{league.pk}/dashboard/"
    invitation.refresh_from_db()
    assert invitation.withdrawn_at is not None
    page = text(client.get(response["Location"]))
    assert "The invitation to varag is withdrawn." in page
    assert "No open invitations." in page


def test_withdrawing_twice_is_a_400_naming_the_invitation(
    client, league, commissioner, coach
) -> None:
    invitation = invitation_withdraw(invitation_send(league, commissioner, "varag"), commissioner)
    client.force_login(commissioner)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert response.status_code == 400
    assert [problem.field for problem in response.context["problems"]] == ["invitation"]
    assert "This invitation was withdrawn on" in text(response)


def test_a_coach_may_not_withdraw_his_invitation(client, league, commissioner, coach) -> None:
    invitation = invitation_send(league, commissioner, "varag")
    client.force_login(coach)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert response.status_code == 403


def test_an_invitation_is_withdrawn_at_its_own_league_only(
    client, league, private, commissioner, coach
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    client.force_login(commissioner)
    with unchanged():
        response = client.post(f"/leagues/{league.pk}/invitations/{invitation.pk}/withdraw/")
    assert response.status_code == 404


@pytest.mark.parametrize("count", [1, 5])
def test_the_dashboard_reads_its_invitations_in_one_query(
    count, client, league, commissioner, users
) -> None:
    for n in range(count):
        users.create_user(f"invited{n}")
        invitation_send(league, commissioner, f"invited{n}")
    client.force_login(commissioner)
    client.get(f"/leagues/{league.pk}/dashboard/")
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/leagues/{league.pk}/dashboard/")
    invitations = [q["sql"] for q in queries.captured_queries if "league_invitation" in q["sql"]]
    assert len(invitations) == 1


# The invited coach


def test_the_desk_shows_the_invitation_with_a_link_to_the_league(
    client, private, commissioner, coach
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    client.force_login(coach)
    response = client.get("/")
    until = day(invitation.expires_at)
    assert f"You are invited to Secret Society by nuffle — until {until}." in text(response)
    assert f'href="/leagues/{private.pk}/">Secret Society</a>' in response.content.decode()


@pytest.mark.parametrize("how", ["expired", "withdrawn", "accepted"])
def test_the_desk_shows_no_invitation_that_no_longer_stands(
    client, private, commissioner, coach, team, how
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    if how == "expired":
        expire(invitation)
    elif how == "withdrawn":
        invitation_withdraw(invitation, commissioner)
    else:
        client.force_login(coach)
        client.post(f"/leagues/{private.pk}/enter/", {"team": team.pk})
    client.force_login(coach)
    assert "You are invited" not in text(client.get("/"))


@pytest.mark.parametrize("count", [1, 4])
def test_the_desk_reads_the_invitations_in_one_query(
    count, client, commissioner, coach, lrb6
) -> None:
    for n in range(count):
        invitation_send(league_create(commissioner, f"League {n}", lrb6), commissioner, "varag")
    client.force_login(coach)
    client.get("/")
    with CaptureQueriesContext(connection) as queries:
        page = text(client.get("/"))
    assert page.count("You are invited") == count
    invitations = [q["sql"] for q in queries.captured_queries if "league_invitation" in q["sql"]]
    assert len(invitations) == 1


def test_the_private_league_is_404_to_a_stranger_and_200_to_the_invited_coach(
    client, private, commissioner, coach, rival
) -> None:
    invitation_send(private, commissioner, "varag")
    client.force_login(rival)
    assert client.get(f"/leagues/{private.pk}/").status_code == 404
    assert "Secret Society" not in text(client.get("/leagues/"))
    client.force_login(coach)
    assert client.get(f"/leagues/{private.pk}/").status_code == 200
    assert "Secret Society" in text(client.get("/leagues/"))


def test_an_anonymous_visitor_still_finds_no_private_league(
    client, private, commissioner, coach
) -> None:
    invitation_send(private, commissioner, "varag")
    assert client.get(f"/leagues/{private.pk}/").status_code == 404


def test_an_expired_invitation_opens_the_private_league_no_more(
    client, private, commissioner, coach
) -> None:
    expire(invitation_send(private, commissioner, "varag"))
    client.force_login(coach)
    assert client.get(f"/leagues/{private.pk}/").status_code == 404


def test_the_invited_coach_enters_a_team_from_the_league_page_and_is_approved(
    client, private, commissioner, coach, team
) -> None:
    invitation = invitation_send(private, commissioner, "varag")
    client.force_login(coach)
    home = client.get(f"/leagues/{private.pk}/").content.decode()
    assert "Enter a team" in home
    assert f'<option value="{team.pk}">Gouged Eye</option>' in home
    response = client.post(f"/leagues/{private.pk}/enter/", {"team": team.pk})
    assert response.status_code == 302
    membership = Membership.objects.get(team=team)
    assert (membership.league, membership.status) == (private, "pending")
    invitation.refresh_from_db()
    assert invitation.accepted_at is not None

    client.force_login(commissioner)
    assert "Gouged Eye" in text(client.get(f"/leagues/{private.pk}/dashboard/"))
    decide = f"/leagues/{private.pk}/memberships/{membership.pk}/decide/"
    assert client.post(decide, {"decision": "approve"}).status_code == 302
    membership.refresh_from_db()
    assert membership.status == "approved"
    client.force_login(coach)
    assert client.get(f"/leagues/{private.pk}/").status_code == 200  # a member now
