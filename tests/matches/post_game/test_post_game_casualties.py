"""Applying a report with casualties (matches/post_game/apply.py, through matches/workflow.py): the
rest of LRB6's post-game sequence, after the winnings, fan factor, MVPs and SPP, written to
both teams in the same ledger entry per team: the dead leave the roster, the injured miss
the next game (and are back after it) or lose a characteristic, spiralling expenses are
paid on the team value for the next match, and a Necromancer's Zombie joins with the team's
next key; the ledger replays to the rows, a failed application changes no team, and the
queries do not grow with the casualties.

The worked example is tests/matches/post_game/test_post_game.py's (Gouged Eye beat Da Krumpers 2-1,
both Orcs with fan factor 3 and 70,000 gp; Da Krumpers win 30,000 gp and keep fan factor
3), here with casualties among Da Krumpers' Linemen (#1-5: MA 5, ST 3, AG 3, AV 9,
50,000 gp). Casualty table (tables.yaml `casualty`, D68 as tens and units): 41 Broken Ribs
(miss next game), 51 Damaged Back (Niggling Injury and miss next game), 53 Smashed Hip (-1
MA and miss next game), 61 Dead. Da Krumpers' value: 730,000 of players + 2 re-rolls x
60,000 + fan factor 3 x 10,000 + an apothecary 50,000 = 930,000."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches import workflow
from matches.models import KickOff, Match, PostGame
from matches.services import friendly_accept, friendly_offer
from rules.engine.team_building import TeamRefused
from teams.models import LedgerEntry, Player, Team
from teams.roster import roster
from tests.matches.helpers import PLAYED
from tests.matches.post_game.test_post_game import (
    AWAY_GOLD,
    LINES,
    START,
    STEPS,
    TABLE_DICE,
    at_the_table,
    gate_recorded,
    ledger_clean,
    reported,
    standing,
)
from tests.matches.report.test_raised import necromantic_team
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import orc_team, record
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

DEAD, BROKEN_RIBS, DAMAGED_BACK, SMASHED_HIP = [6, 1], [4, 1], [5, 1], [5, 3]
ORC_VALUE = 930_000
LINEMAN = 50_000
ALL_STEPS = STEPS  # all eight


def casualty(victim: int, d68: list[int], causer: int = 6, **rest) -> dict:
    """Da Krumpers' #victim hurt in a block by Gouged Eye's #causer, the D68 entered."""
    return {"victim": {"side": "away", "number": victim},
            "causer": {"side": "home", "number": causer}, "action": "block",
            "dice": {"casualty": d68, **rest.pop("dice", {})}, **rest}  # fmt: skip


def applied(match: Match, casualties: list[dict], **content) -> Match:
    """The worked example with `casualties` (and `content`: a side's lines with its raised),
    confirmed by the away coach, and so applied."""
    gate_recorded(match)
    body = {**LINES, "casualties": casualties, **content}
    workflow.report_save(match, match.home.coach, PLAYED, 2, 1, body)
    workflow.report_submit(match, match.home.coach)
    at_the_table(match, TABLE_DICE)
    return workflow.report_confirm(match, match.away.coach)


def player(team: Team, number: int) -> Player:
    """The team's player with that number who is not dead (a raised player may reuse one)."""
    return team.players.exclude(status="dead").get(number=number)


def entry_of(match: Match, team: Team) -> LedgerEntry:
    return LedgerEntry.objects.get(cause__kind="report", cause__ref=match.pk, team=team)


def step(match: Match, key: str) -> dict:
    steps = PostGame.objects.get(match=match).steps["steps"]
    return next(s for s in steps if s["key"] == key)


# --- The dead ------------------------------------------------------------------------------


