"""What the league's own steps tell whom: a team asking to join, the answer, a season
begun, a fixture moved, an invitation. Each is raised in the step's transaction; the match
steps tell theirs from matches.notices."""

from __future__ import annotations

import datetime

from django.urls import reverse

from league.models import Fixture, Invitation, League, Membership, Season
from rules.plumbing.notices import notice


def _league_link(league: League) -> str:
    return reverse("leagues:detail", args=[league.pk])


def membership_asked(membership: Membership, actor) -> None:
    league, team = membership.league, membership.team
    notice(
        "membership_asked",
        league.commissioner_rows.values_list("user", flat=True),
        f"{team.name} asks to join {league.name}",
        f"{team.coach} asks to enter {team.name} ({team.race.name}). Approve or refuse it on "
        "the dashboard.",
        reverse("leagues:dashboard", args=[league.pk]),
        key=f"membership:{membership.pk}:asked",
        actor=actor,
        league_id=league.pk,
    )


DECIDED = {
    "approved": "{team} is approved into {league}",
    "refused": "{team} is refused by {league}",
    "left": "{team} has left {league}",
    "retired": "{team} is retired from {league}",
}


def membership_decided(membership: Membership, actor) -> None:
    league, team = membership.league, membership.team
    title = DECIDED[membership.status].format(team=team.name, league=league.name)
    body = f"By {actor}." + (f"\n\nWhy: {membership.reason}" if membership.reason else "")
    notice(
        "membership_decided",
        [team.coach_id],
        title,
        body,
        _league_link(league),
        key=f"membership:{membership.pk}:{membership.status}",
        actor=actor,
        league_id=league.pk,
    )


def invited(invitation: Invitation) -> None:
    league = invitation.league
    until = f"{invitation.expires_at:%d %b %Y}"
    notice(
        "invited",
        [invitation.coach_id],
        f"{invitation.invited_by} invites you to {league.name}",
        f"Enter a team from the league's page, until {until}.",
        _league_link(league),
        key=f"invitation:{invitation.pk}",
        actor=invitation.invited_by_id,
        league_id=league.pk,
    )


def season_started(season: Season, actor) -> None:
    league = season.league
    coaches = {team.coach_id for team in season.teams.all()}
    coaches |= set(league.commissioner_rows.values_list("user", flat=True))
    notice(
        "season_started",
        coaches,
        f"{season.name} of {league.name} starts",
        f"{actor} started it ({season.get_format_display()}).",
        reverse("leagues:season", args=[league.pk, season.number]),
        key=f"season:{season.pk}",
        actor=actor,
        league_id=league.pk,
    )


def fixture_rescheduled(fixture: Fixture, actor, deadline: datetime.date) -> None:
    league = fixture.season.league
    notice(
        "fixture_changed",
        [fixture.home.coach_id, fixture.away.coach_id if fixture.away_id else None],
        f"{fixture} is to be played by {deadline:%d %b %Y}",
        f"{actor} moved it.\n\nWhy: {fixture.rescheduled_reason}",
        reverse("leagues:season", args=[league.pk, fixture.season.number]),
        key=f"fixture:{fixture.pk}:by:{deadline.isoformat()}",
        actor=actor,
        league_id=league.pk,
    )
