"""The dashboard's invitations: a commissioner invites a coach by his user name and
withdraws an invitation. A refusal shows the dashboard again, saying why."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from league import selectors
from league.invitations import invitation_send, invitation_withdraw
from league.setting_checks import LeagueRefused
from league.views import _dashboard


@login_required
@require_POST
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    try:
        invitation = invitation_send(league, request.user, request.POST.get("username", ""))
    except LeagueRefused as refused:
        return _dashboard(request, league, status=400, problems=refused.problems)
    messages.success(
        request,
        f"{invitation.coach.username} is invited to {league.name} until "
        f"{timezone.localdate(invitation.expires_at):%d %b %Y}.",
    )
    return redirect("leagues:dashboard", league.pk)


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int, invitation: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    row = get_object_or_404(league.invitations.select_related("coach"), pk=invitation)
    try:
        invitation_withdraw(row, request.user)
    except LeagueRefused as refused:
        return _dashboard(request, league, status=400, problems=refused.problems)
    messages.success(request, f"The invitation to {row.coach.username} is withdrawn.")
    return redirect("leagues:dashboard", league.pk)
