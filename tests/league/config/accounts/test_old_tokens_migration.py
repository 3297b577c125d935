"""The migration that hashes DRF's plain-text tokens (accounts 0003): each old token keeps
working, now kept only as a digest and listed on its coach's profile, and the table that held
the secrets in plain text is gone. A database that never had the table is left alone."""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken
from tests.migrating import checks_at_once, latest, migrate, module_at

BEFORE = [("accounts", "0002_coach_profile_and_tokens")]
OLD_KEY = "0123456789abcdef0123456789abcdef01234567"  # DRF's: 40 hex characters
MADE = datetime.datetime(2025, 4, 1, 8, 0, tzinfo=datetime.UTC)


@pytest.fixture(scope="module")
def old_apps(django_db_setup, django_db_blocker):
    with module_at(django_db_blocker, BEFORE) as apps:
        yield apps


def old_table_with(user_pk: int) -> None:
    """DRF's table as its migrations left it, with one token."""
    with connection.cursor() as cursor:
        cursor.execute(
            'CREATE TABLE authtoken_token ("key" varchar(40) PRIMARY KEY, '
            "created timestamp with time zone NOT NULL, user_id bigint NOT NULL UNIQUE)"
            if connection.vendor == "postgresql"
            else 'CREATE TABLE authtoken_token ("key" varchar(40) PRIMARY KEY, '
            "created datetime NOT NULL, user_id bigint NOT NULL UNIQUE)"
        )
        cursor.execute(
            'INSERT INTO authtoken_token ("key", created, user_id) VALUES (%s, %s, %s)',
            [OLD_KEY, MADE if connection.vendor == "postgresql" else MADE.isoformat(), user_pk],
        )


@pytest.fixture
def migrated(old_apps, db):
    checks_at_once()
    coach = old_apps.get_model("accounts", "User").objects.create(username="varag")
    old_table_with(coach.pk)
    migrate(latest())
    return coach


def test_an_old_token_keeps_working(migrated) -> None:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {OLD_KEY}")
    assert api.get("/api/me/").json()["username"] == "varag"


def test_an_old_token_is_kept_hashed_named_and_dated(migrated) -> None:
    token = ApiToken.objects.get(user_id=migrated.pk)
    assert token.digest == hashlib.sha512(OLD_KEY.encode()).hexdigest()
    assert token.token_key == OLD_KEY[:15]
    assert token.name == "Token made before named tokens"
    assert token.created == MADE


def test_the_plain_text_table_is_dropped(migrated) -> None:
    assert "authtoken_token" not in connection.introspection.table_names()


def test_an_old_token_dies_with_a_new_password(migrated) -> None:
    coach = get_user_model().objects.get(pk=migrated.pk)
    coach.set_password("a-whole-new-password-9")
    coach.save()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {OLD_KEY}")
    assert api.get("/api/me/").status_code == 401


def test_a_database_without_the_old_table_is_left_alone(old_apps, db) -> None:
    checks_at_once()
    migrate(latest())
    assert not ApiToken.objects.exists()
