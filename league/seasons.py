"""Seasons inside a league: starting one (a round robin drawn from the member teams, or
open play), arranging open-play matches, rescheduling and forfeits. Starting a season
never touches a team: perpetual play carries every team over exactly as it is."""

from __future__ import annotations

import datetime
import random
import secrets
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from league.models import Fixture, League, Membership, Round, Season
from league.notices import raised
from league.permissions import is_commissioner, require_commissioner
from league.round_robin import round_robin
from league.setting_checks import LeagueRefused, Problem
from league.standings import scoring_copy, standings_rank, standings_write
from matches.models import OPEN, SCHEDULED, settled
from matches.seams import coached_side
from matches.services import MatchRefused, Policies, match_forfeit, match_schedule, matches_schedule
from rules.engine.standings import Line
from rules.plumbing.limits import field_problem
from teams.models import Team

DAYS_BETWEEN_ROUNDS = range(1, 61)


@transaction.atomic
def season_start(
    league: League,
    actor,
    format: str,
    name: str = "",
    first_deadline: datetime.date | None = None,
    days_between_rounds: int = 7,
    seed: str = "",
) -> Season:
    """Finishes the current season (if any) and starts the next with every member team. The
    draw is random unless a `seed` is given (the demo's, which must give its round 1)."""
    require_commissioner(actor, league, "start a season")
    league = League.objects.select_for_update().get(pk=league.pk)
    teams = _members(league, locked=True)
    problems = _season_problems(league, teams, format, name, first_deadline, days_between_rounds)
    if problems:
        raise LeagueRefused(problems)
    now = timezone.now()
    league.seasons.filter(finished_at__isnull=True).update(finished_at=now)
    number = (league.seasons.aggregate(last=Max("number"))["last"] or 0) + 1
    season = Season(
        league=league,
        number=number,
        name=name.strip() or f"Season {number}",
        format=format,
        seed=seed or secrets.token_hex(8),
        started_by=actor,
    )
    scoring_copy(league, season)  # later changes to the league's count from the next season
    season.save()
    season.teams.set(teams)
    standings_write(season, {team.pk: Line(team.pk) for team in teams})  # all level at 0
    standings_rank(season)
    if format != "open":
        _schedule(season, teams, first_deadline, days_between_rounds)
    raised.season_started(season, actor)
    return season


@dataclass(frozen=True)
class SeasonPlan:
    """What starting a season will do, for the page that asks before it is done."""

    number: int
    name: str
    format: str
    format_name: str
    teams: int
    rounds: int  # 0 for open play
    first_deadline: datetime.date | None
    last_deadline: datetime.date | None
    finishing: Season | None  # the season it finishes
    unplayed: int  # that season's fixtures whose result does not stand yet


def season_plan(
    league: League,
    actor,
    format: str,
    name: str = "",
    first_deadline: datetime.date | None = None,
    days_between_rounds: int = 7,
) -> SeasonPlan:
    """What `season_start` would do with these answers, refused as it would refuse; nothing
    is written."""
    require_commissioner(actor, league, "start a season")
    teams = _members(league)
    problems = _season_problems(league, teams, format, name, first_deadline, days_between_rounds)
    if problems:
        raise LeagueRefused(problems)
    number = (league.seasons.aggregate(last=Max("number"))["last"] or 0) + 1
    finishing = league.seasons.filter(finished_at__isnull=True).first()
    unplayed = 0
    if finishing is not None:
        unplayed = finishing.fixtures.filter(away__isnull=False).exclude(settled("match__")).count()
    rounds = _rounds(format, len(teams))
    last = None
    if first_deadline is not None and rounds:
        last = first_deadline + datetime.timedelta(days=days_between_rounds * (rounds - 1))
    return SeasonPlan(
        number=number,
        name=name.strip() or f"Season {number}",
        format=format,
        format_name=dict(Season.FORMATS)[format],
        teams=len(teams),
        rounds=rounds,
        first_deadline=first_deadline if rounds else None,
        last_deadline=last,
        finishing=finishing,
        unplayed=unplayed,
    )


