"""Before a GDBBL match, through the services (matches/kick_off/gdbbl.py,
matches/kick_off/shared.py): each team's freebooters paid from its treasury (one ledger entry
caused by the match), the ratings at kick-off and the handicap fixed once both teams have hired,
the weather and the gate from their dice, the Special Play cards (home team first) and the niggling
injury rolls. The worked example is the issue's (tests/matches/gdbbl_rated.py): the Humans (rating
100, treasury 60,000, fan factor 3) at home to the Orcs (rating 125, fan factor 2), 25 behind: 1
bonus card and 1 bonus MVP; the gate is 5D6."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command

from matches import workflow
from matches.allowed import actions_for
from matches.dice import dice_enter
from matches.kick_off.gdbbl import (
    cards_draw,
    cards_purpose,
    freebooters_hire,
    gate_notation,
    gdbbl_gate_record,
    steps_open,
)
from matches.kick_off.lrb6 import journeymen_take
from matches.kick_off.shared import niggle_purpose, niggles_roll, weather_record
from matches.models import DiceRoll, KickOff, Match, Participant
from matches.report.content import match_sides
from matches.services import MatchRefused
from rules.engine.team_building import TeamRefused
from rules.selectors import version_get
from teams.models import LedgerEntry, Team
from teams.services import team_create
from teams.undo import entry_undo, undo_problem
from tests.matches.gdbbl_rated import (
    HUMANS,
    HUMANS_TREASURY,
    ORCS,
    ORCS_GROWN,
    rated_match,
    rated_teams,
)
from tests.matches.helpers import PLAYED, confirmed, drafted, fresh, problems
from tests.matches.rulesets import friendly_of, house_version
from tests.teams.helpers import record, squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

SUMMARY = (
    "Freebooters for Altdorf Hammers v Iron Tuskers: Freebooter Catcher ×1, 35,000 gp; "
    "treasury −35,000"
)


@pytest.fixture
def match(home_coach, away_coach) -> Match:
    """Humans (100) at home to Orcs (125): a friendly, whose dice are entered or rolled."""
    return rated_match(home_coach, away_coach)


def rated_under(version, home_coach, away_coach) -> Match:
    """The issue's two teams under `version` (a house copy of GDBBL), as gdbbl_rated builds
    them: Humans worth 1,000,000 with 60,000 in the treasury, Orcs worth 1,250,000."""
    humans = team_create(
        home_coach, version, "Altdorf Hammers", "human", squad(*HUMANS),
        rerolls=2, fan_factor=3, staff={"apothecary": 1},
    )  # fmt: skip
    prize = [{"op": "treasury", "amount": HUMANS_TREASURY}]
    record(humans, "adjustment", "Prize money", home_coach, prize)
    orcs = team_create(
        away_coach, version, "Iron Tuskers", "orc", squad(*ORCS), rerolls=1, fan_factor=2
    )
    grown = orcs.players.get(number=11)
    change = {"op": "player", "player": grown.key, "field": "value_increase", "amount": ORCS_GROWN}
    record(orcs, "adjustment", "Grown", away_coach, [change])
    humans.refresh_from_db()
    orcs.refresh_from_db()
    return friendly_of(humans, orcs)


def entered_only(match: Match) -> Match:
    """The match as a league that takes only dice rolled at the table has it."""
    Match.objects.filter(pk=match.pk).update(dice_sources="entered")
    return fresh(match)


def rows(match: Match) -> tuple[KickOff, KickOff]:
    return tuple(KickOff.objects.get(match=match, side=side) for side in ("home", "away"))


def both_hired(match: Match, home_coach, away_coach) -> None:
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    freebooters_hire(match, away_coach, "away", [], [])


def niggle(team: Team, number: int, times: int = 1) -> None:
    """Gives the team's #`number` `times` Niggling Injuries, as a match report would."""
    player = team.players.get(number=number)
    change = {"op": "player", "player": player.key, "field": "injury", "injury": "N", "add": True}
    record(team, "report", f"#{number} niggled", team.coach, [change] * times)


def ledger_consistent() -> str:
    out = StringIO()
    call_command("ledger_check", stdout=out)
    return out.getvalue().strip()


# --- the issue's scenario ---------------------------------------------------------------


