"""A coach's desk, the signed-in home page: his teams (value, league, next fixture,
improvement rolls waiting), his leagues, and everything that waits for him — reports to
confirm or settle, teams asking to join a league he runs, fixtures past their date,
invitations to a league. Read in a fixed number of queries, however many teams, players and
leagues he has."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Q

from league.invitations import invitations_for
from league.models import Fixture, Invitation, League, Membership
from league.notices.models import Notice
from league.notices.services import desk_notices
from matches.models import OPEN, settled
from matches.selectors import Waiting, waiting_for
from teams.models import Team
from teams.roster import team_glances


@dataclass
class DeskTeam:
    team: Team
    value: int | None = None  # None: a results-only system keeps no value
    league: League | None = None
    next_fixture: Fixture | None = None
    rolls_due: int = 0  # improvement rolls the players have earned and not rolled
    choices_waiting: int = 0  # rolls made and not yet spent


@dataclass
class Desk:
    teams: list[DeskTeam] = field(default_factory=list)
    retired: int = 0
    commissioned: list[League] = field(default_factory=list)
    waiting: list[Waiting] = field(default_factory=list)
    requests: list[Membership] = field(default_factory=list)
    overdue: list[Fixture] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    invitations: list[Invitation] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return not (self.teams or self.commissioned or self.retired)

    @property
    def leagues(self) -> list[League]:
        """The leagues he plays in or runs, each once."""
        seen = {row.league.pk: row.league for row in self.teams if row.league}
        seen.update((league.pk, league) for league in self.commissioned)
        return sorted(seen.values(), key=lambda league: league.name)


def desk_for(user, today: datetime.date) -> Desk:
    teams = list(
        user.teams.select_related("race", "ruleset_version__ruleset").order_by("name", "pk")
    )
    desk = Desk(retired=sum(1 for team in teams if team.retired_at is not None))
    desk.teams = [DeskTeam(team) for team in teams if team.retired_at is None]
    _values_and_rolls(desk.teams)
    _leagues_and_fixtures(desk.teams)
    desk.commissioned = list(
        League.objects.filter(commissioner_rows__user=user).order_by("name", "pk")
    )
    desk.waiting = waiting_for(user)
    desk.requests = list(
        Membership.objects.filter(league__in=desk.commissioned, status="pending")
        .select_related("league", "team__coach", "team__race")
        .order_by("requested_at", "pk")
    )
    desk.overdue = _overdue(desk, user, today)
    desk.notices = desk_notices(user)
    desk.invitations = invitations_for(user)
    return desk


def _values_and_rolls(rows: list[DeskTeam]) -> None:
    glances = team_glances([row.team for row in rows])
    for row in rows:
        glance = glances[row.team.pk]
        row.value, row.rolls_due, row.choices_waiting = (
            glance.value,
            glance.rolls_due,
            glance.choices_waiting,
        )


def _leagues_and_fixtures(rows: list[DeskTeam]) -> None:
    by_team = {row.team.pk: row for row in rows}
    for membership in Membership.objects.filter(
        team__in=list(by_team), status="approved"
    ).select_related("league"):
        by_team[membership.team_id].league = membership.league
    to_play = (
        Fixture.objects.filter(Q(home__in=list(by_team)) | Q(away__in=list(by_team)))
        .filter(season__finished_at__isnull=True, match__status__in=OPEN)
        .select_related("home", "away", "round", "season__league", "match")
        .order_by("round__number", "pk")
    )
    for fixture in to_play:
        for side in (fixture.home_id, fixture.away_id):
            row = by_team.get(side)
            if row is not None and row.next_fixture is None:
                row.next_fixture = fixture


def _overdue(desk: Desk, user, today: datetime.date) -> list[Fixture]:
    """Fixtures past their date in the leagues he runs, and his own teams' anywhere."""
    late = Q(deadline__lt=today) | Q(deadline__isnull=True, round__deadline__lt=today)
    his = Q(home__coach=user) | Q(away__coach=user)
    return list(
        Fixture.objects.filter(season__finished_at__isnull=True, away__isnull=False)
        .filter(Q(season__league__in=desk.commissioned) | his)
        .exclude(settled("match__"))
        .filter(late)
        .select_related("home", "away", "round", "season__league", "match")
        .order_by("round__deadline", "deadline", "pk")
        .distinct()[:50]
    )
