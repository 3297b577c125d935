"""The roster sheets (HTML preview and PDF) and the API answers of a results-only team
(Blitz Bowl, 1st edition) carry only what its rules have. In the API what a ruleset does
not have is left out, never answered as 0 or null: a missing "treasury" says "these rules
keep none", where "treasury": 0 would say "this team has spent its gold"."""

from __future__ import annotations

from io import StringIO

import pytest
import yaml
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from league.config.accounts.models import ApiToken
from rules.engine.team_building import TeamRefused
from teams.between_matches import team_adjust
from teams.roster_sheet import sheet_html, sheet_pdf
from tests.teams.helpers import orc_team
from tests.teams.results_only import (
    crusaders,
    lacked,
    reavers,
    standard_orcs,
    words,
)
from tests.teams.sheet_helpers import pdf_text
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

TEAM_KEYS = {"id", "name", "coach", "ruleset", "ruleset_version", "race", "players"}
PLAYER_KEYS = {"id", "number", "name", "position", "star_player", "status", "characteristics",
               "starting_skills", "gained_skills"}  # fmt: skip
MONEY = {"treasury", "rerolls", "fan_factor", "staff", "team_value", "team_rating"}
RECORDS = {"injuries", "completions", "touchdowns", "interceptions", "casualties", "mvps", "spp",
           "level", "value"}  # fmt: skip


def api_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {ApiToken.objects.create(user=user)[1]}")
    return client


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def header_of(text: str) -> str:
    return next(line for line in lines(text) if line.startswith("# PLAYER'S NAME"))


# --- The sheets ---


def test_the_blitz_bowl_card_as_a_pdf_has_no_money_or_experience(coach) -> None:
    text = pdf_text(sheet_pdf(sheet_html(reavers(coach), "a4")))
    assert lacked(text) == []
    assert header_of(text).split()[4:] == ["MV", "BL", "TH", "AR", "ABILITIES"]
    assert "4 Thrower 4 Thrower 6 1 3+ 3+ Handling Skills" in lines(text)
    assert "6 Blitzer 6 Blitzer 7 1 4+ 3+ Offensive Specialist" in lines(text)


def test_the_first_edition_sheet_has_the_veterans_profiles_and_no_money(coach) -> None:
    team = crusaders(coach)
    html = sheet_html(team, "a4")
    text = pdf_text(sheet_pdf(html))
    assert lacked(text) == []
    assert header_of(text).split()[4:] == ["MA", "SP", "ST", "AG", "TS", "CL", "AV"]
    assert "7 Blitzer 7 Blitzer 4 3 4 3 0 0 9" in lines(text)
    assert "PLAYERS 11" in lines(text)
    # Nothing is bought between matches: no blank lines for hires written in by hand.
    assert 'class="empty"' not in html


def test_the_standard_game_sheet_has_no_characteristics_and_says_so(coach) -> None:
    text = pdf_text(sheet_pdf(sheet_html(standard_orcs(coach), "letter")))
    assert lacked(text) == []
    assert header_of(text) == "# PLAYER'S NAME POSITION"
    for number in range(1, 12):
        assert f"{number} Lineman {number} Lineman" in lines(text)
    flat = " ".join(lines(text))
    assert "every player moves up to 6 squares and has no profile" in flat
    assert "Team roster (1st edition, results only)" in flat


@pytest.mark.parametrize("build", [reavers, crusaders, standard_orcs])
def test_the_sheet_preview_shows_no_money_or_experience(build, coach) -> None:
    team = build(coach)
    response = Client().get(f"/teams/{team.pk}/roster-sheet/preview/")
    assert response.status_code == 200
    text = words(response.content.decode())
    assert lacked(text) == []
    assert f"← Back to {team.name}" in text


def test_an_lrb6_sheet_still_has_its_treasury_and_value(coach, lrb6) -> None:
    text = pdf_text(sheet_pdf(sheet_html(orc_team(coach, lrb6), "a4")))
    assert "TREASURY 70,000 gp" in lines(text)
    assert "TOTAL VALUE OF TEAM 930,000 gp" in lines(text)


# --- The API: one team ---


