"""Bad input at every form and at the API: a NUL character, text longer than its column, a
number too large for any column, a large negative number and a word where a number belongs
each get a 4xx that names the problem, and leave every row of the database as it was."""

from __future__ import annotations

import copy
import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from rest_framework.test import APIClient

from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.kick_off.gdbbl import freebooters_hire
from matches.kick_off.lrb6 import journeymen_take
from matches.services import friendly_accept, friendly_offer
from rules.house_rules import ruleset_copy
from rules.selectors import version_get
from rules.snapshot import stored_edition
from tests.matches.rulesets import friendly_of, gdbbl_teams
from tests.teams.helpers import orc_team
from tests.unchanged import database

pytestmark = pytest.mark.django_db

HUGE = str(10**30)
BAD = {
    "nul": "Nul\x00led",
    "long": "x" * 10_000,
    "huge": HUGE,
    "negative": "-" + HUGE,
    "word": "ten",
}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module's three hundred cases, inside a transaction rolled back at
    its end; each case runs (and is rolled back) inside it, as Django's setUpTestData does."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield world_build()
        transaction.set_rollback(True)


def world_build() -> dict:
    users = get_user_model().objects
    coach = users.create_user("varag", password="kick-off-2")
    rival = users.create_user("griff", password="kick-off-3")
    commissioner = users.create_user("nuffle", password="kick-off-1")
    lrb6 = version_get("lrb6")
    team, rival_team, third = (
        orc_team(coach, lrb6, "Gouged Eye"),
        orc_team(rival, lrb6, "Da Krumpers"),
        orc_team(rival, lrb6, "Waaagh Wanderers"),
    )
    league = league_create(commissioner, "Old World Classic", lrb6)
    for member in (team, rival_team):
        membership_decide(membership_request(league, member.coach, member), commissioner, True)
    pending = membership_request(league, rival, third)
    season = season_start(
        league, commissioner, "round_robin", first_deadline=datetime.date(2030, 1, 7)
    )
    fourth = orc_team(rival, lrb6, "Gobbo Gang")
    house = ruleset_copy(lrb6, "Varag's Rules", coach)
    house_settings = {
        setting.key: str(setting.value).replace("True", "on")
        for setting in stored_edition(house.versions.get()).settings
        if setting.value is not False
    }
    # A friendly whose teams have taken their journeymen (none): the inducements are next.
    kick_off = friendly_accept(friendly_offer(coach, team, fourth), rival)
    journeymen_take(kick_off, coach, "home", [])
    journeymen_take(kick_off, rival, "away", [])
    # GDBBL friendlies: one before its freebooters, one whose teams hired none (the cards and
    # the niggles are next).
    gdbbl = friendly_of(*gdbbl_teams(coach, rival))
    gdbbl_ready = friendly_of(*gdbbl_teams(coach, rival))
    freebooters_hire(gdbbl_ready, coach, "home", [], [])
    freebooters_hire(gdbbl_ready, rival, "away", [], [])
    player = team.players.get(number=1)
    player.spp = 6  # an improvement roll due
    player.save()
    return {
        "coach": coach, "rival": rival, "commissioner": commissioner, "team": team,
        "league": league, "pending": pending, "fourth": fourth, "season": season,
        "house": house, "house_settings": house_settings,
        "player": player, "fixture": season.fixtures.first(), "orc": team.race,
        "match": season.fixtures.first().match, "kick_off": kick_off,
        "gdbbl": gdbbl, "gdbbl_ready": gdbbl_ready,
        "lineman": team.race.positions.get(name="Lineman"),
    }  # fmt: skip


