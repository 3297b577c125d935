"""Two coaches report their friendlies on phones (390 x 844), one form per ruleset: varag
enters each report in the form (− / + for the numbers, a casualty added at a time, only the
dice each casualty rolls, the running check above the save button), saves and submits it;
griff confirms it; the match page shows it back as entered. LRB6 Orcs v Nurgle (a death, a
Decay casualty with both D68s, the apothecary's D68 with the result kept), GDBBL Humans v
Orcs (an injury modifier, the serious-injury roll, the apothecary; MVPs drawn by the server),
two Blitz Bowl results (the points checked as they are typed; a league listing each Challenge
card, with its regional rule and the Endgame) and a 1st edition result of a league that
agrees its Veterans Rules and strikes off its dead. No page scrolls sideways."""

from __future__ import annotations

import datetime

import pytest
from django.db import connections
from playwright.sync_api import Locator, Page, expect

from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from rules.selectors import version_get
from teams.services import team_create
from tests.browser.conftest import PHONE, Phone, phone_open
from tests.browser.steps import coach_create, log_in, rulesets_load
from tests.matches.rulesets import (
    BLITZ_HUMANS,
    FIRST_HUMANS,
    blitz_teams,
    friendly_of,
    gdbbl_teams,
    house_version,
    nurgle_team,
)
from tests.teams.helpers import orc_team, squad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "one-form-per-ruleset-1"
PLAYED_ON = datetime.date.today() - datetime.timedelta(days=2)  # never in the future
TOUCH = 44  # px: the smallest a thumb hits reliably


def coaches() -> tuple:
    return coach_create("varag", PASSWORD), coach_create("griff", PASSWORD)


@pytest.fixture
def lrb6_match() -> int:
    """Gouged Eye (Orcs, with an apothecary) at home to Nurgle's Rotten Rovers. Written
    before the browser starts (see the phone fixture)."""
    rulesets_load("lrb6")
    varag, griff = coaches()
    return friendly_of(orc_team(varag, version_get("lrb6")), nurgle_team(griff)).pk


@pytest.fixture
def gdbbl_match() -> int:
    """The Altdorf Hammers (Humans, with an apothecary) at home to the Iron Tuskers."""
    rulesets_load("gdbbl")
    return friendly_of(*gdbbl_teams(*coaches())).pk


@pytest.fixture
def blitz_match() -> int:
    rulesets_load("blitz-bowl")
    return friendly_of(*blitz_teams(*coaches())).pk


def humans_friendly(version, varag, griff, names: tuple[str, str], players) -> int:
    home, away = (
        team_create(coach, version, name, "human", squad(*players))
        for coach, name in zip((varag, griff), names, strict=True)
    )
    return friendly_accept(friendly_offer(varag, home, away), griff).pk


@pytest.fixture
def cards_match() -> int:
    """Blitz Bowl under house rules: every Challenge card listed, the regional league rule
    and the advanced Endgame."""
    rulesets_load("blitz-bowl")
    varag, griff = coaches()
    version = house_version("blitz-bowl", varag, challenge_points_entry="per_card",
                            regional_league=True, advanced_endgame=True)  # fmt: skip
    return humans_friendly(version, varag, griff, ("The Reavers", "Grey Wolves"), BLITZ_HUMANS)


@pytest.fixture
def first_match() -> int:
    """1st edition under house rules: the coaches agree the Veterans Rules each match, and
    the league strikes off the dead."""
    rulesets_load("first-edition")
    varag, griff = coaches()
    version = house_version("first-edition", varag, veterans_rules="agreed_per_match",
                            dead_players_removed=True)  # fmt: skip
    names = ("Bright Crusaders", "Reikland Reavers")
    return humans_friendly(version, varag, griff, names, FIRST_HUMANS)


# --- What a coach does on the form ------------------------------------------------------------


def fits(phone: Phone) -> None:
    """Nothing to scroll sideways, and nothing asked of a host but 127.0.0.1."""
    assert phone.page.viewport_size == PHONE
    assert phone.horizontal_overflow() == 0, phone.page.url
    assert phone.aborted == []


def stepper(within: Page | Locator, label: str) -> Locator:
    """The number labelled `label` with its buttons, in a page or a part of it."""
    page = within.page if isinstance(within, Locator) else within
    return within.locator(".stepper").filter(has=page.get_by_label(label, exact=True))


def tap(page: Page | Locator, label: str, times: int = 1, step: int = 1) -> None:
    """Taps + (or −) beside a number, as often as it takes; the + is thumb-sized."""
    number = stepper(page, label)
    row = number.locator("xpath=ancestor::details[contains(@class, 'player-row')]")
    if row.count() and not row.evaluate("details => details.open"):
        row.locator("summary").click()  # a player's line opens at a tap on his name
    button = number.locator(f"button.step[data-step='{step}']")
    box = button.bounding_box()
    assert min(box["width"], box["height"]) >= TOUCH, box
    for _ in range(times):
        button.click()


