"""Two coaches before a GDBBL kick-off on phones (390 x 844), the issue's "Done when" with the
ruleset's defaults: the Altdorf Hammers (Humans, rating 100, 60,000 in the treasury, #3 with
a Niggling Injury) at home to the Iron Tuskers (Orcs, rating 125). varag hires one Catcher
freebooter (35,000, half of 70,000), griff hires none; the ratings at kick-off are fixed at
100 and 125, so the Humans are 25 behind: +1 Special Play card, +1 MVP. The gate is 5D6
(Fan Factors 3 + 2): 3 4 5 6 1 = 19,000 fans. varag's D6 of 4 draws 2 cards and the
handicap's one (3), home first; #3's niggle die of 1 keeps him out. The Hammers' ledger shows
the freebooters' one entry. No page scrolls sideways; nothing is asked of a host but
127.0.0.1."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.dice import dice_enter
from tests.browser.conftest import PHONE, Phone, phone_open
from tests.browser.steps import coach_create, log_in, rulesets_load
from tests.matches.gdbbl_rated import rated_teams
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "before-kick-off-gdbbl"
NIGGLED = 3  # a Human Lineman with a Niggling Injury


@pytest.fixture
def gdbbl_match() -> tuple[int, int]:
    """The friendly and the Hammers' id, written before the browser starts (see the phone
    fixture). The teams are tests/matches/gdbbl_rated.py's; #3 of the Hammers has a Niggling
    Injury, and the table's dice for his niggle (1) and varag's cards (4) are entered."""
    rulesets_load("gdbbl")
    varag, griff = coach_create("varag", PASSWORD), coach_create("griff", PASSWORD)
    humans, orcs = rated_teams(varag, griff)
    player = humans.players.get(number=NIGGLED)
    niggle = {"op": "player", "player": player.key, "field": "injury", "injury": "N", "add": True}
    record(humans, "report", f"#{NIGGLED} is niggled", varag, [niggle])
    match = friendly_of(humans, orcs)
    dice_enter(match, varag, f"niggle for home #{NIGGLED}", "D6", [1])
    dice_enter(match, varag, "special play cards for home", "D6", [4])
    return match.pk, humans.pk


def fits(phone: Phone) -> None:
    """Nothing to scroll sideways, and nothing asked of a host but 127.0.0.1."""
    assert phone.page.viewport_size == PHONE
    assert phone.horizontal_overflow() == 0, phone.page.url
    assert phone.aborted == []


def said(page: Page, message: str) -> None:
    expect(page.locator(".messages")).to_contain_text(message)


def dice_type(page: Page, purpose: str, notation: str, values: str) -> None:
    """Enters dice rolled at the table through the page's dice form."""
    form = page.locator("form.dice-form")
    form.get_by_label("What the roll is for").fill(purpose)
    form.get_by_label("Roll", exact=True).fill(notation)
    form.get_by_label("Dice as they fell").fill(values)
    form.get_by_role("button", name="Enter our dice").click()
    said(page, "Dice entered.")


