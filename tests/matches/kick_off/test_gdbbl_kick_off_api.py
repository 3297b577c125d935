"""/api/matches/<id>/freebooters/, /weather/, /gate/, /cards/ and /niggles/: GDBBL before
kick-off through the API, with the services' checks (each refusal a 400 naming its field, a
403 for the wrong coach, never a 500, and nothing changed), and the match read back with its
kick-off in as many queries however many freebooters it has. The worked example is the
issue's (tests/matches/gdbbl_rated.py; the services' tests are in test_gdbbl_kick_off.py):
the Humans (rating 100, treasury 60,000) at home to the Orcs (rating 125), 25 behind."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import Match
from rules.selectors import version_get
from teams.models import LedgerEntry
from tests.matches.helpers import confirmed
from tests.matches.kick_off import test_gdbbl_kick_off as service_tests
from tests.matches.kick_off.test_kick_off_api import client_of, post
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

match = service_tests.match  # the issue's friendly: Humans (100) at home to Orcs (125)
niggle = service_tests.niggle


def read(user, match: Match) -> dict:
    answer = client_of(user).get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200, answer.json()
    return answer.json()


def enter(user, match: Match, purpose: str, notation: str, values: list[int]) -> None:
    body = {"purpose": purpose, "notation": notation, "source": "entered", "values": values}
    answer = post(user, match, "dice", body)
    assert answer.status_code == 201, answer.json()


def done(user, match: Match, step: str, body: dict | None = None) -> dict:
    answer = post(user, match, step, body)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def refused(user, match: Match, step: str, body: dict | None = None, status: int = 400) -> dict:
    with unchanged():
        answer = post(user, match, step, body)
    assert answer.status_code == status, answer.json()
    return answer.json()


def hired(answer: dict) -> list[tuple]:
    return [
        (p["team"], p["number"], p["name"], p["position"], p["value"], p["star"])
        for p in answer["participants"]
        if p["kind"] == "freebooter"
    ]


def both_hired(match: Match, home_coach, away_coach) -> None:
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    done(away_coach, match, "freebooters", {})


# --- the issue's scenario, end to end ----------------------------------------------------


def test_the_issues_match_before_kick_off_through_the_api(match, home_coach, away_coach) -> None:
    start = read(home_coach, match)
    assert (start["kick_off"], start["gate"], start["weather"]) == ({}, None, "")
    assert start["actions"][:3] == ["freebooters", "weather", "gate"]

    first = done(home_coach, match, "freebooters", {"side": "home", "positions": ["Catcher"]})
    home = first["kick_off"]["home"]
    assert home["freebooters"] == {"positions": ["Catcher"], "stars": []}
    assert home["bill"] == [{"what": "Freebooter Catcher", "count": 1, "each": 35_000}]
    assert (home["from_treasury"], home["rating"], home["value"]) == (35_000, None, None)
    assert hired(first) == [(match.home_id, 15, "Freebooter Catcher", "Catcher", 70_000, None)]
    assert "freebooters" not in first["actions"]
    assert "niggles" in first["actions"]
    match.home.refresh_from_db()
    assert match.home.treasury == 25_000
    [entry] = LedgerEntry.objects.filter(team=match.home, kind="freebooters")
    assert entry.summary == service_tests.SUMMARY

    second = done(away_coach, match, "freebooters", {})  # none: the side is his own
    kick_off = second["kick_off"]
    assert kick_off["away"]["freebooters"] == {"positions": [], "stars": []}
    assert [(kick_off[s]["value"], kick_off[s]["rating"]) for s in ("home", "away")] == [
        (1_000_000, 100), (1_250_000, 125)
    ]  # fmt: skip
    assert [(kick_off[s]["bonus_cards"], kick_off[s]["bonus_mvps"]) for s in ("home", "away")] == [
        (1, 1), (0, 0)
    ]  # fmt: skip
    assert "cards" not in second["actions"]  # the away coach's: the home team draws first

    enter(home_coach, match, "gate", "5D6", [3, 4, 5, 6, 1])
    assert done(home_coach, match, "gate")["gate"] == 19_000
    enter(away_coach, match, "weather", "2D6", [5, 6])
    assert done(away_coach, match, "weather")["weather"] == "Pouring Rain"

    assert refused(away_coach, match, "cards") == {
        "cards": ["The home team, Altdorf Hammers, rolls for its cards first."]
    }
    enter(home_coach, match, "special play cards for home", "D6", [4])
    drawn = done(home_coach, match, "cards", {"side": "home"})
    assert drawn["kick_off"]["home"]["cards"] == 3  # 2 for a 4, plus the bonus card
    enter(away_coach, match, "special play cards for away", "D6", [6])
    assert done(away_coach, match, "cards")["kick_off"]["away"]["cards"] == 3

    after = read(away_coach, match)
    assert (after["gate"], after["weather"]) == (19_000, "Pouring Rain")
    assert {step for step in ("freebooters", "weather", "gate", "cards")} & set(
        after["actions"]
    ) == set()


def test_a_niggled_human_who_rolls_a_1_is_kept_out_through_the_api(match, home_coach) -> None:
    niggle(match.home, 3)
    assert refused(home_coach, match, "niggles") == {
        "niggles": ["Niggling injuries are rolled after the freebooters: Altdorf Hammers hires "
                    "its freebooters (or none) first."]
    }  # fmt: skip
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    enter(home_coach, match, "niggle for home #3", "D6", [1])
    answer = done(home_coach, match, "niggles", {"side": "home"})
    assert answer["kick_off"]["home"]["niggled_out"] == [3]
    assert "niggles" not in answer["actions"]
    assert refused(home_coach, match, "niggles") == {
        "niggles": ["Altdorf Hammers has rolled for its niggles already."]
    }


def test_a_server_rolls_match_rolls_the_gate_and_answers_its_dice(match, away_coach) -> None:
    answer = done(away_coach, match, "gate")
    [roll] = [die for die in answer["dice"] if die["purpose"] == "gate"]
    assert (roll["notation"], roll["source"], roll["seed"], len(roll["values"])) == (
        "5D6", "rolled", match.seed, 5
    )  # fmt: skip
    assert answer["gate"] == roll["total"] * 1_000


def test_a_star_freebooter_reads_back_with_his_name(match, home_coach) -> None:
    answer = done(home_coach, match, "freebooters", {"stars": ["Mighty Zug"]})
    assert hired(answer) == [(match.home_id, 15, "Mighty Zug", None, 120_000, "Mighty Zug")]
    assert answer["kick_off"]["home"]["bill"] == [
        {"what": "Mighty Zug", "count": 1, "each": 60_000}
    ]


def test_with_freebooters_in_the_rating_the_humans_are_107_and_get_1_card_and_no_mvp(
    home_coach, away_coach
) -> None:
    version = service_tests.house_version("gdbbl", home_coach, freebooters_in_team_rating=True)
    match = service_tests.rated_under(version, home_coach, away_coach)
    both_hired(match, home_coach, away_coach)
    home = read(home_coach, match)["kick_off"]["home"]
    assert (home["value"], home["rating"], home["bonus_cards"], home["bonus_mvps"]) == (
        1_070_000, 107, 1, 0
    )  # fmt: skip


# --- the report after the handicap -------------------------------------------------------


def test_the_humans_report_awards_2_mvps_and_the_orcs_1(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    body = {"played_on": "2025-03-01", "home_touchdowns": 1, "away_touchdowns": 0,
            "server_rolls": True}  # fmt: skip
    answer = client_of(home_coach).put(f"/api/matches/{match.pk}/report/", body, format="json")
    assert answer.status_code == 200, answer.json()
    report = answer.json()["report"]
    assert (len(report["home"]["mvps"]), len(report["away"]["mvps"])) == (2, 1)
    assert 15 not in report["home"]["mvps"]  # the freebooter is no MVP
    assert report["unfinished"] == []


def test_a_third_mvp_for_the_humans_is_a_400(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    body = {"played_on": "2025-03-01", "home_touchdowns": 1, "away_touchdowns": 0,
            "home": {"mvps": [1, 2, 3]}}  # fmt: skip
    with unchanged():
        answer = client_of(home_coach).put(f"/api/matches/{match.pk}/report/", body, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"home.mvps": ["Altdorf Hammers awards 2 MVPs in this match, not 3."]}


# --- refusals: a 400 naming the field (403 for the wrong coach), nothing changed ----------


def test_freebooters_over_the_treasury_are_a_400(match, home_coach) -> None:
    assert refused(home_coach, match, "freebooters", {"stars": ["Griff Oberwald"]}) == {
        "treasury": ["The freebooters cost 90,000 gp; Altdorf Hammers's treasury has 60,000 gp "
                     "(30,000 short)."]
    }  # fmt: skip


def test_a_third_thrower_is_a_400(match, home_coach) -> None:
    assert refused(home_coach, match, "freebooters", {"positions": ["Thrower"]}) == {
        "positions": ["Human teams may have at most 2 Throwers: Altdorf Hammers has 2 and asks "
                      "for 1 more."]
    }  # fmt: skip


def test_griff_oberwald_hired_by_the_orcs_is_a_400(match, away_coach) -> None:
    assert refused(away_coach, match, "freebooters", {"stars": ["Griff Oberwald"]}) == {
        "stars": ["Griff Oberwald does not play for Orc teams."]
    }


def test_a_fifth_star_is_a_400(match, away_coach) -> None:
    five = ["Bomber Dribblesnot", "Fungus the Loon", "Nobbla Blackwart", "Scrappa Sorehead",
            "Varag Ghoul-Chewer"]  # fmt: skip
    assert refused(away_coach, match, "freebooters", {"stars": five}) == {
        "stars": ["A team may have at most 4 star players, freebooters included "
                  "(freebooters_count_toward_star_limit): Iron Tuskers has 0 and asks for "
                  "5 more."]
    }  # fmt: skip


def test_a_fifth_star_beside_four_on_the_roster_is_a_400(home_coach, away_coach) -> None:
    match = service_tests.starry_match(version_get("gdbbl"), home_coach, away_coach)
    assert refused(away_coach, match, "freebooters", {"stars": ["Varag Ghoul-Chewer"]}) == {
        "stars": ["A team may have at most 4 star players, freebooters included "
                  "(freebooters_count_toward_star_limit): Greenskin Stars has 4 and asks for "
                  "1 more."]
    }  # fmt: skip


def test_a_seventeenth_player_is_a_400(match, away_coach) -> None:
    six = ["Goblin"] * 4 + ["Thrower"] * 2
    assert refused(away_coach, match, "freebooters", {"positions": six}) == {
        "freebooters": ["A team may have at most 16 players, freebooters included "
                        "(freebooters_count_toward_roster): Iron Tuskers has 11 and asks for "
                        "6 more."]
    }  # fmt: skip


def test_hiring_twice_is_a_400(match, home_coach) -> None:
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    assert refused(home_coach, match, "freebooters", {}) == {
        "freebooters": ["Altdorf Hammers has hired its freebooters for this match."]
    }


def test_freebooters_for_the_other_coachs_team_are_a_403(match, away_coach, outsider) -> None:
    answer = refused(away_coach, match, "freebooters", {"side": "home"}, status=403)
    assert answer["detail"] == "Only Altdorf Hammers's coach records what it does before kick-off."
    for step in ("cards", "niggles"):
        refused(away_coach, match, step, {"side": "home"}, status=403)
    for step in ("freebooters", "weather", "gate", "cards", "niggles"):
        refused(outsider, match, step, {}, status=403)


def test_freebooters_on_an_lrb6_match_are_a_400(friendly, home_coach) -> None:
    assert refused(home_coach, friendly, "freebooters", {"positions": ["Lineman"]}) == {
        "match": ["This step is GDBBL's; this match is lrb6's."]
    }
    assert refused(home_coach, friendly, "cards") == {
        "match": ["This step is GDBBL's; this match is lrb6's."]
    }


def test_cards_before_both_teams_hired_are_a_400(match, home_coach) -> None:
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    assert refused(home_coach, match, "cards") == {
        "cards": ["The handicap follows the ratings at kick-off, fixed once both teams have "
                  "hired their freebooters: Iron Tuskers still to hire (or none)."]
    }  # fmt: skip


def test_cards_twice_are_a_400(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    done(home_coach, match, "cards")
    assert refused(home_coach, match, "cards") == {
        "cards": ["Altdorf Hammers has drawn its Special Play cards."]
    }


def test_the_gate_twice_is_a_400(match, home_coach, away_coach) -> None:
    enter(home_coach, match, "gate", "5D6", [3, 4, 5, 6, 1])
    done(home_coach, match, "gate")
    assert refused(away_coach, match, "gate") == {"gate": ["The gate is recorded: 19,000 fans."]}


def test_a_gate_entered_as_2d6_is_a_400_naming_both(match, home_coach) -> None:
    enter(home_coach, match, "gate", "2D6", [3, 4])
    assert refused(home_coach, match, "gate") == {
        "gate": ["'gate' is a 5D6 roll, not 2D6: type it again as 5D6."]
    }


def test_the_weather_twice_is_a_400(match, home_coach) -> None:
    enter(home_coach, match, "weather", "2D6", [1, 1])
    assert done(home_coach, match, "weather")["weather"] == "Sweltering Heat"
    assert refused(home_coach, match, "weather") == {
        "weather": ["The weather is recorded (Sweltering Heat)."]
    }


@pytest.mark.parametrize(
    ("step", "body"),
    [("freebooters", {"positions": ["Catcher"]}), ("weather", {}), ("gate", {}), ("cards", {}),
     ("niggles", {})],
)  # fmt: skip
def test_every_step_after_the_report_is_confirmed_is_a_400(
    match, home_coach, away_coach, step, body
) -> None:
    confirmed(match, home_coach, away_coach)
    answer = refused(home_coach, match, step, body)
    assert answer == {
        "status": ["The report of Altdorf Hammers v Iron Tuskers is confirmed: kick-off is "
                   "behind it."]
    }  # fmt: skip


@pytest.mark.parametrize(
    ("step", "body", "field"),
    [
        ("freebooters", {"positions": "Catcher"}, "positions"),
        ("freebooters", {"stars": "Griff Oberwald"}, "stars"),
        ("freebooters", {"positions": [["Catcher"]]}, "positions.1"),
        ("freebooters", {"positions": ["Lineman"] * 17}, "positions"),
        ("freebooters", {"side": "middle"}, "side"),
        ("cards", {"side": "middle"}, "side"),
        ("niggles", {"side": "middle"}, "side"),
    ],
)
def test_a_body_of_the_wrong_type_is_a_400_naming_the_field(
    match, home_coach, step, body, field
) -> None:
    assert field in refused(home_coach, match, step, body)


# --- the ledger --------------------------------------------------------------------------


def test_the_freebooters_entry_cannot_be_undone_through_the_api(match, home_coach, staff) -> None:
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    entry = LedgerEntry.objects.get(team=match.home, kind="freebooters")
    url = f"/api/teams/{match.home_id}/ledger/{entry.sequence}/undo/"
    with unchanged():
        answer = client_of(staff).post(url, {"reason": "A slip of the pen."}, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json() == {
        "entry": [f"Entry #{entry.sequence} paid for a match's freebooters: they stand with "
                  "the match."]
    }  # fmt: skip


def test_every_ledger_replays_to_its_team_after_hiring_through_the_api(
    match, home_coach, away_coach
) -> None:
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    done(away_coach, match, "freebooters", {"positions": ["Goblin"], "stars": ["Fungus the Loon"]})
    assert service_tests.ledger_consistent() == "All 2 team(s) match their ledgers."


# --- what each coach is offered ----------------------------------------------------------


def test_the_actions_follow_the_steps(match, home_coach, away_coach) -> None:
    steps = ("freebooters", "weather", "gate", "cards", "niggles")

    def offered(user) -> list[str]:
        return [action for action in read(user, match)["actions"] if action in steps]

    assert offered(home_coach) == offered(away_coach) == ["freebooters", "weather", "gate"]
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    assert offered(home_coach) == ["weather", "gate", "niggles"]
    done(away_coach, match, "freebooters", {})
    assert offered(home_coach) == ["weather", "gate", "cards", "niggles"]
    assert offered(away_coach) == ["weather", "gate", "niggles"]
    done(home_coach, match, "cards")
    assert offered(away_coach) == ["weather", "gate", "cards", "niggles"]


def test_with_entered_dice_only_the_gate_weather_and_cards_wait_for_their_dice(
    match, home_coach, away_coach
) -> None:
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    assert read(home_coach, match)["actions"] == ["freebooters", "report", "dice_entered"]
    assert refused(home_coach, match, "gate") == {"gate": ["Enter the 5D6 for 'gate' first."]}
    assert refused(home_coach, match, "weather") == {
        "weather": ["Enter the 2D6 for 'weather' first."]
    }
    enter(home_coach, match, "gate", "5D6", [6, 6, 6, 6, 6])
    enter(away_coach, match, "weather", "2D6", [2, 3])
    assert read(home_coach, match)["actions"][:3] == ["freebooters", "weather", "gate"]
    both_hired(match, home_coach, away_coach)
    assert "cards" not in read(home_coach, match)["actions"]
    enter(home_coach, match, "special play cards for home", "D6", [6])
    assert "cards" in read(home_coach, match)["actions"]
    assert done(home_coach, match, "cards")["kick_off"]["home"]["cards"] == 4  # 3 + the bonus
    assert done(home_coach, match, "gate")["gate"] == 30_000


# --- LRB6's weather ----------------------------------------------------------------------


def test_an_lrb6_match_records_its_weather_through_the_api_once(friendly, home_coach) -> None:
    enter(home_coach, friendly, "weather", "2D6", [5, 6])
    assert done(home_coach, friendly, "weather")["weather"] == "Pouring Rain"
    assert refused(home_coach, friendly, "weather") == {
        "weather": ["The weather is recorded (Pouring Rain)."]
    }


# --- reading the match costs the same however many freebooters it has --------------------


def queries(user, match: Match) -> int:
    with CaptureQueriesContext(connection) as captured:
        read(user, match)
    return len(captured.captured_queries)


def test_reading_the_match_costs_the_same_with_1_freebooter_as_with_4(
    match, home_coach, away_coach
) -> None:
    done(home_coach, match, "freebooters", {"positions": ["Catcher"]})
    one = queries(home_coach, match)
    done(away_coach, match, "freebooters", {"positions": ["Goblin", "Goblin", "Thrower"]})
    assert len(read(home_coach, match)["participants"]) == 4
    assert queries(home_coach, match) == one


def test_reading_the_match_costs_the_same_with_1_star_freebooter_as_with_4(
    match, home_coach, away_coach
) -> None:
    done(home_coach, match, "freebooters", {"stars": ["Mighty Zug"]})
    one = queries(away_coach, match)
    three = ["Fungus the Loon", "Scrappa Sorehead", "Bomber Dribblesnot"]
    done(away_coach, match, "freebooters", {"stars": three})
    assert [p["star"] for p in read(away_coach, match)["participants"]] == ["Mighty Zug", *three]
    assert queries(away_coach, match) == one


def test_the_schema_types_the_gdbbl_steps(db) -> None:
    schema = client_of().get("/api/schema/", {"format": "json"}).json()
    for step in ("freebooters", "weather", "gate", "cards", "niggles"):
        assert f"/api/matches/{{id}}/{step}/" in schema["paths"], step
    schemas = schema["components"]["schemas"]
    assert set(schemas["FreebootersBody"]["properties"]) == {"side", "positions", "stars"}
    assert {"freebooters", "rating", "bonus_cards", "bonus_mvps", "cards", "niggled_out"} <= set(
        schemas["KickOffAnswer"]["properties"]
    )
    assert {"gate", "weather", "kick_off"} <= set(schemas["Match"]["properties"])
