"""The demo data command: coaches with known passwords, printed, safe to run twice."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from league.demo import DEMO_COACHES, DEMO_PASSWORD, DEMO_TEAMS
from teams.models import Team
from teams.services import ledger_differences

pytestmark = pytest.mark.django_db


def demo_data() -> str:
    out = StringIO()
    call_command("demo_data", stdout=out)
    return out.getvalue()


def test_it_creates_each_demo_coach_with_the_known_password() -> None:
    demo_data()
    User = get_user_model()
    for coach in DEMO_COACHES:
        user = User.objects.get(username=coach.username)
        assert user.check_password(DEMO_PASSWORD)
        assert user.email == coach.email


def test_it_prints_how_to_log_in_as_each_coach() -> None:
    printed = demo_data()
    for coach in DEMO_COACHES:
        assert f"  {coach.username} / {DEMO_PASSWORD}" in printed


def test_running_it_twice_creates_nothing_more() -> None:
    demo_data()
    demo_data()
    assert get_user_model().objects.count() == len(DEMO_COACHES)


def test_it_restores_a_demo_password_someone_changed() -> None:
    demo_data()
    user = get_user_model().objects.get(username="griff")
    user.set_password("changed-by-a-visitor")
    user.save()
    demo_data()
    user.refresh_from_db()
    assert user.check_password(DEMO_PASSWORD)


def test_it_builds_legal_demo_teams_under_lrb6_and_gdbbl() -> None:
    demo_data()
    teams = {team.name: team for team in Team.objects.select_related("ruleset_version__ruleset")}
    assert set(teams) == {demo.name for demo in DEMO_TEAMS}
    assert {team.ruleset_version.ruleset.slug for team in teams.values()} == {"lrb6", "gdbbl"}
    # 5 x 50,000 + 4 x 80,000 + 2 x 80,000 + 2 x 60,000 + 3 x 10,000 + 50,000 = 930,000
    assert teams["Gouged Eye"].treasury == 70_000
    assert teams["Gouged Eye"].players.count() == 11
    for team in teams.values():
        assert ledger_differences(team) == []


def test_running_it_twice_builds_each_team_once() -> None:
    demo_data()
    demo_data()
    assert Team.objects.count() == len(DEMO_TEAMS)
