"""The roster sheet in one step: "Download PDF" hands over a sheet that is drawn already
(for the team as it is now) straight away, not through the waiting page; the waiting page
says what is really happening in each state; the preview links back to the team."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import timezone

from teams import sheet_views, sheet_worker, sheets
from teams.between_matches import team_adjust
from teams.models import RosterSheet, Team
from teams.roster_sheet import sheet_html
from teams.sheet_worker import sheet_render
from teams.sheets import BROKER_DOWN, sheet_request
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db

FAKE_PDF = b"%PDF-1.7 a drawn sheet"


@pytest.fixture(autouse=True)
def quick_pdfs(monkeypatch) -> None:
    monkeypatch.setattr(sheet_worker, "sheet_pdf", lambda html: FAKE_PDF)


@pytest.fixture
def team(coach, lrb6) -> Team:
    return orc_team(coach, lrb6)


def words(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def drawn(team: Team, paper: str, capture) -> RosterSheet:
    with capture(execute=True):
        sheet = sheet_request(team, paper)
    sheet.refresh_from_db()
    assert sheet.status == "done"
    return sheet


def test_a_drawn_sheet_downloads_in_one_post(
    client, coach, team, django_capture_on_commit_callbacks
) -> None:
    sheet = drawn(team, "letter", django_capture_on_commit_callbacks)
    client.force_login(coach)
    page = client.post(f"/teams/{team.pk}/roster-sheet/", {"paper": "letter"})
    assert page.status_code == 302
    assert page["Location"] == f"/teams/{team.pk}/roster-sheet/{sheet.pk}/pdf/"
    download = client.get(page["Location"])
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == 'attachment; filename="gouged-eye-roster-letter.pdf"'
    assert b"".join(download.streaming_content) == FAKE_PDF
    assert RosterSheet.objects.count() == 1  # found, not drawn again


def test_a_sheet_drawn_while_it_was_asked_for_is_handed_over_at_once(
    client, coach, team, monkeypatch
) -> None:
    """With no broker the render runs inside the request: the row is drawn before the view
    chooses where to go, though the row it was handed still says queued."""

    def request_and_draw(team, paper):
        sheet = sheet_request(team, paper)
        sheet_render(sheet.pk)
        return sheet  # as read before the render: "queued"

    monkeypatch.setattr(sheet_views, "sheet_request", request_and_draw)
    client.force_login(coach)
    page = client.post(f"/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    sheet = RosterSheet.objects.get()
    assert page["Location"] == f"/teams/{team.pk}/roster-sheet/{sheet.pk}/pdf/"


def test_a_sheet_of_the_team_as_it_was_is_not_handed_over(
    client, coach, staff_user, team, django_capture_on_commit_callbacks
) -> None:
    old = drawn(team, "a4", django_capture_on_commit_callbacks)
    team_adjust(team, staff_user, "Winnings of a lost report", 10_000)  # a new ledger head
    client.force_login(coach)
    with django_capture_on_commit_callbacks(execute=False):
        page = client.post(f"/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    new = RosterSheet.objects.get(ledger_head=2)
    assert new.pk != old.pk
    assert page["Location"] == f"/teams/{team.pk}/roster-sheet/{new.pk}/"  # it waits


def sheet_in(team: Team, status: str, reason: str = "", attempts: int = 0) -> RosterSheet:
    now = timezone.now()
    return RosterSheet.objects.create(
        **sheets.sheet_key(team, "a4"), status=status, reason=reason, attempts=attempts,
        queued_at=now, started_at=now if status == "rendering" else None,
        pdf=FAKE_PDF if status == "done" else None,
    )  # fmt: skip


# (status, reason, attempts) -> the heading, words that must be there, words that must not
STATES = {
    "queued": (("queued", "", 0), "Waiting for a worker",
               ["Waiting for a worker to draw the sheet (A4)…"], ["Drawing", "ready"]),
    "retrying": (("queued", "Drawing the sheet failed (RuntimeError: no fonts).", 1),
                 "Trying the sheet again",
                 ["The last attempt to draw the sheet failed: Drawing the sheet failed "
                  "(RuntimeError: no fonts).", "It waits for a worker to try again."],
                 ["ready", "Waiting for a worker to draw"]),
    "rendering": (("rendering", "", 2), "Drawing the sheet…",
                  ["A worker is drawing the sheet (A4), attempt 2…"], ["Waiting", "ready"]),
    "done": (("done", "", 1), "The roster sheet is ready",
             ["Gouged Eye's sheet on A4 paper is drawn.", "Download the PDF", "Back to Gouged Eye"],
             ["Drawing", "Waiting", "while you wait", "starts by itself"]),
    "failed": (("failed", "The worker stopped while drawing the sheet, 3 times; ask again to "
                          "retry.", 3),
               "The sheet could not be drawn",
               ["Why: The worker stopped while drawing the sheet, 3 times", "Try again"],
               ["Drawing the sheet…", "Waiting", "ready", "while you wait"]),
    "broker down": (("queued", BROKER_DOWN, 0), "Sheets are waiting for a worker",
                    ["The job queue is not answering, so no worker can be given this sheet "
                     "(A4) yet. Your request is kept"],
                    ["Waiting for a worker to draw", "Drawing the sheet…", "ready"]),
}  # fmt: skip


@pytest.mark.parametrize("state", list(STATES))
def test_the_waiting_page_says_what_is_happening(client, team, state) -> None:
    (status, reason, attempts), heading, present, absent = STATES[state]
    sheet = sheet_in(team, status, reason, attempts)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):  # the page, and what htmx swaps in
        page = client.get(f"/teams/{team.pk}/roster-sheet/{sheet.pk}/", **headers)
        assert f"<h1>{heading}</h1>" in page.content.decode()
        text = words(page)
        for phrase in present:
            assert phrase in text, (state, phrase)
        for phrase in absent:
            assert phrase not in text, (state, phrase)
        polls = 'hx-trigger="every 1s"' in page.content.decode()
        assert polls == (status in ("queued", "rendering"))


def test_the_preview_links_back_to_the_team_and_the_pdf_has_no_such_link(client, team) -> None:
    page = client.get(f"/teams/{team.pk}/roster-sheet/preview/", {"paper": "letter"})
    assert f'<a href="/teams/{team.pk}/">← Back to Gouged Eye</a>' in page.content.decode()
    assert "Back to" not in sheet_html(team, "letter")  # what the PDF is drawn from
