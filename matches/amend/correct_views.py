"""The page a commissioner corrects an applied report on (matches/amend/correct.py): the report as
it stands, its form filled with it, the dice of the post-game sequence typed at the table,
and a reason. "Preview" answers what the correction would change — each value of the
report, each team's gold, fan factor, SPP and injuries, the table — and changes nothing;
"Correct the report" commits it. A die the corrected report needs and nobody rolled is
asked for on the same page."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, prefetch_related_objects
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from matches.allowed import actions_for
from matches.amend.correct import DiceNeeded, report_correct_typed
from matches.amend.correct_dice import may_type
from matches.models import Casualty, Match
from matches.report.content import rolled_dice
from matches.report.fields import report_form
from matches.report.form import body_from_post, report_data
from matches.report.view import report_shown, report_view
from matches.selectors import match_seen, match_whole
from rules.engine.errors import Refused

DIE = re.compile(r"^die-(\d+)-purpose$")


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def report_correct_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_seen(pk, request.user)
    if "correct" not in actions_for(request.user, match):
        raise PermissionDenied(
            "Only a commissioner of the match's league (site staff for a friendly), who "
            "coaches neither team, corrects an applied report."
        )
    if request.method != "POST":
        return _page(request, match)
    teams = {"home": match.home.name, "away": match.away.name}
    preview = "commit" not in request.POST
    try:
        data = {
            "report": report_data(request.POST, teams),
            "reason": request.POST.get("reason", ""),
            "dice": dice_posted(request.POST),
            "preview": preview,
        }
        done = report_correct_typed(match, request.user, data)
    except DiceNeeded as needed:
        return _page(request, match_whole(pk), 400, problems=needed.problems, needs=needed.needs)
    except Refused as refused:
        return _page(request, match_whole(pk), 400, problems=refused.problems)
    if done.committed:
        messages.success(request, "Report corrected: every team it touched is as if it had "
                                  "been right from the start.")  # fmt: skip
        return redirect("matches:detail", pk=pk)
    return _page(request, match_whole(pk), corrected=done, unchanged=not done.report)


def dice_posted(post) -> list[dict]:
    """The dice rows of the form: each purpose with its notation and the dice as typed."""
    found = []
    for key in sorted((k for k in post if DIE.match(k)), key=lambda k: int(DIE.match(k)[1])):
        n = DIE.match(key)[1]
        purpose = str(post.get(key, "")).strip()
        values = str(post.get(f"die-{n}-values", "")).strip()
        if purpose and values:
            found.append({"purpose": purpose, "notation": post.get(f"die-{n}-notation", ""),
                          "values": values})  # fmt: skip
    return found


def _page(request: HttpRequest, match: Match, status: int = 200, needs=(), **extra):
    report = match.report
    casualties = Casualty.objects.select_related("victim", "causer")
    prefetch_related_objects([match], Prefetch("casualties", casualties), "performances")
    prefetch_related_objects([match.home, match.away], "race")
    view = report_view(match, report)
    posted = request.method == "POST"
    body = body_from_post(request.POST) if posted else view.body
    rolled = rolled_dice(match)
    # The post-game dice typed at the table (winnings, fan factor, ...), to type again; then
    # those the corrected report needs that nobody rolled.
    typed = {roll.purpose: (roll.notation, " ".join(str(v) for v in roll.values))
             for roll in match.dice.all()
             if roll.source == "entered" and may_type(match, roll.purpose)}  # fmt: skip
    if posted:
        given = {die["purpose"]: die["values"] for die in dice_posted(request.POST)}
        typed = {purpose: (notation, given.get(purpose, values))
                 for purpose, (notation, values) in typed.items()}  # fmt: skip
    for purpose, notation in needs:  # asked for afresh, as the step now reads it
        if typed.get(purpose, ("",))[0] != notation:
            typed[purpose] = (notation, "")
    context = {
        "match": match,
        "report": report,
        "view": view,
        "shown": report_shown(match, view),
        "form": report_form(match, view.sides, body, rolled),
        "correcting": True,
        "dice_rows": [(purpose, *row) for purpose, row in typed.items()],
        "reason": request.POST.get("reason", "") if posted else "",
        **extra,
    }
    return render(request, "matches/correct.html", context, status=status)
