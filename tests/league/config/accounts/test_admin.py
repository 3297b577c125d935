"""The admin's pages for coaches and their tokens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from league.config.accounts.models import ApiToken
from league.config.accounts.tokens import token_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client: Client) -> Client:
    boss = get_user_model().objects.create_superuser("boss", "boss@dugout.example", "kick-9-off")
    client.force_login(boss)
    return client


def test_the_coach_list_shows_whether_each_address_is_confirmed(staff: Client, coach) -> None:
    html = staff.get("/admin/accounts/user/").content.decode()
    assert "varag@dugout.example" in html
    assert "column-email_verified" in html


def test_staff_read_a_coach_s_tokens_without_their_secrets(staff: Client, coach) -> None:
    token, secret = token_create(coach, "league script")
    listing = staff.get("/admin/accounts/apitoken/").content.decode()
    assert "league script" in listing
    assert secret not in listing
    page = staff.get(f"/admin/accounts/apitoken/{token.pk}/change/").content.decode()
    assert secret not in page


def test_staff_revoke_a_token_but_never_make_one(staff: Client, coach) -> None:
    token, _ = token_create(coach, "league script")
    assert staff.get("/admin/accounts/apitoken/add/").status_code == 403
    staff.post(f"/admin/accounts/apitoken/{token.pk}/delete/", {"post": "yes"})
    assert not ApiToken.objects.exists()


def test_knox_s_own_token_page_is_not_offered(staff: Client) -> None:
    assert staff.get("/admin/knox/authtoken/").status_code == 404
