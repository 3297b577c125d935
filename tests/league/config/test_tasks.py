"""The Celery app: eager without a broker, a real worker on Redis, enqueue after commit."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from celery.signals import task_prerun
from django.db import transaction

from league.config.celery import app
from league.config.tasks import ping


def test_it_runs_tasks_eagerly_in_the_test_suite() -> None:
    assert app.conf.task_always_eager is True


def test_ping_answers_eagerly_in_this_process() -> None:
    result = ping.delay().get(timeout=5)
    assert result["pong"] is True
    assert result["eager"] is True
    assert result["pid"] == os.getpid()


def test_the_default_task_class_can_wait_for_the_transaction_to_commit() -> None:
    assert hasattr(ping, "delay_on_commit")


@pytest.fixture
def started_tasks() -> Iterator[list[str]]:
    """Names of the tasks that start running while the test runs."""
    started: list[str] = []

    def record(sender=None, **kwargs: object) -> None:
        started.append(sender.name)

    task_prerun.connect(record, weak=False)
    yield started
    task_prerun.disconnect(record)


@pytest.mark.django_db(transaction=True)
def test_a_task_enqueued_in_a_transaction_waits_for_the_commit(started_tasks: list[str]) -> None:
    with transaction.atomic():
        ping.delay_on_commit()
        assert started_tasks == []
    assert started_tasks == ["league.config.tasks.ping"]


def enqueue_then_fail() -> None:
    with transaction.atomic():
        ping.delay_on_commit()
        raise RuntimeError("the match report was invalid")


@pytest.mark.django_db(transaction=True)
def test_a_task_enqueued_in_a_rolled_back_transaction_never_runs(
    started_tasks: list[str],
) -> None:
    with pytest.raises(RuntimeError):
        enqueue_then_fail()
    assert started_tasks == []


@pytest.mark.worker
def test_ping_is_answered_by_a_real_worker_on_redis(celery_worker) -> None:
    assert app.conf.task_always_eager is False
    result = ping.apply_async(queue=celery_worker.queue).get(timeout=30)
    assert result["pong"] is True
    assert result["eager"] is False
    assert result["worker"] == celery_worker.hostname
    assert result["pid"] == celery_worker.process.pid
    assert result["pid"] != os.getpid()
