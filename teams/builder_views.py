"""The team builder: a ruleset and a race, then the squad, re-rolls, fan factor, staff and
(GDBBL) stars for good; the race list follows the ruleset as it changes. The squad rows are
those the ruleset's settings allow (engine's squad_for): a Blitz Bowl team card filled in,
1st edition's standard game as its 11 Linemen."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from rules import models as rules_models
from rules import selectors
from rules.engine.errors import Refused
from rules.engine.gdbbl import star_price
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import Problem, Squad, TeamRefused, may_have, squad_for
from rules.plumbing.numbers import whole_number
from rules.snapshot import ruleset_snapshot
from teams.models import Team
from teams.seams import TeamLeague, leagues
from teams.services import NewPlayer, team_create


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


def _star_rows(ruleset: Ruleset, version, race, posted) -> list[tuple]:
    """Stars a team of this race may hire for good, with their price for it; only where the
    ruleset allows permanent stars (GDBBL's star_player_limit)."""
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


def _position_rows(chosen, squad: Squad, posted) -> list[tuple]:
    """(race position row, count shown, most) for each position the squad may field. Where
    the squad is fixed (a team card, the standard game's 11) it starts filled in; what the
    coach typed is kept when the team is refused."""
    fixed = squad.exact or bool(squad.size_rule)
    rows = []
    for row in chosen.positions:
        most = squad.most_of.get(row.position.name)
        if most is not None:
            start = str(most) if fixed else "0"
            rows.append((row, posted.get(f"count-{row.position.pk}", start), most))
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
    context["race_choices"] = [row.race for row in context["races"]]
    status = 200
    if race and context["chosen"] is None:
        # A ruleset-race pair that does not exist (a race of another ruleset, an old link)
        # is named on the picker: 400, as the builder's other refusals, with the page usable.
        context["missing_race"] = race[:40]
        status = 400
    posted = request.POST
    if context["chosen"] is not None:
        ruleset = ruleset_snapshot(version)
        squad = squad_for(ruleset, ruleset.races[context["chosen"].race.slug])
        context["squad"] = squad
        context["position_rows"] = _position_rows(context["chosen"], squad, posted)
        context["staff_rows"] = [
            (item, posted.get(f"staff-{item.key}", "0"), item.race_costs.get(race, item.cost))
            for item in context["staff"]
        ]
        context["star_rows"] = _star_rows(ruleset, version, context["chosen"].race, posted)
    if request.method != "POST" or context["chosen"] is None:
        return render(request, "teams/team_new.html", context, status=status)
    names = [line.strip() for line in request.POST.get("names", "").splitlines() if line.strip()]
    players = []
    bad_counts = []
    # Counts are kept as typed up to 99 (no team has more shirt numbers), so the rules check
    # refuses what was asked ("not 10 Linemen"); a typed 10,000,000 must not make ten
    # million players first.
    cap = 99
    for row, _shown, _most in context["position_rows"]:
        count = _whole(request.POST.get(f"count-{row.position.pk}", ""))
        if count < 0:
            bad_counts.append(
                Problem(
                    "positions", f"How many {row.position.name}: give a whole number of 0 or more."
                )
            )
        for _ in range(min(max(0, count), cap)):
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
    # A results-only team has no treasury to speak of (1st edition, Blitz Bowl).
    treasury = f": {team.treasury:,} gp in the treasury" if version.play == "league" else ""
    messages.success(request, f"{team.name} is ready{treasury}.")
    if league is not None:
        messages.info(request, f"{team.name} asked to join {league.name}.")
    return redirect("teams:detail", team.pk)


@require_safe
def team_new_races(request: HttpRequest) -> HttpResponse:
    """The builder's race list for one ruleset (?ruleset=<slug>, keeping ?race=<slug> chosen
    when that ruleset has it): htmx swaps it in when the builder's ruleset changes. Rules are
    public, as under /rules/, so no login."""
    version = selectors.version_get(request.GET.get("ruleset") or "lrb6")
    context = {"races": rules_models.Race.objects.filter(version=version)}
    context["chosen_slug"] = request.GET.get("race", "")
    return render(request, "teams/_race_select.html", context)


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
