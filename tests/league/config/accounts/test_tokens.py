"""API tokens: named, the secret given once and kept only as a digest, noted when used,
revoked one by one or all at once by a new password."""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken
from league.config.accounts.tokens import (
    TokenRefused,
    token_create,
    token_revoke,
    tokens_of,
)
from tests.league.config.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def calling(secret: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return api


def test_a_token_is_made_with_its_name(coach) -> None:
    token, secret = token_create(coach, "  league   script ")
    assert token.name == "league script"
    assert secret.startswith("dugout_")
    assert len(secret) == len("dugout_") + 64


def test_it_refuses_a_token_without_a_name(coach) -> None:
    with pytest.raises(TokenRefused, match="Name the token") as refused:
        token_create(coach, "   ")
    assert refused.value.field == "name"
    assert not ApiToken.objects.exists()


def test_it_refuses_a_name_longer_than_60_characters(coach) -> None:
    with pytest.raises(TokenRefused, match="at most 60 characters"):
        token_create(coach, "x" * 61)


def test_only_a_digest_of_the_secret_is_kept(coach) -> None:
    token, secret = token_create(coach, "league script")
    assert token.digest == hashlib.sha512(secret.encode()).hexdigest()
    table = ApiToken._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table}")
        stored = [str(value) for row in cursor.fetchall() for value in row]
    assert not any(secret in value for value in stored)
    assert not any(secret[len("dugout_") :] in value for value in stored)


def test_a_token_authenticates_its_coach(coach) -> None:
    _token, secret = token_create(coach, "league script")
    answer = calling(secret).get("/api/me/")
    assert answer.status_code == 200
    assert answer.json()["username"] == "varag"


def test_a_token_notes_when_it_was_last_used(coach) -> None:
    token, secret = token_create(coach, "league script")
    assert token.last_used_at is None
    before = timezone.now()
    calling(secret).get("/api/me/")
    token.refresh_from_db()
    assert token.last_used_at >= before


def test_it_notes_a_use_at_most_once_a_minute(coach) -> None:
    token, secret = token_create(coach, "league script")
    api = calling(secret)
    api.get("/api/me/")
    token.refresh_from_db()
    first = token.last_used_at
    api.get("/api/me/")
    token.refresh_from_db()
    assert token.last_used_at == first
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=first - datetime.timedelta(minutes=2))
    api.get("/api/me/")
    token.refresh_from_db()
    assert token.last_used_at > first


def test_a_revoked_token_is_refused(coach) -> None:
    token, secret = token_create(coach, "league script")
    assert token_revoke(coach, token.number)
    answer = calling(secret).get("/api/me/")
    assert answer.status_code == 401
    assert answer.json() == {"detail": "Invalid token."}


def test_a_coach_cannot_revoke_another_coach_s_token(coach) -> None:
    morg = get_user_model().objects.create_user("morg", "morg@dugout.example", PASSWORD)
    token, secret = token_create(morg, "morg's script")
    assert not token_revoke(coach, token.number)
    assert calling(secret).get("/api/me/").status_code == 200


def test_revoking_one_token_leaves_the_others(coach) -> None:
    first, _ = token_create(coach, "first")
    _second, secret = token_create(coach, "second")
    token_revoke(coach, first.number)
    assert [token.name for token in tokens_of(coach)] == ["second"]
    assert calling(secret).get("/api/me/").status_code == 200


def test_a_new_password_revokes_every_token(coach) -> None:
    secrets = [token_create(coach, name)[1] for name in ("first", "second")]
    coach.set_password("a-whole-new-password-9")
    coach.save()
    assert not ApiToken.objects.filter(user=coach).exists()
    assert all(calling(secret).get("/api/me/").status_code == 401 for secret in secrets)


def test_saving_a_coach_without_a_new_password_keeps_his_tokens(coach) -> None:
    token_create(coach, "script")
    coach.display_name = "Varag Ghoul-Chewer"
    coach.save()
    assert ApiToken.objects.filter(user=coach).count() == 1


def test_changing_the_password_on_the_page_revokes_every_token(client, coach) -> None:
    _token, secret = token_create(coach, "script")
    client.force_login(coach)
    answer = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "a-whole-new-password-9",
            "new_password2": "a-whole-new-password-9",
        },
    )
    assert answer.status_code == 302
    assert calling(secret).get("/api/me/").status_code == 401


def test_another_coach_s_new_password_leaves_his_tokens_alone(coach) -> None:
    _token, secret = token_create(coach, "script")
    morg = get_user_model().objects.create_user("morg", "morg@dugout.example", PASSWORD)
    morg.set_password("a-whole-new-password-9")
    morg.save()
    assert calling(secret).get("/api/me/").status_code == 200


def test_the_tokens_are_listed_newest_first(coach) -> None:
    for name in ("first", "second", "third"):
        token_create(coach, name)
    assert [token.name for token in tokens_of(coach)] == ["third", "second", "first"]


def test_an_inactive_coach_s_token_is_refused(coach) -> None:
    _token, secret = token_create(coach, "script")
    get_user_model().objects.filter(pk=coach.pk).update(is_active=False)
    assert calling(secret).get("/api/me/").status_code == 401
