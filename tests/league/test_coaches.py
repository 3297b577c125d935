"""A coach's page and the list of coaches, as league.coaches reads them: his record, form and
latest matches over his decided league matches and friendlies, his teams active and retired,
his leagues, and what a private league hides from a reader who may not see it.

The league is tests/league/conftest.py's Old World Classic (LRB6, public, forfeits 2-0,
reports standing once confirmed). varag coaches Gouged Eye, griff Da Krumpers; both Orc teams.
League matches are open play: arranged, then confirmed by the opponent or forfeited."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from league.coaches import (
    MatchRow,
    Played,
    Record,
    coach_page,
    coaches_listed,
    form_of,
    played_from,
)
from league.models import League, Season
from league.permissions import may_view
from league.retirement import team_retire
from league.seasons import fixture_arrange, fixture_forfeit, season_start
from league.services import (
    league_create,
    league_update,
    membership_decide,
    membership_end,
    membership_request,
)
from matches.models import REVERTED, Match, Report
from matches.services import friendly_accept, friendly_offer
from teams.models import Team
from tests.league.test_standings_kept import confirmed, join, reported
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 3, 1)


# Building matches ---------------------------------------------------------------------------


def open_play(league: League, *teams: Team) -> Season:
    """The teams join the league, and a season of open play starts."""
    join(league, *teams)
    return season_start(league, league.commissioners.first(), "open")


def league_match(season: Season, home: Team, away: Team) -> Match:
    commissioner = season.league.commissioners.first()
    fixture = fixture_arrange(season, commissioner, home, away)
    return Match.objects.select_related("home__coach", "away__coach").get(pk=fixture.match_id)


def played(match: Match, home: int, away: int, on: datetime.date = DAY) -> Match:
    """The home coach reports the score, the away coach confirms it; played on `on`."""
    confirmed(match, home, away)
    Report.objects.filter(match=match).update(played_on=on)
    return match


def forfeited(season: Season, home: Team, away: Team, by: Team) -> Match:
    """A match arranged and forfeited by `by`: 2-0 to the other side."""
    commissioner = season.league.commissioners.first()
    fixture = fixture_arrange(season, commissioner, home, away)
    return fixture_forfeit(fixture, commissioner, by).match


def friendly(home: Team, away: Team) -> Match:
    match = friendly_offer(home.coach, home, away)
    friendly_accept(match, away.coach)
    return Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)


def leave(*teams: Team) -> None:
    for team in teams:
        membership_end(team.memberships.get(status="approved"), team.coach, "left")


def private_league(commissioner, lrb6, name: str = "Cellar League") -> League:
    return league_create(commissioner, name, lrb6, "Members only.", public=False)


def queries(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def row(**given) -> MatchRow:
    """A decided match as read: Gouged Eye (team 1, coach 10) at home to team 2 (coach 20),
    2-1 in touchdowns, unless told otherwise."""
    values = dict(pk=1, date=DAY, home=1, away=2, home_coach=10, status="confirmed",
                  forfeited_by=None, home_touchdowns=2, away_touchdowns=1, home_points=None,
                  away_points=None)  # fmt: skip
    return MatchRow(**{**values, **given})


# A result from his side (no database) -------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "coach", "expected"),
    [
        ({}, 10, ("W", "2-1", 1, 2)),
        ({}, 20, ("L", "1-2", 2, 1)),
        ({"away_touchdowns": 2}, 20, ("D", "2-2", 2, 1)),
        ({"home_touchdowns": 0, "away_touchdowns": 3}, 10, ("L", "0-3", 1, 2)),
    ],
    ids=["a home win", "the away loss", "a draw", "a home loss"],
)
def test_it_reads_the_result_and_score_from_his_side_home_or_away(given, coach, expected) -> None:
    seen = played_from(row(**given), coach)
    assert (seen.result, seen.score, seen.team, seen.opponent) == expected


def test_a_blitz_bowl_match_is_won_on_points_not_on_touchdowns() -> None:
    # 1 touchdown to 2, but 9 points to 8: Challenge cards won it.
    blitz = row(home_touchdowns=1, away_touchdowns=2, home_points=9, away_points=8)
    seen = played_from(blitz, 10)
    assert (seen.result, seen.score) == ("W", "9-8")
    assert played_from(blitz, 20).result == "L"


def test_a_forfeit_is_lost_by_the_side_that_forfeited_whatever_the_forfeit_score() -> None:
    # A league may set its forfeit score to 0-0: the result is still a win and a loss.
    level = row(status="forfeit", forfeited_by=2, home_touchdowns=0, away_touchdowns=0)
    assert played_from(level, 10).result == "W"
    assert played_from(level, 20).result == "L"
    assert played_from(level, 10).score == "0-0"


def test_the_record_counts_played_won_drawn_and_lost() -> None:
    results = [played_from(row(pk=n, away_touchdowns=n), 10) for n in (0, 1, 2, 3, 4)]
    assert Record.of(results) == Record(played=5, won=2, drawn=1, lost=2)


@pytest.mark.parametrize(
    ("won", "drawn", "lost", "percent"),
    [
        (0, 0, 0, None),
        (1, 0, 0, 100),
        (0, 1, 0, 0),
        (1, 1, 0, 50),
        (2, 0, 1, 67),
        (1, 2, 0, 33),
        (1, 0, 7, 13),
        (0, 0, 3, 0),
    ],
)
def test_win_percent_is_games_won_out_of_games_played_a_draw_no_half_win(
    won, drawn, lost, percent
) -> None:
    # 2 of 3 = 66.7% -> 67; 1 of 8 = 12.5% -> 13 (half up); 1 of 3 with two draws is 33, not 67.
    assert Record(won + drawn + lost, won, drawn, lost).win_percent == percent


def test_the_form_is_the_last_five_results_oldest_first() -> None:
    newest_first = [Played(n, DAY, 1, 2, 0, 0, result) for n, result in enumerate("WLDDLWW")]
    assert form_of(newest_first) == "LDDLW"
    assert form_of(newest_first[:2]) == "LW"
    assert form_of([]) == ""


# His record from the database ---------------------------------------------------------------


def test_it_counts_league_matches_and_friendlies_whose_result_stands(
    league, coach, team, rival_team
) -> None:
    season = open_play(league, team, rival_team)
    played(league_match(season, team, rival_team), 2, 1)  # won at home
    played(league_match(season, rival_team, team), 1, 1)  # drawn away
    played(friendly(rival_team, team), 3, 0)  # a friendly lost away
    page = coach_page("varag", None)
    assert page.record == Record(played=3, won=1, drawn=1, lost=1)
    assert page.record.win_percent == 33
    rival = coach_page("griff", None)
    assert rival.record == Record(played=3, won=1, drawn=1, lost=1)


def test_a_forfeit_counts_as_a_loss_for_the_forfeiting_coach_and_a_win_for_the_other(
    league, team, rival_team
) -> None:
    season = open_play(league, team, rival_team)
    forfeited(season, team, rival_team, by=team)
    assert coach_page("varag", None).record == Record(played=1, lost=1)
    winner = coach_page("griff", None)
    assert winner.record == Record(played=1, won=1)
    [match] = winner.recent
    assert (match.played.score, match.played.result) == ("2-0", "W")


def test_a_match_whose_result_does_not_stand_counts_nowhere(
    league, commissioner, team, rival_team
) -> None:
    season = open_play(league, team, rival_team)
    reported(league_match(season, team, rival_team), 2, 1)  # submitted, not confirmed
    league_match(season, rival_team, team)  # still to play
    reverted = played(league_match(season, team, rival_team), 3, 0)
    Match.objects.filter(pk=reverted.pk).update(status=REVERTED)  # counts for nothing
    league_update(league, commissioner, {"reports_apply": "commissioner"})
    waiting = league_match(Season.objects.get(pk=season.pk), team, rival_team)
    assert waiting.reports_apply == "commissioner"
    confirmed(waiting, 1, 0)  # confirmed, waiting for a commissioner's approval
    page = coach_page("varag", None)
    assert page.record == Record()
    assert (page.form, page.recent) == ("", [])


def test_a_friendly_he_coaches_on_both_sides_counts_nowhere(coach, team, rival_team) -> None:
    match = played(friendly(team, rival_team), 2, 0)
    Team.objects.filter(pk=rival_team.pk).update(coach=coach)  # both teams are his now
    page = coach_page("varag", None)
    assert page.record == Record()
    assert page.recent == []
    assert Match.objects.get(pk=match.pk).is_decided


def test_the_form_and_recent_matches_run_by_the_day_played(league, team, rival_team) -> None:
    season = open_play(league, team, rival_team)
    scores = [(2, 1), (0, 1), (1, 1), (3, 0), (0, 2), (1, 0)]  # W L D W L W, day by day
    for n, (home, away) in enumerate(scores):
        played(league_match(season, team, rival_team), home, away, DAY + datetime.timedelta(n))
    page = coach_page("varag", None)
    assert page.form == "LDWLW"  # the last five, oldest first
    assert [match.played.date for match in page.recent] == [
        DAY + datetime.timedelta(n) for n in (5, 4, 3, 2, 1, 0)
    ]
    newest = page.recent[0]
    assert (newest.team, newest.opponent) == (team, rival_team)
    assert newest.opponent.coach.username == "griff"
    assert newest.played.score == "1-0"


def test_recent_matches_are_his_last_ten(league, team, rival_team) -> None:
    season = open_play(league, team, rival_team)
    for n in range(12):
        forfeited(season, team, rival_team, by=rival_team if n % 3 else team)
    page = coach_page("varag", None)
    assert page.record == Record(played=12, won=8, lost=4)
    assert len(page.recent) == 10
    ids = [match.match.pk for match in page.recent]
    assert ids == sorted(ids, reverse=True)  # forfeits of one day: the latest recorded first


# Private leagues -----------------------------------------------------------------------------


@pytest.fixture
def cellar(commissioner, lrb6, team, rival_team) -> Season:
    """A private league both teams play in, Gouged Eye having won 2-1 there; the public league
    stays empty."""
    season = open_play(private_league(commissioner, lrb6), team, rival_team)
    played(league_match(season, team, rival_team), 2, 1)
    return season


def test_it_leaves_out_a_private_league_the_reader_may_not_see(cellar, users, team) -> None:
    stranger = users.create_user("snotling", password="kick-off-7")
    for reader in (None, stranger):
        page = coach_page("varag", reader)
        assert page.leagues == []
        assert page.record == Record()
        assert (page.form, page.recent) == ("", [])
        [row] = page.teams
        assert (row.team, row.league) == (team, None)  # his team, but not where it plays


def test_a_private_league_is_shown_to_a_coach_who_plays_in_it(cellar, rival) -> None:
    page = coach_page("varag", rival)
    assert [row.league for row in page.leagues] == [cellar.league]
    assert page.record == Record(played=1, won=1)
    assert page.teams[0].league == cellar.league


def test_a_private_league_is_shown_to_its_commissioner_and_to_site_staff(
    cellar, commissioner, staff
) -> None:
    for reader in (commissioner, staff):
        page = coach_page("varag", reader)
        assert [row.league.name for row in page.leagues] == ["Cellar League"]
        assert page.form == "W"


def test_only_the_private_league_is_left_out_the_rest_is_counted(
    cellar, league, team, rival_team
) -> None:
    leave(team, rival_team)
    season = open_play(league, team, rival_team)
    played(league_match(season, rival_team, team), 1, 1)
    played(friendly(rival_team, team), 0, 1)
    page = coach_page("varag", None)
    assert [row.league for row in page.leagues] == [league]
    assert page.record == Record(played=2, won=1, drawn=1)
    assert page.form == "DW"


def test_the_leagues_shown_are_those_may_view_allows(
    cellar, league, commissioner, lrb6, users, rival
) -> None:
    join(league, orc_team(rival, lrb6, "Da Uvver Krumpers"))
    private_league(commissioner, lrb6, "Backroom League")  # not his: never on his page
    outsider = users.create_user("snotling", password="kick-off-7")
    his = {cellar.league, league}
    for reader in (None, outsider, rival, commissioner):
        shown = {row.league for row in coach_page("griff", reader).leagues}
        assert shown == {each for each in his if may_view(reader, each)}, reader


# His teams and leagues -----------------------------------------------------------------------


def test_it_lists_his_active_teams_before_his_retired_ones(coach, lrb6, team) -> None:
    orc_team(coach, lrb6, "Ard Boyz")
    old = orc_team(coach, lrb6, "Zog's Lads")
    team_retire(old, coach)
    rows = coach_page("varag", None).teams
    assert [(row.team.name, row.retired) for row in rows] == [
        ("Ard Boyz", False),
        ("Gouged Eye", False),
        ("Zog's Lads", True),
    ]
    assert rows[0].team.race.name == "Orc"


def test_a_team_names_the_league_it_plays_in_now_not_one_it_left(
    league, coach, team, rival_team
) -> None:
    join(league, team, rival_team)
    assert coach_page("varag", None).teams[0].league == league
    membership_end(team.memberships.get(), coach, "left", "Moving on.")
    page = coach_page("varag", None)
    assert page.teams[0].league is None
    assert [row.league for row in page.leagues] == [league]  # he played in it


def test_his_leagues_are_those_his_teams_played_in_and_those_he_commissions(
    league, commissioner, lrb6, coach, team, users
) -> None:
    own = league_create(coach, "Varag's Cup", lrb6)
    waiting = league_create(commissioner, "Waiting Room", lrb6)
    membership_request(waiting, coach, team)  # pending: he does not play there yet
    refused_by = league_create(commissioner, "Closed Shop", lrb6)
    other = orc_team(coach, lrb6, "Ard Boyz")
    asked = membership_request(refused_by, coach, other)
    membership_decide(asked, commissioner, approve=False, reason="Full up.")
    join(league, orc_team(coach, lrb6, "Zog's Lads"))
    page = coach_page("varag", None)
    assert [(row.league, row.commissioner) for row in page.leagues] == [
        (league, False),
        (own, True),
    ]


def test_an_unknown_username_is_not_found(db) -> None:
    with pytest.raises(Http404, match="There is no coach nobody"):
        coach_page("nobody", None)


# The list of coaches --------------------------------------------------------------------------


def test_the_list_counts_each_coachs_active_teams(coach, rival, lrb6, team, rival_team) -> None:
    team_retire(orc_team(coach, lrb6, "Zog's Lads"), coach)
    orc_team(coach, lrb6, "Ard Boyz")
    listed = {row.username: row.active_teams for row in coaches_listed()}
    assert listed == {"griff": 1, "varag": 2}


def test_the_list_runs_by_username_in_any_case(users) -> None:
    for name in ("Morg", "bob", "Azhag", "zug"):
        users.create_user(name, password="kick-off-8")
    assert [row.username for row in coaches_listed()] == ["Azhag", "bob", "Morg", "zug"]


def test_the_search_matches_a_username_or_a_display_name_in_any_case(users) -> None:
    users.create_user("varag", password="kick-off-8", display_name="Varag Ghoul-Chewer")
    users.create_user("morg", password="kick-off-8", display_name="Morg 'n' Thorg")
    users.create_user("ghoulbert", password="kick-off-8")
    assert [row.username for row in coaches_listed("GHOUL")] == ["ghoulbert", "varag"]
    assert [row.username for row in coaches_listed(" thorg ")] == ["morg"]
    assert [row.username for row in coaches_listed("nobody")] == []
    assert len(coaches_listed("")) == 3


def test_the_list_reads_no_password_and_no_address(users) -> None:
    users.create_user("varag", email="varag@example.com", password="kick-off-8")
    [row] = coaches_listed()
    assert {"password", "email"} & set(row.__dict__) == set()


# Queries ----------------------------------------------------------------------------------------


def test_a_coach_with_many_teams_and_matches_costs_the_queries_of_one_with_few(
    league, commissioner, lrb6, users, coach, rival, team, rival_team
) -> None:
    cellar = private_league(commissioner, lrb6)
    few = open_play(league, team, rival_team)
    forfeited(few, team, rival_team, by=rival_team)

    busy = users.create_user("busy", password="kick-off-8")
    teams = [orc_team(busy, lrb6, f"Busy {n}") for n in range(4)]
    opponents = [orc_team(users.create_user(f"opp{n}"), lrb6, f"Opp {n}") for n in range(4)]
    many = open_play(cellar, *teams[:2], *opponents[:2])
    join(league, *teams[2:], *opponents[2:])
    for n in range(12):
        forfeited(many, teams[n % 2], opponents[n % 2], by=opponents[n % 2])
        forfeited(few, teams[2 + n % 2], opponents[2 + n % 2], by=teams[2 + n % 2])
    played(friendly(teams[0], opponents[0]), 1, 1)
    played(league_match(few, teams[2], opponents[2]), 2, 0)
    team_retire(teams[3], busy)

    for reader in (None, rival, commissioner):
        counted = queries(lambda reader=reader: coach_page("varag", reader))
        assert queries(lambda reader=reader: coach_page("busy", reader)) == counted, reader
    assert coach_page("busy", commissioner).record.played == 26
    assert queries(lambda: coach_page("busy", None)) <= 5


def test_the_list_costs_one_query_however_many_coaches(users, lrb6) -> None:
    users.create_user("solo", password="kick-off-8")
    one = queries(lambda: list(coaches_listed()))
    for n in range(20):
        orc_team(users.create_user(f"coach{n}"), lrb6, f"Team {n}")
    assert queries(lambda: list(coaches_listed("coach"))) == one == 1
