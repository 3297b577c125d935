"""The steps a coach takes in the browser, shared by the journeys: each takes the Playwright
page and the values of the moment, and checks what the coach would see along the way.

The first few are set-up, written before the browser starts (see the phone fixture)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urljoin

from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import Locator, Page, expect

from league.demo import DEMO_LEAGUE, demo_data_create
from league.models import Season
from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams.models import RosterSheet, Team
from tests.browser.conftest import horizontal_overflow
from tests.matches.helpers import confirmed
from tests.teams.helpers import orc_team

# Set-up, before the browser starts.


def rulesets_load(*slugs: str) -> None:
    """The bundled rulesets a coach plays, loaded again: a transactional test starts empty."""
    for slug in slugs:
        edition_load(edition_read(slug))


def demo_to_round_five():
    """The demo league (league.demo), its rounds 2 to 5 reported and confirmed, each home
    side winning 1-0, the server rolling every die. Returns its season."""
    rulesets_load("lrb6", "gdbbl")
    demo_data_create()
    season = Season.objects.get(league__name=DEMO_LEAGUE, number=1)
    for number in range(2, 6):
        fixtures = season.fixtures.filter(round__number=number, away__isnull=False)
        for fixture in fixtures.select_related("home__coach", "away__coach", "match"):
            confirmed(fixture.match, fixture.home.coach, fixture.away.coach, 1, 0)
    return season


def coach_create(username: str, password: str, *, is_staff: bool = False):
    """A coach who has signed up, with an address at dugout.example he has confirmed."""
    return get_user_model().objects.create_user(
        username, f"{username}@dugout.example", password, is_staff=is_staff, email_verified=True
    )


def orcs_create(username: str, password: str) -> Team:
    """A coach with Gouged Eye, LRB6 Orcs worth 930,000 gp, 70,000 in the treasury."""
    rulesets_load("lrb6")
    return orc_team(coach_create(username, password), version_get("lrb6"))


# Accounts.


def sign_up(page: Page, username: str, email: str, password: str) -> None:
    """Fills in the sign-up form he has open and is welcomed, signed in."""
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_text(f"Welcome to Dugout, {username}.")).to_be_visible()
    expect(page.get_by_text(f"Signed in as {username}.")).to_be_visible()


def address_confirm(page: Page, mailoutbox, email: str) -> None:
    """Opens the link mailed to his address from the mail and confirms the address."""
    mailed = [message for message in mailoutbox if message.to == [email]]
    assert mailed, [message.to for message in mailoutbox]
    # The mail links to SITE_URL; the path is opened on the test's own server.
    link = re.search(r"https?://\S+?(/accounts/verify/\S+/)", mailed[-1].body)
    assert link is not None, mailed[-1].body
    page.goto(urljoin(page.url, link.group(1)))
    page.get_by_role("button", name=f"Confirm {email}").click()
    expect(page.get_by_text(f"{email} is confirmed")).to_be_visible()


def credentials_enter(page: Page, username: str, password: str) -> None:
    """Types his username and password into the login form he has open, and is signed in."""
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"Signed in as {username}.")).to_be_visible()


def log_in(page: Page, url: str, username: str, password: str) -> None:
    """Logs in through the login page, as a coach would."""
    page.goto(url + "/accounts/login/")
    credentials_enter(page, username, password)


# The team builder.


def builder_open(page: Page, url: str, ruleset: str = "", race: str = "") -> None:
    """Opens the team builder, at a ruleset and race (slugs) when given."""
    query = f"?ruleset={ruleset}&race={race}" if ruleset else ""
    page.goto(f"{url}/teams/new/{query}")


def race_options(page: Page) -> list[str]:
    """Reads the races the builder offers for the ruleset picked."""
    return page.locator("#pick-race option").all_inner_texts()


def ruleset_pick(page: Page, ruleset: str, race: str) -> None:
    """Picks another ruleset on the builder; its races (`race` among them) come in, no reload."""
    url = page.url
    page.evaluate("() => { window.stayedOnThePage = true; }")  # gone if the page reloads
    with page.expect_response(lambda r: "/teams/new/races/" in r.url):
        page.get_by_label("Ruleset").select_option(ruleset)
    expect(page.locator(f"#pick-race option[value={race}]")).to_have_count(1)
    page.wait_for_load_state("networkidle")
    assert page.url == url
    assert page.evaluate("() => window.stayedOnThePage") is True


def race_choose(page: Page, race: str) -> None:
    """Picks a race on the builder by its name and opens its team list."""
    page.get_by_label("Race").select_option(label=race)
    page.get_by_role("button", name="Choose").click()
    expect(page.get_by_role("heading", name=f"{race} players")).to_be_visible()


def team_fill(
    page: Page,
    name: str,
    counts: Mapping[str, int],
    *,
    rerolls: int | None = None,
    fan_factor: int | None = None,
    staff: Mapping[str, int] | None = None,
) -> None:
    """Names the team and fills in the positions, re-rolls, fan factor and staff he buys."""
    page.get_by_label("Team name").fill(name)
    for position, count in counts.items():
        page.get_by_label(f"How many {position}", exact=True).fill(str(count))
    if rerolls is not None:
        page.get_by_label("Re-rolls").fill(str(rerolls))
    for item, count in (staff or {}).items():
        page.get_by_label(item).fill(str(count))
    if fan_factor is not None:
        page.get_by_label("Fan factor").fill(str(fan_factor))


def team_submit(page: Page, name: str) -> str:
    """Creates the team he filled in, and lands on its roster; gives the roster's URL."""
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_text(f"{name} is ready")).to_be_visible()
    return page.url


