"""A coach retires a whole team: it keeps its history, leaves its league, forfeits what it
had still to play, and is never changed again."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from rest_framework.test import APIClient

from league.demo import demo_data_create
from league.models import Membership
from league.retirement import team_retire
from league.seasons import season_start
from league.services import membership_request
from league.setting_checks import LeagueRefused
from matches.models import Match, MatchStep, PostGame
from matches.services import MatchRefused, friendly_accept, friendly_offer
from matches.workflow import report_confirm, report_save, report_submit
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from teams.between_matches import team_purchase
from teams.models import LedgerEntry, Team
from tests.league.conftest import member_teams
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

PLAYED = datetime.date(2026, 11, 1)


@pytest.fixture
def season(league, commissioner, users):
    """Four member teams, a double round robin: each team has six fixtures to play."""
    member_teams(league, 4, users)
    return season_start(league, commissioner, "double_round_robin")


def first_team(season):
    return season.teams.order_by("pk").first()


def test_a_retired_teams_fixtures_to_play_become_forfeits_against_it(season) -> None:
    team = first_team(season)
    team_retire(team, team.coach)
    fixtures = season.fixtures.filter(away__isnull=False).select_related("match__report")
    theirs = [f for f in fixtures if team.pk in (f.home_id, f.away_id)]
    assert len(theirs) == 6
    for fixture in theirs:
        assert (fixture.status, fixture.forfeited_by_id) == ("forfeit", team.pk)
        winner = fixture.away_touchdowns if fixture.home_id == team.pk else fixture.home_touchdowns
        loser = fixture.home_touchdowns if fixture.home_id == team.pk else fixture.away_touchdowns
        assert (winner, loser) == (2, 0)  # the league's forfeit score
    others = [f for f in fixtures if team.pk not in (f.home_id, f.away_id)]
    assert all(fixture.status == "scheduled" for fixture in others)
    steps = MatchStep.objects.filter(action="forfeit", reason=f"{team.name} retired.")
    assert steps.count() == 6


def test_a_retired_team_leaves_its_league_and_keeps_its_history(season) -> None:
    team = first_team(season)
    entries = list(LedgerEntry.objects.filter(team=team).values_list("pk", flat=True))
    team_retire(team, team.coach)
    team.refresh_from_db()
    assert team.retired_at is not None
    membership = Membership.objects.get(team=team)
    assert (membership.status, membership.reason) == ("retired", f"{team.name} retired.")
    assert list(LedgerEntry.objects.filter(team=team).values_list("pk", flat=True)) == entries
    assert team.players.count() == 11


def test_a_retired_team_is_never_changed_again(season) -> None:
    team = first_team(season)
    team_retire(team, team.coach)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        team_purchase(team, team.coach, Purchase("player", "Lineman"), ["Ug"], [20])
    assert refused.value.problems[0].message == (
        f"{team.name} is retired: it can be read but not changed."
    )


def test_a_retired_team_cannot_enter_a_league_or_play_a_friendly(
    season, league, users, lrb6
) -> None:
    team = first_team(season)
    team_retire(team, team.coach)
    team.refresh_from_db()
    with unchanged(), pytest.raises(LeagueRefused):
        membership_request(league, team.coach, team)
    rival = orc_team(users.create_user("rival"), lrb6, "Rivals")
    with unchanged(), pytest.raises(MatchRefused) as refused:
        friendly_offer(rival.coach, rival, team)
    assert refused.value.problems[0].message == f"{team.name} is retired."


def test_retiring_is_refused_while_a_report_is_on_its_way(season) -> None:
    fixture = season.fixtures.filter(away__isnull=False).select_related("home__coach").first()
    team = fixture.home
    report_save(fixture.match, team.coach, PLAYED, 1, 0, {"server_rolls": True})
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        team_retire(team, team.coach)
    assert refused.value.problems[0].message == (
        f"{team.name} has reports still to reach it: {fixture.match} (drafted). Settle them first."
    )


def a_confirmed_report(season):
    fixture = season.fixtures.filter(away__isnull=False).select_related("home__coach").first()
    match = fixture.match
    report_save(match, fixture.home.coach, PLAYED, 1, 0, {"server_rolls": True})
    report_submit(match, fixture.home.coach)
    report_confirm(match, fixture.away.coach)
    match.refresh_from_db()
    return fixture.home, match


def test_a_confirmed_report_waiting_for_approval_holds_the_team_too(
    league, commissioner, users
) -> None:
    league.reports_apply = "commissioner"
    league.save(update_fields=["reports_apply"])
    member_teams(league, 4, users)
    team, match = a_confirmed_report(season_start(league, commissioner, "double_round_robin"))
    assert (match.status, PostGame.objects.filter(match=match).exists()) == ("confirmed", False)
    with unchanged(), pytest.raises(LeagueRefused, match="confirmed"):
        team_retire(team, team.coach)


def test_a_team_whose_reports_were_applied_can_retire(season) -> None:
    team, match = a_confirmed_report(season)
    # Confirmed for good: its status stays "confirmed" once applied, as it always has.
    assert (match.status, PostGame.objects.filter(match=match).exists()) == ("confirmed", True)
    team_retire(team, team.coach)
    team.refresh_from_db()
    assert team.retired_at is not None


def test_every_demo_team_that_played_can_retire_unless_a_report_is_on_its_way(db) -> None:
    demo_data_create()
    played = Team.objects.filter(
        Q(home_matches__post_game__isnull=False) | Q(away_matches__post_game__isnull=False)
    ).distinct()
    assert played.count() >= 4
    submitted = Match.objects.get(status="submitted")  # the demo's report still to confirm
    api = APIClient()
    for team in played.select_related("coach"):
        api.force_authenticate(team.coach)
        answer = api.post(f"/api/teams/{team.pk}/retire/")
        if team.pk in (submitted.home_id, submitted.away_id):
            assert answer.status_code == 400
            assert f"{submitted} (submitted)" in answer.json()["team"][0]
        else:
            assert answer.status_code == 200, (team.name, answer.json())
    # The issue's own example: griff's Reikland Reavers, whose round-1 report was applied.
    assert Team.objects.get(name="Reikland Reavers").retired_at is not None


def test_friendlies_still_to_play_are_called_off(team, rival_team, coach, rival) -> None:
    offered = friendly_offer(coach, team, rival_team)
    accepted = friendly_accept(friendly_offer(rival, rival_team, team), coach)
    team_retire(team, coach)
    for friendly in (offered, accepted):
        friendly.refresh_from_db()
        assert friendly.status == "declined"
        assert friendly.steps.last().action == "call_off"


def test_only_the_coach_or_staff_retire_a_team(team, rival, staff) -> None:
    with unchanged(), pytest.raises(PermissionDenied):
        team_retire(team, rival)
    team_retire(team, staff)
    team.refresh_from_db()
    assert team.retired_at is not None


def test_a_team_is_retired_once(team, coach) -> None:
    team_retire(team, coach)
    with unchanged(), pytest.raises(LeagueRefused, match="already retired"):
        team_retire(team, coach)


def test_retiring_writes_in_a_fixed_number_of_queries(
    league, commissioner, users, django_assert_max_num_queries
) -> None:
    teams = member_teams(league, 8, users)
    season_start(league, commissioner, "double_round_robin")  # 14 fixtures a team
    # The table's rows of all eight teams are counted and ranked again in a fixed handful,
    # the season locked first and its kept table written once.
    with django_assert_max_num_queries(23):
        team_retire(teams[0], teams[0].coach)
    assert Match.objects.filter(status="forfeit").count() == 14


def test_the_retire_page_says_what_follows_and_retires_on_confirmation(season, client) -> None:
    team = first_team(season)
    client.force_login(team.coach)
    page = client.get(f"/teams/{team.pk}/retire/").content.decode()
    assert "This cannot be taken back" in page
    assert "6 fixtures still to play" in page
    answer = client.post(f"/teams/{team.pk}/retire/")
    assert answer.status_code == 302
    roster = client.get(f"/teams/{team.pk}/").content.decode()
    assert "retired" in roster
    assert f"/teams/{team.pk}/buy/" not in roster  # nothing to change on a retired team
    assert "Retire the team" not in roster


def test_the_retire_page_shows_the_refusal(season, client) -> None:
    fixture = season.fixtures.filter(away__isnull=False).select_related("home__coach").first()
    report_save(fixture.match, fixture.home.coach, PLAYED, 1, 0, {"server_rolls": True})
    client.force_login(fixture.home.coach)
    with unchanged():
        answer = client.post(f"/teams/{fixture.home_id}/retire/")
    assert answer.status_code == 400
    assert "reports still to reach it" in answer.content.decode()


def test_a_stranger_may_not_open_the_retire_page(team, rival, client) -> None:
    client.force_login(rival)
    assert client.get(f"/teams/{team.pk}/retire/").status_code == 403


def test_the_api_retires_a_team_and_refuses_a_stranger(team, coach, rival) -> None:
    api = APIClient()
    api.force_authenticate(rival)
    with unchanged():
        assert api.post(f"/api/teams/{team.pk}/retire/").status_code == 403
    api.force_authenticate(coach)
    answer = api.post(f"/api/teams/{team.pk}/retire/")
    assert answer.status_code == 200
    assert answer.json()["id"] == team.pk
    again = api.post(f"/api/teams/{team.pk}/retire/")
    assert again.status_code == 400
    assert again.json() == {"team": [f"{team.name} is already retired."]}
