"""Races on PostgreSQL: many requests at one moment for what only one of them can have. The
winner wins, every loser gets a clear 400, nobody gets a 500 and nothing is written twice."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from rules.edition import edition_read
from rules.house_rules import ruleset_copy
from rules.models import Ruleset
from rules.selectors import version_get
from rules.services import edition_load
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
RACERS = 10


def race(attempt: Callable[[], object]) -> list[object]:
    """Runs `attempt` in RACERS threads released at one moment; returns what each gave."""
    barrier = threading.Barrier(RACERS)
    results: list[object] = []

    def racer() -> None:
        try:
            barrier.wait(timeout=20)
            results.append(attempt())
        except Exception as error:  # a 500 would show as an exception: keep it to assert on
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=racer) for _ in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.fixture
def lrb6(db):
    edition_load(edition_read("lrb6"))  # a transactional test may have emptied the database
    return version_get("lrb6")


def test_of_many_fire_requests_for_one_player_one_wins_and_the_rest_get_a_400(lrb6) -> None:
    coach = get_user_model().objects.create_user("varag")
    team = orc_team(coach, lrb6)
    player = team.players.get(number=1)

    def fire() -> int:
        client = APIClient()
        client.force_authenticate(coach)
        url = f"/api/teams/{team.pk}/players/{player.pk}/leave/"
        return client.post(url, {"how": "fired"}, format="json").status_code

    statuses = Counter(race(fire))
    assert statuses == {201: 1, 400: RACERS - 1}
    assert team.ledger.filter(kind="departure").count() == 1


def test_parallel_copies_with_one_name_each_get_their_own_slug(lrb6) -> None:
    coach = get_user_model().objects.create_user("varag")
    copies = race(lambda: ruleset_copy(lrb6, "Varag's Rules", coach).slug)
    assert all(isinstance(slug, str) for slug in copies), copies
    assert len(set(copies)) == RACERS
    assert Ruleset.objects.filter(name="Varag's Rules").count() == RACERS


def test_parallel_sign_ups_with_one_username_make_one_coach_and_refuse_the_rest(db) -> None:
    def sign_up() -> int:
        form = {"username": "griff", "email": "griff@example.com",
                "password1": "kick-off-77X", "password2": "kick-off-77X"}  # fmt: skip
        return Client().post("/accounts/signup/", form).status_code

    statuses = Counter(race(sign_up))
    assert statuses == {302: 1, 400: RACERS - 1}
    assert get_user_model().objects.filter(username="griff").count() == 1
