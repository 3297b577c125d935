"""Two coaches confirm an LRB6 report on their phones (390 x 844) and read what it did: the
golden scenario tests/scenarios/lrb6/01-a-win.yaml played in Dugout. The Reikland Reavers
(Humans, fan factor 4, 20,000 in the treasury; #3 with 3 SPP, #7 with 20) beat the Orcland
Raiders (Orcs, fan factor 3, 50,000; #5 with 10 SPP, #9 with 15) 2-1, FAME 1 to 0 from the gate.
varag submits the drafted report, griff confirms it; both open the post-game summary from the
match page and read the scenario's numbers: winnings 60,000 and 30,000, fan factor +1 and +0,
SPP +3, +2, +8 and +5, +3 (#9 reaches Veteran: an improvement roll is due). griff's second
confirmation, from a page opened before the first, is refused and changes nothing: each team
gained its winnings and SPP once. No page scrolls sideways."""

from __future__ import annotations

import datetime

import pytest
from django.db import connections
from playwright.sync_api import Page, expect

from matches.dice import dice_enter
from matches.kick_off.lrb6 import gate_record
from matches.models import KickOff, Match, PostGame
from matches.workflow import report_save
from rules.selectors import version_get
from teams.models import LedgerEntry, Team
from teams.services import NewPlayer, team_create
from tests.browser.conftest import PHONE, Phone, phone_open
from tests.browser.steps import coach_create, log_in, rulesets_load
from tests.matches.rulesets import friendly_of
from tests.rules.scenarios import FOLDER, scenario
from tests.teams.helpers import record
from tests.unchanged import unchanged

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "after-the-whistle-21"
PLAYED_ON = datetime.date.today() - datetime.timedelta(days=2)  # never in the future
SCENARIO = scenario(FOLDER / "lrb6" / "01-a-win.yaml")
# The scenario's players who took part, by position; the rest of each eleven are Linemen who
# did nothing (no line, no SPP), numbered around them.
POSITIONS = {
    "home": {1: "Lineman", 3: "Thrower", 7: "Blitzer"},
    "away": {2: "Lineman", 5: "Black Orc Blocker", 9: "Blitzer"},
}
RACES = {"home": "human", "away": "orc"}
# The gate's 2D6: the Reavers (10,000 fans: 6 + FF 4) outdraw the Raiders (8,000: 5 + FF 3),
# but not twice over, so FAME is 1 to 0 (lrb6-facts §3, the gate), as the scenario has it.
GATE = {"home": [3, 3], "away": [2, 3]}


def side_team(coach, side: str) -> Team:
    """One of the scenario's teams: its players at their numbers and SPP, the rest Linemen;
    its fan factor bought, then its treasury and SPP set by a commissioner's adjustments."""
    data = SCENARIO[side]
    names = {player["number"]: player["name"] for player in data["players"]}
    players = [
        NewPlayer(POSITIONS[side].get(n, "Lineman"), names.get(n, f"Lineman {n}"), n)
        for n in range(1, 12)
    ]
    team = team_create(
        coach, version_get("lrb6"), data["name"], RACES[side], players,
        fan_factor=data["fan_factor"],
    )  # fmt: skip
    keys = dict(team.players.values_list("number", "key"))
    deltas = [{"op": "treasury", "amount": data["treasury"] - team.treasury}]
    deltas += [
        {"op": "player", "player": keys[p["number"]], "field": "spp", "amount": p["spp"]}
        for p in data["players"]
        if p["spp"]
    ]
    record(team, "adjustment", "As the scenario has them", coach, deltas)
    team.refresh_from_db()
    assert (team.treasury, team.fan_factor) == (data["treasury"], data["fan_factor"])
    return team


def report_content() -> dict:
    """The scenario's lines and MVPs, as the report form stores them. The league draws its
    MVPs at random: each one drawn at the table is entered as its "1 of N" die."""
    content = {"server_rolls": False}
    for side in ("home", "away"):
        lines = SCENARIO["lines"].get(side) or {}
        content[side] = {
            "players": [{"number": n, "actions": actions} for n, actions in lines.items()],
            "mvps": SCENARIO["mvps"][side],
        }
    return content


@pytest.fixture
def post_game_match() -> int:
    """The friendly with its gate recorded, every post-game die entered as the scenario
    rolled it and the report drafted by varag; written before the browser starts (see the
    phone fixture)."""
    rulesets_load("lrb6")
    varag, griff = coach_create("varag", PASSWORD), coach_create("griff", PASSWORD)
    match = friendly_of(side_team(varag, "home"), side_team(griff, "away"))
    for side, coach in (("home", varag), ("away", griff)):
        dice_enter(match, coach, f"gate for {side}", "2D6", GATE[side])
    gate_record(match, varag)
    fame = dict(KickOff.objects.filter(match=match).values_list("side", "fame"))
    assert fame == {"home": SCENARIO["home"]["fame"], "away": SCENARIO["away"]["fame"]}
    for purpose, values in SCENARIO["dice"].items():
        coach = varag if purpose.endswith("home") else griff
        dice_enter(match, coach, purpose, f"{len(values)}D6" if len(values) > 1 else "D6", values)
    score = SCENARIO["score"]
    report_save(match, varag, PLAYED_ON, score["home"], score["away"], report_content())
    return match.pk


def fits(phone: Phone) -> None:
    """Nothing to scroll sideways, and nothing asked of a host but 127.0.0.1."""
    assert phone.page.viewport_size == PHONE
    assert phone.horizontal_overflow() == 0, phone.page.url
    assert phone.aborted == []


def said(page: Page, message: str) -> None:
    expect(page.locator(".messages")).to_contain_text(message)


