"""Issue 25's "Done when" on a phone (390 x 844): after a round of the demo league, its
commissioner opens the league home and reads the table at the top, a tie settled and its
reason shown beside the team, with nothing to scroll sideways; the full table and the
all-time table are a tap away; the check command finds every kept row equal to the matches.

The demo (league.demo) plays round 1 of the Old World Classic: Naggaroth Nightmares 1-2
Reikland Reavers, Underworld Creepers 2-1 Gouged Eye. Round 2 is reported and confirmed
here before the browser starts: Reikland Reavers 3-0 Gouged Eye, Naggaroth Nightmares 0-1
Underworld Creepers. Default scoring: 3 a win; tie-breakers points, head to head, touchdown
difference, ...
    Reavers   W W  6 points  touchdowns 2 + 3 = 5 for, 1 + 0 = 1 against, +4
    Creepers  W W  6 points  2 + 1 = 3 for, 1 + 0 = 1 against, +2
    Nightmares L L 0 points  1 + 0 = 1 for, 2 + 1 = 3 against, -2
    Gouged Eye L L 0 points  1 + 0 = 1 for, 2 + 3 = 5 against, -4
The Reavers and the Creepers have not met (head to head 0 = 0): touchdown difference puts
the Creepers second; so too Gouged Eye below the Nightmares."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections
from playwright.sync_api import Locator, expect

from league.demo import DEMO_LEAGUE, DEMO_PASSWORD, demo_data_create
from league.models import League, Season
from rules.edition import edition_read
from rules.services import edition_load
from tests.browser.conftest import Phone
from tests.browser.steps import log_in
from tests.matches.helpers import confirmed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REAVERS, CREEPERS = "Reikland Reavers", "Underworld Creepers"
NIGHTMARES, GOUGED = "Naggaroth Nightmares", "Gouged Eye"
ROUND_TWO = ((REAVERS, GOUGED, 3, 0), (NIGHTMARES, CREEPERS, 0, 1))  # home, away, score
# Position, team, the reason beside it, played, won, drawn, lost, touchdown difference,
# points, form: the columns a phone keeps.
TABLE = (
    ("1", REAVERS, "", "2", "2", "0", "0", "+4", "6", "WW"),
    ("2", CREEPERS, f"below {REAVERS} on touchdown difference",
     "2", "2", "0", "0", "+2", "6", "WW"),
    ("3", NIGHTMARES, "", "2", "0", "0", "2", "−2", "0", "LL"),
    ("4", GOUGED, f"below {NIGHTMARES} on touchdown difference",
     "2", "0", "0", "2", "−4", "0", "LL"),
)  # fmt: skip


@pytest.fixture
def demo_league() -> int:
    """The demo, and its round 2 reported by the home coach and confirmed by the away coach.
    Written before the browser starts (see the phone fixture); a transactional test starts
    from an emptied database, so the demo's two rulesets are loaded first."""
    edition_load(edition_read("lrb6"))
    edition_load(edition_read("gdbbl"))
    demo_data_create()
    season = Season.objects.get(league__name=DEMO_LEAGUE, number=1)
    fixtures = season.fixtures.filter(round__number=2).select_related(
        "home__coach", "away__coach", "match"
    )
    pairs = {(fixture.home.name, fixture.away.name): fixture for fixture in fixtures}
    assert set(pairs) == {(home, away) for home, away, _, _ in ROUND_TWO}
    for home, away, home_touchdowns, away_touchdowns in ROUND_TWO:
        fixture = pairs[(home, away)]
        confirmed(
            fixture.match, fixture.home.coach, fixture.away.coach, home_touchdowns, away_touchdowns
        )
    return season.league_id


def fits_without_scrolling(table: Locator) -> None:
    """Neither the page nor the table's own box scrolls sideways."""
    box = table.locator("xpath=..")  # the table-scroll box
    assert box.evaluate("(box) => box.scrollWidth - box.clientWidth") == 0


