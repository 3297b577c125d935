"""Writing to leagues: creating one, its commissioners, its settings and its members. Every
function checks permissions (league.permissions) and the rules (LeagueRefused names the
field and the rule) before it writes, and writes in one transaction."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.invitations import invitation_accept
from league.models import Commissioner, League, Membership
from league.notices import raised
from league.permissions import is_commissioner, require_commissioner
from league.setting_checks import LeagueRefused, Problem, offered, settings_problems
from rules.models import RulesetVersion
from rules.plumbing.people import require_coach_or_staff
from teams.models import Team

SETTING_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "bonus_three_touchdowns",
    "bonus_three_casualties",
    "bonus_clean_sheet",
    "tie_breakers",
    "dice_sources",
    "reports_apply",
    "forfeit_winner_touchdowns",
    "forfeit_loser_touchdowns",
)
DETAIL_FIELDS = ("name", "description", "public")


def league_settings(league: League) -> dict[str, object]:
    return {field: getattr(league, field) for field in SETTING_FIELDS}


@transaction.atomic
def league_create(
    actor,
    name: str,
    version: RulesetVersion,
    description: str = "",
    public: bool = True,
    **settings: object,
) -> League:
    """A new league with its creator as its first commissioner; the settings left out take
    their defaults, the tie-breakers its ruleset's own (league.setting_checks.offered)."""
    if not getattr(actor, "is_authenticated", False):
        raise PermissionDenied("Log in to start a league.")
    problems = _detail_problems({"name": name})
    unknown = set(settings) - set(SETTING_FIELDS)
    problems += [Problem(key, f"{key!r} is not a league setting.") for key in sorted(unknown)]
    league = League(
        name=name.strip(),
        description=description.strip(),
        public=public,
        ruleset_version=version,
        created_by=actor,
        tie_breakers=offered(version.system).default_tie_breakers,
    )
    for field, value in settings.items():
        if field in SETTING_FIELDS:
            setattr(league, field, value)
    problems += settings_problems(league_settings(league), version.system)
    if problems:
        raise LeagueRefused(problems)
    league.save()
    Commissioner.objects.create(league=league, user=actor, added_by=actor)
    return league


@transaction.atomic
def league_update(league: League, actor, changes: Mapping[str, object]) -> League:
    """Changes the league's details and settings; every value is checked before any is saved."""
    require_commissioner(actor, league, "change its settings")
    league = League.objects.select_for_update().get(pk=league.pk)
    unknown = set(changes) - set(SETTING_FIELDS) - set(DETAIL_FIELDS)
    problems = [Problem(key, f"{key!r} cannot be changed here.") for key in sorted(unknown)]
    problems += _detail_problems(changes)
    changed = {key: value for key, value in changes.items() if key in SETTING_FIELDS}
    merged = {**league_settings(league), **changed}
    problems += settings_problems(merged, league.ruleset_version.system)
    if problems:
        raise LeagueRefused(problems)
    for field, value in changes.items():
        setattr(league, field, value.strip() if field in ("name", "description") else value)
    league.save()
    return league


def _detail_problems(changes: Mapping[str, object]) -> list[Problem]:
    if "name" in changes and not str(changes["name"] or "").strip():
        return [Problem("name", "Give the league a name.")]
    if "name" in changes and len(str(changes["name"]).strip()) > 80:
        return [Problem("name", "A league's name has at most 80 characters.")]
    return []


def commissioner_add_by_name(league: League, actor, username: str) -> Commissioner:
    """Adds the coach with this user name (the pages and the API name coaches so)."""
    username = username.strip()
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise LeagueRefused([Problem("username", f"There is no coach called {username!r}.")])
    return commissioner_add(league, actor, user)


@transaction.atomic
def commissioner_add(league: League, actor, user) -> Commissioner:
    require_commissioner(actor, league, "add commissioners")
    if league.commissioner_rows.filter(user=user).exists():
        raise LeagueRefused([Problem("user", f"{user.username} is already a commissioner.")])
    return Commissioner.objects.create(league=league, user=user, added_by=actor)


@transaction.atomic
def membership_request(league: League, actor, team: Team) -> Membership:
    """The team's coach asks to enter it; a commissioner then approves or refuses. The
    coach's invitation to the league, if he has one, is accepted."""
    refusal = f"Only {team.name}'s coach may enter it into a league."
    require_coach_or_staff(actor, team.coach_id, refusal)
    team = Team.objects.select_for_update().get(pk=team.pk)
    problems = []
    if team.ruleset_version_id != league.ruleset_version_id:
        message = (
            f"{league.name} plays {league.ruleset_version}; "
            f"{team.name} was built under {team.ruleset_version}."
        )
        problems.append(Problem("team", message))
    elsewhere = (
        Membership.objects.select_related("league")
        .filter(team=team, status__in=Membership.OPEN)
        .first()
    )
    if elsewhere is not None:
        where = "plays in" if elsewhere.status == "approved" else "is waiting to join"
        problems.append(
            Problem(
                "team",
                f"A team plays in one league at a time: {team.name} "
                f"{where} {elsewhere.league.name}.",
            )
        )
    if team.retired_at is not None or team.memberships.filter(status="retired").exists():
        problems.append(Problem("team", f"{team.name} is retired and cannot enter a league."))
    if problems:
        raise LeagueRefused(problems)
    try:
        with transaction.atomic():
            membership = Membership.objects.create(league=league, team=team, requested_by=actor)
    except IntegrityError:  # another request for the same team won the race
        message = f"{team.name} has just asked to join a league."
        raise LeagueRefused([Problem("team", message)]) from None
    invitation_accept(league, team.coach_id)
    raised.membership_asked(membership, actor)
    return membership


@transaction.atomic
def membership_decide(membership: Membership, actor, approve: bool, reason: str = "") -> Membership:
    membership = (
        Membership.objects.select_for_update().select_related("league").get(pk=membership.pk)
    )
    require_commissioner(actor, membership.league, "approve or refuse teams")
    if membership.status != "pending":
        raise LeagueRefused(
            [Problem("status", f"This request is already {membership.get_status_display()}.")]
        )
    if not approve and not reason.strip():
        raise LeagueRefused([Problem("reason", "Give the coach a reason for the refusal.")])
    membership.status = "approved" if approve else "refused"
    membership.reason = reason.strip()
    membership.decided_by = actor
    membership.decided_at = timezone.now()
    membership.save()
    raised.membership_decided(membership, actor)
    return membership


@transaction.atomic
def membership_end(membership: Membership, actor, how: str, reason: str = "") -> Membership:
    """The team leaves (its coach or a commissioner) or is retired for good. The team, its
    players and its ledger are untouched, and its fixtures stay in the seasons' history."""
    membership = (
        Membership.objects.select_for_update()
        .select_related("league", "team")
        .get(pk=membership.pk)
    )
    coach = membership.team.coach_id == getattr(actor, "pk", None)
    if not (coach or is_commissioner(actor, membership.league)):
        raise PermissionDenied("Only the team's coach or a commissioner may take it out.")
    if how not in ("left", "retired"):
        raise LeagueRefused([Problem("how", f"A team leaves or is retired, not {how!r}.")])
    if membership.status not in Membership.OPEN:
        raise LeagueRefused(
            [Problem("status", f"{membership.team.name} is not in {membership.league.name}.")]
        )
    membership.status = how
    membership.reason = reason.strip()
    membership.ended_at = timezone.now()
    membership.save()
    raised.membership_decided(membership, actor)
    return membership
