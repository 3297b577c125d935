"""A coach on a phone who forgot his password has a link mailed to him, sets a new password
through it and logs in with it, in a real browser."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import credentials_enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "a-new-pass-for-the-blitz"


@pytest.fixture
def coach(db):
    return get_user_model().objects.create_user(
        "lord-borak", "borak@dugout.example", "forgotten-long-ago", email_verified=True
    )


def test_a_coach_resets_his_password_from_the_mailed_link_on_a_phone(
    live_server, coach, mailoutbox, phone: Phone
) -> None:
    page = phone.page
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    page.get_by_label("Email").fill("borak@dugout.example")
    page.get_by_role("button", name="Mail me a link").click()
    expect(page.get_by_role("heading", name="Check your mail")).to_be_visible()
    assert phone.horizontal_overflow() == 0

    assert len(mailoutbox) == 1
    link = re.search(r"http://127\.0\.0\.1:\d+/accounts/password/reset/\S+", mailoutbox[0].body)
    assert link is not None, mailoutbox[0].body
    page.goto(link.group(0))
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()

    page.get_by_role("main").get_by_role("link", name="Log in").click()
    credentials_enter(page, "lord-borak", NEW_PASSWORD)
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
