"""/api/matches/<id>/report/ under each ruleset: the report stored whole and read back as it
was entered, with each casualty's result, its dice in words and the dice themselves, in as
many queries however much it holds, and typed in the schema. The server's dice are in
test_report_api_dice.py, the refusals in test_report_api_refusals.py."""

from __future__ import annotations

import copy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.seasons import fixture_forfeit
from matches.models import Match
from teams.services import team_create
from tests.matches.rulesets import friendly_of
from tests.matches.test_api import client_of
from tests.teams.helpers import squad

pytestmark = pytest.mark.django_db

PLAYED = "2026-11-01"
# What the server reads from a report, beside what the coach entered.
READ_ONLY = ("forfeit", "submitted_by", "unfinished")


def put(coach, match: Match, body: dict):
    return client_of(coach).put(f"/api/matches/{match.pk}/report/", body, format="json")


def report_read(reader, match: Match) -> dict:
    answer = client_of(reader).get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200
    return answer.json()["report"]


def ref(side: str, number: int) -> dict:
    return {"side": side, "number": number}


def hurt(victim: dict, causer: dict | None = None, action: str = "block", **rest) -> dict:
    """A casualty as the coach enters it: who was hurt, by whom, how, and its dice."""
    return {"victim": victim, "causer": causer, "action": action, **rest}


def as_entered(report: dict) -> dict:
    """The report read back without what the server read from it: a body to send again."""
    body = {key: value for key, value in copy.deepcopy(report).items() if key not in READ_ONLY}
    for side in ("home", "away"):
        for line in body[side]["players"]:
            line.pop("name")
    for casualty in body["casualties"]:
        for key in ("result", "rolls", "dice_rolled"):
            casualty.pop(key)
    if body["concession"]:
        body["concession"].pop("said")
    return body


def entered(purpose: str, notation: str, values: list[int]) -> dict:
    return {"purpose": purpose, "notation": notation, "values": values, "source": "entered"}


# --- each ruleset's report, entered and read back ---------------------------------------

LRB6_REPORT = {
    "played_on": PLAYED, "home_touchdowns": 2, "away_touchdowns": 1,
    "notes": "Rain all match.",
    "home": {"players": [{"number": 6, "actions": {"touchdown": 2, "completion": 1}}],
             "mvps": [9]},
    "away": {"players": [{"number": 11, "actions": {"touchdown": 1}}], "mvps": [4]},
    "casualties": [
        # A Rotter with Decay rolls twice on the casualty table.
        hurt(ref("away", 3), ref("home", 10), dice={"casualty": [6, 1], "decay": [4, 2]}),
        # The Orc apothecary re-rolls a death, and the coach keeps the second result.
        hurt(ref("home", 2), ref("away", 4), "foul", helper="apothecary", kept="second",
             dice={"casualty": [6, 2], "apothecary": [1, 3]}),
        hurt(ref("home", 7), ref("away", 10), "blitz", dice={"casualty": [6, 4]}),
    ],
}  # fmt: skip


def test_an_lrb6_report_with_a_death_decay_and_the_apothecary_is_read_back_as_entered(
    nurgle_friendly, home_coach, away_coach
) -> None:
    answer = put(home_coach, nurgle_friendly, LRB6_REPORT)
    assert answer.status_code == 200, answer.json()
    report = answer.json()["report"]
    assert report == report_read(away_coach, nurgle_friendly)
    assert (report["played_on"], report["notes"]) == (PLAYED, LRB6_REPORT["notes"])
    assert report["home"]["players"] == [
        {"number": 6, "name": "Blitzer 6", "actions": {"touchdown": 2, "completion": 1}}
    ]
    assert report["away"]["players"] == [
        {"number": 11, "name": "Pestigor 11", "actions": {"touchdown": 1}}
    ]
    assert (report["home"]["mvps"], report["away"]["mvps"]) == ([9], [4])
    decay, treated, dead = report["casualties"]
    assert (decay["result"], decay["rolls"]) == (
        "Dead and Groin Strain",
        ["casualty D68 6-1: Dead", "Decay casualty D68 4-2: Groin Strain"],
    )
    assert decay["dice"] == {"casualty": [6, 1], "decay": [4, 2]}
    assert decay["dice_rolled"] == [
        entered("casualty for away #3", "D68", [6, 1]),
        entered("Decay casualty for away #3", "D68", [4, 2]),
    ]
    assert (treated["helper"], treated["kept"], treated["result"]) == (
        "apothecary", "second", "Badly Hurt"
    )  # fmt: skip
    assert treated["rolls"] == [
        "casualty D68 6-2: Dead", "apothecary's casualty D68 1-3: Badly Hurt (kept: second)"
    ]  # fmt: skip
    assert (dead["action"], dead["means"], dead["result"]) == ("blitz", "ordinary", "Dead")
    assert (dead["victim"], dead["causer"]) == (ref("home", 7), ref("away", 10))
    assert (report["concession"], report["unfinished"]) == (None, [])