# (name, who posts, url, valid fields, fields to spoil) — urls and fields filled from `world`;
# a field marked "~" is free text.
FORMS = [
    ("team builder", "coach", "/teams/new/",
     {"ruleset": "lrb6", "race": "orc", "name": "New Team", "count-{lineman}": "11",
      "rerolls": "1", "fan_factor": "1", "names": "Ug"},
     ["~name", "count-{lineman}", "rerolls", "fan_factor", "~names"]),
    ("buy", "coach", "/teams/{team}/buy/",
     {"kind": "player", "what-player": "Lineman", "count": "1", "names": "Ug"},
     ["count", "~names", "what-player", "kind"]),
    ("rename team", "coach", "/teams/{team}/rename/", {"name": "Gouged Eye Reborn"}, ["~name"]),
    ("rename player", "coach", "/teams/{team}/players/{player}/rename/",
     {"name": "Ug", "number": "42"}, ["~name", "number"]),
    ("adjust", "commissioner", "/teams/{team}/adjust/",
     {"reason": "Paper report", "treasury": "10000", "spp": "0", "player": ""},
     ["~reason", "treasury", "spp", "player"]),
    ("leave", "coach", "/teams/{team}/players/{player}/leave/",
     {"how": "fired", "confirm": "yes"}, ["how"]),
    ("improve", "coach", "/teams/{team}/players/{player}/improve/",
     {"source": "entered", "die1": "3", "die2": "4"}, ["die1", "die2"]),
    ("new league", "coach", "/leagues/new/",
     {"name": "Badlands Bash", "description": "", "version": "{lrb6}", "public": "on"},
     ["~name", "~description", "version"]),
    ("league settings", "commissioner", "/leagues/{league}/settings/",
     {"name": "Old World Classic", "description": "", "public": "on",
      "tie_breaker": "points", "dice_sources": "both", "reports_apply": "at_once",
      "points_win": "3", "points_draw": "1", "points_loss": "0", "bonus_three_touchdowns": "0",
      "bonus_three_casualties": "0", "bonus_clean_sheet": "0", "forfeit_winner_touchdowns": "2",
      "forfeit_loser_touchdowns": "0"},
     ["~name", "~description", "points_win", "forfeit_winner_touchdowns", "dice_sources"]),
    ("enter", "rival", "/leagues/{league}/enter/", {"team": "{fourth}"}, ["team"]),
    ("refuse a team", "commissioner", "/leagues/{league}/memberships/{pending}/decide/",
     {"decision": "refuse", "reason": "Full"}, ["~reason", "decision"]),
    ("add commissioner", "commissioner", "/leagues/{league}/commissioners/",
     {"username": "griff"}, ["~username"]),
    ("new season", "commissioner", "/leagues/{league}/seasons/new/",
     {"format": "round_robin", "name": "Season 2", "first_deadline": "2030-03-01",
      "days_between_rounds": "7", "confirm": "yes"},
     ["~name", "first_deadline", "days_between_rounds", "format"]),
    ("reschedule", "commissioner", "/leagues/{league}/fixtures/{fixture}/reschedule/",
     {"deadline": "2030-02-01", "reason": "Snowed in"}, ["deadline", "~reason"]),
    ("forfeit", "commissioner", "/leagues/{league}/fixtures/{fixture}/forfeit/",
     {"forfeited_by": "{team}", "confirm": "yes"}, ["forfeited_by"]),
    ("match report", "coach", "/matches/{match}/report/",
     {"played_on": "2026-11-01", "home_touchdowns": "2", "away_touchdowns": "1"},
     ["played_on", "home_touchdowns", "away_touchdowns"]),
    ("match dice", "coach", "/matches/{match}/dice_entered/",
     {"purpose": "winnings, home", "notation": "D6", "values": "4"},
     ["~purpose", "notation", "values"]),
    ("friendly offer", "coach", "/matches/friendly/new/", {"home": "{team}", "away": "{fourth}"},
     ["home", "away"]),
    ("freebooters", "coach", "/matches/{gdbbl}/freebooters/",
     {"side": "home", "count_Lineman": "0", "count_Catcher": "1"},
     ["count_Lineman", "count_Catcher", "stars", "side"]),
    ("copy ruleset", "coach", "/rules/lrb6/copy/", {"name": "Copy"}, ["~name"]),
    ("house settings", "coach", "/rules/{house_slug}/edit/settings/",
     {"mvp_per_team": "1"}, ["mvp_per_team"]),
    ("house editors", "coach", "/rules/{house_slug}/editors/", {"username": "griff"},
     ["~username"]),
    ("sign up", None, "/accounts/signup/",
     {"username": "newcoach", "email": "a@b.example", "password1": "kick-off-77X",
      "password2": "kick-off-77X"},
     ["~username", "~email"]),
]  # fmt: skip


