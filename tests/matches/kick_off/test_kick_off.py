"""Before an LRB6 match, recorded on the match: journeymen, the values at kick-off and petty
cash, inducements paid from petty cash and then the treasury (one ledger entry caused by the
match), and the gate and FAME from their dice. The worked example is the issue's: a Human
team with 9 players able to play and a team value of 900,000 (treasury 30,000) meets a team
of 1,400,000."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from league.seasons import season_start
from matches.dice import dice_enter
from matches.kick_off.lrb6 import gate_record, inducements_buy, journeymen_take
from matches.kick_off.shared import niggles_roll
from matches.models import KickOff, Participant
from matches.report.content import match_sides
from matches.services import MatchRefused
from rules.engine.inducements import Request
from teams.models import LedgerEntry, Team
from teams.roster import roster
from teams.services import team_create
from tests.matches.conftest import home_at_home, league_of
from tests.matches.helpers import problems
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import orc_team, record, squad
from tests.unchanged import unchanged

# LRB6 Humans: 9 Linemen (450,000) + 2 Blitzers (180,000) + 3 re-rolls (150,000) + fan factor
# 9 (90,000) + an apothecary (50,000) + 8 assistant coaches (80,000) = 1,000,000. With two
# Linemen missing the next match, the value is 1,000,000 - 100,000 = 900,000.
HUMANS = ((9, "Lineman"), (2, "Blitzer"))


@pytest.fixture
def humans(home_coach, lrb6) -> Team:
    team = team_create(
        home_coach, lrb6, "Reikland Reavers", "human", squad(*HUMANS), rerolls=3,
        fan_factor=9, staff={"apothecary": 1, "assistant_coach": 8},
    )  # fmt: skip
    for player in team.players.filter(number__in=(1, 2)):
        change = {"op": "player", "player": player.key, "field": "status", "from": "active",
                  "to": "missing_next_game"}  # fmt: skip
        record(team, "report", f"#{player.number} is hurt", home_coach, [change])
    record(team, "adjustment", "Prize money", home_coach, [{"op": "treasury", "amount": 30_000}])
    team.refresh_from_db()
    return team


@pytest.fixture
def giants(away_coach, lrb6) -> Team:
    """Orcs worth 930,000, with 470,000 of value increases on #6: 1,400,000."""
    team = orc_team(away_coach, lrb6, "Da Giants")
    star = team.players.get(number=6)
    grown = {"op": "player", "player": star.key, "field": "value_increase", "amount": 470_000}
    record(team, "adjustment", "Grown", away_coach, [grown])
    team.refresh_from_db()
    return team


@pytest.fixture
def match(humans, giants):
    return friendly_of(humans, giants)


def test_the_worked_example_ends_with_20000_in_the_treasury_and_one_entry(
    match, humans, giants, home_coach, away_coach
) -> None:
    assert (roster(humans).value, roster(giants).value) == (900_000, 1_400_000)
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    journeymen_take(match, away_coach, "away", [])
    home, away = (KickOff.objects.get(match=match, side=side) for side in ("home", "away"))
    assert (home.value, home.petty_cash) == (1_000_000, 400_000)
    assert (away.value, away.petty_cash) == (1_400_000, 0)

    inducements_buy(match, home_coach, "home", Request({"wizard": 1}, stars=("Mighty Zug",)))
    home.refresh_from_db()
    assert home.bill == [
        {"what": "Wizard", "count": 1, "each": 150_000},
        {"what": "Mighty Zug", "count": 1, "each": 260_000},
    ]
    assert home.from_treasury == 10_000
    humans.refresh_from_db()
    assert humans.treasury == 20_000
    [entry] = LedgerEntry.objects.filter(team=humans, kind="inducements")
    assert entry.deltas == [{"op": "treasury", "amount": -10_000}]
    assert (entry.cause.kind, entry.cause.ref) == ("inducements", match.pk)

    dice_enter(match, home_coach, "gate for home", "2D6", [3, 4])
    dice_enter(match, away_coach, "gate for away", "2D6", [2, 2])
    gate_record(match, home_coach)
    home.refresh_from_db()
    away.refresh_from_db()
    # (7 + 9) x 1,000 = 16,000 against (4 + 3) x 1,000 = 7,000: at least twice as many.
    assert (home.fans, home.fame, away.fans, away.fame) == (16_000, 2, 7_000, 0)


def test_journeymen_are_participants_with_their_position_value_and_loner(
    match, home_coach, away_coach
) -> None:
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    hired = Participant.objects.filter(match=match, kind="journeyman").order_by("number")
    assert [(p.number, p.name, p.value) for p in hired] == [
        (12, "Journeyman Lineman", 50_000),  # numbers none of the team's players has
        (13, "Journeyman Lineman", 50_000),
    ]
    sides = match_sides(match)
    member = sides.facts.home.member(12)
    assert member.took_part
    assert "Loner" in member.skills


