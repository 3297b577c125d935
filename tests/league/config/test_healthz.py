"""/healthz: 200 with the state of each part, 503 naming the part that is down."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from django.db import OperationalError, connection
from django.test import Client
from pytest_django import Settings as SettingsWrapper

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A local port that nothing listens on: bound but never accepting."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


def refuse_database_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    # The database the test runs on cannot be stopped from inside the test, so its
    # connection is made to refuse the way a stopped server would.
    def refuse() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "ensure_connection", refuse)


def test_it_answers_200_with_the_database_up_and_tasks_eager(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.CELERY_BROKER_URL = None
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "eager"}


def test_it_answers_503_naming_the_broker_when_redis_is_down(
    client: Client, settings: SettingsWrapper, closed_port: int
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "down"
    assert body["down"] == ["broker"]
    assert body["database"] == "ok"
    assert body["broker"].startswith("down: ")


def test_it_answers_503_naming_the_database_when_it_is_down(
    client: Client, settings: SettingsWrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CELERY_BROKER_URL = None
    refuse_database_connections(monkeypatch)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "down",
        "database": "down: connection refused",
        "broker": "eager",
        "down": ["database"],
    }


def test_it_names_both_parts_when_both_are_down(
    client: Client, settings: SettingsWrapper, monkeypatch: pytest.MonkeyPatch, closed_port: int
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    refuse_database_connections(monkeypatch)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["down"] == ["database", "broker"]


def test_it_is_never_cached(client: Client) -> None:
    response = client.get("/healthz")
    assert "no-cache" in response["Cache-Control"]


def test_it_only_answers_reads(client: Client) -> None:
    assert client.post("/healthz").status_code == 405


@pytest.mark.redis
def test_it_reports_a_reachable_redis_as_ok(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["broker"] == "ok"


@pytest.mark.postgres
def test_it_reports_postgresql_as_ok(client: Client) -> None:
    assert connection.vendor == "postgresql"
    assert client.get("/healthz").json()["database"] == "ok"
