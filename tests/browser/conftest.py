"""Playwright driving Debian's chromium at a phone's viewport, allowed to reach 127.0.0.1 only."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from django.db import connection
from playwright.sync_api import Page, Route, sync_playwright

from tests.conftest import CHROMIUM_PATH

PHONE = {"width": 390, "height": 844}
LOCAL_HOSTS = frozenset({"127.0.0.1"})
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
        return self.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


@pytest.fixture
def phone(live_server) -> Iterator[Phone]:
    # Playwright's sync API runs an event loop in this thread; the live server's database
    # work happens in its own thread, so Django's async-safety guard does not apply.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        phone = Phone(page)

        def only_local(route: Route) -> None:
            if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
                route.continue_()
            else:
                phone.aborted.append(route.request.url)
                route.abort()

        context.route("**/*", only_local)
        try:
            yield phone
        finally:
            context.close()
            browser.close()
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    # Outside Playwright's event loop, where Django allows database work again.
    close_stray_connections()


def close_stray_connections() -> None:
    """Ends database sessions the live server's request threads left open.

    A request thread that dies with its browser connection can leave its PostgreSQL
    session idle; PostgreSQL then refuses to drop the test database at the end of the run.
    """
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
