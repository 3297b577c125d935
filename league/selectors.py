"""Reading leagues for pages and the API, in a fixed number of queries however many teams,
rounds or fixtures a league has."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Max, Min, Q, QuerySet
from django.http import Http404

from league.models import Fixture, Invitation, League, Membership, Round, Season
from league.permissions import may_view
from matches.models import settled
from rules.models import RulesetVersion


def visible_leagues(user) -> QuerySet[League]:
    """The leagues a visitor can browse, with their member counts, in one query: the public
    ones and the private ones league.permissions.may_view opens to him."""
    leagues = League.objects.select_related("ruleset_version__ruleset").annotate(
        members=Count("memberships", filter=Q(memberships__status="approved"), distinct=True)
    )
    if getattr(user, "is_staff", False):
        return leagues.order_by("name", "pk")
    allowed = Q(public=True)
    if getattr(user, "is_authenticated", False):
        invited = Invitation.objects.standing().filter(coach=user).values("league")
        allowed |= Q(commissioner_rows__user=user) | Q(memberships__team__coach=user)
        allowed |= Q(pk__in=invited)
    visible = League.objects.filter(allowed).values("pk")
    return leagues.filter(pk__in=visible).order_by("name", "pk")


def league_get(pk: int, user) -> League:
    """The league, or 404 for one that does not exist or that the visitor may not see."""
    league = (
        League.objects.select_related("ruleset_version__ruleset", "created_by")
        .filter(pk=pk)
        .first()
    )
    if league is None or not may_view(user, league):
        raise Http404("There is no such league.")
    return league


def commissioners(league: League) -> list:
    return [row.user for row in league.commissioner_rows.select_related("user")]


def memberships(league: League, statuses: tuple[str, ...]) -> QuerySet[Membership]:
    return league.memberships.filter(status__in=statuses).select_related(
        "team__coach", "team__race", "requested_by", "decided_by"
    )


def coach_memberships(league: League, user) -> list[Membership]:
    """The latest request of each of the coach's teams in this league, whatever became of it
    (so a coach reads why a team was refused)."""
    latest: dict[int, Membership] = {}
    rows = memberships(league, tuple(dict(Membership.STATUSES))).filter(team__coach=user)
    for row in rows.order_by("requested_at", "pk"):
        latest[row.team_id] = row
    return list(latest.values())


def current_season(league: League) -> Season | None:
    return league.seasons.filter(finished_at__isnull=True).first()


def season_get(league: League, number: int) -> Season:
    season = league.seasons.filter(number=number).first()
    if season is None:
        raise Http404(f"{league.name} has no season {number}.")
    return season


@dataclass
class RoundRow:
    round: Round | None  # None: the open-play matches
    fixtures: list[Fixture] = field(default_factory=list)


def current_round(season: Season) -> int | None:
    """The first round with a match still to play (byes excepted), else the last round; None
    in open play."""
    to_play = (
        season.fixtures.filter(round__isnull=False, away__isnull=False)
        .exclude(settled("match__"))
        .aggregate(first=Min("round__number"))["first"]
    )
    if to_play is not None:
        return to_play
    return season.rounds.aggregate(last=Max("number"))["last"]


def round_numbers(season: Season) -> list[int]:
    return list(season.rounds.order_by("number").values_list("number", flat=True))


def round_window(season: Season, asked: str | None) -> tuple[int, ...] | None:
    """The rounds a league page shows: the one asked for (?round=N), else the current round
    and the next. A 64-team double round robin has 126 rounds: the rest are a click away.
    None: every fixture (open play has no rounds)."""
    if asked and asked.isdigit() and season.rounds.filter(number=int(asked)).exists():
        return (int(asked),)
    current = current_round(season)
    return None if current is None else (current, current + 1)


def season_rounds(
    season: Season, numbers: tuple[int, ...] | None = None, to_play: bool = False
) -> list[RoundRow]:
    """The season's fixtures grouped by round (open-play matches last), in two queries; with
    `numbers`, only those rounds'; with `to_play`, only those whose result does not stand."""
    fixtures = season.fixtures.select_related(
        "home__coach", "away__coach", "match__report", "match__forfeited_by", "match__post_game"
    ).order_by("round__number", "pk")
    if to_play:
        fixtures = fixtures.exclude(settled("match__"))
    rounds = season.rounds.order_by("number")
    if numbers is not None:
        fixtures = fixtures.filter(round__number__in=numbers)
        rounds = rounds.filter(number__in=numbers)
    rows = {row.pk: RoundRow(row) for row in rounds}
    open_play = RoundRow(None)
    for fixture in fixtures:
        row = rows[fixture.round_id] if fixture.round_id else open_play
        fixture.round = row.round  # already read: no query per fixture
        row.fixtures.append(fixture)
    return list(rows.values()) + ([open_play] if open_play.fixtures else [])


def season_list(league: League) -> QuerySet[Season]:
    return league.seasons.annotate(
        team_count=Count("teams", distinct=True), round_count=Count("rounds", distinct=True)
    ).order_by("-number")


def eligible_teams(league: League, user):
    """The visitor's teams that could enter: same ruleset version, not in or waiting for a
    league, never retired."""
    if not getattr(user, "is_authenticated", False):
        return []
    busy = Membership.objects.filter(Q(status__in=Membership.OPEN) | Q(status="retired")).values(
        "team_id"
    )
    return list(
        user.teams.filter(ruleset_version=league.ruleset_version)
        .exclude(pk__in=busy)
        .order_by("name")
    )


def league_versions() -> list[RulesetVersion]:
    """The latest version of every ruleset, for a new league to play."""
    latest: dict[int, RulesetVersion] = {}
    for version in RulesetVersion.objects.select_related("ruleset").order_by("number"):
        latest[version.ruleset_id] = version
    return sorted(latest.values(), key=lambda v: (not v.ruleset.bundled, v.ruleset.name))
