"""A new coach on a phone: signs up (an address required), confirms it from the mail, sets
his time zone, makes and revokes an API token, reads another coach's page, and is invited to
a private league, where he enters a team — in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.services import league_create, membership_decide, membership_request
from rules.selectors import version_get
from tests.browser.conftest import Phone
from tests.browser.steps import (
    address_confirm,
    coach_create,
    credentials_enter,
    orcs_create,
    race_choose,
    sign_up,
    team_fill,
    team_submit,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "three-dice-block-against"
NEW_COACH = "lord-borak"
ADDRESS = "borak@dugout.example"
LEAGUE = "The Cellar Cup"
TEAM = "Borak's Bashers"


@pytest.fixture
def cellar_cup(db):
    """A private LRB6 league run by nuffle, with griff's Gouged Eye in it."""
    gouged_eye = orcs_create("griff", PASSWORD)
    nuffle = coach_create("nuffle", PASSWORD)
    league = league_create(nuffle, LEAGUE, version_get("lrb6"), public=False)
    membership_decide(membership_request(league, gouged_eye.coach, gouged_eye), nuffle, True)
    return league


def test_a_new_coach_sets_up_his_account_and_joins_a_private_league_on_a_phone(
    live_server, cellar_cup, mailoutbox, phone: Phone
) -> None:
    page = phone.page
    main = page.get_by_role("main")
    nav = page.get_by_role("navigation", name="Main")
    api = page.request

    # Signs up: the address is required.
    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Username").fill(NEW_COACH)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    expect(main.get_by_text("This field is required.")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    sign_up(page, NEW_COACH, ADDRESS, PASSWORD)
    expect(main.get_by_role("heading", name="Confirm your e-mail address")).to_be_visible()
    assert phone.horizontal_overflow() == 0

    # Confirms it from the mail.
    address_confirm(page, mailoutbox, ADDRESS)
    assert phone.horizontal_overflow() == 0

    # Finds his profile under his name and sets his time zone.
    nav.get_by_role("link", name=NEW_COACH).click()
    expect(page.get_by_role("heading", name="Your profile")).to_be_visible()
    expect(main.get_by_text("confirmed", exact=True)).to_be_visible()
    assert phone.horizontal_overflow() == 0
    page.get_by_label("Time zone").select_option("Europe/Paris")
    page.get_by_role("button", name="Save details").click()
    expect(main.get_by_text("Your details are saved.")).to_be_visible()
    expect(main.get_by_text("Times are shown in Europe/Paris")).to_be_visible()

    # Makes a token, sees it once, uses it, revokes it.
    page.get_by_label("Name of a new token").fill("phone script")
    page.get_by_role("button", name="Make a token").click()
    expect(page.get_by_role("heading", name="Your new token “phone script”")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    secret = page.get_by_label("Token", exact=True).input_value()
    assert secret.startswith("dugout_")
    me = api.get(live_server.url + "/api/me/", headers={"Authorization": f"Token {secret}"})
    assert me.status == 200
    assert me.json()["username"] == NEW_COACH
    assert me.json()["time_zone"] == "Europe/Paris"
    page.goto(live_server.url + "/accounts/profile/")
    expect(main.get_by_role("cell", name="phone script", exact=True)).to_be_visible()
    assert secret not in page.content()
    page.get_by_role("button", name="Revoke phone script").click()
    expect(main.get_by_text("The token is revoked")).to_be_visible()
    gone = api.get(live_server.url + "/api/me/", headers={"Authorization": f"Token {secret}"})
    assert gone.status == 401

    # Reads another coach's page: his team, and no word of the private league.
    nav.get_by_role("link", name="Coaches").click()
    page.get_by_label("Find a coach").fill("grif")
    page.get_by_role("button", name="Search").click()
    main.get_by_role("link", name="griff", exact=True).click()
    expect(page.get_by_role("heading", name="griff", level=1)).to_be_visible()
    expect(main.get_by_role("link", name="Gouged Eye")).to_be_visible()
    expect(main.get_by_text(LEAGUE)).to_have_count(0)
    assert phone.horizontal_overflow() == 0

    # Meanwhile nuffle invites him to the Cellar Cup.
    page.get_by_role("button", name="Log out").click()
    nav.get_by_role("link", name="Log in").click()
    credentials_enter(page, "nuffle", PASSWORD)
    page.goto(live_server.url + f"/leagues/{cellar_cup.pk}/dashboard/")
    page.get_by_label("Coach's user name").first.fill(NEW_COACH)
    page.get_by_role("button", name="Invite a coach").click()
    expect(main.get_by_text(f"{NEW_COACH} · invited by nuffle")).to_be_visible()
    assert phone.horizontal_overflow() == 0
    page.get_by_role("button", name="Log out").click()

    # He finds the invitation on his desk, and enters a team built for the league.
    nav.get_by_role("link", name="Log in").click()
    credentials_enter(page, NEW_COACH, PASSWORD)
    invited = main.get_by_role("list", name="Invitations to a league")
    expect(invited).to_contain_text(f"You are invited to {LEAGUE} by nuffle")
    assert phone.horizontal_overflow() == 0
    invited.get_by_role("link", name=LEAGUE).click()
    expect(page.get_by_role("heading", name=LEAGUE, level=1)).to_be_visible()
    main.get_by_role("link", name=f"Build a new team for {LEAGUE}").click()
    race_choose(page, "Orc")
    team_fill(page, TEAM, {"Lineman": 5, "Blitzer": 4, "Black Orc Blocker": 2}, rerolls=2)
    team_submit(page, TEAM)
    expect(main.get_by_text(f"asked to join {LEAGUE}")).to_be_visible()
    assert phone.horizontal_overflow() == 0

    # The league's commissioner finds the team waiting.
    page.get_by_role("button", name="Log out").click()
    nav.get_by_role("link", name="Log in").click()
    credentials_enter(page, "nuffle", PASSWORD)
    page.goto(live_server.url + f"/leagues/{cellar_cup.pk}/dashboard/")
    expect(main.get_by_role("link", name=TEAM)).to_be_visible()
    assert phone.aborted == []
