"""A coach's game is corrected by the commissioner, and he is told: on his phone, the notice
is on his desk with who corrected it, why and what changed, and the mail has come.

The demo's round 1 Nightmares (morg) v Reavers (griff): nuffle types a casualty's D68 as it
fell (45, not 53), as in test_correct_journey."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from league.demo import DEMO_PASSWORD
from tests.browser.conftest import Phone
from tests.browser.steps import demo_to_round_five, log_in
from tests.browser.test_correct_journey import NIGHTMARES, REASON

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_one() -> int:
    """The demo with rounds 2 to 5 played, written before the browser starts; round 1's
    Nightmares v Reavers."""
    season = demo_to_round_five()
    return season.fixtures.get(round__number=1, home__name=NIGHTMARES).match_id


def test_a_coach_is_told_on_his_desk_and_by_mail_that_his_game_was_corrected(
    live_server,
    round_one: int,
    mailoutbox,
    phone: Phone,
) -> None:
    match, page, base = round_one, phone.page, live_server.url
    log_in(page, base, "nuffle", DEMO_PASSWORD)
    page.goto(f"{base}/matches/{match}/")
    page.get_by_test_id("correct-link").click()
    page.locator('[name="cas-1-dice-casualty-1"]').fill("4")
    page.locator('[name="cas-1-dice-casualty-2"]').fill("5")
    page.get_by_label("Why the report is corrected (needed to commit)").fill(REASON)
    page.get_by_role("button", name="Correct the report").click()
    expect(page.get_by_text("Report corrected")).to_be_visible()
    page.get_by_role("button", name="Log out").click()

    # morg, who coaches the Nightmares, finds it on his desk.
    log_in(page, base, "morg", DEMO_PASSWORD)
    title = "The report of Naggaroth Nightmares v Reikland Reavers is corrected"
    told = page.get_by_role("list", name="Your latest notices")
    expect(told).to_contain_text(title)
    expect(told).to_contain_text("by nuffle")
    expect(told).to_contain_text(f"Why: {REASON}")
    expect(told).to_contain_text("What changed:")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name=re.compile(r"^Notices \d+ unread$"))).to_be_visible()
    assert phone.horizontal_overflow() == 0

    # Opening it goes to the match, and it is read.
    told.get_by_role("link", name=title).click()
    expect(page.get_by_test_id("corrected")).to_contain_text(REASON)
    page.goto(base + "/notices/")
    expect(page.get_by_role("heading", name="Notices", level=1)).to_be_visible()
    listed = page.get_by_role("main").get_by_role("listitem").filter(has_text=title)
    expect(listed).to_be_visible()
    expect(listed.get_by_text("new", exact=True)).to_have_count(0)
    assert phone.horizontal_overflow() == 0

    # And the mail has come, to both coaches of the game.
    corrected = [sent for sent in mailoutbox if sent.subject == f"Dugout: {title}"]
    assert sorted(sent.to[0] for sent in corrected) == [
        "griff@dugout.example", "morg@dugout.example"
    ]  # fmt: skip
    assert REASON in corrected[0].body
    assert "What changed:" in corrected[0].body
    assert phone.aborted == []
