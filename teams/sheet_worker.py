"""What a worker does with a queued roster sheet (teams.tasks): draws it and stores it, or
records why it could not, for the retry or for good."""

from __future__ import annotations

import time

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from teams.models import RosterSheet
from teams.roster_sheet import sheet_html, sheet_pdf

# A render that fails, or whose worker dies, this many times is marked failed.
RENDER_ATTEMPTS = 3


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
    now = timezone.now()
    RosterSheet.objects.filter(pk=sheet_id).exclude(status="done").update(
        status="failed" if final else "queued",
        reason=reason,
        finished_at=now if final else None,
        queued_at=None if final else now,  # the retry is on its way to the workers
        started_at=None,
    )
