"""Team pages: the list and the roster (with the ledger history and what may be done between
matches). The builder is in teams/builder_views.py."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from rules.engine.purchases import Offer, Purchase
from rules.engine.team_building import Problem, TeamRefused
from rules.plumbing.numbers import whole_number
from rules.plumbing.people import is_coach_or_staff
from rules.snapshot import ruleset_snapshot
from teams.advancement import improvement_choose, improvement_roll, roll_choices, rolls_due
from teams.between_matches import (
    offers_for,
    player_leave,
    player_rename,
    require_adjuster,
    require_coach,
    team_adjust,
    team_purchase,
    team_rename,
)
from teams.history import ledger_for, reversals
from teams.leaving import departure_preview
from teams.models import LedgerEntry, Team
from teams.roster import roster, teams_listed
from teams.seams import dice_sources, leagues, pending
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
    listed = teams_listed(page.object_list, request.user)
    context = {"teams": listed, "page": page, "mine": mine}
    # No value and treasury columns on a page of results-only teams only (they keep neither).
    context["money"] = not listed or any(team.keeps_records for team in listed)
    return render(request, "teams/team_list.html", context)


def _detail(request: HttpRequest, team: Team, status: int = 200, **extra) -> HttpResponse:
    entries = team.ledger.select_related("actor", "cause", "reverses").order_by("-sequence")
    # A retired team is read, never changed.
    may_buy = is_coach_or_staff(request.user, team.coach_id) and team.retired_at is None
    league = leagues.answer.league_of(team, request.user)
    entries = ledger_for(team, entries, league)
    # What waits on the team after a match (a journeyman to hire), for whoever acts for it.
    waiting = pending.answer.pending_for(team, entries) if may_buy else []
    sheet = roster(team)
    context = {"roster": sheet, "may_buy": may_buy, "pending": waiting, **extra}
    context["may_adjust"], context["adjust_barred"] = (
        leagues.answer.adjusting(request.user, team) if team.retired_at is None else (False, "")
    )
    context["entries"] = _history(entries, undoable=context["may_adjust"])
    # A private league is named only to those who may see it.
    context["league"] = league if league and league.visible else None
    if may_buy and sheet.ruleset.play == "league":
        # What may be bought now, from the cached rules and the players read: no query.
        offers = offers_for(team, [row.player for row in sheet.rows])
        context["buy"] = BuyOffer.of(offers, extra.get("buy_kind", ""))
    return render(request, "teams/team_detail.html", context, status=status)


BUY_KINDS = {"player": "Player", "reroll": "Re-roll", "staff": "Staff",
             "fan_factor": "Fan factor"}  # fmt: skip


@dataclass(frozen=True)
class BuyOffer:
    """The buy form: the kinds the team may buy now, the one chosen (the kind posted, else
    the first), and what is offered of each kind (teams.between_matches.offers_for)."""

    kinds: list[tuple[str, str]]  # kind, label
    chosen: str
    offers: dict[str, list[Offer]]  # kind -> what is offered

    @classmethod
    def of(cls, offers: list[Offer], posted: str) -> BuyOffer:
        by_kind: dict[str, list[Offer]] = {}
        for offer in offers:
            by_kind.setdefault(offer.kind, []).append(offer)
        kinds = [(kind, label) for kind, label in BUY_KINDS.items() if kind in by_kind]
        chosen = posted if posted in by_kind else (kinds[0][0] if kinds else "")
        return cls(kinds, chosen, by_kind)


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


def _whole(text: str) -> int:
    number = whole_number(text)
    return -1 if number is None else number  # refused by the service, naming the field


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
    how = request.POST.get("how", "")
    try:
        if request.POST.get("confirm") != "yes":
            # Nothing yet: the page says what follows and asks again (confirm=yes).
            departure = departure_preview(team, request.user, member, how)
            context = {"team": team, "departure": departure}
            return render(request, "teams/player_leave.html", context)
        team = player_leave(team, request.user, member, how)
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
            request, team, status=400, problems=refused.problems, refused_heading="Not bought:",
            buy_kind=kind,
        )  # fmt: skip
    messages.success(request, f"{team.ledger.order_by('-sequence').first().summary}.")
    return redirect("teams:detail", team.pk)


@login_required
@require_POST
def team_rename_view(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    require_coach(team, request.user, "rename it")  # who may, before what was typed
    try:
        team = team_rename(team, request.user, request.POST.get("name", ""))
    except TeamRefused as refused:
        return _detail(
            request, team, status=400, problems=refused.problems, refused_heading="Not renamed:"
        )
    messages.success(request, f"{team.ledger.order_by('-sequence').first().summary}.")
    return redirect("teams:detail", team.pk)


@login_required
@require_POST
def player_rename_view(request: HttpRequest, pk: int, player: int) -> HttpResponse:
    """A player's new name and shirt number; a field left out (or a number left blank) keeps
    what he has."""
    team = _team(pk)
    require_coach(team, request.user, "rename its players")  # who may, before what was typed
    member = get_object_or_404(team.players.on_roster(), pk=player)
    typed = request.POST.get("number", "").strip()
    number = whole_number(typed, blank=None)
    try:
        if typed and number is None:
            raise TeamRefused([Problem("number", f"A shirt number is a whole number from 1 to "
                                                 f"99, not {typed[:20]!r}.")])  # fmt: skip
        team = player_rename(team, request.user, member, request.POST.get("name"), number)
    except TeamRefused as refused:
        return _detail(
            request, team, status=400, problems=refused.problems, refused_heading="Not renamed:",
            rename_open=True,
        )  # fmt: skip
    messages.success(request, f"{team.ledger.order_by('-sequence').first().summary}.")
    return redirect("teams:detail", team.pk)


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
        "progression": ruleset.play == "league",  # results only: no SPP, no improvement
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
