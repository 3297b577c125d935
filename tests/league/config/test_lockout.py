"""Password guessing is throttled (django-axes): after five wrong passwords for one username
from one address, the log-in form and the token endpoint answer 429 and say why, until the
lock cools off or a site admin lifts it."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
PASSWORD = "kick-off-2"


@pytest.fixture
def coach(db):
    return get_user_model().objects.create_user("varag", password=PASSWORD)


def log_in(client: Client, password: str, username: str = "varag"):
    return client.post("/accounts/login/", {"username": username, "password": password})


def token(client: APIClient, password: str, username: str = "varag"):
    return client.post("/api/auth/token/", {"username": username, "password": password})


def test_five_wrong_passwords_lock_the_log_in_form(coach) -> None:
    client = Client()
    for _ in range(4):
        assert log_in(client, "wrong").status_code == 200  # the form again, with its error
    locked = log_in(client, "wrong")
    assert locked.status_code == 429
    assert "Too many wrong passwords (5)" in locked.content.decode()
    # Locked means locked: the right password does not get in either.
    right = log_in(client, PASSWORD)
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_five_wrong_passwords_lock_the_token_endpoint(coach) -> None:
    client = APIClient()
    for _ in range(4):
        assert token(client, "wrong").status_code == 400
    assert token(client, "wrong").status_code == 429
    answer = token(client, PASSWORD)
    assert answer.status_code == 429
    assert "ask a site admin to lift the lock" in answer.json()["detail"]


def test_the_form_and_the_token_endpoint_count_together(coach) -> None:
    for _ in range(3):
        log_in(Client(), "wrong")
    client = APIClient()
    token(client, "wrong")
    assert token(client, "wrong").status_code == 429  # the fifth, counting both
    assert log_in(Client(), PASSWORD).status_code == 429


def test_another_username_is_not_locked(coach) -> None:
    get_user_model().objects.create_user("griff", password="kick-off-3")
    for _ in range(5):
        token(APIClient(), "wrong")
    assert token(APIClient(), "kick-off-3", username="griff").status_code == 201


def test_logging_in_before_the_limit_starts_the_count_again(coach) -> None:
    for _ in range(4):
        log_in(Client(), "wrong")
    assert log_in(Client(), PASSWORD).status_code == 302
    for _ in range(4):
        log_in(Client(), "wrong")
    assert log_in(Client(), PASSWORD).status_code == 302


def test_a_site_admin_lifts_the_lock_with_one_command(coach) -> None:
    for _ in range(5):
        token(APIClient(), "wrong")
    assert AccessAttempt.objects.filter(username="varag").exists()
    call_command("axes_reset_username", "varag")
    assert token(APIClient(), PASSWORD).status_code == 201
