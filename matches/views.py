"""Match pages: one page per match (its report as entered, the report form of its ruleset,
its workflow, its dice), the form's running check, the friendly offer and the list of what
waits for the visitor. Every action posts to one view that asks matches.allowed what the
visitor may do and hands the form to matches.actions; the report form is read into the API's
body first (matches/report/form.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from matches import workflow
from matches.actions import PERFORM
from matches.allowed import actions_for, report_of, require_involved
from matches.kick_off.gdbbl_page import freebooters_data, gdbbl_section
from matches.kick_off.lrb6_page import inducements_data, journeymen_data, kick_off_section
from matches.models import REVERTED, Casualty, Match
from matches.post_game.apply import applied_state
from matches.report.content import match_sides, rolled_dice
from matches.report.fields import report_form
from matches.report.form import body_from_post, report_data
from matches.report.view import report_shown, report_view
from matches.seams import settlers
from matches.selectors import (
    is_coach,
    match_seen,
    match_whole,
    matches_in_play,
    may_see_report,
    waiting_for,
)
from matches.services import MatchRefused, friendly_offer
from rules.engine.errors import Problem, Refused
from rules.engine.report_entry import SIDES
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
    "revert": "Report reverted: both teams are as if it had never been played.",
    "reapply": "Report applied again, in its place: both teams are as if it had never been "
    "reverted.",
    "journeymen": "Journeymen taken.",
    "inducements": "Inducements bought.",
    "gate": "Gate recorded.",
    "weather": "Weather recorded.",
    "freebooters": "Freebooters hired.",
    "cards": "Special Play cards drawn.",
    "niggles": "Niggling injuries rolled for.",
    "dice_entered": "Dice entered.",
    "dice_rolled": "Dice rolled.",
}


def _before_kick_off(match: Match, user, actions, posted) -> dict | None:
    """The "Before kick-off" section of the systems whose pre-match Dugout records."""
    if match.ruleset_version.system == "gdbbl":
        return gdbbl_section(match, user, actions, posted)
    return kick_off_section(match, user, actions, posted)


def _applied(match: Match) -> dict:
    """Whether the result was applied to both teams, or why not yet."""
    post, why = applied_state(match)
    # 1st edition under dead_players_removed: say so only when somebody was struck off.
    changes = [c for step in post.steps["steps"] for c in step["changes"]] if post else []
    reverted = reapplied = None
    if match.status == REVERTED or post is not None:  # who took it back (or gave it back)
        last = match.steps.filter(action__in=("revert", "reapply")).select_related("actor").last()
        reverted = last if last and last.action == "revert" and post is None else None
        reapplied = last if last and last.action == "reapply" and post is not None else None
    corrections = list(match.corrections.select_related("actor")) if post is not None else []
    return {"post_game": post, "not_applied": why, "reverted": reverted, "reapplied": reapplied,
            "struck_off": any(change["what"] == "status" for change in changes),
            "corrections": corrections}  # fmt: skip


def _require_coach(user, match: Match) -> None:
    if not is_coach(user, match):
        raise PermissionDenied("Only the two coaches of the match write its report.")


def _teams(match: Match) -> dict[str, str]:
    return {"home": match.home.name, "away": match.away.name}


def _page(request: HttpRequest, match: Match, status: int = 200, posted_report=None, **extra):
    """The match page. `posted_report` is a refused report's body, to fill the form again
    as it was typed; otherwise the form shows the stored draft. A refused kick-off form is
    filled again from the post."""
    posted_form = request.POST if status != 200 else None
    actions = actions_for(request.user, match)
    report = report_of(match) if may_see_report(request.user, match) else None
    view, readable = None, report is not None and not report.forfeit
    # Both teams' races, every casualty's victim and causer, every line: one query each,
    # however many players and casualties the report has.
    if readable or "report" in actions:
        prefetch_related_objects([match.home, match.away], "race")
    if readable:
        casualties = Casualty.objects.select_related("victim", "causer")
        prefetch_related_objects([match], Prefetch("casualties", casualties), "performances")
        view = report_view(match, report)
    form = None
    if "report" in actions:
        body = posted_report or (view.body if view else None)
        sides = view.sides if view and view.sides else match_sides(match)
        form = report_form(match, sides, body, rolled_dice(match))
    context = {
        "match": match,
        "fixture": settlers.answer.fixture_of(match),
        "report": report,
        "view": view,
        "shown": report_shown(match, view) if view else None,
        "form": form,
        "actions": actions,
        "may_roll": any(action.startswith("dice_") for action in actions),
        "kick_off": _before_kick_off(match, request.user, actions, posted_form),
        **_applied(match),
        "today": timezone.localdate(),
        "settle_barred": settlers.answer.settle_barred(request.user, match),
        "posted": request.POST if status != 200 else {},
        **extra,
    }
    return render(request, "matches/match_detail.html", context, status=status)


@require_safe
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, match_seen(pk, request.user))


# The forms whose post the action does not take as it comes: read into the API's body first.
FORMS = {
    "journeymen": journeymen_data,
    "inducements": inducements_data,
    "freebooters": freebooters_data,
}


def _data(request: HttpRequest, match: Match, action: str):
    if action == "report":
        return report_data(request.POST, _teams(match))
    if action in FORMS:
        return FORMS[action](request.POST)
    return request.POST


@require_POST
@login_required
def match_act(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    match = match_seen(pk, request.user)
    if action not in PERFORM:
        raise Http404("No such action.")
    require_involved(request.user, match)
    report = action == "report"
    if report:
        _require_coach(request.user, match)  # before his post is read, as the service would
    try:
        data = _data(request, match, action)
        PERFORM[action](match, request.user, data)
    except Refused as refused:
        body = body_from_post(request.POST) if report else None
        match = match_whole(pk)
        return _page(request, match, status=400, posted_report=body, problems=refused.problems)
    messages.success(request, DONE[action])
    return redirect("matches:detail", pk=pk)


@require_POST
@login_required
def report_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The form's running check: what saving the posted form would refuse, and what would
    still stop it being submitted. Nothing is stored and no die is rolled."""
    match = match_seen(pk, request.user)
    _require_coach(request.user, match)
    unfinished = []
    try:
        data = report_data(request.POST, _teams(match))
    except MatchRefused as refused:
        problems = list(refused.problems)
    else:
        scores = [whole_number(data[f"{side}_touchdowns"], None) for side in SIDES]
        checked = workflow.report_preview(match, request.user, *scores, data)
        problems, unfinished = checked.problems, checked.unfinished
    context = {"problems": problems, "unfinished": unfinished}
    return render(request, "matches/_report_check.html", context)


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
