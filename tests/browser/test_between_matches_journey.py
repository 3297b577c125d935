"""Between matches on a phone: a commissioner credits SPP, then the coach spends his
treasury, retires a GDBBL veteran into an assistant coach and takes a legal advance."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from rules.selectors import version_get
from teams.services import NewPlayer, team_create
from tests.browser.conftest import Phone
from tests.browser.steps import (
    coach_create,
    log_in,
    retire_as_assistant_coach,
    roster_open,
    rulesets_load,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "grudges-are-forever"


@pytest.fixture
def dwarves() -> int:
    # Written before the browser starts (see the phone fixture).
    rulesets_load("gdbbl")
    coach = coach_create("thorek", PASSWORD)
    coach_create("commish", PASSWORD, is_staff=True)
    players = [NewPlayer("Long Beard", f"Beard {n}") for n in range(1, 12)]
    # 11 x 70,000 + fan factor 1 (10,000) = 780,000: 220,000 left.
    team = team_create(coach, version_get("gdbbl"), "Grudgebearers", "dwarf", players,
                       fan_factor=1)  # fmt: skip
    return team.pk


def test_a_coach_spends_retires_and_advances_legally(live_server, dwarves: int, phone: Phone):
    page = phone.page
    log_in(page, live_server.url, "commish", PASSWORD)
    roster = roster_open(page, live_server.url, dwarves)
    page.get_by_label("Reason").fill("SPP from the round 1 paper report")
    page.get_by_label("Player", exact=True).select_option(label="#1 Beard 1")
    page.get_by_label("SPP change").fill("6")
    page.get_by_role("button", name="Record the adjustment").click()
    expect(page.get_by_text("Adjusted: SPP from the round 1 paper report.")).to_be_visible()
    page.get_by_role("button", name="Log out").click()

    log_in(page, live_server.url, "thorek", PASSWORD)
    page.goto(roster)
    # Spend: a Troll Slayer for 90,000 (220,000 - 90,000 = 130,000).
    page.get_by_label("What").select_option("player")
    page.get_by_label("Position (for a player)").select_option("Troll Slayer")
    page.get_by_role("button", name="Buy").click()
    expect(page.get_by_text("Bought 1 × Troll Slayer for 90,000 gp.")).to_be_visible()
    expect(page.locator(".team-block")).to_contain_text("130,000 gp")

    # Retire a veteran: the page asks first and says he becomes an assistant coach.
    retire_as_assistant_coach(page, "Beard 11", 11, "70,000")
    expect(page.locator(".team-block")).to_contain_text("Assistant coach")

    # Beard 1 reached 6 SPP: roll 3 and 4 at the table; Dodge is not on offer, Tackle is.
    page.get_by_role("link", name="improvement roll due").click()
    page.get_by_label("First die").fill("3")
    page.get_by_label("Second die").fill("4")
    page.get_by_role("button", name="Record our dice").click()
    expect(page.get_by_text("Roll 1: 3 and 4 (rolled at the table)")).to_be_visible()
    expect(page.get_by_label("Dodge")).to_have_count(0)
    page.get_by_label("Sure Hands").check()
    page.get_by_role("button", name="Take it").click()
    expect(page.locator(".messages")).to_contain_text(
        "#1 Beard 1: improvement roll 1 (3+4, rolled at the table) → Sure Hands."
    )
    expect(page.locator("table.roster tbody tr").first).to_contain_text("Sure Hands")
    assert phone.horizontal_overflow() == 0
    assert phone.aborted == []
