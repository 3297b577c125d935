"""A coach's profile page: his details and time zone, his address, his tokens."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from league.config.accounts.models import ApiToken, EmailVerification
from league.config.accounts.tokens import token_create
from tests.league.config.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client: Client, coach) -> Client:
    client.force_login(coach)
    return client


def fresh(coach):
    return get_user_model().objects.get(pk=coach.pk)


def test_the_profile_is_for_signed_in_coaches(client: Client) -> None:
    assert client.get("/accounts/profile/").url == "/accounts/login/?next=/accounts/profile/"


def test_the_coach_s_name_in_the_menu_opens_his_profile(signed_in: Client) -> None:
    html = signed_in.get("/").content.decode()
    assert '<a href="/accounts/profile/" title="Your profile">varag</a>' in html


def test_the_profile_links_his_coach_page_and_the_password_change(signed_in: Client) -> None:
    html = signed_in.get("/accounts/profile/").content.decode()
    assert 'href="/coaches/varag/"' in html
    assert 'href="/accounts/password/"' in html


def test_he_saves_a_display_name_and_a_time_zone(signed_in: Client, coach) -> None:
    answer = signed_in.post(
        "/accounts/profile/",
        {"display_name": "  Varag   Ghoul-Chewer ", "time_zone": "Europe/Berlin"},
        follow=True,
    )
    assert "Your details are saved." in answer.content.decode()
    coach = fresh(coach)
    assert (coach.display_name, coach.time_zone) == ("Varag Ghoul-Chewer", "Europe/Berlin")


def test_it_refuses_a_time_zone_not_on_the_list(signed_in: Client, coach) -> None:
    answer = signed_in.post("/accounts/profile/", {"display_name": "", "time_zone": "Middle/Earth"})
    assert answer.status_code == 400
    assert answer.context["details"].errors["time_zone"] == [
        "Pick a time zone from the list, such as Europe/London."
    ]
    assert fresh(coach).time_zone == "UTC"


def test_times_on_his_pages_are_shown_in_his_time_zone(signed_in: Client, coach) -> None:
    token, _ = token_create(coach, "script")
    noon = datetime.datetime(2026, 1, 10, 12, 0, tzinfo=datetime.UTC)
    ApiToken.objects.filter(pk=token.pk).update(created=noon)
    assert "10 Jan 2026, 12:00" in signed_in.get("/accounts/profile/").content.decode()
    get_user_model().objects.filter(pk=coach.pk).update(time_zone="Asia/Tokyo")
    html = signed_in.get("/accounts/profile/").content.decode()
    assert "10 Jan 2026, 21:00" in html
    assert "Times are shown in Asia/Tokyo" in html


def test_a_visitor_reads_times_in_utc(client: Client) -> None:
    assert client.get("/").status_code == 200  # no coach: the site's zone, and no error


def test_an_unknown_zone_in_the_database_falls_back_to_utc(signed_in: Client, coach) -> None:
    get_user_model().objects.filter(pk=coach.pk).update(time_zone="Atlantis/Sunken")
    assert signed_in.get("/accounts/profile/").status_code == 200


# --- His address ---


def test_the_profile_says_an_unconfirmed_address_is_not_mailed(signed_in: Client) -> None:
    html = signed_in.get("/accounts/profile/").content.decode()
    assert "not confirmed" in html
    assert "Send the link again" in html


def test_the_profile_says_a_confirmed_address_is_mailed(signed_in: Client, coach) -> None:
    get_user_model().objects.filter(pk=coach.pk).update(email_verified=True)
    html = signed_in.get("/accounts/profile/").content.decode()
    assert "Dugout mails <strong>varag@dugout.example</strong>" in html
    assert "Send the link again" not in html


def test_he_asks_for_a_new_address_and_is_told_where_the_link_went(
    signed_in: Client, coach, mails_at_once
) -> None:
    get_user_model().objects.filter(pk=coach.pk).update(email_verified=True)
    answer = signed_in.post(
        "/accounts/profile/email/", {"email": "varag@orcland.example"}, follow=True
    )
    html = answer.content.decode()
    assert "We mailed a link to varag@orcland.example" in html
    assert "Until then Dugout mails varag@dugout.example." in html
    assert "A link to confirm <strong>varag@orcland.example</strong> went out" in html
    assert mail.outbox[-1].to == ["varag@orcland.example"]


def test_a_bad_address_is_refused_naming_the_field(signed_in: Client) -> None:
    answer = signed_in.post("/accounts/profile/email/", {"email": "orcs"})
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "&#x27;orcs&#x27; is not an e-mail address." in html
    assert not EmailVerification.objects.exists()


def test_the_profile_asks_a_coach_without_an_address_for_one(client: Client) -> None:
    coach = get_user_model().objects.create_user("morg", "", PASSWORD)
    client.force_login(coach)
    html = client.get("/accounts/profile/").content.decode()
    assert "You have given no address" in html


def test_the_desk_asks_a_coach_without_an_address_for_one(client: Client) -> None:
    client.force_login(get_user_model().objects.create_user("morg", "", PASSWORD))
    html = client.get("/").content.decode()
    assert "Add your e-mail address" in html
    assert "cannot reset a forgotten password" in html


def test_the_desk_asks_a_coach_to_confirm_his_address(signed_in: Client) -> None:
    html = signed_in.get("/").content.decode()
    assert "Confirm your e-mail address" in html
    assert "We mailed a link to <strong>varag@dugout.example</strong>" in html


def test_the_desk_says_nothing_of_a_confirmed_address(signed_in: Client, coach) -> None:
    get_user_model().objects.filter(pk=coach.pk).update(email_verified=True)
    html = signed_in.get("/").content.decode()
    assert "e-mail address" not in html


# --- His tokens ---


def test_a_new_token_s_secret_is_shown_once(signed_in: Client, coach) -> None:
    answer = signed_in.post("/accounts/profile/tokens/", {"name": "league script"})
    assert answer.status_code == 201
    assert "no-store" in answer["Cache-Control"]
    secret = re.search(r'id="token-secret" class="token-secret" value="([^"]+)"',
                       answer.content.decode()).group(1)  # fmt: skip
    assert secret.startswith("dugout_")
    assert ApiToken.objects.get(user=coach).name == "league script"
    assert secret not in signed_in.get("/accounts/profile/").content.decode()


def test_the_tokens_are_listed_with_their_last_use(signed_in: Client, coach) -> None:
    token, _ = token_create(coach, "league script")
    token_create(coach, "phone")
    used = datetime.datetime(2026, 3, 2, 9, 30, tzinfo=datetime.UTC)
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=used)
    html = signed_in.get("/accounts/profile/").content.decode()
    assert "<td>league script</td>" in html
    assert "2 Mar 2026, 09:30" in html
    assert "<td>phone</td>" in html
    assert "never" in html


def test_a_token_without_a_name_is_refused(signed_in: Client) -> None:
    answer = signed_in.post("/accounts/profile/tokens/", {"name": ""})
    assert answer.status_code == 400
    assert "Name the token" in answer.content.decode()
    assert not ApiToken.objects.exists()


def test_he_revokes_a_token(signed_in: Client, coach) -> None:
    token, _ = token_create(coach, "league script")
    answer = signed_in.post(f"/accounts/profile/tokens/{token.number}/revoke/", follow=True)
    assert "The token is revoked" in answer.content.decode()
    assert not ApiToken.objects.exists()


def test_he_cannot_revoke_another_coach_s_token(signed_in: Client) -> None:
    morg = get_user_model().objects.create_user("morg", "", PASSWORD)
    token, _ = token_create(morg, "morg's")
    answer = signed_in.post(f"/accounts/profile/tokens/{token.number}/revoke/", follow=True)
    assert "You have no such token" in answer.content.decode()
    assert ApiToken.objects.filter(user=morg).exists()


def test_a_token_is_revoked_only_with_a_post(signed_in: Client, coach) -> None:
    token, _ = token_create(coach, "league script")
    assert signed_in.get(f"/accounts/profile/tokens/{token.number}/revoke/").status_code == 405
    assert ApiToken.objects.exists()
