"""A report's `raised` (matches/report/raised.py, checked by
rules.engine.casualty_checks.RaisedChecks): an LRB6 team with a Necromancer (Necromantic,
Undead) names the one opponent killed in the match it raises as a Zombie, a Nurgle team the
opponents its players with Nurgle's Rot killed in a block, blitz or foul, who join as
Rotters. It goes through the API and the phone form like the MVPs: stored, read back, and
refused by name (HTTP 400 keyed `home.raised`) when the team cannot raise, names more than
its Necromancer raises, or names someone who was not killed, may not rise, or was not killed
by Nurgle's Rot.

The teams: the Restless Dead (Necromantic, 11 Zombies) or Gouged Eye (Orcs) at home to Da
Krumpers (Orcs, #1-5 Linemen: ST 3, no skills), and Gouged Eye at home to the Rotten Rovers
(Nurgle: #1-9 Rotters with Decay and Nurgle's Rot, #10-11 Pestigors with Regeneration). A D68
of 6-1 (61) is Dead, 4-1 (41) Broken Ribs (tables.yaml `casualty`)."""

from __future__ import annotations

import pytest

from matches.models import Match, Report
from matches.services import friendly_accept, friendly_offer
from rules.selectors import version_get
from teams.models import Team
from teams.services import team_create
from tests.matches.helpers import PLAYED
from tests.matches.report.test_report_api import hurt, put, ref, report_read
from tests.matches.report.test_report_form import form_of, saved, text, url
from tests.matches.rulesets import friendly_of, nurgle_team
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

SCORE = {"played_on": PLAYED, "home_touchdowns": 2, "away_touchdowns": 1, "server_rolls": True}
DEAD, BROKEN_RIBS = [6, 1], [4, 1]
NOT_RAISING = (
    "Gouged Eye cannot raise the dead: only a team with a Necromancer (Necromantic, Undead) "
    "raises a Zombie, and only a Nurgle team takes on Rotters."
)


def necromantic_team(coach, name: str = "Restless Dead") -> Team:
    """Necromantic: 11 Zombies (11 x 40,000 = 440,000) and 2 re-rolls (140,000)."""
    return team_create(coach, version_get("lrb6"), name, "necromantic", squad((11, "Zombie")),
                       rerolls=2)  # fmt: skip


@pytest.fixture
def necromantic_friendly(home_coach, away_coach, away_team) -> Match:
    home = necromantic_team(home_coach)
    return friendly_accept(friendly_offer(home_coach, home, away_team), away_coach)


def killed(victim: dict, causer: dict, d68=DEAD, action: str = "block", **rest) -> dict:
    return hurt(victim, causer, action, dice={"casualty": d68}, **rest)


def refusal(coach, match: Match, body: dict, field: str) -> list[str]:
    """The 400's messages for `field`; nothing stored."""
    with unchanged():
        answer = put(coach, match, {**SCORE, **body})
    assert answer.status_code == 400, answer.json()
    return answer.json()[field]


# --- A Necromancer's Zombie -----------------------------------------------------------------


def test_a_necromancer_s_team_names_the_opponent_it_raises_and_reads_him_back(
    necromantic_friendly, home_coach, away_coach
) -> None:
    body = {"casualties": [killed(ref("away", 3), ref("home", 1))], "home": {"raised": [3]}}
    answer = put(home_coach, necromantic_friendly, {**SCORE, **body})
    assert answer.status_code == 200, answer.json()
    assert Report.objects.get(match=necromantic_friendly).raised == {"home": [3]}
    report = report_read(away_coach, necromantic_friendly)
    assert (report["home"]["raised"], report["away"]["raised"]) == ([3], [])


def test_the_match_page_shows_the_opponent_raised(
    client, necromantic_friendly, home_coach, away_coach
) -> None:
    body = {"casualties": [killed(ref("away", 3), ref("home", 1))], "home": {"raised": [3]}}
    assert put(home_coach, necromantic_friendly, {**SCORE, **body}).status_code == 200
    client.force_login(away_coach)
    assert "Takes on the opponent it killed: #3" in text(client.get(url(necromantic_friendly)))


def test_a_team_that_cannot_raise_the_dead_is_refused_by_name(friendly, home_coach) -> None:
    body = {"casualties": [killed(ref("away", 3), ref("home", 6))], "home": {"raised": [3]}}
    assert refusal(home_coach, friendly, body, "home.raised") == [NOT_RAISING]


def test_a_necromancer_raises_one_zombie_per_match(necromantic_friendly, home_coach) -> None:
    body = {
        "casualties": [killed(ref("away", 3), ref("home", 1)),
                       killed(ref("away", 4), ref("home", 2))],
        "home": {"raised": [3, 4]},
    }  # fmt: skip
    assert refusal(home_coach, necromantic_friendly, body, "home.raised") == [
        "A Necromancer raises one Zombie per match: Restless Dead names 2."
    ]


def test_an_opponent_who_was_hurt_but_not_killed_is_refused(
    necromantic_friendly, home_coach
) -> None:
    body = {"casualties": [killed(ref("away", 3), ref("home", 1), BROKEN_RIBS)],
            "home": {"raised": [3]}}  # fmt: skip
    assert refusal(home_coach, necromantic_friendly, body, "home.raised") == [
        "Da Krumpers's #3 Lineman 3 was not killed in this match."
    ]


def test_an_opponent_who_was_no_casualty_is_refused(necromantic_friendly, home_coach) -> None:
    body = {"home": {"raised": [5]}}
    assert refusal(home_coach, necromantic_friendly, body, "home.raised") == [
        "Da Krumpers's #5 Lineman 5 was not killed in this match."
    ]