def test_a_player_killed_is_dead_off_the_roster_s_value_and_the_ledger_replays(
    friendly, away_team
) -> None:
    applied(friendly, [casualty(3, DEAD)])
    dead = away_team.players.get(number=3)
    assert dead.status == "dead"
    assert [s["key"] for s in PostGame.objects.get(match=friendly).steps["steps"]] == ALL_STEPS
    entry = entry_of(friendly, away_team)
    assert {"op": "player", "player": dead.key, "field": "status", "from": "active",
            "to": "dead"} in entry.deltas  # fmt: skip
    assert entry.summary == (
        "Post-game of Gouged Eye v Da Krumpers: winnings +30,000 gp, fan factor +0, 8 SPP; 1 dead"
    )
    # He counts no more: 930,000 less his 50,000.
    assert roster(Team.objects.get(pk=away_team.pk)).value == ORC_VALUE - LINEMAN
    assert step(friendly, "value_changes")["inputs"]["team_value"]["away"] == ORC_VALUE - LINEMAN
    assert standing(away_team)[0] == START + AWAY_GOLD  # no expenses below 1,750,000
    ledger_clean()


def test_the_apothecary_s_second_result_kept_is_what_stays(friendly, away_team) -> None:
    treated = casualty(3, DEAD, helper="apothecary", kept="second",
                       dice={"apothecary": BROKEN_RIBS})  # fmt: skip
    applied(friendly, [treated])
    assert player(away_team, 3).status == "missing_next_game"
    ledger_clean()


# --- Lasting injuries ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("d68", "injuries", "injury_changes", "ma"),
    [
        (BROKEN_RIBS, [], {}, 5),
        (DAMAGED_BACK, ["N"], {}, 5),
        (SMASHED_HIP, ["-MA"], {"MA": -1}, 4),
    ],
    ids=["broken ribs", "damaged back", "smashed hip"],
)
def test_an_injury_stays_on_the_roster_and_he_misses_the_next_game(
    friendly, away_team, d68, injuries, injury_changes, ma
) -> None:
    applied(friendly, [casualty(3, d68)])
    hurt = player(away_team, 3)
    assert (hurt.status, hurt.injuries, hurt.injury_changes) == (
        "missing_next_game", injuries, injury_changes
    )  # fmt: skip
    row = next(r for r in roster(Team.objects.get(pk=away_team.pk)).rows if r.player == hurt)
    assert dict((name, now) for name, now, _ in row.characteristics)["MA"] == ma
    # Missing the next match, he is no part of the team value for it.
    assert step(friendly, "value_changes")["inputs"]["team_value"]["away"] == ORC_VALUE - LINEMAN
    ledger_clean()


def test_a_player_who_missed_a_game_is_back_after_the_next_applied_match(
    friendly, home_coach, away_coach, home_team, away_team
) -> None:
    applied(friendly, [casualty(3, BROKEN_RIBS)])
    assert player(away_team, 3).status == "missing_next_game"
    again = friendly_accept(friendly_offer(home_coach, home_team, away_team), away_coach)
    applied(again, [])
    assert not again.participants.filter(team=away_team, number=3).exists()  # he sat it out
    assert player(away_team, 3).status == "active"
    back = [c for c in step(again, "value_changes")["changes"] if c["what"] == "status"]
    assert [(c["side"], c["number"], c["was"], c["detail"]) for c in back] == [
        ("away", 3, "missing_next_game", "active")
    ]
    ledger_clean()


# --- Spiralling expenses ---------------------------------------------------------------------


def richer(team: Team, actor, rerolls: int, treasury: int = 0) -> None:
    """A commissioner's adjustment: more re-rolls (60,000 each in value), less gold."""
    deltas = [{"op": "rerolls", "amount": rerolls}]
    deltas += [{"op": "treasury", "amount": treasury}] if treasury else []
    record(team, "adjustment", "Test: a richer team", actor, deltas)


def test_spiralling_expenses_on_the_next_match_s_value_come_out_of_the_winnings(
    friendly, away_team, commissioner
) -> None:
    """17 more re-rolls: 930,000 + 1,020,000 = 1,950,000, in the 1,900,000-2,040,000 band:
    20,000 gp."""
    richer(away_team, commissioner, 17)
    applied(friendly, [])
    assert step(friendly, "value_changes")["inputs"]["team_value"]["away"] == 1_950_000
    assert step(friendly, "expenses")["inputs"]["expenses"] == {"home": 0, "away": 20_000}
    assert standing(away_team)[0] == START + AWAY_GOLD - 20_000
    assert entry_of(friendly, away_team).summary == (
        "Post-game of Gouged Eye v Da Krumpers: winnings +30,000 gp, fan factor +0, 8 SPP, "
        "expenses 20,000 gp"
    )
    ledger_clean()


