"""League tables on the pages: the league home (the table at the top, recent results, next
fixtures), the season page, a season's own table page and the all-time table, each with
hand-worked numbers; the scoring under the table, a shared position as "2=", the tie-breaker
that put a team below its neighbour, the restart note; the columns of Blitz Bowl and 1st
edition; the settings page saying a change counts from the next season.

The LRB6 league has four Orc teams made in this order and drawn from SEED, which gives
    round 1: Reikland Reavers v Gouged Eye, Da Krumpers v Underworld Creepers
    round 2: Da Krumpers v Reikland Reavers, Underworld Creepers v Gouged Eye
    round 3: Reikland Reavers v Underworld Creepers, Gouged Eye v Da Krumpers
(`league_of` checks it). The scoring is the league's default unless a test says otherwise:
3 a win, 1 a draw, 0 a loss, no bonus points; tie-breakers points, head to head, touchdown
difference, casualty difference, touchdowns scored, fewest games played. A forfeit scores
the league's default 2-0."""

from __future__ import annotations

import html
import re

import pytest

from league.models import Fixture, Season
from league.seasons import fixture_forfeit, season_start
from league.services import league_create, league_update, membership_decide, membership_request
from matches.models import Match
from rules.selectors import version_get
from tests.league.test_fixture_points import played
from tests.matches.helpers import confirmed
from tests.matches.rulesets import blitz_teams, first_teams
from tests.teams.helpers import orc_team

pytestmark = pytest.mark.django_db

SEED = "0000000000000000"
REAVERS, GOUGED, KRUMPERS, CREEPERS = (
    "Reikland Reavers", "Gouged Eye", "Da Krumpers", "Underworld Creepers",
)  # fmt: skip
COACHES = {REAVERS: "griff", GOUGED: "varag", KRUMPERS: "morg", CREEPERS: "snotling"}
DRAW = {
    (1, REAVERS, GOUGED), (1, KRUMPERS, CREEPERS),
    (2, KRUMPERS, REAVERS), (2, CREEPERS, GOUGED),
    (3, REAVERS, CREEPERS), (3, GOUGED, KRUMPERS),
}  # fmt: skip
RESTART_NOTE = (
    "Head-to-head separated some of the tied teams; the rest were ranked again from the "
    "first tie-breaker."
)
LRB6_SCORING = (
    "Win 3, draw 1, loss 0; no bonus points; tie-breakers: points, head to head, touchdown "
    "difference, casualty difference, touchdowns scored, fewest games played."
)


# --- Building a league and playing its fixtures (shared with test_standings_api) ---------------


def league_of(commissioner, users, version, names=COACHES, **settings) -> Season:
    """A league of the named teams (Orcs, each of its own coach), `settings` changed before
    its first season starts, and that season drawn from SEED as a round robin."""
    league = league_create(commissioner, "Old World Classic", version)
    if settings:
        league_update(league, commissioner, settings)
    for name, username in names.items():
        coach = users.create_user(username, password="kick-off-9")
        team = orc_team(coach, version, name)
        membership_decide(membership_request(league, coach, team), commissioner, True)
    season = season_start(league, commissioner, "round_robin", seed=SEED)
    if set(names) == set(COACHES):
        drawn = season.fixtures.values_list("round__number", "home__name", "away__name")
        assert set(drawn) == DRAW
    return season


def fixture_of(season: Season, first: str, second: str) -> Fixture:
    """The season's fixture between the two teams, whichever is at home."""
    fixtures = season.fixtures.select_related("home__coach", "away__coach", "match")
    return fixtures.get(home__name__in=(first, second), away__name__in=(first, second))


def play(season: Season, first: str, second: str, scored: tuple[int, int]) -> Match:
    """`first` and `second` play, `scored` their touchdowns in that order: the home coach
    reports it, the away coach confirms it, and the result stands."""
    fixture = fixture_of(season, first, second)
    home, away = fixture.home, fixture.away
    touchdowns = scored if home.name == first else scored[::-1]
    return confirmed(fixture.match, home.coach, away.coach, *touchdowns)


def forfeit(season: Season, by: str, against: str) -> None:
    fixture = fixture_of(season, by, against)
    team = fixture.home if fixture.home.name == by else fixture.away
    fixture_forfeit(fixture, season.league.commissioners.first(), team)


