"""GET /api/matches/<id>/post-game/: an applied report's steps in the ruleset's order, each
with its inputs, dice, result and changes (shirt number and ledger key), and the players due
an improvement roll; a 404 giving the reason until the report is applied. Read in as many
queries however many players the report names. Confirming through the API applies the
report as the service does. The worked example is tests/matches/post_game/test_post_game.py's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.seasons import fixture_forfeit
from league.services import league_update
from matches import workflow
from matches.models import Match, PostGame
from tests.matches.helpers import PLAYED, submitted
from tests.matches.post_game.test_post_game import (
    AWAY_GOLD,
    FORFEIT_WHY,
    GATE_DICE,
    HOME_GOLD,
    MISSING,
    START,
    STEPS,
    TABLE_DICE,
    at_the_table,
    gate_recorded,
    league_match,
    ledger_clean,
    not_applied,
    reported,
    standing,
    with_casualty,
)
from tests.matches.rulesets import friendly_of
from tests.matches.test_api import client_of
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

NOT_YET = "This report has not been applied yet."


def url(match: Match) -> str:
    return f"/api/matches/{match.pk}/post-game/"


def applied(match: Match) -> Match:
    """The worked example confirmed by the away coach, and so applied."""
    gate_recorded(match)
    reported(match, match.home.coach)
    at_the_table(match, TABLE_DICE)
    return workflow.report_confirm(match, match.away.coach)


def read(reader, match: Match) -> dict:
    answer = client_of(reader).get(url(match))
    assert answer.status_code == 200, answer.json()
    return answer.json()


def test_the_post_game_gives_the_steps_in_order_with_their_dice_and_changes(
    friendly, home_coach, away_coach, home_team
) -> None:
    applied(friendly)
    body = read(home_coach, friendly)
    assert set(body) == {"applied_at", "applied_by", "steps", "level_ups"}
    assert body["applied_by"] == "griff"
    assert body["applied_at"] == PostGame.objects.get(match=friendly).applied_at.isoformat(
    ).replace("+00:00", "Z")  # fmt: skip
    assert [step["key"] for step in body["steps"]] == STEPS
    for step in body["steps"]:
        assert set(step) == {"key", "name", "inputs", "dice", "result", "changes"}
        assert step["result"]
    winnings, fan_factor, mvp, spp = body["steps"][:4]
    assert winnings["dice"] == [
        {"purpose": "winnings for home", "notation": "D6", "values": [4], "source": "entered"},
        {"purpose": "winnings for away", "notation": "D6", "values": [3], "source": "entered"},
    ]
    assert winnings["changes"] == [
        {"side": "home", "what": "treasury", "amount": HOME_GOLD, "number": None, "key": "",
         "why": "winnings"},
        {"side": "away", "what": "treasury", "amount": AWAY_GOLD, "number": None, "key": "",
         "why": "winnings"},
    ]  # fmt: skip
    assert [die["purpose"] for die in fan_factor["dice"]] == [
        "fan factor for home", "fan factor for away"
    ]  # fmt: skip
    assert [die["values"] for die in fan_factor["dice"]] == [[3, 5, 6], [2, 2]]
    assert (mvp["dice"], spp["dice"]) == ([], [])
    key = home_team.players.get(number=6).key
    assert {"side": "home", "what": "spp", "amount": 11, "number": 6, "key": key,
            "why": "2 × Touchdown, 1 × Most Valuable Player"} in spp["changes"]  # fmt: skip
    assert {"side": "home", "what": "mvps", "amount": 1, "number": 6, "key": key,
            "why": "MVP"} in mvp["changes"]  # fmt: skip
    assert all(change["number"] is not None and change["key"]
               for change in mvp["changes"] + spp["changes"])  # fmt: skip
    assert body["level_ups"] == {"home": [6], "away": []}


def test_before_the_report_is_applied_the_post_game_is_a_404_saying_so(
    friendly, home_coach, away_coach
) -> None:
    answer = client_of(home_coach).get(url(friendly))
    assert (answer.status_code, answer.json()) == (404, {"detail": NOT_YET})
    submitted(friendly, home_coach)
    answer = client_of(away_coach).get(url(friendly))
    assert (answer.status_code, answer.json()) == (404, {"detail": NOT_YET})


def test_a_report_that_waits_for_the_commissioner_is_a_404_until_approved(
    waiting_match, home_coach, commissioner
) -> None:
    applied(waiting_match)  # confirmed: it waits
    answer = client_of(home_coach).get(url(waiting_match))
    assert (answer.status_code, answer.json()) == (404, {"detail": NOT_YET})
    workflow.report_approve(waiting_match, commissioner)
    assert read(home_coach, waiting_match)["applied_by"] == "nuffle"


def test_a_report_with_casualties_is_applied_and_its_casualties_step_names_the_die(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    with_casualty(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    confirmed = client_of(away_coach).post(f"/api/matches/{friendly.pk}/confirm/")
    assert confirmed.json()["status"] == "confirmed"
    steps = {step["key"]: step for step in read(home_coach, friendly)["steps"]}
    assert [die["purpose"] for die in steps["casualties"]["dice"]] == ["casualty for away #3"]


def test_a_first_edition_report_confirmed_through_the_api_answers_its_result(
    first_friendly, home_coach, away_coach
) -> None:
    submitted(first_friendly, home_coach)
    client_of(away_coach).post(f"/api/matches/{first_friendly.pk}/confirm/")
    answer = client_of(home_coach).get(url(first_friendly))
    assert answer.status_code == 200
    assert [step["key"] for step in answer.json()["steps"]] == ["result"]
    assert PostGame.objects.get().match_id == first_friendly.pk


def test_the_404_of_a_forfeit_says_why_it_is_not_applied(
    fixture_match, home_coach, home_team, commissioner
) -> None:
    fixture_forfeit(fixture_match.fixture, commissioner, home_team)
    with unchanged():
        answer = client_of(home_coach).get(url(fixture_match))
    assert (answer.status_code, answer.json()) == (404, {"detail": FORFEIT_WHY})
    not_applied(fixture_match)


def test_confirming_through_the_api_applies_the_report(friendly, home_coach, away_coach) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    for purpose, values in TABLE_DICE.items():
        coach = home_coach if purpose.endswith("home") else away_coach
        body = {"purpose": purpose, "notation": f"{len(values)}D6" if len(values) > 1 else "D6",
                "values": values, "source": "entered"}  # fmt: skip
        answer = client_of(coach).post(f"/api/matches/{friendly.pk}/dice/", body, format="json")
        assert answer.status_code == 201, answer.json()
    confirmed = client_of(away_coach).post(f"/api/matches/{friendly.pk}/confirm/")
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "confirmed"
    assert standing(friendly.home)[:2] == (START + HOME_GOLD, 4)
    assert standing(friendly.away)[:2] == (START + AWAY_GOLD, 3)
    assert read(away_coach, friendly)["level_ups"] == {"home": [6], "away": []}
    ledger_clean()


def test_confirming_through_the_api_without_the_entered_dice_is_a_400_naming_them(
    commissioner, lrb6, home_team, away_team, home_coach, away_coach
) -> None:
    match = league_match(commissioner, lrb6, home_team, away_team, "entered")
    reported(match, home_coach)
    client = client_of(away_coach)
    with unchanged():
        answer = client.post(f"/api/matches/{match.pk}/confirm/")
    assert answer.status_code == 400
    assert answer.json() == {"dice": [message for _, message in MISSING]}
    at_the_table(match, {**GATE_DICE, **TABLE_DICE})
    assert client.post(f"/api/matches/{match.pk}/confirm/").status_code == 200
    assert read(away_coach, match)["steps"][0]["inputs"]["fame"] == {"home": 1, "away": 0}


def test_confirming_through_the_api_with_a_die_typed_as_the_wrong_roll_is_a_400(
    friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    reported(friendly, home_coach)
    at_the_table(friendly, {**TABLE_DICE, "fan factor for home": [3, 5]})
    client = client_of(away_coach)
    client.raise_request_exception = False
    with unchanged():
        answer = client.post(f"/api/matches/{friendly.pk}/confirm/")
    assert answer.status_code == 400
    assert answer.json() == {
        "dice": ["'fan factor for home' is a 3D6 roll, not 2D6: type it again as 3D6."]
    }


# --- Who reads it -------------------------------------------------------------------------


def test_anyone_who_may_see_a_friendly_reads_its_post_game(friendly, outsider) -> None:
    applied(friendly)
    assert read(outsider, friendly)["applied_by"] == "griff"
    assert read(None, friendly)["applied_by"] == "griff"


@pytest.mark.parametrize("public", [True, False])
def test_a_private_league_s_post_game_is_hidden_from_outsiders(
    public, fixture_match, outsider, home_coach, commissioner
) -> None:
    league_update(fixture_match.fixture.season.league, commissioner, {"public": public})
    applied(fixture_match)
    answer = client_of(outsider).get(url(fixture_match))
    assert answer.status_code == (200 if public else 404)
    if not public:
        assert answer.json() == {"detail": "No such match."}
    assert read(home_coach, fixture_match)["steps"][0]["key"] == "winnings"


# --- Query count ----------------------------------------------------------------------------


def queries_to_read(reader, match: Match) -> int:
    with CaptureQueriesContext(connection) as reading:
        read(reader, match)
    return len(reading.captured_queries)


def every_line(side: str) -> dict:
    """All eleven players of a side with a line: each a completion, #1 the MVP."""
    return {"players": [{"number": n, "actions": {"completion": 1}} for n in range(1, 12)],
            "mvps": [1]}  # fmt: skip


