"""A season's table kept right as results arrive (league/standings.py): a season starts with a
row of zeros per team, and a result counts for both teams in the transaction that makes it
stand (a report confirmed, approved or settled, a forfeit, a retiring team's forfeits); what
does not stand, a bye and a friendly count nothing, and a report that fails changes no row.

The league is tests/league/conftest.py's: LRB6, 3 points a win, 1 a draw, 0 a loss, no bonus
points, forfeits 2-0. Both teams are Orcs: #1-5 Linemen, #6-9 Blitzers, #10-11 Black Orc
Blockers. Every casualty's D68 is entered as 11 (Badly Hurt), so nobody misses a later match.
A team's casualties are those its players caused to the other side: crowd pushes by its
players count, a victim's own failed dodge or go-for-it does not, nor a bomb among the
thrower's own team-mates."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Q

from league.models import Fixture, League, Season, Standing
from league.retirement import team_retire
from league.seasons import fixture_arrange, fixture_forfeit, season_start
from league.services import league_update, membership_decide, membership_request
from league.standings import ROW_FIELDS
from league.tables import standings_problems
from matches import workflow
from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from rules.engine.standings import FIGURES
from teams.models import Team
from tests.league.conftest import member_teams
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

PLAYED = datetime.date(2025, 3, 1)
BADLY_HURT = [1, 1]  # D68 11: Badly Hurt, no lasting effect
NOTHING = {**dict.fromkeys(FIGURES, 0), "form": ""}


def line(**figures) -> dict:
    """A row's figures: those given, every other 0 (and no form)."""
    return {**NOTHING, **figures}


def row(season: Season, team: Team) -> dict:
    return Standing.objects.filter(season=season, team=team).values(*ROW_FIELDS).get()


def rows(season: Season) -> dict[int, dict]:
    return {
        values.pop("team_id"): values
        for values in Standing.objects.filter(season=season).values("team_id", *ROW_FIELDS)
    }


def hurt(victim: tuple[str, int], causer: tuple[str, int] | None = None, action="block",
         means="ordinary") -> dict:  # fmt: skip
    """A casualty of the report: the victim and who caused it as (side, number)."""
    casualty = {
        "victim": {"side": victim[0], "number": victim[1]},
        "action": action,
        "means": means,
        "dice": {"casualty": BADLY_HURT},
    }
    if causer is not None:
        casualty["causer"] = {"side": causer[0], "number": causer[1]}
    return casualty


# The casualties of the worked example: two caused by Gouged Eye at home, one by Da Krumpers,
# and two that nobody of the other side caused.
CASUALTIES = [
    hurt(("away", 3), ("home", 6)),  # a block: Gouged Eye's
    hurt(("away", 4), ("home", 7), means="crowd"),  # a crowd push: Gouged Eye's too
    hurt(("home", 1), ("away", 9), action="blitz"),  # Da Krumpers'
    hurt(("away", 2), action="other", means="failed_dodge"),  # his own doing: nobody's
    hurt(("away", 5), ("away", 8), action="pass", means="bomb"),  # a team-mate: nobody's
]


def reported(match: Match, home: int, away: int, casualties=(), **content) -> Match:
    """The home coach's report, submitted; the server draws the MVPs and the post-game dice."""
    body = {"server_rolls": True, "casualties": list(casualties), **content}
    workflow.report_save(match, match.home.coach, PLAYED, home, away, body)
    return workflow.report_submit(match, match.home.coach)


def confirmed(match: Match, home: int, away: int, casualties=()) -> Match:
    reported(match, home, away, casualties)
    return workflow.report_confirm(match, match.away.coach)


def match_of(season: Season, home: Team, away: Team, round_number: int | None = None) -> Match:
    """The match of the season's fixture between the two (in round `round_number`), `home` at
    home. The draw is seeded afresh each season, so a fixture drawn the other way round is
    turned about, fixture and match together, before anything refers to their sides."""
    fixtures = season.fixtures.filter(Q(home=home, away=away) | Q(home=away, away=home))
    if round_number is not None:
        fixtures = fixtures.filter(round__number=round_number)
    fixture = fixtures.order_by("round__number", "pk").first()
    if fixture.home_id != home.pk:
        Fixture.objects.filter(pk=fixture.pk).update(home=home, away=away)
        Match.objects.filter(pk=fixture.match_id).update(home=home, away=away)
    return Match.objects.select_related("home__coach", "away__coach").get(pk=fixture.match_id)


def join(league: League, *teams: Team) -> None:
    commissioner = league.commissioners.first()
    for team in teams:
        membership_decide(membership_request(league, team.coach, team), commissioner, approve=True)


