"""Who may do what in a league, decided in one place. Site staff may do anything; a
league's commissioners run it; a team's coach acts for his team."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from league.models import League, Membership


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
    teams that ever asked to join it, and site staff."""
    if league.public or is_commissioner(user, league):
        return True
    return bool(
        getattr(user, "is_authenticated", False)
        and league.memberships.filter(team__coach=user).exists()
    )


def current_league(team, statuses: tuple[str, ...] = ("approved",)) -> League | None:
    """The league the team plays in now (or, with "pending", is waiting to join), if any."""
    membership = (
        Membership.objects.select_related("league__ruleset_version__ruleset")
        .filter(team=team, status__in=statuses)
        .first()
    )
    return membership.league if membership else None


def may_adjust(user, team) -> bool:
    """Site staff, or a commissioner of the league the team plays in who is not its coach:
    nobody writes gold or SPP into his own team."""
    if team.coach_id == getattr(user, "pk", None):
        return False  # site staff included: a staff member's own team is adjusted by others
    if getattr(user, "is_staff", False):
        return True
    league = current_league(team)
    return league is not None and is_commissioner(user, league)
