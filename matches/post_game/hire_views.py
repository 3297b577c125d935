"""The post-game page's form for hiring a journeyman for good (matches/post_game/hires.py): his
coach posts the side and the journeyman's shirt number; a refusal shows the page again with the
rule it breaks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from matches.models import PostGame
from matches.post_game.hires import journeyman_hire
from matches.post_game.views import summary_of
from matches.selectors import match_seen
from rules.engine.errors import Problem, Refused
from rules.plumbing.numbers import whole_number


@require_POST
@login_required
def journeyman_hire_view(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_seen(pk, request.user)
    number = whole_number(request.POST.get("number"), None)
    side = request.POST.get("side", "")
    try:
        if number is None:
            raise Refused([Problem("number", "Name the journeyman by his shirt number.")])
        team = journeyman_hire(match, request.user, side, number)
    except Refused as refused:
        post = PostGame.objects.filter(match=match).select_related("applied_by").first()
        if post is None:
            raise Http404("This report has not been applied.") from None
        context = {"match": match, "post": post, **summary_of(match, post),
                   "hire_problems": refused.problems}  # fmt: skip
        return render(request, "matches/post_game.html", context, status=400)
    hired = team.players.order_by("-pk").first()
    messages.success(request, f"#{hired.number} {hired.name} joins {team.name} for good.")
    return redirect(reverse("matches:post-game", args=[pk]) + "#journeymen")