def test_the_treasury_stops_at_zero_when_the_expenses_are_more_than_it_has(
    friendly, away_team, commissioner
) -> None:
    """40 more re-rolls: 930,000 + 2,400,000 = 3,330,000, 11 bands: 110,000 owed; the
    treasury (emptied) and the winnings have 30,000."""
    richer(away_team, commissioner, 40, treasury=-START)
    applied(friendly, [])
    assert step(friendly, "expenses")["inputs"]["expenses"]["away"] == 110_000
    assert standing(away_team)[0] == 0
    ledger_clean()


# --- A Zombie joins ----------------------------------------------------------------------------


def test_a_zombie_raised_joins_the_necromancer_s_team_with_its_next_key(
    home_coach, away_coach, away_team
) -> None:
    """The Restless Dead (11 Zombies, p1-p11) kill Da Krumpers' #3 and raise him: Zombie
    #12 (the lowest free number), key p12, worth 40,000 from now on."""
    dead = necromantic_team(home_coach)
    match = friendly_of(dead, away_team)
    raising = {**LINES["home"], "raised": [3]}
    applied(match, [casualty(3, DEAD, causer=1)], home=raising)
    zombie = dead.players.get(key="p12")
    assert (zombie.number, zombie.name, zombie.position.name, zombie.status) == (
        12, "Lineman 3", "Zombie", "active"
    )  # fmt: skip
    assert away_team.players.get(number=3).status == "dead"
    assert {"op": "join", "player": "p12", "number": 12, "name": "Lineman 3",
            "position": "Zombie"} in entry_of(match, dead).deltas  # fmt: skip
    # 11 + 1 Zombies x 40,000, 2 re-rolls x 70,000, fan factor 0 + 1 (3D6 14) x 10,000.
    assert roster(Team.objects.get(pk=dead.pk)).value == 12 * 40_000 + 140_000 + 10_000
    ledger_clean()


def test_a_zombie_never_takes_the_shirt_of_one_of_the_team_s_dead(
    home_coach, away_coach, away_team
) -> None:
    """The Restless Dead lost their #3 in an earlier match: #3 stays his, the Zombie is #12."""
    dead = necromantic_team(home_coach)
    gone = dead.players.get(number=3)
    record(dead, "report", "#3 died", home_coach, [{"op": "player", "player": gone.key,
           "field": "status", "from": "active", "to": "dead"}])  # fmt: skip
    match = friendly_of(dead, away_team)
    applied(match, [casualty(3, DEAD, causer=1)], home={**LINES["home"], "raised": [3]})
    assert dead.players.get(key="p12").number == 12
    ledger_clean()


def test_a_rotter_taken_on_joins_the_nurgle_team(nurgle_friendly, home_team) -> None:
    """The Rotten Rovers' Rotter #1 (Nurgle's Rot) kills Gouged Eye's #3 in a block."""
    rovers = nurgle_friendly.away
    killed = {"victim": {"side": "home", "number": 3}, "causer": {"side": "away", "number": 1},
              "action": "block", "dice": {"casualty": DEAD}}  # fmt: skip
    applied(nurgle_friendly, [killed], away={**LINES["away"], "raised": [3]})
    rotter = rovers.players.get(key="p12")
    assert (rotter.number, rotter.name, rotter.position.name) == (12, "Lineman 3", "Rotter")
    assert home_team.players.get(number=3).status == "dead"
    ledger_clean()


