"""Reading matches: who coaches a match and who may see its report, what waits for a user, the
matches a user may see, one match whole."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.http import Http404

from matches.models import (
    CONFIRMED,
    DISPUTED,
    DRAFT,
    OFFERED,
    OPEN,
    SCHEDULED,
    SUBMITTED,
    Casualty,
    DiceRoll,
    Match,
    MatchStep,
    Participant,
    decided,
)
from matches.seams import settlers

IN_PLAY = (OFFERED, SCHEDULED, DRAFT, SUBMITTED, DISPUTED, CONFIRMED)
IN_PLAY_SHOWN = 50
RELATED = ("home__coach", "away__coach", "ruleset_version__ruleset", "report__submitted_by")


def is_coach(user, match: Match) -> bool:
    return getattr(user, "pk", None) in (match.home.coach_id, match.away.coach_id)


def may_see_report(user, match: Match) -> bool:
    """A draft is seen by the two coaches, those who settle the match and site staff."""
    if match.status in OPEN and match.status != "scheduled":
        return is_coach(user, match) or settlers.answer.may_settle(user, match)
    return settlers.answer.may_see(user, match)


@dataclass(frozen=True)
class Waiting:
    """A match and what `user` is to do about it."""

    match: Match
    what: str


def matches_seen(user) -> QuerySet[Match]:
    return Match.objects.filter(settlers.answer.seen(user)).select_related(*RELATED)


def match_whole(pk: int) -> Match:
    """One match with its report, participants, dice and steps, in a fixed number of queries."""
    return (
        Match.objects.select_related(*RELATED)
        .prefetch_related(
            Prefetch("participants", Participant.objects.select_related("player")),
            Prefetch("dice", DiceRoll.objects.select_related("made_by")),
            Prefetch("steps", MatchStep.objects.select_related("actor")),
        )
        .get(pk=pk)
    )


def matches_in_play(user) -> list[Match]:
    """The visitor's matches still to play or to decide, soonest changed first."""
    if not getattr(user, "is_authenticated", False):
        return []
    coaches = Q(home__coach=user) | Q(away__coach=user)
    rows = (
        Match.objects.filter(coaches, status__in=IN_PLAY)
        .exclude(decided())  # a result that stands is played, not in play
        .select_related(*RELATED)
    )
    return list(rows.order_by("-changed_at", "-pk")[:IN_PLAY_SHOWN])


def match_seen(pk, user) -> Match:
    """One match whole, if `user` may see it; Http404 otherwise (and for a key that is no
    number), so a hidden match looks like no match."""
    try:
        match = match_whole(int(pk))
    except (TypeError, ValueError, Match.DoesNotExist):
        raise Http404("No such match.") from None
    if not settlers.answer.may_see(user, match):
        raise Http404("No such match.")
    return match


def waiting_for(user) -> list[Waiting]:
    """What waits for `user`: friendlies to answer, reports to confirm, to correct, to
    approve or to settle; oldest first."""
    if not getattr(user, "is_authenticated", False):
        return []
    coaches = Q(home__coach=user) | Q(away__coach=user)
    settles = settlers.answer.settling(user)
    mine = (
        Q(status=OFFERED, away__coach=user)
        | (Q(status=SUBMITTED) & coaches & ~Q(report__submitted_by=user))
        | Q(status=DISPUTED, report__submitted_by=user)
        | (Q(status=DISPUTED) & settles)
        | (Q(status=CONFIRMED, reports_apply="commissioner") & settles)
        | (Q(status=SUBMITTED, home__coach=F("away__coach")) & settles)
    )
    rows = Match.objects.filter(mine).select_related(*RELATED).order_by("changed_at", "pk")
    return [Waiting(match, _what(match, user)) for match in rows.distinct()]


def _what(match: Match, user) -> str:
    submitter = match.report.submitted_by_id if hasattr(match, "report") else None
    if match.status == OFFERED:
        return f"{match.home.coach} offers a friendly: accept or decline it."
    if match.status == SUBMITTED:
        if match.home.coach_id == match.away.coach_id:
            return "One coach has both teams: confirm the report or dispute it for him."
        return "Confirm the report, or dispute it with a reason."
    if match.status == DISPUTED:
        if submitter == user.pk:
            return "Your report is disputed: correct it and submit it again."
        return "The report is disputed: settle it or send it back."
    return "The report is confirmed: approve it or send it back."


def casualties_caused(matches: Q, registry=None) -> dict[tuple[int, int], int]:
    """(match, team) -> the casualties the team's players caused to the other side, for the
    league table: crowd pushes by its players count, a victim's own failed dodge or go-for-it
    does not (nobody caused it), nor a bomb among the thrower's own team-mates. `matches`
    filters Casualty's match (e.g. Q(match__fixture__season=season)); `registry` is a
    migration's apps, which read the models as they stood then."""
    model = registry.get_model("matches", "Casualty") if registry else Casualty
    rows = (
        model.objects.filter(matches, causer__isnull=False)
        .exclude(means="failed_dodge")
        .exclude(causer__team=F("victim__team"))
        .values("match_id", "causer__team_id")
        .annotate(caused=Count("pk"))
    )
    return {(row["match_id"], row["causer__team_id"]): row["caused"] for row in rows}