def players_open(page: Page, team: str) -> Locator:
    """Opens a team's list of players; gives the team's part of the form."""
    part = page.get_by_role("group", name=team, exact=True)
    part.get_by_text("Players: what each did").click()
    return part


def casualty(page: Page, title: str) -> Locator:
    return page.get_by_role("group", name=title, exact=True)


def dice(part: Locator, label: str, *values: int) -> None:
    """Types a roll's dice in the boxes labelled "{label} tens/units" or "die 1/2"."""
    faces = {1: ("",), 2: ("tens", "units") if "D68" in label else ("die 1", "die 2")}
    for face, value in zip(faces[len(values)], values, strict=True):
        part.get_by_label(f"{label} {face}".strip(), exact=True).fill(str(value))


def checked(page: Page, *said: str) -> None:
    """The running check, above the save button, says each of `said`."""
    live = page.locator("#report-check")
    expect(live).to_have_attribute("aria-live", "polite")
    for words in said:
        expect(live).to_contain_text(words)


def save_and_submit(phone: Phone) -> None:
    page = phone.page
    fits(phone)
    page.get_by_role("button", name="Save the draft").click()
    expect(page.locator(".messages")).to_contain_text("Report saved as a draft.")
    expect(page.locator(".unfinished")).to_have_count(0)  # nothing stops the submission
    fits(phone)
    page.get_by_role("button", name="Submit the report").click()
    expect(page.locator(".messages")).to_contain_text("Report submitted")


def confirmed_by_griff(phone: Phone, url: str) -> Page:
    """griff, on his own phone, opens the match and confirms the report."""
    with phone_open(phone.page.context.browser) as other:
        page = other.page
        log_in(page, url.split("/matches/")[0], "griff", PASSWORD)
        page.goto(url)
        expect(page.locator(".match-status .badge")).to_have_text("report submitted")
        fits(other)
        page.get_by_role("button", name="Confirm the report").click()
        expect(page.locator(".messages")).to_contain_text("Report confirmed.")
        expect(page.locator("#report-form")).to_have_count(0)
        fits(other)
        shown = page.locator(".report-shown").inner_text()
    return shown


def open_match(phone: Phone, base: str, pk: int) -> str:
    page = phone.page
    log_in(page, base, "varag", PASSWORD)
    url = f"{base}/matches/{pk}/"
    page.goto(url)
    fits(phone)
    page.get_by_label("Date played").fill(PLAYED_ON.isoformat())
    return url


# --- The four rulesets ----------------------------------------------------------------------


