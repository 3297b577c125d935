"""Team pages: the list, the team builder and the roster (with the ledger history)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from rules import models as rules_models
from rules import selectors
from rules.engine.errors import Refused
from rules.engine.gdbbl import star_price
from rules.engine.purchases import Purchase
from rules.engine.team_building import Problem, TeamRefused, may_have
from rules.plumbing.numbers import whole_number
from rules.plumbing.people import is_coach_or_staff
from rules.snapshot import ruleset_snapshot
from teams.advancement import improvement_choose, improvement_roll, roll_choices, rolls_due
from teams.between_matches import (
    player_leave,
    require_adjuster,
    require_coach,
    team_adjust,
    team_purchase,
)
from teams.history import ledger_for, reversals
from teams.models import LedgerEntry, Team
from teams.roster import roster, teams_listed
from teams.seams import TeamLeague, dice_sources, leagues
from teams.services import NewPlayer, team_create
from teams.undo import entry_undo, require_undoer, undo_problem

TEAMS_PER_PAGE = 50  # as the API's pages


@require_safe
def team_list(request: HttpRequest) -> HttpResponse:
    """Every team, or with ?mine=1 the visitor's own (an anonymous visitor is sent to sign
    in first), with each team's value and league, in the same queries for 3 teams as for 50."""
    mine = request.GET.get("mine") in ("1", "true")
    if mine and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    teams = Team.objects.select_related("coach", "race", "ruleset_version__ruleset").order_by(
        "name", "pk"
    )
    if mine:
        teams = teams.filter(coach=request.user)
    page = Paginator(teams, TEAMS_PER_PAGE).get_page(request.GET.get("page"))
    context = {"teams": teams_listed(page.object_list, request.user), "page": page, "mine": mine}
    return render(request, "teams/team_list.html", context)


def _detail(request: HttpRequest, team: Team, status: int = 200, **extra) -> HttpResponse:
    entries = team.ledger.select_related("actor", "cause", "reverses").order_by("-sequence")
    # A retired team is read, never changed.
    may_buy = is_coach_or_staff(request.user, team.coach_id) and team.retired_at is None
    league = leagues.answer.league_of(team, request.user)
    entries = ledger_for(team, entries, league)
    sheet = roster(team)
    context = {"roster": sheet, "may_buy": may_buy, **extra}
    context["may_adjust"] = team.retired_at is None and leagues.answer.may_adjust(
        request.user, team
    )
    context["entries"] = _history(entries, undoable=context["may_adjust"])
    # A private league is named only to those who may see it.
    context["league"] = league if league and league.visible else None
    if may_buy and sheet.ruleset.play == "league":
        # What may be bought, from the cached rules: no query.
        context["positions"] = sheet.ruleset.races[team.race.slug].positions
        context["staff"] = list(sheet.ruleset.staff.values())
    return render(request, "teams/team_detail.html", context, status=status)


@dataclass(frozen=True)
class HistoryLine:
    entry: LedgerEntry
    reversed_by: int | None  # the sequence of the entry that undid it
    may_undo: bool  # the reader may undo it, and it can be undone


def _history(entries: list[LedgerEntry], undoable: bool) -> list[HistoryLine]:
    undone = reversals(entries)
    return [
        HistoryLine(
            entry,
            undone.get(entry.pk),
            undoable and undo_problem(entry, undone.get(entry.pk)) is None,
        )
        for entry in entries
    ]


def _team(pk: int) -> Team:
    return get_object_or_404(
        Team.objects.select_related("coach", "race", "ruleset_version__ruleset"), pk=pk
    )


@require_safe
def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, _team(pk))


@login_required
@require_POST
def player_leave_view(request: HttpRequest, pk: int, player: int) -> HttpResponse:
    team = _team(pk)
    member = get_object_or_404(team.players.on_roster(), pk=player)
    try:
        team = player_leave(team, request.user, member, request.POST.get("how", ""))
    except TeamRefused as refused:
        return _detail(
            request, team, status=400, problems=refused.problems, refused_heading="Not done:"
        )
    messages.success(request, f"{team.ledger.order_by('-sequence').first().summary}.")
    return redirect("teams:detail", team.pk)