def _members(league: League, locked: bool = False) -> list[Team]:
    """The member teams; `locked` (starting a season) in pk order, as every writer of a table
    locks teams: the new season's table names them, so a rename waits for the season to
    start and then writes its table too (the season's rows only check their teams when it
    commits, too late to hold the rename back)."""
    members = Team.objects.filter(memberships__league=league, memberships__status="approved")
    members = members.select_for_update(of=("self",)) if locked else members
    return list(members.order_by("pk"))


def _rounds(format: str, teams: int) -> int:
    """How many rounds a season's round robin has (0 for open play)."""
    if format == "open":
        return 0
    legs = 2 if format == "double_round_robin" else 1
    return (teams - 1 if teams % 2 == 0 else teams) * legs


def _season_problems(
    league: League,
    teams: list[Team],
    format: str,
    name: str,
    first_deadline: datetime.date | None,
    days_between_rounds: int,
) -> list[Problem]:
    problems = []
    if format not in dict(Season.FORMATS):
        problems.append(
            Problem("format", f"{format!r} is not one of {', '.join(dict(Season.FORMATS))}.")
        )
    elif format != "open" and len(teams) < 2:
        problems.append(
            Problem(
                "format", f"A round robin needs two member teams; {league.name} has {len(teams)}."
            )
        )
    if days_between_rounds not in DAYS_BETWEEN_ROUNDS:
        problems.append(Problem("days_between_rounds", "Rounds are 1 to 60 days apart."))
    elif first_deadline is not None and format != "open":
        rounds = _rounds(format, len(teams))
        try:
            first_deadline + datetime.timedelta(days=days_between_rounds * (rounds - 1))
        except OverflowError:
            problems.append(Problem("first_deadline", "The last round's deadline would fall "
                                                      "after the year 9999."))  # fmt: skip
    if len(name.strip()) > 80:
        problems.append(Problem("name", "A season's name has at most 80 characters."))
    return problems


def _schedule(season: Season, teams: list[Team], first: datetime.date | None, gap: int) -> None:
    """The rounds and fixtures of the season's round robin, in a drawn (and replayable) order."""
    drawn = list(teams)
    random.Random(season.seed).shuffle(drawn)
    rounds = round_robin(drawn, double=season.format == "double_round_robin")
    rows = Round.objects.bulk_create(
        Round(
            season=season,
            number=index + 1,
            deadline=first + datetime.timedelta(days=gap * index) if first else None,
        )
        for index in range(len(rounds))
    )
    pairings = [
        (row, pairing) for row, round_pairings in zip(rows, rounds, strict=True)
        for pairing in round_pairings
    ]  # fmt: skip
    played = [(pairing.home, pairing.away) for _row, pairing in pairings if pairing.away]
    matches = iter(matches_schedule(played, policies(season.league)))
    Fixture.objects.bulk_create(
        Fixture(
            season=season,
            round=row,
            home=pairing.home,
            away=pairing.away,
            match=next(matches) if pairing.away else None,
        )
        for row, pairing in pairings
    )


def policies(league: League) -> Policies:
    """What a league's matches are made under, copied into each when it is scheduled."""
    return Policies(dice_sources=league.dice_sources, reports_apply=league.reports_apply)


def _current(season: Season) -> None:
    if season.finished_at is not None:
        raise LeagueRefused([Problem("season", f"{season.name} is over.")])


@transaction.atomic
def fixture_arrange(
    season: Season, actor, home: Team, away: Team, deadline: datetime.date | None = None
) -> Fixture:
    """Open play: any two member teams may arrange a match (their coaches or a commissioner)."""
    league = season.league
    involved = getattr(actor, "pk", None) in (home.coach_id, away.coach_id)
    if not (involved or is_commissioner(actor, league)):
        raise PermissionDenied(
            "Only a coach of one of the teams or a commissioner may arrange a match."
        )
    _current(season)
    problems = []
    if season.format != "open":
        problems.append(
            Problem(
                "season", f"{season.name} is a round robin: its fixtures are drawn, not arranged."
            )
        )
    if home.pk == away.pk:
        problems.append(Problem("away", "A team cannot play itself."))
    members = set(
        Membership.objects.filter(
            league=league, status="approved", team__in=(home, away)
        ).values_list("team_id", flat=True)
    )
    for field, team in (("home", home), ("away", away)):
        if team.pk not in members:
            problems.append(Problem(field, f"{team.name} is not a member of {league.name}."))
    if problems:
        raise LeagueRefused(problems)
    try:
        match = match_schedule(home, away, policies(league), actor)
    except MatchRefused as refused:
        raise LeagueRefused(refused.problems) from None
    return Fixture.objects.create(
        season=season, home=home, away=away, deadline=deadline, arranged_by=actor, match=match
    )