def build_team(
    page: Page,
    url: str,
    ruleset: str,
    race: str,
    counts: Mapping[str, int],
    *,
    name: str,
    rerolls: int | None = None,
    fan_factor: int | None = None,
    staff: Mapping[str, int] | None = None,
) -> str:
    """Builds a team of a ruleset's race (slugs) in the builder; gives its roster's URL."""
    builder_open(page, url, ruleset, race)
    team_fill(page, name, counts, rerolls=rerolls, fan_factor=fan_factor, staff=staff)
    return team_submit(page, name)


# The roster.


def roster_open(page: Page, url: str, team_pk: int) -> str:
    """Opens his team's roster; gives its URL."""
    roster = f"{url}/teams/{team_pk}/"
    page.goto(roster)
    return roster


def rename(page: Page, player: str, name: str, number: int | None = None) -> None:
    """Renames (and renumbers) a player on the roster, the open form fitting the screen."""
    page.get_by_text("Rename or renumber players").click()
    page.get_by_label(f"Name of {player}", exact=True).fill(name)
    if number is not None:
        page.get_by_label(f"Number of {player}", exact=True).fill(str(number))
    assert horizontal_overflow(page) == 0
    page.get_by_role("button", name=f"Save the name and number of {player}", exact=True).click()


def buy_kind_pick(page: Page, kind: str) -> list[str]:
    """Picks what to buy ("player", "staff"), sees only its fields; gives the staff on offer."""
    form = page.locator("form.buy-form")
    form.get_by_label("What").select_option(kind)
    player_fields = (
        form.get_by_label("Position (for a player)"),
        form.get_by_label("New players' names, one per line (optional)"),
    )
    staff = form.get_by_label("Staff (for staff)")
    shown, hidden = (player_fields, (staff,)) if kind == "player" else ((staff,), player_fields)
    for field in shown:
        expect(field).to_be_visible()
    for field in hidden:
        expect(field).to_be_hidden()
    expect(form.locator("fieldset.buy-kind:visible")).to_have_count(1)
    return staff.locator("option").all_inner_texts()


def _leaving_asked(page: Page, verb: str, player: str, number: int, value: str) -> None:
    """Taps `verb` ("Fire", "Retire") by a player and reads what would follow, nothing done."""
    page.get_by_role("button", name=f"{verb} {player}").click()
    expect(page.get_by_role("heading", name=f"{verb} #{number} {player}?")).to_be_visible()
    expect(page.get_by_text("Nothing has changed yet.")).to_be_visible()
    expect(page.get_by_text(f"His value, {value} gp, leaves the team value")).to_be_visible()


def fire_asked(page: Page, player: str, number: int, value: str) -> None:
    """Taps "Fire" by a player and reads what firing him would do, nothing done yet."""
    _leaving_asked(page, "Fire", player, number, value)
    expect(page.get_by_text("No gold comes back")).to_be_visible()
    assert horizontal_overflow(page) == 0


def fire(page: Page, player: str, number: int, value: str) -> None:
    """Fires a player through the confirmation, and is back on the roster without him."""
    roster = page.url
    fire_asked(page, player, number, value)
    page.get_by_role("button", name=f"Yes, fire #{number} {player}").click()
    expect(page).to_have_url(roster)
    expect(page.get_by_text(f"#{number} {player} fired.")).to_be_visible()
    expect(page.get_by_role("button", name=f"Fire {player}")).to_have_count(0)


def retire_as_assistant_coach(page: Page, player: str, number: int, value: str) -> None:
    """Retires a veteran through the confirmation; he stays on as an assistant coach."""
    roster = page.url
    _leaving_asked(page, "Retire", player, number, value)
    expect(page.get_by_text("He stays on as an extra assistant coach, for free.")).to_be_visible()
    assert horizontal_overflow(page) == 0
    page.get_by_role("button", name=f"Yes, retire #{number} {player}").click()
    expect(page).to_have_url(roster)
    expect(
        page.get_by_text(f"#{number} {player} retired and becomes an assistant coach.")
    ).to_be_visible()
    expect(page.get_by_role("button", name=f"Retire {player}")).to_have_count(0)


def sheet_download_twice(page: Page, roster: str, team_pk: int, filename: str) -> None:
    """Downloads his roster sheet twice: drawn on the first tap, handed over at once after."""
    with page.expect_download(timeout=60_000) as first:
        page.get_by_role("button", name="Download PDF").click()
    assert first.value.suggested_filename == filename
    assert Path(first.value.path()).read_bytes().startswith(b"%PDF")
    # Reading the database inside Playwright's event loop opens a connection of its own;
    # close it, or PostgreSQL cannot drop the test database at the end of the run.
    try:
        drawn = RosterSheet.objects.get(team_id=team_pk)
        page.goto(roster)
        with page.expect_download(timeout=10_000) as second:
            page.get_by_role("button", name="Download PDF").click()
        expect(page).to_have_url(roster)  # no waiting page on the way
        assert second.value.suggested_filename == filename
        assert Path(second.value.path()).read_bytes() == bytes(drawn.pdf)
        again = RosterSheet.objects.get(team_id=team_pk)  # found, not drawn again
        assert (again.pk, again.attempts, again.finished_at) == (drawn.pk, 1, drawn.finished_at)
    finally:
        connections.close_all()


# The rules.


def level_titles_open(page: Page, url: str, ruleset: str) -> Locator:
    """Opens a ruleset's tables and finds the table of level titles; gives that table."""
    page.goto(f"{url}/rules/{ruleset}/tables/")
    levels = page.locator("#experience_levels")
    expect(levels).to_contain_text("A player's title by total SPP")
    return levels


def sources_open(table: Locator) -> None:
    """Taps "Sources" under a rules table to read where its rules come from."""
    table.locator("summary", has_text="Sources").click()