@login_required
@require_POST
def team_adjust_view(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    require_adjuster(team, request.user)  # who may, before what was typed
    named = request.POST.get("player", "").strip()
    member = team.players.on_roster().filter(pk=_whole(named)).first() if named else None
    treasury = whole_number(request.POST.get("treasury", ""))
    spp = whole_number(request.POST.get("spp", ""))
    try:
        bad = [
            Problem(field, f"{label} must be a whole number, not {request.POST.get(field)!r}.")
            for field, label, value in (("treasury", "The treasury change", treasury),
                                        ("spp", "The SPP change", spp))
            if value is None
        ]  # fmt: skip
        if named and member is None:
            bad.append(Problem("player", f"{team.name} has no player {named[:20]!r}."))
        if bad:
            raise TeamRefused(bad)
        team = team_adjust(team, request.user, request.POST.get("reason", ""), treasury, member,
                           spp)  # fmt: skip
    except TeamRefused as refused:
        return _detail(
            request, team, status=400, problems=refused.problems, refused_heading="Not adjusted:"
        )
    messages.success(request, f"Adjusted: {team.ledger.order_by('-sequence').first().summary}.")
    return redirect("teams:detail", team.pk)


@login_required
@require_POST
def entry_undo_view(request: HttpRequest, pk: int, sequence: int) -> HttpResponse:
    team = _team(pk)
    require_undoer(team, request.user)  # who may, before what was typed
    entry = get_object_or_404(team.ledger, sequence=sequence)
    try:
        entry_undo(entry, request.user, request.POST.get("reason", ""))
    except TeamRefused as refused:
        return _detail(
            request, team, status=400, problems=refused.problems, refused_heading="Not undone:"
        )
    messages.success(request, f"Undid #{sequence}: {entry.summary}.")
    return redirect("teams:detail", team.pk)


@login_required
@require_POST
def team_buy(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    kind = request.POST.get("kind", "")
    what = request.POST.get(f"what-{kind}", "")
    purchase = Purchase(kind, what, _whole(request.POST.get("count", "1")))
    names = [line for line in request.POST.get("names", "").splitlines() if line.strip()]
    typed = request.POST.get("numbers", "").replace(",", " ").split()
    numbers = [whole_number(text) for text in typed]
    try:
        bad = [text for text, number in zip(typed, numbers, strict=True) if number is None]
        if bad:
            raise TeamRefused([Problem("numbers", f"A shirt number is a whole number from 1 to "
                                                  f"99, not {bad[0][:20]!r}.")])  # fmt: skip
        team = team_purchase(team, request.user, purchase, names, numbers)
    except TeamRefused as refused:
        return _detail(
            request, team, status=400, problems=refused.problems, refused_heading="Not bought:"
        )
    messages.success(request, f"{team.ledger.order_by('-sequence').first().summary}.")
    return redirect("teams:detail", team.pk)


def _builder_context(version: rules_models.RulesetVersion, race_slug: str | None) -> dict:
    races = selectors.races(version)
    chosen = next((row for row in races if row.race.slug == race_slug), None)
    staff = [
        item
        for item in selectors.purchasables(rules_models.Staff, version)
        if chosen is None
        or may_have(
            item.eligibility,
            {r.slug for r in item.races.all()},
            chosen.race.slug,
            chosen.race.apothecary_allowed,
        )
    ]
    return {"version": version, "races": races, "chosen": chosen, "staff": staff}


def _star_rows(version, race, posted) -> list[tuple]:
    """Stars a team of this race may hire for good, with their price for it; only where the
    ruleset allows permanent stars (GDBBL's star_player_limit)."""
    ruleset = ruleset_snapshot(version)
    if "star_player_limit" not in ruleset.settings:
        return []
    chosen = set(posted.getlist("star"))
    rows = []
    for row in selectors.star_players(version):
        slugs = {r.slug for r in row.races}
        if (race.slug in slugs) != (row.star.eligibility == "races") or row.star.cost == 0:
            continue
        price = star_price(ruleset, row.star.cost, race.slug, row.star.kind, freebooter=False)
        rows.append((row.star, price, row.star.name in chosen))
    return rows


def _whole(text: str) -> int:
    number = whole_number(text)
    return -1 if number is None else number  # refused by the rules check, naming the field


@login_required
def team_new(request: HttpRequest) -> HttpResponse:
    league_pk = request.GET.get("league") or request.POST.get("league")
    # A team built for a league plays the league's exact ruleset version and asks to join it.
    league = None
    if league_pk:
        league = leagues.answer.league_to_build_for(_whole(league_pk), request.user)
    slug = request.GET.get("ruleset") or request.POST.get("ruleset") or "lrb6"
    version = league.ruleset_version if league else selectors.version_get(slug)
    race = request.GET.get("race") or request.POST.get("race")
    context = _builder_context(version, race)
    context["rulesets"] = selectors.editions_side_by_side()
    context["league"] = league
    posted = request.POST
    if context["chosen"] is not None:
        # What the coach typed, kept when the team is refused.
        context["position_rows"] = [
            (row, posted.get(f"count-{row.position.pk}", "0"))
            for row in context["chosen"].positions
        ]
        context["staff_rows"] = [
            (item, posted.get(f"staff-{item.key}", "0"), item.race_costs.get(race, item.cost))
            for item in context["staff"]
        ]
        context["star_rows"] = _star_rows(version, context["chosen"].race, posted)
    if request.method != "POST" or context["chosen"] is None:
        return render(request, "teams/team_new.html", context)
    names = [line.strip() for line in request.POST.get("names", "").splitlines() if line.strip()]
    players = []
    bad_counts = []
    for row in context["chosen"].positions:
        count = _whole(request.POST.get(f"count-{row.position.pk}", ""))
        most = row.position.max_quantity
        if count < 0:
            bad_counts.append(
                Problem(
                    "positions", f"How many {row.position.name}: give a whole number of 0 or more."
                )
            )
        # One more than the most allowed is enough for the rules check to refuse it by name;
        # a typed 10,000,000 must not make ten million players first.
        for _ in range(min(max(0, count), most + 1)):
            name = names[len(players)] if len(players) < len(names) else ""
            players.append(
                NewPlayer(row.position.name, name or f"{row.position.name} {len(players) + 1}")
            )
    staff = {
        item.key: _whole(request.POST.get(f"staff-{item.key}", "")) for item in context["staff"]
    }
    try:
        if bad_counts:
            raise TeamRefused(bad_counts)
        team = _create_and_enter(
            league,
            request.user,
            version,
            request.POST.get("name", ""),
            race,
            players,
            rerolls=_whole(request.POST.get("rerolls", "")),
            fan_factor=_whole(request.POST.get("fan_factor", "")),
            staff={key: count for key, count in staff.items() if count},
            star_players=posted.getlist("star"),
        )
    except TeamRefused as refused:
        context["problems"] = refused.problems
        context["posted"] = request.POST
        return render(request, "teams/team_new.html", context, status=400)
    messages.success(request, f"{team.name} is ready: {team.treasury:,} gp in the treasury.")
    if league is not None:
        messages.info(request, f"{team.name} asked to join {league.name}.")
    return redirect("teams:detail", team.pk)


@transaction.atomic
def _create_and_enter(league: TeamLeague | None, *args, **kwargs) -> Team:
    """Builds the team and, when it is built for a league, asks to enter it: both or neither."""
    team = team_create(*args, **kwargs)
    if league is not None:
        try:
            leagues.answer.team_enter(league, team.coach, team)
        except Refused as refused:  # the league's refusal, shown as the builder's league field
            raise TeamRefused([Problem("league", p.message) for p in refused.problems]) from None
    return team


@login_required
def player_improve(request: HttpRequest, pk: int, player: int) -> HttpResponse:
    """Roll (the coach's dice or the server's) and choose among what the roll allows."""
    team = _team(pk)
    member = get_object_or_404(team.players.on_roster().select_related("position"), pk=player)
    ruleset = ruleset_snapshot(team.ruleset_version)
    problems = ()
    if request.method == "POST":
        require_coach(team, request.user, "roll and choose for its players")  # 403 first
        try:
            if request.POST.get("action") == "choose":
                roll = get_object_or_404(member.improvements, choice="")
                improvement_choose(team, request.user, roll, request.POST.get("choice", ""))
                messages.success(request, team.ledger.order_by("-sequence").first().summary + ".")
                return redirect("teams:detail", team.pk)
            dice = None
            if request.POST.get("source") == "entered":
                dice = (_whole(request.POST.get("die1", "")), _whole(request.POST.get("die2", "")))
            improvement_roll(team, request.user, member, dice)
            return redirect("teams:improve", team.pk, member.pk)
        except TeamRefused as refused:
            problems = refused.problems
    pending = member.improvements.filter(choice="").first()
    context = {
        "team": team,
        "player": member,
        "due": rolls_due(ruleset, member),
        "pending": pending,
        "choices": roll_choices(ruleset, pending) if pending else None,
        "history": member.improvements.exclude(choice=""),
        "problems": problems,
    }
    league = leagues.answer.league_of(team, request.user, waiting=True)
    context["sources"] = dice_sources(league)
    if league is not None and league.visible:
        context["league"] = league
        context["dice_rule"] = league.dice_rule
    return render(request, "teams/player_improve.html", context, status=400 if problems else 200)