def test_an_lrb6_report_is_submitted_and_confirmed_by_the_other_coach(
    nurgle_friendly, home_coach, away_coach
) -> None:
    assert put(home_coach, nurgle_friendly, LRB6_REPORT).status_code == 200
    submitted = client_of(home_coach).post(f"/api/matches/{nurgle_friendly.pk}/submit/")
    assert submitted.json()["status"] == "submitted"
    confirmed = client_of(away_coach).post(f"/api/matches/{nurgle_friendly.pk}/confirm/")
    assert confirmed.json()["status"] == "confirmed"
    report = confirmed.json()["report"]
    assert (report["submitted_by"], len(report["casualties"])) == ("varag", 3)
    assert report["casualties"][0]["result"] == "Dead and Groin Strain"


def test_a_report_read_back_and_sent_again_is_the_same_report(nurgle_friendly, home_coach) -> None:
    first = put(home_coach, nurgle_friendly, LRB6_REPORT).json()["report"]
    for read, sent in zip(as_entered(first)["casualties"], LRB6_REPORT["casualties"], strict=True):
        assert {key: read[key] for key in sent} == sent
    again = put(home_coach, nurgle_friendly, as_entered(first))
    assert again.status_code == 200, again.json()
    assert again.json()["report"] == first


def test_a_gdbbl_report_reads_the_injury_modifier_and_the_serious_injury(
    gdbbl_friendly, home_coach, away_coach
) -> None:
    body = {
        "played_on": PLAYED, "home_touchdowns": 1, "away_touchdowns": 1,
        "home": {"players": [{"number": 8, "actions": {"touchdown": 1}}], "mvps": [3]},
        "away": {"players": [{"number": 2, "actions": {"touchdown": 1}}], "mvps": [8]},
        "casualties": [
            # 5 + 5 + 1 is 11: a serious injury, whose 2D6 of 8 is a niggling injury.
            hurt(ref("away", 5), ref("home", 10), modifier=1,
                 dice={"injury": [5, 5], "serious": [4, 4]}),
            # Dead on an unmodified 12, whatever the modifier.
            hurt(ref("away", 6), ref("home", 11), modifier=-1, dice={"injury": [6, 6]}),
        ],
    }  # fmt: skip
    answer = put(home_coach, gdbbl_friendly, body)
    assert answer.status_code == 200, answer.json()
    report = report_read(away_coach, gdbbl_friendly)
    serious, dead = report["casualties"]
    assert (serious["modifier"], serious["dice"]) == (1, {"injury": [5, 5], "serious": [4, 4]})
    assert serious["result"] == "Serious Injury (niggling injury)"
    assert serious["rolls"] == [
        "injury 2D6 5+5 +1: Serious Injury", "serious injury 2D6 4+4: niggling"
    ]  # fmt: skip
    assert [die["purpose"] for die in serious["dice_rolled"]] == [
        "injury for away #5", "serious injury for away #5"
    ]  # fmt: skip
    assert (dead["modifier"], dead["result"]) == (-1, "Dead")
    assert report["home"]["players"][0]["name"] == "Catcher 8"
    assert (report["home"]["mvps"], report["away"]["mvps"], report["unfinished"]) == (
        [3], [8], []
    )  # fmt: skip


BLITZ_REPORT = {
    "played_on": PLAYED, "home_touchdowns": 3, "away_touchdowns": 1,
    # 4 x 3 touchdowns + 5 challenge + 2 x 1 clean sweep + 2 bonus play = 21; 4 + 3 = 7.
    "home": {"challenge_points": 5, "clean_sweeps": 1, "bonus_points": 2, "score": 21},
    "away": {"challenge_points": 3, "score": 7},
    "win_type": "sudden_death",
}  # fmt: skip


def test_a_blitz_bowl_report_keeps_its_points_and_its_win_type(
    blitz_friendly, home_coach, away_coach
) -> None:
    assert put(home_coach, blitz_friendly, BLITZ_REPORT).status_code == 200
    report = report_read(away_coach, blitz_friendly)
    assert report["home"] == {
        "players": [], "mvps": [], "raised": [], "challenge_points": 5, "challenge_cards": [],
        "clean_sweeps": 1, "bonus_points": 2, "score": 21,
    }  # fmt: skip
    assert (report["away"]["challenge_points"], report["away"]["score"]) == (3, 7)
    assert (report["win_type"], report["regional_roll"], report["endgame_active"]) == (
        "sudden_death", None, False
    )  # fmt: skip
    assert (report["casualties"], report["unfinished"]) == ([], [])
    submitted = client_of(home_coach).post(f"/api/matches/{blitz_friendly.pk}/submit/")
    assert submitted.json()["status"] == "submitted"


