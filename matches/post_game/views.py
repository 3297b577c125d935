"""The post-game summary of an applied report: every step with what it read, its dice, its
result and what it changed for each team and player (SPP, the dead and injured, a player
who joins), on a page and through the API."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from matches.models import Match, Participant, PostGame
from matches.selectors import match_seen
from teams.models import Player

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
# A player's lasting changes, as the page says them.
STATUS_SAID = {
    "dead": "dead",
    "missing_next_game": "misses the next game",
    "active": "may play again",
    "retired": "leaves the team",
    "fired": "leaves the team",
}
INJURY_SAID = {"N": "Niggling Injury"}


def said(change: dict) -> str:
    """A status, injury, characteristic, value or new player in words ("" for the rest,
    which the page shows as amounts)."""
    what, detail, amount = change["what"], change.get("detail", ""), change["amount"]
    if what == "status":
        return STATUS_SAID.get(detail, detail.replace("_", " "))
    if what == "injury":
        return INJURY_SAID.get(detail, f"lasting injury: {detail.replace('-', '−1 ')}")
    if what == "characteristic":
        return f"{detail} {amount:+d}".replace("-", "−")
    if what == "value_increase":
        return f"value {amount:+,} gp".replace("-", "−")
    if what == "join":
        return f"joins as a {detail}"
    return ""


def _names(match: Match, steps: list) -> dict[tuple[str, object], str]:
    """Who each changed player is: a roster player by (side, ledger key), a one-game hire by
    (side, shirt number). Two queries."""
    names = {}
    for row in Participant.objects.filter(match=match).values("team_id", "number", "name"):
        names[(match.side_of(row["team_id"]), row["number"])] = row["name"]
    keys = {c["key"] for step in steps for c in step["changes"] if c.get("key")}
    players = Player.objects.filter(team__in=(match.home_id, match.away_id), key__in=keys)
    for row in players.values("team_id", "key", "name"):
        names[(match.side_of(row["team_id"]), row["key"])] = row["name"]
    return names


def summary_of(match: Match, post: PostGame, who: dict | None = None) -> dict:
    """The stored steps as a page reads them, and each team's totals: gold, fan factor,
    each player's SPP and the improvement rolls now due. `who` names the changed players
    (read from the match's players when not given)."""
    steps = post.steps["steps"]
    names = {"home": match.home.name, "away": match.away.name}
    who = _names(match, steps) if who is None else who
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
            # rolls per player (stored from issue 23 on; one each before)
            "rolls": {int(n): k for n, k in post.steps.get("rolls_due", {}).get(side, {}).items()},
            "players": [],  # "#3 Hans: dead", "#12 Hans: joins as a Zombie"
        }
    for step in steps:
        for change in step["changes"]:
            change["team"] = names[change["side"]]
            change["label"] = WHAT.get(change["what"], change["what"])
            change["said"] = said(change)
            known = (change["side"], change["key"] or change["number"])
            change["who"] = change.get("name") or who.get(known, "")
            if change["what"] in ("status", "join") and (change["key"] or change["what"] == "join"):
                player = f"#{change['number']} {change['who']}".strip()
                totals[change["side"]]["players"].append(f"{player}: {change['said']}")
    return {"steps": steps, "totals": [totals["home"], totals["away"]]}


@require_safe
def post_game_summary(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_seen(pk, request.user)
    post = PostGame.objects.filter(match=match).select_related("applied_by").first()
    if post is None:
        raise Http404("This report has not been applied.")
    # GDBBL (001) calls the roll a level earns a star player roll; LRB6 an improvement roll.
    roll = "star player" if match.ruleset_version.system == "gdbbl" else ""
    results_only = match.ruleset_version.play == "results_only"  # no gold, fans or SPP
    corrections = list(match.corrections.select_related("actor"))  # who corrected it, why
    context = {"match": match, "post": post, "roll": roll, "results_only": results_only,
               "corrections": corrections, **summary_of(match, post)}  # fmt: skip
    return render(request, "matches/post_game.html", context)
