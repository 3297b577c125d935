"""The teams API: create (201, 400 by field, 401), list, retrieve, ledger and the schema."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken
from teams.models import LedgerEntry, Player, Team
from tests.teams.helpers import dwarf_team, orc_team, record, remove
from tests.unchanged import unchanged


@pytest.fixture
def api(coach) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.objects.create(user=coach)[1]}")
    return client


@pytest.fixture
def anonymous(db) -> APIClient:
    return APIClient()


def orc_players(*extra: dict) -> list[dict]:
    """5 Linemen, 4 Blitzers, 2 Black Orc Blockers (730,000), named, numbered by the API."""
    groups = ((5, "Lineman"), (4, "Blitzer"), (2, "Black Orc Blocker"))
    players = [{"position": p, "name": f"{p} {n}"} for count, p in groups for n in range(count)]
    return players + list(extra)


def orc_body(**changes) -> dict:
    body = {
        "name": "Gouged Eye",
        "ruleset": "lrb6",
        "race": "orc",
        "players": orc_players(),
        "rerolls": 2,
        "fan_factor": 3,
        "staff": {"apothecary": 1},
    }
    return body | changes


def written() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count()


# --- Create ---


def test_creating_a_team_answers_201_with_its_roster(api, lrb6) -> None:
    response = api.post("/api/teams/", orc_body(), format="json")
    assert response.status_code == 201
    team = Team.objects.get()
    body = response.json()
    players = body.pop("players")
    assert body == {
        "id": team.pk,
        "name": "Gouged Eye",
        "coach": "grimgor",
        "ruleset": "lrb6",
        "ruleset_version": lrb6.number,
        "race": "orc",
        # 1,000,000 - (730,000 + 2 x 60,000 + 3 x 10,000 + 50,000) = 70,000.
        "treasury": 70_000,
        "rerolls": 2,
        "fan_factor": 3,
        "staff": {"apothecary": 1},
        # 730,000 + 120,000 + 30,000 + 50,000 = 930,000.
        "team_value": 930_000,
        "team_rating": None,
    }
    assert [p["number"] for p in players] == list(range(1, 12))
    first = team.players.get(number=1)
    assert players[0] == {
        "id": first.pk,
        "number": 1,
        "name": "Lineman 0",
        "position": "Lineman",
        "star_player": False,
        "status": "active",
        "characteristics": {"MA": 5, "ST": 3, "AG": 3, "AV": 9},
        "starting_skills": [],
        "gained_skills": [],
        "injuries": [],
        "completions": 0,
        "touchdowns": 0,
        "interceptions": 0,
        "casualties": 0,
        "mvps": 0,
        "spp": 0,
        "level": "Rookie",
        "value": 50_000,
    }
    assert players[5]["starting_skills"] == ["Block"]
    assert players[5]["characteristics"] == {"MA": 6, "ST": 3, "AG": 3, "AV": 9}
    assert [p["value"] for p in players] == [50_000] * 5 + [80_000] * 6
    assert team.ledger.get().actor.username == "grimgor"


def test_a_session_login_may_create_a_team_too(coach, lrb6) -> None:
    client = APIClient()
    client.force_login(coach)
    response = client.post("/api/teams/", orc_body(), format="json")
    assert response.status_code == 201


def test_players_may_bring_their_own_numbers(api, lrb6) -> None:
    players = orc_players()
    players[0] |= {"number": 13}
    players[1] |= {"number": None}
    response = api.post("/api/teams/", orc_body(players=players), format="json")
    assert response.status_code == 201
    # #13 is kept; the others take 1 to 10 in order.
    assert [p["number"] for p in response.json()["players"]] == [*range(1, 11), 13]


def test_a_version_may_be_asked_for(api, lrb6) -> None:
    response = api.post("/api/teams/", orc_body(version=lrb6.number), format="json")
    assert response.status_code == 201
    assert response.json()["ruleset_version"] == lrb6.number


def test_creating_a_gdbbl_team_answers_with_its_rating(api, gdbbl) -> None:
    body = {
        "name": "Grudgebearers",
        "ruleset": "gdbbl",
        "race": "dwarf",
        "players": [{"position": "Long Beard", "name": f"Beard {n}"} for n in range(11)],
        "rerolls": 1,
        "fan_factor": 1,
        "staff": {"alchemist": 1},
    }
    response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 201
    data = response.json()
    # 770,000 + 40,000 + 10,000 + 150,000 = 970,000; 970,000 // 10,000 + 0 // 5 = 97.
    assert (data["treasury"], data["team_value"], data["team_rating"]) == (30_000, 970_000, 97)
    assert data["staff"] == {"alchemist": 1}


def test_a_refused_team_answers_400_with_the_messages_by_field(api, lrb6) -> None:
    players = [{"position": "Thrower", "name": f"T{n}"} for n in range(3)]
    players += [{"position": "Lineman", "name": f"L{n}"} for n in range(7)]
    body = orc_body(players=players, fan_factor=10, staff={"apothecary": 2})
    with unchanged():
        response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "positions": [
            "Orc teams may have at most 2 Throwers",
            "A team needs at least 11 players, not 10",
        ],
        "fan_factor": ["Fan factor at creation must be between 0 and 9, not 10"],
        "staff": ["A team may have at most 1 Apothecary"],
    }
    assert written() == (0, 0, 0)


def test_an_over_budget_team_answers_400_with_the_bill(api, lrb6) -> None:
    # 730,000 + 4 re-rolls 240,000 + fan factor 4 40,000 = 1,010,000: 10,000 over.
    with unchanged():
        response = api.post(
            "/api/teams/", orc_body(rerolls=4, fan_factor=4, staff={}), format="json"
        )
    assert response.status_code == 400
    assert response.json() == {
        "budget": ["This team costs 1,010,000 gp; the budget is 1,000,000 gp (10,000 over)"]
    }


def test_duplicate_numbers_and_wrong_staff_answer_400(api, gdbbl) -> None:
    players = [{"position": "Long Beard", "name": f"Beard {n}", "number": 7} for n in range(2)]
    players += [{"position": "Long Beard", "name": f"Beard {n}"} for n in range(2, 11)]
    body = {"name": "Grudgebearers", "ruleset": "gdbbl", "race": "dwarf", "players": players,
            "fan_factor": 1, "staff": {"wizard": 1}}  # fmt: skip
    with unchanged():
        response = api.post("/api/teams/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "players": ["Two players wear number 7."],
        "staff": ["Dwarf teams may not have a Wizard"],
    }
    assert written() == (0, 0, 0)


def test_a_malformed_body_answers_400_by_field(api, lrb6) -> None:
    with unchanged():
        response = api.post("/api/teams/", {"name": "", "ruleset": "lrb6"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "name": ["This field may not be blank."],
        "race": ["This field is required."],
        "players": ["This field is required."],
    }
    with unchanged():
        response = api.post(
            "/api/teams/", orc_body(rerolls="two", players=[{"name": "Gorbag"}]), format="json"
        )
    assert response.status_code == 400
    assert response.json() == {
        "players": {"0": {"position": ["This field is required."]}},
        "rerolls": ["A valid integer is required."],
    }


def test_an_unknown_race_answers_400(api, lrb6) -> None:
    with unchanged():
        response = api.post("/api/teams/", orc_body(race="space-orc", staff={}), format="json")
    assert response.status_code == 400
    assert response.json() == {"race": ["LRB6 has no race called 'space-orc'"]}


def test_an_unknown_ruleset_or_version_answers_400_by_field(api, lrb6) -> None:
    with unchanged():
        response = api.post("/api/teams/", orc_body(ruleset="lrb99"), format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["ruleset"]
    with unchanged():
        response = api.post("/api/teams/", orc_body(version=999), format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["version"]
    assert written() == (0, 0, 0)


def test_anonymous_visitors_may_not_create_a_team(anonymous, lrb6) -> None:
    with unchanged():
        response = anonymous.post("/api/teams/", orc_body(), format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert written() == (0, 0, 0)


def test_teams_cannot_be_changed_or_deleted_through_the_api(api, coach, lrb6) -> None:
    # Only renamed (PATCH {"name"}, tests/teams/test_rename.py): the rest changes through
    # purchases, departures, rolls and adjustments.
    team = orc_team(coach, lrb6)
    assert api.put(f"/api/teams/{team.pk}/", orc_body(), format="json").status_code == 405
    patched = api.patch(f"/api/teams/{team.pk}/", {"treasury": 1}, format="json")
    assert patched.status_code == 400
    assert "treasury" in patched.json()
    assert api.delete(f"/api/teams/{team.pk}/").status_code == 405
    team.refresh_from_db()
    assert team.treasury == 70_000


# --- Read ---


def test_it_lists_the_teams(anonymous, coach, lrb6, gdbbl) -> None:
    orc, dwarves = orc_team(coach, lrb6), dwarf_team(coach, gdbbl)
    response = anonymous.get("/api/teams/")
    assert response.status_code == 200
    assert response.json() == {
        "count": 2,
        "next": None,
        "previous": None,
        "results": [
            {"id": orc.pk, "name": "Gouged Eye", "coach": "grimgor", "ruleset": "lrb6",
             "race": "orc", "treasury": 70_000, "team_value": 930_000, "league": None},
            {"id": dwarves.pk, "name": "Grudgebearers", "coach": "grimgor", "ruleset": "gdbbl",
             "race": "dwarf", "treasury": 30_000, "team_value": 970_000, "league": None},
        ],
    }  # fmt: skip


def test_retrieving_a_team_gives_the_roster_as_created(api, anonymous, lrb6) -> None:
    created = api.post("/api/teams/", orc_body(), format="json").json()
    response = anonymous.get(f"/api/teams/{created['id']}/")
    assert response.status_code == 200
    assert response.json() == created


def test_retrieving_a_team_shows_its_changes(anonymous, coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    blocker = team.players.get(number=10)
    record(
        team, "report", "Game 1", coach,
        [{"op": "player", "player": blocker.key, "field": f, **v} for f, v in (
            ("spp", {"amount": 6}), ("skill", {"skill": "Block", "add": True}),
            ("characteristic", {"characteristic": "ST", "amount": 1}),
            ("value_increase", {"amount": 50_000}), ("injury", {"injury": "N", "add": True}),
        )],
    )  # fmt: skip
    data = anonymous.get(f"/api/teams/{team.pk}/").json()
    row = data["players"][9]
    assert row["number"] == 10
    assert row["characteristics"] == {"MA": 4, "ST": 5, "AG": 2, "AV": 9}  # ST 4 + 1
    assert (row["starting_skills"], row["gained_skills"]) == ([], ["Block"])
    assert (row["spp"], row["injuries"], row["value"]) == (6, ["N"], 130_000)  # 80,000 + 50,000
    assert data["team_value"] == 980_000  # 930,000 + 50,000


def test_an_unknown_team_is_404(anonymous, db) -> None:
    assert anonymous.get("/api/teams/999999/").status_code == 404
    assert anonymous.get("/api/teams/999999/ledger/").status_code == 404


def test_the_ledger_lists_every_entry_in_order(anonymous, coach, rival, lrb6) -> None:
    team = orc_team(coach, lrb6)
    report = record(team, "report", "Won", coach, [{"op": "treasury", "amount": 60_000}])
    remove(report, rival, "Void match")
    response = anonymous.get(f"/api/teams/{team.pk}/ledger/")
    assert response.status_code == 200
    entries = response.json()
    assert [
        (e["sequence"], e["kind"], e["actor"], e["ruleset_version"], e["reverses"]) for e in entries
    ] == [
        (1, "creation", "grimgor", lrb6.number, None),
        (2, "report", "grimgor", lrb6.number, None),
        (3, "reversal", "morg", lrb6.number, 2),
    ]
    assert entries[0]["deltas"][:4] == [
        {"op": "treasury", "amount": 70_000},
        {"op": "rerolls", "amount": 2},
        {"op": "fan_factor", "amount": 3},
        {"op": "staff", "key": "apothecary", "amount": 1},
    ]
    assert entries[1]["deltas"] == [{"op": "treasury", "amount": 60_000}]
    assert entries[2]["deltas"] == [{"op": "treasury", "amount": -60_000}]
    assert entries[2]["summary"] == "Reverses #2 (Won): Void match"
    assert entries[1]["reversed_by"] == 3
    assert entries[1]["cause"] == {"id": report.cause_id, "kind": "report"}
    assert entries[2]["cause"]["kind"] == "undo"
    assert set(entries[0]) == {"sequence", "kind", "summary", "cause", "actor", "created_at",
                               "ruleset_version", "deltas", "reverses", "reversed_by"}  # fmt: skip


def test_an_entry_without_an_actor_shows_none(anonymous, coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    record(team, "adjustment", "By the system", None, [{"op": "fan_factor", "amount": 1}])
    entries = anonymous.get(f"/api/teams/{team.pk}/ledger/").json()
    assert entries[1]["actor"] is None


# --- The schema ---


def test_the_schema_with_the_teams_api_validates_with_no_warnings(db) -> None:
    out = StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    schema = out.getvalue()
    assert schema.startswith("openapi: 3.0.3")
    for path in ("/api/teams/:", "/api/teams/{id}/:", "/api/teams/{id}/ledger/:"):
        assert f"\n  {path}\n" in schema
