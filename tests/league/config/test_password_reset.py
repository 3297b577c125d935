"""A coach who forgot his password sets a new one through a link mailed to his address
(Django's own reset views); an address no coach uses is told the same and mailed nothing."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from league.config.accounts.models import ApiToken

pytestmark = pytest.mark.django_db

OLD_PASSWORD = "dodge-and-go-for-it"
NEW_PASSWORD = "blitz-on-the-last-turn"
LINK = re.compile(r"http://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)")


@pytest.fixture
def coach():
    return get_user_model().objects.create_user(
        "varag", "varag@dugout.example", OLD_PASSWORD, email_verified=True
    )


def ask_for_a_link(client: Client, email: str):
    return client.post("/accounts/password/reset/", {"email": email}, follow=True)


def mailed_link(mail) -> str:
    found = LINK.findall(mail.body)
    assert len(found) == 1, mail.body
    return found[0]


def set_new_password(client: Client, link: str, password: str = NEW_PASSWORD):
    form = client.get(link, follow=True)
    assert form.status_code == 200
    assert form.context["validlink"]
    return client.post(
        form.redirect_chain[-1][0],
        {"new_password1": password, "new_password2": password},
        follow=True,
    )


def without_csrf_token(response) -> str:
    return re.sub(r'"X-CSRFToken": "\w*"', "", response.content.decode())


def log_in(client: Client, password: str):
    return client.post("/accounts/login/", {"username": "varag", "password": password})


def test_the_login_page_links_to_the_reset_form(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()
    assert '<a href="/accounts/password/reset/">Forgot your password?</a>' in page
    form = client.get("/accounts/password/reset/")
    assert form.status_code == 200
    assert '<nav class="nav" aria-label="Main">' in form.content.decode()


def test_the_reset_form_mails_one_link_that_opens_the_new_password_form(
    client: Client, coach, mailoutbox
) -> None:
    response = ask_for_a_link(client, "varag@dugout.example")
    assert response.redirect_chain == [("/accounts/password/reset/sent/", 302)]
    assert "Check your mail" in response.content.decode()
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["varag@dugout.example"]
    assert mail.subject == "Set a new Dugout password"
    assert "the Dugout account varag." in mail.body
    form = client.get(mailed_link(mail), follow=True)
    assert form.redirect_chain[-1][0].endswith("/set-password/")
    assert "Set a new password" in form.content.decode()


def test_the_new_password_logs_in_and_the_old_one_no_longer_does(
    client: Client, coach, mailoutbox
) -> None:
    ask_for_a_link(client, "varag@dugout.example")
    done = set_new_password(client, mailed_link(mailoutbox[0]))
    assert done.redirect_chain[-1] == ("/accounts/password/reset/done/", 302)
    assert "Your new password is set." in done.content.decode()
    assert "_auth_user_id" not in client.session  # setting it does not log in by itself

    assert log_in(Client(), OLD_PASSWORD).status_code == 200  # the form again, refused
    fresh = Client()
    assert log_in(fresh, NEW_PASSWORD).url == "/"
    assert fresh.session["_auth_user_id"] == str(coach.pk)


def test_a_link_works_once(client: Client, coach, mailoutbox) -> None:
    ask_for_a_link(client, "varag@dugout.example")
    link = mailed_link(mailoutbox[0])
    set_new_password(client, link)
    again = Client().get(link, follow=True)
    assert not again.context["validlink"]
    assert "This link does not work" in again.content.decode()


def test_the_new_password_must_pass_the_password_rules(client: Client, coach, mailoutbox) -> None:
    ask_for_a_link(client, "varag@dugout.example")
    refused = set_new_password(client, mailed_link(mailoutbox[0]), "password")
    assert "This password is too common." in refused.content.decode()
    assert get_user_model().objects.get(pk=coach.pk).check_password(OLD_PASSWORD)


def test_an_unknown_address_is_mailed_nothing_and_sees_the_same_page(
    client: Client, coach, mailoutbox
) -> None:
    known = ask_for_a_link(Client(), "varag@dugout.example")
    mailoutbox.clear()
    unknown = ask_for_a_link(client, "nobody@dugout.example")
    assert mailoutbox == []
    assert unknown.redirect_chain == known.redirect_chain
    assert unknown.status_code == known.status_code == 200
    assert without_csrf_token(unknown) == without_csrf_token(known)


def test_setting_a_new_password_lifts_a_log_in_lock(client: Client, coach, mailoutbox) -> None:
    for _ in range(5):
        log_in(Client(), "wrong")
    assert log_in(Client(), OLD_PASSWORD).status_code == 429
    ask_for_a_link(client, "varag@dugout.example")
    set_new_password(client, mailed_link(mailoutbox[0]))
    assert log_in(Client(), NEW_PASSWORD).url == "/"


def test_an_address_not_yet_confirmed_is_told_the_same_and_mailed_nothing(
    client: Client, coach, mailoutbox
) -> None:
    """It may not be his at all: a link there could hand his account to a stranger."""
    get_user_model().objects.filter(pk=coach.pk).update(email_verified=False)
    answer = ask_for_a_link(client, "varag@dugout.example")
    assert answer.redirect_chain[-1][0] == "/accounts/password/reset/sent/"
    assert mailoutbox == []


def test_a_new_password_from_the_link_revokes_his_api_tokens(
    client: Client, coach, mailoutbox
) -> None:
    _token, secret = ApiToken.objects.create(user=coach, name="script")
    ask_for_a_link(client, "varag@dugout.example")
    set_new_password(client, mailed_link(mailoutbox[0]))
    assert not ApiToken.objects.filter(user=coach).exists()
    assert secret
