"""Hiring a journeyman for good after the match (matches/post_game/hires.py; lrb6-facts §5),
through the service, POST /api/matches/<id>/journeymen/hire/ and the post-game page's form.

The match: Gouged Eye (Orcs, #1-11, 70,000 in the treasury: tests/teams/helpers.orc_team)
played Da Krumpers (the same) with journeymen. The applied report's PostGame row is written
here by hand, in the format the post-game sequence stores (matches/post_game._step_record),
until the engine writes its "hires" step itself:
- home #12 "Gob Ironjaw", a Lineman journeyman: a touchdown (3 SPP) and the MVP (5 SPP),
  8 SPP in all; offered.
- away #12 "Snaga", a Lineman journeyman: a completion (1 SPP), then a casualty of 53
  (-1 MA, misses the next game); offered.
- away #13 "Ugluk", a Lineman journeyman: killed; not offered.
An Orc Lineman costs 50,000 (rules/editions/lrb6/races.yaml): what the hire pays."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from matches import workflow
from matches.kick_off.lrb6 import journeymen_take
from matches.models import CONFIRMED, KickOff, Match, Participant, PostGame, Report
from matches.post_game.apply import _step_record
from matches.post_game.hires import hires_step, journeyman_hire
from rules.engine import post_game as engine
from rules.engine.errors import Refused
from rules.engine.purchases import Purchase
from rules.models import Position
from teams.between_matches import team_purchase
from teams.ledger_rows import ledger_differences
from teams.models import LedgerEntry, Player, Team
from teams.roster import roster
from teams.services import cause_new, entry_append
from teams.undo import entry_undo
from tests.matches.helpers import PLAYED, fresh, problems
from tests.matches.post_game.test_post_game import TABLE_DICE, at_the_table, gate_recorded
from tests.matches.rulesets import friendly_of
from tests.matches.test_api import client_of
from tests.teams.helpers import record

pytestmark = pytest.mark.django_db

LINEMAN = 50_000  # an Orc Lineman's cost, races.yaml
START = 70_000  # each Orc team's treasury after it was made
ORC_TEAM_VALUE = 930_000  # helpers.orc_team's arithmetic
HOME_NAME, AWAY_NAME, DEAD_NAME = "Gob Ironjaw", "Snaga", "Ugluk"


def step(key: str, changes=(), inputs=None) -> dict:
    return _step_record(engine.Step(key, key.replace("_", " "), inputs or {}, (), "", changes))


def hire_changes() -> list[dict]:
    """The steps that give the journeymen what they keep, and the hires step that offers
    them."""
    mine = {"key": ""}  # a one-game hire's changes name no ledger key
    spp = [
        engine.Change("home", "spp", 3, 12, why="touchdown", **mine),
        engine.Change("home", "touchdowns", 1, 12, **mine),
        engine.Change("home", "spp", 5, 12, why="MVP", **mine),
        engine.Change("home", "mvps", 1, 12, **mine),
        engine.Change("away", "spp", 1, 12, why="completion", **mine),
        engine.Change("away", "completions", 1, 12, **mine),
    ]
    casualties = [
        engine.Change("away", "status", 0, 12, detail="missing_next_game", was="active", **mine),
        engine.Change("away", "characteristic", -1, 12, detail="MA", **mine),
        engine.Change("away", "injury", 0, 12, detail="-MA", **mine),
        engine.Change("away", "status", 0, 13, detail="dead", was="active", **mine),
    ]
    offered = {"journeymen": {"home": [12], "away": [12]}}
    return [step("spp", spp), step("casualties", casualties), step("hires", (), offered)]


def journeyman(match: Match, team: Team, number: int, name: str, position: str = "Lineman"):
    row = Position.objects.get(race=team.race, name=position)
    Participant.objects.create(match=match, team=team, kind="journeyman", number=number,
                               name=name, position=row, value=row.cost)  # fmt: skip


def applied(match: Match, steps: list[dict] | None = None) -> Match:
    """The match confirmed and its report applied, as the post-game sequence records it."""
    Match.objects.filter(pk=match.pk).update(status=CONFIRMED)
    PostGame.objects.create(
        match=match, steps={"steps": steps or hire_changes(), "level_ups": {}},
        applied_by=match.home.coach,
    )  # fmt: skip
    return Match.objects.select_related("home", "away").get(pk=match.pk)


@pytest.fixture
def match(home_team, away_team) -> Match:
    played = friendly_of(home_team, away_team)
    journeyman(played, home_team, 12, HOME_NAME)
    journeyman(played, away_team, 12, AWAY_NAME)
    journeyman(played, away_team, 13, DEAD_NAME)
    return applied(played)


def treasury_set(team: Team, gold: int) -> None:
    record(team, "adjustment", "Treasury for the test", team.coach,
           [{"op": "treasury", "amount": gold - team.treasury}])  # fmt: skip
    team.refresh_from_db()


def hired_row(team: Team, name: str):
    return next(row for row in roster(team).rows if row.player.name == name)


# --- The service ---


def test_it_hires_a_journeyman_for_his_positions_cost(match, home_coach) -> None:
    team = journeyman_hire(match, home_coach, "home", 12)
    # 70,000 - a Lineman's 50,000 = 20,000.
    assert team.treasury == START - LINEMAN == 20_000
    player = team.players.get(name=HOME_NAME)
    # The eleven players were p1-p11: he is p12, and keeps his shirt, #12.
    assert (player.key, player.number, player.position.name) == ("p12", 12, "Lineman")
    assert player.status == "active"
    entries = LedgerEntry.objects.filter(team=team, kind="hire")
    assert entries.count() == 1
    assert entries.get().cause.kind == "hire"
    assert ledger_differences(team) == []
    # He counts in the team value now: 930,000 + 50,000.
    assert roster(team).value == ORC_TEAM_VALUE + LINEMAN


def test_it_keeps_the_spp_and_counters_the_match_gave_him(match, home_coach) -> None:
    team = journeyman_hire(match, home_coach, "home", 12)
    player = team.players.get(name=HOME_NAME)
    # A touchdown (3) and the MVP (5): 8 SPP.
    assert (player.spp, player.touchdowns, player.mvps, player.completions) == (8, 1, 1, 0)
    # 8 SPP is past the Rookie's 5: his improvement roll is due.
    assert hired_row(team, HOME_NAME).rolls_due == 1


def test_it_joins_without_loner_as_a_normal_player_of_his_position(match, home_coach) -> None:
    team = journeyman_hire(match, home_coach, "home", 12)
    row = hired_row(team, HOME_NAME)
    # An Orc Lineman's skills (none, races.yaml), and none gained: Loner was the journeyman's.
    assert row.starting_skills == ()
    assert row.gained_skills == ()
    assert "Loner" not in row.starting_skills + row.gained_skills


def test_it_keeps_a_lasting_injury_from_the_match(match, away_coach) -> None:
    team = journeyman_hire(match, away_coach, "away", 12)
    player = team.players.get(name=AWAY_NAME)
    assert (player.spp, player.completions) == (1, 1)
    assert player.status == "missing_next_game"
    assert (player.injuries, player.injury_changes) == (["-MA"], {"MA": -1})
    # A Lineman's MA 5, less 1.
    assert dict((n, v) for n, v, _c in hired_row(team, AWAY_NAME).characteristics)["MA"] == 4
    assert team.treasury == START - LINEMAN
    # He misses the next game, so LRB6 leaves his value out: still 930,000.
    assert roster(team).value == ORC_TEAM_VALUE
    assert ledger_differences(team) == []


def test_it_hires_each_journeyman_once(match, home_coach) -> None:
    journeyman_hire(match, home_coach, "home", 12)
    with pytest.raises(Refused) as refused:
        journeyman_hire(match, home_coach, "home", 12)
    assert problems(refused) == [("number", f"Journeyman #12 {HOME_NAME} has been hired already.")]
    assert Team.objects.get(pk=match.home_id).treasury == START - LINEMAN


def test_it_refuses_a_dead_journeyman(match, away_coach) -> None:
    with pytest.raises(Refused) as refused:
        journeyman_hire(match, away_coach, "away", 13)
    assert problems(refused) == [
        ("number", f"Journeyman #13 {DEAD_NAME} died in this match: there is no one to hire.")
    ]


def test_it_refuses_a_number_that_was_no_journeyman(match, home_coach) -> None:
    with pytest.raises(Refused) as refused:
        journeyman_hire(match, home_coach, "home", 7)
    assert problems(refused) == [("number", "Gouged Eye had no journeyman #7 in this match.")]


def test_it_refuses_what_the_treasury_cannot_pay(match, home_coach) -> None:
    treasury_set(match.home, 30_000)
    with pytest.raises(Refused) as refused:
        journeyman_hire(match, home_coach, "home", 12)
    assert problems(refused) == [
        ("treasury", "This costs 50,000 gp; the treasury has 30,000 gp (20,000 short).")
    ]
    assert not Player.objects.filter(team=match.home, name=HOME_NAME).exists()


def test_it_refuses_a_seventeenth_player(match, home_coach) -> None:
    treasury_set(match.home, 300_000)
    # Five Linemen at 50,000: 16 players, 50,000 left.
    team_purchase(match.home, home_coach, Purchase("player", "Lineman", 5))
    with pytest.raises(Refused) as refused:
        journeyman_hire(match, home_coach, "home", 12)
    assert problems(refused) == [("count", "A team may have at most 16 players; this team has 16.")]


def test_it_refuses_a_position_at_its_maximum(home_team, away_team, home_coach) -> None:
    played = friendly_of(home_team, away_team)
    # The Orcs have their 4 Blitzers (races.yaml: at most 4).
    journeyman(played, home_team, 12, "Grishnak", "Blitzer")
    played = applied(played)
    treasury_set(home_team, 100_000)
    with pytest.raises(Refused) as refused:
        journeyman_hire(played, home_coach, "home", 12)
    assert problems(refused) == [
        ("count", "Orc teams may have at most 4 Blitzers; this team has 4.")
    ]


def test_he_takes_the_lowest_free_number_when_his_is_worn(match, home_coach) -> None:
    treasury_set(match.home, 200_000)
    team_purchase(match.home, home_coach, Purchase("player", "Lineman", 1), numbers=[12])
    team = journeyman_hire(match, home_coach, "home", 12)
    assert team.players.get(name=HOME_NAME).number == 13
    assert ledger_differences(team) == []


@pytest.mark.parametrize("began", ["kick-off", "report"])
def test_the_offer_ends_when_the_teams_next_match_begins(match, home_coach, began) -> None:
    later = friendly_of(match.away, match.home)
    if began == "kick-off":
        KickOff.objects.create(match=later, team=match.home, side="away")
    else:
        Report.objects.create(match=later)
    with pytest.raises(Refused) as refused:
        journeyman_hire(match, home_coach, "home", 12)
    assert problems(refused) == [
        ("match", "The offer ended when Gouged Eye's next match (Da Krumpers v Gouged Eye) "
                  "began: a journeyman may be hired only until then.")
    ]  # fmt: skip


def test_another_match_that_has_not_begun_leaves_the_offer_open(match, home_coach) -> None:
    friendly_of(match.home, match.away)  # offered and accepted, nothing taken yet
    assert journeyman_hire(match, home_coach, "home", 12).treasury == START - LINEMAN


def test_only_his_teams_coach_may_hire_him(match, away_coach, outsider) -> None:
    for who in (away_coach, outsider):
        with pytest.raises(PermissionDenied):
            journeyman_hire(match, who, "home", 12)
    assert not Player.objects.filter(name=HOME_NAME).exists()


def test_nothing_is_offered_before_the_report_is_applied(home_team, away_team, home_coach):
    played = friendly_of(home_team, away_team)
    journeyman(played, home_team, 12, HOME_NAME)
    with pytest.raises(Refused) as refused:
        journeyman_hire(played, home_coach, "home", 12)
    assert problems(refused)[0][0] == "match"


def test_an_undone_hire_may_be_made_again(match, home_coach, users) -> None:
    journeyman_hire(match, home_coach, "home", 12)
    staff = users.create_user("ref", password="whistle-blown-1", is_staff=True)
    entry = LedgerEntry.objects.get(team=match.home, kind="hire")
    entry_undo(entry, staff, "Hired by mistake")
    team = Team.objects.get(pk=match.home_id)
    assert team.treasury == START
    assert not team.players.on_roster().filter(name=HOME_NAME).exists()
    team = journeyman_hire(match, home_coach, "home", 12)
    # A new key (p12 stays the undone row's): p13, wearing #12.
    assert team.players.on_roster().get(name=HOME_NAME).key == "p13"
    assert ledger_differences(team) == []


def test_a_rebuild_prices_the_hire_again_against_the_treasury_it_meets(
    match, home_coach, users
) -> None:
    treasury_set(match.home, 30_000)
    gift = record(match.home, "adjustment", "A sponsor's gift", home_coach,
                  [{"op": "treasury", "amount": 30_000}])  # fmt: skip
    journeyman_hire(match, home_coach, "home", 12)  # 60,000 - 50,000 = 10,000
    staff = users.create_user("ref", password="whistle-blown-1", is_staff=True)
    # Without the gift the treasury would have 30,000 when he was hired: the hire no
    # longer fits, and the undo says so, naming it.
    with pytest.raises(Refused) as refused:
        entry_undo(gift, staff, "The gift never came")
    [(field, message)] = problems(refused)
    assert field == "entry"
    assert f"Hired journeyman #12 {HOME_NAME} (Lineman) for 50,000 gp" in message
    assert "the treasury has 30,000 gp (20,000 short)" in message
    assert Team.objects.get(pk=match.home_id).treasury == 10_000


# --- The API ---


def url(match: Match) -> str:
    return f"/api/matches/{match.pk}/journeymen/hire/"


def test_the_api_hires_him_and_answers_with_the_roster(match, home_coach) -> None:
    answer = client_of(home_coach).post(url(match), {"side": "home", "number": 12}, format="json")
    assert answer.status_code == 201
    assert answer.data["treasury"] == START - LINEMAN
    hired = next(p for p in answer.data["players"] if p["name"] == HOME_NAME)
    assert (hired["number"], hired["position"], hired["spp"]) == (12, "Lineman", 8)
    assert "Loner" not in hired["starting_skills"] + hired["gained_skills"]


def test_the_api_names_the_field_of_a_bad_body(match, home_coach) -> None:
    answer = client_of(home_coach).post(url(match), {"side": "left", "number": 0}, format="json")
    assert answer.status_code == 400
    assert set(answer.data) == {"side", "number"}


def test_the_api_refuses_the_second_hire_with_a_400(match, home_coach) -> None:
    client = client_of(home_coach)
    client.post(url(match), {"side": "home", "number": 12}, format="json")
    answer = client.post(url(match), {"side": "home", "number": 12}, format="json")
    assert answer.status_code == 400
    assert answer.data == {"number": [f"Journeyman #12 {HOME_NAME} has been hired already."]}


def test_the_api_refuses_what_the_treasury_cannot_pay(match, home_coach) -> None:
    treasury_set(match.home, 10_000)
    answer = client_of(home_coach).post(url(match), {"side": "home", "number": 12}, format="json")
    assert answer.status_code == 400
    assert list(answer.data) == ["treasury"]


def test_the_api_refuses_anyone_but_his_coach_with_a_403(match, away_coach, outsider) -> None:
    for who in (away_coach, outsider):
        answer = client_of(who).post(url(match), {"side": "home", "number": 12}, format="json")
        assert answer.status_code == 403
    assert Team.objects.get(pk=match.home_id).treasury == START


# --- The pages ---


def test_the_post_game_page_offers_each_coach_his_journeyman(match, client, home_coach):
    client.force_login(home_coach)
    page = client.get(f"/matches/{match.pk}/post-game/").content.decode()
    assert "Journeymen you may hire" in page
    assert f"#12 {HOME_NAME} (Lineman), 50,000 gp · 8 SPP" in page
    assert f"#12 {AWAY_NAME} (Lineman), 50,000 gp · 1 SPP · misses the next game · -MA" in page
    assert DEAD_NAME not in page.split("Journeymen you may hire")[1].split("</section>")[0]
    # One form: his own team's journeyman.
    assert page.count('name="number" value="12"') == 1
    assert 'name="side" value="home"' in page


def test_the_page_form_hires_him_and_says_so(match, client, home_coach) -> None:
    client.force_login(home_coach)
    hire = f"/matches/{match.pk}/post-game/hire/"
    answer = client.post(hire, {"side": "home", "number": "12"}, follow=True)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert f"#12 {HOME_NAME} joins Gouged Eye for good." in page
    assert "— hired" in page
    again = client.post(hire, {"side": "home", "number": "12"})
    assert again.status_code == 400
    assert "has been hired already" in again.content.decode()


def test_the_team_page_says_a_journeyman_waits_until_hired(match, client, home_coach) -> None:
    # The report's own entry, caused by the match, as post_game_apply writes it.
    cause = cause_new("report", home_coach, {"match": match.pk}, ref=match.pk)
    entry_append(match.home, "report", "Post-game", cause, [{"op": "treasury", "amount": 10_000}])
    client.force_login(home_coach)
    page = client.get(f"/teams/{match.home_id}/").content.decode()
    assert "Journeyman #12 from Gouged Eye v Da Krumpers may be hired for good" in page
    assert f"/matches/{match.pk}/post-game/#journeymen" in page
    journeyman_hire(match, home_coach, "home", 12)
    page = client.get(f"/teams/{match.home_id}/").content.decode()
    assert 'data-testid="pending"' not in page


# --- After a report the post-game sequence applied ---


def test_it_hires_the_journeyman_of_a_report_the_engine_applied(
    friendly, home_coach, away_coach
) -> None:
    # #11 misses this match: ten Orcs take a Lineman journeyman, who scores once.
    eleventh = friendly.home.players.get(number=11)
    record(friendly.home, "report", "Hurt earlier", home_coach, [
        {"op": "player", "player": eleventh.key, "field": "status", "from": "active",
         "to": "missing_next_game"}])  # fmt: skip
    journeymen_take(friendly, home_coach, "home", ["Lineman"])
    journeymen_take(friendly, away_coach, "away", [])
    hired = Participant.objects.get(match=friendly, kind="journeyman")
    assert hired.number == 12
    gate_recorded(friendly)
    lines = {
        "home": {"players": [{"number": 6, "actions": {"touchdown": 1}},
                             {"number": 12, "actions": {"touchdown": 1}}], "mvps": [6]},
        "away": {"players": [{"number": 9, "actions": {"touchdown": 1}}], "mvps": [4]},
    }  # fmt: skip
    workflow.report_save(friendly, home_coach, PLAYED, 2, 1, lines)
    workflow.report_submit(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    post = PostGame.objects.get(match=friendly)
    assert hires_step(post)["inputs"]["journeymen"] == {"home": [12], "away": []}
    before = Team.objects.get(pk=friendly.home_id).treasury
    team = journeyman_hire(fresh(friendly), home_coach, "home", 12)
    assert team.treasury == before - LINEMAN
    player = team.players.get(number=12)
    # His touchdown: 3 SPP, kept.
    assert (player.name, player.spp, player.touchdowns) == (hired.name, 3, 1)
    assert ledger_differences(team) == []
