"""A coach reads his Orc roster on a phone (390 x 844): every player as a card with his level
title, nothing to scroll sideways; then a rules page, whose notes on our sources wait behind
"Sources" until tapped."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, Phone
from tests.browser.steps import level_titles_open, log_in, orcs_create, roster_open, sources_open
from tests.teams.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "two-dice-block-and-go"


@pytest.fixture
def team_pk() -> int:
    """An LRB6 Orc team whose Blitzer 6 has 6 SPP (Experienced), written before the browser
    starts (see the phone fixture)."""
    team = orcs_create("grimgor", PASSWORD)
    blitzer = team.players.get(number=6)
    record(
        team, "report", "Beat the Reavers", team.coach,
        [{"op": "player", "player": blitzer.key, "field": "spp", "amount": 6},
         {"op": "player", "player": blitzer.key, "field": "skill", "skill": "Tackle",
          "add": True}],
    )  # fmt: skip
    return team.pk


def test_the_roster_fits_a_phone_and_shows_each_player_s_title(
    live_server, team_pk: int, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, "grimgor", PASSWORD)
    roster_open(page, live_server.url, team_pk)
    expect(page.get_by_role("heading", name="Gouged Eye")).to_be_visible()
    assert page.viewport_size == PHONE

    # No sideways scrolling: neither the page nor the roster's own box.
    assert phone.horizontal_overflow() == 0
    box = page.locator(".table-scroll").first
    assert box.evaluate("el => el.scrollWidth - el.clientWidth") == 0

    cards = page.locator("table.roster tbody tr")
    expect(cards).to_have_count(11)
    for index in range(11):
        card = cards.nth(index)
        name = card.locator(".p-name").inner_text().splitlines()[0]
        title = "Experienced" if name == "Blitzer 6" else "Rookie"
        expect(card.locator(".p-level")).to_be_visible()
        expect(card.locator(".p-level")).to_have_text(title)
        # Every card fits the screen, and shows the essentials.
        right = card.evaluate("el => el.getBoundingClientRect().right")
        assert right <= PHONE["width"], (name, right)
        for part in (".p-number", ".p-position", ".p-spp", ".p-value"):
            expect(card.locator(part)).to_be_visible()
        expect(card.locator(".p-stat")).to_have_count(4)
        expect(card.get_by_role("button", name=f"Fire {name}")).to_be_visible()

    blitzer = cards.filter(has_text="Blitzer 6")
    expect(blitzer).to_contain_text("Experienced")
    expect(blitzer.locator(".p-skills")).to_have_text("Block, Tackle")
    # A characteristic is read with its name, not from a column header the phone hides.
    expect(blitzer.locator(".p-stat").first).to_have_text("6")
    label = blitzer.locator(".p-stat").first.evaluate(
        "el => getComputedStyle(el, '::before').content"
    )
    assert label == '"MA "'
    expect(page.locator("table.roster thead")).to_be_hidden()
    assert phone.aborted == []


def test_a_rules_page_keeps_its_sources_closed_until_tapped(
    live_server, team_pk: int, phone: Phone
) -> None:
    page = phone.page
    levels = level_titles_open(page, live_server.url, "lrb6")
    note = levels.get_by_text("From lrb6-facts §2", exact=False)
    expect(note).to_be_hidden()
    assert phone.horizontal_overflow() == 0

    sources_open(levels)
    expect(note).to_be_visible()
    expect(levels.get_by_role("row").filter(has_text="Legend")).to_contain_text("176+")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