def _open_fixture(fixture: Fixture, actor, what: str) -> Fixture:
    related = ("season__league", "round", "home__coach", "away__coach", "match__report")
    fixture = (
        Fixture.objects.select_for_update(of=("self",)).select_related(*related).get(pk=fixture.pk)
    )
    league = fixture.season.league
    require_commissioner(actor, league, what)
    _current(fixture.season)
    if fixture.is_bye:
        raise LeagueRefused([Problem("fixture", "A bye is not a match.")])
    side = coached_side(actor, fixture)
    if side is not None:  # nobody moves or forfeits his own game
        raise PermissionDenied(f"You coach {side.name} in this fixture: another commissioner of "
                               f"{league.name} or site staff reschedules it or records its "
                               "forfeit.")  # fmt: skip
    if fixture.match.status not in OPEN:
        raise LeagueRefused([Problem("fixture", fixture.match.already())])
    return fixture


@transaction.atomic
def fixture_reschedule(fixture: Fixture, actor, deadline: datetime.date | None, reason: str):
    fixture = _open_fixture(fixture, actor, "reschedule fixtures")
    problems = []
    if deadline is None:
        problems.append(Problem("deadline", "Give the new date the match must be played by."))
    if not reason.strip():
        problems.append(Problem("reason", "Write why the fixture moves."))
    too_long = field_problem(Fixture, "rescheduled_reason", reason.strip(), "reason", "The reason")
    problems += [too_long] if too_long else []
    if problems:
        raise LeagueRefused(problems)
    fixture.deadline = deadline
    fixture.rescheduled_reason = reason.strip()
    fixture.save(update_fields=["deadline", "rescheduled_reason"])
    raised.fixture_rescheduled(fixture, actor, deadline)
    return fixture


@transaction.atomic
def fixture_forfeit(fixture: Fixture, actor, forfeited_by: Team | None) -> Fixture:
    """Records a forfeit with the league's forfeit score, the other team winning."""
    plan = forfeit_plan(fixture, actor, forfeited_by)
    fixture = plan.fixture
    fixture.match = match_forfeit(fixture.match, actor, forfeited_by, plan.score)
    return fixture


@dataclass(frozen=True)
class ForfeitPlan:
    """What recording a forfeit will do, for the page that asks before it is done."""

    fixture: Fixture
    loser: Team
    winner: Team
    score: tuple[int, int]  # the winner's touchdowns, the loser's
    report_written: bool  # a report drafted or disputed, which the forfeit replaces


@transaction.atomic
def forfeit_plan(fixture: Fixture, actor, forfeited_by: Team | None) -> ForfeitPlan:
    """The forfeit `fixture_forfeit` would record, refused as it would refuse; nothing is
    written (inside `fixture_forfeit`, the fixture stays locked for it)."""
    fixture = _open_fixture(fixture, actor, "record forfeits")
    if forfeited_by is None:
        raise LeagueRefused([Problem("forfeited_by", "Choose the team that forfeits.")])
    if forfeited_by.pk not in (fixture.home_id, fixture.away_id):
        raise LeagueRefused([Problem("forfeited_by", f"{forfeited_by.name} is not in {fixture}.")])
    league = fixture.season.league
    winner = fixture.away if forfeited_by.pk == fixture.home_id else fixture.home
    return ForfeitPlan(
        fixture=fixture,
        loser=forfeited_by,
        winner=winner,
        score=(league.forfeit_winner_touchdowns, league.forfeit_loser_touchdowns),
        report_written=fixture.match.status != SCHEDULED,
    )


def overdue_fixtures(league: League, today: datetime.date):
    """Unplayed matches of the current season whose date has passed."""
    late = Q(deadline__lt=today) | Q(deadline__isnull=True, round__deadline__lt=today)
    return (
        Fixture.objects.filter(
            season__league=league,
            season__finished_at__isnull=True,
            away__isnull=False,
        )
        .exclude(settled("match__"))
        .filter(late)
        .select_related("round", "home", "away", "season", "match")
    )
