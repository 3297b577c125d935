"""What the account tests share: mails that go after a request's commit, and a coach."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

PASSWORD = "dodge-and-go-for-it"


@pytest.fixture
def mails_at_once(django_capture_on_commit_callbacks, monkeypatch):
    """The mails go after the commit, which a test's transaction never reaches: for the
    pages, each request runs them as it ends."""
    real = Client.request

    def request(self, **asked):
        with django_capture_on_commit_callbacks(execute=True):
            return real(self, **asked)

    monkeypatch.setattr(Client, "request", request)


@pytest.fixture
def coach():
    return get_user_model().objects.create_user("varag", "varag@dugout.example", PASSWORD)