def test_a_wandering_apothecary_s_second_result_kept_is_what_stays(friendly, away_team) -> None:
    """Da Krumpers induced a Wandering Apothecary: he re-rolls the 61 to a 41, kept."""
    gate_recorded(friendly)
    KickOff.objects.filter(match=friendly, side="away").update(
        inducements={"items": {"wandering_apothecary": 1}}
    )
    treated = casualty(3, DEAD, helper="wandering_apothecary", kept="second",
                       dice={"apothecary": BROKEN_RIBS})  # fmt: skip
    reported(friendly, friendly.home.coach, casualties=[treated])
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, friendly.away.coach)
    assert player(away_team, 3).status == "missing_next_game"


# --- The summary page ---------------------------------------------------------------------------


def test_the_summary_page_says_who_died_who_misses_the_next_game_and_who_joined(
    client, home_coach, away_coach, away_team
) -> None:
    dead = necromantic_team(home_coach)
    match = friendly_of(dead, away_team)
    hurt = [casualty(3, DEAD, causer=1), casualty(4, SMASHED_HIP, causer=2)]
    applied(match, hurt, home={**LINES["home"], "raised": [3]})
    client.force_login(away_coach)
    page = html.unescape(client.get(f"/matches/{match.pk}/post-game/").content.decode())
    assert tagged(page, "players-home") == "#12 Lineman 3: joins as a Zombie"
    assert tagged(page, "players-away") == "#3 Lineman 3: dead · #4 Lineman 4: misses the next game"
    casualties = page[page.index('data-testid="step-casualties"') :]
    rows = [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
        for row in re.findall(r"<tr>(.*?)</tr>", casualties[: casualties.index("</section>")])
    ]
    assert rows[1:] == [
        "Da Krumpers #3 Lineman 3 dead",
        "Da Krumpers #4 Lineman 4 MA −1",
        "Da Krumpers #4 Lineman 4 lasting injury: −1 MA",
        "Da Krumpers #4 Lineman 4 misses the next game",
    ]  # fmt: skip


def tagged(page: str, testid: str) -> str:
    start = page.index(f'data-testid="{testid}"')
    inner = page[page.index(">", start) + 1 : page.index("</", start)]
    return re.sub(r"\s+", " ", inner).strip()


# --- All or nothing, in as many queries --------------------------------------------------------


def test_a_failed_application_changes_no_team(friendly, away_team) -> None:
    """Da Krumpers retire before the result is confirmed: Gouged Eye's entry, written first,
    goes too."""
    gate_recorded(friendly)
    reported(friendly, friendly.home.coach, casualties=[casualty(3, DEAD)])
    at_the_table(friendly, TABLE_DICE)
    Team.objects.filter(pk=away_team.pk).update(retired_at=timezone.now())
    with unchanged(), pytest.raises(TeamRefused):
        workflow.report_confirm(friendly, friendly.away.coach)
    assert not PostGame.objects.filter(match=friendly).exists()
    assert player(away_team, 3).status == "active"


def confirming_queries(match: Match, casualties: list[dict]) -> int:
    gate_recorded(match)
    reported(match, match.home.coach, casualties=casualties)
    at_the_table(match, TABLE_DICE)
    with CaptureQueriesContext(connection) as queries:
        workflow.report_confirm(match, match.away.coach)
    assert PostGame.objects.filter(match=match).exists()
    return len(queries)


def test_applying_takes_as_many_queries_for_four_casualties_as_for_one(
    home_coach, away_coach, lrb6
) -> None:
    one = friendly_of(orc_team(home_coach, lrb6, "Bone Crushers"),
                      orc_team(away_coach, lrb6, "Skull Splitters"))  # fmt: skip
    four = friendly_of(orc_team(home_coach, lrb6, "Iron Jaws"),
                       orc_team(away_coach, lrb6, "Red Fangs"))  # fmt: skip
    few = confirming_queries(one, [casualty(1, DEAD)])
    hurt = [casualty(1, DEAD), casualty(2, BROKEN_RIBS), casualty(3, SMASHED_HIP),
            casualty(4, DAMAGED_BACK)]  # fmt: skip
    many = confirming_queries(four, hurt)
    assert many == few
    assert Player.objects.filter(team__name="Red Fangs", status="missing_next_game").count() == 3
