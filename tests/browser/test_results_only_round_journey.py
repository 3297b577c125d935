"""The two results-only rulesets on phones (390 x 844), issue 24's "Done when": a Blitz Bowl
league and a 1st edition league each play their round 1, and their fixtures show the
results; a five-player Blitz Bowl team is refused, the refusal naming the card.

Each league has four teams, built with the services and drawn into a round robin from a
fixed seed: varag coaches two of them and griff the other two (a coach may enter more than
one team), and the seed puts varag's at home to griff's in both matches. varag fills in the
report on the match page and submits it; griff confirms it on his own phone (the report
journeys' steps, reused); the post-game summary and the league page then show the result.
No page scrolls sideways and nothing is asked of a host but 127.0.0.1."""

from __future__ import annotations

import re
from dataclasses import dataclass
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections
from playwright.sync_api import Page, expect

from league.models import Fixture
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.models import PostGame
from rules.selectors import version_get
from teams.models import Team
from teams.services import team_create
from tests.browser.conftest import Phone, phone_open
from tests.browser.steps import (
    builder_open,
    coach_create,
    log_in,
    race_choose,
    ruleset_pick,
    rulesets_load,
    team_fill,
)
from tests.browser.test_report_journey import (
    PASSWORD,
    casualty,
    checked,
    confirmed_by_griff,
    fits,
    open_match,
    save_and_submit,
    tap,
)
from tests.matches.rulesets import BLITZ_HUMANS, FIRST_HUMANS, house_version
from tests.teams.helpers import squad

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The draw shuffles the teams by pk (the order they are made in below); this seed pairs the
# first with the second and the third with the fourth, the first of each pair at home.
SEED = "0000000000000000"
HOME_COACH, AWAY_COACH = "varag", "griff"  # the report journey's steps log these two in


@dataclass(frozen=True)
class Result:
    """A Blitz Bowl match as its home coach enters it, and what the pages show."""

    home: str
    away: str
    touchdowns: tuple[int, int]
    challenge: tuple[int, int]  # Challenge points, typed as one total (the default entry)
    sweeps: tuple[int, int]  # Clean Sweeps
    bonus: tuple[int, int]  # Bonus Play points
    score: tuple[int, int]
    win: str  # the form's "The win", by its label
    said: str  # the post-game summary's result sentence
    fixture: str  # the league page's result


# Document 004's points: 4 a touchdown, each Challenge card its printed points (entered as
# one total), 2 a Clean Sweep, and the Bonus Play points as entered; Sudden Death when a
# team is 10 or more points behind at the end of its own turn, otherwise the win on points.
# Reavers 2 x 4 + 5 + 1 x 2 + 0 = 15; Wolves 1 x 4 + 3 + 0 + 1 = 8: 7 behind, on points.
ON_POINTS = Result(
    home="Reikland Reavers", away="Middenheim Wolves", touchdowns=(2, 1), challenge=(5, 3),
    sweeps=(1, 0), bonus=(0, 1), score=(15, 8), win="on points",
    said="Reikland Reavers 15–8 Middenheim Wolves (touchdowns 2–1): "
         "Reikland Reavers win on points.",
    fixture="15–8 (2–1 TD)",
)  # fmt: skip
# Rangers 1 x 4 + 2 + 0 + 1 = 7; Tigers 3 x 4 + 4 + 1 x 2 + 0 = 18: the Rangers 11 behind.
SUDDEN_DEATH = Result(
    home="Altdorf Rangers", away="Talabheim Tigers", touchdowns=(1, 3), challenge=(2, 4),
    sweeps=(0, 1), bonus=(1, 0), score=(7, 18), win="by Sudden Death",
    said="Altdorf Rangers 7–18 Talabheim Tigers (touchdowns 1–3): "
         "Talabheim Tigers win by Sudden Death.",
    fixture="7–18 (1–3 TD)",
)  # fmt: skip
BLITZ_RESULTS = (ON_POINTS, SUDDEN_DEATH)