def test_a_team_with_eleven_able_players_takes_no_journeymen(match, away_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        journeymen_take(match, away_coach, "away", ["Lineman"])
    assert problems(refused) == [
        ("journeymen", "Da Giants has 11 players able to play: it takes no journeymen.")
    ]


def test_inducements_wait_for_both_teams_journeymen(match, home_coach) -> None:
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    with pytest.raises(MatchRefused) as refused:
        inducements_buy(match, home_coach, "home", Request({"wizard": 1}))
    [(field, message)] = problems(refused)
    assert field == "inducements"
    assert message.startswith("Both teams take their journeymen first")


def test_over_budget_is_refused_and_nothing_is_spent(match, humans, home_coach, away_coach) -> None:
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    journeymen_take(match, away_coach, "away", [])
    costly = Request({"wizard": 1, "bribes": 1}, stars=("Mighty Zug",))
    with pytest.raises(MatchRefused) as refused:
        inducements_buy(match, home_coach, "home", costly)
    assert problems(refused) == [
        ("inducements", "The inducements cost 510,000; Reikland Reavers has 400,000 of petty "
                        "cash and may add 30,000 from its treasury.")
    ]  # fmt: skip
    humans.refresh_from_db()
    assert humans.treasury == 30_000
    assert not LedgerEntry.objects.filter(kind="inducements").exists()
    assert KickOff.objects.get(match=match, side="home").inducements is None


def test_a_team_induces_once(match, home_coach, away_coach) -> None:
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    journeymen_take(match, away_coach, "away", [])
    inducements_buy(match, home_coach, "home", Request({"bloodweiser_babes": 1}))
    with pytest.raises(MatchRefused) as refused:
        inducements_buy(match, home_coach, "home", Request({"bloodweiser_babes": 1}))
    assert problems(refused) == [
        ("inducements", "Reikland Reavers has already induced for this match.")
    ]


def test_a_wandering_apothecary_induced_is_one_the_report_may_use(
    match, home_coach, away_coach
) -> None:
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    journeymen_take(match, away_coach, "away", [])
    inducements_buy(match, home_coach, "home", Request({"wandering_apothecary": 2}))
    assert match_sides(match).facts.home.helpers == {"apothecary": 1, "wandering_apothecary": 2}


def test_only_the_teams_coach_records_its_kick_off(match, away_coach) -> None:
    with pytest.raises(PermissionDenied) as denied:
        journeymen_take(match, away_coach, "home", ["Lineman"])
    assert "Only Reikland Reavers's coach" in str(denied.value)


def test_the_gate_waits_for_its_dice_where_the_match_takes_entered_dice_only(
    commissioner, lrb6, humans, giants, home_coach
) -> None:
    league = league_of(commissioner, lrb6, [humans, giants], dice_sources="entered")
    match = home_at_home(season_start(league, commissioner, "round_robin"), humans)
    with pytest.raises(MatchRefused) as refused:
        gate_record(match, home_coach)
    assert problems(refused) == [("gate", "Enter the 2D6 for 'gate for home' first.")]


def test_the_gate_is_recorded_once_and_its_dice_stand(match, home_coach) -> None:
    gate_record(match, home_coach)  # a friendly: the server rolls both gate dice
    with pytest.raises(MatchRefused) as refused:
        gate_record(match, home_coach)
    assert problems(refused) == [("gate", "The gate is recorded: its dice stand.")]


def test_a_gate_die_of_the_wrong_notation_is_named(match, home_coach) -> None:
    dice_enter(match, home_coach, "gate for home", "D6", [3])
    with pytest.raises(MatchRefused) as refused:
        gate_record(match, home_coach)
    assert problems(refused) == [
        ("gate", "'gate for home' is a 2D6 roll, not D6: type it again as 2D6.")
    ]


def test_an_inducements_entry_is_not_undone_on_its_own(
    match, humans, home_coach, away_coach, staff
) -> None:
    from teams.undo import undo_problem

    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    journeymen_take(match, away_coach, "away", [])
    inducements_buy(match, home_coach, "home", Request({"wizard": 1}, stars=("Mighty Zug",)))
    entry = LedgerEntry.objects.get(team=humans, kind="inducements")
    assert undo_problem(entry, None) == (
        f"Entry #{entry.sequence} paid for a match's inducements: they stand with the match."
    )


# --- Niggling injuries, where a house rule rolls for them -------------------------------------


@pytest.fixture
def niggling_match(home_coach, away_coach, lrb6):
    """LRB6 with niggling_injury_pre_match_roll on; #3 of the home team has two niggles."""
    from tests.matches.rulesets import house_version

    version = house_version("lrb6", home_coach, niggling_injury_pre_match_roll=True)
    home = team_create(home_coach, version, "Niggled Nine", "human", squad((11, "Lineman")))
    away = team_create(away_coach, version, "Fresh Eleven", "human", squad((11, "Lineman")))
    player = home.players.get(number=3)
    niggle = {"op": "player", "player": player.key, "field": "injury", "injury": "N", "add": True}
    record(home, "report", "Two niggles", home_coach, [niggle, niggle])
    return friendly_of(home, away)


def test_a_niggle_die_of_one_keeps_the_player_out_and_a_journeyman_may_take_his_place(
    niggling_match, home_coach
) -> None:
    match = niggling_match
    dice_enter(match, home_coach, "niggle for home #3", "D6", [4])
    dice_enter(match, home_coach, "niggle for home #3 (2)", "D6", [1])
    row = niggles_roll(match, home_coach, "home")
    assert row.niggled_out == [3]
    journeymen_take(match, home_coach, "home", ["Lineman"])  # 10 able: one journeyman
    sides = match_sides(match)
    assert not sides.facts.home.member(3).took_part


def test_without_a_one_every_niggled_player_plays(niggling_match, home_coach) -> None:
    dice_enter(niggling_match, home_coach, "niggle for home #3", "D6", [4])
    dice_enter(niggling_match, home_coach, "niggle for home #3 (2)", "D6", [2])
    assert niggles_roll(niggling_match, home_coach, "home").niggled_out == []


def test_niggles_are_rolled_only_where_the_league_says_so(match, home_coach) -> None:
    with pytest.raises(MatchRefused) as refused:
        niggles_roll(match, home_coach, "home")
    assert problems(refused) == [
        ("niggles", "This league rolls for no niggling injury before a match "
                    "(niggling_injury_pre_match_roll).")
    ]  # fmt: skip
