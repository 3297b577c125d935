"""Coaches for pages and the API: the list of coaches, and a coach's page (his teams, the
leagues he plays in or commissions, his record, form and latest matches), each read in a fixed
number of queries however many teams and matches he has.

A private league the reader may not see is left out everywhere, as if never played: its
matches count nowhere in the record, the form or the latest matches, and a team's place in it
is not named. Which leagues the reader may see is league.selectors.visible_leagues' answer
(league.permissions.may_view's rules, for many leagues in one query)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce, Lower, TruncDate
from django.http import Http404

from league.models import Commissioner, League, Membership
from league.selectors import visible_leagues
from matches.models import FORFEIT, Match, decided
from rules.engine.standings import FORM_LENGTH
from teams.models import Team

RECENT_MATCHES = 10
# A membership the commissioners once approved: the team plays in the league, or played in it
# before it left or was retired (a request withdrawn while pending, or refused, never played).
PLAYED_IN = Q(status__in=("approved", "left", "retired"), decided_at__isnull=False)


def coaches_listed(search: str = "") -> QuerySet:
    """Every coach, by username, with his number of active teams; with `search`, those whose
    username or display name holds it (in any case). Never his password or address."""
    coaches = (
        get_user_model()
        .objects.only("pk", "username", "display_name")
        .annotate(active_teams=Count("teams", filter=Q(teams__retired_at__isnull=True)))
        .order_by(Lower("username"), "pk")
    )
    search = search.strip()
    if search:
        coaches = coaches.filter(Q(username__icontains=search) | Q(display_name__icontains=search))
    return coaches


class MatchRow(NamedTuple):
    """One decided match of the coach's, as read: home and away as the match has them."""

    pk: int
    date: datetime.date
    home: int
    away: int
    home_coach: int
    status: str
    forfeited_by: int | None
    home_touchdowns: int | None
    away_touchdowns: int | None
    home_points: int | None
    away_points: int | None


@dataclass(frozen=True)
class Played:
    """A decided match from the coach's side."""

    match: int
    date: datetime.date
    team: int  # his
    opponent: int
    scored: int
    conceded: int
    result: str  # W, D or L

    @property
    def score(self) -> str:
        return f"{self.scored}-{self.conceded}"


def played_from(row: MatchRow, coach: int) -> Played:
    """The match as `coach` saw it. Blitz Bowl scores in points (touchdowns are only part of
    them: league.models.Fixture._points), every other ruleset in touchdowns. A forfeit is a
    loss for the side that forfeited and a win for the other, whatever the league's forfeit
    score (a league may set it to 0-0); a Blitz Bowl forfeit records touchdowns only."""
    if row.home_points is not None and row.away_points is not None:
        home, away = row.home_points, row.away_points
    else:
        home, away = row.home_touchdowns or 0, row.away_touchdowns or 0
    at_home = row.home_coach == coach
    team, opponent = (row.home, row.away) if at_home else (row.away, row.home)
    scored, conceded = (home, away) if at_home else (away, home)
    if row.status == FORFEIT and row.forfeited_by is not None:
        result = "L" if row.forfeited_by == team else "W"
    else:
        result = "W" if scored > conceded else "D" if scored == conceded else "L"
    return Played(row.pk, row.date, team, opponent, scored, conceded, result)


@dataclass(frozen=True)
class Record:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    @classmethod
    def of(cls, results: list[Played]) -> Record:
        letters = [played.result for played in results]
        return cls(len(letters), letters.count("W"), letters.count("D"), letters.count("L"))

    @property
    def win_percent(self) -> int | None:
        """Games won out of games played, as a whole percent rounded half up (a draw is not
        half a win); None before his first decided match."""
        if not self.played:
            return None
        return (200 * self.won + self.played) // (2 * self.played)


def form_of(newest_first: list[Played]) -> str:
    """His last five results, oldest first, as a league table's form reads ("WDLWW")."""
    return "".join(played.result for played in reversed(newest_first[:FORM_LENGTH]))


@dataclass(frozen=True)
class CoachTeam:
    team: Team
    league: League | None  # the league it plays in now, if the reader may see it

    @property
    def retired(self) -> bool:
        return self.team.retired_at is not None