# 1st edition, played to 2 touchdowns (touchdowns_to_win's default): the winner scores
# exactly 2. The first match agrees the Teams and Tackle Zones (which brings the Veterans
# Injury Table, and with it death); the second agrees none, the standard game.
CRUSADERS, REAVERS = "Bright Crusaders", "Reikland Reavers"
MARAUDERS, NOBLES = "Middenheim Marauders", "Nuln Nobles"
DEAD = 4  # the Reavers' #4 Lineman 4 (FIRST_HUMANS numbers its 6 Linemen 1-6)


def league_of(name: str, version, teams: list[Team], commissioner) -> dict[str, int]:
    """The league, its teams approved and a round robin drawn from SEED; its pk and each
    round-1 match's id by its home team."""
    league = league_create(commissioner, name, version)
    for team in teams:
        membership_decide(membership_request(league, team.coach, team), commissioner, True)
    season = season_start(league, commissioner, "round_robin", seed=SEED)
    fixtures = Fixture.objects.filter(season=season, round__number=1, away__isnull=False)
    pairs = {
        (f.home.name, f.away.name): f.match_id for f in fixtures.select_related("home", "away")
    }
    assert set(pairs) == {(teams[0].name, teams[1].name), (teams[2].name, teams[3].name)}
    return {"league": league.pk, **{home: pk for (home, _away), pk in pairs.items()}}


@pytest.fixture
def blitz_league() -> dict[str, int]:
    """Four Human teams, each the Human card. Written before the browser starts (see the
    phone fixture)."""
    rulesets_load("blitz-bowl")
    varag, griff = coach_create(HOME_COACH, PASSWORD), coach_create(AWAY_COACH, PASSWORD)
    version = version_get("blitz-bowl")
    names = (ON_POINTS.home, ON_POINTS.away, SUDDEN_DEATH.home, SUDDEN_DEATH.away)
    teams = [
        team_create(coach, version, name, "human", squad(*BLITZ_HUMANS))
        for coach, name in zip((varag, griff, varag, griff), names, strict=True)
    ]
    return league_of("Reikland Blitz League", version, teams, varag)


@pytest.fixture
def first_league() -> dict[str, int]:
    """Four Human teams of eleven, on a house copy whose coaches agree the Veterans Rules
    match by match and which strikes off the dead."""
    rulesets_load("first-edition")
    varag, griff = coach_create(HOME_COACH, PASSWORD), coach_create(AWAY_COACH, PASSWORD)
    version = house_version("first-edition", varag, veterans_rules="agreed_per_match",
                            dead_players_removed=True)  # fmt: skip
    names = (CRUSADERS, REAVERS, MARAUDERS, NOBLES)
    teams = [
        team_create(coach, version, name, "human", squad(*FIRST_HUMANS))
        for coach, name in zip((varag, griff, varag, griff), names, strict=True)
    ]
    return league_of("Old World Classic", version, teams, varag)


@pytest.fixture
def rookie() -> str:
    rulesets_load("lrb6", "blitz-bowl")
    return coach_create("rookie", PASSWORD).username


# --- What the coaches read ---------------------------------------------------------------------


def summary_read(phone: Phone, url: str, said: str) -> Page:
    """From the match page to the post-game summary: its one step is the result."""
    page = phone.page
    page.goto(url)
    applied = page.get_by_test_id("applied")
    expect(applied).to_contain_text("Applied to both teams")
    applied.get_by_role("link", name="read the post-game summary").click()
    expect(page.get_by_role("heading", name="Post-game", exact=True)).to_be_visible()
    step = page.get_by_test_id("step-result")
    expect(step.get_by_role("heading")).to_have_text("1. The result")
    expect(step.locator("p")).to_have_text(said)
    expect(page.locator(".post-game-step")).to_have_count(1)
    # Nothing of a league ruleset's bookkeeping: neither ruleset has money or experience.
    main = page.locator("main")
    expect(main).not_to_contain_text("Treasury")
    expect(main).not_to_contain_text("SPP")
    fits(phone)
    return page