def test_the_humans_hire_a_catcher_for_35000_from_their_60000(match, home_coach) -> None:
    humans = match.home
    assert (humans.treasury, gate_notation(match)) == (60_000, "5D6")
    row = freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    assert row.freebooters == {"positions": ["Catcher"], "stars": []}
    assert row.bill == [{"what": "Freebooter Catcher", "count": 1, "each": 35_000}]
    assert row.from_treasury == 35_000
    assert row.rating is None  # until the Orcs have hired theirs (or none)
    humans.refresh_from_db()
    assert humans.treasury == 25_000
    [entry] = LedgerEntry.objects.filter(team=humans, kind="freebooters")
    assert entry.summary == SUMMARY
    assert entry.deltas == [{"op": "treasury", "amount": -35_000}]
    assert (entry.cause.kind, entry.cause.ref) == ("freebooters", match.pk)
    [hired] = Participant.objects.filter(match=match, kind="freebooter")
    numbers = set(humans.players.values_list("number", flat=True))
    assert hired.number not in numbers
    assert hired.number == 15  # the Humans wear 1 to 14
    assert (hired.name, hired.position.name, hired.value, hired.star) == (
        "Freebooter Catcher", "Catcher", 70_000, None
    )  # fmt: skip
    assert hired.team_id == humans.pk


def test_once_both_have_hired_the_ratings_are_100_and_125_and_the_humans_get_1_and_1(
    match, home_coach, away_coach
) -> None:
    both_hired(match, home_coach, away_coach)
    home, away = rows(match)
    # freebooters_in_team_rating is off: the Catcher's 70,000 is not in the Humans' value.
    assert (home.value, home.rating, home.bonus_cards, home.bonus_mvps) == (1_000_000, 100, 1, 1)
    assert (away.value, away.rating, away.bonus_cards, away.bonus_mvps) == (1_250_000, 125, 0, 0)
    assert away.freebooters == {"positions": [], "stars": []}
    assert (away.bill, away.from_treasury) == ([], 0)
    assert not LedgerEntry.objects.filter(team=match.away, kind="freebooters").exists()
    match.away.refresh_from_db()
    assert match.away.treasury == 250_000
    assert match_sides(match).facts.home.bonus_mvps == 1
    assert match_sides(match).facts.away.bonus_mvps == 0


def test_both_teams_freebooters_entries_share_the_matchs_cause(
    match, home_coach, away_coach
) -> None:
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    freebooters_hire(match, away_coach, "away", ["Blitzer"], [])  # 80,000 / 2
    humans = LedgerEntry.objects.get(team=match.home, kind="freebooters")
    orcs = LedgerEntry.objects.get(team=match.away, kind="freebooters")
    assert humans.cause_id == orcs.cause_id
    assert orcs.summary == (
        "Freebooters for Altdorf Hammers v Iron Tuskers: Freebooter Blitzer ×1, 40,000 gp; "
        "treasury −40,000"
    )
    match.away.refresh_from_db()
    assert match.away.treasury == 210_000
    _, away = rows(match)
    assert away.rating == 125  # the Blitzer is not in the rating either


def test_the_gate_from_an_entered_5d6_of_19_is_19000(match, home_coach) -> None:
    dice_enter(match, home_coach, "gate", "5D6", [3, 4, 5, 6, 1])
    assert gdbbl_gate_record(match, home_coach).gate == 19_000
    assert fresh(match).gate == 19_000


def test_in_a_server_rolls_match_the_server_rolls_the_gate_and_keeps_its_dice(
    match, away_coach
) -> None:
    recorded = gdbbl_gate_record(match, away_coach)  # either coach records it
    roll = DiceRoll.objects.get(match=match, purpose="gate")
    assert (roll.notation, roll.source, roll.seed, len(roll.values)) == (
        "5D6", "rolled", match.seed, 5
    )  # fmt: skip
    assert recorded.gate == sum(roll.values) * 1_000
    assert fresh(match).gate == recorded.gate


def test_an_entered_2d6_of_11_is_pouring_rain(match, home_coach) -> None:
    dice_enter(match, home_coach, "weather", "2D6", [5, 6])
    assert weather_record(match, home_coach).weather == "Pouring Rain"
    assert fresh(match).weather == "Pouring Rain"


@pytest.mark.parametrize(
    ("dice", "weather"),
    [([1, 1], "Sweltering Heat"), ([1, 2], "Very Sunny"), ([2, 2], "Nice"), ([5, 5], "Nice"),
     ([6, 6], "Blizzard")],
)  # fmt: skip
def test_the_weather_table_of_001(match, away_coach, dice, weather) -> None:
    dice_enter(match, away_coach, "weather", "2D6", dice)
    assert weather_record(match, away_coach).weather == weather


