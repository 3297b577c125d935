"""Seasons: a drawn round robin with deadlines and byes, open play, rescheduling and
forfeits; a new season carries every team over exactly as it is."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from league.models import Fixture, Season
from league.seasons import (
    fixture_arrange,
    fixture_forfeit,
    fixture_reschedule,
    overdue_fixtures,
    season_start,
)
from league.services import league_create, league_update, membership_end
from league.setting_checks import LeagueRefused
from teams.ledger_rows import ledger_differences
from teams.models import Player
from tests.league.conftest import member_teams
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

MONDAY = datetime.date(2026, 11, 30)


def messages(refused: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in refused.value.problems]


def test_a_double_round_robin_of_six_teams_has_ten_rounds_a_week_apart(
    league, commissioner, users
) -> None:
    teams = member_teams(league, 6, users)
    season = season_start(league, commissioner, "double_round_robin", "", MONDAY, 7)
    assert (season.number, season.name) == (1, "Season 1")
    assert sorted(t.pk for t in season.teams.all()) == sorted(t.pk for t in teams)
    deadlines = list(season.rounds.values_list("number", "deadline"))
    assert deadlines == [(n, MONDAY + datetime.timedelta(days=7 * (n - 1))) for n in range(1, 11)]
    fixtures = season.fixtures.all()
    assert fixtures.count() == 30  # 10 rounds of 3 matches
    played = Counter((f.home_id, f.away_id) for f in fixtures)
    assert set(played.values()) == {1}
    assert len(played) == 6 * 5


def test_a_single_round_robin_of_five_teams_gives_a_bye_each_round(
    league, commissioner, users
) -> None:
    member_teams(league, 5, users)
    season = season_start(league, commissioner, "round_robin")
    assert season.rounds.count() == 5
    for round_ in season.rounds.all():
        assert round_.fixtures.filter(away__isnull=True).count() == 1
        assert round_.fixtures.filter(away__isnull=False).count() == 2
        assert round_.deadline is None  # none given
    byes = Counter(season.fixtures.filter(away__isnull=True).values_list("home_id", flat=True))
    assert sorted(byes.values()) == [1] * 5


def test_the_draw_is_stored_and_replayable(league, commissioner, users) -> None:
    import random

    from league.round_robin import round_robin

    teams = member_teams(league, 4, users)
    season = season_start(league, commissioner, "round_robin")
    drawn = sorted(teams, key=lambda t: t.pk)
    random.Random(season.seed).shuffle(drawn)
    expected = [(p.home.pk, p.away.pk) for r in round_robin(drawn) for p in r]
    got = list(season.fixtures.order_by("round__number", "pk").values_list("home_id", "away_id"))
    assert got == expected


def test_a_season_started_with_a_seed_draws_the_same_fixtures_each_time(
    league, commissioner, users
) -> None:
    member_teams(league, 4, users)
    draws = []
    for _ in range(2):
        season = season_start(league, commissioner, "round_robin", seed="0000000000000003")
        assert season.seed == "0000000000000003"
        draws.append(
            list(season.fixtures.order_by("round__number", "pk").values_list("home_id", "away_id"))
        )
    assert draws[0] == draws[1]


def test_a_round_robin_needs_two_member_teams(league, commissioner, users) -> None:
    member_teams(league, 1, users)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        season_start(league, commissioner, "round_robin")
    assert messages(refused) == [
        ("format", "A round robin needs two member teams; Old World Classic has 1.")
    ]
    assert not Season.objects.exists()


def test_only_approved_teams_are_drawn(league, commissioner, users, coach, team) -> None:
    from league.services import membership_request

    member_teams(league, 2, users)
    membership_request(league, coach, team)  # still waiting
    season = season_start(league, commissioner, "round_robin")
    assert team not in season.teams.all()
    assert season.teams.count() == 2


def test_it_refuses_an_unknown_format_and_bad_spacing(league, commissioner, users) -> None:
    member_teams(league, 2, users)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        season_start(league, commissioner, "knockout", days_between_rounds=0)
    assert [field for field, _ in messages(refused)] == ["format", "days_between_rounds"]


def test_only_a_commissioner_or_staff_starts_a_season(league, coach, staff, users) -> None:
    member_teams(league, 2, users)
    for person in (coach, AnonymousUser()):
        with unchanged(), pytest.raises(PermissionDenied):
            season_start(league, person, "round_robin")
    assert season_start(league, staff, "round_robin").number == 1


def test_a_new_season_keeps_every_team_unchanged(league, commissioner, users) -> None:
    teams = member_teams(league, 6, users)

    def snapshot():
        return [
            (
                list(
                    type(t)
                    .objects.filter(pk=t.pk)
                    .values_list(
                        "treasury", "rerolls", "fan_factor", "staff", "race", "ruleset_version"
                    )
                ),
                list(Player.objects.filter(team=t).order_by("pk").values()),
                list(t.ledger.order_by("sequence").values()),
            )
            for t in teams
        ]

    first = season_start(league, commissioner, "double_round_robin", "", MONDAY, 7)
    before = snapshot()
    second = season_start(league, commissioner, "double_round_robin", "Season 2")
    assert snapshot() == before
    first.refresh_from_db()
    assert first.finished_at is not None
    assert second.finished_at is None
    assert second.number == 2
    assert sorted(t.pk for t in second.teams.all()) == sorted(t.pk for t in teams)
    assert second.fixtures.count() == 30
    assert first.fixtures.count() == 30  # the first season's fixtures stay as history
    for team in teams:
        assert ledger_differences(team) == []


def test_a_team_that_left_is_not_in_the_next_season(league, commissioner, users) -> None:
    teams = member_teams(league, 3, users)
    season_start(league, commissioner, "round_robin")
    membership_end(teams[0].memberships.get(), commissioner, "left")
    second = season_start(league, commissioner, "round_robin")
    assert sorted(t.pk for t in second.teams.all()) == sorted(t.pk for t in teams[1:])
    assert second.rounds.count() == 1


def test_a_league_has_one_current_season(league, commissioner, users) -> None:
    member_teams(league, 2, users)
    for _ in range(3):
        season_start(league, commissioner, "round_robin")
    assert league.seasons.filter(finished_at__isnull=True).count() == 1
    assert list(league.seasons.values_list("number", flat=True)) == [1, 2, 3]


# Open play


def test_in_open_play_any_two_member_teams_arrange_a_match(league, commissioner, users) -> None:
    one, two = member_teams(league, 2, users)
    season = season_start(league, commissioner, "open")
    assert season.rounds.count() == 0
    fixture = fixture_arrange(season, one.coach, one, two, MONDAY)
    assert (fixture.home, fixture.away, fixture.round, fixture.due) == (one, two, None, MONDAY)


def test_a_team_outside_the_league_cannot_be_arranged(
    league, commissioner, users, rival_team
) -> None:
    [one] = member_teams(league, 1, users)
    season = season_start(league, commissioner, "open")
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_arrange(season, commissioner, one, rival_team)
    assert messages(refused) == [("away", "Da Krumpers is not a member of Old World Classic.")]


def test_a_team_cannot_play_itself(league, commissioner, users) -> None:
    one, _two = member_teams(league, 2, users)
    season = season_start(league, commissioner, "open")
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_arrange(season, commissioner, one, one)
    assert messages(refused) == [("away", "A team cannot play itself.")]


def test_an_uninvolved_coach_cannot_arrange_a_match(league, commissioner, users, rival) -> None:
    one, two = member_teams(league, 2, users)
    season = season_start(league, commissioner, "open")
    with unchanged(), pytest.raises(PermissionDenied):
        fixture_arrange(season, rival, one, two)


def test_an_anonymous_visitor_cannot_arrange_a_match(league, commissioner, users) -> None:
    one, two = member_teams(league, 2, users)
    season = season_start(league, commissioner, "open")
    with unchanged(), pytest.raises(PermissionDenied):
        fixture_arrange(season, AnonymousUser(), one, two)


def test_a_round_robin_season_does_not_take_arranged_matches(league, commissioner, users):
    one, two = member_teams(league, 2, users)
    season = season_start(league, commissioner, "round_robin")
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_arrange(season, commissioner, one, two)
    assert messages(refused) == [
        ("season", "Season 1 is a round robin: its fixtures are drawn, not arranged.")
    ]


# Rescheduling, forfeits, overdue


@pytest.fixture
def season(league, commissioner, users) -> Season:
    member_teams(league, 4, users)
    return season_start(league, commissioner, "round_robin", "", MONDAY, 7)


def first_match(season: Season) -> Fixture:
    return season.fixtures.filter(away__isnull=False).order_by("round__number", "pk").first()


def test_a_commissioner_reschedules_a_fixture(season, commissioner) -> None:
    fixture = first_match(season)
    later = MONDAY + datetime.timedelta(days=10)
    fixture = fixture_reschedule(fixture, commissioner, later, "Coach on holiday")
    fixture.refresh_from_db()
    assert (fixture.due, fixture.rescheduled_reason) == (later, "Coach on holiday")
    assert fixture.round.deadline == MONDAY  # the round's other matches keep their date


def test_rescheduling_needs_a_date_and_a_reason(season, commissioner) -> None:
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_reschedule(first_match(season), commissioner, None, " ")
    assert [field for field, _ in messages(refused)] == ["deadline", "reason"]


def test_a_coach_cannot_reschedule(season) -> None:
    fixture = first_match(season)
    with unchanged(), pytest.raises(PermissionDenied):
        fixture_reschedule(fixture, fixture.home.coach, MONDAY, "I am busy")


def test_a_commissioner_of_another_league_cannot_reschedule(season, rival, lrb6) -> None:
    league_create(rival, "Another league", lrb6)
    with unchanged(), pytest.raises(PermissionDenied):
        fixture_reschedule(first_match(season), rival, MONDAY, "Not my league")


def test_a_forfeit_records_the_league_score_for_the_team_that_turned_up(
    season, commissioner
) -> None:
    fixture = first_match(season)
    fixture = fixture_forfeit(fixture, commissioner, fixture.away)
    assert fixture.status == "forfeit"
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (2, 0)
    assert fixture.forfeited_by == fixture.away


def test_a_forfeit_uses_the_league_setting(league, season, commissioner) -> None:
    league_update(league, commissioner, {"forfeit_winner_touchdowns": 1})
    fixture = first_match(season)
    fixture = fixture_forfeit(fixture, commissioner, fixture.home)
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (0, 1)


def test_a_forfeit_is_recorded_once(season, commissioner) -> None:
    fixture = fixture_forfeit(first_match(season), commissioner, first_match(season).home)
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_forfeit(fixture, commissioner, fixture.away)
    assert messages(refused)[0][1].endswith("is already forfeited.")


def test_a_bye_cannot_be_forfeited(league, commissioner, users) -> None:
    member_teams(league, 3, users)
    season = season_start(league, commissioner, "round_robin")
    bye = season.fixtures.filter(away__isnull=True).first()
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_forfeit(bye, commissioner, bye.home)
    assert messages(refused) == [("fixture", "A bye is not a match.")]


def test_a_team_not_in_the_fixture_cannot_forfeit_it(season, commissioner, rival_team):
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_forfeit(first_match(season), commissioner, rival_team)
    assert messages(refused)[0][0] == "forfeited_by"


def test_a_finished_season_cannot_be_changed(league, season, commissioner) -> None:
    fixture = first_match(season)
    season_start(league, commissioner, "open")
    with unchanged(), pytest.raises(LeagueRefused) as refused:
        fixture_reschedule(fixture, commissioner, MONDAY, "Too late")
    assert messages(refused) == [("season", "Season 1 is over.")]


def test_overdue_fixtures_are_unplayed_matches_past_their_date(league, season, commissioner):
    round_one = set(season.fixtures.filter(round__number=1).values_list("pk", flat=True))
    day_after = MONDAY + datetime.timedelta(days=1)
    assert {f.pk for f in overdue_fixtures(league, MONDAY)} == set()
    assert {f.pk for f in overdue_fixtures(league, day_after)} == round_one
    moved, forfeited = season.fixtures.filter(pk__in=round_one)
    fixture_reschedule(moved, commissioner, MONDAY + datetime.timedelta(days=3), "Snow")
    fixture_forfeit(forfeited, commissioner, forfeited.home)
    assert list(overdue_fixtures(league, day_after)) == []
    # Round 2 is due a week after round 1, so only the moved match is late four days on.
    later = overdue_fixtures(league, MONDAY + datetime.timedelta(days=4))
    assert [f.pk for f in later] == [moved.pk]


def test_is_overdue_reads_the_fixture_date_first(season) -> None:
    fixture = first_match(season)
    assert fixture.is_overdue(MONDAY + datetime.timedelta(days=1))
    fixture.deadline = MONDAY + datetime.timedelta(days=5)
    assert not fixture.is_overdue(MONDAY + datetime.timedelta(days=1))
