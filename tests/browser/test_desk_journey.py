"""A new coach's first evening, on a phone and on a desktop: he signs up and lands on his
desk, builds an LRB6 team from it, finds it on the desk and among his own teams, resets a
forgotten password, and retires the team; the desk then counts it as retired."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from tests.browser.conftest import Phone, screen_launch
from tests.browser.steps import (
    address_confirm,
    credentials_enter,
    race_choose,
    sign_up,
    team_fill,
    team_submit,
)
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PASSWORD = "first-turn-blitz-the-thrower"
NEW_PASSWORD = "a-better-one-after-the-reset"
COACH = "ugroth"
TEAM = "Ugroth's Bolgers"
OTHERS_TEAM = "Someone Else's Orcs"


@pytest.fixture
def other_coach() -> str:
    """LRB6 loaded and another coach's team, written before the browser starts (see the
    phone fixture): "All your teams" must leave it out."""
    edition_load(edition_read("lrb6"))
    other = get_user_model().objects.create_user("varag", "varag@dugout.example", PASSWORD)
    orc_team(other, version_get("lrb6"), OTHERS_TEAM)
    return other.username


@pytest.fixture(params=["phone", "desktop"])
def screen(request, live_server) -> Iterator[Phone]:
    """The page at a phone's size (390x844) or a desktop's (1280x900). Requested after the
    fixtures that write to the database, for the reason the phone fixture gives."""
    with screen_launch(DESKTOP if request.param == "desktop" else None) as screen:
        yield screen


def fits(screen: Phone) -> None:
    """The page is no wider than the screen: nothing to scroll sideways."""
    path = urlsplit(screen.page.url).path
    assert screen.horizontal_overflow() == 0, f"{path} is wider than the screen"


def desk_open(screen: Phone) -> None:
    """Back to the desk through the brand link, as a coach would."""
    screen.page.get_by_role("navigation", name="Main").get_by_role("link", name="Dugout").click()
    expect(screen.page.get_by_role("heading", name="Your desk", level=1)).to_be_visible()
    fits(screen)


def test_a_new_coach_builds_finds_and_retires_his_team_from_the_desk(
    live_server, other_coach: str, mailoutbox, screen: Phone
) -> None:
    page = screen.page
    main = page.get_by_role("main")
    nav = page.get_by_role("navigation", name="Main")
    assert live_server.url.startswith("http://127.0.0.1:")

    # Signs up, and lands on an empty desk.
    page.goto(live_server.url + "/")
    fits(screen)
    nav.get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    fits(screen)
    sign_up(page, COACH, "ugroth@dugout.example", PASSWORD)
    expect(page.get_by_role("heading", name="Your desk", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="First steps")).to_be_visible()
    expect(main.get_by_text("Nothing waits for you.")).to_be_visible()
    expect(page.get_by_role("heading", name="Your teams")).to_have_count(0)
    fits(screen)
    # Confirms his address from the mail, so a password reset may go there.
    expect(main.get_by_role("heading", name="Confirm your e-mail address")).to_be_visible()
    address_confirm(page, mailoutbox, "ugroth@dugout.example")
    mailoutbox.clear()
    page.goto(live_server.url + "/")
    expect(main.get_by_role("heading", name="Confirm your e-mail address")).to_have_count(0)

    # Builds an LRB6 Orc team from the desk.
    main.get_by_role("link", name="Build a team").click()
    expect(page.get_by_role("heading", name="Build a team")).to_be_visible()
    fits(screen)
    page.get_by_label("Ruleset").select_option("lrb6")
    page.wait_for_load_state("networkidle")  # the ruleset's race list is swapped in by htmx
    race_choose(page, "Orc")
    fits(screen)
    squad = {"Lineman": 5, "Blitzer": 4, "Black Orc Blocker": 2}
    team_fill(page, TEAM, squad, rerolls=2, fan_factor=3)
    # 5 x 50,000 + 4 x 80,000 + 2 x 80,000 + 2 x 60,000 + 3 x 10,000 = 880,000
    expect(page.locator("#spent")).to_have_text("880,000")
    fits(screen)
    team_url = team_submit(page, TEAM)
    expect(page.get_by_text(f"{TEAM} is ready: 120,000 gp in the treasury.")).to_be_visible()
    expect(page.get_by_role("heading", name=TEAM, level=1)).to_be_visible()
    fits(screen)
    value = (
        page.locator(".team-block dt", has_text="Team value")
        .locator("xpath=following-sibling::dd[1]")
        .inner_text()
    )
    assert value == "880,000 gp"  # the players, re-rolls and fan factor it was built with

    # The desk lists it with its value; the first steps are gone.
    desk_open(screen)
    team_row = main.locator(".desk-team", has_text=TEAM)
    expect(team_row).to_be_visible()
    expect(team_row).to_contain_text(value)
    expect(team_row).to_contain_text("Orc")
    expect(page.get_by_role("heading", name="First steps")).to_have_count(0)
    expect(main.locator(".desk-team")).to_have_count(1)
    expect(main).not_to_contain_text(OTHERS_TEAM)
    expect(main).not_to_contain_text("retired")

    # "All your teams": his, and only his.
    main.get_by_role("link", name="All your teams").click()
    assert urlsplit(page.url).path == "/teams/"
    assert urlsplit(page.url).query == "mine=1"
    expect(page.get_by_role("heading", name="My teams", level=1)).to_be_visible()
    rows = main.locator("tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(TEAM)
    expect(rows.first).to_contain_text(COACH)
    expect(main).not_to_contain_text(OTHERS_TEAM)
    fits(screen)
    # Every team, for comparison: the other coach's is there.
    main.get_by_role("link", name="All teams", exact=True).click()
    expect(main.get_by_role("link", name=OTHERS_TEAM)).to_be_visible()
    fits(screen)

    # Logs out, forgets his password and sets a new one through the mailed link.
    page.get_by_role("button", name="Log out").click()
    expect(nav.get_by_role("link", name="Log in")).to_be_visible()
    fits(screen)
    nav.get_by_role("link", name="Log in").click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    fits(screen)
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    fits(screen)
    page.get_by_label("Email").fill("ugroth@dugout.example")
    page.get_by_role("button", name="Mail me a link").click()
    expect(page.get_by_role("heading", name="Check your mail")).to_be_visible()
    fits(screen)
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["ugroth@dugout.example"]
    link = re.search(r"http://127\.0\.0\.1:\d+/accounts/password/reset/\S+", mailoutbox[0].body)
    assert link is not None, mailoutbox[0].body
    page.goto(link.group(0))
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    fits(screen)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()
    fits(screen)
    main.get_by_role("link", name="Log in").click()
    credentials_enter(page, COACH, NEW_PASSWORD)
    fits(screen)

    # Retires the team, after being told what follows.
    page.goto(team_url)
    expect(page.get_by_role("heading", name=TEAM, level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="Buy from the treasury")).to_be_visible()
    page.get_by_role("link", name="Retire the team…").click()
    expect(page.get_by_role("heading", name=f"Retire {TEAM}?")).to_be_visible()
    expect(main).to_contain_text("This cannot be taken back")
    fits(screen)
    page.get_by_role("button", name=f"Retire {TEAM} for good").click()
    expect(page.get_by_text(f"{TEAM} is retired.")).to_be_visible()
    heading = page.get_by_role("heading", name=TEAM, level=1)
    expect(heading).to_contain_text("retired")
    expect(page.get_by_role("heading", name="Buy from the treasury")).to_have_count(0)
    expect(page.locator("form.buy-form")).to_have_count(0)
    expect(page.get_by_role("link", name="Retire the team…")).to_have_count(0)
    fits(screen)

    # The desk no longer lists it, and counts it as retired.
    desk_open(screen)
    expect(main.locator(".desk-team")).to_have_count(0)
    expect(main.get_by_role("link", name=TEAM)).to_have_count(0)
    expect(main).to_contain_text("(1 retired)")
    expect(main.get_by_text("None still playing.")).to_be_visible()
    expect(page.get_by_role("heading", name="First steps")).to_have_count(0)
    expect(main.get_by_text("Nothing waits for you.")).to_be_visible()
    main.get_by_role("link", name="All your teams").click()
    expect(main.locator("tbody tr")).to_have_count(1)
    expect(main.get_by_role("link", name=TEAM)).to_be_visible()
    fits(screen)

    assert screen.aborted == []
