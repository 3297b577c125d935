"""The proof that a refusal wrote nothing (tests/unchanged.py) notices any write and names it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from rules.models import SkillCategory
from rules.selectors import version_get
from teams.models import Team
from tests.teams.helpers import orc_team
from tests.unchanged import database, unchanged

pytestmark = pytest.mark.django_db


@pytest.fixture
def team() -> Team:
    return orc_team(get_user_model().objects.create_user("varag"), version_get("lrb6"))


def test_nothing_written_passes_and_reads_the_same_twice(team: Team) -> None:
    with unchanged():
        Team.objects.get(pk=team.pk)
    assert database() == database()


def test_it_names_a_changed_row_with_its_column_and_both_values(team: Team) -> None:
    with pytest.raises(AssertionError) as refusal, unchanged():
        Team.objects.filter(pk=team.pk).update(treasury=team.treasury - 10_000)
    assert str(refusal.value) == (
        f"A refusal changed teams.Team: row pk={team.pk} changed (treasury: 70000 -> 60000)"
    )


def test_it_names_the_rows_added(team: Team) -> None:
    added = r"accounts\.User: 1 rows before, 2 after \(added pk"
    with pytest.raises(AssertionError, match=added), unchanged():
        get_user_model().objects.create_user("griff")


def test_it_names_the_rows_removed(team: Team) -> None:
    player = team.players.order_by("pk").last()
    with pytest.raises(AssertionError, match=rf"removed pk \[{player.pk}\]"), unchanged():
        player.delete()


def test_a_sealed_ruleset_row_is_told_by_its_count_and_highest_id() -> None:
    version = version_get("lrb6")
    sealed = r"rules\.SkillCategory: rows and highest id"
    with pytest.raises(AssertionError, match=sealed), unchanged():
        # Past the model's own refusal to write to a sealed version, as a bug might be.
        SkillCategory.objects.bulk_create(
            [SkillCategory(version=version, code="Z", name="Zany", selectable=True)]
        )


def test_a_refusal_that_raises_passes_through_once_checked(team: Team) -> None:
    with pytest.raises(PermissionError), unchanged():
        raise PermissionError("not his team")


def spend_then_refuse(team: Team) -> None:
    Team.objects.filter(pk=team.pk).update(name="Spent First")
    raise PermissionError("refused after the write")


def test_a_write_before_a_refusal_that_raises_is_still_caught(team: Team) -> None:
    with pytest.raises(AssertionError, match=r"teams\.Team: row pk="), unchanged():
        spend_then_refuse(team)
