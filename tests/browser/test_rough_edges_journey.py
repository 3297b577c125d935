"""The rough edges of the team and rules pages, smoothed, as a new coach meets them on a phone
(390 x 844): he builds a GDBBL Dwarf team after switching the builder's ruleset once (the race
list follows without a reload), renames a player and reads every player's level title, opens
the buy form (only the chosen kind's fields, and no staff a Dwarf team may not have), lets a
player go through the confirmation (GDBBL only retires, so its roster offers no "fire"; his
second team, LRB6 Orcs, fires one), downloads his roster sheet twice (the second tap hands the
PDF over at once), and reads a GDBBL rules table whose source notes wait behind "Sources"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, Phone
from tests.browser.steps import (
    builder_open,
    buy_kind_pick,
    coach_create,
    fire,
    level_titles_open,
    log_in,
    race_choose,
    race_options,
    rename,
    retire_as_assistant_coach,
    ruleset_pick,
    rulesets_load,
    sheet_download_twice,
    sources_open,
    team_fill,
    team_submit,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "grudges-are-forever-1"


@pytest.fixture
def coach() -> str:
    # Written before the browser starts (see the phone fixture). A transactional test starts
    # from an empty database: the bundled rules are loaded again.
    rulesets_load("lrb6", "gdbbl")
    return coach_create("thorgrim", PASSWORD).username


def fits(phone: Phone) -> None:
    """Nothing to scroll sideways, and nothing asked of a host but 127.0.0.1."""
    assert phone.page.viewport_size == PHONE
    assert phone.horizontal_overflow() == 0, phone.page.url
    assert phone.aborted == []


def test_a_new_coach_meets_no_rough_edge(live_server, coach: str, phone: Phone) -> None:
    page = phone.page
    log_in(page, live_server.url, coach, PASSWORD)
    fits(phone)

    # 1. The builder: switching the ruleset once swaps the race list in place.
    builder_open(page, live_server.url)
    expect(page.get_by_label("Ruleset")).to_have_value("lrb6")
    lrb6_races = race_options(page)
    assert "Amazon" in lrb6_races
    fits(phone)
    ruleset_pick(page, "gdbbl", "dwarf")
    options = race_options(page)
    assert options != lrb6_races
    assert "Dwarf" in options
    assert "Amazon" not in options  # LRB6's, not GDBBL's
    fits(phone)

    race_choose(page, "Dwarf")
    assert page.url.endswith("/teams/new/?ruleset=gdbbl&race=dwarf")
    fits(phone)
    # 11 Long Beards (770,000) + a Dwarf Alchemist (150,000) + fan factor 1 (10,000).
    team_fill(page, "Grudgebearers", {"Long Beard": 11}, fan_factor=1, staff={"Alchemist": 1})
    roster = team_submit(page, "Grudgebearers")
    expect(page.locator(".team-block")).to_contain_text("930,000 gp")
    found = re.fullmatch(re.escape(live_server.url) + r"/teams/(\d+)/", roster)
    assert found, roster
    team_pk = int(found[1])
    fits(phone)

    # 2. The roster: a player renamed, and every player's level title.
    cards = page.locator("table.roster tbody tr")
    expect(cards).to_have_count(11)
    for index in range(11):
        expect(cards.nth(index).locator(".p-level")).to_have_text("Rookie")
    rename(page, "Long Beard 1", "Grombrindal")
    expect(page.get_by_text("#1 Long Beard 1 is now #1 Grombrindal.")).to_be_visible()
    renamed = cards.filter(has_text="Grombrindal")
    expect(renamed).to_have_count(1)
    expect(renamed.locator(".p-level")).to_be_visible()
    expect(renamed.locator(".p-level")).to_have_text("Rookie")
    names_shown = [name.splitlines()[0] for name in cards.locator(".p-name").all_inner_texts()]
    assert names_shown == ["Grombrindal"] + [f"Long Beard {n}" for n in range(2, 12)]
    fits(phone)

    # 3. The buy form: only the chosen kind's fields, and no staff a Dwarf team may not have.
    buy_kind_pick(page, "player")
    fits(phone)
    offered = buy_kind_pick(page, "staff")
    assert not any("Necromancer" in option for option in offered), offered
    assert not any("Wizard" in option for option in offered), offered  # not for Dwarfs
    assert not any("Master Chef" in option for option in offered), offered  # Halflings'
    assert any("Cheerleader" in option for option in offered), offered
    fits(phone)

    # 4. What cannot be taken back asks first and says what follows. GDBBL only retires
    # players (setting firing_allowed), so its roster offers no "fire" that would be refused.
    expect(page.get_by_role("button", name="Fire Long Beard 11")).to_have_count(0)
    retire_as_assistant_coach(page, "Long Beard 11", 11, "70,000")
    # 930,000 - his 70,000 + an assistant coach's 10,000.
    expect(page.locator(".team-block")).to_contain_text("870,000 gp")
    fits(phone)

    # His second team, LRB6 Orcs, may fire: the confirmation first, then the player is gone.
    builder_open(page, live_server.url, "lrb6", "orc")
    fits(phone)
    team_fill(page, "Gouged Eye", {"Lineman": 11})
    team_submit(page, "Gouged Eye")
    expect(page.locator(".team-block")).to_contain_text("550,000 gp")  # 11 x 50,000
    fire(page, "Lineman 11", 11, "50,000")
    expect(page.locator(".team-block")).to_contain_text("500,000 gp")
    fits(phone)
    page.goto(roster)

    # 5. The roster sheet: drawn on the first tap, handed over at once on the second.
    sheet_download_twice(page, roster, team_pk, "grudgebearers-roster-a4.pdf")
    fits(phone)

    # 6. A rules table: the rule to read, its source notes behind "Sources" until opened.
    levels = level_titles_open(page, live_server.url, "gdbbl")
    notes = levels.locator("details.sources li")
    expect(notes).to_have_count(2)
    expect(notes.first).to_have_text('From 001 "Star Player Points (SPP)" (notes §A.4.3).')
    for index in range(2):
        expect(notes.nth(index)).to_be_hidden()
    # No source note anywhere on the page is in sight before its "Sources" is opened.
    every_note = page.locator("details.sources li")
    assert every_note.count() > 2
    for index in range(every_note.count()):
        expect(every_note.nth(index)).to_be_hidden()
    expect(page.locator("details.sources[open]")).to_have_count(0)
    shown = page.locator("main").inner_text()
    assert "A player's title by total SPP" in shown
    assert "§" not in shown, shown  # no "(notes §A.4.3)" and the like
    assert "001 prints the title" not in shown
    fits(phone)

    sources_open(levels)
    for index in range(2):
        expect(notes.nth(index)).to_be_visible()
    expect(page.locator("details.sources[open]")).to_have_count(1)  # that one only
    expect(levels.get_by_text("001 prints the title", exact=False)).to_be_visible()
    top = levels.get_by_role("row").filter(has_text="Star Player (4th level)")
    expect(top).to_contain_text("26\u201350")  # an en dash
    fits(phone)