def test_a_blitz_bowl_team_answers_its_card_without_money_or_experience(coach) -> None:
    data = api_for(coach).get(f"/api/teams/{reavers(coach).pk}/").json()
    assert set(data) == TEAM_KEYS
    players = {player["number"]: player for player in data["players"]}
    assert {frozenset(player) for player in players.values()} == {frozenset(PLAYER_KEYS)}
    assert players[5]["characteristics"] == {"MV": 8, "BL": 1, "TH": 4, "AR": 5}
    assert players[5]["starting_skills"] == ["Catcher's Instincts"]


def test_a_first_edition_team_answers_the_seven_characteristics(coach) -> None:
    data = api_for(coach).get(f"/api/teams/{crusaders(coach).pk}/").json()
    assert set(data) == TEAM_KEYS
    blocker = next(player for player in data["players"] if player["number"] == 9)
    assert set(blocker) == PLAYER_KEYS
    assert blocker["characteristics"] == {"MA": 4, "SP": 1, "ST": 4, "AG": 2, "TS": -1,
                                          "CL": -1, "AV": 10}  # fmt: skip


def test_a_standard_game_team_answers_no_characteristics_at_all(coach) -> None:
    data = api_for(coach).get(f"/api/teams/{standard_orcs(coach).pk}/").json()
    assert set(data) == TEAM_KEYS
    assert [player["number"] for player in data["players"]] == list(range(1, 12))
    assert {frozenset(player) for player in data["players"]} == {
        frozenset(PLAYER_KEYS - {"characteristics"})
    }


def test_an_lrb6_team_still_answers_every_key(coach, lrb6) -> None:
    data = api_for(coach).get(f"/api/teams/{orc_team(coach, lrb6).pk}/").json()
    assert set(data) == TEAM_KEYS | MONEY
    assert {frozenset(player) for player in data["players"]} == {frozenset(PLAYER_KEYS | RECORDS)}
    assert (data["treasury"], data["team_value"], data["team_rating"]) == (70_000, 930_000, None)


def test_a_change_answers_the_results_only_roster_the_same_way(coach) -> None:
    team = reavers(coach)
    answer = api_for(coach).patch(f"/api/teams/{team.pk}/", {"name": "Altdorf Reavers"})
    assert answer.status_code == 200
    assert set(answer.json()) == TEAM_KEYS


def test_the_ledger_answers_a_results_only_creation_without_gold(coach) -> None:
    team = reavers(coach)
    [created] = api_for(coach).get(f"/api/teams/{team.pk}/ledger/").json()
    assert created["summary"] == "Team created: 6 players"
    assert {delta["op"] for delta in created["deltas"]} == {"join"}
    assert len(created["deltas"]) == 6


def test_the_ledger_of_an_lrb6_team_keeps_its_gold(coach, lrb6) -> None:
    [created] = api_for(coach).get(f"/api/teams/{orc_team(coach, lrb6).pk}/ledger/").json()
    assert created["summary"].endswith("70,000 gp left in the treasury")
    assert {"op": "treasury", "amount": 70_000} in created["deltas"]


# --- The schema says which keys a results-only team leaves out ---


def test_the_schema_marks_the_keys_a_results_only_team_leaves_out(db) -> None:
    out = StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    schemas = yaml.safe_load(out.getvalue())["components"]["schemas"]
    summary = {"treasury", "team_value"}
    for name, keys in (("Team", MONEY), ("Player", RECORDS), ("TeamSummary", summary)):
        schema = schemas[name]
        assert not keys & set(schema.get("required", [])), name
        for key in keys:
            assert "results-only rulesets" in schema["properties"][key]["description"], key
    assert (
        "veterans_rules none" in schemas["Player"]["properties"]["characteristics"]["description"]
    )


# --- What is not in these files ---


def test_a_results_only_team_refuses_a_treasury_adjustment(coach, staff_user) -> None:
    team = reavers(coach)
    api = api_for(staff_user)
    with unchanged():
        answer = api.post(
            f"/api/teams/{team.pk}/adjustments/", {"reason": "Gift", "treasury": 50_000}
        )
    assert answer.status_code == 400
    assert "Blitz Bowl teams have no treasury or SPP to adjust." in str(answer.json())


def test_a_results_only_team_refuses_an_spp_adjustment(coach, staff_user) -> None:
    team = crusaders(coach)
    player = team.players.get(number=1)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        team_adjust(team, staff_user, "Typo", player=player, spp=5)
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("spp", "Blood Bowl 1st edition teams have no treasury or SPP to adjust.")
    ]
