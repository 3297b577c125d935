"""The bench's big league, for its tables: every bench team (1,000) and 100 weeks of open
play, a match a week for each team (50,000 results in all), over five finished seasons and
the current one.

Fifty thousand reports through the report services would take hours, so the results are
written whole with bulk_create: each match decided (confirmed where reports apply at once,
or a forfeit at the league's forfeit score), its report's touchdowns, its fixture in its
season, and casualties between named players (a few of them a victim's own failed dodge,
which count for nobody). Then every season's kept rows are worked out from those matches by
`standings_rebuild`, the computation `standings_check` proves them against, so the tables
the bench reads are the rows Dugout would have kept."""

from __future__ import annotations

import datetime
import random
import time
from collections import defaultdict
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from league.models import Fixture, League, Membership, Season
from league.services import league_create
from league.standings import scoring_copy, standings_rebuild
from matches.models import CONFIRMED, FORFEIT, Casualty, Match, Participant, Report
from teams.models import Player, Team

WEEKS = 100  # each team plays once a week (one sits out when the count is odd)
# Five finished seasons of 18 weeks and the current one, 10 weeks in.
SEASON_WEEKS = (18, 18, 18, 18, 18, 10)
FIRST_WEEK = datetime.date(2020, 1, 6)
# The league changed its scoring after season 2 (a win from 2 points to 3, a bonus point for
# three touchdowns), so the all-time table sums seasons scored differently, as it must.
SCORINGS = (
    {"points_win": 2, "points_draw": 1, "points_loss": 0, "bonus_three_touchdowns": 0},
    {"points_win": 3, "points_draw": 1, "points_loss": 0, "bonus_three_touchdowns": 1},
)
CHANGED_AFTER = 2
# LRB6 scorelines: mostly 0 to 2 touchdowns a side, so many teams end level on points and
# head-to-head has ties to settle.
TOUCHDOWNS = (0, 1, 2, 3, 4)
TOUCHDOWN_WEIGHTS = (30, 35, 23, 9, 3)
CASUALTIES = (0, 1, 2, 3)
CASUALTY_WEIGHTS = (45, 30, 15, 10)
FORFEIT_EVERY = 100  # about one match in a hundred is forfeited


