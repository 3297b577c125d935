"""Asking for a team's roster sheet: find the stored sheet for the team as it is now, or
queue exactly one render of it; and recover renders a worker abandoned.

The key is the team's ledger head, the template version, the paper and the ruleset
version: any change to the team appends a ledger entry, so it asks for a new sheet, and two
requests for the same key meet at the same row (a unique constraint), so only the one that
created it queues a render."""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from teams.ledger_rows import ledger_head
from teams.models import RosterSheet, Team
from teams.roster_sheet import PAPERS, template_version
from teams.sheet_worker import RENDER_ATTEMPTS
from teams.tasks import roster_sheet_render

logger = logging.getLogger(__name__)

# The reason a sheet gives while the broker is down: its status in the API says it, and its
# page says it in words of its own.
BROKER_DOWN = (
    "Sheets are waiting for a worker: the job queue is not answering, so none can be drawn "
    "right now. Your request is kept and sent again each time the sheet is looked at, so it "
    "is drawn as soon as the queue answers."
)


class PaperRefused(ValueError):
    pass


def sheet_key(team: Team, paper: str) -> dict:
    if paper not in PAPERS:
        raise PaperRefused(f"Paper is a4 or letter, not {paper!r}.")
    return {
        "team": team,
        "ledger_head": ledger_head(team),
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
    for _ in range(3):  # the row may vanish between the two steps below; then create it again
        try:
            with transaction.atomic():
                sheet = RosterSheet.objects.create(**key, queued_at=timezone.now())
        except IntegrityError:  # it exists already, perhaps created a moment ago elsewhere
            sheet = RosterSheet.objects.defer("pdf").filter(**key).first()
            if sheet is None:
                continue
            if sheet.status == "failed":
                return _requeue(sheet, attempts=0)
            return sheet_recover(sheet)
        # The team has changed: its finished sheets of an older ledger head are out of date
        # for good, and make room for the new one.
        RosterSheet.objects.filter(
            team=team, paper=paper, status__in=("done", "failed"),
            ledger_head__lt=key["ledger_head"],
        ).delete()  # fmt: skip
        _enqueue(sheet)
        return sheet
    raise RuntimeError(f"The roster sheet of {team} kept vanishing while it was asked for.")


def sheet_recover(sheet: RosterSheet) -> RosterSheet:
    """Recovers a sheet no worker is drawing: one whose worker died mid-render (no news for
    ROSTER_SHEET_STALE_SECONDS) is queued again, or failed once it has used its attempts;
    one still queued after that long (its message lost, or the broker was down) is sent
    to the workers again."""
    if sheet.status == "queued" and sheet.reason == BROKER_DOWN:
        return _requeue(sheet, attempts=sheet.attempts)  # is the broker back? try it now
    stale = timezone.now() - datetime.timedelta(seconds=settings.ROSTER_SHEET_STALE_SECONDS)
    waiting_since = sheet.started_at if sheet.status == "rendering" else sheet.queued_at
    if sheet.status not in ("queued", "rendering") or (waiting_since or stale) > stale:
        return sheet
    with transaction.atomic():
        locked = RosterSheet.objects.select_for_update().defer("pdf").get(pk=sheet.pk)
        since = locked.started_at if locked.status == "rendering" else locked.queued_at
        if locked.status not in ("queued", "rendering") or (since or stale) > stale:
            return locked  # someone else recovered it, or a worker picked it up
        if locked.status == "queued":
            return _requeue(locked, attempts=locked.attempts)
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
        status="queued", attempts=attempts, started_at=None, queued_at=timezone.now()
    )
    sheet.refresh_from_db(fields=["status", "attempts", "started_at", "queued_at", "reason"])
    if updated:
        _enqueue(sheet)
    return sheet


def _enqueue(sheet: RosterSheet) -> None:
    """Sends the render to a worker once the row is committed (a worker must find it). If the
    broker cannot take it, the sheet stays queued and a later look sends it again."""
    queue = settings.ROSTER_SHEET_QUEUE

    def send() -> None:
        try:
            roster_sheet_render.apply_async((sheet.pk,), queue=queue)
            if sheet.reason == BROKER_DOWN:  # sent at last: the page stops saying it is down
                RosterSheet.objects.filter(pk=sheet.pk, reason=BROKER_DOWN).update(reason="")
        except Exception:
            logger.exception("Could not send roster sheet %s to the workers", sheet.pk)
            # Say so on the sheet: its page tells the coach, and every look sends it again.
            RosterSheet.objects.filter(pk=sheet.pk, status="queued").update(reason=BROKER_DOWN)

    transaction.on_commit(send)
