"""Who may do what in a league, decided in one place. Site staff may do anything; a
league's commissioners run it; a team's coach acts for his team."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q

from league.models import Fixture, Invitation, League, Membership


def is_commissioner(user, league: League) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    return league.commissioner_rows.filter(user=user).exists()


def require_commissioner(user, league: League, what: str) -> None:
    if not is_commissioner(user, league):
        raise PermissionDenied(f"Only a commissioner of {league.name} may {what}.")


def may_view(user, league: League) -> bool:
    """Public leagues are open to all; a private one to its commissioners, the coaches of
    teams that ever asked to join it, coaches invited to it while the invitation stands
    (league.invitations), and site staff."""
    if league.public or is_commissioner(user, league):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    asked = Membership.objects.filter(team__coach=user).values("league")
    invited = Invitation.objects.standing().filter(coach=user).values("league")
    return League.objects.filter(Q(pk__in=asked) | Q(pk__in=invited), pk=league.pk).exists()


def current_league(team, statuses: tuple[str, ...] = ("approved",)) -> League | None:
    """The league the team plays in now (or, with "pending", is waiting to join), if any."""
    membership = (
        Membership.objects.select_related("league__ruleset_version__ruleset")
        .filter(team=team, status__in=statuses)
        .first()
    )
    return membership.league if membership else None


def may_adjust(user, team) -> bool:
    """Site staff, or a commissioner of the league the team plays in, who has no stake in
    it: nobody writes gold or SPP into his own team, or into a team he plays this season."""
    return _may_adjust(user, team)[0]


def adjust_barred(user, team) -> str:
    """Why a commissioner of the team's league (or a staff member), who would adjust the
    team, leaves it to another: his stake in it, in words for him. "" for anyone else."""
    return _may_adjust(user, team)[1]


def adjusting(user, team) -> tuple[bool, str]:
    """Both answers at once, as the team's page shows them: may `user` adjust the team, and
    if he would but for his stake in it, why not."""
    return _may_adjust(user, team)


def _may_adjust(user, team) -> tuple[bool, str]:
    if not getattr(user, "is_authenticated", False):
        return False, ""
    if user.is_staff:
        league = current_league(team)
    else:  # the league the team plays in, if he is one of its commissioners: one query
        row = (
            Membership.objects.select_related("league")
            .filter(team=team, status="approved", league__commissioner_rows__user=user)
            .first()
        )
        if row is None:
            return False, ""
        league = row.league
    stake = stake_in(user, team, league)
    if not stake:
        return True, ""
    others = f"another commissioner of {league.name} or site staff" if league else "other staff"
    return False, f"{stake}: {others} adjusts it and undoes its entries."


def stake_in(user, team, league: League | None) -> str:
    """The user's own stake in the team, in words ("" if none): he coaches it, or one of his
    teams plays it in a running season of `league`. A commissioner keeps his hands off both,
    as nobody judges his own cause (staff included: a staff member's own team is for
    others)."""
    uid = getattr(user, "pk", None)
    if uid is None:
        return ""
    if team.coach_id == uid:
        return f"You coach {team.name}"
    if league is None:
        return ""
    running = Fixture.objects.filter(season__league=league, season__finished_at__isnull=True)
    fixture = (
        running.filter(Q(home=team, away__coach=user) | Q(away=team, home__coach=user))
        .select_related("season")
        .first()
    )
    if fixture is None:
        return ""
    return f"You play {team.name} in {league.name}'s {fixture.season.name}"
