"""Races on PostgreSQL in a report's workflow: a double click, or both of a coach's answers
sent at one moment. Each step moves the status once; every other request is refused with
the status it found, and the match's history shows the one step."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

import pytest
from django.db import connection

from matches import workflow
from matches.models import CONFIRMED, DISPUTED, SUBMITTED, Match
from matches.services import MatchRefused
from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from tests.matches.helpers import drafted, fresh, submitted

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
RACERS = 10


def race(attempts: list[Callable[[], object]]) -> list[object]:
    """Runs each attempt in a thread of its own, all released at one moment; returns what each
    gave, or the exception it raised."""
    barrier = threading.Barrier(len(attempts))
    results: list[object] = []

    def racer(attempt: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=20)
            results.append(attempt())
        except Exception as error:  # kept to assert on: a refusal is expected, others are not
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=racer, args=(attempt,)) for attempt in attempts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def clicks(
    match: Match, act: Callable[[Match], object], count: int = RACERS
) -> list[Callable[[], object]]:
    """`count` requests for `act`, each with the match as its own request would have read it."""
    copies = [fresh(match) for _ in range(count)]
    return [lambda copy=copy: act(copy) for copy in copies]


def outcome(result: object) -> str:
    """What one request came to: the status it moved the match to, the refusal it got, or
    anything else it raised (which no request should)."""
    if isinstance(result, Match):
        return result.status
    if isinstance(result, MatchRefused):
        return str(result)
    return repr(result)


def outcomes(results: list[object]) -> Counter[str]:
    return Counter(outcome(result) for result in results)


def actions(match: Match) -> Counter[str]:
    return Counter(match.steps.values_list("action", flat=True))


@pytest.fixture
def lrb6(db):
    edition_load(edition_read("lrb6"))  # a transactional test may have emptied the database
    return version_get("lrb6")


def test_two_confirmations_at_the_same_moment_confirm_the_report_once(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)

    results = race(clicks(friendly, lambda match: workflow.report_confirm(match, away_coach)))

    assert actions(friendly) == {"offer": 1, "accept": 1, "draft": 1, "submit": 1, "confirm": 1}
    assert fresh(friendly).status == CONFIRMED
    assert outcomes(results) == {
        CONFIRMED: 1,
        f"The report of {friendly} is confirmed: it cannot be confirmed now.": RACERS - 1,
    }


def test_a_confirmation_and_a_dispute_at_the_same_moment_leave_one_of_them_only(
    fixture_match, home_coach, away_coach
) -> None:
    submitted(fixture_match, home_coach)
    half = RACERS // 2
    confirm = clicks(fixture_match, lambda match: workflow.report_confirm(match, away_coach), half)
    dispute = clicks(
        fixture_match,
        lambda match: workflow.report_dispute(match, away_coach, "It was 2-2."),
        RACERS - half,
    )

    results = race(confirm + dispute)

    answers = actions(fixture_match) & Counter(confirm=RACERS, dispute=RACERS)
    assert answers in ({"confirm": 1}, {"dispute": 1}), answers
    status = CONFIRMED if "confirm" in answers else DISPUTED
    assert fresh(fixture_match).status == status
    refused = f"The report of {fixture_match} is {status}: it cannot be"
    assert outcomes(results) == {
        status: 1,
        f"{refused} confirmed now.": half - (status == CONFIRMED),
        f"{refused} disputed now.": RACERS - half - (status == DISPUTED),
    }


def test_two_submissions_of_a_draft_at_the_same_moment_submit_it_once(
    friendly, home_coach, mailoutbox
) -> None:
    drafted(friendly, home_coach)

    results = race(clicks(friendly, lambda match: workflow.report_submit(match, home_coach)))

    assert actions(friendly)["submit"] == 1
    assert fresh(friendly).status == SUBMITTED
    assert outcomes(results) == {
        SUBMITTED: 1,
        f"The report of {friendly} is submitted: it cannot be submitted now.": RACERS - 1,
    }
    submitted_mail = [m for m in mailoutbox if m.subject.startswith("Dugout: Confirm the report")]
    assert len(submitted_mail) == 1  # the opposing coach hears of it once
