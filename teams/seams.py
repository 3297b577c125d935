"""What teams asks of the league a team plays in, without importing leagues.

Leagues sit above teams, so teams declares here what it needs to know and what it gets when
no league answers (outside a league: either dice source, only staff adjust, nothing to
enter). The leagues app fills `leagues` when Django is ready (league/apps.py). Likewise
matches fills `pending`: what waits on a team after a match (a journeyman to hire), and
`reports`: how an undo works every later match report of its team out again."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.http import Http404

from rules.engine.errors import Problem
from rules.engine.team_building import TeamRefused
from rules.models import RulesetVersion
from rules.plumbing.people import is_staff
from rules.plumbing.seams import Seam

BOTH_SOURCES = ("entered", "rolled")


@dataclass(frozen=True)
class TeamLeague:
    """The league a team plays in (or waits to join), as far as teams needs to know it."""

    pk: int
    name: str
    url: str
    ruleset_version: RulesetVersion
    dice_sources: tuple[str, ...]  # where the team's dice may come from
    dice_rule: str  # the league's dice setting, in words
    visible: bool  # a private league is named only to those who may see it

    def __str__(self) -> str:
        return self.name


class LeagueSay(Protocol):
    def league_of(self, team, user, waiting: bool = False) -> TeamLeague | None:
        """The league the team plays in; with `waiting`, also one it asked to join."""

    def leagues_of(self, teams, user) -> dict[int, TeamLeague]:
        """The leagues a page of teams plays in, by team id (a team in none is left out), in
        a fixed number of queries however many teams: what a list of teams shows."""

    def may_adjust(self, user, team) -> bool:
        """Whether `user` may record a written adjustment of the team's SPP or treasury."""

    def adjust_barred(self, user, team) -> str:
        """Why one who would adjust the team (a commissioner of its league, site staff)
        leaves it to another: his own stake in it, in words. "" for anyone else."""

    def adjusting(self, user, team) -> tuple[bool, str]:
        """may_adjust and adjust_barred at once, in the queries of one (the team's page)."""

    def league_to_build_for(self, key: int, user) -> TeamLeague:
        """A league `user` may see and build a team for; Http404 otherwise."""

    def team_enter(self, league: TeamLeague, actor, team) -> None:
        """Asks for the team to join the league; raises a Refused naming the rule."""

    def team_renamed(self, team) -> None:
        """The team has a new name: the tables that name it (and order level teams by name)
        are written again, in the caller's transaction."""


class NoLeagues:
    """The answers when no leagues app is installed."""

    def league_of(self, team, user, waiting: bool = False) -> TeamLeague | None:
        return None

    def leagues_of(self, teams, user) -> dict[int, TeamLeague]:
        return {}

    def may_adjust(self, user, team) -> bool:
        return is_staff(user) and team.coach_id != user.pk

    def adjust_barred(self, user, team) -> str:
        if is_staff(user) and team.coach_id == user.pk:
            return f"You coach {team.name}: other staff adjust it and undo its entries."
        return ""

    def adjusting(self, user, team) -> tuple[bool, str]:
        return self.may_adjust(user, team), self.adjust_barred(user, team)

    def league_to_build_for(self, key: int, user) -> TeamLeague:
        raise Http404("There are no leagues here.")

    def team_enter(self, league: TeamLeague, actor, team) -> None:
        raise TeamRefused([Problem("league", "There are no leagues here to enter.")])

    def team_renamed(self, team) -> None:
        pass  # no tables to write


leagues: Seam[LeagueSay] = Seam("teams.leagues", NoLeagues())


def dice_sources(league: TeamLeague | None) -> tuple[str, ...]:
    """Where dice may come from: the league's choice, or either outside a league."""
    return league.dice_sources if league else BOTH_SOURCES


@dataclass(frozen=True)
class Pending:
    """Something a layer above keeps waiting on a team (a journeyman its coach may hire
    after a match), as the team page's one line: the words and where to act on it."""

    words: str
    url: str


class PendingSay(Protocol):
    def pending_for(self, team, entries) -> list[Pending]:
        """What waits on the team, read from its ledger `entries` (read already, with their
        causes, latest first) and at most one more query."""


class NothingPending:
    def pending_for(self, team, entries) -> list[Pending]:
        return []


# Matches fills it (matches/apps.py): a team page never imports matches.
pending: Seam[PendingSay] = Seam("teams.pending", NothingPending())


@dataclass(frozen=True)
class LaterReports:
    """What a rebuild needs to work later match reports out again (teams.rebuild): every
    team it must reach (a report's opponent, and theirs) and ledger_rebuild's keywords for
    them (refits by cause kind, summaries, the teams an entry reads, what it observes);
    `write` keeps what the reports need besides their entries, once the rebuild is written."""

    teams: list = field(default_factory=list)
    options: Mapping[str, Any] = field(default_factory=dict)
    write: Callable[[], None] = lambda: None


class ReportsSay(Protocol):
    def reports_again(self, teams: Iterable[int], since: int, actor) -> LaterReports:
        """How to work out again every match report of `teams` first applied after the
        ledger cause `since`, for a rebuild of theirs."""


class NoReports:
    def reports_again(self, teams: Iterable[int], since: int, actor) -> LaterReports:
        return LaterReports()  # no reports: a rebuild of the teams themselves


# Matches fills it (matches/apps.py): an undo never imports matches.
reports: Seam[ReportsSay] = Seam("teams.reports", NoReports())