def fill(text: str, world: dict) -> str:
    return text.format(
        team=world["team"].pk, player=world["player"].pk, league=world["league"].pk,
        pending=world["pending"].pk, fixture=world["fixture"].pk,
        fourth=world["fourth"].pk, lineman=world["lineman"].pk,
        lrb6=world["team"].ruleset_version_id, house_slug=world["house"].slug,
        match=world["match"].pk, kick_off=world["kick_off"].pk, gdbbl=world["gdbbl"].pk,
        gdbbl_ready=world["gdbbl_ready"].pk,
    )  # fmt: skip


def problems(response) -> str:
    """The refusal's words on a page, for a failing assertion's message."""
    text = response.content.decode()
    start = max(text.find('role="alert"'), text.find('class="problems'))
    return re.sub(r"<[^>]+>|\s+", " ", text[start : start + 800]) if start >= 0 else text[:300]


TEXT_SPOILERS = ("nul", "long")  # a text field takes any words: "ten" is a fine team name
CASES = [
    pytest.param(form, field.lstrip("~"), kind, id=f"{form[0]}-{field.lstrip('~')}-{kind}")
    for form in FORMS
    for field in form[4]
    for kind in (TEXT_SPOILERS if field.startswith("~") else BAD)
]


@pytest.mark.parametrize(("form", "field", "kind"), CASES)
def test_a_spoiled_form_field_is_refused_and_changes_nothing(world, form, field, kind) -> None:
    name, who, url, valid, _spoilable = form
    client = Client()
    if who:
        client.force_login(world[who])
    data = {fill(key, world): fill(value, world) for key, value in valid.items()}
    if "house" in name:
        data = {**world["house_settings"], **data}
    data[fill(field, world)] = BAD[kind]
    before = database()
    response = client.post(fill(url, world), data)
    assert 400 <= response.status_code < 500, (response.status_code, problems(response))
    assert database() == before


@pytest.mark.parametrize("form", FORMS, ids=[f[0] for f in FORMS])
def test_the_unspoiled_form_is_accepted(world, form) -> None:
    """The valid fields really are valid, so each refusal above is the spoiled field's."""
    name, who, url, valid, _spoilable = form
    client = Client()
    if who:
        client.force_login(world[who])
    data = {fill(key, world): fill(value, world) for key, value in valid.items()}
    if "house" in name:
        data = {**world["house_settings"], **data}
    response = client.post(fill(url, world), data)
    assert response.status_code in (200, 302), problems(response)


