"""The demo data command: coaches with known passwords, printed, safe to run twice."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from league.demo import DEMO_COACHES, DEMO_LEAGUE, DEMO_PASSWORD, DEMO_TEAMS
from league.demo_gdbbl import DEMO_GDBBL_LEAGUE, DEMO_GDBBL_TEAMS
from league.models import League
from matches.models import Match
from teams import ledger
from teams.ledger_rows import ledger_differences
from teams.models import Team

pytestmark = pytest.mark.django_db

# The demo's teams: its own, and the GDBBL league's two more (league/demo_gdbbl.py).
ALL_TEAMS = {demo.name for demo in DEMO_TEAMS} | set(DEMO_GDBBL_TEAMS)


def demo_data() -> str:
    out = StringIO()
    call_command("demo_data", stdout=out)
    return out.getvalue()


def left_at_creation(name: str) -> int:
    """The treasury a team's creation left it (round 1's winnings came later)."""
    team = Team.objects.get(name=name)
    return ledger.replay(team.ledger.get(kind="creation").deltas).treasury


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
    assert set(teams) == ALL_TEAMS
    assert {team.ruleset_version.ruleset.slug for team in teams.values()} == {"lrb6", "gdbbl"}
    # 5 x 50,000 + 4 x 80,000 + 2 x 80,000 + 2 x 60,000 + 3 x 10,000 + 50,000 = 930,000
    assert left_at_creation("Gouged Eye") == 70_000
    assert teams["Gouged Eye"].players.count() == 11
    for team in teams.values():
        assert ledger_differences(team) == []


def test_running_it_twice_builds_each_team_once() -> None:
    demo_data()
    demo_data()
    assert Team.objects.count() == len(ALL_TEAMS)


def test_the_new_demo_teams_spend_what_their_comments_say() -> None:
    demo_data()
    # 7 x 70,000 + 2 x 100,000 + 2 x 110,000 + 1 x 50,000 + 4 x 10,000 = 1,000,000
    assert left_at_creation("Naggaroth Nightmares") == 0
    # 6 x 50,000 + 70,000 + 2 x 80,000 + 2 x 90,000 + 2 x 60,000 + 5 x 10,000 + 50,000
    assert left_at_creation("Underworld Creepers") == 70_000


def test_it_builds_a_demo_lrb6_league_with_a_season_drawn() -> None:
    printed = demo_data()
    league = League.objects.get(name=DEMO_LEAGUE)
    assert f"Demo league: {DEMO_LEAGUE}" in printed
    assert league.ruleset_version.ruleset.slug == "lrb6"
    # nuffle coaches in it; jim coaches no team, so whatever nuffle plays is jim's to run.
    assert sorted(user.username for user in league.commissioners.all()) == ["jim", "nuffle"]
    assert not Team.objects.filter(coach__username="jim").exists()
    members = set(league.memberships.filter(status="approved").values_list("team__name", flat=True))
    assert members == {demo.name for demo in DEMO_TEAMS if demo.ruleset == "lrb6"}
    season = league.seasons.get()
    assert (season.format, season.rounds.count(), season.fixtures.count()) == (
        "double_round_robin",
        6,
        12,
    )
    first = season.rounds.get(number=1).deadline
    assert season.rounds.get(number=6).deadline == first + datetime.timedelta(days=35)


def test_running_it_twice_builds_the_league_once() -> None:
    demo_data()
    demo_data()
    assert set(League.objects.values_list("name", flat=True)) == {DEMO_LEAGUE, DEMO_GDBBL_LEAGUE}
    assert League.objects.get(name=DEMO_LEAGUE).seasons.count() == 1


def test_it_leaves_a_friendly_report_waiting_and_another_friendly_offered() -> None:
    demo_data()
    friendlies = {
        (match.home.name, match.away.name): match.status
        for match in Match.objects.filter(kind="friendly").select_related("home", "away")
    }
    assert friendlies[("Underworld Creepers", "Naggaroth Nightmares")] == "submitted"
    assert friendlies[("Gouged Eye", "Reikland Reavers")] == "offered"
    waiting = Match.objects.get(kind="friendly", status="submitted")
    assert waiting.report.submitted_by.username == "nuffle"  # morg confirms or disputes it
