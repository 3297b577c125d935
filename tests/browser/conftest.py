"""Playwright driving Debian's chromium at a phone's viewport, allowed to reach 127.0.0.1 only."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Request, sync_playwright

from tests.conftest import CHROMIUM_PATH

PHONE = {"width": 390, "height": 844}
LOCAL_HOSTS = frozenset({"127.0.0.1"})
# Every request for another host (localhost and the rest of 127/8 included) goes to a proxy
# nobody listens on, and fails; 127.0.0.1, the live server, is reached directly. Chromium
# refuses them itself, so its cache still works: routing each request through Playwright
# instead turns the cache off and doubled the time of every page load.
# ("<-loopback>" takes back chromium's own rule that loopback never goes through a proxy.)
NOWHERE = {"server": "http://127.0.0.1:1", "bypass": ",".join(["<-loopback>", *LOCAL_HOSTS])}
# The flags keep chromium from calling home on a machine whose network is closed.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass
class Phone:
    page: Page
    aborted: list[str] = field(default_factory=list)

    def horizontal_overflow(self) -> int:
        """How many pixels the page is wider than the screen (0 when it fits)."""
        return horizontal_overflow(self.page)


def horizontal_overflow(page: Page) -> int:
    """How many pixels the page is wider than the screen (0 when it fits)."""
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


@pytest.fixture
def phone(live_server) -> Iterator[Phone]:
    """A phone-sized page. Request it after every fixture that writes to the database:
    inside Playwright's sync API Django opens a separate connection that nothing closes,
    and PostgreSQL then cannot drop the test database at the end of the run."""
    with screen_launch() as phone:
        yield phone


# One Playwright driver and one chromium per test process, started by the first journey and
# kept while journeys run one after another (`make test` gives them all to one worker):
# starting both took about 2 s a journey. While they run, Playwright's event loop counts as
# running in this thread, so Django's guard against database calls from async code is lifted;
# the first test that is no journey stops them (tests/conftest.py), so none runs beside it.
_SHARED: dict[str, Any] = {}


def shared_browser() -> Browser:
    """The process's chromium, started (again, if it died) when asked for."""
    browser = _SHARED.get("browser")
    if browser is not None and browser.is_connected():
        return browser
    shared_browser_close()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = _SHARED["playwright"] = sync_playwright().start()
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, proxy=NOWHERE
    )
    _SHARED["browser"] = browser
    return browser


def shared_browser_close() -> None:
    """Stops the process's chromium and Playwright's driver, if they run."""
    browser, playwright = _SHARED.pop("browser", None), _SHARED.pop("playwright", None)
    try:
        if browser is not None and browser.is_connected():
            browser.close()
    finally:
        if playwright is not None:
            playwright.stop()
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@contextmanager
def screen_launch(desktop: dict | None = None) -> Iterator[Phone]:
    """A page of its own (its own context: cookies, log-in) on the process's chromium: a
    phone's, or with `desktop` (a viewport) a desktop's."""
    with phone_open(shared_browser(), desktop) as phone:
        yield phone


@contextmanager
def phone_open(browser: Browser, desktop: dict | None = None) -> Iterator[Phone]:
    """A phone-sized page in a context of its own (its own login), that reaches nothing
    but 127.0.0.1 and counts each request for another host in `aborted`; a journey with two
    coaches opens a second one on the same browser.
    With `desktop` (a viewport), a desktop's window instead."""
    if desktop is None:
        context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True)
    else:
        context = browser.new_context(viewport=desktop)
    page = context.new_page()
    page.set_default_timeout(15_000)
    phone = Phone(page)

    def counted(request: Request) -> None:
        if urlsplit(request.url).hostname not in LOCAL_HOSTS:
            phone.aborted.append(request.url)

    context.on("request", counted)
    try:
        yield phone
    finally:
        context.close()