@dataclass(frozen=True)
class CoachLeague:
    league: League
    commissioner: bool  # he commissions it (his teams may play in it too)


@dataclass(frozen=True)
class CoachMatch:
    match: Match
    played: Played

    @property
    def team(self) -> Team:
        return self.match.home if self.match.home_id == self.played.team else self.match.away

    @property
    def opponent(self) -> Team:
        return self.match.away if self.match.home_id == self.played.team else self.match.home


@dataclass(frozen=True)
class CoachPage:
    coach: AbstractUser
    teams: list[CoachTeam]
    leagues: list[CoachLeague]
    record: Record
    form: str
    recent: list[CoachMatch]


def coach_page(username: str, reader) -> CoachPage:
    """The coach's page as `reader` may see it, in five queries: the coach, his teams, the
    leagues, his decided matches' results, and the latest of them in full. 404 for a
    username nobody has."""
    coach = get_user_model().objects.filter(username=username).first()
    if coach is None:
        raise Http404(f"There is no coach {username}.")
    teams = _teams(coach)
    leagues = _leagues(coach, reader)
    seen = {row.league.pk: row.league for row in leagues}
    results = [played_from(row, coach.pk) for row in _match_rows(coach, list(seen))]
    return CoachPage(
        coach=coach,
        teams=[CoachTeam(team, seen.get(team.league_now)) for team in teams],
        leagues=leagues,
        record=Record.of(results),
        form=form_of(results),
        recent=_recent(results[:RECENT_MATCHES]),
    )


def _teams(coach) -> list[Team]:
    """His teams, active first (by name), then the retired, latest retired first; each with
    `league_now`, the id of the league it plays in now (None if none)."""
    now = Membership.objects.filter(team=OuterRef("pk"), status="approved").values("league_id")
    return list(
        coach.teams.select_related("race", "ruleset_version__ruleset")
        .annotate(league_now=Subquery(now[:1]))
        .order_by(F("retired_at").desc(nulls_first=True), "name", "pk")
    )


def _leagues(coach, reader) -> list[CoachLeague]:
    """The leagues his teams play or played in and those he commissions, those of them the
    reader may see, by name."""
    played_in = Membership.objects.filter(PLAYED_IN, team__coach=coach).values("league_id")
    commissioned = Commissioner.objects.filter(user=coach)
    leagues = (
        visible_leagues(reader)
        .filter(Q(pk__in=played_in) | Q(pk__in=commissioned.values("league_id")))
        .annotate(commissions=Exists(commissioned.filter(league=OuterRef("pk"))))
    )
    return [CoachLeague(league, league.commissions) for league in leagues]


def _match_rows(coach, leagues: list[int]) -> list[MatchRow]:
    """His decided matches, newest first (by the day played, or for a forfeit the day it was
    recorded, then by match): friendlies, and league matches of `leagues` only. A match he
    coaches on both sides (a friendly between two of his teams) counts nowhere: he can neither
    win nor lose it."""
    his = Q(home__coach=coach) | Q(away__coach=coach)
    seen = Q(fixture__isnull=True) | Q(fixture__season__league_id__in=leagues)
    matches = (
        Match.objects.filter(his, seen)
        .filter(decided())
        .exclude(home__coach=coach, away__coach=coach)
        .annotate(date=Coalesce("report__played_on", TruncDate("changed_at")))
        .order_by("-date", "-pk")
    )
    fields = ("pk", "date", "home_id", "away_id", "home__coach_id", "status", "forfeited_by_id",
              "report__home_touchdowns", "report__away_touchdowns",
              "report__home_points", "report__away_points")  # fmt: skip
    return [MatchRow(*values) for values in matches.values_list(*fields)]


def _recent(results: list[Played]) -> list[CoachMatch]:
    """The latest matches in full, with both teams and their coaches, in one query."""
    related = ("home__coach", "away__coach")
    matches = Match.objects.select_related(*related).in_bulk([played.match for played in results])
    return [CoachMatch(matches[played.match], played) for played in results]