def test_an_lrb6_report_with_a_death_decay_and_the_apothecary(
    live_server, lrb6_match: int, phone: Phone
) -> None:
    page = phone.page
    url = open_match(phone, live_server.url, lrb6_match)
    tap(page, "Gouged Eye touchdowns", 3)
    tap(page, "Gouged Eye touchdowns", step=-1)  # one too many
    tap(page, "Rotten Rovers touchdowns")
    expect(page.get_by_label("Gouged Eye touchdowns")).to_have_value("2")
    orcs = players_open(page, "Gouged Eye")
    tap(orcs, "Touchdowns by #7 Blitzer 7, Gouged Eye", 2)
    blitzer = orcs.locator("details.player-row").filter(has_text="#6 Blitzer 6")
    blitzer.locator("summary").click()  # his line opens at a tap on his name
    blitzer.get_by_label("Completions by #6 Blitzer 6, Gouged Eye").fill("1")
    expect(blitzer.locator(".tally")).to_have_text("completion 1")  # read back, folded
    orcs.get_by_label("Gouged Eye MVP 1").select_option(label="#7 Blitzer 7")
    nurgle = players_open(page, "Rotten Rovers")
    tap(nurgle, "Touchdowns by #10 Pestigor 10, Rotten Rovers")
    nurgle.get_by_label("Rotten Rovers MVP 1").select_option(label="#3 Rotter 3")
    fits(phone)

    # The apothecary's D68 turned a dead Orc into a Badly Hurt one: his dice show once the
    # apothecary is chosen; an Orc rolls no Decay. The check asks which result was kept.
    first = casualty(page, "Another casualty")
    first.get_by_label("Who was hurt").select_option("home-4")
    first.get_by_label("Caused by").select_option("away-10")
    first.get_by_label("Action").select_option("blitz")
    expect(first.locator(".die-group[data-needs=decay]")).to_be_hidden()
    expect(first.get_by_label("apothecary's casualty D68 tens", exact=True)).to_be_hidden()
    # Nurgle induced no Igor, and the Orcs no Wandering Apothecary: only their own is offered.
    expect(first.get_by_label("Treated by").locator("option[value=igor]")).to_have_count(0)
    expect(first.get_by_label("Result kept")).to_be_hidden()  # no second result yet
    first.get_by_label("Treated by").select_option("apothecary")
    expect(first.get_by_label("Result kept")).to_be_visible()
    dice(first, "casualty D68", 6, 2)
    dice(first, "apothecary's casualty D68", 3, 4)
    checked(page, "Before submitting:", "say which result home #4's coach kept")
    first.get_by_label("Result kept").select_option("second")

    # A Rotter (Decay) rolls two D68s; another dies on his first.
    page.get_by_role("button", name="Add a casualty").click()
    second = casualty(page, "New casualty")
    second.get_by_label("Who was hurt").select_option("away-3")
    second.get_by_label("Caused by").select_option("home-7")
    expect(second.locator(".die-group[data-needs=decay]")).to_be_visible()
    dice(second, "casualty D68", 4, 1)
    dice(second, "Decay casualty D68", 5, 5)
    page.get_by_role("button", name="Add a casualty").click()
    unwanted = casualty(page, "New casualty").last
    unwanted.get_by_label("Who was hurt").select_option("away-6")
    unwanted.get_by_role("button", name="Remove this casualty").click()
    page.get_by_role("button", name="Add a casualty").click()
    third = casualty(page, "New casualty").last
    third.get_by_label("Who was hurt").select_option("away-5")
    third.get_by_label("Caused by").select_option("home-11")
    dice(third, "casualty D68", 6, 3)
    dice(third, "Decay casualty D68", 2, 1)
    page.get_by_label("Notes").fill("Rain all game.")
    checked(page, "Nothing to fix: ready to save and submit.")
    save_and_submit(phone)

    shown = confirmed_by_griff(phone, url)
    for line in (
        "#6 Blitzer 6 · completion 1",
        "#7 Blitzer 7 · touchdown 2 · MVP",
        "#3 Rotter 3 · MVP",
        "#10 Pestigor 10 · touchdown 1",
        "#4 Lineman 4 (Gouged Eye): Badly Hurt",
        "Caused by #10 Pestigor 10 (Rotten Rovers) · blitz · ordinary",
        "Helper: apothecary; kept the second result",
        "casualty D68 6-2: Dead",
        "apothecary's casualty D68 3-4: Badly Hurt (kept: second)",
        "#3 Rotter 3 (Rotten Rovers): Broken Ribs and Serious Concussion",
        "Decay casualty D68 5-5: Serious Concussion",
        "#5 Rotter 5 (Rotten Rovers): Dead and Badly Hurt",
        "casualty D68 6-3: Dead",
        "Rain all game.",
    ):
        assert line in shown, line
    assert "Rotter 6" not in shown  # the casualty removed before saving

    try:
        match = Match.objects.get(pk=lrb6_match)
        assert match.status == "confirmed"
        assert match.casualties.count() == 3
    finally:
        connections.close_all()  # see test_match_journey: PostgreSQL drops the database


def test_a_gdbbl_report_with_a_modifier_a_serious_injury_and_server_drawn_mvps(
    live_server, gdbbl_match: int, phone: Phone
) -> None:
    page = phone.page
    url = open_match(phone, live_server.url, gdbbl_match)
    tap(page, "Altdorf Hammers touchdowns")
    tap(page, "Iron Tuskers touchdowns")
    humans = players_open(page, "Altdorf Hammers")
    tap(humans, "Touchdowns by #10 Blitzer 10, Altdorf Hammers")
    humans.get_by_label("Altdorf Hammers MVP").select_option("server")
    orcs = players_open(page, "Iron Tuskers")
    tap(orcs, "Touchdowns by #8 Black Orc Blocker 8, Iron Tuskers")
    orcs.get_by_label("Iron Tuskers MVP").select_option("server")

    first = casualty(page, "Another casualty")
    first.get_by_label("Who was hurt").select_option("away-3")
    first.get_by_label("Caused by").select_option("home-10")
    first.get_by_label("Action").select_option("blitz")
    expect(first.get_by_label("Result kept")).to_have_count(0)  # GDBBL keeps the re-roll
    expect(first.get_by_label("Treated by").locator("option[value=apothecary]")).to_be_disabled()
    tap(first, "Injury modifier")
    dice(first, "injury 2D6", 5, 6)
    dice(first, "serious injury 2D6", 2, 3)
    page.get_by_role("button", name="Add a casualty").click()
    second = casualty(page, "New casualty")
    second.get_by_label("Who was hurt").select_option("home-8")
    second.get_by_label("Caused by").select_option("away-9")
    second.get_by_label("Treated by").select_option("apothecary")
    dice(second, "injury 2D6", 6, 6)
    dice(second, "apothecary's roll 2D6", 4, 6)
    checked(page, "Before submitting:", "Draw Altdorf Hammers's MVP")  # drawn when saved
    save_and_submit(phone)

    shown = confirmed_by_griff(phone, url)
    for line in (
        "#10 Blitzer 10 · touchdown 1",
        "#8 Black Orc Blocker 8 · touchdown 1",
        "#3 Lineman 3 (Iron Tuskers): Serious Injury (miss next game)",
        "injury 2D6 5+6 +1: Serious Injury",
        "serious injury 2D6 2+3: miss next game",
        "#8 Catcher 8 (Altdorf Hammers): Badly Hurt",
        "injury 2D6 6+6: Dead",
        "apothecary's 2D6 4+6: Badly Hurt, kept",
    ):
        assert line in shown, line
    assert shown.count("MVP") == 2  # one drawn by the server for each team


