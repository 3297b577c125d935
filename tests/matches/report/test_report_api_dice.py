"""/api/matches/<id>/report/ and the dice: the server rolls the dice left blank and draws the
MVPs from the match's seed when asked, or always where the league takes only its dice; a
server die, once rolled, stands however often the report is saved; a league that takes only
dice from the table refuses to submit a report while one is missing."""

from __future__ import annotations

import pytest

from league.seasons import season_start
from matches.models import DiceRoll, Match
from rules.engine import dice
from tests.matches.conftest import home_at_home, league_of
from tests.matches.report.test_report_api import PLAYED, hurt, put, ref
from tests.matches.test_api import client_of
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def server_die(match: Match, notation: str, purpose: str) -> list[int]:
    """What the match's seed rolls for `purpose`: the server's die, known in advance."""
    return list(dice.rolled(dice.notation(notation), match.seed, purpose))


def report_dice(match: Match) -> list[tuple]:
    return list(DiceRoll.objects.filter(match=match).order_by("pk").values_list(
        "pk", "purpose", "notation", "values", "source", "seed"
    ))  # fmt: skip


SERVER_REPORT = {
    "played_on": PLAYED, "home_touchdowns": 1, "away_touchdowns": 0, "server_rolls": True,
    "casualties": [hurt(ref("away", 3), ref("home", 6))],
}  # fmt: skip


def test_server_rolls_draws_the_mvps_and_rolls_the_dice_left_blank_from_the_seed(
    friendly, home_coach
) -> None:
    report = put(home_coach, friendly, SERVER_REPORT).json()["report"]
    [casualty] = report["casualties"]
    values = server_die(friendly, "D68", "casualty for away #3")
    assert casualty["dice"] == {}  # nothing was entered
    assert casualty["dice_rolled"] == [{
        "purpose": "casualty for away #3", "notation": "D68", "values": values,
        "source": "rolled",
    }]  # fmt: skip
    assert casualty["rolls"][0].startswith(f"casualty D68 {values[0]}-{values[1]}: ")
    # Eleven Orcs took part on each side: the MVP is drawn "1 of 11", in number order.
    for side in ("home", "away"):
        drawn = server_die(friendly, "1 of 11", f"MVP for {side}")[0]
        assert report[side]["mvps"] == [drawn]
    assert report["unfinished"] == []
    assert {roll[5] for roll in report_dice(friendly)} == {friendly.seed}


def test_saving_again_never_changes_a_server_die(friendly, home_coach) -> None:
    first = put(home_coach, friendly, SERVER_REPORT).json()["report"]
    rolled = report_dice(friendly)
    assert len(rolled) == 3  # the casualty and two MVPs
    again = put(home_coach, friendly, SERVER_REPORT).json()["report"]
    without_asking = put(home_coach, friendly, {**SERVER_REPORT, "server_rolls": False})
    assert report_dice(friendly) == rolled
    assert again == first == without_asking.json()["report"]
    values = first["casualties"][0]["dice_rolled"][0]["values"]
    other = [1, 1] if values != [1, 1] else [1, 2]
    fishing = {**SERVER_REPORT, "casualties": [
        hurt(ref("away", 3), ref("home", 6), dice={"casualty": other})
    ]}  # fmt: skip
    with unchanged():
        refused = put(home_coach, friendly, fishing)
    assert refused.status_code == 400
    assert refused.json() == {"casualties.1": [
        f"The server already rolled the casualty for away #3: {values} stands."
    ]}  # fmt: skip


def league_match(commissioner, lrb6, home_team, away_team, dice_sources: str) -> Match:
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources=dice_sources)
    return home_at_home(season_start(league, commissioner, "round_robin"), home_team)


def test_a_league_taking_only_entered_dice_refuses_to_submit_while_one_is_missing(
    commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    match = league_match(commissioner, lrb6, home_team, away_team, "entered")
    body = {**SERVER_REPORT, "home": {"mvps": [9]}, "away": {"mvps": [4]}}
    draft = put(home_coach, match, body)
    assert draft.status_code == 200, draft.json()
    assert DiceRoll.objects.filter(match=match, source="rolled").count() == 0
    missing = "Roll the casualty (D68) for away #3."
    assert draft.json()["report"]["unfinished"] == [{"field": "casualties.1", "message": missing}]
    with unchanged():
        refused = client_of(home_coach).post(f"/api/matches/{match.pk}/submit/")
    assert refused.status_code == 400
    assert refused.json() == {"casualties.1": [missing]}


def test_a_league_taking_only_server_dice_rolls_them_at_save(
    commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    match = league_match(commissioner, lrb6, home_team, away_team, "rolled")
    body = {key: value for key, value in SERVER_REPORT.items() if key != "server_rolls"}
    report = put(home_coach, match, body).json()["report"]
    assert report["casualties"][0]["dice_rolled"][0]["source"] == "rolled"
    assert report["unfinished"] == []
    assert len(report["home"]["mvps"]) == len(report["away"]["mvps"]) == 1
    submitted = client_of(home_coach).post(f"/api/matches/{match.pk}/submit/")
    assert submitted.json()["status"] == "submitted"


def test_a_league_taking_only_server_dice_refuses_dice_entered_in_the_report(
    commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    match = league_match(commissioner, lrb6, home_team, away_team, "rolled")
    body = {**SERVER_REPORT, "casualties": [
        hurt(ref("away", 3), ref("home", 6), dice={"casualty": [6, 8]})
    ]}  # fmt: skip
    with unchanged():
        refused = put(home_coach, match, body)
    assert refused.status_code == 400
    assert "casualties.1" in refused.json()


def test_a_server_die_sent_back_with_its_own_values_stays_the_servers(friendly, home_coach) -> None:
    first = put(home_coach, friendly, SERVER_REPORT).json()["report"]
    rolled = report_dice(friendly)
    values = first["casualties"][0]["dice_rolled"][0]["values"]
    echoed = {**SERVER_REPORT, "casualties": [
        hurt(ref("away", 3), ref("home", 6), dice={"casualty": values})
    ]}  # fmt: skip
    assert put(home_coach, friendly, echoed).status_code == 200
    assert report_dice(friendly) == rolled


def test_a_player_hired_after_the_server_drew_the_mvp_leaves_the_draw_standing(
    friendly, home_coach, home_team
) -> None:
    body = {"played_on": PLAYED, "home_touchdowns": 1, "away_touchdowns": 0,
            "server_rolls": True}  # fmt: skip
    drawn = put(home_coach, friendly, body).json()["report"]["home"]["mvps"]
    bought = client_of(home_coach).post(
        f"/api/teams/{home_team.pk}/purchases/",
        {"kind": "player", "what": "Lineman", "count": 1, "names": ["Ug"]}, format="json",
    )  # fmt: skip
    assert bought.status_code == 201
    again = put(home_coach, friendly, body)
    assert again.status_code in (200, 400)
    if again.status_code == 200:
        assert again.json()["report"]["home"]["mvps"] == drawn