def separated_by_touchdown_difference(season: Season) -> None:
    """Two rounds:
    round 1  Reikland Reavers 2-1 Gouged Eye; Underworld Creepers forfeit to Da Krumpers (2-0)
    round 2  Da Krumpers 1-1 Reikland Reavers; Underworld Creepers 1-1 Gouged Eye
    Da Krumpers: W (2-0) D (1-1): 4 points, touchdowns 2 + 1 = 3 for, 0 + 1 = 1 against, +2.
    Reavers: W (2-1) D (1-1): 4 points, 3 for, 2 against, +1; they drew with the Krumpers,
    so head to head is level and touchdown difference puts them second.
    Gouged Eye: L (1-2) D (1-1): 1 point, 2 for, 3 against, -1.
    Creepers: L (0-2) D (1-1): 1 point, 1 for, 3 against, -2; their draw with Gouged Eye
    leaves head to head level: fourth on touchdown difference."""
    play(season, REAVERS, GOUGED, (2, 1))
    forfeit(season, CREEPERS, KRUMPERS)
    play(season, KRUMPERS, REAVERS, (1, 1))
    play(season, CREEPERS, GOUGED, (1, 1))


def level_on_everything(season: Season) -> None:
    """Round 1 like the demo's: Reikland Reavers 2-1 Gouged Eye, Da Krumpers 2-1 Underworld
    Creepers. The winners are level on every tie-breaker (3 points, not met, +1, no
    casualties, 2 scored, 1 played), the losers too: two shared positions, by name."""
    play(season, REAVERS, GOUGED, (2, 1))
    play(season, KRUMPERS, CREEPERS, (2, 1))


def restarted(season: Season) -> None:
    """The whole round robin, with a bonus point for 3 or more touchdowns and one for a clean
    sheet:
    round 1  Reavers 2-1 Gouged Eye; Da Krumpers 4-0 Creepers (3 + 1 + 1 = 5 points)
    round 2  Da Krumpers 1-2 Reavers; Creepers 0-3 Gouged Eye (3 + 1 + 1 = 5 points)
    round 3  Reavers 1-2 Creepers; Gouged Eye 1-1 Da Krumpers
    Reavers 3 + 3 + 0 = 6, Gouged Eye 0 + 5 + 1 = 6, Da Krumpers 5 + 0 + 1 = 6, Creepers 3.
    Head to head among the three on 6: the Reavers beat both (6), the other two drew (1
    each): the Reavers first, and the other two start again from points (6 = 6), head to
    head (their draw, 1 = 1), then touchdown difference: Da Krumpers 4 + 1 + 1 = 6 for,
    0 + 2 + 1 = 3 against, +3; Gouged Eye 1 + 3 + 1 = 5 for, 2 + 0 + 1 = 3 against, +2."""
    play(season, REAVERS, GOUGED, (2, 1))
    play(season, KRUMPERS, CREEPERS, (4, 0))
    play(season, KRUMPERS, REAVERS, (1, 2))
    play(season, CREEPERS, GOUGED, (0, 3))
    play(season, REAVERS, CREEPERS, (1, 2))
    play(season, GOUGED, KRUMPERS, (1, 1))


# --- Reading a page -----------------------------------------------------------------------------


