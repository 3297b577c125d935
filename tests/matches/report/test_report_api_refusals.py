"""/api/matches/<id>/report/ refuses every bad report with an HTTP 400 keyed by the field
to change — a nested one by its path, lists counted from 1 as the rules count casualties
(`casualties.2`, `home.players.1.actions.touchdown`) — and stores nothing: no report, line,
casualty, die or participant, and the match keeps its status."""

from __future__ import annotations

import pytest

from matches.models import Casualty, DiceRoll, Performance, Report
from teams.models import Player
from tests.matches.report.test_report_api import BLITZ_REPORT, PLAYED, hurt, put, ref
from tests.matches.test_api import client_of
from tests.teams.helpers import record
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

SCORE = {"played_on": PLAYED, "home_touchdowns": 2, "away_touchdowns": 1}


def rows() -> dict[str, int]:
    """How many of each record a report writes there are."""
    return {
        model.__name__: model.objects.count() for model in (Report, Performance, Casualty, DiceRoll)
    }


def apothecary(victim: int, causer: int) -> dict:
    """An Orc hurt by an Orc of the other team and treated by his apothecary."""
    return hurt(ref("home", victim), ref("away", causer), helper="apothecary", kept="first",
                dice={"casualty": [6, 1], "apothecary": [1, 1]})  # fmt: skip


# 17 points to 7: 4 x 2 touchdowns + 5 challenge + 2 x 1 clean sweep + 2 bonus play, and
# 4 x 1 + 3 challenge.
SUDDEN_DEATH = {**BLITZ_REPORT, "home_touchdowns": 2, "home": {**BLITZ_REPORT["home"], "score": 17}}
# (the match, the report, the field the 400 names, words of its message)
REFUSED = {
    "a player who is not on that team": (
        "friendly", {"home": {"players": [{"number": 60, "actions": {"touchdown": 1}}]}},
        "home.players", "Gouged Eye has no player #60.",
    ),
    "a victim and a causer on the same side for a block": (
        "friendly", {"casualties": [hurt(ref("home", 3), ref("home", 4))]},
        "casualties.1", "both play for Gouged Eye",
    ),
    "an apothecary for a team that may have none": (
        "nurgle_friendly",
        {"casualties": [hurt(ref("away", 3), ref("home", 4), helper="apothecary")]},
        "casualties.1", "Rotten Rovers has no apothecary in this match.",
    ),
    "an apothecary used twice": (
        "friendly", {"casualties": [apothecary(3, 4), apothecary(5, 6)]},
        "casualties.2", "Gouged Eye's apothecary works once per match; it was already used.",
    ),
    "more MVPs than the rules give": (
        "friendly", {"home": {"mvps": [1, 2]}}, "home.mvps",
        "Gouged Eye awards 1 MVP in this match, not 2.",
    ),
    "a die outside its notation": (
        "friendly", {"casualties": [hurt(ref("away", 3), ref("home", 4),
                                          dice={"casualty": [7, 1]})]},
        "casualties.1", "Die 1 of a D68 roll reads 1 to 6, not 7.",
    ),
    "a negative count": (
        "friendly", {"home": {"players": [{"number": 6, "actions": {"touchdown": -1}}]}},
        "home.players.1.actions.touchdown", "greater than or equal to 0",
    ),
    "more touchdowns than LRB6 allows": (
        "friendly", {"home_touchdowns": 25}, "home_touchdowns",
        "Gouged Eye's touchdowns are 0 to 24, not 25.",
    ),
    "a Blitz Bowl score that does not add up": (
        "blitz_friendly", {**BLITZ_REPORT, "home": {**BLITZ_REPORT["home"], "score": 20}},
        "home.score", "make 21",
    ),
    "a Sudden Death with too small a margin": (
        "blitz_friendly", {**SUDDEN_DEATH, "away": {"challenge_points": 4, "score": 8}},
        "win_type", "Sudden Death needs Middenheim Wolves 10 or more points behind, not 9.",
    ),
    "a word for a count": (
        "friendly", {"home": {"players": [{"number": 6, "actions": {"touchdown": "x"}}]}},
        "home.players.1.actions.touchdown", "A valid integer is required.",
    ),
    "a word for a player's number": (
        "friendly", {"casualties": [hurt(ref("away", "three"), ref("home", 4))]},
        "casualties.1.victim.number", "A valid integer is required.",
    ),
    "a side that is neither home nor away": (
        "friendly", {"casualties": [{}, hurt(ref("left", 3))]},
        "casualties.2.victim.side", '"left" is not a valid choice.',
    ),
    "a team's block that is no block": (
        "friendly", {"home": "everyone"}, "home", "Expected a dictionary",
    ),
    "a word for the kept result": (
        "friendly", {"casualties": [apothecary(3, 4) | {"kept": "best"}]},
        "casualties.1.kept", '"best" is not a valid choice.',
    ),
    "an MVP that is no number": (
        "friendly", {"away": {"mvps": [4, "Ug"]}}, "away.mvps.2", "A valid integer is required.",
    ),
}  # fmt: skip


