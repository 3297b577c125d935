"""A test that commits empties every table behind it; the next test, of any kind and from any
module (a worker runs whole modules), still finds the bundled rulesets (tests/conftest.py)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from rules.models import Ruleset
from tests.conftest import rulesets_reload, transactional

BUNDLED = {"lrb6", "gdbbl", "first-edition", "blitz-bowl"}


@pytest.mark.django_db(transaction=True)
def test_the_rulesets_emptied_by_a_flush_are_loaded_again() -> None:
    call_command("flush", verbosity=0, interactive=False)
    assert not Ruleset.objects.exists()
    rulesets_reload()
    assert set(Ruleset.objects.values_list("slug", flat=True)) == BUNDLED


@pytest.mark.django_db(transaction=True)
def test_a_test_marked_to_commit_is_one_that_is_followed_by_a_reload(request) -> None:
    assert transactional(request.node)


def test_a_test_asking_for_a_committing_database_is_one_too(transactional_db, request) -> None:
    assert transactional(request.node)


@pytest.mark.django_db
def test_a_test_rolled_back_is_not(request) -> None:
    assert not transactional(request.node)
    assert set(Ruleset.objects.values_list("slug", flat=True)) >= BUNDLED


def test_a_test_without_the_database_is_not(request) -> None:
    assert not transactional(request.node)