def test_reading_the_post_game_costs_the_same_for_two_lines_as_for_eleven(
    friendly, home_coach, away_coach, lrb6
) -> None:
    applied(friendly)  # 2 home lines, 1 away line
    few = queries_to_read(home_coach, friendly)
    bigger = friendly_of(orc_team(home_coach, lrb6, "Gouged Eye II"),
                         orc_team(away_coach, lrb6, "Da Krumpers II"))  # fmt: skip
    gate_recorded(bigger)
    workflow.report_save(bigger, home_coach, PLAYED, 2, 1,
                         {"home": every_line("home"), "away": every_line("away")})  # fmt: skip
    workflow.report_submit(bigger, home_coach)
    at_the_table(bigger, TABLE_DICE)
    workflow.report_confirm(bigger, away_coach)
    assert len(read(home_coach, bigger)["steps"][3]["changes"]) == 44  # SPP and completions
    assert queries_to_read(home_coach, bigger) == few


def test_the_schema_types_the_post_game(db) -> None:
    schema = client_of().get("/api/schema/", {"format": "json"}).json()
    assert "/api/matches/{id}/post-game/" in schema["paths"]
    post_game = schema["components"]["schemas"]["PostGame"]["properties"]
    assert {"applied_at", "applied_by", "steps", "level_ups"} <= set(post_game)
    change = schema["components"]["schemas"]["ChangeAnswer"]["properties"]
    assert {"side", "what", "amount", "number", "key", "why"} <= set(change)
