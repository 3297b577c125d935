"""A coach hires his journeyman for good after the match, on his phone (390 x 844).

Gouged Eye (LRB6 Orcs, 70,000 in the treasury) played Da Krumpers with #11 hurt from an
earlier match, so ten Orcs took a Lineman journeyman, #12, who scored a touchdown (3 SPP).
The report was confirmed and applied (the post-game sequence's "hires" step offers him).
varag reads on his team's page that the journeyman may be hired, follows the line to the
post-game summary, and hires him for a Lineman's 50,000 gp (rules/editions/lrb6/races.yaml):
#12 joins the roster with his 3 SPP, the treasury drops by 50,000 and the notice is gone.
griff, the other coach, reads the offer but is given no form. No page scrolls sideways."""

from __future__ import annotations

import pytest
from django.db import connections
from playwright.sync_api import expect

from matches import workflow
from matches.kick_off.lrb6 import journeymen_take
from matches.models import Match, Participant, PostGame
from rules.selectors import version_get
from teams.models import LedgerEntry, Team
from tests.browser.conftest import PHONE, Phone, phone_open
from tests.browser.steps import coach_create, log_in, rulesets_load
from tests.matches.helpers import PLAYED
from tests.matches.post_game.test_post_game import TABLE_DICE, at_the_table, gate_recorded
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import orc_team, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "journeyman-for-good-7"
LINEMAN = 50_000  # an Orc Lineman's cost
LINES = {
    "home": {"players": [{"number": 6, "actions": {"touchdown": 1}},
                         {"number": 12, "actions": {"touchdown": 1}}], "mvps": [6]},
    "away": {"players": [{"number": 9, "actions": {"touchdown": 1}}], "mvps": [4]},
}  # fmt: skip


@pytest.fixture
def applied_match() -> int:
    """The friendly, played with a journeyman and applied; written before the browser
    starts (see the phone fixture)."""
    rulesets_load("lrb6")
    varag, griff = coach_create("varag", PASSWORD), coach_create("griff", PASSWORD)
    lrb6 = version_get("lrb6")
    match = friendly_of(orc_team(varag, lrb6), orc_team(griff, lrb6, "Da Krumpers"))
    hurt = match.home.players.get(number=11)
    record(match.home, "report", "Hurt in an earlier match", varag, [
        {"op": "player", "player": hurt.key, "field": "status", "from": "active",
         "to": "missing_next_game"}])  # fmt: skip
    journeymen_take(match, varag, "home", ["Lineman"])
    journeymen_take(match, griff, "away", [])
    gate_recorded(match)
    workflow.report_save(match, varag, PLAYED, 2, 1, LINES)
    workflow.report_submit(match, varag)
    at_the_table(match, TABLE_DICE)
    workflow.report_confirm(match, griff)
    assert PostGame.objects.filter(match=match).exists()
    return match.pk


def fits(phone: Phone) -> None:
    assert phone.page.viewport_size == PHONE
    assert phone.horizontal_overflow() == 0, phone.page.url
    assert phone.aborted == []


def test_the_coach_hires_his_journeyman_from_the_team_page_notice(
    live_server, applied_match: int, phone: Phone
) -> None:
    base, page = live_server.url, phone.page
    match = Match.objects.select_related("home").get(pk=applied_match)
    team_url = f"{base}/teams/{match.home_id}/"
    name = Participant.objects.get(match=match, kind="journeyman").name
    before = match.home.treasury
    try:
        log_in(page, base, "varag", PASSWORD)
        page.goto(team_url)
        notice = page.get_by_test_id("pending")
        expect(notice).to_contain_text(
            "Journeyman #12 from Gouged Eye v Da Krumpers may be hired for good"
        )
        fits(phone)
        notice.get_by_role("link").click()
        offer = page.get_by_test_id("journeyman-home-12")
        expect(offer).to_contain_text(f"#12 {name} (Lineman), 50,000 gp · 3 SPP")
        fits(phone)
        offer.get_by_role("button", name="Hire #12 for 50,000 gp").click()
        expect(page.locator(".messages")).to_contain_text(f"#12 {name} joins Gouged Eye for good.")
        expect(page.get_by_test_id("journeyman-home-12")).to_contain_text("— hired")
        fits(phone)

        team = Team.objects.get(pk=match.home_id)
        assert team.treasury == before - LINEMAN
        hired = team.players.get(number=12)
        assert (hired.name, hired.spp, hired.touchdowns, hired.skills) == (name, 3, 1, [])
        assert LedgerEntry.objects.filter(team=team, kind="hire").count() == 1

        page.goto(team_url)
        expect(page.get_by_test_id("pending")).to_have_count(0)
        expect(page.locator("tr", has_text=name)).to_contain_text("Lineman")
        fits(phone)

        with phone_open(page.context.browser) as other:  # griff reads it, with no form
            log_in(other.page, base, "griff", PASSWORD)
            other.page.goto(f"{base}/matches/{applied_match}/post-game/")
            expect(other.page.get_by_test_id("journeymen-hire")).to_be_visible()
            expect(
                other.page.get_by_test_id("journeymen-hire").get_by_role("button")
            ).to_have_count(0)
            fits(other)
    finally:
        connections.close_all()  # see test_match_journey: PostgreSQL drops the database