JSON_BAD = {
    "nul": "Nul\x00led",
    "long": "x" * 10_000,
    "huge": 10**30,
    "negative": -(10**30),
    "word": "ten",
}
# A whole LRB6 report: a line, an MVP drawn at the table, a casualty with its die and a
# concession.
REPORT_CONTENT = {
    "played_on": "2026-11-01", "home_touchdowns": 2, "away_touchdowns": 1, "notes": "Rain.",
    "home": {"players": [{"number": 6, "actions": {"touchdown": 2}}], "mvps": [9]},
    "casualties": [{"victim": {"side": "away", "number": 3},
                    "causer": {"side": "home", "number": 6}, "action": "block",
                    "dice": {"casualty": [1, 1]}}],
    "concession": {"side": "away", "half": 2, "turn": 6},
}  # fmt: skip
# (name, who, method, url, valid body, fields to spoil); "~" marks free text, as above; a
# dotted field is spoiled inside the body ("home.players.1.number").
API = [
    ("create team", "coach", "post", "/api/teams/",
     {"name": "New Team", "ruleset": "lrb6", "race": "orc", "rerolls": 1, "fan_factor": 1,
      "players": [{"position": "Lineman", "name": f"Ug {n}"} for n in range(11)]},
     ["~name", "rerolls", "fan_factor", "race"]),
    ("buy", "coach", "post", "/api/teams/{team}/purchases/",
     {"kind": "player", "what": "Lineman", "count": 1, "names": ["Ug"]},
     ["count", "what", "kind"]),
    ("rename team", "coach", "patch", "/api/teams/{team}/", {"name": "Gouged Eye Reborn"},
     ["~name"]),
    ("rename player", "coach", "patch", "/api/teams/{team}/players/{player}/",
     {"name": "Ug", "number": 42}, ["~name", "number"]),
    ("adjust", "commissioner", "post", "/api/teams/{team}/adjustments/",
     {"reason": "Paper report", "treasury": 10_000, "spp": 0},
     ["~reason", "treasury", "spp", "player"]),
    ("leave", "coach", "post", "/api/teams/{team}/players/{player}/leave/", {"how": "fired"},
     ["how"]),
    ("roll", "coach", "post", "/api/teams/{team}/players/{player}/improvements/",
     {"dice": [3, 4]}, ["dice"]),
    ("new league", "coach", "post", "/api/leagues/",
     {"name": "Badlands Bash", "ruleset": "lrb6", "description": ""},
     ["~name", "~description", "ruleset", "version", "points_win"]),
    ("league settings", "commissioner", "patch", "/api/leagues/{league}/",
     {"points_win": 3}, ["~name", "~description", "points_win", "forfeit_winner_touchdowns"]),
    ("enter", "rival", "post", "/api/leagues/{league}/memberships/", {"team": "{fourth}"},
     ["team"]),
    ("refuse", "commissioner", "post", "/api/leagues/{league}/memberships/{pending}/refuse/",
     {"reason": "Full"}, ["~reason"]),
    ("add commissioner", "commissioner", "post", "/api/leagues/{league}/commissioners/",
     {"username": "griff"}, ["~username"]),
    ("new season", "commissioner", "post", "/api/leagues/{league}/seasons/",
     {"format": "round_robin", "name": "Season 2", "days_between_rounds": 7},
     ["~name", "format", "days_between_rounds", "first_deadline"]),
    ("reschedule", "commissioner", "post", "/api/leagues/{league}/fixtures/{fixture}/reschedule/",
     {"deadline": "2030-02-01", "reason": "Snowed in"}, ["~reason", "deadline"]),
    ("forfeit", "commissioner", "post", "/api/leagues/{league}/fixtures/{fixture}/forfeit/",
     {"forfeited_by": "{team}"}, ["forfeited_by"]),
    ("match report", "coach", "put", "/api/matches/{match}/report/",
     {"played_on": "2026-11-01", "home_touchdowns": 2, "away_touchdowns": 1},
     ["played_on", "home_touchdowns", "away_touchdowns"]),
    # The report's content, spoiled down its nested paths (lists counted from 1).
    ("match report content", "coach", "put", "/api/matches/{match}/report/", REPORT_CONTENT,
     ["~notes", "home.players.1.number", "home.players.1.actions.touchdown", "home.mvps.1",
      "casualties.1.victim.number", "casualties.1.action", "casualties.1.modifier",
      "casualties.1.dice.casualty.1", "concession.turn", "concession.half", "win_type"]),
    ("match dice", "coach", "post", "/api/matches/{match}/dice/",
     {"purpose": "winnings, home", "notation": "D6", "source": "entered", "values": [4]},
     ["~purpose", "notation", "source", "values"]),
    ("friendly offer", "coach", "post", "/api/matches/", {"home": "{team}", "away": "{fourth}"},
     ["home", "away"]),
    # LRB6 before kick-off: eleven Orcs a side take no journeymen; inducements free of cost.
    ("journeymen", "coach", "post", "/api/matches/{match}/journeymen/", {"positions": []},
     ["side", "positions"]),
    ("inducements", "coach", "post", "/api/matches/{kick_off}/inducements/",
     {"side": "home", "items": {"bloodweiser_babes": 0}, "stars": [], "mercenaries": []},
     ["side", "items", "items.bloodweiser_babes", "stars", "mercenaries"]),
    ("gate", "coach", "post", "/api/matches/{kick_off}/gate/", {}, []),
    # GDBBL before kick-off: a half-price Catcher (35,000 of the 220,000 left at creation).
    ("freebooters", "coach", "post", "/api/matches/{gdbbl}/freebooters/",
     {"side": "home", "positions": ["Catcher"], "stars": []},
     ["side", "positions", "positions.1", "stars"]),
    ("weather", "coach", "post", "/api/matches/{gdbbl}/weather/", {}, []),
    ("gdbbl gate", "coach", "post", "/api/matches/{gdbbl}/gate/", {}, []),
    ("cards", "coach", "post", "/api/matches/{gdbbl_ready}/cards/", {"side": "home"}, ["side"]),
    ("niggles", "coach", "post", "/api/matches/{gdbbl_ready}/niggles/", {"side": "home"},
     ["side"]),
]  # fmt: skip