def test_the_hammers_hire_a_catcher_and_play_the_tuskers_with_the_handicap(
    live_server, gdbbl_match: tuple[int, int], phone: Phone
) -> None:
    pk, hammers = gdbbl_match
    base, page = live_server.url, phone.page
    url = f"{base}/matches/{pk}/"
    log_in(page, base, "varag", PASSWORD)
    page.goto(url)
    home = page.get_by_test_id("kick-off-home")
    expect(home).to_contain_text("Full: Thrower (2 of 2).")
    expect(home.get_by_label("How many Thrower freebooters")).to_have_count(0)
    expect(page.get_by_test_id("rating-home")).to_contain_text(
        "once both teams have hired their freebooters"
    )
    expect(page.get_by_test_id("niggles-home")).to_have_text("Niggling injuries: not rolled yet.")
    fits(phone)
    home.get_by_label("How many Catcher freebooters (35,000 gp each; room for 2)").fill("1")
    expect(home.get_by_test_id("running-bill-home")).to_have_text("35,000")
    fits(phone)
    home.get_by_role("button", name="Hire the freebooters").click()
    said(page, "Freebooters hired.")
    expect(page.get_by_test_id("freebooters-home")).to_have_text("Freebooters: Freebooter Catcher")
    bill = page.get_by_test_id("bill-home")
    expect(bill).to_contain_text("Freebooter Catcher")
    expect(bill.locator("tfoot")).to_contain_text("35,000")
    expect(page.get_by_test_id("kick-off-home")).to_contain_text("From the treasury: 35,000 gp")
    fits(phone)

    with phone_open(page.context.browser) as other:  # griff, on his own phone
        log_in(other.page, base, "griff", PASSWORD)
        other.page.goto(url)
        away = other.page.get_by_test_id("kick-off-away")
        expect(other.page.get_by_test_id("kick-off-home").locator("form")).to_have_count(0)
        fits(other)
        away.get_by_role("button", name="Hire the freebooters").click()
        said(other.page, "Freebooters hired.")
        expect(other.page.get_by_test_id("freebooters-away")).to_have_text("Freebooters: none")
        # Home first: griff may not draw his cards before varag has drawn his.
        expect(other.page.get_by_role("button", name="Roll for Special Play cards")).to_have_count(
            0
        )
        fits(other)

    page.goto(url)
    expect(page.get_by_test_id("rating-home")).to_contain_text(
        "Team rating at kick-off: 100 (team value 1,000,000 gp)"
    )
    expect(page.get_by_test_id("rating-away")).to_contain_text(
        "Team rating at kick-off: 125 (team value 1,250,000 gp)"
    )
    expect(page.get_by_test_id("handicap-home")).to_have_text(
        "Handicap: 25 below: +1 Special Play card, +1 MVP"
    )
    expect(page.get_by_test_id("handicap-away")).to_have_text("Handicap: none")
    fits(phone)

    page.get_by_role("button", name="Record the weather").click()  # the server rolls its 2D6
    said(page, "Weather recorded.")
    expect(page.get_by_test_id("weather")).to_contain_text("(2D6, rolled)")
    expect(page.get_by_role("button", name="Record the weather")).to_have_count(0)
    fits(phone)

    expect(page.get_by_text("A D6 for each point of both Fan Factors (5D6)")).to_be_visible()
    dice_type(page, "gate", "5D6", "3 4 5 6 1")
    page.get_by_role("button", name="Record the gate").click()
    said(page, "Gate recorded.")
    expect(page.get_by_test_id("gate")).to_have_text(
        "Gate: 19,000 fans · 5D6 3 4 5 6 1 = 19 (entered)"
    )
    fits(phone)

    page.get_by_role("button", name="Roll for Special Play cards").click()
    said(page, "Special Play cards drawn.")
    expect(page.get_by_test_id("cards-home")).to_have_text(
        "Special Play cards: 3 · D6 4 (entered), 1 of them the handicap's"
    )
    page.get_by_role("button", name="Roll for niggling injuries").click()
    said(page, "Niggling injuries rolled for.")
    expect(page.get_by_test_id("niggles-home")).to_have_text(
        f"Niggling injuries: #{NIGGLED} misses this match."
    )
    fits(phone)

    with phone_open(page.context.browser) as other:  # griff again, now the Hammers have drawn
        log_in(other.page, base, "griff", PASSWORD)
        other.page.goto(url)
        other.page.get_by_role("button", name="Roll for Special Play cards").click()
        said(other.page, "Special Play cards drawn.")
        expect(other.page.get_by_test_id("cards-away")).to_contain_text("(rolled)")
        other.page.get_by_role("button", name="Roll for niggling injuries").click()
        said(other.page, "Niggling injuries rolled for.")
        expect(other.page.get_by_test_id("niggles-away")).to_have_text(
            "Niggling injuries: every player plays."
        )
        fits(other)

    page.goto(url)
    for testid in ("rating-home", "rating-away", "handicap-home", "gate", "weather",
                   "cards-home", "cards-away", "niggles-home", "niggles-away"):  # fmt: skip
        expect(page.get_by_test_id(testid)).to_be_visible()
    cards = page.locator("[data-testid^='cards-team-']")
    expect(cards.nth(0)).to_contain_text("Altdorf Hammers")  # home first
    expect(cards.nth(1)).to_contain_text("Iron Tuskers")
    expect(page.get_by_test_id("niggles-home")).to_contain_text(f"#{NIGGLED} misses this match")
    fits(phone)

    page.goto(f"{base}/teams/{hammers}/")
    expect(page.locator("dt:text-is('Treasury') + dd")).to_have_text("25,000 gp")
    entries = page.locator("ol.ledger li").filter(has_text="Freebooters for")
    expect(entries).to_have_count(1)
    expect(entries).to_contain_text("Altdorf Hammers v Iron Tuskers")
    expect(entries).to_contain_text("Freebooter Catcher ×1, 35,000 gp")
    expect(entries).to_contain_text("treasury −35,000")  # one entry, caused by the match
    fits(phone)
