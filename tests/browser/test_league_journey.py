"""A commissioner's season on a phone: he starts an LRB6 league, six coaches ask to join,
he approves them, draws a double round robin with deadlines, reschedules a fixture and starts
a second season with every team exactly as it was."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import expect

from league.models import League
from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams.models import Team
from tests.browser.conftest import Phone
from tests.browser.steps import log_in
from tests.teams.helpers import orc_team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "six-teams-one-league"
COACHES = [f"coach{n}" for n in range(1, 7)]


@pytest.fixture
def six_teams() -> dict[str, tuple]:
    # Written before the browser starts (see the phone fixture).
    edition_load(edition_read("lrb6"))
    users = get_user_model().objects
    users.create_user("commish", password=PASSWORD)
    teams = {}
    for n, username in enumerate(COACHES, start=1):
        coach = users.create_user(username, password=PASSWORD)
        team = orc_team(coach, version_get("lrb6"), f"Orc team {n}")
        teams[username] = (team.pk, team.treasury, team.ledger.count())
    return teams


def test_a_commissioner_runs_two_seasons_of_six_teams(live_server, six_teams, phone: Phone):
    page = phone.page

    log_in(page, live_server.url, "commish", PASSWORD)
    page.goto(f"{live_server.url}/leagues/")
    page.get_by_role("link", name="Start a league").click()
    page.get_by_label("Name").fill("Badlands Bash")
    page.get_by_label("Ruleset").select_option(label="Living Rulebook 6 v1")
    page.get_by_role("button", name="Start the league").click()
    expect(page.get_by_text("Badlands Bash is open. You are its commissioner.")).to_be_visible()
    league_url = page.url
    page.get_by_role("button", name="Log out").click()

    for n, username in enumerate(COACHES, start=1):
        log_in(page, live_server.url, username, PASSWORD)
        page.goto(league_url)
        page.get_by_label("Team").select_option(label=f"Orc team {n}")
        page.get_by_role("button", name="Ask to join").click()
        expect(page.get_by_text(f"Orc team {n} asked to join Badlands Bash")).to_be_visible()
        page.get_by_role("button", name="Log out").click()

    log_in(page, live_server.url, "commish", PASSWORD)
    page.goto(league_url)
    page.get_by_role("link", name="Commissioner dashboard").click()
    for n in range(1, 7):
        page.get_by_role("button", name=f"Approve Orc team {n}").click()
        expect(page.get_by_text(f"Orc team {n} is in Badlands Bash.")).to_be_visible()
    expect(page.get_by_text("Nobody is waiting.")).to_be_visible()
    assert phone.horizontal_overflow() == 0

    page.get_by_label("Format").select_option("double_round_robin")
    page.get_by_label("First round's deadline (optional)").fill("2027-01-04")
    page.get_by_label("Days between round deadlines").fill("7")
    page.get_by_role("button", name="Start the season").click()
    expect(page.get_by_role("heading", name="Start Season 1?")).to_be_visible()
    drawn = "A double round robin (home and away) is drawn: 10 rounds"
    expect(page.get_by_text(drawn)).to_be_visible()
    assert phone.horizontal_overflow() == 0
    page.get_by_role("button", name="Yes, start Season 1").click()
    expect(page.get_by_text("Season 1 has started with 6 teams.")).to_be_visible()
    # The current round and the next; the other eight are a tap away.
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1 "))).to_be_visible()
    expect(page.get_by_text("play by Mon 4 Jan 2027")).to_be_visible()
    assert page.locator(".fixture").count() == 6
    assert phone.horizontal_overflow() == 0
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="10").click()
    expect(page.get_by_role("heading", name="Round 10")).to_be_visible()
    expect(page.get_by_text("play by Mon 8 Mar 2027")).to_be_visible()  # 4 Jan + 9 weeks
    assert page.locator(".fixture").count() == 3
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="1", exact=True).click()

    page.locator(".fixture-actions summary").first.click()
    page.locator(".fixture-actions").first.get_by_label("New date").fill("2027-01-09")
    page.locator(".fixture-actions").first.get_by_label("Reason").fill("Snowed in")
    page.locator(".fixture-actions").first.get_by_role("button", name="Reschedule").click()
    expect(page.get_by_text("rescheduled: by Sat 9 Jan 2027")).to_be_visible()

    page.get_by_role("link", name="Badlands Bash").click()
    page.get_by_role("link", name="Commissioner dashboard").click()
    page.get_by_label("Name (optional)").fill("Season 2")
    page.get_by_label("Format").select_option("double_round_robin")
    page.get_by_role("button", name="Start the season").click()
    expect(page.get_by_text("Starting Season 2 finishes Season 1: its 30 fixtures")).to_be_visible()
    page.get_by_role("button", name="Yes, start Season 2").click()
    expect(page.get_by_text("Season 2 has started with 6 teams.")).to_be_visible()
    expect(page.get_by_role("link", name="10", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Season 1")).to_be_visible()
    assert phone.aborted == []

    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        league = League.objects.get(name="Badlands Bash")
        assert list(league.seasons.values_list("number", flat=True)) == [1, 2]
        for username, (pk, treasury, entries) in six_teams.items():
            team = Team.objects.get(pk=pk)
            assert (team.treasury, team.ledger.count(), team.coach.username) == (
                treasury,
                entries,
                username,
            )
            assert team.players.count() == 11
    finally:
        connections.close_all()
