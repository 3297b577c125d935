"""A coach retires a whole team: it keeps its players, its ledger and its results, leaves
its league, and can be read but never changed again. Its remaining fixtures in a running
season become forfeits against it with the league's forfeit score, so the table stays
whole; friendlies still to play are called off. Refused while a report of one of its
matches is still on its way to the team (drafted, submitted, disputed, or decided but not
applied): that report must reach the team first."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from league.models import Fixture, Membership
from league.setting_checks import LeagueRefused, Problem
from matches.models import SCHEDULED
from matches.services import forfeits_record, friendlies_call_off, unsettled_matches
from rules.plumbing.people import is_coach_or_staff
from teams.models import Team


@transaction.atomic
def team_retire(team: Team, actor) -> Team:
    if not is_coach_or_staff(actor, team.coach_id):
        raise PermissionDenied(f"Only the coach of {team.name} may retire it.")
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.retired_at is not None:
        raise LeagueRefused([Problem("team", f"{team.name} is already retired.")])
    unsettled = list(unsettled_matches(team).select_related("home", "away")[:3])
    if unsettled:
        named = "; ".join(f"{match} ({match.stage})" for match in unsettled)
        raise LeagueRefused([Problem("team", f"{team.name} has reports still to reach it: "
                                             f"{named}. Settle them first.")])  # fmt: skip
    reason = f"{team.name} retired."
    _fixtures_forfeit(team, actor, reason)
    friendlies_call_off(team, actor, reason)
    Membership.objects.filter(team=team, status__in=Membership.OPEN).update(
        status="retired", reason=reason, ended_at=timezone.now()
    )
    team.retired_at = timezone.now()
    team.save(update_fields=["retired_at"])
    return team


def fixtures_to_forfeit(team: Team):
    """Its fixtures still to play in a running season: retiring forfeits them."""
    return Fixture.objects.filter(
        Q(home=team) | Q(away=team), season__finished_at__isnull=True, match__status=SCHEDULED
    )


def _fixtures_forfeit(team: Team, actor, reason: str) -> None:
    """Its fixtures still to play, lost by the league's forfeit score."""
    fixtures = fixtures_to_forfeit(team).select_related(
        "match__home", "match__away", "season__league"
    )
    scores = {
        fixture.match: (
            fixture.season.league.forfeit_winner_touchdowns,
            fixture.season.league.forfeit_loser_touchdowns,
        )
        for fixture in fixtures
    }
    if scores:
        forfeits_record(scores, actor, team, reason)
