"""A GDBBL league plays its round 1 on phones (390 x 844), the issue's "Done when": four
coaches, each with a team built with the services, in a league drawn from a fixed seed. In
each match both coaches take 001's pre-match on the match page (freebooters, weather, gate,
cards, niggles), the home coach fills in the report form (score, lines, casualties with
their injury dice, the MVPs it asks for), each coach types his winnings and fan factor D6
into the dice form while the report is a draft, the home coach submits and the away coach
confirms; both read the post-game summary's hand-worked numbers. The league page shows the
results, no die was rolled by the server, every ledger replays clean, no page scrolls
sideways and nothing is asked of a host but 127.0.0.1.

Match 1 is golden scenario tests/scenarios/gdbbl/01-gate-15000-ratings-99-and-100.yaml
with a Lineman freebooter and one Badly Hurt added (2 SPP to its causer, nothing else).
Match 2 is tests/matches/post_game/test_post_game_gdbbl.py's worked match (the handicap's card and
MVP, a Catcher freebooter, a Serious Injury with a niggle), with Hammers #3 niggled: his
pre-match D6 of 1 keeps him out."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections
from playwright.sync_api import Locator, Page, expect

from league.models import Fixture
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.models import DiceRoll, PostGame
from rules.selectors import version_get
from teams.models import Team
from teams.services import NewPlayer, team_create
from tests.browser.conftest import Phone, phone_open
from tests.browser.steps import coach_create, log_in, rulesets_load
from tests.browser.test_gdbbl_kick_off_journey import dice_type, fits, said
from tests.matches.gdbbl_rated import rated_teams
from tests.rules.scenarios import FOLDER, scenario
from tests.teams.helpers import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "grey-mountains-round-1"
PLAYED_ON = datetime.date.today() - datetime.timedelta(days=1)  # never in the future
TOUCH = 44  # px: the smallest a thumb hits reliably
SCENARIO = scenario(FOLDER / "gdbbl" / "01-gate-15000-ratings-99-and-100.yaml")
# The four teams in the order they are made (the draw shuffles them by pk); this seed pairs
# them as below in round 1 of a round robin.
SEED = "0000000000000000"
NIGGLED = 3  # a Hammers Lineman with a Niggling Injury


@dataclass(frozen=True)
class Played:
    """What the two coaches do and enter, and what the pages show them."""

    home: str
    away: str
    home_coach: str
    away_coach: str
    freebooters: dict[str, tuple[str, str]]  # side -> (position, bill) hired on the page
    gate: tuple[str, str, str]  # notation, dice as typed, the gate line shown
    ratings: dict[str, str]
    handicap: dict[str, str]
    cards: dict[str, tuple[str, str]]  # side -> (D6 typed, the cards line shown)
    niggles: dict[str, tuple[str, str]]  # side -> (a niggle die's purpose or "", its D6)
    niggles_said: dict[str, str]
    score: tuple[int, int]
    lines: tuple[tuple[str, str, int], ...]  # side, the number's label, taps
    mvps: dict[str, tuple[str, ...]]
    casualties: tuple[tuple, ...]  # victim ("away-2"), causer, injury 2D6, serious 2D6 or ()
    table: dict[str, dict[str, str]]  # side -> purpose -> D6 typed
    totals: dict[str, str]
    spp: dict[str, list[str]]
    said: dict[str, str] = field(default_factory=dict)  # a step's testid -> words


# Match 1: scenario 01, every number from its `expect` (rules/editions/gdbbl/tables.yaml),
# with the Archers' Lineman freebooter (half of races.yaml's 50,000: 25,000, paid from the
# treasury; freebooters_in_team_rating is off, so the ratings stay 99 and 100) and Archers
# #11 Konrad Adler's block on Gutbusters #1 Ruglud: injury 4 + 6 = 10, Badly Hurt.
ARCHERS = Played(
    home="Altdorf Archers", away="Grimgor's Gutbusters", home_coach="varag", away_coach="griff",
    freebooters={"home": ("Lineman", "25,000")},
    # FF 4 + 5 = 9D6 (001 The Gate): 15 x 1,000 = 15,000, the top of the winnings row 0-15,000.
    gate=("9D6", "1 1 1 1 2 2 2 2 3", "Gate: 15,000 fans · 9D6 1 1 1 1 2 2 2 2 3 = 15 (entered)"),
    # Scenario 01: 930,000 / 10,000 + 32 SPP / 5 = 93 + 6 = 99; 910,000 -> 91 + 45 / 5 = 100.
    ratings={"home": "Team rating at kick-off: 99 (team value 930,000 gp)",
             "away": "Team rating at kick-off: 100 (team value 910,000 gp)"},
    handicap={"home": "Handicap: none (1 below)", "away": "Handicap: none"},  # row 0-10
    # special_play_cards: D6 3 -> 2 cards, D6 1 -> 1.
    cards={"home": ("3", "Special Play cards: 2 · D6 3 (entered)"),
           "away": ("1", "Special Play cards: 1 · D6 1 (entered)")},
    niggles={}, niggles_said={"home": "Niggling injuries: every player plays.",
                              "away": "Niggling injuries: every player plays."},
    score=(1, 2),  # scenario 01's lines and MVPs
    lines=(("home", "Completions by #7 Gunther Vogt, Altdorf Archers", 1),
           ("home", "Touchdowns by #10 Johann Kessler, Altdorf Archers", 1),
           ("away", "Completions by #6 Ugrok, Grimgor's Gutbusters", 2),
           ("away", "Touchdowns by #9 Gorfang, Grimgor's Gutbusters", 1),
           ("away", "Touchdowns by #10 Badruk, Grimgor's Gutbusters", 1)),
    mvps={"home": ("3",), "away": ("11",)},
    casualties=(("away-1", "home-11", (4, 6), ()),),
    table={"home": {"winnings for home": "3", "fan factor for home": "4"},
           "away": {"winnings for away": "5", "fan factor for away": "3"}},
    # Scenario 01: winnings (3 + 1) x 10,000 and (5 + 0) x 10,000; fan factor 4 - 1 = 3 and
    # 3 + 1 + 1 = 5, both 2-5: unchanged (one casualty inflicted: no bonus).
    totals={"home": "Treasury +40,000 gp · fan factor +0",
            "away": "Treasury +50,000 gp · fan factor +0"},
    # Scenario 01's SPP, and #11's casualty 2 (7 -> 9, still Experienced: no roll). #7 5 -> 6
    # and Gutbusters #9 25 -> 28 cross a level (experience_levels 6 and 26).
    spp={"home": ["#3: +5 SPP", "#7: +1 SPP — a star player roll is due", "#10: +3 SPP",
                  "#11: +2 SPP"],
         "away": ["#6: +2 SPP", "#9: +3 SPP — a star player roll is due", "#10: +3 SPP",
                  "#11: +5 SPP"]},
    said={"step-winnings": "winnings for home D6 3 (entered); winnings for away D6 5 (entered)"},
)  # fmt: skip

# Match 2: tests/matches/post_game/test_post_game_gdbbl.py's docstring works every number.
HAMMERS = Played(
    home="Altdorf Hammers", away="Iron Tuskers", home_coach="morg", away_coach="nuffle",
    freebooters={"home": ("Catcher", "35,000")},  # half of races.yaml's 70,000
    # FF 3 + 2 = 5D6: 19 x 1,000; row 15,001-30,000, both ratings in column 100-125: +1.
    gate=("5D6", "3 4 5 6 1", "Gate: 19,000 fans · 5D6 3 4 5 6 1 = 19 (entered)"),
    ratings={"home": "Team rating at kick-off: 100 (team value 1,000,000 gp)",
             "away": "Team rating at kick-off: 125 (team value 1,250,000 gp)"},
    # 25 apart: handicap row 21-30, a card and an MVP for the Hammers.
    handicap={"home": "Handicap: 25 below: +1 Special Play card, +1 MVP",
              "away": "Handicap: none"},
    # D6 4 -> 2 cards + the handicap's 1; D6 2 -> 2.
    cards={"home": ("4", "Special Play cards: 3 · D6 4 (entered), 1 of them the handicap's"),
           "away": ("2", "Special Play cards: 2 · D6 2 (entered)")},
    niggles={"home": (f"niggle for home #{NIGGLED}", "1")},  # a 1 keeps him out
    niggles_said={"home": f"Niggling injuries: #{NIGGLED} misses this match.",
                  "away": "Niggling injuries: every player plays."},
    score=(2, 1),
    lines=(("home", "Touchdowns by #13 Blitzer 13, Altdorf Hammers", 2),
           ("home", "Completions by #11 Thrower 11, Altdorf Hammers", 1),
           ("away", "Touchdowns by #9 Black Orc Blocker 9, Iron Tuskers", 1)),
    mvps={"home": ("13", "5"), "away": ("9",)},  # the Hammers' second is the handicap's
    # #14 on Orc #2: 5 + 6 = 11, Serious Injury; serious injury 4 + 4 = 8, niggling (8-9).
    # Orc #8 on Human #1: 4 + 6 = 10, Badly Hurt.
    casualties=(("away-2", "home-14", (5, 6), (4, 4)), ("home-1", "away-8", (4, 6), ())),
    table={"home": {"winnings for home": "4", "fan factor for home": "4"},
           "away": {"winnings for away": "2", "fan factor for away": "2"}},
    # Winnings (4 + 1) and (2 + 1) x 10,000; fan factor 4 + 1 won + 1 two touchdowns = 6:
    # 3 -> 4; 2 - 1 lost = 1: 2 -> 1.
    totals={"home": "Treasury +50,000 gp · fan factor +1",
            "away": "Treasury +30,000 gp · fan factor −1"},
    # Touchdown 3, completion 1, casualty 2, MVP 5: #13 2 x 3 + 5 = 11 (Rookie -> Veteran:
    # the levels at 6 and 11), #5 the bonus MVP; Orc #9 3 + 5 = 8 (Experienced), #8 2.
    spp={"home": ["#5: +5 SPP", "#11: +1 SPP", "#13: +11 SPP — 2 star player rolls are due",
                  "#14: +2 SPP"],
         "away": ["#8: +2 SPP", "#9: +8 SPP — a star player roll is due"]},
    said={"step-spp": "(0 → 11), now Veteran: 2 star player rolls due",
          # M and N: the serious injury table's 8 is a niggling injury.
          "players-away": "#2 Lineman 2: misses the next game"},
)  # fmt: skip
PLAYED = (ARCHERS, HAMMERS)


def scenario_team(coach, side: str) -> Team:
    """A team of scenario 01 as it lists it: its players at their numbers and names, its 3
    re-rolls (its value_rest), fan factor and staff bought, then its treasury and SPP set by
    an adjustment."""
    data = SCENARIO[side]
    players = [NewPlayer(p["position"], p["name"], p["number"]) for p in data["players"]]
    team = team_create(
        coach, version_get("gdbbl"), data["name"], data["race"], players,
        rerolls=3, fan_factor=data["fan_factor"], staff=data.get("staff") or {},
    )  # fmt: skip
    keys = dict(team.players.values_list("number", "key"))
    deltas = [{"op": "treasury", "amount": data["treasury"] - team.treasury}]
    deltas += [
        {"op": "player", "player": keys[p["number"]], "field": "spp", "amount": p["spp"]}
        for p in data["players"]
        if p["spp"]
    ]
    record(team, "adjustment", "As scenario 01 has them", coach, deltas)
    team.refresh_from_db()
    return team


@pytest.fixture
def grey_mountains() -> dict[str, int]:
    """The league, its four teams approved and a round robin drawn; each round-1 match's
    id by its home team. Written before the browser starts (see the phone fixture)."""
    rulesets_load("gdbbl")
    coaches = {name: coach_create(name, PASSWORD) for name in ("varag", "griff", "morg", "nuffle")}
    archers = scenario_team(coaches["varag"], "home")
    gutbusters = scenario_team(coaches["griff"], "away")
    hammers, tuskers = rated_teams(coaches["morg"], coaches["nuffle"])
    niggled = hammers.players.get(number=NIGGLED)
    niggle = {"op": "player", "player": niggled.key, "field": "injury", "injury": "N", "add": True}
    record(hammers, "report", f"#{NIGGLED} is niggled", coaches["morg"], [niggle])
    league = league_create(coaches["varag"], "Grey Mountains League", version_get("gdbbl"))
    for team in (archers, gutbusters, hammers, tuskers):
        membership = membership_request(league, team.coach, team)
        membership_decide(membership, coaches["varag"], approve=True)
    season = season_start(league, coaches["varag"], "round_robin", seed=SEED)
    fixtures = Fixture.objects.filter(season=season, round__number=1, away__isnull=False)
    pairs = {
        (f.home.name, f.away.name): f.match_id for f in fixtures.select_related("home", "away")
    }
    assert set(pairs) == {(played.home, played.away) for played in PLAYED}
    return {"league": league.pk, **{home: pk for (home, _away), pk in pairs.items()}}


# --- What a coach does on the page ------------------------------------------------------------


def tap(within: Page | Locator, label: str, times: int = 1) -> None:
    """Taps + beside a number as often as it takes (opening the player's line first); the +
    is thumb-sized."""
    page = within.page if isinstance(within, Locator) else within
    number = within.locator(".stepper").filter(has=page.get_by_label(label, exact=True))
    row = number.locator("xpath=ancestor::details[contains(@class, 'player-row')]")
    if row.count() and not row.evaluate("details => details.open"):
        row.locator("summary").click()
    button = number.locator("button.step[data-step='1']")
    box = button.bounding_box()
    assert min(box["width"], box["height"]) >= TOUCH, box
    for _ in range(times):
        button.click()


def before_kick_off(home: Phone, away: Phone, url: str, played: Played) -> None:
    """Both coaches through 001's pre-match on their phones, home first where it matters."""
    for side, phone in (("home", home), ("away", away)):
        page = phone.page
        page.goto(url)
        part = page.get_by_test_id(f"kick-off-{side}")
        if side in played.freebooters:
            position, bill = played.freebooters[side]
            part.get_by_label(re.compile(f"^How many {position} freebooters")).fill("1")
            expect(part.get_by_test_id(f"running-bill-{side}")).to_have_text(bill)
        fits(phone)
        part.get_by_role("button", name="Hire the freebooters").click()
        said(page, "Freebooters hired.")
        hired = f"Freebooter {position}" if side in played.freebooters else "none"
        expect(page.get_by_test_id(f"freebooters-{side}")).to_have_text(f"Freebooters: {hired}")
    page = home.page
    page.goto(url)
    for side in ("home", "away"):
        expect(page.get_by_test_id(f"rating-{side}")).to_contain_text(played.ratings[side])
        expect(page.get_by_test_id(f"handicap-{side}")).to_have_text(played.handicap[side])
    dice_type(page, "weather", "2D6", "3 4")
    page.get_by_role("button", name="Record the weather").click()
    said(page, "Weather recorded.")
    expect(page.get_by_test_id("weather")).to_contain_text("Nice · dice 3 4 (2D6, entered)")
    notation, typed, shown = played.gate
    dice_type(page, "gate", notation, typed)
    page.get_by_role("button", name="Record the gate").click()
    said(page, "Gate recorded.")
    expect(page.get_by_test_id("gate")).to_have_text(shown)
    fits(home)
    for side, phone in (("home", home), ("away", away)):  # home draws his cards first
        page = phone.page
        page.goto(url)
        die, shown = played.cards[side]
        dice_type(page, f"special play cards for {side}", "D6", die)
        page.get_by_role("button", name="Roll for Special Play cards").click()
        said(page, "Special Play cards drawn.")
        expect(page.get_by_test_id(f"cards-{side}")).to_have_text(shown)
        if side in played.niggles:
            dice_type(page, played.niggles[side][0], "D6", played.niggles[side][1])
        page.get_by_role("button", name="Roll for niggling injuries").click()
        said(page, "Niggling injuries rolled for.")
        expect(page.get_by_test_id(f"niggles-{side}")).to_have_text(played.niggles_said[side])
        fits(phone)


def report_enter(phone: Phone, played: Played) -> None:
    """The home coach fills in the report form and saves it as a draft."""
    page = phone.page
    page.get_by_label("Date played").fill(PLAYED_ON.isoformat())
    names = {"home": played.home, "away": played.away}
    for side, touchdowns in zip(("home", "away"), played.score, strict=True):
        if touchdowns:
            tap(page, f"{names[side]} touchdowns", touchdowns)
    parts = {}
    for side in ("home", "away"):
        parts[side] = page.get_by_role("group", name=names[side], exact=True)
        parts[side].get_by_text("Players: what each did").click()
    for side, label, times in played.lines:
        tap(parts[side], label, times)
    for side, numbers in played.mvps.items():
        for nth, number in enumerate(numbers, start=1):
            label = f"{names[side]} MVP" + (f" {nth}" if len(numbers) > 1 else "")
            parts[side].get_by_label(label, exact=True).select_option(number)
    for n, (victim, causer, injury, serious) in enumerate(played.casualties):
        if n:
            page.get_by_role("button", name="Add a casualty").click()
        title = "Another casualty" if n == 0 else "New casualty"
        part = page.get_by_role("group", name=title, exact=True).last
        part.get_by_label("Who was hurt").select_option(victim)
        part.get_by_label("Caused by").select_option(causer)
        part.get_by_label("Action").select_option("block")
        for label, values in (("injury 2D6", injury), ("serious injury 2D6", serious)):
            for face, value in zip(("die 1", "die 2"), values, strict=False):  # () none
                part.get_by_label(f"{label} {face}", exact=True).fill(str(value))
    expect(page.locator("#report-check")).to_contain_text("Nothing to fix")
    fits(phone)
    page.get_by_role("button", name="Save the draft").click()
    said(page, "Report saved as a draft.")
    expect(page.locator(".unfinished")).to_have_count(0)  # nothing stops the submission
    fits(phone)


def summary_read(phone: Phone, url: str, played: Played) -> None:
    """From the match page to the post-game summary, which shows the worked numbers."""
    page = phone.page
    page.goto(url)
    applied = page.get_by_test_id("applied")
    expect(applied).to_contain_text("Applied to both teams")
    applied.get_by_role("link", name="read the post-game summary").click()
    expect(page.get_by_role("heading", name="Post-game", exact=True)).to_be_visible()
    for side, team in (("home", played.home), ("away", played.away)):
        totals = page.get_by_test_id(f"totals-{side}")
        expect(totals).to_contain_text(team)
        expect(totals).to_contain_text(played.totals[side])
        expect(totals.locator("li")).to_have_text(played.spp[side])
    for testid, words in played.said.items():
        expect(page.get_by_test_id(testid)).to_contain_text(words)
    fits(phone)


def match_played(browser, base: str, pk: int, played: Played) -> None:
    """One match of round 1, from the freebooters to both coaches reading the summary."""
    url = f"{base}/matches/{pk}/"
    with phone_open(browser) as home, phone_open(browser) as away:
        log_in(home.page, base, played.home_coach, PASSWORD)
        log_in(away.page, base, played.away_coach, PASSWORD)
        before_kick_off(home, away, url, played)
        home.page.goto(url)
        report_enter(home, played)
        away.page.goto(url)
        expect(away.page.locator(".match-status .badge")).to_have_text("report drafted")
        for side, phone in (("home", home), ("away", away)):  # each rolls his own at the table
            for purpose, die in played.table[side].items():
                dice_type(phone.page, purpose, "D6", die)
        home.page.goto(url)
        home.page.get_by_role("button", name="Submit the report").click()
        said(home.page, "Report submitted")
        away.page.goto(url)
        expect(away.page.locator(".match-status .badge")).to_have_text("report submitted")
        away.page.get_by_role("button", name="Confirm the report").click()
        said(away.page, "Report confirmed.")
        summary_read(away, url, played)
        summary_read(home, url, played)


def test_four_coaches_play_round_one_of_a_gdbbl_league_on_their_phones(
    live_server, grey_mountains: dict[str, int], phone: Phone
) -> None:
    base = live_server.url
    for played in PLAYED:
        match_played(phone.page.context.browser, base, grey_mountains[played.home], played)

    page = phone.page  # anyone may read the league's page; it opens at the rounds to come
    page.goto(f"{base}/leagues/{grey_mountains['league']}/")
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="1").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    for played, score in ((ARCHERS, "1–2"), (HAMMERS, "2–1")):
        fixture = (
            page.locator("li.fixture").filter(has_text=played.home).filter(has_text=played.away)
        )
        expect(fixture.locator("a.result")).to_have_text(score)
        expect(fixture.get_by_role("link", name="post-game")).to_be_visible()
    fits(phone)

    try:
        pks = [grey_mountains[played.home] for played in PLAYED]
        assert PostGame.objects.filter(match__in=pks).count() == 2
        assert not DiceRoll.objects.filter(match__in=pks, source="rolled").exists()
        # Scenario 01's own numbers, which the first summary was read against (+ #11's 2).
        golden = SCENARIO["expect"]
        assert (golden["winnings"]["home"], golden["winnings"]["away"]) == (40_000, 50_000)
        assert (golden["fan_factor"], golden["spp"]["home"]) == (
            {"home": 0, "away": 0},
            {3: 5, 7: 1, 10: 3},
        )
        assert Team.objects.get(name="Iron Tuskers").players.get(number=2).injuries == ["N"]
        out = StringIO()
        call_command("ledger_check", stdout=out)  # CommandError on any difference
        assert f"All {Team.objects.count()} team(s) match their ledgers." in out.getvalue()
    finally:
        connections.close_all()  # see test_match_journey: PostgreSQL drops the database
