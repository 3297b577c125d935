"""/api/matches/: the same steps as the match page, with the same checks and messages."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.seasons import season_start
from league.services import league_update
from matches.models import DiceRoll, Match, MatchStep
from tests.matches.conftest import league_of
from tests.unchanged import unchanged

# The server draws the MVPs, which submitting needs.
REPORT = {
    "played_on": "2026-11-01", "home_touchdowns": 2, "away_touchdowns": 1, "server_rolls": True
}  # fmt: skip


def client_of(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def submitted(match: Match, submitter) -> Match:
    coach = client_of(submitter)
    assert coach.put(f"/api/matches/{match.pk}/report/", REPORT, format="json").status_code == 200
    assert coach.post(f"/api/matches/{match.pk}/submit/").status_code == 200
    return match


def test_a_coach_offers_a_friendly_and_the_other_accepts_it(
    home_coach, away_coach, home_team, away_team
) -> None:
    offered = client_of(home_coach).post(
        "/api/matches/", {"home": home_team.pk, "away": away_team.pk}, format="json"
    )
    assert offered.status_code == 201, offered.json()
    body = offered.json()
    assert (body["kind"], body["status"], body["actions"]) == ("friendly", "offered", ["decline"])
    assert (body["dice_sources"], body["reports_apply"]) == ("both", "at_once")
    accepted = client_of(away_coach).post(f"/api/matches/{body['id']}/accept/")
    assert accepted.status_code == 200
    assert accepted.json()["status"] == "scheduled"
    assert [step["action"] for step in accepted.json()["steps"]] == ["offer", "accept"]


def test_an_offer_needs_a_login(home_team, away_team) -> None:
    body = {"home": home_team.pk, "away": away_team.pk}
    with unchanged():
        answer = client_of().post("/api/matches/", body, format="json")
    assert answer.status_code in (401, 403)


def test_an_offer_naming_no_such_team_is_a_400_naming_the_side(home_coach, home_team) -> None:
    with unchanged():
        answer = client_of(home_coach).post(
            "/api/matches/", {"home": home_team.pk, "away": 999_999}, format="json"
        )
    assert answer.status_code == 400
    assert answer.json() == {"away": ["No such team."]}


def test_offering_a_friendly_for_another_coachs_team_is_forbidden(
    outsider, home_team, away_team
) -> None:
    with unchanged():
        answer = client_of(outsider).post(
            "/api/matches/", {"home": home_team.pk, "away": away_team.pk}, format="json"
        )
    assert answer.status_code == 403
    assert "Only the coach of Gouged Eye" in answer.json()["detail"]


def test_a_report_goes_from_draft_to_confirmed(friendly, home_coach, away_coach) -> None:
    submitted(friendly, home_coach)
    confirmed = client_of(away_coach).post(f"/api/matches/{friendly.pk}/confirm/")
    assert confirmed.status_code == 200
    body = confirmed.json()
    assert body["status"] == "confirmed"
    report = {key: body["report"][key] for key in REPORT if key != "server_rolls"}
    assert report == {"played_on": "2026-11-01", "home_touchdowns": 2, "away_touchdowns": 1}
    assert (body["report"]["forfeit"], body["report"]["submitted_by"]) == (False, "varag")
    assert body["report"]["unfinished"] == []
    assert len(body["participants"]) == 22  # eleven Orcs a side


def test_a_second_confirmation_is_a_400_saying_it_is_already_confirmed(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    opponent = client_of(away_coach)
    assert opponent.post(f"/api/matches/{friendly.pk}/confirm/").status_code == 200
    with unchanged():
        again = opponent.post(f"/api/matches/{friendly.pk}/confirm/")
    assert again.status_code == 400
    message = "The report of Gouged Eye v Da Krumpers is confirmed: it cannot be confirmed now."
    assert again.json() == {"status": [message]}
    assert MatchStep.objects.filter(match=friendly, action="confirm").count() == 1


def test_the_submitter_cannot_confirm_his_own_report(friendly, home_coach) -> None:
    submitted(friendly, home_coach)
    with unchanged():
        answer = client_of(home_coach).post(f"/api/matches/{friendly.pk}/confirm/")
    assert answer.status_code == 403
    assert answer.json()["detail"] == "Only the opposing coach may confirm this report."


def test_a_dispute_needs_a_reason_and_the_submitter_corrects_it(
    friendly, home_coach, away_coach
) -> None:
    submitted(friendly, home_coach)
    opponent = client_of(away_coach)
    with unchanged():
        bare = opponent.post(f"/api/matches/{friendly.pk}/dispute/", {}, format="json")
    assert bare.status_code == 400
    assert bare.json() == {"reason": ["Write why you dispute the report."]}
    reason = {"reason": "We drew 2-2: my Blitzer scored in the last turn."}
    disputed = opponent.post(f"/api/matches/{friendly.pk}/dispute/", reason, format="json")
    assert disputed.json()["status"] == "disputed"
    assert disputed.json()["steps"][-1]["reason"] == reason["reason"]
    coach = client_of(home_coach)
    corrected = coach.put(
        f"/api/matches/{friendly.pk}/report/", {**REPORT, "away_touchdowns": 2}, format="json"
    )
    assert corrected.json()["status"] == "draft"
    assert coach.post(f"/api/matches/{friendly.pk}/submit/").json()["status"] == "submitted"
    confirmed = opponent.post(f"/api/matches/{friendly.pk}/confirm/").json()
    assert (confirmed["status"], confirmed["report"]["away_touchdowns"]) == ("confirmed", 2)


def test_a_stranger_is_refused_before_his_body_is_read(friendly, outsider) -> None:
    with unchanged():
        answer = client_of(outsider).put(
            f"/api/matches/{friendly.pk}/report/", {"home_touchdowns": "many"}, format="json"
        )
    assert answer.status_code == 403


def test_a_report_with_bad_numbers_is_a_400_naming_each_field(friendly, home_coach) -> None:
    bad = {"played_on": "yesterday", "home_touchdowns": -1, "away_touchdowns": 100}
    with unchanged():
        answer = client_of(home_coach).put(
            f"/api/matches/{friendly.pk}/report/", bad, format="json"
        )
    assert answer.status_code == 400
    assert set(answer.json()) == {"played_on", "home_touchdowns", "away_touchdowns"}


def test_a_report_dated_in_the_future_is_refused(friendly, home_coach) -> None:
    body = {**REPORT, "played_on": "2999-01-01"}
    with unchanged():
        answer = client_of(home_coach).put(
            f"/api/matches/{friendly.pk}/report/", body, format="json"
        )
    assert answer.status_code == 400
    assert answer.json() == {"played_on": ["A match cannot be played in the future."]}


def test_a_draft_is_hidden_from_a_reader_who_is_not_involved(
    friendly, home_coach, outsider
) -> None:
    client_of(home_coach).put(f"/api/matches/{friendly.pk}/report/", REPORT, format="json")
    seen = client_of(outsider).get(f"/api/matches/{friendly.pk}/").json()
    assert (seen["status"], seen["report"], seen["actions"]) == ("draft", None, [])
    mine = client_of(home_coach).get(f"/api/matches/{friendly.pk}/").json()
    assert mine["report"]["home_touchdowns"] == 2
    assert mine["actions"] == [
        "journeymen",
        "gate",
        "weather",
        "report",
        "submit",
        "dice_entered",
        "dice_rolled",
    ]


def test_dice_are_entered_or_rolled_and_listed_with_their_source(friendly, home_coach) -> None:
    coach = client_of(home_coach)
    url = f"/api/matches/{friendly.pk}/dice/"
    entered = coach.post(
        url,
        {"purpose": "kick-off", "notation": "2D6", "source": "entered", "values": [3, 4]},
        format="json",
    )
    assert entered.status_code == 201
    assert {k: entered.json()[k] for k in ("values", "total", "source", "seed")} == {
        "values": [3, 4], "total": 7, "source": "entered", "seed": ""
    }  # fmt: skip
    rolled = coach.post(
        url, {"purpose": "casualty for #7", "notation": "D68", "source": "rolled"}, format="json"
    )
    assert rolled.status_code == 201
    tens, units = rolled.json()["values"]
    assert 1 <= tens <= 6
    assert 1 <= units <= 8
    assert rolled.json()["total"] == tens * 10 + units
    assert rolled.json()["seed"] == friendly.seed
    again = coach.post(
        url, {"purpose": "casualty for #7", "notation": "D68", "source": "rolled"}, format="json"
    )
    assert again.json()["values"] == [tens, units]
    assert DiceRoll.objects.filter(match=friendly).count() == 2
    log = coach.get(f"/api/matches/{friendly.pk}/").json()["dice"]
    assert [(roll["purpose"], roll["source"]) for roll in log] == [
        ("kick-off", "entered"), ("casualty for #7", "rolled"),
    ]  # fmt: skip


def test_a_league_that_takes_only_dice_from_the_table_refuses_a_server_roll(
    commissioner, lrb6, home_team, away_team, home_coach
) -> None:
    league = league_of(commissioner, lrb6, [home_team, away_team], dice_sources="entered")
    match = season_start(league, commissioner, "round_robin").fixtures.get().match
    body = {"purpose": "winnings, home", "notation": "D6", "source": "rolled"}
    with unchanged():
        answer = client_of(home_coach).post(f"/api/matches/{match.pk}/dice/", body, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"source": ["This match's dice are entered, not rolled."]}


def test_a_match_keeps_the_policies_it_was_scheduled_under(
    commissioner, lrb6, home_team, away_team
) -> None:
    league = league_of(commissioner, lrb6, [home_team, away_team], reports_apply="commissioner")
    match = season_start(league, commissioner, "round_robin").fixtures.get().match
    league_update(league, commissioner, {"reports_apply": "at_once", "dice_sources": "rolled"})
    answer = client_of(commissioner).get(f"/api/matches/{match.pk}/").json()
    assert (answer["reports_apply"], answer["dice_sources"]) == ("commissioner", "both")


def test_a_commissioner_approves_a_confirmed_report_where_the_league_waits(
    waiting_match, home_coach, away_coach, commissioner
) -> None:
    submitter, opponent = (home_coach, away_coach)
    if waiting_match.home.coach_id != home_coach.pk:
        submitter, opponent = away_coach, home_coach
    submitted(waiting_match, submitter)
    client_of(opponent).post(f"/api/matches/{waiting_match.pk}/confirm/")
    assert client_of(commissioner).get(f"/api/matches/{waiting_match.pk}/").json()["actions"] == [
        "approve", "send_back", "dice_entered", "dice_rolled",
    ]  # fmt: skip
    with unchanged():
        refused = client_of(opponent).post(f"/api/matches/{waiting_match.pk}/approve/")
    assert refused.status_code == 403
    approved = client_of(commissioner).post(f"/api/matches/{waiting_match.pk}/approve/")
    assert approved.json()["status"] == "approved"
    assert approved.json()["fixture"].startswith("Old World Classic · Season 1 · round 1")


def test_a_commissioner_sends_a_disputed_report_back_with_a_reason(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    submitted(fixture_match, home_coach)
    client_of(away_coach).post(
        f"/api/matches/{fixture_match.pk}/dispute/", {"reason": "Wrong score"}, format="json"
    )
    settle = client_of(commissioner)
    with unchanged():
        bare = settle.post(f"/api/matches/{fixture_match.pk}/send-back/", {}, format="json")
    assert bare.json() == {"reason": ["Write why you send the report back."]}
    back = settle.post(
        f"/api/matches/{fixture_match.pk}/send-back/", {"reason": "Agree on it"}, format="json"
    )
    assert back.json()["status"] == "draft"


def test_a_commissioner_settles_a_dispute_for_the_report(
    fixture_match, home_coach, away_coach, commissioner
) -> None:
    submitted(fixture_match, home_coach)
    client_of(away_coach).post(
        f"/api/matches/{fixture_match.pk}/dispute/", {"reason": "Wrong score"}, format="json"
    )
    settled = client_of(commissioner).post(
        f"/api/matches/{fixture_match.pk}/settle/", {"reason": "Photos agree"}, format="json"
    )
    assert settled.json()["status"] == "confirmed"
    last = settled.json()["steps"][-1]
    assert (last["action"], last["actor"], last["reason"]) == ("settle", "nuffle", "Photos agree")


def test_waiting_lists_what_waits_for_the_reader(friendly, home_coach, away_coach) -> None:
    submitted(friendly, home_coach)
    assert client_of(home_coach).get("/api/matches/waiting/").json() == []
    waiting = client_of(away_coach).get("/api/matches/waiting/").json()
    assert [(item["match"]["id"], item["what"]) for item in waiting] == [
        (friendly.pk, "Confirm the report, or dispute it with a reason.")
    ]


def test_waiting_needs_a_login() -> None:
    assert client_of().get("/api/matches/waiting/").status_code in (401, 403)


@pytest.mark.parametrize("public", [True, False])
def test_a_private_leagues_matches_are_hidden_from_outsiders(
    public, fixture_match, outsider, commissioner
) -> None:
    league = fixture_match.fixture.season.league
    league_update(league, commissioner, {"public": public})
    listed = [row["id"] for row in client_of(outsider).get("/api/matches/").json()["results"]]
    assert (fixture_match.pk in listed) is public
    answer = client_of(outsider).get(f"/api/matches/{fixture_match.pk}/")
    assert answer.status_code == (200 if public else 404)


def test_the_schema_describes_the_match_calls(db) -> None:
    schema = client_of().get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path in ("/api/matches/", "/api/matches/{id}/", "/api/matches/{id}/confirm/",
                 "/api/matches/{id}/send-back/", "/api/matches/{id}/dice/",
                 "/api/matches/waiting/"):  # fmt: skip
        assert path in paths, path
