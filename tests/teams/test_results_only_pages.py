"""The pages of a results-only team (Blitz Bowl, 1st edition) show only what its rules have:
its players with their characteristics (none in 1st edition's standard game) and Blitz
Bowl's abilities, its history, and no treasury, SPP, counters, value, re-rolls, fan factor or
staff; the league pages of a results-only league promise no treasury either. LRB6 and GDBBL
pages are as they were (their own tests); a few contrasts here say so."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from rules.engine.team_building import TeamRefused
from rules.selectors import version_get
from teams.advancement import improvement_roll
from teams.between_matches import player_leave
from teams.models import LedgerEntry
from teams.services import cause_new, entry_append, team_create
from tests.teams.helpers import cells, definitions, orc_team, squad
from tests.teams.results_only import (
    CRUSADERS,
    crusaders,
    lacked,
    reavers,
    standard_game_version,
    standard_orcs,
    words,
)
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_of(client: Client, team) -> str:
    response = client.get(f"/teams/{team.pk}/")
    assert response.status_code == 200
    return response.content.decode()


# --- Blitz Bowl ---


def test_a_blitz_bowl_page_shows_the_card_and_nothing_the_rules_do_not_have(coach) -> None:
    html = page_of(signed_in(coach), reavers(coach))  # his own: the coach's forms too
    assert lacked(words(html)) == []
    assert set(definitions(html, "team-block")) == {"Race", "Ruleset", "Head coach"}
    header, *rows = cells(html, "table", "roster")
    assert header == ["#", "Name", "Position", "MV", "BL", "TH", "AR", "Abilities"]
    # The Human card (document 004): Throw and Armour are the score a check needs, "4+".
    by_number = {row[0]: row[:8] for row in rows}
    assert by_number["1"] == ["1", "Lineman 1", "Lineman", "6", "1", "4+", "3+", ""]
    assert by_number["4"] == ["4", "Thrower 4", "Thrower", "6", "1", "3+", "3+", "Handling Skills"]
    assert by_number["5"] == ["5", "Catcher 5", "Catcher", "8", "1", "4+", "5+",
                              "Catcher's Instincts"]  # fmt: skip
    assert by_number["6"][3:] == ["7", "1", "4+", "3+", "Offensive Specialist"]


def test_a_blitz_bowl_page_offers_nothing_to_buy_and_no_improvement(coach) -> None:
    html = page_of(signed_in(coach), reavers(coach))
    assert "Buy from the treasury" not in html
    assert "buy-form" not in html
    assert "/buy/" not in html
    assert "improvement roll due" not in html
    assert "choose an advance" not in html


# --- 1st edition ---


def test_a_first_edition_page_shows_the_seven_characteristics_of_the_veterans_rules(
    coach,
) -> None:
    html = page_of(signed_in(coach), crusaders(coach))
    assert lacked(words(html)) == []
    assert set(definitions(html, "team-block")) == {"Race", "Ruleset", "Head coach"}
    header, *rows = cells(html, "table", "roster")
    # No skills column: 1st edition's players have none (document 002).
    assert header == ["#", "Name", "Position", "MA", "SP", "ST", "AG", "TS", "CL", "AV"]
    assert len(rows) == sum(count for count, _ in CRUSADERS)
    by_number = {row[0]: row[:10] for row in rows}
    # The Human profiles of 002 (l.488-494): SP, TS and CL are signed modifiers.
    assert by_number["1"] == ["1", "Lineman 1", "Lineman", "4", "2", "3", "3", "0", "0", "9"]
    assert by_number["7"] == ["7", "Blitzer 7", "Blitzer", "4", "3", "4", "3", "0", "0", "9"]
    assert by_number["9"] == ["9", "Blocker 9", "Blocker", "4", "1", "4", "2", "-1", "-1", "10"]
    assert "The standard game" not in html


def test_the_standard_game_page_shows_numbers_names_and_positions_and_says_why(coach) -> None:
    html = page_of(signed_in(coach), standard_orcs(coach))
    text = words(html)
    assert lacked(text) == []
    header, *rows = cells(html, "table", "roster")
    assert header == ["#", "Name", "Position"]  # no characteristic at all
    assert [row[:3] for row in rows] == [[str(n), f"Lineman {n}", "Lineman"] for n in range(1, 12)]
    assert "every player moves up to 6 squares and has no profile" in text
    assert 'data-label="MA"' not in html


def test_agreeing_the_veterans_rules_per_match_keeps_the_profiles_on_the_page(coach) -> None:
    from tests.matches.rulesets import house_version

    version = house_version("first-edition", coach, veterans_rules="agreed_per_match")
    html = page_of(Client(), crusaders(coach, version=version))
    header = cells(html, "table", "roster")[0]
    assert header[3:10] == ["MA", "SP", "ST", "AG", "TS", "CL", "AV"]
    assert "has no profile" not in html


# --- Everyone's view, the commissioner's forms, the history ---


@pytest.mark.parametrize("build", [reavers, crusaders, standard_orcs])
def test_a_visitor_and_site_staff_see_no_money_or_experience_either(
    build, coach, staff_user
) -> None:
    team = build(coach)
    assert lacked(words(page_of(Client(), team))) == []
    html = page_of(signed_in(staff_user), team)  # who may adjust and undo
    assert lacked(words(html)) == []
    assert 'name="treasury"' not in html
    assert 'name="spp"' not in html
    assert "Undoing an entry applies every later one again" in html  # undo stays


def test_an_lrb6_page_keeps_its_money_and_the_adjustment_form(coach, staff_user, lrb6) -> None:
    html = page_of(signed_in(staff_user), orc_team(coach, lrb6))
    facts = definitions(html, "team-block")
    assert (facts["Treasury"], facts["Team value"]) == ("70,000 gp", "930,000 gp")
    header = cells(html, "table", "roster")[0]
    assert header[-9:] == ["Inj", "Comp", "TD", "Int", "Cas", "MVP", "SPP", "Value", "Leave"]
    assert 'name="treasury"' in html
    assert 'name="spp"' in html


def test_the_history_says_how_many_players_a_results_only_team_was_created_with(coach) -> None:
    team = reavers(coach)
    [created] = cells(page_of(Client(), team), "ol", "ledger")[0]
    assert created.endswith(" by grimgor: Team created: 6 players")
    # Stored as it reads: a results-only team is created with players and nothing else.
    assert LedgerEntry.objects.get(team=team).summary == "Team created: 6 players"


def test_a_player_struck_off_a_results_only_team_is_marked_in_words(coach) -> None:
    team = crusaders(coach)
    # What a report applies under dead_players_removed: his status, caused by the report.
    dead = {"op": "player", "player": "p1", "field": "status", "from": "active", "to": "dead"}
    cause = cause_new("report", coach, {"match": 1}, ref=1)
    entry_append(team, "report", "Result of a match: 1 dead, struck off the roster", cause, [dead])
    html = page_of(Client(), team)
    rows = {row[0]: row for row in cells(html, "table", "roster")[1:]}
    assert rows["1"][1] == "Lineman 1 dead"
    assert rows["2"][1] == "Lineman 2"
    assert lacked(words(html)) == []


def test_a_results_only_team_neither_fires_nor_retires(coach) -> None:
    team = reavers(coach)
    for how in ("fired", "retired"):
        with unchanged(), pytest.raises(TeamRefused) as refused:
            player_leave(team, coach, team.players.get(number=1), how)
        assert [(p.field, p.message) for p in refused.value.problems] == [
            ("how", "Blitz Bowl has no firing or retiring: a team keeps the players it was "
                    "built with.")
        ]  # fmt: skip
    assert "fire…" not in page_of(Client(), team)


def test_the_improvement_page_of_a_results_only_player_says_he_never_improves(coach) -> None:
    team = crusaders(coach)
    player = team.players.get(number=7)
    response = signed_in(coach).get(f"/teams/{team.pk}/players/{player.pk}/improve/")
    text = words(response.content.decode())
    assert "Blood Bowl 1st edition v1 records results only: its players never improve." in text
    assert "SPP" not in text
    assert "Roll the two dice" not in text


# --- The roster on a phone ---


def test_the_phone_cards_of_a_blitz_bowl_team_carry_its_four_values_and_abilities(
    coach,
) -> None:
    html = page_of(Client(), reavers(coach))
    for label in ("MV", "BL", "TH", "AR"):
        assert html.count(f'data-label="{label}"') == 6, label
    assert html.count('class="skills-cell p-skills"') == 6
    for absent in ("p-spp", "p-value", "p-injuries", "p-level", "p-count"):
        assert absent not in html, absent
    for label in ("Comp", "TD", "Int", "Cas", "MVP", "SPP"):
        assert f'data-label="{label}"' not in html, label


def test_the_phone_cards_of_the_standard_game_have_number_name_and_position_only(
    coach,
) -> None:
    html = page_of(Client(), standard_orcs(coach))
    for name in ("p-number", "p-name", "p-position"):
        assert html.count(f'class="{name}"') + html.count(f' {name}"') == 11, name
    for absent in ("p-stat", "p-skills", "p-spp", "p-value", "p-injuries", "p-count"):
        assert absent not in html, absent


# --- The league pages of a results-only league ---


@pytest.fixture
def blitz_league(users, coach, rival):
    commissioner = users.create_user("nuffle", password="kick-off-1")
    league = league_create(commissioner, "Reikland Blitz", version_get("blitz-bowl"))
    for team in (reavers(coach), reavers(rival, "Middenheim Wolves")):
        request = membership_request(league, team.coach, team)
        membership_decide(request, commissioner, approve=True)
    return league, commissioner


def test_a_blitz_bowl_league_dashboard_promises_no_treasury(blitz_league) -> None:
    league, commissioner = blitz_league
    text = words(signed_in(commissioner).get(f"/leagues/{league.pk}/dashboard/").content.decode())
    assert "every member team exactly as it is: players and history carry over." in text
    assert "treasury" not in text


def test_starting_a_blitz_bowl_season_promises_no_treasury(blitz_league) -> None:
    league, commissioner = blitz_league
    form = {"format": "round_robin", "name": "", "first_deadline": "", "days_between_rounds": "7"}
    page = signed_in(commissioner).post(f"/leagues/{league.pk}/seasons/new/", form)
    text = words(page.content.decode())
    assert "each exactly as it is: players and history carry over, and no team changes." in text
    assert "treasury" not in text


def test_a_blitz_bowl_forfeit_writes_no_winnings_it_never_had(blitz_league) -> None:
    league, commissioner = blitz_league
    season = season_start(league, commissioner, "round_robin", "", datetime.date(2027, 1, 4), 7)
    fixture = season.fixtures.exclude(away=None).first()
    page = signed_in(commissioner).post(
        f"/leagues/{league.pk}/fixtures/{fixture.pk}/forfeit/", {"forfeited_by": fixture.home_id}
    )
    text = words(page.content.decode())
    assert "Nothing is written to either team's ledger." in text
    assert lacked(text) == []


def test_an_lrb6_league_still_says_the_treasury_carries_over(users, coach, lrb6) -> None:
    commissioner = users.create_user("nuffle", password="kick-off-1")
    league = league_create(commissioner, "Old World Classic", lrb6)
    page = signed_in(commissioner).get(f"/leagues/{league.pk}/dashboard/")
    assert "players, treasury and history carry over" in words(page.content.decode())


# --- Flat queries ---


def queries_of(client: Client, url: str) -> int:
    client.get(url)  # warm up: the rules' snapshots are read once per process
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_a_results_only_page_takes_as_many_queries_for_16_players_as_for_11(coach) -> None:
    version = version_get("first-edition")
    few = crusaders(coach, version=version)
    sixteen = squad(*CRUSADERS, (2, "Catcher"), (2, "Thrower"), (1, "Blocker"))
    many = team_create(coach, version, "Reikland Reavers", "human", sixteen)
    assert many.players.count() == 16
    client = signed_in(coach)
    for url in ("/teams/{}/", "/api/teams/{}/", "/api/teams/{}/ledger/"):
        assert queries_of(client, url.format(many.pk)) == queries_of(client, url.format(few.pk))


def test_the_standard_game_page_takes_no_more_queries_than_a_veterans_page(coach) -> None:
    client = signed_in(coach)
    veterans = queries_of(client, f"/teams/{crusaders(coach).pk}/")
    standard = standard_orcs(coach, standard_game_version(coach))
    assert queries_of(client, f"/teams/{standard.pk}/") == veterans


def test_a_results_only_player_rolls_for_no_improvement(coach) -> None:
    team = crusaders(coach)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        improvement_roll(team, coach, team.players.get(number=7), dice=(6, 6))
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("player", "Blood Bowl 1st edition players never improve.")
    ]
