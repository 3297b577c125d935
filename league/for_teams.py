"""The leagues' answers to what teams asks (teams/seams.py): filled in at app ready."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, Q
from django.urls import reverse

from league.models import Commissioner, League, Membership
from league.permissions import adjust_barred, adjusting, current_league, may_adjust, may_view
from league.selectors import league_get
from league.services import membership_request
from league.setting_checks import DICE_SOURCES
from league.standings import standings_rank_teams
from teams.seams import BOTH_SOURCES, TeamLeague

DICE_RULES = {choice.key: choice.explanation for choice in DICE_SOURCES}


def team_league(league: League, user, visible: bool | None = None) -> TeamLeague:
    """The league as teams sees it; `visible` when already known (may_view otherwise)."""
    choice = league.dice_sources
    return TeamLeague(
        pk=league.pk,
        name=league.name,
        url=reverse("leagues:detail", args=[league.pk]),
        ruleset_version=league.ruleset_version,
        dice_sources=BOTH_SOURCES if choice == "both" else (choice,),
        dice_rule=DICE_RULES[choice],
        visible=may_view(user, league) if visible is None else visible,
    )


def leagues_viewable(user, leagues: Iterable[League]) -> set[int]:
    """The ids of the leagues `user` may view: may_view for many leagues at once, in one
    query at most (none when every league is public, the reader is anonymous or staff)."""
    leagues = list(leagues)
    seen = {league.pk for league in leagues if league.public}
    private = [league.pk for league in leagues if not league.public]
    if not private or not getattr(user, "is_authenticated", False):
        return seen
    if user.is_staff:
        return seen | set(private)
    # may_view's two checks, for every private league in the one query.
    commissioner = Commissioner.objects.filter(league=OuterRef("pk"), user=user)
    asked = Membership.objects.filter(league=OuterRef("pk"), team__coach=user)
    viewable = League.objects.filter(pk__in=private).filter(
        Q(Exists(commissioner)) | Q(Exists(asked))
    )
    return seen | set(viewable.values_list("pk", flat=True))


class LeagueAnswers:
    def league_of(self, team, user, waiting: bool = False) -> TeamLeague | None:
        league = current_league(team, Membership.OPEN if waiting else ("approved",))
        return team_league(league, user) if league else None

    def leagues_of(self, teams, user) -> dict[int, TeamLeague]:
        """Two queries at most: the approved memberships of the teams with their leagues, and
        (for a signed-in reader and private leagues) which of those he may view."""
        team_ids = [team.pk for team in teams]
        if not team_ids:
            return {}
        memberships = list(
            Membership.objects.select_related("league__ruleset_version__ruleset").filter(
                team_id__in=team_ids, status="approved"
            )
        )
        viewable = leagues_viewable(user, {m.league_id: m.league for m in memberships}.values())
        said: dict[int, TeamLeague] = {}
        for membership in memberships:
            league = membership.league
            said[membership.team_id] = team_league(league, user, league.pk in viewable)
        return said

    def may_adjust(self, user, team) -> bool:
        return may_adjust(user, team)

    def adjust_barred(self, user, team) -> str:
        return adjust_barred(user, team)

    def adjusting(self, user, team) -> tuple[bool, str]:
        return adjusting(user, team)

    def league_to_build_for(self, key: int, user) -> TeamLeague:
        return team_league(league_get(key, user), user)

    def team_enter(self, league: TeamLeague, actor, team) -> None:
        membership_request(League.objects.get(pk=league.pk), actor, team)

    def team_renamed(self, team) -> None:
        standings_rank_teams(Q(pk=team.pk))