def text_of(markup: str, between: str = " ") -> str:
    """Markup as a reader sees it: no tags (`between` in their place), entities read, spaces
    single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", between, markup)).split())


def words(response) -> str:
    assert response.status_code == 200
    return text_of(response.content.decode())


def table_of(response) -> list[list[str]]:
    """The first league table of the page: its header, then a row of cell texts per team."""
    markup = response.content.decode()
    table = re.search(r'<table class="league-table.*?</table>', markup, re.S)
    assert table, "no league table on the page"
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S)
    return [[text_of(cell, "") for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in rows]  # fmt: skip


LRB6_HEADER = ["Pos", "Team", "P", "W", "D", "L", "TD+", "TD−", "TD±", "Cas+", "Cas−", "Pts",
               "Form"]  # fmt: skip


# --- The season's table ------------------------------------------------------------------------


@pytest.fixture
def season(commissioner, users, lrb6) -> Season:
    return league_of(commissioner, users, lrb6)


def test_the_season_table_counts_the_results_and_says_what_separated_neighbours(
    client, season
) -> None:
    separated_by_touchdown_difference(season)
    page = client.get(f"/leagues/{season.league_id}/seasons/1/table/")
    assert table_of(page) == [
        LRB6_HEADER,
        ["1", "Da Krumpers morg", "2", "1", "1", "0", "3", "1", "+2", "0", "0", "4", "WD"],
        ["2", "Reikland Reavers griff below Da Krumpers on touchdown difference",
         "2", "1", "1", "0", "3", "2", "+1", "0", "0", "4", "WD"],
        ["3", "Gouged Eye varag", "2", "0", "1", "1", "2", "3", "−1", "0", "0", "1", "LD"],
        ["4", "Underworld Creepers snotling below Gouged Eye on touchdown difference",
         "2", "0", "1", "1", "1", "3", "−2", "0", "0", "1", "LD"],
    ]  # fmt: skip
    text = words(page)
    assert LRB6_SCORING in text
    assert RESTART_NOTE not in text
    teams = {team.name: team.pk for team in season.teams.all()}
    assert f'<a href="/teams/{teams[REAVERS]}/">Reikland Reavers</a>' in page.content.decode()


def test_teams_level_on_every_tie_breaker_share_their_position(client, season) -> None:
    level_on_everything(season)
    rows = table_of(client.get(f"/leagues/{season.league_id}/seasons/1/table/"))
    # Level: listed by name, each with its position and "=", and no reason.
    assert [row[:2] for row in rows[1:]] == [
        ["1=", "Da Krumpers morg"],
        ["1=", "Reikland Reavers griff"],
        ["3=", "Gouged Eye varag"],
        ["3=", "Underworld Creepers snotling"],
    ]
    assert rows[1][2:] == ["1", "1", "0", "0", "2", "1", "+1", "0", "0", "3", "W"]


def test_a_restart_after_head_to_head_is_explained_under_the_table(
    client, commissioner, users, lrb6
) -> None:
    season = league_of(commissioner, users, lrb6, bonus_three_touchdowns=1, bonus_clean_sheet=1)
    restarted(season)
    page = client.get(f"/leagues/{season.league_id}/seasons/1/table/")
    assert table_of(page) == [
        [*LRB6_HEADER[:11], "Bon", "Pts", "Form"],  # the scoring has bonus points
        ["1", "Reikland Reavers griff", "3", "2", "0", "1", "5", "4", "+1", "0", "0", "0", "6",
         "WWL"],
        ["2", "Da Krumpers morg below Reikland Reavers on head to head",
         "3", "1", "1", "1", "6", "3", "+3", "0", "0", "2", "6", "WLD"],
        ["3", "Gouged Eye varag below Da Krumpers on touchdown difference",
         "3", "1", "1", "1", "5", "3", "+2", "0", "0", "2", "6", "LWD"],
        # 0 + 2 = 2 for, 4 + 3 + 1 = 8 against.
        ["4", "Underworld Creepers snotling", "3", "1", "0", "2", "2", "8", "−6", "0", "0",
         "0", "3", "LLW"],
    ]  # fmt: skip
    text = words(page)
    assert RESTART_NOTE in text
    assert (
        "Win 3, draw 1, loss 0; bonus 1 for 3 or more touchdowns, 1 for a clean sheet; "
        "tie-breakers: points, head to head" in text
    )


def test_a_season_with_no_results_lists_every_team_level(client, season) -> None:
    rows = table_of(client.get(f"/leagues/{season.league_id}/seasons/1/table/"))
    assert [row[0] for row in rows[1:]] == ["1=", "1=", "1=", "1="]
    assert [row[1].split()[0] for row in rows[1:]] == ["Da", "Gouged", "Reikland", "Underworld"]
    assert {row[-2] for row in rows[1:]} == {"0"}


def test_the_table_page_keeps_every_column_and_the_embedded_table_hides_some_on_a_phone(
    client, season
) -> None:
    full = client.get(f"/leagues/{season.league_id}/seasons/1/table/").content.decode()
    assert '<table class="league-table full">' in full
    home = client.get(f"/leagues/{season.league_id}/").content.decode()
    assert '<table class="league-table">' in home
    # The columns a phone does without are marked, the ones it keeps are not.
    header = re.search(r"<thead>.*?</thead>", home, re.S).group(0)
    hidden = re.findall(r'<th class="num detail"><abbr[^>]*>([^<]+)</abbr>', header)
    assert hidden == ["TD+", "TD−", "Cas+", "Cas−"]


def test_a_private_leagues_tables_are_hidden_from_outsiders(
    client, season, commissioner, users
) -> None:
    league_update(season.league, commissioner, {"public": False})
    client.force_login(users.create_user("stranger"))
    for url in ("seasons/1/table/", "table/"):
        assert client.get(f"/leagues/{season.league_id}/{url}").status_code == 404
    client.force_login(commissioner)
    for url in ("seasons/1/table/", "table/"):
        assert client.get(f"/leagues/{season.league_id}/{url}").status_code == 200


def test_a_season_that_does_not_exist_has_no_table(client, season) -> None:
    assert client.get(f"/leagues/{season.league_id}/seasons/2/table/").status_code == 404


# --- What each ruleset's table counts -----------------------------------------------------------


def two_team_season(commissioner, users, slug: str, make_teams) -> Season:
    """A league of the ruleset `slug`, its two teams (of `make_teams`, each of its own coach)
    drawn into one fixture."""
    league = league_create(commissioner, "Reikland Cup", version_get(slug))
    teams = make_teams(users.create_user("blitzer1"), users.create_user("blitzer2"))
    for team in teams:
        membership_decide(membership_request(league, team.coach, team), commissioner, True)
    return season_start(league, commissioner, "round_robin", seed=SEED)


def test_a_blitz_bowl_table_counts_its_points_for_and_against_and_no_casualties(
    client, commissioner, users
) -> None:
    season = two_team_season(commissioner, users, "blitz-bowl", blitz_teams)
    # tests/league/test_fixture_points.py's report: The Reavers 15-8 Middenheim Wolves, on
    # points (touchdowns 2-1).
    played(Fixture.objects.get(season=season))
    page = client.get(f"/leagues/{season.league_id}/seasons/1/table/")
    assert table_of(page) == [
        ["Pos", "Team", "P", "W", "D", "L", "TD+", "TD−", "TD±", "Sc+", "Sc−", "Sc±", "Pts",
         "Form"],
        ["1", "The Reavers blitzer1", "1", "1", "0", "0", "2", "1", "+1", "15", "8", "+7", "3",
         "W"],
        ["2", "Middenheim Wolves blitzer2", "1", "0", "0", "1", "1", "2", "−1", "8", "15", "−7",
         "0", "L"],
    ]  # fmt: skip
    assert (
        "Win 3, draw 1, loss 0; no bonus points; tie-breakers: points, head to head, score "
        "difference, touchdown difference, touchdowns scored, fewest games played." in words(page)
    )
    # On a phone a Blitz Bowl table keeps its score difference; the touchdowns go.
    home = client.get(f"/leagues/{season.league_id}/").content.decode()
    header = re.search(r"<thead>.*?</thead>", home, re.S).group(0)
    hidden = re.findall(r'<th class="num detail"><abbr[^>]*>([^<]+)</abbr>', header)
    assert hidden == ["TD+", "TD−", "TD±", "Sc+", "Sc−"]


def test_a_first_edition_table_has_no_casualty_columns(client, commissioner, users) -> None:
    season = two_team_season(commissioner, users, "first-edition", first_teams)
    forfeit(season, "Reikland Reavers", "Bright Crusaders")  # 2-0 to the Crusaders
    assert table_of(client.get(f"/leagues/{season.league_id}/seasons/1/table/")) == [
        ["Pos", "Team", "P", "W", "D", "L", "TD+", "TD−", "TD±", "Pts", "Form"],
        ["1", "Bright Crusaders blitzer1", "1", "1", "0", "0", "2", "0", "+2", "3", "W"],
        ["2", "Reikland Reavers blitzer2", "1", "0", "0", "1", "0", "2", "−2", "0", "L"],
    ]
