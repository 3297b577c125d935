"""The bench's season to revert in: sixteen LRB6 Orc teams, ten rounds of a round robin
played through the report services (every report confirmed and applied, the server rolling
every die from the match's seed), so that reverting a round-1 report rebuilds its teams and
works out again every later report of every team they met, and of every team those met."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

from league.models import Fixture, League
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches import workflow
from matches.models import Match
from teams.services import team_create

TEAMS, ROUNDS = 16, 10
# The draw's seed: one whose round-1 result, reverted, changes later opponents too (25 later
# reports worked out again, the most of the draws tried; others work out only the 18 of the
# reverted match's own teams).
DRAW = "b"
PLAYED = datetime.date(2025, 3, 1)


def revert_season_build(
    staff, version, players, teams: int = TEAMS, rounds: int = ROUNDS, progress=print
) -> Match:
    """The season; returns the first report of round 1 (the one the bench reverts). Smaller
    sizes are for the test that proves the bench runs."""
    users = get_user_model().objects
    league = league_create(staff, "Bench Season to Revert", version)
    for n in range(1, teams + 1):
        coach = users.create_user(f"revert-coach-{n:02d}")
        team = team_create(coach, version, f"Revert Orcs {n:02d}", "orc", players(),
                           rerolls=2, fan_factor=3, staff={"apothecary": 1})  # fmt: skip
        membership_decide(membership_request(league, coach, team), staff, approve=True)
    season = season_start(league, staff, "round_robin", seed=DRAW)  # the same draw each run
    for number in range(1, rounds + 1):
        for fixture in _round(season.league, number):
            _played(fixture.match, number)
    progress(f"  {teams}-team season: {rounds} rounds played")
    first = _round(league, 1)[0].match
    return Match.objects.select_related("home", "away").get(pk=first.pk)


def _round(league: League, number: int) -> list[Fixture]:
    fixtures = Fixture.objects.filter(season__league=league, round__number=number,
                                      away__isnull=False)  # fmt: skip
    return list(fixtures.select_related("match__home__coach", "match__away__coach").order_by("pk"))


def _played(match: Match, number: int) -> None:
    """The home side wins 2-1 in odd rounds, 1-1 in even ones; #6 and #7 score. The server
    rolls every die from a seed named after the round and the teams, so every run of the
    bench reverts in the same season (a random seed could make it half as much work)."""
    match.seed = f"round {number}, {match.home_id} v {match.away_id}"
    Match.objects.filter(pk=match.pk).update(seed=match.seed)
    home_scored = [{"number": 6, "actions": {"touchdown": 2 if number % 2 else 1}}]
    body = {
        "server_rolls": True,
        "home": {"players": home_scored},
        "away": {"players": [{"number": 7, "actions": {"touchdown": 1}}]},
    }
    workflow.report_save(match, match.home.coach, PLAYED, 2 if number % 2 else 1, 1, body)
    workflow.report_submit(match, match.home.coach)
    workflow.report_confirm(match, match.away.coach)
