"""Match pages: one page per match (its report, its workflow, its dice), the friendly offer
and the list of what waits for the visitor. Every action posts to one view that asks
matches.actions what the visitor may do and hands the form to the service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from matches.actions import PERFORM, actions_for, report_of, require_involved
from matches.models import Match, Report
from matches.seams import settlers
from matches.selectors import match_seen, match_whole, matches_in_play, waiting_for
from matches.services import friendly_offer
from matches.workflow import may_see_report
from rules.engine.errors import Problem, Refused
from rules.plumbing.numbers import whole_number
from teams.models import Team

DONE = {
    "accept": "Friendly accepted: it is to play.",
    "decline": "Friendly declined.",
    "report": "Report saved as a draft.",
    "submit": "Report submitted: it waits for the opposing coach.",
    "withdraw": "Report withdrawn: it is a draft again.",
    "confirm": "Report confirmed.",
    "dispute": "Report disputed: the submitting coach has been told why.",
    "approve": "Report approved.",
    "send_back": "Report sent back to the coaches.",
    "settle": "Dispute settled: the report stands.",
    "dice_entered": "Dice entered.",
    "dice_rolled": "Dice rolled.",
}


def _report_form(report: Report | None, posted) -> dict[str, str]:
    """The report form's values: what was just posted, else the draft's."""
    fields = ("played_on", "home_touchdowns", "away_touchdowns")
    if posted:
        return {field: posted.get(field, "") for field in fields}
    if report is None:
        return dict.fromkeys(fields, "")
    return {field: str(getattr(report, field) or "") for field in fields} | {
        "home_touchdowns": str(report.home_touchdowns),
        "away_touchdowns": str(report.away_touchdowns),
    }


def _page(request: HttpRequest, match: Match, status: int = 200, **extra) -> HttpResponse:
    actions = actions_for(request.user, match)
    report = report_of(match) if may_see_report(request.user, match) else None
    context = {
        "match": match,
        "fixture": settlers.answer.fixture_of(match),
        "report": report,
        "form": _report_form(report, request.POST if status != 200 else None),
        "actions": actions,
        "may_roll": any(action.startswith("dice_") for action in actions),
        "today": timezone.localdate(),
        "posted": request.POST if status != 200 else {},
        **extra,
    }
    return render(request, "matches/match_detail.html", context, status=status)


@require_safe
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, match_seen(pk, request.user))


@require_POST
@login_required
def match_act(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    match = match_seen(pk, request.user)
    if action not in PERFORM:
        raise Http404("No such action.")
    require_involved(request.user, match)
    try:
        PERFORM[action](match, request.user, request.POST)
    except Refused as refused:
        return _page(request, match_whole(pk), status=400, problems=refused.problems)
    messages.success(request, DONE[action])
    return redirect("matches:detail", pk=pk)


@require_safe
@login_required
def waiting(request: HttpRequest) -> HttpResponse:
    context = {"waiting": waiting_for(request.user), "in_play": matches_in_play(request.user)}
    return render(request, "matches/waiting.html", context)


@login_required
def friendly_new(request: HttpRequest) -> HttpResponse:
    mine = list(request.user.teams.select_related("race", "ruleset_version__ruleset"))
    posted = request.method == "POST"
    home_pk = whole_number(request.POST.get("home") if posted else request.GET.get("home"), None)
    home = next((team for team in mine if team.pk == home_pk), None)
    if home is None and not posted:
        home = mine[0] if mine else None  # the form opens on the coach's first team
    opponents = (
        Team.objects.filter(ruleset_version=home.ruleset_version_id)
        .exclude(coach=request.user)
        .select_related("coach", "race")
        .order_by("name", "pk")
        if home
        else Team.objects.none()
    )
    context = {"mine": mine, "home": home, "opponents": opponents}
    if not posted:
        return render(request, "matches/friendly_new.html", context)
    away_pk = whole_number(request.POST.get("away"), blank=None)
    away = next((team for team in opponents if team.pk == away_pk), None)
    try:
        if home is None or away is None:
            field = "home" if home is None else "away"
            raise Refused([_problem(field)])
        match = friendly_offer(request.user, home, away)
    except Refused as refused:
        context.update(problems=refused.problems, posted=request.POST)
        return render(request, "matches/friendly_new.html", context, status=400)
    messages.success(request, f"Friendly offered to {away.coach}: it waits for an answer.")
    return redirect("matches:detail", pk=match.pk)


def _problem(field: str) -> Problem:
    what = "one of your teams" if field == "home" else "a team of another coach, same ruleset"
    return Problem(field, f"Choose {what}.")