@pytest.mark.parametrize(
    ("match_name", "body", "field", "words"), REFUSED.values(), ids=REFUSED.keys()
)
def test_a_bad_report_is_a_400_naming_its_field_that_stores_nothing(
    request, home_coach, match_name, body, field, words
) -> None:
    match = request.getfixturevalue(match_name)
    before = rows()
    with unchanged():
        answer = put(home_coach, match, {**SCORE, **body})
    assert answer.status_code == 400, answer.json()
    assert field in answer.json(), answer.json()
    assert words in " ".join(answer.json()[field])
    assert rows() == before


def test_a_sudden_death_ten_points_behind_stands(blitz_friendly, home_coach) -> None:
    """The margin the refusal above falls one point short of."""
    answer = put(home_coach, blitz_friendly, SUDDEN_DEATH)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["report"]["win_type"] == "sudden_death"


def struck(player: Player, status: str, coach) -> None:
    """The player's status changed through his team's ledger, as a match's result does."""
    change = {"op": "player", "player": player.key, "field": "status", "from": "active",
              "to": status}  # fmt: skip
    record(player.team, "report", f"#{player.number} is {status}", coach, [change])


@pytest.mark.parametrize(
    ("status", "words"), [("dead", "is dead"), ("missing_next_game", "misses this match")]
)
def test_a_player_who_is_dead_or_misses_the_match_is_refused_in_a_line_or_a_casualty(
    friendly, home_coach, home_team, status, words
) -> None:
    player = home_team.players.get(number=3)
    struck(player, status, home_coach)
    line = {"home": {"players": [{"number": 3, "actions": {"completion": 1}}]}}
    casualty = {"casualties": [hurt(ref("home", 3), ref("away", 4))]}
    for body, field in ((line, "home.players"), (casualty, "casualties.1")):
        with unchanged():
            answer = put(home_coach, friendly, {**SCORE, **body})
        assert answer.status_code == 400, answer.json()
        [message] = answer.json()[field]
        assert message.endswith(f"#3 Lineman 3 {words}, so he did not take part.")


def test_a_report_for_a_match_already_confirmed_is_refused(
    friendly, home_coach, away_coach
) -> None:
    body = {**SCORE, "server_rolls": True}
    assert put(home_coach, friendly, body).status_code == 200
    client_of(home_coach).post(f"/api/matches/{friendly.pk}/submit/")
    assert client_of(away_coach).post(f"/api/matches/{friendly.pk}/confirm/").status_code == 200
    with unchanged():
        answer = put(home_coach, friendly, {**body, "home_touchdowns": 3})
    assert answer.status_code == 400
    assert answer.json() == {"status": [
        "The report of Gouged Eye v Da Krumpers is confirmed: it cannot be changed now."
    ]}  # fmt: skip


def test_every_problem_of_a_report_is_named_at_once(friendly, home_coach) -> None:
    body = {
        **SCORE,
        "home": {"players": [{"number": 60}], "mvps": [1, 2]},
        "away": {"players": [{"number": 2, "actions": {"touchdown": "two"}}]},
        "casualties": [hurt(ref("home", 3), ref("home", 4))],
    }  # fmt: skip
    with unchanged():
        typed = put(home_coach, friendly, body)
    # The types first: a body the serializer refuses is not read against the rules.
    assert set(typed.json()) == {"away.players.1.actions.touchdown"}
    del body["away"]
    with unchanged():
        ruled = put(home_coach, friendly, body)
    assert set(ruled.json()) == {"home.players", "home.mvps", "casualties.1"}
