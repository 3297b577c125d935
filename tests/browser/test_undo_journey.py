"""Undo on a phone, on the demo data: jim, the Old World Classic's commissioner who coaches
no team (nuffle plays the Reavers this season, so it is not his to do), takes back the
Reikland Reavers' retirement of #1 Lineman 1 with a typed reason, and is told which later
entry stands in the way when he tries to take back the SPP an improvement roll was made on.
The team's own coach is offered no undo at all."""

from __future__ import annotations

import re

import pytest
from django.db import connections
from playwright.sync_api import Page, expect

from league.demo import DEMO_PASSWORD, demo_data_create
from rules.edition import edition_read
from rules.services import edition_load
from teams.models import Team
from tests.browser.conftest import Phone
from tests.browser.steps import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REASON = "Lineman 1 only sat out a match: the retirement was a slip of the finger"


@pytest.fixture
def reavers() -> int:
    # Written before the browser starts (see the phone fixture). A transactional test starts
    # from an emptied database: the demo's two rulesets are loaded first.
    edition_load(edition_read("lrb6"))
    edition_load(edition_read("gdbbl"))
    demo_data_create()
    return Team.objects.get(name="Reikland Reavers").pk


def roster_row(page: Page, name: str):
    """The roster table's row of the player with exactly this name."""
    return page.locator("table.roster tbody tr").filter(
        has=page.get_by_role("cell", name=name, exact=True)
    )


def test_a_commissioner_undoes_a_retirement_and_is_told_what_blocks_another_undo(
    live_server, reavers: int, phone: Phone
) -> None:
    page = phone.page
    roster = f"{live_server.url}/teams/{reavers}/"

    log_in(page, live_server.url, "jim", DEMO_PASSWORD)
    page.goto(roster)
    lineman = roster_row(page, "Lineman 1")
    expect(lineman).to_have_class("status-retired")  # entry #6: struck through
    expect(lineman).to_have_css("text-decoration-line", "line-through")
    # 20,000 after its purchase, and round 1's 60,000 winnings (entry #7, the demo's report).
    expect(page.locator(".team-block")).to_contain_text("80,000 gp")

    page.get_by_label("Why undo #6", exact=True).fill(REASON)
    page.get_by_role("button", name="Undo #6", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Undid #6: #1 Lineman 1 retired.")
    # He is back on the team, no longer struck through; an LRB6 retirement moved no gold, so
    # neither does its undo: 80,000 as before.
    expect(lineman).to_have_class("status-active")
    expect(lineman).not_to_have_css("text-decoration-line", "line-through")
    expect(page.locator(".team-block")).to_contain_text("80,000 gp")
    retirement = page.locator("#entry-6")
    expect(retirement).to_have_class("undone")
    expect(retirement).to_contain_text("(undone by #9)")
    expect(retirement.get_by_role("button")).to_have_count(0)  # undone: no second undo
    # A rebuild: #8 takes back round 1's report (#7), #9 the retirement, #10 the report again.
    expect(page.locator("#entry-9")).to_contain_text(
        f"Reverses #6 (#1 Lineman 1 retired): {REASON}"
    )
    assert phone.horizontal_overflow() == 0

    # The SPP of #3 paid for the improvement roll of #4: without them no roll is due.
    page.get_by_label("Why undo #3", exact=True).fill("The exhibition match did not count")
    page.get_by_role("button", name="Undo #3", exact=True).click()
    refusal = page.locator(".form-errors")
    expect(refusal).to_contain_text("Not undone:")
    expect(refusal).to_contain_text(
        "Entry #4 of Reikland Reavers (#11 Blitzer 1: improvement roll 1 (3+4, rolled at the "
        "table)) would no longer fit: Blitzer 1 has no improvement roll due (0 SPP)."
    )
    expect(page.locator("#entry-3")).not_to_have_class("undone")
    expect(page.locator("#entry-4")).not_to_have_class("undone")
    page.get_by_role("button", name="Log out").click()

    # The Reavers' own coach reads the same history with no undo offered.
    log_in(page, live_server.url, "griff", DEMO_PASSWORD)
    page.goto(roster)
    expect(page.locator("#entry-9")).to_be_visible()
    # Lineman 1 is his again to retire; undoing is not his to do.
    expect(page.get_by_role("button", name="Retire Lineman 1")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Undo #"))).to_have_count(0)
    expect(page.locator(".undo-form")).to_have_count(0)
    assert phone.aborted == []

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        team = Team.objects.get(pk=reavers)
        assert team.treasury == 80_000
        assert team.players.get(number=1).status == "active"
        # #7 round 1's report; #8-#10 the undo of #6 (the report reversed and applied again
        # after it); the refused undo of #3 wrote nothing.
        assert team.ledger.count() == 10
        assert team.ledger.get(sequence=8).reverses.sequence == 7
        assert team.ledger.get(sequence=9).reverses.sequence == 6
        assert team.ledger.get(sequence=10).kind == "report"
    finally:
        connections.close_all()