def started(league: League, format: str = "round_robin", **settings) -> Season:
    """The league's next season, started after its settings changed to `settings`."""
    commissioner = league.commissioners.first()
    if settings:
        league_update(league, commissioner, settings)
    return season_start(league, commissioner, format)


@pytest.fixture
def pair(league, team, rival_team) -> tuple[Team, Team]:
    """Gouged Eye and Da Krumpers, members of the league."""
    join(league, team, rival_team)
    return team, rival_team


# --- A season starts ------------------------------------------------------------------------


def test_a_season_started_gives_every_team_a_row_of_zeros(league, users) -> None:
    teams = member_teams(league, 3, users)
    season = started(league)
    assert rows(season) == {team.pk: line() for team in teams}


def test_an_open_play_season_starts_with_a_row_of_zeros_too(league, pair) -> None:
    season = started(league, "open")
    assert rows(season) == {team.pk: line() for team in pair}


# --- A report confirmed ---------------------------------------------------------------------


def test_a_confirmed_report_counts_for_both_teams_at_once(league, pair) -> None:
    home, away = pair
    season = started(league)
    confirmed(match_of(season, home, away), 2, 1, CASUALTIES)
    # Gouged Eye: won 2-1 (3 points); casualties caused 2 (a block, a crowd push), suffered 1
    # (the blitz). Da Krumpers' failed dodge and the bomb on their own #5 are nobody's.
    assert row(season, home) == line(
        played=1, won=1, touchdowns_for=2, touchdowns_against=1,
        casualties_for=2, casualties_against=1, points=3, form="W",
    )  # fmt: skip
    assert row(season, away) == line(
        played=1, lost=1, touchdowns_for=1, touchdowns_against=2,
        casualties_for=1, casualties_against=2, points=0, form="L",
    )  # fmt: skip


def test_a_double_round_robin_adds_each_result_and_keeps_the_form_in_order(league, pair) -> None:
    home, away = pair
    season = started(league, "double_round_robin")
    confirmed(match_of(season, home, away, 1), 2, 1)
    confirmed(match_of(season, away, home, 2), 1, 1)
    # Gouged Eye: a win 2-1 then a draw 1-1: 3 + 1 = 4 points, touchdowns 2 + 1 = 3 for and
    # 1 + 1 = 2 against, form oldest first.
    assert row(season, home) == line(
        played=2, won=1, drawn=1, touchdowns_for=3, touchdowns_against=2, points=4, form="WD"
    )
    assert row(season, away) == line(
        played=2, drawn=1, lost=1, touchdowns_for=2, touchdowns_against=3, points=1, form="LD"
    )


def test_a_report_submitted_or_disputed_counts_nothing_until_it_is_settled(
    league, pair, commissioner
) -> None:
    home, away = pair
    season = started(league)
    match = reported(match_of(season, home, away), 2, 1)
    assert rows(season) == {home.pk: line(), away.pk: line()}
    workflow.report_dispute(match, away.coach, "It was 2-2.")
    assert rows(season) == {home.pk: line(), away.pk: line()}
    workflow.dispute_settle(match, commissioner, "The report stands.")
    # Settled as submitted: Gouged Eye won 2-1.
    assert row(season, home) == line(
        played=1, won=1, touchdowns_for=2, touchdowns_against=1, points=3, form="W"
    )
    assert row(season, away) == line(
        played=1, lost=1, touchdowns_for=1, touchdowns_against=2, points=0, form="L"
    )


def test_where_a_commissioner_approves_reports_nothing_counts_until_he_does(
    league, pair, commissioner
) -> None:
    home, away = pair
    season = started(league, reports_apply="commissioner")
    match = confirmed(match_of(season, home, away), 0, 3)
    assert match.status == "confirmed"
    assert rows(season) == {home.pk: line(), away.pk: line()}
    workflow.report_approve(match, commissioner)
    # Da Krumpers won 3-0 away.
    assert row(season, away) == line(
        played=1, won=1, touchdowns_for=3, touchdowns_against=0, points=3, form="W"
    )
    assert row(season, home) == line(played=1, lost=1, touchdowns_against=3, form="L")


def test_a_report_that_fails_while_it_is_applied_changes_no_row(league, pair, monkeypatch) -> None:
    """The table is written in the transaction that applies the report: when applying it fails
    after the table was counted, the table goes back with the rest."""
    home, away = pair
    season = started(league)
    match = reported(match_of(season, home, away), 2, 1)

    def broken(match, actor):
        assert row(season, home)["played"] == 1  # counted already, inside the transaction
        raise RuntimeError("the post-game sequence broke")

    monkeypatch.setattr(workflow, "post_game_apply", broken)
    with unchanged(), pytest.raises(RuntimeError):
        workflow.report_confirm(match, away.coach)
    assert rows(season) == {home.pk: line(), away.pk: line()}
    assert Match.objects.get(pk=match.pk).status == "submitted"