def body_of(valid: dict, world: dict) -> dict:
    return {
        key: int(fill(value, world)) if isinstance(value, str) and value.startswith("{") else value
        for key, value in valid.items()
    }


def spoiled(body: dict, field: str, value) -> dict:
    """The body with `field` replaced: a top-level key, or a dotted path into the body."""
    body = copy.deepcopy(body)
    *path, last = field.split(".")
    here = body
    for step in path:
        here = here[int(step) - 1] if isinstance(here, list) else here[step]
    if isinstance(here, list):
        here[int(last) - 1] = value
    else:
        here[last] = value
    return body


API_CASES = [
    pytest.param(case, field.lstrip("~"), kind, id=f"{case[0]}-{field.lstrip('~')}-{kind}")
    for case in API
    for field in case[5]
    for kind in (TEXT_SPOILERS if field.startswith("~") else JSON_BAD)
]


@pytest.mark.parametrize(("case", "field", "kind"), API_CASES)
def test_a_spoiled_api_field_is_a_400_that_names_it_and_changes_nothing(
    world, case, field, kind
) -> None:
    _name, who, method, url, valid, _spoilable = case
    client = APIClient()
    client.force_authenticate(world[who])
    body = spoiled(body_of(valid, world), field, JSON_BAD[kind])
    before = database()
    response = getattr(client, method)(fill(url, world), body, format="json")
    assert response.status_code == 400, (response.status_code, response.content[:300])
    answer = response.json()
    # Keyed by field: the spoiled one, or the rule it broke ("budget" for 10**30 re-rolls).
    assert answer
    assert all(isinstance(messages, list) for messages in answer.values()), answer
    named = ("player", "team", "ruleset", "how", "kind", "home", "away", "values", "notation",
             "number")  # fmt: skip
    if kind in TEXT_SPOILERS or field in named:
        assert field in answer, answer
    if "." in field:  # the field itself, or the record the rules name (a casualty's die)
        assert any(field == key or field.startswith(f"{key}.") for key in answer), answer
    assert database() == before


@pytest.mark.parametrize("case", API, ids=[c[0] for c in API])
def test_the_unspoiled_api_call_is_accepted(world, case) -> None:
    _name, who, method, url, valid, _spoilable = case
    client = APIClient()
    client.force_authenticate(world[who])
    response = getattr(client, method)(fill(url, world), body_of(valid, world), format="json")
    assert response.status_code in (200, 201), response.content[:500]


def test_json_nested_a_thousand_deep_is_a_400_not_a_500(db) -> None:
    body = "[" * 1000 + "]" * 1000
    client = APIClient()
    response = client.post("/api/auth/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]
