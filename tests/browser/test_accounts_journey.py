"""A visitor on a phone signs up, logs out and logs in again, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import credentials_enter, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "three-dice-block-against"


def test_a_visitor_signs_up_and_logs_in_on_a_phone(live_server, phone: Phone) -> None:
    page = phone.page
    nav = page.get_by_role("navigation", name="Main")
    assert live_server.url.startswith("http://127.0.0.1:")
    page.goto(live_server.url + "/")
    assert phone.horizontal_overflow() == 0

    nav.get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    sign_up(page, "lord-borak", "borak@dugout.example", PASSWORD)
    assert phone.horizontal_overflow() == 0

    page.get_by_role("button", name="Log out").click()
    expect(nav.get_by_role("link", name="Log in")).to_be_visible()

    nav.get_by_role("link", name="Log in").click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    credentials_enter(page, "lord-borak", PASSWORD)
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []


def test_the_page_uses_the_fonts_shipped_with_the_project(live_server, phone: Phone) -> None:
    page = phone.page
    page.goto(live_server.url + "/")
    page.evaluate("() => document.fonts.ready")
    loaded = page.evaluate(
        "() => [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
    )
    assert any("Source Sans 3" in family for family in loaded)
    assert phone.aborted == []


def test_a_request_to_another_host_is_aborted_and_counted(live_server, phone: Phone) -> None:
    # Proves the guard above can fail: a page that asks for an outside file is caught. The
    # site's Content-Security-Policy refuses a script's fetch of another host before it leaves
    # the browser, so the request here is a navigation, which the policy does not govern.
    page = phone.page
    page.goto(live_server.url + "/")
    with pytest.raises(PlaywrightError):
        page.goto("http://example.invalid/tracker.js")
    assert phone.aborted == ["http://example.invalid/tracker.js"]


def test_a_host_that_answers_is_refused_by_the_browser_itself(live_server, phone: Phone) -> None:
    # The live server answers on every loopback name; only 127.0.0.1 may reach it. Under its
    # other name the browser refuses the page before any request leaves it.
    page = phone.page
    elsewhere = live_server.url.replace("127.0.0.1", "localhost") + "/"
    with pytest.raises(PlaywrightError, match="ERR_PROXY_CONNECTION_FAILED"):
        page.goto(elsewhere)
    assert phone.aborted == [elsewhere]