def summary_read(phone: Phone, url: str) -> None:
    """From the match page to the post-game summary, which says what the scenario expects:
    each team's winnings and fan factor, and each player's SPP (none for those who did
    nothing), with the dice as entered at the table."""
    page = phone.page
    page.goto(url)
    applied = page.get_by_test_id("applied")
    expect(applied).to_contain_text("Applied to both teams")
    fits(phone)
    applied.get_by_role("link", name="read the post-game summary").click()
    expect(page.get_by_role("heading", name="Post-game", exact=True)).to_be_visible()
    home, away = page.get_by_test_id("totals-home"), page.get_by_test_id("totals-away")
    # Winnings (lrb6-facts §4): (D6 4 + FAME 1 + 1 for the win) x 10,000 = 60,000 and
    # (D6 3 + FAME 0) x 10,000 = 30,000. Fan factor: 3+5+6 = 14 > 4 after a win: +1;
    # 2+2 = 4 > 3, but a loser never gains: +0.
    expect(home).to_contain_text("Reikland Reavers")
    expect(home).to_contain_text("Treasury +60,000 gp · fan factor +1")
    expect(away).to_contain_text("Orcland Raiders")
    expect(away).to_contain_text("Treasury +30,000 gp · fan factor +0")
    # SPP (§2): touchdown 3, completion 1, MVP 5. #9 goes 15 -> 18: Veteran, a roll is due.
    expect(home.locator("li")).to_have_text(["#1: +3 SPP", "#3: +2 SPP", "#7: +8 SPP"])
    expect(away.locator("li")).to_have_text(
        ["#5: +5 SPP", "#9: +3 SPP — an improvement roll is due"]
    )
    expect(page.get_by_test_id("step-winnings")).to_contain_text(
        "winnings for home D6 4 (entered); winnings for away D6 3 (entered)"
    )
    expect(page.get_by_test_id("step-mvp")).to_contain_text(
        "Reikland Reavers: #7 Blitzer. Orcland Raiders: #5 Black Orc."
    )
    expect(page.get_by_test_id("step-fan_factor")).to_contain_text(
        "fan factor for home 3D6 3 5 6 (entered); fan factor for away 2D6 2 2 (entered)"
    )
    fits(phone)


def after(pk: int) -> dict:
    """What the post-game wrote, read from the database: treasuries, fan factors, the SPP
    of the scenario's players, the report entries and the applications."""
    match = Match.objects.select_related("home", "away").get(pk=pk)
    state = {"post_games": PostGame.objects.filter(match=match).count()}
    for side, team in (("home", match.home), ("away", match.away)):
        numbers = [p["number"] for p in SCENARIO[side]["players"]]
        state[side] = {
            "treasury": team.treasury,
            "fan_factor": team.fan_factor,
            "spp": dict(team.players.filter(number__in=numbers).values_list("number", "spp")),
            "report_entries": LedgerEntry.objects.filter(team=team, kind="report").count(),
        }
    return state


def test_both_coaches_read_the_scenarios_winnings_fan_factor_and_spp_applied_once(
    live_server, post_game_match: int, phone: Phone
) -> None:
    base, page = live_server.url, phone.page
    url = f"{base}/matches/{post_game_match}/"
    log_in(page, base, "varag", PASSWORD)
    page.goto(url)
    expect(page.locator(".match-status .badge")).to_have_text("report drafted")
    expect(page.locator(".unfinished")).to_have_count(0)  # nothing stops the submission
    fits(phone)
    page.get_by_role("button", name="Submit the report").click()
    said(page, "Report submitted")
    fits(phone)

    with phone_open(page.context.browser) as other:  # griff, on his own phone
        log_in(other.page, base, "griff", PASSWORD)
        other.page.goto(url)
        stale = other.page.context.new_page()  # the match opened twice: a tab left behind
        stale.goto(url)
        expect(other.page.locator(".match-status .badge")).to_have_text("report submitted")
        fits(other)
        other.page.get_by_role("button", name="Confirm the report").click()
        said(other.page, "Report confirmed.")
        summary_read(other, url)

        try:
            applied = after(post_game_match)
            assert applied == {
                "post_games": 1,
                "home": {"treasury": 80_000, "fan_factor": 5, "spp": {1: 3, 3: 5, 7: 28},
                         "report_entries": 1},
                "away": {"treasury": 80_000, "fan_factor": 3, "spp": {2: 0, 5: 15, 9: 18},
                         "report_entries": 1},
            }  # fmt: skip
            expected = SCENARIO["expect"]
            for side in ("home", "away"):
                start = SCENARIO[side]
                gold = applied[side]["treasury"] - start["treasury"]
                assert gold == expected["winnings"][side]
                ff = applied[side]["fan_factor"] - start["fan_factor"]
                assert ff == expected["fan_factor"][side]
                gained = {p["number"]: applied[side]["spp"][p["number"]] - p["spp"]
                          for p in start["players"]}  # fmt: skip
                assert {n: spp for n, spp in gained.items() if spp} == expected["spp"][side]

            # The tab opened before the confirmation still offers it: a second tap is
            # refused by name, and nothing moves: no gold, fan factor or SPP a second time.
            with unchanged():
                stale.get_by_role("button", name="Confirm the report").click()
                expect(stale.get_by_role("alert")).to_contain_text(
                    "The report of Reikland Reavers v Orcland Raiders is confirmed: it cannot "
                    "be confirmed now."
                )
            assert after(post_game_match) == applied
        finally:
            connections.close_all()  # see test_match_journey: PostgreSQL drops the database
        assert other.horizontal_overflow() == 0

    summary_read(phone, url)  # varag reads the same summary on his phone
