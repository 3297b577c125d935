"""Health of the parts Dugout depends on, for /healthz and the CI scripts."""

from __future__ import annotations

import redis
from django.conf import settings
from django.db import DatabaseError, connections

OK = "ok"
EAGER = "eager"
# Short, so a load balancer's probe gets an answer before it gives up on us.
TIMEOUT_SECONDS = 2


def database_state(alias: str = "default") -> str:
    try:
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        return f"down: {_first_line(error)}"
    return OK


def broker_state() -> str:
    url = settings.CELERY_BROKER_URL
    if not url:
        return EAGER
    client = redis.Redis.from_url(
        url, socket_connect_timeout=TIMEOUT_SECONDS, socket_timeout=TIMEOUT_SECONDS
    )
    try:
        client.ping()
    except redis.RedisError as error:
        return f"down: {_first_line(error)}"
    finally:
        client.close()
    return OK


def health() -> dict[str, str]:
    """The state of each part: "ok", "eager" (broker only) or "down: <reason>"."""
    return {"database": database_state(), "broker": broker_state()}


def _first_line(error: Exception) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]