def fixtures_read(phone: Phone, base: str, league: int, shown: dict[tuple[str, str], str]):
    """The league page's round 1: each fixture's result, linked to its post-game summary."""
    page = phone.page  # anyone may read the league's page; it opens at the rounds to come
    page.goto(f"{base}/leagues/{league}/")
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="1").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    for (home, away), result in shown.items():
        fixture = page.locator("li.fixture").filter(has_text=home).filter(has_text=away)
        expect(fixture.locator("a.result")).to_have_text(result)
        expect(fixture.get_by_role("link", name="post-game")).to_be_visible()
    fits(phone)


def ledgers_clean() -> None:
    out = StringIO()
    call_command("ledger_check", stdout=out)  # CommandError on any difference
    assert f"All {Team.objects.count()} team(s) match their ledgers." in out.getvalue()


# --- Blitz Bowl -------------------------------------------------------------------------------


def blitz_report_enter(phone: Phone, result: Result) -> None:
    """varag types what each team scored and the score it makes, and how the match was won."""
    page = phone.page
    for side, team in enumerate((result.home, result.away)):
        tap(page, f"{team} touchdowns", result.touchdowns[side])
        page.get_by_label(f"{team} Challenge points").fill(str(result.challenge[side]))
        if result.sweeps[side]:
            tap(page, f"{team} Clean Sweeps", result.sweeps[side])
        if result.bonus[side]:
            tap(page, f"{team} Bonus Play points", result.bonus[side])
        page.get_by_label(f"{team} score").fill(str(result.score[side]))
    page.get_by_label("The win").select_option(label=result.win)


def test_a_blitz_bowl_league_plays_round_one_on_phones(
    live_server, blitz_league: dict[str, int], phone: Phone
) -> None:
    base, browser = live_server.url, phone.page.context.browser
    for result in BLITZ_RESULTS:
        with phone_open(browser) as home:
            url = open_match(home, base, blitz_league[result.home])
            blitz_report_enter(home, result)
            if result is ON_POINTS:  # 7 behind is no Sudden Death: the check says so at once
                home.page.get_by_label("The win").select_option(label="by Sudden Death")
                behind = f"Sudden Death needs {result.away} 10 or more points behind, not 7."
                checked(home.page, "Fix before saving:", behind)
                home.page.get_by_label("The win").select_option(label=result.win)
            checked(home.page, "Nothing to fix: ready to save and submit.")
            save_and_submit(home)
            shown = confirmed_by_griff(home, url)
            home_points, away_points = result.score
            assert f"{home_points} points: {result.touchdowns[0]} touchdown" in shown
            assert f"{away_points} points: {result.touchdowns[1]} touchdown" in shown
            assert result.win in shown
            page = summary_read(home, url, result.said)
            for side in ("home", "away"):  # nothing carries over from a Blitz Bowl game
                expect(page.get_by_test_id(f"totals-{side}")).to_contain_text(
                    "Nothing carries over to the next match."
                )

    fixtures_read(
        phone, base, blitz_league["league"], {(r.home, r.away): r.fixture for r in BLITZ_RESULTS}
    )
    try:
        pks = [blitz_league[result.home] for result in BLITZ_RESULTS]
        assert PostGame.objects.filter(match__in=pks).count() == 2
        ledgers_clean()
    finally:
        connections.close_all()  # see test_match_journey: PostgreSQL drops the database


# --- 1st edition ------------------------------------------------------------------------------


