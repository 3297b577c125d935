"""The roster-sheet cache and its jobs: an unchanged team gets its stored sheet without a
render, any change to the key gives a new sheet, failures retry a bounded number of times,
an abandoned render is picked up again or failed, and two requests at once render once."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from rules.edition import edition_read
from rules.house_rules import ruleset_copy
from rules.selectors import version_get
from rules.services import edition_load
from teams import roster_sheet, sheet_worker, sheets
from teams.between_matches import team_adjust
from teams.models import RosterSheet, Team
from teams.sheet_worker import RENDER_ATTEMPTS
from teams.sheets import sheet_find, sheet_request
from tests.teams.helpers import orc_team
from tests.teams.sheet_helpers import pdf_text

pytestmark = pytest.mark.django_db


class Renders:
    """Counts the PDFs drawn; can be told to fail the first `failures` of them."""

    def __init__(self, failures: int = 0) -> None:
        self.count = 0
        self.failures = failures

    def __call__(self, html: str) -> bytes:
        self.count += 1
        if self.count <= self.failures:
            raise RuntimeError("the font cache is locked")
        return roster_sheet.sheet_pdf(html)


@pytest.fixture
def renders(monkeypatch) -> Renders:
    counter = Renders()
    monkeypatch.setattr(sheet_worker, "sheet_pdf", counter)
    return counter


@pytest.fixture
def team(coach, lrb6) -> Team:
    return orc_team(coach, lrb6)


def ask(team: Team, paper: str, capture) -> RosterSheet:
    """A request and its commit: the render queued on commit runs (eagerly) at once."""
    with capture(execute=True):
        sheet = sheet_request(team, paper)
    sheet.refresh_from_db()
    return sheet


def test_a_first_request_queues_a_render_that_stores_the_pdf(
    team, renders, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        sheet = sheet_request(team, "a4")
        assert sheet.status == "queued"  # the render waits for the commit
        assert renders.count == 0
    assert len(callbacks) == 1
    sheet.refresh_from_db()
    assert (sheet.status, sheet.attempts, renders.count) == ("done", 1, 1)
    assert bytes(sheet.pdf).startswith(b"%PDF")
    assert "Gouged Eye" in pdf_text(bytes(sheet.pdf))
    assert (sheet.ledger_head, sheet.paper, sheet.ruleset_version_id) == (
        1,
        "a4",
        team.ruleset_version_id,
    )


def test_an_unchanged_team_gets_the_same_file_without_a_render(
    team, renders, django_capture_on_commit_callbacks
) -> None:
    first = ask(team, "a4", django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = sheet_request(team, "a4")
    assert callbacks == []
    assert again.pk == first.pk
    assert again.status == "done"
    assert renders.count == 1
    assert RosterSheet.objects.count() == 1


def test_a_change_to_the_team_gives_a_new_sheet(
    team, renders, django_capture_on_commit_callbacks
) -> None:
    staff = get_user_model().objects.create_user("ref", password="whistle-1", is_staff=True)
    first = ask(team, "a4", django_capture_on_commit_callbacks)
    team = team_adjust(team, staff, "Prize money", 10_000)
    second = ask(team, "a4", django_capture_on_commit_callbacks)
    assert second.pk != first.pk
    assert (second.ledger_head, renders.count) == (2, 2)
    assert "TREASURY 80,000 gp" in pdf_text(bytes(second.pdf))
    assert "TREASURY 70,000 gp" in pdf_text(bytes(first.pdf))


def test_a_new_sheet_replaces_the_teams_out_of_date_sheets_of_that_paper(
    team, renders, django_capture_on_commit_callbacks
) -> None:
    staff = get_user_model().objects.create_user("ref", password="whistle-1", is_staff=True)
    old_a4 = ask(team, "a4", django_capture_on_commit_callbacks)
    letter = ask(team, "letter", django_capture_on_commit_callbacks)
    team = team_adjust(team, staff, "Prize money", 10_000)
    new_a4 = ask(team, "a4", django_capture_on_commit_callbacks)
    kept = set(RosterSheet.objects.values_list("pk", flat=True))
    assert kept == {letter.pk, new_a4.pk}
    assert old_a4.pk not in kept


def test_another_paper_gives_a_new_sheet(team, renders, django_capture_on_commit_callbacks):
    first = ask(team, "a4", django_capture_on_commit_callbacks)
    letter = ask(team, "letter", django_capture_on_commit_callbacks)
    assert letter.pk != first.pk
    assert renders.count == 2


def test_a_new_template_version_gives_a_new_sheet(
    team, renders, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    first = ask(team, "a4", django_capture_on_commit_callbacks)
    monkeypatch.setattr(sheets, "template_version", lambda: "0123456789ab")
    second = ask(team, "a4", django_capture_on_commit_callbacks)
    assert second.pk != first.pk
    assert second.template_version == "0123456789ab"
    assert renders.count == 2


def test_a_new_ruleset_version_gives_a_new_sheet(
    team, coach, lrb6, renders, django_capture_on_commit_callbacks
) -> None:
    first = ask(team, "a4", django_capture_on_commit_callbacks)
    copy = ruleset_copy(lrb6, "Our house rules", coach).versions.get()
    Team.objects.filter(pk=team.pk).update(ruleset_version=copy)
    team.refresh_from_db()
    second = ask(team, "a4", django_capture_on_commit_callbacks)
    assert (second.pk != first.pk, second.ruleset_version_id) == (True, copy.pk)
    assert renders.count == 2


def test_a_failing_render_is_retried_then_succeeds(
    team, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    flaky = Renders(failures=1)
    monkeypatch.setattr(sheet_worker, "sheet_pdf", flaky)
    sheet = ask(team, "a4", django_capture_on_commit_callbacks)
    assert (sheet.status, sheet.attempts, flaky.count) == ("done", 2, 2)
    assert sheet.reason == ""


def test_a_render_that_keeps_failing_is_marked_failed_with_its_reason(
    team, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    broken = Renders(failures=99)
    monkeypatch.setattr(sheet_worker, "sheet_pdf", broken)
    sheet = ask(team, "a4", django_capture_on_commit_callbacks)
    assert (sheet.status, sheet.attempts, broken.count) == ("failed", RENDER_ATTEMPTS, 3)
    assert sheet.reason == "Drawing the sheet failed (RuntimeError: the font cache is locked)."
    assert sheet.pdf is None


def test_asking_again_after_a_failure_tries_again(
    team, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    monkeypatch.setattr(sheet_worker, "sheet_pdf", Renders(failures=99))
    failed = ask(team, "a4", django_capture_on_commit_callbacks)
    working = Renders()
    monkeypatch.setattr(sheet_worker, "sheet_pdf", working)
    again = ask(team, "a4", django_capture_on_commit_callbacks)
    assert again.pk == failed.pk
    assert (again.status, working.count) == ("done", 1)


def abandon(sheet: RosterSheet, attempts: int, seconds_ago: int) -> None:
    """What a worker killed mid-render leaves behind."""
    RosterSheet.objects.filter(pk=sheet.pk).update(
        status="rendering",
        attempts=attempts,
        pdf=None,
        started_at=timezone.now() - datetime.timedelta(seconds=seconds_ago),
    )


def test_an_abandoned_render_is_queued_again_after_the_stale_time(
    team, renders, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ROSTER_SHEET_STALE_SECONDS = 120
    sheet = ask(team, "a4", django_capture_on_commit_callbacks)
    abandon(sheet, attempts=1, seconds_ago=60)
    assert sheet_find(team, "a4").status == "rendering"  # not stale yet: a worker may be on it
    abandon(sheet, attempts=1, seconds_ago=121)
    with django_capture_on_commit_callbacks(execute=True):
        assert sheet_find(team, "a4").status == "queued"
    sheet.refresh_from_db()
    assert (sheet.status, sheet.attempts) == ("done", 2)


def test_an_abandoned_render_that_used_its_attempts_is_failed(team, renders, settings):
    settings.ROSTER_SHEET_STALE_SECONDS = 120
    sheet = RosterSheet.objects.create(**sheets.sheet_key(team, "a4"))
    abandon(sheet, attempts=RENDER_ATTEMPTS, seconds_ago=500)
    found = sheet_find(team, "a4")
    assert found.status == "failed"
    assert found.reason == (
        "The worker stopped while drawing the sheet, 3 times; ask again to retry."
    )
    assert renders.count == 0


def test_a_paper_that_is_not_a4_or_letter_is_refused(team) -> None:
    with pytest.raises(sheets.PaperRefused, match="Paper is a4 or letter, not 'a3'"):
        sheet_request(team, "a3")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_requests_at_the_same_time_render_once(coach, monkeypatch) -> None:
    edition_load(edition_read("lrb6"))  # a transactional test may have emptied the database
    team = orc_team(coach, version_get("lrb6"))
    counter = Renders()
    monkeypatch.setattr(sheet_worker, "sheet_pdf", counter)
    barrier = threading.Barrier(2)
    found: list[int] = []

    def request() -> None:
        try:
            barrier.wait(timeout=10)
            found.append(sheet_request(team, "a4").pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=request) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(found) == 2
    assert found[0] == found[1]
    assert counter.count == 1
    assert RosterSheet.objects.get().status == "done"


# The API


@pytest.fixture
def api(coach) -> APIClient:
    client = APIClient()
    client.force_authenticate(coach)
    return client


def test_the_api_starts_reports_and_then_serves_the_pdf(
    api, team, renders, django_capture_on_commit_callbacks
) -> None:
    url = f"/api/teams/{team.pk}/roster-sheet/"
    assert api.get(url).status_code == 404  # nothing asked for yet
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        started = api.post(url, {"paper": "letter"})
    assert started.status_code == 202
    assert started.json()["status"] == "queued"
    assert started.json()["download"] is None
    waiting = api.get(url, {"paper": "letter"})
    assert (waiting.status_code, waiting.json()["status"]) == (202, "queued")
    for callback in callbacks:
        callback()
    ready = api.get(url, {"paper": "letter"})
    assert ready.status_code == 200
    assert ready["Content-Type"] == "application/pdf"
    assert ready["Content-Disposition"] == 'attachment; filename="gouged-eye-roster-letter.pdf"'
    assert "TOTAL VALUE OF TEAM 930,000 gp" in pdf_text(b"".join(ready.streaming_content))
    again = api.post(url, {"paper": "letter"})
    assert again.status_code == 200
    assert again.json()["download"].endswith("/pdf/")
    assert renders.count == 1


def test_the_api_refuses_a_bad_paper_and_an_anonymous_start(team) -> None:
    client = APIClient()
    url = f"/api/teams/{team.pk}/roster-sheet/"
    assert client.post(url, {"paper": "a4"}).status_code == 401
    assert client.get(url, {"paper": "a3"}).status_code == 400
    client.force_authenticate(team.coach)
    answer = client.post(url, {"paper": "a3"})
    assert answer.status_code == 400
    assert list(answer.json()) == ["paper"]


def test_a_failed_sheet_answers_its_reason(
    api, team, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    monkeypatch.setattr(sheet_worker, "sheet_pdf", Renders(failures=99))
    ask(team, "a4", django_capture_on_commit_callbacks)
    answer = api.get(f"/api/teams/{team.pk}/roster-sheet/")
    assert answer.status_code == 200
    assert answer.json()["status"] == "failed"
    assert "the font cache is locked" in answer.json()["reason"]


# The pages


def test_download_pdf_shows_progress_then_hands_over_the_file(
    client, coach, team, renders, django_capture_on_commit_callbacks
) -> None:
    client.force_login(coach)
    assert "Download PDF" in client.get(f"/teams/{team.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        page = client.post(f"/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    sheet = RosterSheet.objects.get()
    assert page.status_code == 302
    assert page["Location"] == f"/teams/{team.pk}/roster-sheet/{sheet.pk}/"
    progress = client.get(page["Location"]).content.decode()
    assert "Waiting for a worker" in progress
    assert 'hx-trigger="every 1s"' in progress
    for callback in callbacks:
        callback()
    poll = client.get(page["Location"], HTTP_HX_REQUEST="true")
    assert poll["HX-Redirect"] == f"/teams/{team.pk}/roster-sheet/{sheet.pk}/pdf/"
    assert "Download the PDF" in poll.content.decode()
    assert "hx-trigger" not in poll.content.decode()  # polling stops
    download = client.get(poll["HX-Redirect"])
    assert download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    # A second click is instant: straight to the stored file, no render.
    second = client.post(f"/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    assert second["Location"] == f"/teams/{team.pk}/roster-sheet/{sheet.pk}/pdf/"
    assert renders.count == 1


def test_a_failed_sheet_page_offers_to_try_again(
    client, coach, team, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    monkeypatch.setattr(sheet_worker, "sheet_pdf", Renders(failures=99))
    sheet = ask(team, "a4", django_capture_on_commit_callbacks)
    client.force_login(coach)
    page = client.get(f"/teams/{team.pk}/roster-sheet/{sheet.pk}/").content.decode()
    assert "<h1>The sheet could not be drawn</h1>" in page
    assert "the font cache is locked" in page
    assert "Try again" in page


def test_an_unfinished_sheet_does_not_download(client, team) -> None:
    sheet = RosterSheet.objects.create(**sheets.sheet_key(team, "a4"))
    page = client.get(f"/teams/{team.pk}/roster-sheet/{sheet.pk}/pdf/")
    assert page.status_code == 302
    assert page["Location"] == f"/teams/{team.pk}/roster-sheet/{sheet.pk}/"


def test_an_anonymous_visitor_may_preview_but_must_log_in_to_render(client, team) -> None:
    assert client.get(f"/teams/{team.pk}/roster-sheet/preview/").status_code == 200
    page = client.post(f"/teams/{team.pk}/roster-sheet/", {"paper": "a4"})
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/")
    assert not RosterSheet.objects.exists()


def test_a_sheet_whose_message_was_lost_is_sent_again_after_the_stale_time(
    team, renders, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ROSTER_SHEET_STALE_SECONDS = 120
    with django_capture_on_commit_callbacks(execute=False):
        sheet = sheet_request(team, "a4")  # its message never reaches a worker
    assert sheet_find(team, "a4").status == "queued"
    RosterSheet.objects.filter(pk=sheet.pk).update(
        queued_at=timezone.now() - datetime.timedelta(seconds=121)
    )
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        sheet_find(team, "a4")
    assert len(callbacks) == 1
    sheet.refresh_from_db()
    assert (sheet.status, renders.count) == ("done", 1)


def test_a_broker_that_refuses_the_message_leaves_the_sheet_queued_without_an_error(
    team, monkeypatch, django_capture_on_commit_callbacks, caplog
) -> None:
    from teams.tasks import roster_sheet_render

    def broker_down(*args, **kwargs):
        raise ConnectionRefusedError("Redis is down")

    monkeypatch.setattr(roster_sheet_render, "apply_async", broker_down)
    sheet = ask(team, "a4", django_capture_on_commit_callbacks)
    assert sheet.status == "queued"
    assert f"Could not send roster sheet {sheet.pk} to the workers" in caplog.text


def test_a_request_never_deletes_a_sheet_of_a_newer_ledger_head(
    team, renders, django_capture_on_commit_callbacks
) -> None:
    key = sheets.sheet_key(team, "a4")
    newer = RosterSheet.objects.create(
        **{**key, "ledger_head": key["ledger_head"] + 1}, status="done", pdf=b"%PDF-newer"
    )
    ask(team, "a4", django_capture_on_commit_callbacks)
    assert RosterSheet.objects.filter(pk=newer.pk).exists()
