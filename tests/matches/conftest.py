"""Fixtures for the match tests: two coaches with LRB6 Orc teams, a friendly between them
(accepted), and a league whose round robin gives a fixture between them."""

from __future__ import annotations

import pytest

from league.models import Fixture, League, Season
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from teams.models import Team
from tests.matches.rulesets import blitz_teams, first_teams, friendly_of, gdbbl_teams, nurgle_team
from tests.teams.helpers import orc_team


@pytest.fixture
def home_coach(users):
    return users.create_user(
        "varag", password="kick-off-2", email="varag@example.com", email_verified=True
    )


@pytest.fixture
def away_coach(users):
    return users.create_user(
        "griff", password="kick-off-3", email="griff@example.com", email_verified=True
    )


@pytest.fixture
def outsider(users):
    return users.create_user("morg", password="kick-off-5")


@pytest.fixture
def commissioner(users):
    return users.create_user(
        "nuffle", password="kick-off-1", email="nuffle@example.com", email_verified=True
    )


@pytest.fixture
def home_team(home_coach, lrb6) -> Team:
    return orc_team(home_coach, lrb6, "Gouged Eye")


@pytest.fixture
def away_team(away_coach, lrb6) -> Team:
    return orc_team(away_coach, lrb6, "Da Krumpers")


@pytest.fixture
def friendly(home_coach, away_coach, home_team, away_team) -> Match:
    return friendly_accept(friendly_offer(home_coach, home_team, away_team), away_coach)


def league_of(commissioner, lrb6, teams, **settings) -> League:
    league = league_create(commissioner, "Old World Classic", lrb6, "A perpetual league.")
    for name, value in settings.items():
        setattr(league, name, value)
    league.save()
    for team in teams:
        membership_decide(membership_request(league, team.coach, team), commissioner, approve=True)
    return league


def home_at_home(season: Season, home: Team) -> Match:
    """The match of a two-team round robin's one fixture, with `home` at home.

    The draw is seeded afresh each season, so either team may come out at home; the tests
    name their coaches by side, so a draw the other way round is turned about (fixture and
    match together, before anything else refers to them)."""
    fixture = season.fixtures.select_related("match").get()
    if fixture.home_id != home.pk:
        turned = {"home": fixture.away_id, "away": fixture.home_id}
        Fixture.objects.filter(pk=fixture.pk).update(**turned)
        Match.objects.filter(pk=fixture.match_id).update(**turned)
    return Match.objects.get(pk=fixture.match_id)


@pytest.fixture
def fixture_match(commissioner, lrb6, home_team, away_team) -> Match:
    """The one match of a two-team round robin, Gouged Eye at home."""
    league = league_of(commissioner, lrb6, [home_team, away_team])
    season = season_start(league, commissioner, "round_robin")
    return home_at_home(season, home_team)


@pytest.fixture
def waiting_match(commissioner, lrb6, home_team, away_team) -> Match:
    """A fixture's match in a league whose confirmed reports wait for a commissioner, Gouged
    Eye at home."""
    league = league_of(commissioner, lrb6, [home_team, away_team], reports_apply="commissioner")
    season = season_start(league, commissioner, "round_robin")
    return home_at_home(season, home_team)


@pytest.fixture
def nurgle_friendly(home_team, away_coach) -> Match:
    """LRB6: Gouged Eye (Orcs, with an apothecary) at home to Nurgle's Rotten Rovers."""
    return friendly_of(home_team, nurgle_team(away_coach))


@pytest.fixture
def gdbbl_friendly(home_coach, away_coach) -> Match:
    """GDBBL: the Altdorf Hammers (Humans, with an apothecary) at home to the Iron Tuskers."""
    return friendly_of(*gdbbl_teams(home_coach, away_coach))


@pytest.fixture
def blitz_friendly(home_coach, away_coach) -> Match:
    return friendly_of(*blitz_teams(home_coach, away_coach))


@pytest.fixture
def first_friendly(home_coach, away_coach) -> Match:
    return friendly_of(*first_teams(home_coach, away_coach))


@pytest.fixture
def applied_report(home_team, away_team) -> Match:
    """tests/matches/post_game/test_post_game.py's worked example, a friendly: Gouged Eye beat Da
    Krumpers 2-1, every die typed in at the table, the report applied (for reverting)."""
    from tests.matches.amend.test_revert import played

    return played(home_team, away_team)
