"""Under the site's Content-Security-Policy, chromium blocks nothing on the pages a coach uses,
and the scripts that were inline or evaluated still work: varag signs in, opens his desk, his
roster and its printable sheet, builds a team (the race list follows the ruleset through htmx
and the complaint about a race the old ruleset lacked goes away; the running bill counts),
opens a match's report form (its − / + buttons and running check), the league, a season and
the rules; the API docs draw Swagger UI and its operations; a site admin walks the admin.

A violation shows in chromium's console ("Refused to ...") and as a securitypolicyviolation
event, which the page's init script writes to the console too; either fails the journey, as
does any script error or other console error."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import ConsoleMessage, Page, expect

from league.demo import DEMO_LEAGUE, DEMO_PASSWORD, demo_data_create, demo_matches_create
from league.models import League
from matches.models import Match
from teams.models import Team
from tests.browser.conftest import Phone
from tests.browser.steps import coach_create, log_in, ruleset_pick, rulesets_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ADMIN_PASSWORD = "whistle-and-flag-1"
# Runs in every page before its own scripts (Playwright's init scripts are not the page's, so
# the policy does not apply to them): each violation the browser reports, written out.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} ` +
    `at ${event.sourceFile}:${event.lineNumber} on ${document.location.pathname}`);
});
"""


class Complaints:
    """What the browser complained of while the journey went on: console errors (CSP's
    "Refused to ..." among them) and uncaught script errors, each with its page."""

    def __init__(self, page: Page) -> None:
        self.seen: list[str] = []
        page.context.add_init_script(REPORT_VIOLATIONS)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.seen.append(f"{page.url}: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        text = message.text
        # A page answering 4xx on purpose (the builder naming a race that is not there) is
        # logged as a failed load: the server's answer, not the browser refusing anything.
        if text.startswith("Failed to load resource"):
            return
        if message.type == "error" or "Content Security Policy" in text or "Refused to" in text:
            self.seen.append(f"{message.location.get('url', '')}: {text}")


@pytest.fixture
def demo() -> None:
    """The demo (league/demo.py) as `make run` loads it, and a site admin. Written before the
    browser starts (see the phone fixture); a transactional test starts empty, so the demo's
    rulesets are loaded first."""
    rulesets_load("lrb6", "gdbbl")
    demo_data_create()
    demo_matches_create()
    coach_create("umpire", ADMIN_PASSWORD, is_staff=True)
    get_user_model().objects.filter(username="umpire").update(is_superuser=True)


def report_form_match() -> Match:
    """An unplayed league match of varag's Gouged Eye at home: the report form shows."""
    match = Match.objects.filter(
        home__name="Gouged Eye", kind="league", status="scheduled", steps__isnull=True
    ).first()
    assert match is not None
    return match


def test_a_coach_uses_the_site_and_the_api_docs_with_nothing_blocked(
    live_server, demo: None, phone: Phone
) -> None:
    page, base = phone.page, live_server.url
    complaints = Complaints(page)
    orcs = Team.objects.get(name="Gouged Eye")
    league = League.objects.get(name=DEMO_LEAGUE)
    match = report_form_match()

    log_in(page, base, "varag", DEMO_PASSWORD)
    expect(page.get_by_role("heading", level=1)).to_be_visible()

    # The roster, its buy form (buy-form.js shows one kind's fields) and its sheet's preview.
    page.goto(f"{base}/teams/{orcs.pk}/")
    expect(page.get_by_role("heading", name="Gouged Eye")).to_be_visible()
    page.goto(f"{base}/teams/{orcs.pk}/roster-sheet/preview/?paper=letter")
    expect(page.get_by_role("link", name="← Back to Gouged Eye")).to_be_visible()

    # The builder: a race LRB6 lacks is named, and picking GDBBL (htmx) takes the complaint
    # away, as the attribute htmx evaluated did; ruleset-pick.js does it now.
    page.goto(f"{base}/teams/new/?ruleset=lrb6&race=no-such-race")
    expect(page.locator("#missing-race")).to_be_visible()
    ruleset_pick(page, "gdbbl", "dwarf")
    expect(page.locator("#missing-race")).to_have_count(0)
    page.goto(f"{base}/teams/new/?ruleset=lrb6&race=orc")
    page.get_by_label("How many Lineman", exact=True).fill("3")
    expect(page.locator("#players")).to_have_text("3")  # builder.js counts

    # The report form: report-form.js puts − / + beside each number.
    page.goto(f"{base}/matches/{match.pk}/")
    form = page.locator("#report-form")
    expect(form).to_be_visible()
    form.locator("button.step").first.click()

    for path in (
        f"/leagues/{league.pk}/",
        f"/leagues/{league.pk}/seasons/1/",
        f"/leagues/{league.pk}/seasons/1/table/",
        "/rules/lrb6/races/orc/",
        "/matches/waiting/",
        "/",
    ):
        page.goto(base + path)
        expect(page.get_by_role("navigation", name="Main")).to_be_visible()

    # The API docs: Swagger UI, from its own script file, draws the operations.
    page.goto(f"{base}/api/docs/")
    expect(page.get_by_role("link", name="← Dugout")).to_be_visible()
    operation = page.locator(".opblock").first
    expect(operation).to_be_visible()
    operation.locator(".opblock-summary").click()
    expect(page.locator(".opblock-body").first).to_be_visible()

    assert complaints.seen == []
    assert phone.aborted == []


def test_a_site_admin_walks_the_admin_with_nothing_blocked(
    live_server, demo: None, phone: Phone
) -> None:
    page, base = phone.page, live_server.url
    complaints = Complaints(page)
    varag = get_user_model().objects.get(username="varag")

    page.goto(f"{base}/admin/")
    page.get_by_label("Username").fill("umpire")
    page.get_by_label("Password").fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
    page.goto(f"{base}/admin/accounts/user/")
    expect(page.get_by_role("link", name="varag")).to_be_visible()
    page.goto(f"{base}/admin/accounts/user/{varag.pk}/change/")
    expect(page.get_by_role("heading", name="varag")).to_be_visible()
    page.goto(f"{base}/admin/accounts/user/add/")
    expect(page.get_by_label("Username")).to_be_visible()

    assert complaints.seen == []
    assert phone.aborted == []


def test_the_complaints_catch_a_violation(live_server, phone: Phone) -> None:
    """The journeys above would pass blind if a violation never reached the console: a style
    attribute written by a script is one the policy blocks."""
    page = phone.page
    complaints = Complaints(page)
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate("() => { document.body.innerHTML += '<p style=\"color: red\">x</p>'; }")
    page.wait_for_timeout(200)
    assert any("style-src" in seen for seen in complaints.seen), complaints.seen
