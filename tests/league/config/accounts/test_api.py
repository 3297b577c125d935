"""The signed-in coach over the API: details, address, tokens, as on his profile."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import override_settings
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken
from league.config.accounts.tokens import token_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(coach) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(coach, 'tests')[1]}")
    return client


def test_me_says_who_he_is_and_whether_his_address_is_confirmed(api: APIClient) -> None:
    body = api.get("/api/me/").json()
    assert body["username"] == "varag"
    assert body["email"] == "varag@dugout.example"
    assert body["email_verified"] is False
    assert body["time_zone"] == "UTC"
    assert body["display_name"] == ""


def test_he_changes_his_display_name_and_time_zone(api: APIClient, coach) -> None:
    answer = api.patch(
        "/api/me/", {"display_name": "Varag", "time_zone": "America/Chicago"}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json()["time_zone"] == "America/Chicago"
    assert get_user_model().objects.get(pk=coach.pk).time_zone == "America/Chicago"


def test_it_refuses_an_unknown_time_zone_naming_the_field(api: APIClient) -> None:
    answer = api.patch("/api/me/", {"time_zone": "Mordor/Barad-dur"}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"time_zone": ['"Mordor/Barad-dur" is not a valid choice.']}


def test_he_cannot_change_his_username_or_address_through_me(api: APIClient, coach) -> None:
    api.patch("/api/me/", {"username": "boss", "email": "x@y.example"}, format="json")
    coach = get_user_model().objects.get(pk=coach.pk)
    assert (coach.username, coach.email) == ("varag", "varag@dugout.example")


def test_he_asks_for_a_link_to_a_new_address(
    api: APIClient, coach, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.post("/api/me/email/", {"email": "varag@orcland.example"}, format="json")
    assert answer.status_code == 202
    assert answer.json()["email"] == "varag@orcland.example"
    assert mail.outbox[-1].to == ["varag@orcland.example"]


def test_a_bad_address_is_refused_naming_the_field(api: APIClient) -> None:
    answer = api.post("/api/me/email/", {"email": "orcs"}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"email": ["'orcs' is not an e-mail address."]}


@override_settings(EMAIL_RESEND_SECONDS=120)
def test_a_second_link_at_once_is_refused_with_429(api: APIClient) -> None:
    api.post("/api/me/email/", {"email": "varag@dugout.example"}, format="json")
    answer = api.post("/api/me/email/", {"email": "varag@dugout.example"}, format="json")
    assert answer.status_code == 429
    assert "ask again in" in answer.json()["detail"]


def test_he_lists_his_tokens_without_their_secrets(api: APIClient, coach) -> None:
    token_create(coach, "phone")
    body = api.get("/api/me/tokens/").json()
    assert [token["name"] for token in body] == ["phone", "tests"]
    assert all(set(token) == {"number", "name", "created", "last_used_at"} for token in body)


def test_he_makes_a_token_and_sees_its_secret_once(api: APIClient) -> None:
    answer = api.post("/api/me/tokens/", {"name": "league bot"}, format="json")
    assert answer.status_code == 201
    secret = answer.json()["token"]
    assert secret.startswith("dugout_")
    assert secret not in api.get("/api/me/tokens/").content.decode()
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    assert other.get("/api/me/").json()["username"] == "varag"


def test_a_token_needs_a_name(api: APIClient) -> None:
    answer = api.post("/api/me/tokens/", {"name": "  "}, format="json")
    assert answer.status_code == 400
    assert "name" in answer.json()


def test_he_revokes_a_token(api: APIClient, coach) -> None:
    token, _ = token_create(coach, "phone")
    assert api.delete(f"/api/me/tokens/{token.number}/").status_code == 204
    assert not ApiToken.objects.filter(pk=token.pk).exists()


def test_revoking_a_token_he_does_not_have_is_404(api: APIClient) -> None:
    morg = get_user_model().objects.create_user("morg", "", "kick-off-9")
    token, _ = token_create(morg, "morg's")
    answer = api.delete(f"/api/me/tokens/{token.number}/")
    assert answer.status_code == 404
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_a_token_revoking_itself_ends_its_own_access(api: APIClient, coach) -> None:
    [number] = [token.number for token in ApiToken.objects.filter(user=coach)]
    assert api.delete(f"/api/me/tokens/{number}/").status_code == 204
    assert api.get("/api/me/").status_code == 401


def test_strangers_are_asked_to_authenticate(client) -> None:
    for path in ("/api/me/", "/api/me/tokens/", "/api/me/email/"):
        assert APIClient().get(path).status_code == 401
