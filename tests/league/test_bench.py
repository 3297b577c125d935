"""`make bench` runs: a small world of its own, every case measured, each against the floor."""

from __future__ import annotations

import json
from dataclasses import replace
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from league.bench.cases import (
    POST_GAME_CASE,
    REVERT_TARGET,
    TABLE_TARGET,
    Case,
    Result,
    cases,
    floor_cases,
    measure,
)
from league.bench.data import world_build
from league.management.commands import bench
from league.models import Standing
from league.tables import standings_problems
from matches.models import Casualty, Correction, Match, PostGame
from matches.post_game.apply import not_applied_why

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return world_build(progress=lambda line: None, teams=6, league_sizes=(2, 4),
                       revert_size=(4, 3))  # fmt: skip


@override_settings(ROOT_URLCONF="league.bench.urls")
def test_every_case_runs_and_is_measured_once(world) -> None:
    client = Client()
    client.force_login(world.coach)
    every = floor_cases(client) + cases(world, client)
    results = [measure(replace(c, runs=1, warm_up=0)) for c in every]
    names = [result.case for result in results]
    assert names[:2] == ["floor: bare Django view", "floor: one-row query"]
    assert "league home, 4 teams" in names
    assert "team list page, 13 teams" in names
    assert all(result.median_ms > 0 for result in results)
    by_name = {result.case: result for result in results}
    assert by_name["floor: one-row query"].queries == 1
    assert by_name["floor: bare Django view"].queries == 0
    # The big league of the 6 bench teams: 100 weeks of 3 matches (6 // 2) = 300.
    tables = [result for result in results if "300 matches" in result.case]
    assert [result.case for result in tables] == [
        "season table, 6 teams / 300 matches",
        "season table, first read in a process, 6 teams / 300 matches",
        "all-time table, 6 teams / 300 matches",
        "league home, 6 teams / 300 matches",
        "season table page, 6 teams / 300 matches",
        "all-time table page, 6 teams / 300 matches",
        "season standings API, 6 teams / 300 matches",
        "all-time standings API, 6 teams / 300 matches",
    ]
    # The target is for the table itself (the season's, as kept); the rest are timed.
    assert [result.target for result in tables] == [TABLE_TARGET] + [None] * 7


def test_the_season_table_is_timed_as_kept_and_as_first_read_in_a_process(world) -> None:
    table_cases = [c for c in cases(world, Client()) if c.name.startswith("season table,")]
    kept, first = (measure(replace(c, runs=1, warm_up=1)) for c in table_cases)
    assert kept.queries == 1  # the table's stamp: this process has its rows already
    assert first.queries == 2  # the stamp, then the rows


def test_the_worst_case_sheet_team_has_sixteen_players_with_eight_skills_each(world) -> None:
    players = list(world.sheet_team.players.all())
    assert len(players) == 16
    assert all(len(player.name) == 30 and len(player.skills) == 8 for player in players)


def test_applying_an_lrb6_report_of_sixteen_players_a_side_takes_at_most_forty_queries(
    world,
) -> None:
    [case] = [c for c in cases(world, Client()) if c.name == POST_GAME_CASE]
    assert measure(Case(case.name, case.run, runs=1, warm_up=1)).queries <= 40


def test_the_post_game_match_is_two_sixteen_player_teams_with_every_player_in_the_report(
    world,
) -> None:
    match = world.post_game_match
    assert (match.status, match.ruleset_version.system) == ("submitted", "lrb6")
    assert (match.home.players.count(), match.away.players.count()) == (16, 16)
    lines = match.performances.filter(actions__isnull=False).exclude(actions={})
    assert lines.count() == 32
    assert not match.casualties.exists()
    assert not_applied_why(match) == ""


def test_the_big_league_keeps_rows_equal_to_its_matches(world) -> None:
    league = world.big_league
    seasons = league.seasons.all()
    assert [(season.number, season.finished_at is None) for season in seasons] == [
        (1, False), (2, False), (3, False), (4, False), (5, False), (6, True)
    ]  # fmt: skip
    assert standings_problems(seasons) == []
    rows = Standing.objects.filter(season__league=league)
    assert rows.count() == 6 * 6  # six seasons of the six bench teams
    # Each team plays once a week: 18 weeks in each finished season, 10 in the current one.
    played = sorted(set(rows.values_list("season__number", "played")))
    assert played == [(1, 18), (2, 18), (3, 18), (4, 18), (5, 18), (6, 10)]
    assert Casualty.objects.filter(match__fixture__season__league=league).exists()


def test_a_target_missed_is_said_beside_its_case_and_under_the_table(tmp_path) -> None:
    out = StringIO()
    results = [
        Result("floor", 1, 1.0, 1.0, 0, ratio=1.0),
        Result("held", 1, 20.0, 20.0, 3, ratio=20.0, target=25.0),
        Result("slow", 1, 30.0, 30.0, 3, ratio=30.0, target=25.0),
    ]
    bench.Command(stdout=out)._report(results, tmp_path / "bench.json")
    lines = out.getvalue().splitlines()
    assert lines[2].endswith("1.0")  # no target, nothing beside the ratio
    assert lines[3].endswith("20.0  ≤ 25× ok")
    assert lines[4].endswith("30.0  ≤ 25× MISSED")
    assert "Targets: 1 of 2 held; missed: slow." in lines


def test_the_p95_is_the_slowest_but_one_of_twenty_runs() -> None:
    times = iter([float(n) for n in range(1, 21)])
    clock_case = Case("count", lambda: next(times), runs=20, warm_up=0)
    result = measure(clock_case)
    assert result.runs == 20
    assert result.p95_ms >= result.median_ms


def test_ledger_check_passes_on_the_bench_world(world) -> None:
    out = StringIO()
    call_command("ledger_check", stdout=out)
    # 6 bench teams, the worst sheet's, the two friendlies' and the revert season's 4.
    assert "All 13 team(s) match their ledgers." in out.getvalue()


def test_the_json_holds_the_machine_and_every_result(tmp_path) -> None:
    command = bench.Command(stdout=StringIO())
    results = [measure(Case("floor", lambda: None, runs=3, warm_up=0))]
    command._report(results, tmp_path / "bench.json")
    written = json.loads((tmp_path / "bench.json").read_text())
    assert written["machine"]["database"] in ("sqlite", "postgresql")
    assert written["results"][0]["case"] == "floor"


def test_the_revert_season_is_played_and_its_round_1_report_reverts_corrects_and_comes_back(
    world,
) -> None:
    match = world.revert_match
    season = match.fixture.season
    # Four teams, three rounds of two games, every report applied.
    applied = PostGame.objects.filter(match__fixture__season=season)
    assert applied.count() == 3 * 2
    assert match.fixture.round.number == 1
    [case] = [c for c in cases(world, Client()) if c.name.startswith("revert a round-1 report")]
    assert case.name == "revert a round-1 report, 4 teams / 3 rounds"
    assert case.target == REVERT_TARGET
    result = measure(replace(case, runs=1, warm_up=0))
    assert result.queries > 0
    # Each run is undone: the report stands again, the ledgers clean.
    assert Match.objects.get(pk=match.pk).status == "confirmed"
    [case] = [c for c in cases(world, Client()) if c.name.startswith("correct a round-1")]
    assert (case.name, case.target) == ("correct a round-1 report, 4 teams / 3 rounds", None)
    assert measure(replace(case, runs=1, warm_up=0)).queries > 0
    assert not Correction.objects.exists()  # undone too
    out = StringIO()
    call_command("ledger_check", stdout=out)
