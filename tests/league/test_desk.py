"""The coach's desk: the signed-in home page says what to do next."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone

from league.desk import desk_for
from league.retirement import team_retire
from league.seasons import season_start
from league.services import membership_decide, membership_request
from matches.workflow import report_save, report_submit
from teams.models import Player
from teams.roster import roster
from tests.league.conftest import member_teams
from tests.teams.helpers import orc_team

TODAY = datetime.date(2026, 11, 25)


def text(response) -> str:
    return re.sub(r"<[^>]+>|\s+", " ", response.content.decode())


def test_a_visitor_gets_the_welcome(client, db) -> None:
    page = text(client.get("/"))
    assert "Sign up as a coach" in page
    assert "Your desk" not in page


def test_a_new_coach_sees_first_steps(client, coach) -> None:
    client.force_login(coach)
    page = text(client.get("/"))
    assert "Your desk" in page
    assert "First steps" in page
    assert "Build a team" in page
    assert "Find a league" in page
    assert "Nothing waits for you." in page


def test_a_coach_sees_each_team_with_its_value_league_and_next_fixture(
    client, league, commissioner, users
) -> None:
    teams = member_teams(league, 4, users)
    season_start(league, commissioner, "round_robin", first_deadline=TODAY)
    team = teams[0]
    client.force_login(team.coach)
    page = text(client.get("/"))
    assert "First steps" not in page
    assert team.name in page
    assert "930,000 gp" in page  # the Orc team's value, as its roster page says
    assert roster(team).value == 930_000
    assert "Old World Classic" in page
    desk = desk_for(team.coach, TODAY)
    [row] = desk.teams
    fixture = row.next_fixture
    assert fixture is not None
    assert team.pk in (fixture.home_id, fixture.away_id)
    assert fixture.round.number == min(
        f.round.number for f in league.seasons.get().fixtures.select_related("round")
        if team.pk in (f.home_id, f.away_id) and f.away_id
    )  # fmt: skip


def test_improvement_rolls_due_wait_on_the_desk(client, coach, team) -> None:
    Player.objects.filter(pk=team.players.get(number=1).pk).update(spp=6)
    client.force_login(coach)
    assert "1 improvement roll due" in text(client.get("/"))
    [row] = desk_for(coach, TODAY).teams
    assert (row.rolls_due, row.choices_waiting) == (1, 0)


def test_a_report_to_confirm_waits_on_the_opponents_desk(
    client, league, commissioner, users
) -> None:
    member_teams(league, 2, users)
    fixture = (
        season_start(league, commissioner, "round_robin")
        .fixtures.select_related("home__coach", "away__coach")
        .get()
    )
    report_save(
        fixture.match, fixture.home.coach, timezone.localdate(), 1, 0, {"server_rolls": True}
    )
    report_submit(fixture.match, fixture.home.coach)
    client.force_login(fixture.away.coach)
    assert "Confirm the report, or dispute it with a reason." in text(client.get("/"))


def test_a_commissioner_sees_teams_asking_to_join_and_overdue_fixtures(
    client, league, commissioner, users, lrb6
) -> None:
    member_teams(league, 2, users)
    season_start(league, commissioner, "round_robin", first_deadline=TODAY)
    asking = orc_team(users.create_user("newcomer"), lrb6, "Newcomers")
    membership_request(league, asking.coach, asking)
    desk = desk_for(commissioner, TODAY + datetime.timedelta(days=1))
    assert [m.team.name for m in desk.requests] == ["Newcomers"]
    assert len(desk.overdue) == 1
    client.force_login(commissioner)
    page = text(client.get("/"))
    assert "Newcomers" in page
    assert "asks to join Old World Classic" in page
    assert "commissioner's dashboard" in page


def test_a_retired_team_leaves_the_desk_but_is_counted(client, coach, team, lrb6) -> None:
    orc_team(coach, lrb6, "Second Orcs")
    team_retire(team, coach)
    desk = desk_for(coach, TODAY)
    assert [row.team.name for row in desk.teams] == ["Second Orcs"]
    assert desk.retired == 1
    client.force_login(coach)
    assert "(1 retired)" in text(client.get("/"))


def test_a_coach_whose_teams_are_all_retired_still_finds_them(client, coach, team) -> None:
    team_retire(team, coach)
    client.force_login(coach)
    page = text(client.get("/"))
    assert "None still playing." in page
    assert "(1 retired)" in page
    assert "First steps" not in page


@pytest.mark.parametrize("teams", [1, 6])
def test_the_desk_reads_in_a_fixed_number_of_queries(
    teams, client, league, commissioner, users, lrb6, django_assert_num_queries
) -> None:
    coach = users.create_user("busy")
    others = orc_team(users.create_user("other"), lrb6, "Other")
    for team in [others, *(orc_team(coach, lrb6, f"Orcs {n}") for n in range(teams))]:
        membership_decide(membership_request(league, team.coach, team), commissioner, True)
    Player.objects.filter(team__coach=coach, number=1).update(spp=6)
    season_start(league, commissioner, "round_robin", first_deadline=TODAY)
    client.force_login(coach)
    client.get("/")  # the ruleset snapshot is read once per process, then kept
    with django_assert_num_queries(QUERIES):
        assert client.get("/").status_code == 200


# session, user, teams, players, memberships, fixtures, leagues, waiting, overdue, invitations
QUERIES = 11
