"""Issue 26's "Done when" on a phone (390 x 844): in the demo league, five rounds played, its
commissioner reverts a round-one report with a reason. First the revert cannot stand: a
later fine of the Reavers needs the money that game brought them, so the page lists it to
review and nothing changes. He undoes the fine on the Reavers' roster and reverts again: the
match then says who reverted it, when and why; the Reavers lose the 3 points of their 2-1
win at the Nightmares', every later report of both teams worked out again; the ledgers and
the tables check clean. Then it turns out the game did count: he applies the report again,
back in its place, and the Reavers have their points again.

The demo (league.demo) plays round 1 of the Old World Classic: Naggaroth Nightmares 1-2
Reikland Reavers, Underworld Creepers 2-1 Gouged Eye. Rounds 2 to 5 are reported here, each
home side winning 1-0, the server rolling every die. Then the commissioner fines the
Reavers all but half of what their round-1 win brought them: without that win, the fine
would take the treasury below nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections
from playwright.sync_api import expect

from league.demo import DEMO_LEAGUE, DEMO_PASSWORD, NEUTRAL_COMMISSIONER
from league.models import Standing
from teams.between_matches import team_adjust
from teams.models import LedgerEntry, Team
from tests.browser.conftest import Phone
from tests.browser.steps import demo_to_round_five, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REAVERS, NIGHTMARES = "Reikland Reavers", "Naggaroth Nightmares"
REASON = "Played as a friendly: it should never have counted."
FINE = "Fined for an unregistered Star Player"
AGAIN = "It was a league game after all."


@pytest.fixture
def five_rounds() -> tuple[int, int, int]:
    """The demo, rounds 2 to 5 played, and the Reavers fined. Written before the browser
    starts; a transactional test starts from an emptied database, so the demo's two rulesets
    are loaded first. Returns the round-1 match to revert, the Reavers and the fine's entry."""
    season = demo_to_round_five()
    match = season.fixtures.get(round__number=1, home__name=NIGHTMARES).match
    won = LedgerEntry.objects.get(cause__kind="report", cause__ref=match.pk, team__name=REAVERS)
    winnings = sum(delta["amount"] for delta in won.deltas if delta["op"] == "treasury")
    reavers = Team.objects.get(name=REAVERS)
    commissioner = season.league.commissioners.get(
        username=NEUTRAL_COMMISSIONER
    )  # not nuffle: he plays them
    team_adjust(reavers, commissioner, FINE, treasury=-(reavers.treasury - winnings // 2))
    fine = reavers.ledger.order_by("-sequence").first().sequence
    return match.pk, reavers.pk, fine


def points(name: str) -> int:
    return Standing.objects.get(season__league__name=DEMO_LEAGUE, team__name=name).points


def revert(page, reason: str) -> None:
    form = page.get_by_test_id("revert-form")
    form.get_by_label("Why it should never have been applied").fill(reason)
    form.get_by_role("button", name="Revert the report").click()


def test_a_commissioner_reverts_a_round_one_report_on_his_phone(
    live_server, five_rounds: tuple[int, int, int], phone: Phone
) -> None:
    match, reavers, fine = five_rounds
    page, base = phone.page, live_server.url
    reavers_before = points(REAVERS)
    # jim, the commissioner who coaches no team: nuffle plays the Reavers, whose fine is undone.
    log_in(page, base, NEUTRAL_COMMISSIONER, DEMO_PASSWORD)

    # The fine needs the money of the round-1 win: nothing changes, the fine is listed.
    page.goto(f"{base}/matches/{match}/")
    revert(page, REASON)
    problems = page.locator(".form-errors")
    expect(problems).to_contain_text(f"Entry #{fine} of {REAVERS} ({FINE}")
    expect(problems).to_contain_text("would no longer fit")
    expect(page.locator(".match-status .badge")).to_have_text("report confirmed")
    assert phone.horizontal_overflow() == 0

    # He undoes the fine on the Reavers' roster, then reverts again.
    page.goto(f"{base}/teams/{reavers}/")
    page.get_by_label(f"Why undo #{fine}", exact=True).fill("Fined by mistake")
    page.get_by_role("button", name=f"Undo #{fine}", exact=True).click()
    expect(page.locator(".messages")).to_contain_text(f"Undid #{fine}")
    page.goto(f"{base}/matches/{match}/")
    revert(page, REASON)
    expect(page.get_by_text("Report reverted: both teams are as if it had never been played."))\
        .to_be_visible()  # fmt: skip
    said = page.get_by_test_id("reverted")
    expect(said).to_contain_text(f"by {NEUTRAL_COMMISSIONER} because")
    expect(said).to_contain_text(REASON)
    expect(page.locator(".match-status .badge")).to_have_text("report reverted")
    expect(page.get_by_test_id("revert-form")).to_have_count(0)
    assert phone.horizontal_overflow() == 0

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        # The Reavers' 2-1 win at the Nightmares' counts no longer: 3 points fewer.
        assert points(REAVERS) == reavers_before - 3
        checked()
    finally:
        connections.close_all()

    # It was the right game after all: he applies the report again, back in its place.
    form = page.get_by_test_id("reapply-form")
    form.get_by_label("Why it should stand after all").fill(AGAIN)
    form.get_by_role("button", name="Apply the report again").click()
    expect(page.get_by_text("Report applied again, in its place")).to_be_visible()
    expect(page.get_by_test_id("applied")).to_contain_text("Applied again on")
    expect(page.get_by_test_id("applied")).to_contain_text(AGAIN)
    expect(page.locator(".match-status .badge")).to_have_text("report confirmed")
    expect(page.get_by_test_id("reapply-form")).to_have_count(0)
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
    try:
        assert points(REAVERS) == reavers_before
        checked()
    finally:
        connections.close_all()


def checked() -> None:
    for check in ("ledger_check", "standings_check"):
        call_command(check, stdout=StringIO())  # CommandError on any difference
