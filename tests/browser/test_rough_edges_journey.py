"""The rough edges of the team and rules pages, smoothed, as a new coach meets them on a phone
(390 x 844): he builds a GDBBL Dwarf team after switching the builder's ruleset once (the race
list follows without a reload), renames a player and reads every player's level title, opens
the buy form (only the chosen kind's fields, and no staff a Dwarf team may not have), lets a
player go through the confirmation (GDBBL only retires, so its roster offers no "fire"; his
second team, LRB6 Orcs, fires one), downloads his roster sheet twice (the second tap hands the
PDF over at once), and reads a GDBBL rules table whose source notes wait behind "Sources"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import expect

from rules.edition import edition_read
from rules.services import edition_load
from teams.models import RosterSheet
from tests.browser.conftest import PHONE, Phone, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "grudges-are-forever-1"


@pytest.fixture
def coach() -> str:
    # Written before the browser starts (see the phone fixture). A transactional test starts
    # from an empty database: the bundled rules are loaded again.
    for slug in ("lrb6", "gdbbl"):
        edition_load(edition_read(slug))
    get_user_model().objects.create_user("thorgrim", "thorgrim@dugout.example", PASSWORD)
    return "thorgrim"


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
    page.goto(live_server.url + "/teams/new/")
    races = page.locator("#pick-race option")
    expect(page.get_by_label("Ruleset")).to_have_value("lrb6")
    lrb6_races = races.all_inner_texts()
    assert "Amazon" in lrb6_races
    builder = page.url
    page.evaluate("() => { window.stayedOnThePage = true; }")  # gone if the page reloads
    fits(phone)
    with page.expect_response(lambda r: "/teams/new/races/" in r.url):
        page.get_by_label("Ruleset").select_option("gdbbl")
    expect(page.locator("#pick-race option[value=dwarf]")).to_have_count(1)
    page.wait_for_load_state("networkidle")
    assert page.url == builder
    assert page.evaluate("() => window.stayedOnThePage") is True
    options = races.all_inner_texts()
    assert options != lrb6_races
    assert "Dwarf" in options
    assert "Amazon" not in options  # LRB6's, not GDBBL's
    fits(phone)

    page.get_by_label("Race").select_option(label="Dwarf")
    page.get_by_role("button", name="Choose").click()
    expect(page.get_by_role("heading", name="Dwarf players")).to_be_visible()
    assert page.url.endswith("/teams/new/?ruleset=gdbbl&race=dwarf")
    fits(phone)
    # 11 Long Beards (770,000) + a Dwarf Alchemist (150,000) + fan factor 1 (10,000).
    page.get_by_label("Team name").fill("Grudgebearers")
    page.get_by_label("How many Long Beard", exact=True).fill("11")
    page.get_by_label("Alchemist").fill("1")
    page.get_by_label("Fan factor").fill("1")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_text("Grudgebearers is ready")).to_be_visible()
    expect(page.locator(".team-block")).to_contain_text("930,000 gp")
    roster = page.url
    found = re.fullmatch(re.escape(live_server.url) + r"/teams/(\d+)/", roster)
    assert found, roster
    team_pk = int(found[1])
    fits(phone)

    # 2. The roster: a player renamed, and every player's level title.
    cards = page.locator("table.roster tbody tr")
    expect(cards).to_have_count(11)
    for index in range(11):
        expect(cards.nth(index).locator(".p-level")).to_have_text("Rookie")
    page.get_by_text("Rename or renumber players").click()
    page.get_by_label("Name of Long Beard 1", exact=True).fill("Grombrindal")
    fits(phone)
    page.get_by_role("button", name="Save the name and number of Long Beard 1", exact=True).click()
    expect(page.get_by_text("#1 Long Beard 1 is now #1 Grombrindal.")).to_be_visible()
    renamed = cards.filter(has_text="Grombrindal")
    expect(renamed).to_have_count(1)
    expect(renamed.locator(".p-level")).to_be_visible()
    expect(renamed.locator(".p-level")).to_have_text("Rookie")
    names_shown = [name.splitlines()[0] for name in cards.locator(".p-name").all_inner_texts()]
    assert names_shown == ["Grombrindal"] + [f"Long Beard {n}" for n in range(2, 12)]
    fits(phone)

    # 3. The buy form: only the chosen kind's fields, and no staff a Dwarf team may not have.
    form = page.locator("form.buy-form")
    what = form.get_by_label("What")
    position = form.get_by_label("Position (for a player)")
    names = form.get_by_label("New players' names, one per line (optional)")
    staff = form.get_by_label("Staff (for staff)")
    what.select_option("player")
    expect(position).to_be_visible()
    expect(names).to_be_visible()
    expect(staff).to_be_hidden()
    expect(form.locator("fieldset.buy-kind:visible")).to_have_count(1)
    fits(phone)
    what.select_option("staff")
    expect(staff).to_be_visible()
    expect(position).to_be_hidden()
    expect(names).to_be_hidden()
    expect(form.locator("fieldset.buy-kind:visible")).to_have_count(1)
    offered = staff.locator("option").all_inner_texts()
    assert not any("Necromancer" in option for option in offered), offered
    assert not any("Wizard" in option for option in offered), offered  # not for Dwarfs
    assert not any("Master Chef" in option for option in offered), offered  # Halflings'
    assert any("Cheerleader" in option for option in offered), offered
    fits(phone)

    # 4. What cannot be taken back asks first and says what follows. GDBBL only retires
    # players (setting firing_allowed), so its roster offers no "fire" that would be refused.
    expect(page.get_by_role("button", name="Fire Long Beard 11")).to_have_count(0)
    page.get_by_role("button", name="Retire Long Beard 11").click()
    expect(page.get_by_role("heading", name="Retire #11 Long Beard 11?")).to_be_visible()
    expect(page.get_by_text("Nothing has changed yet.")).to_be_visible()
    expect(page.get_by_text("His value, 70,000 gp, leaves the team value")).to_be_visible()
    expect(page.get_by_text("He stays on as an extra assistant coach, for free.")).to_be_visible()
    fits(phone)
    page.get_by_role("button", name="Yes, retire #11 Long Beard 11").click()
    expect(page).to_have_url(roster)
    expect(
        page.get_by_text("#11 Long Beard 11 retired and becomes an assistant coach.")
    ).to_be_visible()
    # 930,000 - his 70,000 + an assistant coach's 10,000.
    expect(page.locator(".team-block")).to_contain_text("870,000 gp")
    expect(page.get_by_role("button", name="Retire Long Beard 11")).to_have_count(0)
    fits(phone)

    # His second team, LRB6 Orcs, may fire: the confirmation first, then the player is gone.
    page.goto(live_server.url + "/teams/new/?ruleset=lrb6&race=orc")
    fits(phone)
    page.get_by_label("Team name").fill("Gouged Eye")
    page.get_by_label("How many Lineman", exact=True).fill("11")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_text("Gouged Eye is ready")).to_be_visible()
    orcs = page.url
    expect(page.locator(".team-block")).to_contain_text("550,000 gp")  # 11 x 50,000
    page.get_by_role("button", name="Fire Lineman 11").click()
    expect(page.get_by_role("heading", name="Fire #11 Lineman 11?")).to_be_visible()
    expect(page.get_by_text("His value, 50,000 gp, leaves the team value")).to_be_visible()
    expect(page.get_by_text("No gold comes back")).to_be_visible()
    fits(phone)
    page.get_by_role("button", name="Yes, fire #11 Lineman 11").click()
    expect(page).to_have_url(orcs)
    expect(page.get_by_text("#11 Lineman 11 fired.")).to_be_visible()
    expect(page.get_by_role("button", name="Fire Lineman 11")).to_have_count(0)
    expect(page.locator(".team-block")).to_contain_text("500,000 gp")
    fits(phone)
    page.goto(roster)

    # 5. The roster sheet: drawn on the first tap, handed over at once on the second.
    with page.expect_download(timeout=60_000) as first:
        page.get_by_role("button", name="Download PDF").click()
    assert first.value.suggested_filename == "grudgebearers-roster-a4.pdf"
    assert Path(first.value.path()).read_bytes().startswith(b"%PDF")
    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        drawn = RosterSheet.objects.get(team_id=team_pk)
        page.goto(roster)
        with page.expect_download(timeout=10_000) as second:
            page.get_by_role("button", name="Download PDF").click()
        expect(page).to_have_url(roster)  # no waiting page on the way
        assert second.value.suggested_filename == "grudgebearers-roster-a4.pdf"
        assert Path(second.value.path()).read_bytes() == bytes(drawn.pdf)
        again = RosterSheet.objects.get(team_id=team_pk)  # found, not drawn again
        assert (again.pk, again.attempts, again.finished_at) == (drawn.pk, 1, drawn.finished_at)
    finally:
        connections.close_all()
    fits(phone)

    # 6. A rules table: the rule to read, its source notes behind "Sources" until opened.
    page.goto(live_server.url + "/rules/gdbbl/tables/")
    levels = page.locator("#experience_levels")
    expect(levels).to_contain_text("A player's title by total SPP")
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

    levels.locator("summary", has_text="Sources").click()
    for index in range(2):
        expect(notes.nth(index)).to_be_visible()
    expect(page.locator("details.sources[open]")).to_have_count(1)  # that one only
    expect(levels.get_by_text("001 prints the title", exact=False)).to_be_visible()
    top = levels.get_by_role("row").filter(has_text="Star Player (4th level)")
    expect(top).to_contain_text("26\u201350")  # an en dash
    fits(phone)
