"""Invitations to a league. A commissioner invites a coach by his user name; while the
invitation stands (not withdrawn, not accepted, not expired) the coach sees the league, private
or not, and enters a team with the league's own form. It is accepted when one of his teams
asks to join (league.services.membership_request), and a commissioner may withdraw it before.

A league and a coach have one open invitation at a time (the model's constraint). An expired
one stays open, shown as expired on the dashboard, until the coach is invited again: it is
then closed as of its expiry (its withdrawn_at is its expires_at) and a new one is made."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from league.models import Invitation, League
from league.notices import raised
from league.permissions import require_commissioner
from league.setting_checks import LeagueRefused, Problem

# How long an invitation stands, in every league: a fortnight to build a team and enter it.
INVITATION_DAYS = 14


@transaction.atomic
def invitation_send(league: League, actor, username: str) -> Invitation:
    """Invites the coach with this user name (the pages and the API name coaches so)."""
    require_commissioner(actor, league, "invite coaches")
    username = username.strip()
    coach = get_user_model().objects.filter(username=username).first()
    if coach is None:
        raise LeagueRefused([Problem("username", f"There is no coach called {username!r}.")])
    if coach.pk == actor.pk:
        raise LeagueRefused(
            [Problem("username", "A commissioner invites other coaches, not himself.")]
        )
    if league.commissioner_rows.filter(user=coach).exists():
        message = (
            f"{coach.username} already commissions {league.name}: a commissioner sees the "
            "league and enters his teams without an invitation."
        )
        raise LeagueRefused([Problem("username", message)])
    previous = league.invitations.open().filter(coach=coach).first()
    if previous is not None and not previous.is_expired:
        message = (
            f"{coach.username} is already invited to {league.name}, until "
            f"{_day(previous.expires_at)}: a coach has one invitation to a league at a time."
        )
        raise LeagueRefused([Problem("username", message)])
    if previous is not None:
        league.invitations.open().filter(pk=previous.pk).update(withdrawn_at=previous.expires_at)
    expires_at = timezone.now() + datetime.timedelta(days=INVITATION_DAYS)
    try:
        with transaction.atomic():
            invitation = Invitation.objects.create(
                league=league, coach=coach, invited_by=actor, expires_at=expires_at
            )
    except IntegrityError:  # another commissioner invited him a moment ago
        message = f"{coach.username} has just been invited to {league.name}."
        raise LeagueRefused([Problem("username", message)]) from None
    raised.invited(invitation)
    return invitation


@transaction.atomic
def invitation_withdraw(invitation: Invitation, actor) -> Invitation:
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("league", "coach", "invited_by")
        .get(pk=invitation.pk)
    )
    require_commissioner(actor, invitation.league, "withdraw its invitations")
    if invitation.accepted_at is not None:
        message = (
            f"{invitation.coach.username} accepted this invitation on "
            f"{_day(invitation.accepted_at)}: an accepted invitation stays."
        )
        raise LeagueRefused([Problem("invitation", message)])
    if invitation.withdrawn_at is not None:
        message = f"This invitation was withdrawn on {_day(invitation.withdrawn_at)}."
        raise LeagueRefused([Problem("invitation", message)])
    invitation.withdrawn_at = timezone.now()
    invitation.save(update_fields=["withdrawn_at"])
    return invitation


def invitation_accept(league: League, coach_id: int) -> None:
    """One of the coach's teams has asked to join: his open invitation, if any, is accepted
    (in the request's transaction; an expired one too, since he is in all the same)."""
    league.invitations.open().filter(coach_id=coach_id).update(accepted_at=timezone.now())


def open_invitations(league: League) -> QuerySet[Invitation]:
    """The dashboard's list, expired ones included (shown as expired)."""
    return league.invitations.open()


def invitations_for(user) -> list[Invitation]:
    """The invitations that stand for the coach, soonest to expire first: his desk's."""
    if not getattr(user, "is_authenticated", False):
        return []
    rows = Invitation.objects.standing().filter(coach=user).select_related("league")
    return list(rows.order_by("expires_at", "pk"))


def _day(moment: datetime.datetime) -> str:
    return f"{timezone.localdate(moment):%d %b %Y}"
