"""Coach accounts: sign up, log in, log out and change password, all server-rendered."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "dodge-and-go-for-it"


@pytest.fixture
def coach():
    return get_user_model().objects.create_user("varag", "varag@dugout.example", PASSWORD)


def signup(client: Client, **fields: str):
    data = {
        "username": "morg",
        "email": "morg@dugout.example",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **fields,
    }
    return client.post("/accounts/signup/", data, follow=True)


def test_a_visitor_signs_up_and_is_logged_in(client: Client) -> None:
    response = signup(client)
    assert response.redirect_chain == [("/", 302)]
    assert response.context["user"].username == "morg"
    assert "Welcome to Dugout, morg." in response.content.decode()
    assert get_user_model().objects.get(username="morg").email == "morg@dugout.example"


def test_it_refuses_a_taken_username(client: Client, coach) -> None:
    response = signup(client, username="varag")
    assert response.status_code == 400
    assert "A user with that username already exists." in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_it_refuses_passwords_that_do_not_match(client: Client) -> None:
    response = signup(client, password2="something-else-entirely")
    assert response.context["form"].errors["password2"] == [
        "The two password fields didn\u2019t match."
    ]
    assert not get_user_model().objects.exists()


def test_it_refuses_a_common_password(client: Client) -> None:
    response = signup(client, password1="password", password2="password")
    assert "This password is too common." in response.content.decode()
    assert not get_user_model().objects.exists()


def test_a_signed_in_coach_is_sent_home_from_the_signup_page(client: Client, coach) -> None:
    client.force_login(coach)
    assert client.get("/accounts/signup/").url == "/"


def test_a_coach_logs_in(client: Client, coach) -> None:
    response = client.post(
        "/accounts/login/", {"username": "varag", "password": PASSWORD}, follow=True
    )
    assert response.context["user"] == coach
    assert "Signed in as <strong>varag</strong>" in response.content.decode()


def test_it_refuses_a_wrong_password_at_login(client: Client, coach) -> None:
    response = client.post("/accounts/login/", {"username": "varag", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert not response.context["user"].is_authenticated


def test_a_coach_logs_out_with_a_post(client: Client, coach) -> None:
    client.force_login(coach)
    response = client.post("/accounts/logout/", follow=True)
    assert not response.context["user"].is_authenticated


def test_logging_out_needs_a_post(client: Client, coach) -> None:
    client.force_login(coach)
    assert client.get("/accounts/logout/").status_code == 405


def test_a_coach_changes_his_password(client: Client, coach) -> None:
    client.force_login(coach)
    response = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "a-new-block-dice-roll",
            "new_password2": "a-new-block-dice-roll",
        },
        follow=True,
    )
    assert response.redirect_chain == [("/accounts/password/done/", 302)]
    coach.refresh_from_db()
    assert coach.check_password("a-new-block-dice-roll")
    assert response.context["user"].is_authenticated


def test_changing_the_password_needs_the_old_one(client: Client, coach) -> None:
    client.force_login(coach)
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "wrong",
            "new_password1": "a-new-block-dice-roll",
            "new_password2": "a-new-block-dice-roll",
        },
    )
    assert "Your old password was entered incorrectly." in response.content.decode()
    coach.refresh_from_db()
    assert coach.check_password(PASSWORD)


def test_changing_the_password_needs_a_login(client: Client) -> None:
    assert client.get("/accounts/password/").url == "/accounts/login/?next=/accounts/password/"


@pytest.mark.parametrize("path", ["/", "/accounts/signup/", "/accounts/login/"])
def test_every_page_is_sized_for_a_phone_and_loads_only_project_assets(
    client: Client, path: str
) -> None:
    html = client.get(path).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<link rel="stylesheet" href="/static/css/dugout.css">' in html
    assert '<script src="/static/js/htmx.min.js" defer></script>' in html
    assert "http://" not in html
    assert "https://" not in html


def test_the_navigation_offers_signing_up_to_visitors(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'href="/accounts/signup/"' in html
    assert 'href="/accounts/login/"' in html


def test_the_navigation_offers_logging_out_to_coaches(client: Client, coach) -> None:
    client.force_login(coach)
    html = client.get("/").content.decode()
    assert 'action="/accounts/logout/"' in html
    assert 'href="/accounts/signup/"' not in html
