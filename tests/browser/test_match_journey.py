"""Two coaches, each on his own phone: one offers a friendly and the other accepts it; then
they report their league fixture, with a die entered at the table and one rolled by the
server; the report is disputed, corrected and confirmed, and the season page shows the result."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import Page, expect

from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.models import Match
from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from tests.browser.conftest import Phone, phone_open
from tests.browser.steps import log_in
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "two-phones-one-pitch"
HOME, AWAY = "Gouged Eye", "Da Krumpers"  # varag's team and griff's
REASON = "Da Krumpers scored again in the last turn: it was 2-2"
PLAYED_ON = datetime.date.today() - datetime.timedelta(days=3)  # never in the future


@pytest.fixture
def league() -> tuple[int, str]:
    """Two coaches with an Orc team each, in a league whose round robin has started: the
    league and its fixture as the match page heads its score ("Home {} Away"). Written
    before the browser starts (see the phone fixture)."""
    edition_load(edition_read("lrb6"))
    users = get_user_model().objects
    commissioner = users.create_user("nuffle", password=PASSWORD)
    lrb6 = version_get("lrb6")
    teams = [
        orc_team(users.create_user(username, password=PASSWORD), lrb6, name)
        for username, name in (("varag", HOME), ("griff", AWAY))
    ]
    league = league_create(commissioner, "Old World Classic", lrb6, "Two teams, one fixture.")
    for team in teams:
        membership_decide(membership_request(league, team.coach, team), commissioner, approve=True)
    fixture = season_start(league, commissioner, "round_robin").fixtures.get()
    return league.pk, f"{fixture.home.name} {{}} {fixture.away.name}"


def second_phone(phone: Phone):
    """Another phone on the same browser, logged in on its own."""
    return phone_open(phone.page.context.browser)


def status_of(page: Page):
    return page.locator(".match-status .badge")


def fits(*phones: Phone) -> None:
    for phone in phones:
        assert phone.horizontal_overflow() == 0, phone.page.url


def open_waiting(page: Page, url: str, what: str) -> None:
    """Opens the waiting page and, from it, the one match waiting for `what`."""
    page.goto(url + "/matches/waiting/")
    waiting = page.get_by_role("list", name="Waiting for you").get_by_role("listitem")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text(what)
    waiting.get_by_role("link").click()


def test_two_coaches_play_a_friendly_and_report_their_fixture_on_phones(
    live_server, league: tuple[int, str], phone: Phone
) -> None:
    league_pk, score = league
    # varag's touchdowns first: the fixture's home team may be either.
    two_one, two_two = score.format("2–1" if score.startswith(HOME) else "1–2"), score.format("2–2")
    url = live_server.url
    season = f"{url}/leagues/{league_pk}/seasons/1/"
    with second_phone(phone) as other:
        varag, griff = phone.page, other.page
        log_in(varag, url, "varag", PASSWORD)
        log_in(griff, url, "griff", PASSWORD)

        # 1. varag offers a friendly; griff finds it waiting and accepts it.
        varag.goto(url + "/matches/friendly/new/")
        varag.get_by_label("Your team").select_option(label=f"{HOME} (Living Rulebook 6 v1)")
        varag.get_by_role("button", name="Show opponents").click()
        varag.get_by_label(f"Opponent for {HOME}").select_option(label=f"{AWAY} (Orc, coach griff)")
        fits(phone)
        varag.get_by_role("button", name="Offer the friendly").click()
        expect(varag.locator(".messages")).to_contain_text(
            "Friendly offered to griff: it waits for an answer."
        )
        expect(status_of(varag)).to_have_text("offered")
        expect(varag.locator(".match-status")).to_contain_text("Friendly")
        fits(phone)

        open_waiting(griff, url, "varag offers a friendly: accept or decline it.")
        expect(status_of(griff)).to_have_text("offered")
        fits(other)
        griff.get_by_role("button", name="Accept the friendly").click()
        expect(griff.locator(".messages")).to_contain_text("Friendly accepted: it is to play.")
        expect(status_of(griff)).to_have_text("to play")
        griff.goto(url + "/matches/waiting/")
        expect(griff.get_by_role("list", name="Waiting for you")).to_contain_text(
            "Nothing waits for you."
        )
        fits(other)

        # 2. The league fixture: varag drafts the report with its dice and submits it.
        varag.goto(season)
        fixture = varag.locator(".fixture")
        expect(fixture).to_have_count(1)
        fits(phone)
        fixture.get_by_role("link", name="v", exact=True).click()
        expect(varag.locator(".breadcrumbs")).to_contain_text("Old World Classic")
        expect(status_of(varag)).to_have_text("to play")
        fits(phone)
        varag.get_by_label("Date played").fill(PLAYED_ON.isoformat())
        varag.get_by_label(f"{HOME} touchdowns").fill("2")
        varag.get_by_label(f"{AWAY} touchdowns").fill("1")
        varag.get_by_label("Let the server roll the dice and draw the MVPs left blank").check()
        varag.get_by_role("button", name="Save the draft").click()
        expect(varag.locator(".messages")).to_contain_text("Report saved as a draft.")
        expect(status_of(varag)).to_have_text("report drafted")
        match_url = varag.url

        expect(varag.get_by_label("Dice as they fell")).to_have_value("")
        varag.get_by_label("What the roll is for").fill("winnings, home")
        varag.get_by_label("Roll", exact=True).fill("D6")
        varag.get_by_label("Dice as they fell").fill("4")
        varag.get_by_role("button", name="Enter our dice").click()
        expect(varag.locator(".messages")).to_contain_text("Dice entered.")
        varag.get_by_label("What the roll is for").fill("winnings, away")
        varag.get_by_label("Roll", exact=True).fill("D6")
        varag.get_by_role("button", name="Let the server roll").click()
        expect(varag.locator(".messages")).to_contain_text("Dice rolled.")
        expect(varag.locator(".dice-log tbody tr")).to_have_count(4)  # and the two MVP draws
        fits(phone)
        varag.get_by_role("button", name="Submit the report").click()
        expect(varag.locator(".messages")).to_contain_text(
            "Report submitted: it waits for the opposing coach."
        )
        expect(status_of(varag)).to_have_text("report submitted")
        fits(phone)

        # griff finds it waiting and disputes it.
        open_waiting(griff, url, "Confirm the report, or dispute it with a reason.")
        assert griff.url == match_url
        expect(griff.get_by_test_id("score")).to_have_text(two_one)
        fits(other)
        griff.get_by_label("What is wrong with it").fill(REASON)
        griff.get_by_role("button", name="Dispute the report").click()
        expect(griff.locator(".messages")).to_contain_text(
            "Report disputed: the submitting coach has been told why."
        )
        expect(status_of(griff)).to_have_text("report disputed")
        fits(other)

        # varag finds his report disputed, corrects it and submits it again.
        open_waiting(varag, url, "Your report is disputed: correct it and submit it again.")
        expect(status_of(varag)).to_have_text("report disputed")
        expect(varag.locator(".steps")).to_contain_text(f"dispute by griff: “{REASON}”")
        expect(varag.get_by_label("Date played")).to_have_value(PLAYED_ON.isoformat())
        expect(varag.get_by_label(f"{HOME} touchdowns")).to_have_value("2")
        varag.get_by_label(f"{AWAY} touchdowns").fill("2")
        varag.get_by_role("button", name="Save the draft").click()
        expect(varag.locator(".messages")).to_contain_text("Report saved as a draft.")
        expect(varag.get_by_test_id("score")).to_have_text(two_two)
        varag.get_by_role("button", name="Submit the report").click()
        expect(varag.locator(".messages")).to_contain_text("Report submitted")
        expect(status_of(varag)).to_have_text("report submitted")
        fits(phone)

        # griff confirms it.
        open_waiting(griff, url, "Confirm the report, or dispute it with a reason.")
        expect(griff.get_by_test_id("score")).to_have_text(two_two)
        griff.get_by_role("button", name="Confirm the report").click()
        expect(griff.locator(".messages")).to_contain_text("Report confirmed.")
        expect(status_of(griff)).to_have_text("report confirmed")
        expect(griff.get_by_role("button", name="Confirm the report")).to_have_count(0)
        expect(griff.get_by_label("What the roll is for")).to_have_count(0)  # dice closed
        fits(other)

        # 3. The season page shows the result; the match page its dice and every step.
        griff.goto(season)
        result = griff.locator(".fixture .result")
        expect(result).to_have_text("2–2")
        fits(other)
        result.click()
        assert griff.url == match_url
        rows = griff.locator(".dice-log tbody tr")
        # The report's four, and the six the post-game sequence rolled when griff confirmed
        # the 2-2 draw (the gate's 2D6 each, the winnings' D6 each, the fan factor's 2D6 each).
        expect(rows).to_have_count(10)
        expect(rows.filter(has_text="MVP for")).to_have_count(2)
        for purpose in ("gate for", "winnings for", "fan factor for"):
            expect(rows.filter(has_text=purpose)).to_have_count(2)
        expect(griff.get_by_test_id("applied")).to_contain_text("Applied to both teams")
        rows = rows.filter(has_text="winnings")
        expect(rows.nth(0).get_by_role("cell")).to_have_text(
            ["winnings, home", "D6", "4", "4", "entered", "varag"]
        )
        rolled = rows.nth(1).get_by_role("cell")
        expect(rolled.nth(0)).to_have_text("winnings, away")
        expect(rolled.nth(1)).to_have_text("D6")
        expect(rolled.nth(2)).to_have_text(re.compile(r"^[1-6]$"))
        assert rolled.nth(3).inner_text() == rolled.nth(2).inner_text()  # one die reads itself
        expect(rolled.nth(4)).to_contain_text("rolled")
        expect(rolled.nth(5)).to_have_text("varag")
        steps = griff.locator(".steps li")
        expect(steps).to_have_count(6)  # draft, submit, dispute, draft, submit, confirm
        expect(steps.nth(2)).to_contain_text(f"dispute by griff: “{REASON}”")
        expect(steps.nth(5)).to_contain_text("confirm by griff")
        fits(other)
        assert phone.aborted == []
        assert other.aborted == []

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        friendly, league_match = Match.objects.order_by("kind")
        assert (friendly.kind, friendly.status) == ("friendly", "scheduled")
        assert (league_match.kind, league_match.status) == ("league", "confirmed")
        rolled = league_match.dice.get(purpose="winnings, away")
        assert rolled.seed == league_match.seed
        assert 1 <= rolled.total <= 6
        fixture = league_match.fixture
        assert (fixture.status, fixture.home_touchdowns, fixture.away_touchdowns) == (
            "played",
            2,
            2,
        )
    finally:
        connections.close_all()