def test_a_refused_confirmation_changes_no_row(league, pair) -> None:
    """The submitter cannot confirm his own report."""
    home, away = pair
    season = started(league)
    match = reported(match_of(season, home, away), 2, 1)
    with unchanged(), pytest.raises(PermissionDenied):
        workflow.report_confirm(match, home.coach)
    assert rows(season) == {home.pk: line(), away.pk: line()}


# --- Forfeits, byes and friendlies ----------------------------------------------------------


def test_a_forfeit_counts_with_the_leagues_forfeit_score_and_no_bonus_points(
    league, pair, commissioner
) -> None:
    home, away = pair
    season = started(
        league, forfeit_winner_touchdowns=3, forfeit_loser_touchdowns=0,
        bonus_three_touchdowns=2, bonus_clean_sheet=1,
    )  # fmt: skip
    match = match_of(season, home, away)
    # A draft with a casualty: the forfeit replaces it, casualty and all.
    body = {"server_rolls": True, "casualties": [hurt(("away", 3), ("home", 6))]}
    workflow.report_save(match, home.coach, PLAYED, 2, 0, body)
    fixture_forfeit(match.fixture, commissioner, away)
    # Gouged Eye win 3-0 by forfeit: 3 points, and neither the three-touchdown bonus (2) nor
    # the clean sheet (1) of a game nobody played.
    assert row(season, home) == line(
        played=1, won=1, touchdowns_for=3, touchdowns_against=0, points=3, form="W"
    )
    assert row(season, away) == line(
        played=1, lost=1, touchdowns_for=0, touchdowns_against=3, points=0, form="L"
    )
    assert standings_problems() == []


def test_every_forfeit_of_a_retiring_team_counts(league, users) -> None:
    teams = member_teams(league, 4, users)
    season = started(league, "double_round_robin", points_loss=-1)
    leaving, *staying = teams
    team_retire(leaving, leaving.coach)
    # Six fixtures to play, each lost 0-2: 6 x -1 = -6 points, 6 x 2 = 12 touchdowns against,
    # the form the last five.
    assert row(season, leaving) == line(
        played=6, lost=6, touchdowns_against=12, points=-6, form="LLLLL"
    )
    # Each other team won its two fixtures against it 2-0: 2 x 3 = 6 points, 2 x 2 = 4 for.
    won_both = line(played=2, won=2, touchdowns_for=4, points=6, form="WW")
    assert {team.name: row(season, team) for team in staying} == {
        team.name: won_both for team in staying
    }
    assert standings_problems() == []


def test_a_bye_counts_nothing(league, users) -> None:
    teams = member_teams(league, 3, users)
    season = started(league)
    first = season.fixtures.filter(round__number=1)
    bye = first.get(away__isnull=True).home
    fixture = first.get(away__isnull=False)
    confirmed(match_of(season, fixture.home, fixture.away), 1, 0)
    assert row(season, bye) == line()
    assert row(season, fixture.home)["played"] == row(season, fixture.away)["played"] == 1
    assert {bye.pk, fixture.home_id, fixture.away_id} == {team.pk for team in teams}


def test_a_friendly_changes_no_row(league, pair) -> None:
    home, away = pair
    season = started(league)
    friendly = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    friendly = Match.objects.select_related("home__coach", "away__coach").get(pk=friendly.pk)
    assert confirmed(friendly, 3, 0).status == "confirmed"
    assert rows(season) == {home.pk: line(), away.pk: line()}


def test_open_play_form_puts_a_forfeit_where_it_happened(league, pair, commissioner) -> None:
    home, away = pair
    season = started(league, "open")
    early = fixture_arrange(season, commissioner, home, away)
    fixture_forfeit(early, commissioner, home)  # recorded on 4 January 2025, below
    january = datetime.datetime(2025, 1, 4, tzinfo=datetime.UTC)
    Match.objects.filter(pk=early.match_id).update(changed_at=january)  # when it was recorded
    played = fixture_arrange(season, commissioner, home, away)
    confirmed(Match.objects.get(pk=played.match_id), 2, 1)  # played on 1 March 2025
    late = fixture_arrange(season, commissioner, home, away)
    fixture_forfeit(late, commissioner, home)  # today
    # Lost in January, won in March, lost today, oldest first.
    assert row(season, home)["form"] == "LWL"
