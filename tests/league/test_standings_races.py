"""Races on PostgreSQL in keeping a season's table: results of two matches of one season
confirmed at the same moment, and a team renamed while its opponent's result comes in. Each
ranking reads every row of the season, so the season is locked while it is ranked: the
second waits for the first, and the kept table ends with both."""

from __future__ import annotations

import time

import pytest

from league import standings
from league.models import Season
from league.seasons import season_start
from league.standings import TABLE_FIELDS
from league.tables import season_table, standings_problems
from matches import workflow
from rules.edition import edition_read
from rules.selectors import version_get
from rules.services import edition_load
from teams.between_matches import team_rename
from tests.league.conftest import member_teams
from tests.league.test_season_table_kept import password_changed
from tests.league.test_standings_kept import reported, started
from tests.matches.helpers import fresh
from tests.matches.test_races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lrb6(db):
    edition_load(edition_read("lrb6"))  # a transactional test may have emptied the database
    return version_get("lrb6")


@pytest.fixture
def slow_ranking(monkeypatch):
    """Each ranking waits a moment between reading the season's rows and writing its places,
    so two at once would both read before either writes (what the season's lock prevents)."""
    ranked = standings.ranked

    def slowly(*args, **kwargs):
        placed = ranked(*args, **kwargs)
        time.sleep(0.5)
        return placed

    monkeypatch.setattr(standings, "ranked", slowly)


@pytest.fixture
def round_one(league, users):
    """Four Orc teams' season; round 1's two matches, each reported 2-1 to the home team."""
    member_teams(league, 4, users)
    season = started(league)
    matches = [fixture.match for fixture in
               season.fixtures.filter(round__number=1, away__isnull=False).select_related(
                   "match__home__coach", "match__away__coach")]  # fmt: skip
    for match in matches:
        reported(match, 2, 1)
    return season, matches


def points(season) -> dict[str, int]:
    return {row.team.name: row.line.points for row in season_table(season).rows}


def test_two_results_of_one_season_at_the_same_moment_both_reach_the_table(
    round_one, slow_ranking
) -> None:
    season, matches = round_one

    results = race([
        lambda match=match: workflow.report_confirm(fresh(match), match.away.coach)
        for match in matches
    ])  # fmt: skip

    assert [type(result).__name__ for result in results] == ["Match", "Match"]
    # Each home team won 2-1: 3 points; each away team 0.
    assert points(season) == {
        **{match.home.name: 3 for match in matches},
        **{match.away.name: 0 for match in matches},
    }
    assert standings_problems() == []


def test_a_rename_while_a_result_comes_in_keeps_both(round_one, slow_ranking) -> None:
    season, matches = round_one
    first, second = matches
    bystander = second.home  # not in the match being confirmed

    results = race([
        lambda: workflow.report_confirm(fresh(first), first.away.coach),
        lambda: team_rename(fresh_team(bystander), bystander.coach, "Renamed Orcs"),
    ])  # fmt: skip

    assert sorted(type(result).__name__ for result in results) == ["Match", "Team"]
    names = {row[TABLE_FIELDS.index("name")] for row in season.kept_table.rows}
    assert "Renamed Orcs" in names
    assert points(season)[first.home.name] == 3
    assert standings_problems() == []


def fresh_team(team):
    return type(team).objects.get(pk=team.pk)


def test_a_season_started_while_a_team_is_renamed_ends_with_both(
    round_one, slow_ranking, commissioner
) -> None:
    season, matches = round_one
    renamed = matches[0].home
    league = season.league

    results = race([
        lambda: season_start(type(league).objects.get(pk=league.pk), commissioner, "round_robin"),
        lambda: team_rename(fresh_team(renamed), renamed.coach, "Renamed Orcs"),
    ])  # fmt: skip

    assert sorted(type(result).__name__ for result in results) == ["Season", "Team"]
    assert Season.objects.filter(league=league).count() == 2
    problems = standings_problems()
    assert problems == [], "\n".join(problems)


def test_a_season_started_while_a_result_comes_in_ends_with_both(
    round_one, slow_ranking, commissioner
) -> None:
    season, matches = round_one
    first = matches[0]
    league = season.league

    results = race([
        lambda: season_start(type(league).objects.get(pk=league.pk), commissioner, "round_robin"),
        lambda: workflow.report_confirm(fresh(first), first.away.coach),
    ])  # fmt: skip

    assert sorted(type(result).__name__ for result in results) == ["Match", "Season"]
    assert points(season)[first.home.name] == 3  # 2-1 at home
    assert standings_problems() == []


def test_a_password_changed_outside_a_transaction_is_no_error(round_one, client) -> None:
    _, matches = round_one
    coach = matches[0].home.coach
    coach.set_password("kick-off-9")
    coach.save()
    assert password_changed(client, coach, "kick-off-9").status_code == 302


def test_a_coach_renamed_outside_a_transaction_is_named_in_his_tables(round_one) -> None:
    season, matches = round_one
    coach = matches[0].home.coach
    coach.username = "renamed-coach"
    coach.save()  # as the admin saves, but with no transaction around it
    assert "renamed-coach" in {row.team.coach_name for row in season_table(season).rows}
    assert standings_problems() == []