def test_a_first_edition_league_plays_round_one_on_phones_and_strikes_off_its_dead(
    live_server, first_league: dict[str, int], phone: Phone
) -> None:
    base, browser = live_server.url, phone.page.context.browser

    # The Crusaders win 2-1 under two agreed Veterans Rules; Tackle Zones brings the
    # Veterans Injury Table, on which the Crusaders' #9 Blocker kills the Reavers' #4.
    with phone_open(browser) as home:
        url = open_match(home, base, first_league[CRUSADERS])
        page = home.page
        tap(page, f"{CRUSADERS} touchdowns", 2)
        tap(page, f"{REAVERS} touchdowns")
        page.get_by_label("1. The Teams").check()
        page.get_by_label("5. Tackle Zones").check()
        death = casualty(page, "Another death")
        death.get_by_label("Who died").select_option(f"away-{DEAD}")
        death.get_by_label("Caused by").select_option("home-9")
        checked(page, "Nothing to fix: ready to save and submit.")
        save_and_submit(home)
        shown = confirmed_by_griff(home, url)
        assert "Veterans Rules agreed: 1. The Teams, 5. Tackle Zones" in shown
        assert f"#{DEAD} Lineman {DEAD} ({REAVERS}): Dead" in shown
        summary_read(
            home, url,
            f"{CRUSADERS} 2–1 {REAVERS}: {CRUSADERS} win. Veterans Rules agreed: 1. The Teams, "
            f"5. Tackle Zones. {REAVERS}'s #{DEAD} Lineman {DEAD} is dead: struck off the "
            "roster.",
        )  # fmt: skip

    # The Nobles win 2-1 away in the standard game: nobody can die without the injury table.
    with phone_open(browser) as home:
        url = open_match(home, base, first_league[MARAUDERS])
        page = home.page
        tap(page, f"{MARAUDERS} touchdowns")
        tap(page, f"{NOBLES} touchdowns", 2)
        expect(page.get_by_label("5. Tackle Zones")).not_to_be_checked()
        checked(page, "Nothing to fix: ready to save and submit.")
        save_and_submit(home)
        shown = confirmed_by_griff(home, url)
        assert "Veterans Rules agreed" not in shown
        summary_read(
            home,
            url,
            f"{MARAUDERS} 1–2 {NOBLES}: {NOBLES} win. No Veterans Rules agreed: the standard game.",
        )

    # The Reavers' roster still shows #4, as dead, among the ten who play on.
    page = phone.page
    reavers = Team.objects.get(name=REAVERS).pk
    connections.close_all()
    page.goto(f"{base}/teams/{reavers}/")
    expect(page.get_by_role("heading", name=REAVERS)).to_be_visible()
    name = page.locator("td.p-name", has_text=re.compile(rf"^Lineman {DEAD}\b"))
    dead = page.locator("table.roster tbody tr").filter(has=name)
    expect(dead).to_have_class("status-dead")
    expect(dead.locator(".badge")).to_have_text("dead")
    expect(page.locator("table.roster tbody tr.status-active")).to_have_count(10)
    expect(page.locator("main")).not_to_contain_text("Treasury")
    fits(phone)

    fixtures_read(
        phone,
        base,
        first_league["league"],
        {(CRUSADERS, REAVERS): "2–1", (MARAUDERS, NOBLES): "1–2"},
    )
    try:
        assert Team.objects.get(pk=reavers).players.get(number=DEAD).status == "dead"
        pks = [first_league[CRUSADERS], first_league[MARAUDERS]]
        assert PostGame.objects.filter(match__in=pks).count() == 2
        ledgers_clean()
    finally:
        connections.close_all()


# --- The team card ----------------------------------------------------------------------------


def test_a_five_player_blitz_bowl_team_is_refused_naming_the_card(
    live_server, rookie: str, phone: Phone
) -> None:
    page = phone.page
    log_in(page, live_server.url, rookie, PASSWORD)
    builder_open(page, live_server.url)
    ruleset_pick(page, "blitz-bowl", "human")
    race_choose(page, "Human")
    card = ("A Blitz Bowl team is the six players of its team card: the Human card is "
            "3 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer")  # fmt: skip
    expect(page.locator("#squad-rule")).to_have_text(f"{card}.")
    fits(phone)

    # One Lineman short of the card (document 004: three Linemen and three unique players).
    team_fill(page, "Grey Wolves", {"Lineman": 2, "Thrower": 1, "Catcher": 1, "Blitzer": 1})
    page.get_by_role("button", name="Create the team").click()
    refusal = page.get_by_role("alert")
    expect(refusal).to_contain_text("This team is not legal yet:")
    expect(refusal.locator("li")).to_have_text(
        [f"{card}, not 2 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer"]
    )
    expect(page.get_by_label("How many Lineman", exact=True)).to_have_value("2")  # as typed
    fits(phone)
    try:
        assert not Team.objects.filter(name="Grey Wolves").exists()
    finally:
        connections.close_all()

    # The whole card goes through.
    page.get_by_label("How many Lineman", exact=True).fill("3")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_text("Grey Wolves is ready")).to_be_visible()
    fits(phone)
