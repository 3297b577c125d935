"""The post-game summary of an applied report: every step with what it read, its dice, its
result and what it changed for each team and player, on a page and through the API."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from matches.models import Match, PostGame
from matches.selectors import match_seen

WHAT = {
    "treasury": "gold",
    "fan_factor": "fan factor",
    "spp": "SPP",
    "mvps": "MVP",
    "touchdowns": "touchdowns",
    "completions": "completions",
    "interceptions": "interceptions",
    "casualties": "casualties caused",
}


def summary_of(match: Match, post: PostGame) -> dict:
    """The stored steps as a page reads them, and each team's totals: gold, fan factor,
    each player's SPP and the improvement rolls now due."""
    steps = post.steps["steps"]
    names = {"home": match.home.name, "away": match.away.name}
    totals = {}
    for side in ("home", "away"):
        changes = [c for step in steps for c in step["changes"] if c["side"] == side]
        spp: dict[int, int] = {}
        for change in changes:
            if change["what"] == "spp":
                spp[change["number"]] = spp.get(change["number"], 0) + change["amount"]
        totals[side] = {
            "side": side,
            "team": names[side],
            "gold": sum(c["amount"] for c in changes if c["what"] == "treasury"),
            "fan_factor": sum(c["amount"] for c in changes if c["what"] == "fan_factor"),
            "spp": sorted(spp.items()),
            "level_ups": post.steps.get("level_ups", {}).get(side, []),
        }
    for step in steps:
        for change in step["changes"]:
            change["team"] = names[change["side"]]
            change["label"] = WHAT.get(change["what"], change["what"])
    return {"steps": steps, "totals": [totals["home"], totals["away"]]}


@require_safe
def post_game_summary(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_seen(pk, request.user)
    post = PostGame.objects.filter(match=match).select_related("applied_by").first()
    if post is None:
        raise Http404("This report has not been applied.")
    context = {"match": match, "post": post, **summary_of(match, post)}
    return render(request, "matches/post_game.html", context)
