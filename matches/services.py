"""Making matches: a league schedules its fixtures' matches; a coach offers a friendly and
the other accepts or declines; a commissioner records a forfeit. Who plays comes from the
two rosters when the report is first drafted."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from matches.models import (
    APPROVED,
    CONFIRMED,
    DECLINED,
    DISPUTED,
    DRAFT,
    FORFEIT,
    OFFERED,
    OPEN,
    SCHEDULED,
    SUBMITTED,
    Match,
    MatchStep,
    Report,
)
from matches.notices import step_told
from matches.seams import settlers
from rules.engine.errors import Problem, Refused
from teams.models import Player, Team

# A report being written or argued over: on its way to the teams whatever else holds.
UNDECIDED = (DRAFT, SUBMITTED, DISPUTED)
# Who plays: every player on the roster but the dead, the departed and those who sit out.
TAKES_PART = ("active",)


# A report's content beyond the score, as a forfeit leaves it.
BLANK_CONTENT = {
    "notes": "", "conceded_by": None, "conceded_half": None, "conceded_turn": None,
    "conceded_forced": False, "home_points": None, "away_points": None, "points": {},
    "win_type": "", "regional_roll": None, "endgame_active": False, "veterans_rules": [],
}  # fmt: skip


class MatchRefused(Refused):
    """The request breaks a rule of the match or its workflow; `problems` names each field."""


@dataclass(frozen=True)
class Policies:
    """What a league decides for its matches, copied into each when it is scheduled."""

    dice_sources: str = "both"  # entered, rolled or both
    reports_apply: str = "at_once"  # at_once or commissioner


FRIENDLY = Policies()  # a friendly accepts both sources and applies on confirmation


def step(match: Match, actor, action: str, reason: str = "") -> MatchStep:
    """Records the step, and tells the coaches it concerns (matches.notices)."""
    row = MatchStep.objects.create(
        match=match, action=action, status=match.status, actor=actor, reason=reason
    )
    step_told(match, row)
    return row


def _same_ruleset(home: Team, away: Team) -> list[Problem]:
    problems = []
    if home.pk == away.pk:
        problems.append(Problem("away", "A team cannot play itself."))
    elif home.ruleset_version_id != away.ruleset_version_id:
        problems.append(
            Problem(
                "away",
                f"{away.name} plays {away.ruleset_version} and {home.name} plays "
                f"{home.ruleset_version}: a match is between teams of one ruleset version.",
            )
        )
    return problems


def match_schedule(home: Team, away: Team, policies: Policies, actor=None) -> Match:
    """A league fixture's match; the league has already checked who may schedule it."""
    problems = _same_ruleset(home, away)
    if problems:
        raise MatchRefused(problems)
    return Match.objects.create(**_new(home, away, policies), kind="league", offered_by=actor)


def matches_schedule(pairs: list[tuple[Team, Team]], policies: Policies) -> list[Match]:
    """The matches of a whole round robin in one write."""
    for home, away in pairs:
        problems = _same_ruleset(home, away)
        if problems:
            raise MatchRefused(problems)
    return Match.objects.bulk_create(
        Match(**_new(home, away, policies), kind="league") for home, away in pairs
    )


def _new(home: Team, away: Team, policies: Policies) -> dict:
    return {
        "home": home,
        "away": away,
        "ruleset_version_id": home.ruleset_version_id,
        "dice_sources": policies.dice_sources,
        "reports_apply": policies.reports_apply,
        "seed": secrets.token_hex(8),
    }


@transaction.atomic
def friendly_offer(actor, home: Team, away: Team) -> Match:
    """A coach offers a friendly between his team (at home) and another coach's team."""
    if not getattr(actor, "is_authenticated", False) or home.coach_id != actor.pk:
        raise PermissionDenied(f"Only the coach of {home.name} may offer its friendlies.")
    problems = _same_ruleset(home, away)
    problems += [Problem(side, f"{team.name} is retired.") for side, team in
                 (("home", home), ("away", away)) if team.retired_at is not None]  # fmt: skip
    if not problems and away.coach_id == actor.pk:
        problems.append(Problem("away", "A friendly is against another coach's team."))
    if problems:
        raise MatchRefused(problems)
    match = Match.objects.create(**_new(home, away, FRIENDLY), kind="friendly", offered_by=actor)
    match.status = OFFERED
    match.save(update_fields=["status"])
    step(match, actor, "offer")
    return match


def _answer_offer(match: Match, actor, to: str, action: str) -> Match:
    if not Match.objects.filter(pk=match.pk, status=OFFERED).update(status=to):
        match.refresh_from_db()
        raise MatchRefused(
            [Problem("status", f"The friendly is {match.get_status_display()}, no longer offered.")]
        )
    match.status = to
    step(match, actor, action)
    return match


@transaction.atomic
def friendly_accept(match: Match, actor) -> Match:
    if getattr(actor, "pk", None) != match.away.coach_id:
        raise PermissionDenied(f"Only the coach of {match.away.name} may accept this friendly.")
    return _answer_offer(match, actor, SCHEDULED, "accept")


@transaction.atomic
def friendly_decline(match: Match, actor) -> Match:
    """The offered coach declines, or the offering coach takes the offer back."""
    if getattr(actor, "pk", None) not in (match.home.coach_id, match.away.coach_id):
        raise PermissionDenied("Only the two coaches may decline or withdraw a friendly.")
    return _answer_offer(match, actor, DECLINED, "decline")


