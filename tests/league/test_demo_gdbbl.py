"""The demo's GDBBL league as league/demo_gdbbl.py builds it: four GDBBL teams of the demo's
coaches, a season drawn from a fixed seed, round 1's Skittering Horde v Black Crag
Bonebreakers played through the services and applied with the numbers worked by hand in
that module's docstring, Middenheim Marauders v Grudgebearers left to play, the demo's GDBBL
friendly as it was, and every ledger replaying clean."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from league.demo import demo_data_create
from league.demo_gdbbl import (
    DEMO_GDBBL_LEAGUE,
    DEMO_GDBBL_PLAYED,
    DEMO_GDBBL_TEAMS,
    DEMO_GDBBL_WAITING,
)
from league.models import Fixture, League
from matches.models import KickOff, Match, PostGame
from teams.models import LedgerEntry, Team

pytestmark = pytest.mark.django_db


def fixture_of(pairing: tuple[str, str]) -> Fixture:
    return Fixture.objects.select_related("match").get(
        season__league__name=DEMO_GDBBL_LEAGUE,
        round__number=1,
        home__name=pairing[0],
        away__name=pairing[1],
    )


def played() -> Match:
    return fixture_of(DEMO_GDBBL_PLAYED).match


def spp_of(name: str) -> dict[int, int]:
    players = Team.objects.get(name=name).players.filter(spp__gt=0)
    return dict(players.values_list("number", "spp"))


def test_it_builds_a_gdbbl_league_of_four_teams_with_a_season_drawn() -> None:
    demo_data_create()
    league = League.objects.get(name=DEMO_GDBBL_LEAGUE)
    assert league.ruleset_version.ruleset.slug == "gdbbl"
    assert [user.username for user in league.commissioners.all()] == ["morg"]
    members = league.memberships.filter(status="approved").select_related("team__coach")
    coaches = {m.team.name: m.team.coach.username for m in members}
    assert coaches == {
        "Grudgebearers": "morg",
        "Middenheim Marauders": "varag",
        "Skittering Horde": "nuffle",
        "Black Crag Bonebreakers": "griff",
    }
    assert set(coaches) == set(DEMO_GDBBL_TEAMS)
    season = league.seasons.get()
    assert (season.format, season.rounds.count(), season.fixtures.count()) == (
        "double_round_robin",
        6,
        12,
    )
    round_one = season.fixtures.filter(round__number=1).values_list("home__name", "away__name")
    assert set(round_one) == {DEMO_GDBBL_PLAYED, DEMO_GDBBL_WAITING}


def test_the_played_match_went_through_kick_off_with_the_worked_dice() -> None:
    demo_data_create()
    match = played()
    rows = {row.side: row for row in KickOff.objects.filter(match=match)}
    # 850,000 and 1,000,000 at kick-off: 85 and 100, 15 apart: a bonus card for the Horde.
    assert (rows["home"].rating, rows["away"].rating) == (85, 100)
    assert (rows["home"].bonus_cards, rows["home"].bonus_mvps) == (1, 0)
    assert (rows["away"].bonus_cards, rows["away"].bonus_mvps) == (0, 0)
    # A Gutter Runner freebooter at half his 80,000; D6 4 -> 2 cards + 1, D6 6 -> 3.
    assert (rows["home"].from_treasury, rows["away"].from_treasury) == (40_000, 0)
    assert (rows["home"].cards, rows["away"].cards) == (3, 3)
    assert (rows["home"].niggled_out, rows["away"].niggled_out) == ([], [])
    assert (match.weather, match.gate) == ("Nice", 23_000)  # 2D6 7; 5D6 6+5+4+3+5 = 23
    assert set(match.dice.values_list("source", flat=True)) == {"entered"}


def test_the_played_match_is_applied_with_the_hand_worked_treasury_and_fan_factor() -> None:
    demo_data_create()
    match = played()
    assert match.status == "confirmed"
    assert (match.report.home_touchdowns, match.report.away_touchdowns) == (2, 1)
    assert PostGame.objects.filter(match=match).count() == 1
    horde, orcs = (Team.objects.get(name=name) for name in DEMO_GDBBL_PLAYED)
    # 150,000 left at creation - 40,000 for the freebooter + (D6 3 + 2) x 10,000.
    assert (horde.treasury, horde.fan_factor) == (160_000, 4)  # D6 4 +1 won +1 two TDs: up
    # Nothing left at creation + (D6 2 + 1) x 10,000; D6 3 -1 lost +1 two casualties: stays.
    assert (orcs.treasury, orcs.fan_factor) == (30_000, 2)


def test_the_played_match_gives_the_hand_worked_spp_injuries_and_ratings() -> None:
    demo_data_create()
    # Completion 1, casualty 2, touchdown 3, MVP 5 (spp_awards); the freebooter #12 none.
    assert spp_of("Skittering Horde") == {7: 2, 8: 6, 10: 5, 11: 2}
    assert spp_of("Black Crag Bonebreakers") == {2: 5, 6: 2, 7: 2, 10: 3}
    horde = Team.objects.get(name="Skittering Horde")
    lineman = horde.players.get(number=3)  # injury 11, serious injury 9: niggling
    assert (lineman.status, list(lineman.injuries)) == ("missing_next_game", ["N"])
    assert not horde.players.filter(number=12).exists()  # the freebooter left
    post = PostGame.objects.get(match=played())
    assert post.steps["level_ups"] == {"home": [8], "away": []}  # 0 -> 6: Experienced
    rating = next(s for s in post.steps["steps"] if s["key"] == "team_rating")["inputs"]
    assert rating["rating"] == {"home": 89, "away": 102}


def test_the_summary_page_shows_the_worked_numbers() -> None:
    demo_data_create()
    page = Client().get(f"/matches/{played().pk}/post-game/").content.decode()
    assert "Treasury +50,000 gp · fan factor +1" in page
    assert "Treasury +30,000 gp · fan factor +0" in page
    assert "<li>#8: +6 SPP — a star player roll is due</li>" in page
    assert "winnings for home D6 3 (entered); winnings for away D6 2 (entered)" in page


def test_the_other_match_of_round_one_waits_for_a_visitor() -> None:
    demo_data_create()
    match = fixture_of(DEMO_GDBBL_WAITING).match
    assert match.status == "scheduled"
    assert not match.dice.exists()
    assert not match.kick_offs.exists()


def test_the_demo_gdbbl_friendly_stays_part_way_through_its_pre_match() -> None:
    demo_data_create()
    friendly = Match.objects.get(kind="friendly", home__name="Middenheim Marauders")
    rows = {row.side: row for row in friendly.kick_offs.all()}
    assert friendly.status == "scheduled"
    assert friendly.gate is not None
    assert (rows["home"].cards, rows["away"].cards) == (None, None)


def test_every_ledger_replays_clean_after_the_demo() -> None:
    demo_data_create()
    out = StringIO()
    call_command("ledger_check", stdout=out)  # CommandError on any difference
    assert f"All {Team.objects.count()} team(s) match their ledgers." in out.getvalue()


def test_running_the_demo_again_plays_the_gdbbl_match_once() -> None:
    demo_data_create()
    treasuries = dict(Team.objects.values_list("name", "treasury"))
    demo_data_create()
    assert League.objects.filter(name=DEMO_GDBBL_LEAGUE).count() == 1
    assert PostGame.objects.filter(match=played()).count() == 1
    assert LedgerEntry.objects.filter(kind="report", cause__ref=played().pk).count() == 2
    assert dict(Team.objects.values_list("name", "treasury")) == treasuries
