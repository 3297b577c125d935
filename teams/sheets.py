"""Asking for a team's roster sheet: find the stored sheet for the team as it is now, or
queue exactly one render of it; and recover renders a worker abandoned.

The key is the team's ledger head, the template version, the paper and the ruleset
version: any change to the team appends a ledger entry, so it asks for a new sheet, and two
requests for the same key meet at the same row (a unique constraint), so only the one that
created it queues a render."""

from __future__ import annotations

import datetime
import time

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from teams.models import RosterSheet, Team
from teams.roster_sheet import PAPERS, sheet_html, sheet_pdf, template_version

# A render that fails, or whose worker dies, this many times is marked failed.
RENDER_ATTEMPTS = 3


class PaperRefused(ValueError):
    pass


def sheet_key(team: Team, paper: str) -> dict:
    if paper not in PAPERS:
        raise PaperRefused(f"Paper is a4 or letter, not {paper!r}.")
    head = team.ledger.order_by("-sequence").values_list("sequence", flat=True).first() or 0
    return {
        "team": team,
        "ledger_head": head,
        "template_version": template_version(),
        "paper": paper,
        "ruleset_version_id": team.ruleset_version_id,
    }


def sheet_find(team: Team, paper: str) -> RosterSheet | None:
    """The sheet for the team as it is now, recovered if its worker abandoned it."""
    sheet = RosterSheet.objects.filter(**sheet_key(team, paper)).defer("pdf").first()
    return sheet_recover(sheet) if sheet else None


def sheet_request(team: Team, paper: str) -> RosterSheet:
    """Finds the sheet for the team as it is now, or queues one render of it. Asking again
    after a failure tries again."""
    key = sheet_key(team, paper)
    try:
        with transaction.atomic():
            sheet = RosterSheet.objects.create(**key)
    except IntegrityError:  # it exists already, perhaps created a moment ago by another request
        sheet = RosterSheet.objects.defer("pdf").get(**key)
        if sheet.status == "failed":
            return _requeue(sheet, attempts=0)
        return sheet_recover(sheet)
    # The team has changed (or the template): its finished sheets of the same paper are
    # out of date for good, so they make room for the new one.
    stale = RosterSheet.objects.filter(team=team, paper=paper, status__in=("done", "failed"))
    stale.exclude(pk=sheet.pk).delete()
    _enqueue(sheet)
    return sheet


def sheet_recover(sheet: RosterSheet) -> RosterSheet:
    """A sheet whose worker died mid-render (no news for ROSTER_SHEET_STALE_SECONDS) is
    queued again, or marked failed once it has used its attempts."""
    if sheet.status != "rendering" or sheet.started_at is None:
        return sheet
    stale = timezone.now() - datetime.timedelta(seconds=settings.ROSTER_SHEET_STALE_SECONDS)
    if sheet.started_at >= stale:
        return sheet
    with transaction.atomic():
        locked = RosterSheet.objects.select_for_update().defer("pdf").get(pk=sheet.pk)
        if locked.status != "rendering" or locked.started_at >= stale:
            return locked  # someone else recovered it, or a worker picked it up again
        if locked.attempts >= RENDER_ATTEMPTS:
            locked.status = "failed"
            locked.reason = (
                f"The worker stopped while drawing the sheet, {locked.attempts} times; "
                "ask again to retry."
            )
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "reason", "finished_at"])
            return locked
        return _requeue(locked, attempts=locked.attempts)


def _requeue(sheet: RosterSheet, attempts: int) -> RosterSheet:
    updated = RosterSheet.objects.filter(pk=sheet.pk, status=sheet.status).update(
        status="queued", attempts=attempts, started_at=None
    )
    sheet.refresh_from_db(fields=["status", "attempts", "started_at", "reason"])
    if updated:
        _enqueue(sheet)
    return sheet


def _enqueue(sheet: RosterSheet) -> None:
    """Sends the render to a worker once the row is committed (a worker must find it)."""
    from teams.tasks import roster_sheet_render

    queue = settings.ROSTER_SHEET_QUEUE
    transaction.on_commit(lambda: roster_sheet_render.apply_async((sheet.pk,), queue=queue))


def sheet_render(sheet_id: int) -> None:
    """Draws a queued sheet and stores it. The drawing happens outside any transaction, so a
    slow render holds no lock; whichever render finishes first is kept."""
    with transaction.atomic():
        sheet = RosterSheet.objects.select_for_update().defer("pdf").get(pk=sheet_id)
        if sheet.status in ("done", "failed"):
            return
        sheet.status = "rendering"
        sheet.attempts += 1
        sheet.started_at = timezone.now()
        sheet.save(update_fields=["status", "attempts", "started_at"])
    if settings.ROSTER_SHEET_RENDER_DELAY:
        time.sleep(settings.ROSTER_SHEET_RENDER_DELAY)  # fault injection for the worker tests
    pdf = sheet_pdf(sheet_html(sheet.team, sheet.paper))
    with transaction.atomic():
        sheet = RosterSheet.objects.select_for_update().defer("pdf").get(pk=sheet_id)
        if sheet.status == "done":
            return
        sheet.pdf = pdf
        sheet.status = "done"
        sheet.reason = ""
        sheet.finished_at = timezone.now()
        sheet.save(update_fields=["pdf", "status", "reason", "finished_at"])


def sheet_fail(sheet_id: int, reason: str, final: bool) -> None:
    """Records why a render failed: for good once it has used its attempts, otherwise the
    sheet waits for its retry."""
    RosterSheet.objects.filter(pk=sheet_id).exclude(status="done").update(
        status="failed" if final else "queued",
        reason=reason,
        finished_at=timezone.now() if final else None,
        started_at=None,
    )
