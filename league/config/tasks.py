"""Celery tasks of the league package.

Call tasks with `delay_on_commit()` (Celery's DjangoTask, our default task class) from code
that writes to the database, so a worker never looks for rows that are not committed yet.
"""

from __future__ import annotations

import os
import socket

from celery import shared_task


@shared_task(bind=True)
def ping(self) -> dict[str, object]:
    """Answers with who ran it, so a test can tell a real worker from eager execution."""
    return {
        "pong": True,
        "worker": self.request.hostname or f"eager@{socket.gethostname()}",
        "pid": os.getpid(),
        "eager": bool(self.request.is_eager),
    }