def matches_of(teams: int) -> int:
    return WEEKS * (teams // 2)


def big_league_build(staff, version, teams: Sequence[Team], progress=print) -> League:
    """The league of every bench team with its seasons, results and kept rows."""
    if sum(SEASON_WEEKS) != WEEKS:
        raise ValueError("The seasons' weeks must add up to WEEKS.")
    started = time.perf_counter()
    with transaction.atomic():
        league = league_create(staff, f"Bench League of {len(teams):,}", version)
        _memberships(league, staff, teams)
        seasons = _seasons(league, staff, teams)
        _results(league, seasons, teams, progress)
        for season in seasons:
            standings_rebuild(season)
    took = time.perf_counter() - started
    progress(f"  {len(teams):,}-team league: {matches_of(len(teams)):,} results in {took:.0f} s")
    return league


def _memberships(league: League, staff, teams: Sequence[Team]) -> None:
    """A team plays in one league at a time, and 68 bench teams are members of the 4- and
    64-team leagues. Rather than make 68 more teams (which would change every other case's
    count of teams), those played every season here and left during the current one for the
    small leagues: their results stand, as a perpetual league keeps a leaver's. The rest are
    members."""
    elsewhere = set(
        Membership.objects.filter(team__in=teams, status__in=Membership.OPEN).values_list(
            "team_id", flat=True
        )
    )
    now = timezone.now()
    Membership.objects.bulk_create(
        Membership(
            league=league,
            team=team,
            status="left" if team.pk in elsewhere else "approved",
            requested_by_id=team.coach_id,
            decided_by=staff,
            decided_at=now,
            ended_at=now if team.pk in elsewhere else None,
        )
        for team in teams
    )


def _seasons(league: League, staff, teams: Sequence[Team]) -> list[Season]:
    seasons, now = [], timezone.now()
    for number in range(1, len(SEASON_WEEKS) + 1):
        for name, value in SCORINGS[number > CHANGED_AFTER].items():
            setattr(league, name, value)
        season = Season(league=league, number=number, name=f"Season {number}", format="open",
                        seed=f"bench-{number}", started_by=staff,
                        finished_at=now if number < len(SEASON_WEEKS) else None)  # fmt: skip
        scoring_copy(league, season)
        seasons.append(season)
    league.save()  # its scoring as the current season's
    Season.objects.bulk_create(seasons)
    seasons = list(league.seasons.order_by("number"))  # with their keys, on every database
    through = Season.teams.through
    through.objects.bulk_create(
        through(season_id=season.pk, team_id=team.pk) for season in seasons for team in teams
    )
    return seasons


def _results(league: League, seasons: list[Season], teams: Sequence[Team], progress) -> None:
    rng = random.Random("bench-big-league")
    pairs, week = [], 0
    for season, weeks in zip(seasons, SEASON_WEEKS, strict=True):
        for _ in range(weeks):
            drawn = list(teams)
            rng.shuffle(drawn)
            played_on = FIRST_WEEK + datetime.timedelta(weeks=week)
            pairs += [
                (season, played_on, drawn[n], drawn[n + 1]) for n in range(0, len(drawn) - 1, 2)
            ]
            week += 1
    matches = Match.objects.bulk_create(
        _match(league, home, away, n, rng) for n, (_, _, home, away) in enumerate(pairs, start=1)
    )
    progress(f"  {len(matches):,} matches")
    Report.objects.bulk_create(
        _report(match, played_on, league, rng)
        for match, (_, played_on, _, _) in zip(matches, pairs, strict=True)
    )
    Fixture.objects.bulk_create(
        Fixture(season=season, home=home, away=away, match=match, arranged_by=league.created_by)
        for match, (season, _, home, away) in zip(matches, pairs, strict=True)
    )
    _casualties([match for match in matches if match.status != FORFEIT], teams, rng)


def _match(league: League, home: Team, away: Team, n: int, rng: random.Random) -> Match:
    forfeit = n % FORFEIT_EVERY == 0
    return Match(
        kind="league",
        ruleset_version=league.ruleset_version,
        home=home,
        away=away,
        status=FORFEIT if forfeit else CONFIRMED,
        forfeited_by=(away if rng.random() < 0.5 else home) if forfeit else None,
        dice_sources=league.dice_sources,
        reports_apply="at_once",
        seed=f"{rng.getrandbits(64):016x}",
    )


def _report(match: Match, played_on: datetime.date, league: League, rng) -> Report:
    if match.status == FORFEIT:
        winner, loser = league.forfeit_winner_touchdowns, league.forfeit_loser_touchdowns
        home_forfeits = match.forfeited_by_id == match.home_id
        return Report(
            match=match,
            forfeit=True,
            home_touchdowns=loser if home_forfeits else winner,
            away_touchdowns=winner if home_forfeits else loser,
        )
    home, away = rng.choices(TOUCHDOWNS, TOUCHDOWN_WEIGHTS, k=2)
    coach = match.home.coach_id
    return Report(match=match, played_on=played_on, home_touchdowns=home, away_touchdowns=away,
                  drafted_by_id=coach, submitted_by_id=coach)  # fmt: skip


def _casualties(matches: list[Match], teams: Sequence[Team], rng: random.Random) -> None:
    """Each casualty between two players of the match (one in ten a failed dodge, caused by
    nobody); the players' participant rows first, then the casualties naming them."""
    players = defaultdict(list)
    rows = Player.objects.filter(team__in=teams).values_list("pk", "team_id", "number", "name")
    for pk, team, number, name in rows.order_by("team", "number"):
        players[team].append((pk, number, name))
    wanted = []  # (match, causer or None, victim): players as (team, pk, number, name)
    for match in matches:
        for _ in range(rng.choices(CASUALTIES, CASUALTY_WEIGHTS)[0]):
            hurts, hurt = (match.home_id, match.away_id)[:: rng.choice((1, -1))]
            causer = (hurts, *rng.choice(players[hurts]))
            victim = (hurt, *rng.choice(players[hurt]))
            wanted.append((match, None if rng.random() < 0.1 else causer, victim))
    taking_part = {}
    for match, causer, victim in wanted:
        for team, pk, number, name in filter(None, (causer, victim)):
            taking_part.setdefault(
                (match.pk, pk),
                Participant(match=match, team_id=team, player_id=pk, number=number, name=name),
            )
    Participant.objects.bulk_create(taking_part.values())
    orders = defaultdict(int)
    casualties = []
    for match, causer, victim in wanted:
        orders[match.pk] += 1
        casualties.append(
            Casualty(
                match=match,
                order=orders[match.pk],
                victim=taking_part[(match.pk, victim[1])],
                causer=taking_part[(match.pk, causer[1])] if causer else None,
                action="block" if causer else "none",
                means="ordinary" if causer else "failed_dodge",
            )
        )
    Casualty.objects.bulk_create(casualties)