def test_the_weather_is_recorded_once(match, home_coach) -> None:
    dice_enter(match, home_coach, "weather", "2D6", [5, 6])
    weather_record(match, home_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        weather_record(match, home_coach)
    assert problems(refused) == [("weather", "The weather is recorded (Pouring Rain).")]


def test_the_home_team_draws_first_then_a_4_gives_the_humans_3_and_a_6_the_orcs_3(
    match, home_coach, away_coach
) -> None:
    both_hired(match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        cards_draw(match, away_coach, "away")
    assert problems(refused) == [
        ("cards", "The home team, Altdorf Hammers, rolls for its cards first.")
    ]
    dice_enter(match, home_coach, cards_purpose("home"), "D6", [4])
    assert cards_draw(match, home_coach, "home").cards == 3  # 2 for a 4, plus the bonus card
    dice_enter(match, away_coach, cards_purpose("away"), "D6", [6])
    assert cards_draw(match, away_coach, "away").cards == 3
    home, away = rows(match)
    assert (home.cards, away.cards) == (3, 3)


def test_a_card_roll_of_1_gives_the_humans_1_plus_their_bonus(
    match, home_coach, away_coach
) -> None:
    both_hired(match, home_coach, away_coach)
    assert cards_purpose("home") == "special play cards for home"
    dice_enter(match, home_coach, "special play cards for home", "D6", [1])
    assert cards_draw(match, home_coach, "home").cards == 2
    dice_enter(match, away_coach, "special play cards for away", "D6", [1])
    assert cards_draw(match, away_coach, "away").cards == 1


def test_the_server_rolls_the_cards_where_the_match_allows(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    cards = cards_draw(match, home_coach, "home").cards
    roll = DiceRoll.objects.get(match=match, purpose="special play cards for home")
    assert (roll.notation, roll.source) == ("D6", "rolled")
    assert cards == {1: 1, 6: 3}.get(roll.total, 2) + 1


# --- niggling injuries -------------------------------------------------------------------


def test_a_niggled_human_who_rolls_a_1_is_kept_out(match, home_coach, away_coach) -> None:
    niggle(match.home, 3)
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    dice_enter(match, home_coach, niggle_purpose("home", 3), "D6", [1])
    assert niggle_purpose("home", 3) == "niggle for home #3"
    row = niggles_roll(match, home_coach, "home")
    assert row.niggled_out == [3]
    freebooters_hire(match, away_coach, "away", [], [])
    drafted(match, home_coach)
    sides = match_sides(match)
    assert not sides.facts.home.member(3).took_part
    assert sides.facts.home.member(4).took_part


def test_a_niggle_keeps_out_a_player_of_a_report_already_begun(
    match, home_coach, away_coach
) -> None:
    niggle(match.home, 3)
    both_hired(match, home_coach, away_coach)
    workflow.report_save(match, home_coach, PLAYED, 0, 0, {})  # the participants are taken
    assert Participant.objects.filter(match=match, team=match.home, number=3).exists()
    dice_enter(match, home_coach, "niggle for home #3", "D6", [1])
    assert niggles_roll(match, home_coach, "home").niggled_out == [3]
    assert not Participant.objects.filter(match=match, team=match.home, number=3).exists()
    assert Participant.objects.filter(match=match, team=match.home, number=4).exists()
    assert Participant.objects.filter(match=match, kind="freebooter").count() == 1


def test_a_niggled_human_who_rolls_a_2_plays(match, home_coach) -> None:
    niggle(match.home, 3)
    freebooters_hire(match, home_coach, "home", [], [])
    dice_enter(match, home_coach, "niggle for home #3", "D6", [2])
    assert niggles_roll(match, home_coach, "home").niggled_out == []


def test_by_default_a_player_with_two_niggles_rolls_one_die(match, home_coach) -> None:
    match = entered_only(match)
    niggle(match.home, 3, times=2)
    freebooters_hire(match, home_coach, "home", [], [])
    dice_enter(match, home_coach, "niggle for home #3", "D6", [4])
    assert niggles_roll(match, home_coach, "home").niggled_out == []  # no second die asked


def test_once_per_marker_a_player_with_two_niggles_rolls_two_dice(home_coach, away_coach) -> None:
    version = house_version("gdbbl", home_coach, niggling_roll_per_marker="once_per_marker")
    match = entered_only(rated_under(version, home_coach, away_coach))
    niggle(match.home, 3, times=2)
    freebooters_hire(match, home_coach, "home", [], [])
    dice_enter(match, home_coach, "niggle for home #3", "D6", [4])
    with unchanged(), pytest.raises(MatchRefused) as refused:
        niggles_roll(match, home_coach, "home")
    assert problems(refused) == [("niggles", "Enter the D6 for 'niggle for home #3 (2)' first.")]
    dice_enter(match, home_coach, niggle_purpose("home", 3, 2), "D6", [1])
    assert niggles_roll(match, home_coach, "home").niggled_out == [3]


def test_a_niggle_rolled_after_the_server_drew_the_mvps_is_refused_and_the_report_stands(
    match, home_coach, away_coach
) -> None:
    niggle(match.home, 3)
    both_hired(match, home_coach, away_coach)
    drafted(match, home_coach)  # the server draws the Humans' 2 MVPs "1 of 14"
    assert workflow.report_unfinished(match) == []
    dice_enter(match, home_coach, "niggle for home #3", "D6", [1])
    with unchanged(), pytest.raises(MatchRefused) as refused:
        niggles_roll(match, home_coach, "home")
    assert problems(refused) == [
        (
            "niggles",
            "Altdorf Hammers's MVP is drawn already from the players who took part: a niggle "
            "now would change the draw. Roll the niggles before the report.",
        )
    ]
    assert workflow.report_unfinished(match) == []


def test_a_niggle_that_keeps_nobody_out_is_recorded_after_the_mvps_are_drawn(
    match, home_coach, away_coach
) -> None:
    niggle(match.home, 3)
    both_hired(match, home_coach, away_coach)
    drafted(match, home_coach)
    dice_enter(match, home_coach, "niggle for home #3", "D6", [2])
    assert niggles_roll(match, home_coach, "home").niggled_out == []
    assert workflow.report_unfinished(match) == []


def test_where_orc_goblins_share_the_lineman_limit_a_thirteenth_is_refused(
    home_coach, away_coach
) -> None:
    version = house_version("gdbbl", home_coach, orc_goblins_share_lineman_limit=True)
    humans = team_create(
        home_coach, version, "Bogenhafen Barons", "human", squad((11, "Lineman")), fan_factor=1
    )
    orcs = team_create(
        away_coach, version, "Lads", "orc", squad((10, "Lineman"), (1, "Blitzer")), fan_factor=1
    )
    match = friendly_of(humans, orcs)
    # 10 Linemen and 3 Goblins: 13, where team creation allows 12 Linemen and Goblins.
    with unchanged(), pytest.raises(MatchRefused) as refused:
        freebooters_hire(match, away_coach, "away", ["Goblin"] * 3, [])
    assert problems(refused) == [
        (
            "positions",
            "Orc teams may have at most 12 Linemen and Goblins, freebooters included: Lads "
            "has 10 Linemen and 0 Goblins.",
        )
    ]


def test_where_orc_goblins_share_the_lineman_limit_a_twelfth_is_hired(
    home_coach, away_coach
) -> None:
    version = house_version("gdbbl", home_coach, orc_goblins_share_lineman_limit=True)
    humans = team_create(
        home_coach, version, "Bogenhafen Barons", "human", squad((11, "Lineman")), fan_factor=1
    )
    orcs = team_create(
        away_coach, version, "Lads", "orc", squad((10, "Lineman"), (1, "Blitzer")), fan_factor=1
    )
    match = friendly_of(humans, orcs)
    row = freebooters_hire(match, away_coach, "away", ["Goblin"] * 2, [])
    assert row.freebooters == {"positions": ["Goblin", "Goblin"], "stars": []}


# --- freebooters in the rating, a house rule ---------------------------------------------


def test_with_freebooters_in_the_rating_the_catcher_makes_the_humans_107(
    home_coach, away_coach
) -> None:
    version = house_version("gdbbl", home_coach, freebooters_in_team_rating=True)
    match = rated_under(version, home_coach, away_coach)
    both_hired(match, home_coach, away_coach)
    home, away = rows(match)
    assert (home.value, home.rating) == (1_070_000, 107)
    assert (away.value, away.rating) == (1_250_000, 125)
    # 18 behind: 11-20 on the handicap table, 1 card and no MVP.
    assert (home.bonus_cards, home.bonus_mvps, away.bonus_cards, away.bonus_mvps) == (1, 0, 0, 0)
    assert match_sides(match).facts.home.bonus_mvps == 0


# --- the report --------------------------------------------------------------------------


def test_after_the_handicap_the_humans_report_awards_2_mvps_and_the_orcs_1(
    match, home_coach, away_coach
) -> None:
    both_hired(match, home_coach, away_coach)
    assert match_sides(match).facts.home.bonus_mvps == 1
    drafted(match, home_coach)  # the server draws the MVPs from the match's seed
    mvps = {
        side: sorted(n for p in match.performances.filter(team=team) for n in [p.number] * p.mvps)
        for side, team in (("home", match.home), ("away", match.away))
    }
    assert (len(mvps["home"]), len(mvps["away"])) == (2, 1)
    assert 15 not in mvps["home"]  # the freebooter Catcher is no MVP
    assert workflow.report_unfinished(match) == []


def test_the_humans_report_refuses_a_third_mvp(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(
            match, home_coach, PLAYED, 1, 0, {"home": {"mvps": [1, 2, 3]}, "away": {"mvps": [1]}}
        )
    assert ("home.mvps", "Altdorf Hammers awards 2 MVPs in this match, not 3.") in problems(refused)


def test_the_orcs_report_awards_one_mvp(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    with pytest.raises(MatchRefused) as refused:
        workflow.report_save(match, home_coach, PLAYED, 1, 0, {"away": {"mvps": [1, 2]}})
    assert ("away.mvps", "Iron Tuskers awards 1 MVP in this match, not 2.") in problems(refused)


def test_a_freebooter_is_no_mvp_candidate_by_default(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(match, home_coach, PLAYED, 1, 0, {"home": {"mvps": [15, 1]}})
    [(field, message)] = problems(refused)
    assert field == "home.mvps"
    assert message.startswith("Altdorf Hammers's #15 cannot be MVP")


def test_the_freebooter_takes_part_in_the_report(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    member = match_sides(match).facts.home.member(15)
    assert (member.kind, member.took_part) == ("freebooter", True)


# --- refusals: each by name, nothing changed ---------------------------------------------


def refusal(call, *args) -> list[tuple[str, str]]:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        call(*args)
    return problems(refused)


def test_freebooters_over_the_treasury_are_refused(match, home_coach) -> None:
    # Griff Oberwald lists at 180,000: 90,000 as a freebooter, 30,000 more than the 60,000.
    assert refusal(freebooters_hire, match, home_coach, "home", [], ["Griff Oberwald"]) == [
        ("treasury", "The freebooters cost 90,000 gp; Altdorf Hammers's treasury has "
                     "60,000 gp (30,000 short).")
    ]  # fmt: skip


def test_a_star_the_treasury_pays_exactly_is_hired(match, home_coach) -> None:
    row = freebooters_hire(match, home_coach, "home", [], ["Mighty Zug"])  # 120,000 / 2
    assert row.bill == [{"what": "Mighty Zug", "count": 1, "each": 60_000}]
    [hired] = Participant.objects.filter(match=match, kind="freebooter")
    assert (hired.name, hired.star.name, hired.position, hired.value) == (
        "Mighty Zug", "Mighty Zug", None, 120_000
    )  # fmt: skip
    match.home.refresh_from_db()
    assert match.home.treasury == 0


def test_a_third_thrower_is_refused(match, home_coach) -> None:
    assert refusal(freebooters_hire, match, home_coach, "home", ["Thrower"], []) == [
        ("positions", "Human teams may have at most 2 Throwers: Altdorf Hammers has 2 and asks "
                      "for 1 more.")
    ]  # fmt: skip


def test_a_position_the_race_lacks_is_refused(match, home_coach) -> None:
    assert refusal(freebooters_hire, match, home_coach, "home", ["Black Orc Blocker"], []) == [
        ("positions", "Human teams have no position named 'Black Orc Blocker'.")
    ]


def test_griff_oberwald_does_not_play_for_the_orcs(match, away_coach) -> None:
    assert refusal(freebooters_hire, match, away_coach, "away", [], ["Griff Oberwald"]) == [
        ("stars", "Griff Oberwald does not play for Orc teams.")
    ]


def test_a_star_the_opponent_hired_is_refused(match, home_coach, away_coach) -> None:
    # Morg 'n' Thorg plays for Humans and Orcs alike; hired by the Orcs (95,000), he is not
    # the Humans' too.
    freebooters_hire(match, away_coach, "away", [], ["Morg 'n' Thorg"])
    assert refusal(freebooters_hire, match, home_coach, "home", [], ["Morg 'n' Thorg"]) == [
        ("stars", "Morg 'n' Thorg plays for Iron Tuskers in this match.")
    ]


FOUR_STARS = ("Bomber Dribblesnot", "Fungus the Loon", "Nobbla Blackwart", "Scrappa Sorehead")


def starry_match(version, home_coach, away_coach) -> Match:
    """Humans at home to Orcs with four star players hired for good (7 Linemen, 350,000; the
    stars 280,000; a re-roll and fan factor 1, 70,000: 300,000 left in the treasury)."""
    humans = team_create(
        home_coach, version, "Bogenhafen Barons", "human", squad((11, "Lineman")), fan_factor=1
    )
    greenskins = team_create(
        away_coach, version, "Greenskin Stars", "orc", squad((7, "Lineman")), rerolls=1,
        fan_factor=1, star_players=FOUR_STARS,
    )  # fmt: skip
    assert greenskins.players.filter(star__isnull=False).count() == 4
    assert greenskins.treasury == 300_000
    return friendly_of(humans, greenskins)


def test_a_fifth_star_is_refused_when_freebooters_count_toward_the_limit(
    home_coach, away_coach
) -> None:
    match = starry_match(version_get("gdbbl"), home_coach, away_coach)
    assert refusal(freebooters_hire, match, away_coach, "away", [], ["Varag Ghoul-Chewer"]) == [
        ("stars", "A team may have at most 4 star players, freebooters included "
                  "(freebooters_count_toward_star_limit): Greenskin Stars has 4 and asks for "
                  "1 more.")
    ]  # fmt: skip


def test_a_fifth_star_is_hired_where_freebooters_do_not_count_toward_the_limit(
    home_coach, away_coach
) -> None:
    version = house_version("gdbbl", home_coach, freebooters_count_toward_star_limit=False)
    match = starry_match(version, home_coach, away_coach)
    row = freebooters_hire(match, away_coach, "away", [], ["Varag Ghoul-Chewer"])
    assert row.bill == [{"what": "Varag Ghoul-Chewer", "count": 1, "each": 80_000}]
    match.away.refresh_from_db()
    assert match.away.treasury == 220_000


def test_five_stars_at_once_are_over_the_limit_of_four(match, away_coach) -> None:
    five = ["Bomber Dribblesnot", "Fungus the Loon", "Nobbla Blackwart", "Scrappa Sorehead",
            "Varag Ghoul-Chewer"]  # fmt: skip
    assert refusal(freebooters_hire, match, away_coach, "away", [], five) == [
        ("stars", "A team may have at most 4 star players, freebooters included "
                  "(freebooters_count_toward_star_limit): Iron Tuskers has 0 and asks for "
                  "5 more.")
    ]  # fmt: skip


def test_a_seventeenth_player_is_refused_and_a_sixteenth_hired(match, away_coach) -> None:
    six = ["Goblin"] * 4 + ["Thrower"] * 2  # 11 on the roster + 6 = 17
    assert refusal(freebooters_hire, match, away_coach, "away", six, []) == [
        ("freebooters", "A team may have at most 16 players, freebooters included "
                        "(freebooters_count_toward_roster): Iron Tuskers has 11 and asks for "
                        "6 more.")
    ]  # fmt: skip
    row = freebooters_hire(match, away_coach, "away", six[:5], [])
    # 4 Goblins at 20,000 and a Thrower at 35,000.
    assert row.bill == [
        {"what": "Freebooter Goblin", "count": 4, "each": 20_000},
        {"what": "Freebooter Thrower", "count": 1, "each": 35_000},
    ]
    assert row.from_treasury == 115_000
    hired = Participant.objects.filter(match=match, kind="freebooter").order_by("number")
    assert [p.number for p in hired] == [12, 13, 14, 15, 16]


def test_a_team_hires_its_freebooters_once(match, home_coach) -> None:
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    assert refusal(freebooters_hire, match, home_coach, "home", ["Catcher"], []) == [
        ("freebooters", "Altdorf Hammers has hired its freebooters for this match.")
    ]
    assert refusal(freebooters_hire, match, home_coach, "home", [], []) == [
        ("freebooters", "Altdorf Hammers has hired its freebooters for this match.")
    ]


def test_the_other_coach_may_not_hire_a_teams_freebooters(match, away_coach, outsider) -> None:
    with unchanged(), pytest.raises(PermissionDenied) as denied:
        freebooters_hire(match, away_coach, "home", ["Catcher"], [])
    assert str(denied.value) == "Only Altdorf Hammers's coach records what it does before kick-off."
    with unchanged(), pytest.raises(PermissionDenied):
        freebooters_hire(match, outsider, "away", [], [])


def test_an_lrb6_match_hires_no_freebooters(friendly, home_coach) -> None:
    assert refusal(freebooters_hire, friendly, home_coach, "home", ["Lineman"], []) == [
        ("match", "This step is GDBBL's; this match is lrb6's.")
    ]


def test_a_gdbbl_match_takes_no_journeymen(match, home_coach) -> None:
    assert refusal(journeymen_take, match, home_coach, "home", ["Lineman"]) == [
        ("match", "This step is LRB6's; this match is gdbbl's.")
    ]


def test_an_lrb6_match_draws_no_special_play_cards(friendly, home_coach) -> None:
    assert refusal(cards_draw, friendly, home_coach, "home") == [
        ("match", "This step is GDBBL's; this match is lrb6's.")
    ]


def test_cards_wait_for_both_teams_freebooters(match, home_coach) -> None:
    assert refusal(cards_draw, match, home_coach, "home") == [
        ("cards", "The handicap follows the ratings at kick-off, fixed once both teams have "
                  "hired their freebooters: Altdorf Hammers and Iron Tuskers still to hire "
                  "(or none).")
    ]  # fmt: skip
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    assert refusal(cards_draw, match, home_coach, "home") == [
        ("cards", "The handicap follows the ratings at kick-off, fixed once both teams have "
                  "hired their freebooters: Iron Tuskers still to hire (or none).")
    ]  # fmt: skip
    assert not DiceRoll.objects.filter(match=match).exists()  # no die rolled for nothing


def test_a_team_draws_its_cards_once(match, home_coach, away_coach) -> None:
    both_hired(match, home_coach, away_coach)
    dice_enter(match, home_coach, cards_purpose("home"), "D6", [4])
    cards_draw(match, home_coach, "home")
    assert refusal(cards_draw, match, home_coach, "home") == [
        ("cards", "Altdorf Hammers has drawn its Special Play cards.")
    ]


def test_the_cards_wait_for_their_die_where_the_match_takes_entered_dice_only(
    match, home_coach, away_coach
) -> None:
    match = entered_only(match)
    both_hired(match, home_coach, away_coach)
    assert refusal(cards_draw, match, home_coach, "home") == [
        ("cards", "Enter the D6 for 'special play cards for home' first.")
    ]


def test_the_gate_is_recorded_once(match, home_coach, away_coach) -> None:
    dice_enter(match, home_coach, "gate", "5D6", [3, 4, 5, 6, 1])
    gdbbl_gate_record(match, home_coach)
    assert refusal(gdbbl_gate_record, match, away_coach) == [
        ("gate", "The gate is recorded: 19,000 fans.")
    ]


def test_a_gate_entered_as_2d6_is_named_with_the_5d6_it_needs(match, home_coach) -> None:
    dice_enter(match, home_coach, "gate", "2D6", [3, 4])
    assert refusal(gdbbl_gate_record, match, home_coach) == [
        ("gate", "'gate' is a 5D6 roll, not 2D6: type it again as 5D6.")
    ]


def test_the_gate_waits_for_its_dice_where_the_match_takes_entered_dice_only(
    match, home_coach
) -> None:
    assert refusal(gdbbl_gate_record, entered_only(match), home_coach) == [
        ("gate", "Enter the 5D6 for 'gate' first.")
    ]


def test_the_weather_waits_for_its_dice_where_the_match_takes_entered_dice_only(
    match, home_coach
) -> None:
    assert refusal(weather_record, entered_only(match), home_coach) == [
        ("weather", "Enter the 2D6 for 'weather' first.")
    ]


def test_a_stranger_records_neither_the_gate_nor_the_weather(match, outsider) -> None:
    for step in (gdbbl_gate_record, weather_record):
        with unchanged(), pytest.raises(PermissionDenied):
            step(match, outsider)


def test_niggles_wait_for_the_teams_freebooters(match, home_coach) -> None:
    niggle(match.home, 3)
    assert refusal(niggles_roll, match, home_coach, "home") == [
        ("niggles", "Niggling injuries are rolled after the freebooters: Altdorf Hammers hires "
                    "its freebooters (or none) first.")
    ]  # fmt: skip


def test_niggles_are_rolled_once(match, home_coach) -> None:
    niggle(match.home, 3)
    freebooters_hire(match, home_coach, "home", [], [])
    dice_enter(match, home_coach, "niggle for home #3", "D6", [5])
    niggles_roll(match, home_coach, "home")
    assert refusal(niggles_roll, match, home_coach, "home") == [
        ("niggles", "Altdorf Hammers has rolled for its niggles already.")
    ]


@pytest.mark.parametrize(
    ("step", "args"),
    [
        (freebooters_hire, ("home", ["Catcher"], [])),
        (cards_draw, ("home",)),
        (niggles_roll, ("home",)),
        (gdbbl_gate_record, ()),
        (weather_record, ()),
    ],
    ids=["freebooters", "cards", "niggles", "gate", "weather"],
)
def test_nothing_is_recorded_before_kick_off_once_the_report_is_confirmed(
    match, home_coach, away_coach, step, args
) -> None:
    confirmed(match, home_coach, away_coach)
    match = fresh(match)
    assert refusal(step, match, home_coach, *args) == [
        ("status", "The report of Altdorf Hammers v Iron Tuskers is confirmed: kick-off is "
                   "behind it.")
    ]  # fmt: skip


# --- the ledger --------------------------------------------------------------------------


def test_the_freebooters_entry_is_not_undone_on_its_own(match, home_coach, staff) -> None:
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    entry = LedgerEntry.objects.get(team=match.home, kind="freebooters")
    expected = f"Entry #{entry.sequence} paid for a match's freebooters: they stand with the match."
    assert undo_problem(entry, None) == expected
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(entry, staff, "A slip of the pen.")
    assert [(p.field, p.message) for p in refused.value.problems] == [("entry", expected)]


def test_every_ledger_still_replays_to_its_team_after_hiring(match, home_coach, away_coach) -> None:
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    freebooters_hire(match, away_coach, "away", ["Goblin", "Goblin"], ["Scrappa Sorehead"])
    assert ledger_consistent() == "All 2 team(s) match their ledgers."
    match.away.refresh_from_db()
    assert match.away.treasury == 250_000 - 2 * 20_000 - 30_000


# --- what each coach is offered, step by step --------------------------------------------


def test_each_coach_is_offered_the_steps_in_the_order_of_001(match, home_coach, away_coach) -> None:
    assert steps_open(match, home_coach) == ["freebooters", "weather", "gate"]
    assert steps_open(match, away_coach) == ["freebooters", "weather", "gate"]
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    match = fresh(match)
    assert steps_open(match, home_coach) == ["weather", "gate", "niggles"]
    assert steps_open(match, away_coach) == ["freebooters", "weather", "gate"]
    freebooters_hire(match, away_coach, "away", [], [])
    match = fresh(match)
    assert steps_open(match, home_coach) == ["weather", "gate", "cards", "niggles"]
    assert steps_open(match, away_coach) == ["weather", "gate", "niggles"]  # home draws first
    cards_draw(match, home_coach, "home")
    weather_record(match, away_coach)
    gdbbl_gate_record(match, home_coach)
    match = fresh(match)
    assert steps_open(match, home_coach) == ["niggles"]
    assert steps_open(match, away_coach) == ["cards", "niggles"]
    cards_draw(match, away_coach, "away")
    niggles_roll(match, home_coach, "home")
    niggles_roll(match, away_coach, "away")
    match = fresh(match)
    assert steps_open(match, home_coach) == steps_open(match, away_coach) == []
    assert actions_for(home_coach, match) == ["report", "dice_entered", "dice_rolled"]


def test_the_actions_of_a_gdbbl_match_begin_with_its_steps(match, home_coach, outsider) -> None:
    assert actions_for(home_coach, match) == [
        "freebooters", "weather", "gate", "report", "dice_entered", "dice_rolled"
    ]  # fmt: skip
    assert actions_for(outsider, match) == []


def test_with_entered_dice_only_a_step_is_offered_once_its_dice_are_in(
    match, home_coach, away_coach
) -> None:
    match = entered_only(match)
    assert steps_open(match, home_coach) == ["freebooters"]
    dice_enter(match, home_coach, "weather", "2D6", [3, 4])
    assert steps_open(fresh(match), home_coach) == ["freebooters", "weather"]
    dice_enter(match, away_coach, "gate", "5D6", [1, 2, 3, 4, 5])
    assert steps_open(fresh(match), away_coach) == ["freebooters", "weather", "gate"]
    both_hired(match, home_coach, away_coach)
    match = fresh(match)
    assert "cards" not in steps_open(match, home_coach)  # its die is not in yet
    dice_enter(match, home_coach, cards_purpose("home"), "D6", [2])
    dice_enter(match, away_coach, cards_purpose("away"), "D6", [2])
    match = fresh(match)
    assert "cards" in steps_open(match, home_coach)
    assert "cards" not in steps_open(match, away_coach)  # the home team draws first
    cards_draw(match, home_coach, "home")
    assert "cards" in steps_open(fresh(match), away_coach)


def test_a_league_without_freebooters_offers_no_freebooters_and_fixes_the_ratings_at_the_cards(
    home_coach, away_coach
) -> None:
    version = house_version("gdbbl", home_coach, freebooters_allowed=False)
    match = rated_under(version, home_coach, away_coach)
    assert steps_open(match, home_coach) == ["weather", "gate", "cards", "niggles"]
    assert refusal(freebooters_hire, match, home_coach, "home", ["Catcher"], []) == [
        ("freebooters", "This league hires no freebooters (freebooters_allowed).")
    ]
    dice_enter(match, home_coach, cards_purpose("home"), "D6", [4])
    assert cards_draw(match, home_coach, "home").cards == 3
    home, away = rows(match)
    assert (home.rating, away.rating, home.bonus_mvps) == (100, 125, 1)


# --- LRB6's weather ----------------------------------------------------------------------


def test_an_lrb6_match_records_its_weather_from_its_2d6_once(friendly, home_coach) -> None:
    dice_enter(friendly, home_coach, "weather", "2D6", [6, 6])
    assert weather_record(friendly, home_coach).weather == "Blizzard"
    assert fresh(friendly).weather == "Blizzard"
    assert refusal(weather_record, friendly, home_coach) == [
        ("weather", "The weather is recorded (Blizzard).")
    ]


def test_an_lrb6_server_rolled_weather_is_read_from_its_dice(friendly, away_coach) -> None:
    weather = weather_record(friendly, away_coach).weather
    roll = DiceRoll.objects.get(match=friendly, purpose="weather")
    assert (roll.notation, roll.source) == ("2D6", "rolled")
    table = {2: "Sweltering Heat", 3: "Very Sunny", 11: "Pouring Rain", 12: "Blizzard"}
    assert weather == table.get(roll.total, "Nice")


def test_the_weather_of_a_confirmed_lrb6_match_is_closed(friendly, home_coach, away_coach):
    confirmed(friendly, home_coach, away_coach)
    [(field, message)] = refusal(weather_record, fresh(friendly), home_coach)
    assert (field, message) == (
        "status", "The report of Gouged Eye v Da Krumpers is confirmed: kick-off is behind it."
    )  # fmt: skip


def test_the_rated_teams_are_the_issues(home_coach, away_coach) -> None:
    from teams.roster import roster

    humans, orcs = rated_teams(home_coach, away_coach)
    assert (roster(humans).value, roster(orcs).value) == (1_000_000, 1_250_000)
    assert (humans.treasury, orcs.treasury, humans.fan_factor, orcs.fan_factor) == (
        60_000, 250_000, 3, 2
    )  # fmt: skip
