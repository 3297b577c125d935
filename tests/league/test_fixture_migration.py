"""The migration that gives every fixture its match: a fixture already forfeited keeps its
forfeit and its score, now read from its match; a fixture still to play gets a match to
play under its league's policies; a bye gets none. It runs backwards too."""

from __future__ import annotations

import pytest

from tests.migrating import checks_at_once, migrate, module_at

BEFORE = [("league", "0002_text_lengths"), ("matches", "0001_initial")]
AFTER = [("league", "0003_fixtures_read_their_match")]


@pytest.fixture(scope="module")
def before(django_db_setup, django_db_blocker):
    """The database just before the migration, for the whole module."""
    with module_at(django_db_blocker, BEFORE) as apps:
        yield apps


@pytest.fixture
def old_fixtures(before, db):
    """A league with a forfeited fixture, one to play and a bye, as they were stored
    before fixtures had matches; gone again, with whatever the test migrated, after it."""
    checks_at_once()
    return old_fixtures_make(before)


def old_fixtures_make(apps) -> tuple[int, int, int, list[int]]:
    """The rows, made with the registry of the old state: forfeited, to play, bye, teams."""
    User = apps.get_model("accounts", "User")
    RulesetVersion = apps.get_model("rules", "RulesetVersion")
    Team, League = apps.get_model("teams", "Team"), apps.get_model("league", "League")
    Season, Fixture = apps.get_model("league", "Season"), apps.get_model("league", "Fixture")
    version = RulesetVersion.objects.get(ruleset__slug="lrb6")
    race = apps.get_model("rules", "Race").objects.get(version=version, slug="orc")
    commissioner = User.objects.create(username="nuffle")
    teams = [
        Team.objects.create(name=f"Orcs {n}", coach=User.objects.create(username=f"coach{n}"),
                            ruleset_version=version, race=race)
        for n in (1, 2, 3)
    ]  # fmt: skip
    league = League.objects.create(
        name="Old World Classic", ruleset_version=version, created_by=commissioner,
        dice_sources="entered", reports_apply="commissioner",
    )  # fmt: skip
    season = Season.objects.create(
        league=league, number=1, name="Season 1", format="open", seed="s", started_by=commissioner
    )
    forfeited = Fixture.objects.create(
        season=season, home=teams[0], away=teams[1], status="forfeit", forfeited_by=teams[1],
        home_touchdowns=2, away_touchdowns=0,
    )  # fmt: skip
    to_play = Fixture.objects.create(season=season, home=teams[1], away=teams[2])
    bye = Fixture.objects.create(season=season, home=teams[2])
    return forfeited.pk, to_play.pk, bye.pk, [team.pk for team in teams]


def test_a_forfeited_fixture_keeps_its_forfeit_and_score_in_its_match(old_fixtures):
    forfeited, _to_play, _bye, teams = old_fixtures
    apps = migrate(AFTER)
    Fixture = apps.get_model("league", "Fixture")
    match = Fixture.objects.select_related("match__report").get(pk=forfeited).match
    assert (match.status, match.forfeited_by_id) == ("forfeit", teams[1])
    assert (match.report.home_touchdowns, match.report.away_touchdowns) == (2, 0)
    assert match.report.forfeit


def test_a_fixture_to_play_gets_a_match_under_its_leagues_policies(old_fixtures):
    _forfeited, to_play, bye, teams = old_fixtures
    apps = migrate(AFTER)
    Fixture = apps.get_model("league", "Fixture")
    match = Fixture.objects.select_related("match").get(pk=to_play).match
    assert (match.status, match.kind, match.home_id, match.away_id) == (
        "scheduled", "league", teams[1], teams[2],
    )  # fmt: skip
    assert (match.dice_sources, match.reports_apply) == ("entered", "commissioner")
    assert len(match.seed) == 16
    assert Fixture.objects.get(pk=bye).match_id is None


def test_going_back_restores_the_fixtures_own_status_and_score(old_fixtures):
    forfeited, to_play, _bye, teams = old_fixtures
    migrate(AFTER)
    apps = migrate(BEFORE)
    Fixture, Match = apps.get_model("league", "Fixture"), apps.get_model("matches", "Match")
    old = Fixture.objects.get(pk=forfeited)
    assert (old.status, old.forfeited_by_id, old.home_touchdowns, old.away_touchdowns) == (
        "forfeit", teams[1], 2, 0,
    )  # fmt: skip
    assert Fixture.objects.get(pk=to_play).status == "scheduled"
    assert not Match.objects.exists()