def test_a_number_the_other_team_does_not_have_is_refused(necromantic_friendly, home_coach) -> None:
    body = {"home": {"raised": [40]}}
    assert refusal(home_coach, necromantic_friendly, body, "home.raised") == [
        "Da Krumpers has no player #40 in this match."
    ]


def test_the_apothecary_s_kept_result_decides_whether_he_was_killed(
    necromantic_friendly, home_coach
) -> None:
    """Da Krumpers' apothecary re-rolled the 61 to a 41, and kept it."""
    treated = killed(ref("away", 3), ref("home", 1), helper="apothecary", kept="second")
    treated["dice"]["apothecary"] = BROKEN_RIBS
    body = {"casualties": [treated], "home": {"raised": [3]}}
    assert refusal(home_coach, necromantic_friendly, body, "home.raised") == [
        "Da Krumpers's #3 Lineman 3 was not killed in this match."
    ]
    treated["kept"] = "first"  # the 61 stands
    answer = put(home_coach, necromantic_friendly, {**SCORE, **body})
    assert answer.status_code == 200, answer.json()


# --- Nurgle's Rotters ---------------------------------------------------------------------


@pytest.mark.parametrize("action", ["block", "blitz", "foul"])
def test_a_nurgle_team_takes_on_those_its_rot_killed_in_a_block_blitz_or_foul(
    nurgle_friendly, home_coach, action
) -> None:
    body = {"casualties": [killed(ref("home", 3), ref("away", 1), action=action),
                           killed(ref("home", 4), ref("away", 10))],
            "away": {"raised": [3, 4]}}  # fmt: skip
    answer = put(home_coach, nurgle_friendly, {**SCORE, **body})
    assert answer.status_code == 200, answer.json()
    assert Report.objects.get(match=nurgle_friendly).raised == {"away": [3, 4]}


def test_a_player_killed_otherwise_than_by_nurgle_s_rot_does_not_rise(
    nurgle_friendly, home_coach
) -> None:
    """#3 fell to a failed dodge: nobody of the Rotten Rovers killed him."""
    dodged = killed(ref("home", 3), None, action="other", means="failed_dodge")
    body = {"casualties": [dodged], "away": {"raised": [3]}}
    assert refusal(home_coach, nurgle_friendly, body, "away.raised") == [
        "Gouged Eye's #3 Lineman 3 was not killed by a player with Nurgle's Rot in a block, "
        "blitz or foul: he cannot rise as a Rotter."
    ]


def test_a_zombie_is_never_raised_from_a_player_with_regeneration(home_coach, away_coach) -> None:
    match = friendly_of(necromantic_team(home_coach), nurgle_team(away_coach))
    pestigor = killed(ref("away", 10), ref("home", 1))
    pestigor["dice"]["regeneration"] = [2]
    body = {"casualties": [pestigor], "home": {"raised": [10]}}
    assert refusal(home_coach, match, body, "home.raised") == [
        "Rotten Rovers's #10 Pestigor 10 has Regeneration: he cannot rise as a Zombie."
    ]


def test_another_system_raises_no_one(first_friendly, home_coach) -> None:
    body = {"home": {"raised": [3]}}
    assert refusal(home_coach, first_friendly, body, "home.raised") == [
        "Bright Crusaders raises no one: only LRB6 and GDBBL take on the players killed."
    ]


def test_a_gdbbl_team_without_a_necromancer_raises_no_one(gdbbl_friendly, home_coach) -> None:
    body = {"home": {"raised": [3]}}
    assert refusal(home_coach, gdbbl_friendly, body, "home.raised") == [
        "Altdorf Hammers cannot raise the dead: only an Undead team's Necromancer raises a Zombie."
    ]


def test_a_raised_number_that_is_no_number_is_refused_by_the_api(friendly, home_coach) -> None:
    assert refusal(home_coach, friendly, {"home": {"raised": ["Ug"]}}, "home.raised.1") == [
        "A valid integer is required."
    ]


# --- The phone form -----------------------------------------------------------------------


def test_the_form_offers_the_opponents_to_raise_only_to_a_team_that_can(
    client, necromantic_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(necromantic_friendly)))
    assert "Raised by Restless Dead's Necromancer as a Zombie" in page
    assert 'name="home-raised" value="3"' in page
    assert 'name="away-raised"' not in page  # Orcs raise no one


def test_the_form_stores_the_zombie_ticked_and_shows_it_ticked_again(
    client, necromantic_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    data = {
        "played_on": PLAYED.isoformat(), "home_touchdowns": "1", "away_touchdowns": "0",
        "cas-0-victim": "away-3", "cas-0-causer": "home-1", "cas-0-action": "block",
        "cas-0-dice-casualty-1": "6", "cas-0-dice-casualty-2": "1",
        "home-raised": "3", "server_rolls": "on", "concession": "",
    }  # fmt: skip
    saved(client, necromantic_friendly, data)
    assert Report.objects.get(match=necromantic_friendly).raised == {"home": [3]}
    assert form_of(client.get(url(necromantic_friendly)))["home-raised"] == ["3"]


def test_the_form_names_the_refusal_of_a_zombie_not_killed(
    client, necromantic_friendly, home_coach
) -> None:
    client.force_login(home_coach)
    data = {"played_on": PLAYED.isoformat(), "home_touchdowns": "1", "away_touchdowns": "0",
            "home-raised": "5", "server_rolls": "on", "concession": ""}  # fmt: skip
    with unchanged():
        page = client.post(url(necromantic_friendly, "report"), data)
    assert page.status_code == 400
    assert "Da Krumpers's #5 Lineman 5 was not killed in this match." in text(page)