def kept_columns(row: Locator) -> tuple[str, ...]:
    """What a phone shows of a row: the visible cells' text."""
    cells = row.locator("td:visible")
    place, team = cells.nth(0).inner_text(), cells.nth(1)
    reason = team.locator(".separated")
    said = reason.inner_text() if reason.count() else ""
    rest = [cells.nth(n).inner_text().replace("\n", "") for n in range(2, cells.count())]
    return (place, team.get_by_role("link").inner_text(), said, *rest)


def test_a_commissioner_reads_the_table_on_his_phone_after_round_two(
    live_server, demo_league: int, phone: Phone
) -> None:
    page, base = phone.page, live_server.url
    log_in(page, base, "nuffle", DEMO_PASSWORD)
    page.goto(f"{base}/leagues/")
    page.get_by_role("link", name=DEMO_LEAGUE).click()

    # The table at the top: the first thing after the league's name and description.
    expect(page.get_by_role("heading", name="Season 1", exact=True)).to_be_in_viewport()
    table = page.locator("table.league-table")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(4)
    assert tuple(kept_columns(rows.nth(n)) for n in range(4)) == TABLE
    reason = rows.nth(1).locator(".separated")
    expect(reason).to_be_visible()
    expect(reason).to_have_text(f"below {REAVERS} on touchdown difference")
    # On a phone the for-and-against columns are hidden; the difference and points are not.
    expect(table.get_by_role("columnheader", name="TD+")).to_be_hidden()
    expect(table.get_by_role("columnheader", name="Cas+")).to_be_hidden()
    expect(table.get_by_role("columnheader", name="TD±")).to_be_visible()
    expect(table.get_by_role("columnheader", name="Pts")).to_be_visible()
    fits_without_scrolling(table)
    assert phone.horizontal_overflow() == 0
    scoring = page.locator(".league-home-table .scoring")
    expect(scoring).to_contain_text("Win 3, draw 1, loss 0; no bonus points; tie-breakers: points")

    # The results of round 2 come first, then round 1's.
    results = page.locator(".recent-results li")
    expect(results).to_have_count(4)
    expect(results.nth(0)).to_have_text(f"R2 {NIGHTMARES} 0–1 {CREEPERS}")
    expect(results.nth(1)).to_have_text(f"R2 {REAVERS} 3–0 {GOUGED}")
    # The next fixtures: round 3 and round 4.
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    expect(page.get_by_role("heading", name="Round 4")).to_be_visible()

    # The full table keeps every column, scrolling inside its box if it must; never the page.
    page.get_by_role("link", name="Full table").click()
    expect(page.get_by_role("heading", name="Season 1: the table")).to_be_visible()
    full = page.locator("table.league-table")
    expect(full.get_by_role("columnheader", name="TD+")).to_be_visible()
    expect(full.get_by_role("columnheader", name="Cas−")).to_be_visible()
    # Every figure of the Reavers, round 1's casualties among them: each side of each match
    # hurt one of the other's players.
    reavers = full.locator("tbody tr").nth(0)
    expect(reavers.get_by_role("link")).to_have_text(REAVERS)
    cells = reavers.locator("td")
    figures = [cells.nth(n).inner_text().replace("\n", "") for n in range(2, cells.count())]
    assert figures == ["2", "2", "0", "0", "5", "1", "+4", "1", "1", "6", "WW"]
    assert phone.horizontal_overflow() == 0

    page.get_by_role("link", name="All-time table").click()
    expect(page.get_by_role("heading", name="All-time table")).to_be_visible()
    expect(
        page.get_by_text("Each season's results count as that season scored them")
    ).to_be_visible()
    every = page.locator("table.league-table tbody tr")
    expect(every.nth(1).locator(".separated")).to_have_text(
        f"below {REAVERS} on touchdown difference"
    )
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        out = StringIO()
        call_command("standings_check", stdout=out)  # CommandError on any difference
        assert "season table(s) match their matches" in out.getvalue()
        assert League.objects.get(pk=demo_league).seasons.count() == 1
    finally:
        connections.close_all()
