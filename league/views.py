"""League pages: the list of leagues, a league's home, its seasons, its settings and the
commissioner dashboard. The views read the form, call a service and show its refusals."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from league import selectors
from league.invitations import open_invitations
from league.models import Fixture, League, Season
from league.permissions import is_commissioner, require_commissioner
from league.seasons import (
    fixture_arrange,
    fixture_forfeit,
    fixture_reschedule,
    forfeit_plan,
    overdue_fixtures,
    season_plan,
    season_start,
)
from league.services import (
    commissioner_add_by_name,
    league_create,
    league_update,
    membership_decide,
    membership_end,
    membership_request,
)
from league.setting_checks import (
    DICE_SOURCES,
    NO_CASUALTY_COUNT,
    POINT_FIELDS,
    REPORTS_APPLY,
    LeagueRefused,
    Problem,
    offered,
)
from league.table_views import SEASON_ROWS, home_tables, scoring_note, table_shown
from league.tables import season_table
from rules.models import RulesetVersion
from rules.plumbing.numbers import whole_number
from teams.models import Team


@require_safe
def league_list(request: HttpRequest) -> HttpResponse:
    leagues = selectors.visible_leagues(request.user)
    return render(request, "leagues/league_list.html", {"leagues": leagues})


@login_required
def league_new(request: HttpRequest) -> HttpResponse:
    versions = selectors.league_versions()
    context = {"versions": versions, "posted": request.POST}
    if request.method != "POST":
        return render(request, "leagues/league_new.html", context)
    version = RulesetVersion.objects.filter(pk=_whole(request.POST.get("version", ""))).first()
    try:
        if version is None:
            raise LeagueRefused([Problem("version", "Choose the ruleset the league plays.")])
        league = league_create(
            request.user,
            request.POST.get("name", ""),
            version,
            request.POST.get("description", ""),
            request.POST.get("public") == "on",
        )
    except LeagueRefused as refused:
        context["problems"] = refused.problems
        return render(request, "leagues/league_new.html", context, status=400)
    messages.success(request, f"{league.name} is open. You are its commissioner.")
    return redirect("leagues:detail", league.pk)


def _home(request: HttpRequest, league: League, status: int = 200, **extra) -> HttpResponse:
    season = selectors.current_season(league)
    window = selectors.round_window(season, None) if season else None
    context = {
        "league": league,
        "commissioners": selectors.commissioners(league),
        "members": selectors.memberships(league, ("approved",)),
        "season": season,
        # Open play has no rounds: its home lists the matches still to play (the results
        # above it), not every match of the season.
        "rounds": selectors.season_rounds(season, window, to_play=window is None) if season else [],
        "round_numbers": selectors.round_numbers(season) if season else [],
        "window": window or (),
        "is_commissioner": is_commissioner(request.user, league),
        "eligible": selectors.eligible_teams(league, request.user),
        "mine": [],
        "today": timezone.localdate(),
        **home_tables(season),
        **extra,
    }
    if request.user.is_authenticated:
        context["mine"] = selectors.coach_memberships(league, request.user)
    return render(request, "leagues/league_detail.html", context, status=status)


@require_safe
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _home(request, selectors.league_get(pk, request.user))


@login_required
@require_POST
def league_enter(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    team = Team.objects.filter(pk=_whole(request.POST.get("team", ""))).first()
    try:
        if team is None:
            raise LeagueRefused([Problem("team", "Choose one of your teams to enter.")])
        membership_request(league, request.user, team)
    except LeagueRefused as refused:
        return _home(request, league, status=400, problems=refused.problems)
    messages.success(
        request,
        f"{team.name} asked to join {league.name}; a commissioner will approve or refuse it.",
    )
    return redirect("leagues:detail", league.pk)


@login_required
@require_POST
def membership_decide_view(request: HttpRequest, pk: int, membership: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    row = get_object_or_404(league.memberships.select_related("team"), pk=membership)
    decision = request.POST.get("decision", "")
    approve = decision == "approve"
    try:
        if decision not in ("approve", "refuse"):
            raise LeagueRefused([Problem("decision", "Approve or refuse the team.")])
        membership_decide(row, request.user, approve, request.POST.get("reason", ""))
    except LeagueRefused as refused:
        return _dashboard(request, league, status=400, problems=refused.problems)
    verb = "is in" if approve else "was refused from"
    messages.success(request, f"{row.team.name} {verb} {league.name}.")
    return redirect("leagues:dashboard", league.pk)


@login_required
@require_POST
def membership_end_view(request: HttpRequest, pk: int, membership: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    row = get_object_or_404(league.memberships.select_related("team"), pk=membership)
    how = request.POST.get("how", "")
    try:
        membership_end(row, request.user, how, request.POST.get("reason", ""))
    except LeagueRefused as refused:
        return _home(request, league, status=400, problems=refused.problems)
    messages.success(
        request,
        f"{row.team.name} {'left' if how == 'left' else 'retired from'} "
        f"{league.name}; its history stays.",
    )
    return redirect("leagues:detail", league.pk)


def _settings_context(league: League) -> dict:
    """Only the tie-breakers and bonuses the league's ruleset offers: no casualty difference
    or casualty bonus where reports count no casualties, score difference in Blitz Bowl."""
    chosen = list(league.tie_breakers)
    offer = offered(league.ruleset_version.system)
    return {
        "league": league,
        "point_fields": [
            (key, label, getattr(league, key)) for key, label in offer.point_fields.items()
        ],
        "tie_breakers": offer.tie_breakers,
        "tie_breaker_slots": [
            (index + 1, chosen[index] if index < len(chosen) else "")
            for index in range(len(offer.tie_breakers))
        ],
        "no_casualty_count": NO_CASUALTY_COUNT.get(league.ruleset_version.system, ""),
        "scoring_note": scoring_note(selectors.current_season(league)),
        "dice_sources": DICE_SOURCES,
        "reports_apply": REPORTS_APPLY,
    }


@login_required
def league_settings_view(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    require_commissioner(request.user, league, "change its settings")
    if request.method != "POST":
        return render(request, "leagues/league_settings.html", _settings_context(league))
    posted = request.POST
    changes: dict[str, object] = {
        "name": posted.get("name", ""),
        "description": posted.get("description", ""),
        "public": posted.get("public") == "on",
        "tie_breakers": [key for key in posted.getlist("tie_breaker") if key],
        "dice_sources": posted.get("dice_sources", ""),
        "reports_apply": posted.get("reports_apply", ""),
    }
    offer = offered(league.ruleset_version.system)
    # A bonus the ruleset does not offer has no field; posted all the same, it is checked.
    points = [key for key in POINT_FIELDS if key in offer.point_fields or key in posted]
    for key in [*points, "forfeit_winner_touchdowns", "forfeit_loser_touchdowns"]:
        changes[key] = _whole(posted.get(key, ""), signed=True)
    try:
        league = league_update(league, request.user, changes)
    except LeagueRefused as refused:
        context = {**_settings_context(league), "problems": refused.problems, "posted": posted}
        return render(request, "leagues/league_settings.html", context, status=400)
    messages.success(request, f"{league.name}'s settings are saved.")
    return redirect("leagues:detail", league.pk)


def _dashboard(request: HttpRequest, league: League, status: int = 200, **extra) -> HttpResponse:
    require_commissioner(request.user, league, "see its dashboard")
    today = timezone.localdate()
    context = {
        "league": league,
        "pending": selectors.memberships(league, ("pending",)),
        "members": selectors.memberships(league, ("approved",)),
        "overdue": overdue_fixtures(league, today),
        "invitations": open_invitations(league),
        "season": selectors.current_season(league),
        "formats": Season.FORMATS,
        "today": today,
        **extra,
    }
    return render(request, "leagues/dashboard.html", context, status=status)


@login_required
@require_safe
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    return _dashboard(request, selectors.league_get(pk, request.user))


@login_required
@require_POST
def commissioner_add_view(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    try:
        user = commissioner_add_by_name(league, request.user, request.POST.get("username", "")).user
    except LeagueRefused as refused:
        return _dashboard(request, league, status=400, problems=refused.problems)
    messages.success(request, f"{user.username} is now a commissioner of {league.name}.")
    return redirect("leagues:dashboard", league.pk)


# The new-season form's fields, carried from the form to the page that asks first.
SEASON_FIELDS = ("format", "name", "first_deadline", "days_between_rounds")


@login_required
@require_POST
def season_new(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    try:
        answers = (
            request.POST.get("format", ""),
            request.POST.get("name", ""),
            _date(request.POST.get("first_deadline", ""), "first_deadline"),
            _whole(request.POST.get("days_between_rounds", "") or "7"),
        )
        if request.POST.get("confirm") != "yes":
            # Nothing yet: the page says what follows and asks again (confirm=yes).
            context = {"league": league, "plan": season_plan(league, request.user, *answers)}
            context["posted"] = {key: request.POST.get(key, "") for key in SEASON_FIELDS}
            return render(request, "leagues/season_confirm.html", context)
        season = season_start(league, request.user, *answers)
    except LeagueRefused as refused:
        return _dashboard(request, league, status=400, problems=refused.problems)
    messages.success(request, f"{season.name} has started with {season.teams.count()} teams.")
    return redirect("leagues:season", league.pk, season.number)


@require_safe
def season_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    return _season(request, league, selectors.season_get(league, number))


def _season(request, league: League, season: Season, status: int = 200, **extra) -> HttpResponse:
    commissioner = is_commissioner(request.user, league)
    window = selectors.round_window(season, request.GET.get("round"))
    context = {
        "league": league,
        "season": season,
        "rounds": selectors.season_rounds(season, window),
        "round_numbers": selectors.round_numbers(season),
        "window": window or (),
        "seasons": selectors.season_list(league),
        "table": table_shown(season_table(season, top=SEASON_ROWS)),
        "is_commissioner": commissioner,
        "today": timezone.localdate(),
        **extra,
    }
    if season.format == "open" and season.finished_at is None:
        members = [row.team for row in selectors.memberships(league, ("approved",))]
        # Offered to those who may arrange: a commissioner, or a coach of a member team.
        if commissioner or any(team.coach_id == request.user.pk for team in members):
            context["members"] = members
    return render(request, "leagues/season_detail.html", context, status=status)


@login_required
@require_POST
def fixture_arrange_view(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    season = selectors.season_get(league, number)
    teams = Team.objects.in_bulk([_whole(request.POST.get(side, "")) for side in ("home", "away")])
    home = teams.get(_whole(request.POST.get("home", "")))
    away = teams.get(_whole(request.POST.get("away", "")))
    try:
        if home is None or away is None:
            raise LeagueRefused([Problem("home", "Choose both teams.")])
        deadline = _date(request.POST.get("deadline", ""), "deadline")
        fixture = fixture_arrange(season, request.user, home, away, deadline)
    except LeagueRefused as refused:
        return _season(request, league, season, status=400, problems=refused.problems)
    messages.success(request, f"Arranged: {fixture}.")
    return redirect("leagues:season", league.pk, season.number)


def _fixture(request: HttpRequest, pk: int, fixture: int) -> tuple[League, Fixture]:
    league = selectors.league_get(pk, request.user)
    related = ("season", "round", "home", "away")
    row = get_object_or_404(
        Fixture.objects.select_related(*related), pk=fixture, season__league=league
    )
    return league, row


@login_required
@require_POST
def fixture_reschedule_view(request: HttpRequest, pk: int, fixture: int) -> HttpResponse:
    league, row = _fixture(request, pk, fixture)
    try:
        deadline = _date(request.POST.get("deadline", ""), "deadline")
        fixture_reschedule(row, request.user, deadline, request.POST.get("reason", ""))
    except LeagueRefused as refused:
        return _season(request, league, row.season, status=400, problems=refused.problems)
    messages.success(request, f"Rescheduled: {row} by {deadline:%d %b %Y}.")
    return redirect("leagues:season", league.pk, row.season.number)


@login_required
@require_POST
def fixture_forfeit_view(request: HttpRequest, pk: int, fixture: int) -> HttpResponse:
    league, row = _fixture(request, pk, fixture)
    team = Team.objects.filter(pk=_whole(request.POST.get("forfeited_by", ""))).first()
    try:
        if request.POST.get("confirm") != "yes":
            # Nothing yet: the page says what follows and asks again (confirm=yes).
            plan = forfeit_plan(row, request.user, team)
            return render(request, "leagues/forfeit_confirm.html", {"league": league, "plan": plan})
        row = fixture_forfeit(row, request.user, team)
    except LeagueRefused as refused:
        return _season(request, league, row.season, status=400, problems=refused.problems)
    messages.success(
        request,
        f"{team.name} forfeits: {row.home.name} {row.home_touchdowns}–"
        f"{row.away_touchdowns} {row.away.name}.",
    )
    return redirect("leagues:season", league.pk, row.season.number)


def _whole(text: str, signed: bool = False) -> int | str:
    """A whole number, or the text itself so the rules check names the field."""
    number = whole_number(text, blank=None)
    if number is None:
        return text if signed else -1
    return number


def _date(text: str, field: str) -> datetime.date | None:
    if not (text or "").strip():
        return None
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise LeagueRefused([Problem(field, f"{text!r} is not a date (YYYY-MM-DD).")]) from None
