"""The leagues' answers to what teams asks (teams/seams.py): filled in at app ready."""

from __future__ import annotations

from django.urls import reverse

from league.models import League, Membership
from league.permissions import current_league, may_adjust, may_view
from league.selectors import league_get
from league.services import membership_request
from league.setting_checks import DICE_SOURCES
from teams.seams import BOTH_SOURCES, TeamLeague

DICE_RULES = {choice.key: choice.explanation for choice in DICE_SOURCES}


def team_league(league: League, user) -> TeamLeague:
    choice = league.dice_sources
    return TeamLeague(
        pk=league.pk,
        name=league.name,
        url=reverse("leagues:detail", args=[league.pk]),
        ruleset_version=league.ruleset_version,
        dice_sources=BOTH_SOURCES if choice == "both" else (choice,),
        dice_rule=DICE_RULES[choice],
        visible=may_view(user, league),
    )


class LeagueAnswers:
    def league_of(self, team, user, waiting: bool = False) -> TeamLeague | None:
        league = current_league(team, Membership.OPEN if waiting else ("approved",))
        return team_league(league, user) if league else None

    def may_adjust(self, user, team) -> bool:
        return may_adjust(user, team)

    def league_to_build_for(self, key: int, user) -> TeamLeague:
        return team_league(league_get(key, user), user)

    def team_enter(self, league: TeamLeague, actor, team) -> None:
        membership_request(League.objects.get(pk=league.pk), actor, team)