@transaction.atomic
def match_forfeit(match: Match, actor, forfeited_by: Team, score: tuple[int, int]) -> Match:
    """The team that did not turn up loses by the league's forfeit score. Nothing is written
    to either team's ledger: a forfeit is a result, not a game. `score`: the touchdowns of
    the team that did not forfeit, and of the team that did."""
    if not settlers.answer.may_settle(actor, match):
        barred = settlers.answer.settle_barred(actor, match)
        raise PermissionDenied(barred or "Only those who settle this match may record a forfeit.")
    return forfeit_record(match, actor, forfeited_by, score, f"{forfeited_by.name} forfeits.")


def forfeit_record(match: Match, actor, forfeited_by: Team, score, reason: str) -> Match:
    """The forfeit itself, for a caller that has decided who may record it."""
    if forfeited_by.pk not in (match.home_id, match.away_id):
        raise MatchRefused([Problem("forfeited_by", f"{forfeited_by.name} is not in {match}.")])
    winner, loser = score
    if not Match.objects.filter(pk=match.pk, status__in=OPEN).update(
        status=FORFEIT, forfeited_by=forfeited_by, changed_at=timezone.now()
    ):
        match.refresh_from_db()
        raise MatchRefused([Problem("status", match.already())])
    home_forfeits = forfeited_by.pk == match.home_id
    match.report, _ = Report.objects.update_or_create(
        match=match,
        defaults={
            "forfeit": True,
            "home_touchdowns": loser if home_forfeits else winner,
            "away_touchdowns": winner if home_forfeits else loser,
            # A draft written before is replaced whole: the game was never played.
            "played_on": None,
            "drafted_by": None,
            "submitted_by": None,
            **BLANK_CONTENT,
        },
    )
    # Nobody took part in a game that was not played: the draft's lines and casualties go.
    match.casualties.all().delete()
    match.performances.all().delete()
    match.participants.all().delete()
    match.status, match.forfeited_by = FORFEIT, forfeited_by
    step(match, actor, "forfeit", reason)
    settlers.answer.results_stand([match])
    return match


def forfeits_record(scores: dict[Match, tuple[int, int]], actor, forfeited_by: Team, reason: str):
    """Many forfeits by one team at once (it retires), in a fixed number of writes; each
    match must still be to play. `scores` as for `forfeit_record`."""
    matches = list(scores)
    moved = Match.objects.filter(pk__in=[m.pk for m in matches], status=SCHEDULED).update(
        status=FORFEIT, forfeited_by=forfeited_by, changed_at=timezone.now()
    )
    if moved != len(matches):
        raise MatchRefused([Problem("status", "A match changed meanwhile: try again.")])
    Report.objects.bulk_create(
        Report(
            match=match,
            forfeit=True,
            home_touchdowns=loser if match.home_id == forfeited_by.pk else winner,
            away_touchdowns=winner if match.home_id == forfeited_by.pk else loser,
        )
        for match, (winner, loser) in scores.items()
    )
    MatchStep.objects.bulk_create(
        MatchStep(match=match, action="forfeit", status=FORFEIT, actor=actor, reason=reason)
        for match in matches
    )
    settlers.answer.results_stand(matches)


def unsettled_matches(team: Team) -> QuerySet[Match]:
    """The team's matches whose report is still on its way to the team: drafted, submitted,
    disputed, or confirmed or approved but not yet applied (waiting for a commissioner's
    approval, or for `apply_reports`). A confirmed or approved match keeps that status once
    its report is applied, so its post-game, not its status, says it has arrived."""
    return Match.objects.filter(
        Q(home=team) | Q(away=team),
        Q(status__in=UNDECIDED) | Q(status__in=(CONFIRMED, APPROVED), post_game__isnull=True),
    )


def friendlies_call_off(team: Team, actor, reason: str) -> int:
    """Friendlies offered to or by the team, or accepted and not played, are called off."""
    friendlies = Match.objects.filter(
        Q(home=team) | Q(away=team), kind="friendly", status__in=(OFFERED, SCHEDULED)
    )
    called_off = list(friendlies.select_for_update())
    Match.objects.filter(pk__in=[match.pk for match in called_off]).update(status=DECLINED)
    MatchStep.objects.bulk_create(
        MatchStep(match=match, action="call_off", status=DECLINED, actor=actor, reason=reason)
        for match in called_off
    )
    return len(called_off)


def participants_take(match: Match) -> None:
    """Both rosters' players who may play, as the match's participants, taken once at the
    first draft: who took part (and so who may be drawn as MVP) never shifts under a report
    already begun."""
    if match.participants.filter(kind="roster").exists():
        return  # (one-game hires taken before kick-off are no roster players)
    out = {
        (row.team_id, number)
        for row in match.kick_offs.exclude(niggled_out=None)
        for number in row.niggled_out or ()
    }  # a niggling injury kept them out of this match
    players = [
        player
        for player in Player.objects.filter(
            team__in=(match.home_id, match.away_id), status__in=TAKES_PART
        ).on_roster()
        if (player.team_id, player.number) not in out
    ]
    match.participants.bulk_create(
        match.participants.model(
            match=match, team_id=player.team_id, player=player, number=player.number,
            name=player.name,
        )
        for player in players
    )  # fmt: skip
