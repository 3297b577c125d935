"""Retiring a team, as a page and as an API call. The service sits in league because a
retiring team leaves its league and forfeits its remaining fixtures; the page is reached
from the roster page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.retirement import fixtures_to_forfeit, team_retire
from league.setting_checks import LeagueRefused
from rules.plumbing.people import is_coach_or_staff
from teams.models import Team


def _what_follows(team: Team) -> dict:
    """What retiring will do, for the confirmation page."""
    return {"team": team, "forfeits": fixtures_to_forfeit(team).count()}


@login_required
def team_retire_view(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    if not is_coach_or_staff(request.user, team.coach_id):
        raise PermissionDenied(f"Only the coach of {team.name} may retire it.")
    context = _what_follows(team)
    if request.method != "POST":
        return render(request, "leagues/team_retire.html", context)
    try:
        team_retire(team, request.user)
    except LeagueRefused as refused:
        context["problems"] = refused.problems
        return render(request, "leagues/team_retire.html", context, status=400)
    messages.success(request, f"{team.name} is retired. Its history stays here to read.")
    return redirect("teams:detail", pk=team.pk)


class TeamRetireView(APIView):
    """Retires the team: it leaves its league, its remaining fixtures become forfeits, and
    it can be read but not changed."""

    @extend_schema(summary="Retire a team", request=None, responses={200: None})
    def post(self, request: Request, pk: int) -> Response:
        team = get_object_or_404(Team, pk=pk)
        team = team_retire(team, request.user)
        return Response({"id": team.pk, "retired_at": team.retired_at})
