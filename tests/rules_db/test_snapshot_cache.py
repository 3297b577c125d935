"""A sealed version's snapshot is read once per process: a version never changes, so there
is nothing to invalidate, and its key keeps a reused id from serving another's rules."""

from __future__ import annotations

import copy

import pytest

from rules.house_rules import ruleset_copy
from rules.snapshot import ruleset_snapshot, version_snapshot

pytestmark = pytest.mark.django_db


def test_a_sealed_versions_snapshot_is_read_once(lrb6_version, django_assert_num_queries) -> None:
    first = version_snapshot(lrb6_version)
    with django_assert_num_queries(0):
        again = version_snapshot(lrb6_version)
        ruleset = ruleset_snapshot(lrb6_version)
    assert again is first
    assert ruleset is first.ruleset
    assert ruleset.races["orc"].position("Blitzer").cost == 80_000


def test_the_snapshot_carries_what_teams_read(lrb6_version) -> None:
    snapshot = version_snapshot(lrb6_version)
    assert {rule.key for rule in snapshot.staff_rules} >= {"apothecary", "cheerleader"}
    griff = next(rule for rule in snapshot.star_rules if rule.name == "Griff Oberwald")
    assert griff.cost == 320_000
    assert all(isinstance(skills, tuple) for skills in snapshot.star_skills.values())


def test_another_version_under_a_reused_id_is_read_anew(lrb6_version) -> None:
    version_snapshot(lrb6_version)
    impostor = copy.copy(lrb6_version)
    impostor.content_hash = "0" * 64  # same id, other contents: as after a test's rollback
    assert version_snapshot(impostor) is not version_snapshot(lrb6_version)


def test_a_version_still_being_written_is_never_kept(lrb6_version, django_user_model) -> None:
    owner = django_user_model.objects.create_user("varag")
    house = ruleset_copy(lrb6_version, "Varag's Rules", owner).versions.get()
    unsealed = copy.copy(house)
    unsealed.sealed = False
    first = version_snapshot(unsealed)
    assert version_snapshot(unsealed) is not first
    assert version_snapshot(house) is version_snapshot(house)
