"""/api/matches/<id>/journeymen/, /inducements/ and /gate/: LRB6's pre-match sequence through
the API, with the service's checks, and the match read back with its kick-off. The worked
example is the issue's (tests/matches/kick_off/test_kick_off.py): Humans worth 900,000 with 9
players able to play and 30,000 in the treasury against a team of 1,400,000."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from matches.models import Match
from teams.models import LedgerEntry
from tests.matches.kick_off import test_kick_off as service_tests
from tests.unchanged import unchanged

# The two teams and their friendly, as the service tests build them.
humans, giants, match = service_tests.humans, service_tests.giants, service_tests.match


def client_of(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def post(user, match: Match, step: str, body: dict | None = None):
    return client_of(user).post(f"/api/matches/{match.pk}/{step}/", body or {}, format="json")


def journeymen_taken(match: Match, home_coach, away_coach) -> None:
    assert (
        post(home_coach, match, "journeymen", {"positions": ["Lineman", "Lineman"]}).status_code
        == 200
    )
    assert post(away_coach, match, "journeymen", {"positions": []}).status_code == 200


def test_the_worked_example_through_the_api_ends_with_20000_in_the_treasury(
    match, humans, home_coach, away_coach
) -> None:
    first = post(home_coach, match, "journeymen", {"positions": ["Lineman", "Lineman"]})
    assert first.status_code == 200, first.json()
    assert first.json()["kick_off"]["home"]["journeymen_done"] is True
    assert first.json()["kick_off"]["home"]["value"] is None  # until both have theirs
    hired = [p for p in first.json()["participants"] if p["kind"] == "journeyman"]
    assert [(p["number"], p["name"], p["position"], p["value"]) for p in hired] == [
        (12, "Journeyman Lineman", "Lineman", 50_000),
        (13, "Journeyman Lineman", "Lineman", 50_000),
    ]

    second = post(away_coach, match, "journeymen", {})
    assert second.status_code == 200, second.json()
    kick_off = second.json()["kick_off"]
    assert (kick_off["home"]["value"], kick_off["home"]["petty_cash"]) == (1_000_000, 400_000)
    assert (kick_off["away"]["value"], kick_off["away"]["petty_cash"]) == (1_400_000, 0)
    assert "inducements" in second.json()["actions"]  # the away coach's

    body = {"items": {"wizard": 1}, "stars": ["Mighty Zug"]}
    induced = post(home_coach, match, "inducements", body)
    assert induced.status_code == 200, induced.json()
    home = induced.json()["kick_off"]["home"]
    assert home["inducements"] == {"items": {"wizard": 1}, "stars": ["Mighty Zug"],
                                   "mercenaries": []}  # fmt: skip
    assert home["bill"] == [
        {"what": "Wizard", "count": 1, "each": 150_000},
        {"what": "Mighty Zug", "count": 1, "each": 260_000},
    ]
    assert home["from_treasury"] == 10_000
    star = [p for p in induced.json()["participants"] if p["kind"] == "star"]
    assert [(p["name"], p["position"]) for p in star] == [("Mighty Zug", None)]
    humans.refresh_from_db()
    assert humans.treasury == 20_000
    [entry] = LedgerEntry.objects.filter(team=humans, kind="inducements")
    assert entry.deltas == [{"op": "treasury", "amount": -10_000}]
    assert (entry.cause.kind, entry.cause.ref) == ("inducements", match.pk)

    for coach, side, values in ((home_coach, "home", [3, 4]), (away_coach, "away", [2, 2])):
        die = {"purpose": f"gate for {side}", "notation": "2D6", "source": "entered",
               "values": values}  # fmt: skip
        assert (
            client_of(coach).post(f"/api/matches/{match.pk}/dice/", die, format="json").status_code
            == 201
        )
    gate = post(home_coach, match, "gate")
    assert gate.status_code == 200, gate.json()
    kick_off = gate.json()["kick_off"]
    # (7 + 9) x 1,000 = 16,000 against (4 + 3) x 1,000 = 7,000: at least twice as many.
    assert (kick_off["home"]["fans"], kick_off["home"]["fame"]) == (16_000, 2)
    assert (kick_off["away"]["fans"], kick_off["away"]["fame"]) == (7_000, 0)
    assert "gate" not in gate.json()["actions"]


def test_a_match_before_any_step_reads_back_with_no_kick_off(match, home_coach) -> None:
    answer = client_of(home_coach).get(f"/api/matches/{match.pk}/")
    assert answer.json()["kick_off"] == {}
    assert {"journeymen", "gate"} <= set(answer.json()["actions"])


def test_the_side_defaults_to_the_coachs_own_team(match, away_coach) -> None:
    answer = post(away_coach, match, "journeymen", {})
    assert answer.status_code == 200, answer.json()
    kick_off = answer.json()["kick_off"]
    assert (kick_off["away"]["journeymen_done"], kick_off["home"]["journeymen_done"]) == (
        True,
        False,
    )


def test_reading_the_match_costs_the_same_however_many_hires_it_has(
    match, home_coach, away_coach
) -> None:
    def queries() -> int:
        with CaptureQueriesContext(connection) as read:
            assert client_of(home_coach).get(f"/api/matches/{match.pk}/").status_code == 200
        return len(read.captured_queries)

    post(home_coach, match, "journeymen", {"positions": ["Lineman"]})
    one = queries()
    post(home_coach, match, "journeymen", {"positions": ["Lineman", "Lineman"]})
    post(away_coach, match, "journeymen", {})
    post(home_coach, match, "inducements", {"mercenaries": [{"position": "Lineman"}]})
    assert queries() == one


# --- refusals: a 400 naming the field, nothing spent --------------------------------------


def refused(user, match: Match, step: str, body: dict | None = None) -> dict:
    with unchanged():
        answer = post(user, match, step, body)
    assert answer.status_code == 400, answer.json()
    return answer.json()


def test_inducements_over_budget_are_refused_and_nothing_is_spent(
    match, home_coach, away_coach
) -> None:
    journeymen_taken(match, home_coach, away_coach)
    body = {"items": {"wizard": 1, "bribes": 1}, "stars": ["Mighty Zug"]}
    assert refused(home_coach, match, "inducements", body) == {
        "inducements": ["The inducements cost 510,000; Reikland Reavers has 400,000 of petty "
                        "cash and may add 30,000 from its treasury."]
    }  # fmt: skip


def test_three_wizards_are_over_the_limit_of_one(match, home_coach, away_coach) -> None:
    journeymen_taken(match, home_coach, away_coach)
    answer = refused(home_coach, match, "inducements", {"items": {"wizard": 3}})
    assert "A team may induce at most 1 Wizard, not 3." in answer["inducements"]


def test_humans_may_not_induce_an_igor(match, home_coach, away_coach) -> None:
    journeymen_taken(match, home_coach, away_coach)
    answer = refused(home_coach, match, "inducements", {"items": {"igor": 1}})
    assert answer == {"inducements": ["Human teams may not induce Igor."]}


def test_a_team_with_eleven_able_players_takes_no_journeyman(match, away_coach) -> None:
    answer = refused(away_coach, match, "journeymen", {"positions": ["Lineman"]})
    assert answer == {
        "journeymen": ["Da Giants has 11 players able to play: it takes no journeymen."]
    }


def test_a_star_the_opponent_already_induced_is_refused(match, home_coach, away_coach) -> None:
    journeymen_taken(match, home_coach, away_coach)
    # 430,000: the Humans' 400,000 of petty cash and 30,000 of their treasury.
    assert post(home_coach, match, "inducements", {"stars": ["Morg 'n' Thorg"]}).status_code == 200
    answer = refused(away_coach, match, "inducements", {"stars": ["Morg 'n' Thorg"]})
    assert "Morg 'n' Thorg already plays for the opponent in this match." in answer["inducements"]


def test_inducements_wait_for_both_teams_journeymen(match, home_coach) -> None:
    assert (
        post(home_coach, match, "journeymen", {"positions": ["Lineman", "Lineman"]}).status_code
        == 200
    )
    [message] = refused(home_coach, match, "inducements", {"items": {"wizard": 1}})["inducements"]
    assert message.startswith("Both teams take their journeymen first")


def test_a_team_induces_once(match, home_coach, away_coach) -> None:
    journeymen_taken(match, home_coach, away_coach)
    assert (
        post(home_coach, match, "inducements", {"items": {"bloodweiser_babes": 1}}).status_code
        == 200
    )
    answer = refused(home_coach, match, "inducements", {"items": {"bloodweiser_babes": 1}})
    assert answer == {"inducements": ["Reikland Reavers has already induced for this match."]}


def test_the_gate_waits_for_its_dice_where_the_match_takes_entered_dice_only(
    match, home_coach
) -> None:
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    answer = refused(home_coach, match, "gate")
    assert answer == {"gate": ["Enter the 2D6 for 'gate for home' first."]}


def test_the_other_coach_may_not_act_for_your_side(match, away_coach, home_coach) -> None:
    with unchanged():
        answer = post(away_coach, match, "journeymen", {"side": "home", "positions": ["Lineman"]})
    assert answer.status_code == 403
    assert "Only Reikland Reavers's coach" in answer.json()["detail"]
    journeymen_taken(match, home_coach, away_coach)
    with unchanged():
        answer = post(away_coach, match, "inducements", {"side": "home", "items": {"wizard": 1}})
    assert answer.status_code == 403


def test_a_stranger_is_refused_before_his_body_is_read(match, outsider) -> None:
    with unchanged():
        answer = post(outsider, match, "inducements", {"items": "lots"})
    assert answer.status_code == 403


@pytest.mark.parametrize(
    ("step", "body", "field"),
    [
        ("journeymen", {"positions": "Lineman"}, "positions"),
        ("journeymen", {"positions": [["Lineman"]]}, "positions.1"),
        ("journeymen", {"side": "middle"}, "side"),
        ("inducements", {"items": {"wizard": "one"}}, "items.wizard"),
        ("inducements", {"items": {"wizard": -1}}, "items.wizard"),
        ("inducements", {"items": ["wizard"]}, "items"),
        ("inducements", {"stars": "Mighty Zug"}, "stars"),
        ("inducements", {"mercenaries": [{"extra_skill": "Tackle"}]}, "mercenaries.1.position"),
        ("inducements", {"mercenaries": {"position": "Blitzer"}}, "mercenaries"),
    ],
)
def test_a_body_of_the_wrong_type_is_a_400_naming_the_field(
    match, home_coach, away_coach, step, body, field
) -> None:
    if step == "inducements":
        journeymen_taken(match, home_coach, away_coach)
    assert field in refused(home_coach, match, step, body)


def test_the_schema_types_the_kick_off_calls_and_answer(db) -> None:
    schema = client_of().get("/api/schema/", {"format": "json"}).json()
    for step in ("journeymen", "inducements", "gate"):
        assert f"/api/matches/{{id}}/{step}/" in schema["paths"], step
    schemas = schema["components"]["schemas"]
    assert set(schemas["InducementsBody"]["properties"]) == {
        "side", "items", "stars", "mercenaries"
    }  # fmt: skip
    assert schemas["Match"]["properties"]["kick_off"]["allOf"] == [
        {"$ref": "#/components/schemas/KickOffSides"}
    ]
    assert schemas["KickOffAnswer"]["properties"]["bill"]["items"] == {
        "$ref": "#/components/schemas/BillLineAnswer"
    }


niggling_match = service_tests.niggling_match  # a house rule that rolls for niggles


def test_niggles_through_the_api_keep_a_player_out_of_the_match(niggling_match, home_coach):
    match = niggling_match
    for purpose, die in (("niggle for home #3", 1), ("niggle for home #3 (2)", 5)):
        body = {"purpose": purpose, "notation": "D6", "source": "entered", "values": [die]}
        assert post(home_coach, match, "dice", body).status_code == 201
    answer = post(home_coach, match, "niggles", {"side": "home"})
    assert answer.status_code == 200, answer.json()
    assert "niggles" not in answer.json()["actions"]
    assert Match.objects.get(pk=match.pk).kick_offs.get(side="home").niggled_out == [3]


def test_niggles_where_the_league_rolls_none_are_a_400_naming_the_setting(match, home_coach):
    with unchanged():
        answer = post(home_coach, match, "niggles", {})
    assert answer.status_code == 400
    assert answer.json() == {
        "niggles": [
            "This league rolls for no niggling injury before a match "
            "(niggling_injury_pre_match_roll)."
        ]
    }
