"""What the match tests share: a date the match was played, the problems of a refusal, and a
report taken to a given step."""

from __future__ import annotations

import datetime

import pytest

from matches import workflow
from matches.models import Match, Report

PLAYED = datetime.date(2025, 3, 1)  # a Saturday, well in the past


def problems(refused: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in refused.value.problems]


def fresh(match: Match) -> Match:
    """The match as the database has it now."""
    return Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)


def report_of(match: Match) -> Report:
    return Report.objects.get(match=match)


def drafted(match: Match, coach, home: int = 2, away: int = 1, **content) -> Report:
    """A draft complete enough to submit: the server draws the MVPs from the match's seed,
    or, where the match takes entered dice only, each team's #1 was drawn at the table."""
    content.setdefault("server_rolls", True)
    if "rolled" not in match.accepted_sources:
        for side in ("home", "away"):
            content.setdefault(side, {"mvps": [1]})
    return workflow.report_save(match, coach, PLAYED, home, away, content)


def submitted(match: Match, coach, home: int = 2, away: int = 1) -> Match:
    drafted(match, coach, home, away)
    return workflow.report_submit(match, coach)


def confirmed(match: Match, submitter, opponent, home: int = 2, away: int = 1) -> Match:
    submitted(match, submitter, home, away)
    return workflow.report_confirm(match, opponent)


def disputed(match: Match, submitter, opponent, reason: str = "It was 2-2.") -> Match:
    submitted(match, submitter)
    return workflow.report_dispute(match, opponent, reason)


def steps(match: Match) -> list[tuple[str, str, str, str]]:
    """Each step as (action, status after it, actor's username, reason)."""
    return [
        (step.action, step.status, step.actor.username, step.reason)
        for step in match.steps.select_related("actor").order_by("at", "pk")
    ]