def test_a_blitz_bowl_result_whose_points_are_checked_as_they_are_typed(
    live_server, blitz_match: int, phone: Phone
) -> None:
    page = phone.page
    url = open_match(phone, live_server.url, blitz_match)
    tap(page, "The Reavers touchdowns", 2)
    tap(page, "Middenheim Wolves touchdowns")
    page.get_by_label("The Reavers Challenge points").fill("5")
    tap(page, "The Reavers Clean Sweeps")
    page.get_by_label("The Reavers score").fill("14")
    page.get_by_label("Middenheim Wolves Challenge points").fill("3")
    tap(page, "Middenheim Wolves Bonus Play points")
    page.get_by_label("Middenheim Wolves score").fill("8")
    page.get_by_label("The win").select_option("points")
    checked(page, "Fix before saving:", "The Reavers's score is 14, but", "make 15.")
    page.get_by_label("The Reavers score").fill("15")
    checked(page, "Nothing to fix: ready to save and submit.")
    save_and_submit(phone)

    shown = confirmed_by_griff(phone, url)
    assert "15 points: 2 touchdowns, 5 Challenge points, 1 Clean Sweep" in shown
    assert "8 points: 1 touchdown, 3 Challenge points, 0 Clean Sweeps, 1 Bonus Play point" in (
        shown
    )
    assert "on points" in shown


def test_a_blitz_bowl_league_lists_each_challenge_card_and_its_regional_rule(
    live_server, cards_match: int, phone: Phone
) -> None:
    page = phone.page
    url = open_match(phone, live_server.url, cards_match)
    tap(page, "The Reavers touchdowns")
    reavers = page.get_by_role("group", name="The Reavers", exact=True)
    reavers.get_by_label("Challenge card 1", exact=True).fill("Cage Dive")
    tap(reavers, "The Reavers Challenge card 1 points", 3)
    reavers.get_by_role("button", name="Add a Challenge card").click()
    reavers.get_by_label("Challenge card 2", exact=True).fill("Pass Master")
    tap(reavers, "The Reavers Challenge card 2 points", 2)
    reavers.get_by_label("The Reavers score").fill("9")
    page.get_by_label("Grey Wolves score").fill("0")
    page.get_by_label("The win").select_option("points")
    page.get_by_label("Regional league roll (D8)").select_option(label="3: Sylvanian Spotlight")
    page.get_by_label("An Endgame card was active").check()
    checked(page, "Nothing to fix: ready to save and submit.")
    save_and_submit(phone)

    shown = confirmed_by_griff(phone, url)
    assert "9 points: 1 touchdown, Challenge cards Cage Dive (3), Pass Master (2)" in shown
    assert "3: Sylvanian Spotlight" in shown
    assert "An Endgame card was active." in shown


def test_a_first_edition_result_with_the_veterans_rules_agreed_and_a_death(
    live_server, first_match: int, phone: Phone
) -> None:
    page = phone.page
    url = open_match(phone, live_server.url, first_match)
    tap(page, "Bright Crusaders touchdowns", 2)
    tap(page, "Reikland Reavers touchdowns")
    page.get_by_label("1. The Teams").check()
    page.get_by_label("5. Tackle Zones").check()
    death = casualty(page, "Another death")
    death.get_by_label("Who died").select_option("away-4")
    death.get_by_label("Caused by").select_option("home-9")
    checked(page, "Nothing to fix: ready to save and submit.")
    save_and_submit(phone)

    shown = confirmed_by_griff(phone, url)
    assert "Veterans Rules agreed: 1. The Teams, 5. Tackle Zones" in shown
    assert "#4 Lineman 4 (Reikland Reavers): Dead" in shown
    assert "Caused by #9 Blocker 9 (Bright Crusaders)" in shown
