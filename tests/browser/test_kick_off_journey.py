"""Two coaches before an LRB6 kick-off on phones (390 x 844), the issue's worked example: the
Reikland Reavers (Humans, 9 players able to play, team value 900,000, 30,000 in the
treasury) meet Da Giants (1,400,000). varag takes two Lineman journeymen (1,000,000 at
kick-off), griff takes none; the Reavers receive 400,000 of petty cash, induce Mighty Zug
(260,000) and a Wizard (150,000), and pay the other 10,000 from the treasury (20,000 left).
The match page shows both values, the petty cash, the bill, the gate and FAME with their
dice; the Reavers' ledger shows the one entry the match caused. No page scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules.selectors import version_get
from teams.services import team_create
from tests.browser.conftest import PHONE, Phone, phone_open
from tests.browser.steps import coach_create, log_in, rulesets_load
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import orc_team, record, squad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "before-kick-off-6"
HUMANS = ((9, "Lineman"), (2, "Blitzer"))


@pytest.fixture
def kick_off_match() -> tuple[int, int]:
    """The friendly and the Reavers' id, written before the browser starts (see the phone
    fixture). The Reavers are built as tests/matches/kick_off/test_kick_off.py builds them:
    1,000,000 with two Linemen missing the next game, so 900,000."""
    rulesets_load("lrb6")
    lrb6 = version_get("lrb6")
    varag, griff = coach_create("varag", PASSWORD), coach_create("griff", PASSWORD)
    humans = team_create(
        varag, lrb6, "Reikland Reavers", "human", squad(*HUMANS), rerolls=3,
        fan_factor=9, staff={"apothecary": 1, "assistant_coach": 8},
    )  # fmt: skip
    for player in humans.players.filter(number__in=(1, 2)):
        change = {"op": "player", "player": player.key, "field": "status", "from": "active",
                  "to": "missing_next_game"}  # fmt: skip
        record(humans, "report", f"#{player.number} is hurt", varag, [change])
    record(humans, "adjustment", "Prize money", varag, [{"op": "treasury", "amount": 30_000}])
    giants = orc_team(griff, lrb6, "Da Giants")
    star = giants.players.get(number=6)
    grown = {"op": "player", "player": star.key, "field": "value_increase", "amount": 470_000}
    record(giants, "adjustment", "Grown", griff, [grown])
    return friendly_of(humans, giants).pk, humans.pk


def fits(phone: Phone) -> None:
    """Nothing to scroll sideways, and nothing asked of a host but 127.0.0.1."""
    assert phone.page.viewport_size == PHONE
    assert phone.horizontal_overflow() == 0, phone.page.url
    assert phone.aborted == []


def said(page: Page, message: str) -> None:
    expect(page.locator(".messages")).to_contain_text(message)


def gate_dice(page: Page, side: str, values: str) -> None:
    """Enters the gate's 2D6 for a side through the page's dice form."""
    form = page.locator("form.dice-form")
    form.get_by_label("What the roll is for").fill(f"gate for {side}")
    form.get_by_label("Roll", exact=True).fill("2D6")
    form.get_by_label("Dice as they fell").fill(values)
    form.get_by_role("button", name="Enter our dice").click()
    said(page, "Dice entered.")


def test_the_reavers_take_two_journeymen_and_induce_mighty_zug_and_a_wizard(
    live_server, kick_off_match: tuple[int, int], phone: Phone
) -> None:
    pk, reavers = kick_off_match
    base, page = live_server.url, phone.page
    url = f"{base}/matches/{pk}/"
    log_in(page, base, "varag", PASSWORD)
    page.goto(url)
    home = page.get_by_test_id("kick-off-home")
    expect(home).to_contain_text("9 players able to play: it may take up to 2 journeymen")
    expect(home.get_by_label("How many Blitzer journeymen")).to_have_count(0)
    fits(phone)
    home.get_by_label("How many Lineman journeymen").fill("2")
    home.get_by_role("button", name="Take the journeymen").click()
    said(page, "Journeymen taken.")
    fits(phone)

    with phone_open(page.context.browser) as other:  # griff, on his own phone
        log_in(other.page, base, "griff", PASSWORD)
        other.page.goto(url)
        away = other.page.get_by_test_id("kick-off-away")
        expect(away).to_contain_text("Da Giants has 11 players able to play: it takes none.")
        fits(other)
        away.get_by_role("button", name="Take no journeymen").click()
        said(other.page, "Journeymen taken.")
        gate_dice(other.page, "away", "2 2")
        fits(other)

    page.goto(url)
    home, away = page.get_by_test_id("kick-off-home"), page.get_by_test_id("kick-off-away")
    expect(home).to_contain_text("Value at kick-off: 1,000,000 gp")
    expect(home).to_contain_text("Petty cash: 400,000 gp")
    expect(away).to_contain_text("Value at kick-off: 1,400,000 gp")
    expect(away).to_contain_text("Petty cash: 0 gp")
    expect(home).to_contain_text("Budget: 400,000 gp of petty cash + up to 30,000 gp")
    expect(home).to_contain_text("Igor: only for teams that may not have an apothecary.")
    home.get_by_label("Wizard").fill("1")
    home.get_by_label("Star player 1").select_option("Mighty Zug")
    expect(home.get_by_test_id("running-bill-home")).to_have_text("410,000")
    fits(phone)
    home.get_by_role("button", name="Buy the inducements").click()
    said(page, "Inducements bought.")
    expect(page.get_by_test_id("kick-off-home")).to_contain_text("Journeymen: Lineman ×2")
    bill = page.get_by_test_id("bill-home")
    expect(bill).to_contain_text("Wizard")
    expect(bill).to_contain_text("150,000")
    expect(bill).to_contain_text("Mighty Zug")
    expect(bill).to_contain_text("260,000")
    expect(bill.locator("tfoot")).to_contain_text("410,000")
    expect(page.get_by_test_id("kick-off-home")).to_contain_text("From the treasury: 10,000 gp")
    fits(phone)

    gate_dice(page, "home", "3 4")
    page.get_by_role("button", name="Record the gate").click()
    said(page, "Gate recorded.")
    home, away = page.get_by_test_id("kick-off-home"), page.get_by_test_id("kick-off-away")
    expect(home).to_contain_text("16,000 fans · FAME 2 · dice 3 4 (2D6, entered)")
    expect(away).to_contain_text("7,000 fans · FAME 0 · dice 2 2 (2D6, entered)")
    expect(page.get_by_role("button", name="Record the gate")).to_have_count(0)
    fits(phone)

    page.goto(f"{base}/teams/{reavers}/")
    expect(page.locator("dt:text-is('Treasury') + dd")).to_have_text("20,000 gp")
    entries = page.locator("ol.ledger li").filter(has_text="Inducements for")
    expect(entries).to_have_count(1)
    expect(entries).to_contain_text("Reikland Reavers v Da Giants")
    expect(entries).to_contain_text("treasury −10,000")  # one entry, caused by the match
    fits(phone)