def test_a_first_edition_report_is_the_score_played_to_two_touchdowns(
    first_friendly, home_coach, away_coach
) -> None:
    body = {"played_on": PLAYED, "home_touchdowns": 2, "away_touchdowns": 1, "notes": "Close."}
    assert put(home_coach, first_friendly, body).status_code == 200
    report = report_read(away_coach, first_friendly)
    assert (report["home_touchdowns"], report["away_touchdowns"], report["notes"]) == (
        2, 1, "Close."
    )  # fmt: skip
    assert (report["veterans_rules"], report["casualties"], report["unfinished"]) == ([], [], [])
    submitted = client_of(home_coach).post(f"/api/matches/{first_friendly.pk}/submit/")
    assert submitted.status_code == 200
    confirmed = client_of(away_coach).post(f"/api/matches/{first_friendly.pk}/confirm/")
    assert confirmed.json()["status"] == "confirmed"


def test_a_concession_is_read_back_with_its_words(friendly, home_coach) -> None:
    body = {
        "played_on": PLAYED, "home_touchdowns": 1, "away_touchdowns": 0, "server_rolls": True,
        "concession": {"side": "away", "half": 2, "turn": 5, "forced": True},
    }  # fmt: skip
    report = put(home_coach, friendly, body).json()["report"]
    assert report["concession"] == {
        "side": "away", "half": 2, "turn": 5, "forced": True,
        "said": "Da Krumpers conceded in the second half, turn 5 "
        "(forced: fewer than three could play).",
    }  # fmt: skip
    # LRB6's concession rule: the winner awards both MVPs, the conceder none.
    assert (len(report["home"]["mvps"]), report["away"]["mvps"]) == (2, [])


def test_a_forfeit_over_a_draft_reads_as_the_forfeit_score_with_nothing_left_to_do(
    fixture_match, home_coach, home_team, commissioner
) -> None:
    body = {**LRB6_REPORT, "casualties": [], "server_rolls": True}
    body["home"] = {"players": LRB6_REPORT["home"]["players"]}
    assert put(home_coach, fixture_match, body).status_code == 200
    fixture_forfeit(fixture_match.fixture, commissioner, home_team)
    report = report_read(home_coach, fixture_match)
    assert (report["forfeit"], report["home_touchdowns"], report["away_touchdowns"]) == (
        True, 0, 2
    )  # fmt: skip
    assert (report["home"]["players"], report["home"]["mvps"], report["away"]["mvps"]) == (
        [], [], []
    )  # fmt: skip
    assert report["unfinished"] == []


# --- reading a report costs the same however much it holds -------------------------------


def queries_to_read(reader, match: Match) -> int:
    with CaptureQueriesContext(connection) as read:
        assert client_of(reader).get(f"/api/matches/{match.pk}/").status_code == 200
    return len(read.captured_queries)


def test_reading_a_report_costs_the_same_however_many_lines_and_casualties_it_has(
    nurgle_friendly, home_coach
) -> None:
    small = {"played_on": PLAYED, "home_touchdowns": 0, "away_touchdowns": 0,
             "home": {"mvps": [1]}, "away": {"mvps": [1]}}  # fmt: skip
    put(home_coach, nurgle_friendly, small)
    few = queries_to_read(home_coach, nurgle_friendly)
    assert put(home_coach, nurgle_friendly, LRB6_REPORT).status_code == 200
    assert queries_to_read(home_coach, nurgle_friendly) == few


def test_reading_a_report_costs_the_same_however_many_players_took_part(
    friendly, home_coach, away_coach, away_team, lrb6
) -> None:
    body = {"played_on": PLAYED, "home_touchdowns": 0, "away_touchdowns": 0,
            "server_rolls": True}  # fmt: skip
    put(home_coach, friendly, body)
    eleven = queries_to_read(home_coach, friendly)
    twelve = team_create(
        home_coach, lrb6, "Twelve Tuskers", "orc",
        squad((6, "Lineman"), (4, "Blitzer"), (2, "Black Orc Blocker")), rerolls=2,
    )  # fmt: skip
    bigger = friendly_of(twelve, away_team)
    put(home_coach, bigger, body)
    assert queries_to_read(home_coach, bigger) == eleven


def test_the_schema_types_the_report_as_it_is_read_back(db) -> None:
    schemas = client_of().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    report = schemas["Report"]["properties"]
    assert {"home", "away", "casualties", "concession", "unfinished", "win_type"} <= set(report)
    casualty = schemas["CasualtyAnswer"]["properties"]
    assert casualty["rolls"] == {
        "type": "array",
        "items": {"type": "string"},
        "readOnly": True,
        "description": "Each die read in words.",
    }
    assert casualty["dice_rolled"]["items"] == {"$ref": "#/components/schemas/DieAnswer"}
    assert schemas["SideAnswer"]["properties"]["score"]["nullable"] is True
