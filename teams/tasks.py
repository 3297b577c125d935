"""Celery tasks of the teams app: thin wrappers over teams.sheet_worker, taking ids."""

from __future__ import annotations

from celery import shared_task

from teams.sheet_worker import RENDER_ATTEMPTS, sheet_fail, sheet_render


@shared_task(bind=True, max_retries=RENDER_ATTEMPTS - 1, soft_time_limit=60, time_limit=90)
def roster_sheet_render(self, sheet_id: int) -> None:
    """Renders a roster sheet; a failure is retried with a growing pause, then recorded."""
    try:
        sheet_render(sheet_id)
    except Exception as error:
        final = self.request.retries >= self.max_retries
        reason = f"Drawing the sheet failed ({type(error).__name__}: {error})"
        sheet_fail(sheet_id, reason + ("." if final else "; retrying."), final)
        if final:
            return
        if self.request.is_eager:
            # No broker (eager mode): try again here and now; Celery's retry would raise.
            self.apply(args=(sheet_id,), retries=self.request.retries + 1)
            return
        raise self.retry(exc=error, countdown=2**self.request.retries) from None
