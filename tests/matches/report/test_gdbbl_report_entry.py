"""A GDBBL report entered through the API (and the phone form) with everything GDBBL's
post-game sequence reads: each casualty's dice as rules.engine.gdbbl_injuries reads them (the
injury, Regeneration before the serious injury, the ability a -1 ability lowers, a fanatic's
own ball and chain) and the Zombie an Undead team's Necromancer raises. What is wrong is
refused with an HTTP 400 keyed by its field, and nothing is stored.

The teams: the Restless Dead (GDBBL Undead: #1-7 Skeletons with Regeneration, #8-11
Zombies) at home to the Iron Tuskers (GDBBL Orcs: #1-7 Linemen, #8-9 Goblins, small; #10
Fungus the Loon, a goblin fanatic with a Ball & Chain, and #11 Ripper Bolgrot, a troll,
large: star players hired for good, numbered after the squad)."""

from __future__ import annotations

import pytest

from matches.dice import dice_enter, dice_roll
from matches.models import DiceRoll, Match, Report
from matches.services import MatchRefused
from rules.selectors import version_get
from teams.services import team_create
from tests.matches.report.test_report_api import hurt, put, ref, report_read
from tests.matches.report.test_report_form import form_of, house_rules, text, url
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

SCORE = {"played_on": "2026-11-01", "home_touchdowns": 2, "away_touchdowns": 1}
DRAWN = {"home": {"mvps": [9]}, "away": {"mvps": [2]}}  # drawn at the table
DEAD = {"injury": [6, 6]}  # an unmodified 12
LINEMAN, GOBLIN, FANATIC, TROLL = 3, 8, 10, 11
SKELETON = 1
# A match seed whose server fails the Skeleton's Regeneration and rolls him a -1 ability.
CHAIN_SEED = "gdbbl-chain-25"


def teams(home_coach, away_coach, version):
    undead = team_create(
        home_coach, version, "Restless Dead", "undead", squad((7, "Skeleton"), (4, "Zombie")),
        rerolls=1, fan_factor=1,
    )  # fmt: skip
    orcs = team_create(
        away_coach, version, "Iron Tuskers", "orc", squad((7, "Lineman"), (2, "Goblin")),
        rerolls=1, fan_factor=1, star_players=["Fungus the Loon", "Ripper Bolgrot"],
    )  # fmt: skip
    return undead, orcs


@pytest.fixture
def undead_match(home_coach, away_coach) -> Match:
    return friendly_of(*teams(home_coach, away_coach, version_get("gdbbl")))


def report(coach, match: Match, casualties: list, **content):
    return put(coach, match, {**SCORE, **DRAWN, "casualties": casualties, **content})


def accepted(coach, match: Match, casualties: list, **content) -> dict:
    answer = report(coach, match, casualties, **content)
    assert answer.status_code == 200, answer.json()
    return answer.json()["report"]


def refusal(coach, match: Match, casualties: list, field: str, **content) -> list[str]:
    """The 400's messages for `field`; nothing stored."""
    with unchanged():
        answer = report(coach, match, casualties, **content)
    assert answer.status_code == 400, answer.json()
    return answer.json()[field]


def own_ball_and_chain(d6: list[int] | None = None) -> dict:
    dice = {"fanatic": d6} if d6 else {}
    return hurt(ref("away", FANATIC), None, "other", means="own_weapon", dice=dice)


# --- Raise Dead ----------------------------------------------------------------------------


def test_an_undead_team_raises_an_orc_lineman_it_killed_and_reads_him_back(
    undead_match, home_coach, away_coach
) -> None:
    killed = hurt(ref("away", LINEMAN), ref("home", 1), dice=DEAD)
    accepted(home_coach, undead_match, [killed], home={**DRAWN["home"], "raised": [LINEMAN]})
    assert Report.objects.get(match=undead_match).raised == {"home": [LINEMAN]}
    read = report_read(away_coach, undead_match)
    assert (read["home"]["raised"], read["unfinished"]) == ([LINEMAN], [])
    assert read["casualties"][0]["result"] == "Dead"


@pytest.mark.parametrize(
    ("number", "why"),
    [
        (GOBLIN, "#8 Goblin 8 is small (halflings, goblins, snotlings)"),
        (TROLL, "#11 Ripper Bolgrot is large (Ogres, Trolls and the other big monsters)"),
    ],
)
def test_a_goblin_or_a_troll_killed_does_not_rise(undead_match, home_coach, number, why) -> None:
    killed = hurt(ref("away", number), ref("home", 1), dice=DEAD)
    raised = {**DRAWN["home"], "raised": [number]}
    assert refusal(home_coach, undead_match, [killed], "home.raised", home=raised) == [
        f"Iron Tuskers's {why}: the Necromancer raises only players of roughly human size."
    ]


def test_a_lineman_who_was_only_badly_hurt_does_not_rise(undead_match, home_coach) -> None:
    hurt_only = hurt(ref("away", LINEMAN), ref("home", 1), dice={"injury": [4, 6]})
    raised = {**DRAWN["home"], "raised": [LINEMAN]}
    assert refusal(home_coach, undead_match, [hurt_only], "home.raised", home=raised) == [
        "Iron Tuskers's #3 Lineman 3 was not killed in this match."
    ]


def test_the_orcs_raise_no_one(undead_match, away_coach) -> None:
    killed = hurt(ref("home", 8), ref("away", 1), dice=DEAD)  # a Zombie: no Regeneration
    raised = {**DRAWN["away"], "raised": [8]}
    assert refusal(away_coach, undead_match, [killed], "away.raised", away=raised) == [
        "Iron Tuskers cannot raise the dead: only an Undead team's Necromancer raises a Zombie."
    ]


# --- Regeneration, the serious injury and the ability lost --------------------------------


def test_a_skeleton_who_regenerated_rolls_no_serious_injury(undead_match, home_coach) -> None:
    regenerated = hurt(ref("home", SKELETON), ref("away", 1),
                       dice={"injury": [5, 6], "regeneration": [3]})  # fmt: skip
    casualty = accepted(home_coach, undead_match, [regenerated])["casualties"][0]
    assert casualty["result"] == "regenerated"
    assert casualty["rolls"] == [
        "injury 2D6 5+6: Serious Injury",
        "Regeneration D6 3: back to the reserves",
    ]
    regenerated["dice"]["serious"] = [2, 2]
    assert refusal(home_coach, undead_match, [regenerated], "casualties.1") == [
        "Casualty 1: no serious injury roll here for home #1."
    ]


def test_a_minus_1_ability_is_read_with_the_ability_lost(undead_match, home_coach) -> None:
    dice = {"injury": [5, 6], "serious": [5, 5], "ability": [2]}
    casualty = accepted(home_coach, undead_match, [hurt(ref("away", 4), ref("home", 1), dice=dice)])
    read = casualty["casualties"][0]
    assert (read["result"], read["dice"]) == ("Serious Injury (-1 ability: ST)", dice)
    assert read["rolls"][-1] == "ability lost: 2 (ST)"
    assert [die["purpose"] for die in read["dice_rolled"]] == [
        "injury for away #4", "serious injury for away #4", "ability lost for away #4"
    ]  # fmt: skip


def test_an_ability_lost_of_5_is_refused_by_its_casualty(undead_match, home_coach) -> None:
    dice = {"injury": [5, 6], "serious": [5, 5], "ability": [5]}
    casualties = [hurt(ref("away", 4), ref("home", 1), dice=dice)]
    assert refusal(home_coach, undead_match, casualties, "casualties.1") == [
        "The ability lost roll for away #4: Die 1 of a 1 of 4 roll reads 1 to 4, not 5."
    ]


def test_an_ability_lost_after_a_missed_game_is_refused(undead_match, home_coach) -> None:
    dice = {"injury": [5, 6], "serious": [1, 1], "ability": [1]}
    casualties = [hurt(ref("away", 4), ref("home", 1), dice=dice)]
    assert refusal(home_coach, undead_match, casualties, "casualties.1") == [
        "Casualty 1: no ability lost roll here for away #4."
    ]


def test_the_server_rolls_each_die_the_one_before_calls_for(undead_match, home_coach) -> None:
    """Only the injury is entered. This seed's server fails the Skeleton's Regeneration (1),
    which calls for the serious injury (6+4: -1 ability), which calls for the ability lost
    (1: MA): three rolls, each asked for only once the one before was read."""
    Match.objects.filter(pk=undead_match.pk).update(seed=CHAIN_SEED)
    serious = hurt(ref("home", SKELETON), ref("away", 1), dice={"injury": [5, 6]})
    read = accepted(home_coach, undead_match, [serious], server_rolls=True)
    assert read["unfinished"] == []
    casualty = read["casualties"][0]
    assert casualty["result"] == "Serious Injury (-1 ability: MA)"
    assert [(die["purpose"], die["values"], die["source"]) for die in casualty["dice_rolled"]] == [
        ("injury for home #1", [5, 6], "entered"),
        ("regeneration for home #1", [1], "rolled"),
        ("serious injury for home #1", [6, 4], "rolled"),
        ("ability lost for home #1", [1], "rolled"),
    ]


# --- The ability lost as the coach's pick ----------------------------------------------------


@pytest.fixture
def picking_match(home_coach, away_coach) -> Match:
    """The same teams under serious_injury_ability coach_choice."""
    version = house_rules("gdbbl", home_coach, serious_injury_ability="coach_choice")
    return friendly_of(*teams(home_coach, away_coach, version))


def test_the_server_never_rolls_the_coach_s_pick(picking_match, home_coach) -> None:
    dice = {"injury": [5, 6], "serious": [6, 6]}
    read = accepted(home_coach, picking_match, [hurt(ref("away", 4), ref("home", 1), dice=dice)],
                    server_rolls=True)  # fmt: skip
    assert read["unfinished"] == [
        {"field": "casualties.1",
         "message": "Say which ability away #4 loses, 1 MA, 2 ST, 3 AG or 4 AV: his coach picks."}
    ]  # fmt: skip
    assert read["casualties"][0]["result"] == "not rolled yet"
    assert not DiceRoll.objects.filter(purpose="ability lost for away #4").exists()


def test_the_coach_s_pick_is_entered_where_the_server_rolls_the_dice(
    picking_match, home_coach
) -> None:
    """The server rolled a serious injury of 12 (-1 ability); the coach picks AG."""
    Match.objects.filter(pk=picking_match.pk).update(dice_sources="rolled")
    for purpose, values in (("injury for away #4", [5, 6]), ("serious injury for away #4", [6, 6])):
        DiceRoll.objects.create(match=picking_match, purpose=purpose, notation="2D6",
                                values=values, total=sum(values), source="rolled",
                                seed=picking_match.seed, made_by=home_coach)  # fmt: skip
    picked = hurt(ref("away", 4), ref("home", 1), dice={"ability": [3]})
    read = accepted(home_coach, picking_match, [picked], home={}, away={})
    casualty = read["casualties"][0]
    assert (casualty["result"], read["unfinished"]) == ("Serious Injury (-1 ability: AG)", [])
    assert casualty["dice_rolled"][-1] == {
        "purpose": "ability lost for away #4", "notation": "1 of 4", "values": [3],
        "source": "entered",
    }  # fmt: skip


# --- A fanatic and his own ball and chain ---------------------------------------------------


@pytest.mark.parametrize(("d6", "result"), [(3, "Dead"), (4, "plays next match")])
def test_a_fanatic_hurt_by_his_own_ball_and_chain_rolls_one_d6(
    undead_match, home_coach, d6, result
) -> None:
    casualty = accepted(home_coach, undead_match, [own_ball_and_chain([d6])])["casualties"][0]
    assert (casualty["means"], casualty["causer"], casualty["result"]) == (
        "own_weapon", None, result
    )  # fmt: skip
    assert [die["purpose"] for die in casualty["dice_rolled"]] == ["Ball and Chain for away #10"]


def test_only_a_fanatic_is_hurt_by_his_own_ball_and_chain(undead_match, home_coach) -> None:
    lineman = hurt(ref("away", LINEMAN), None, "other", means="own_weapon", dice=DEAD)
    assert refusal(home_coach, undead_match, [lineman], "casualties.1") == [
        "Casualty 1: #3 Lineman 3 carries no ball and chain: only a fanatic is hurt by his own "
        "ball and chain."
    ]


def test_a_fanatic_s_own_ball_and_chain_rolls_no_injury(undead_match, home_coach) -> None:
    fanatic = own_ball_and_chain([2])
    fanatic["dice"]["injury"] = [6, 6]
    assert refusal(home_coach, undead_match, [fanatic], "casualties.1") == [
        "Casualty 1: no injury roll here for away #10."
    ]


# --- The phone form ------------------------------------------------------------------------


def test_the_form_offers_an_undead_team_the_opponents_to_raise(
    client, undead_match, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(undead_match)))
    assert "Raised by Restless Dead's Necromancer as a Zombie" in page
    assert "if the team has fewer than 16 players" in page
    assert 'name="home-raised" value="3"' in page
    assert 'name="away-raised"' not in page  # Orcs raise no one


def test_the_form_has_a_box_for_the_ability_lost_and_the_fanatic_s_d6(
    client, undead_match, home_coach
) -> None:
    client.force_login(home_coach)
    page = text(client.get(url(undead_match)))
    assert 'name="cas-0-dice-ability-1" type="number" inputmode="numeric" min="1" max="4"' in page
    assert "1 MA, 2 ST, 3 AG, 4 AV" in page
    assert 'name="cas-0-dice-fanatic-1"' in page
    assert 'value="away-10" data-flags="fanatic">#10 Fungus the Loon' in page
    assert '<option value="own_weapon">his own secret weapon (a fanatic\'s ball and chain)' in page


def test_where_the_server_rolls_the_form_asks_only_the_table_s_injury_and_the_coach_s_pick(
    client, picking_match, home_coach
) -> None:
    Match.objects.filter(pk=picking_match.pk).update(dice_sources="rolled")
    client.force_login(home_coach)
    form = form_of(client.get(url(picking_match)))
    assert sorted(name for name in form if name.startswith("cas-0-dice-")) == [
        "cas-0-dice-ability-1", "cas-0-dice-injury-1", "cas-0-dice-injury-2"
    ]  # fmt: skip
    assert "Ability lost (his coach's pick)" in text(client.get(url(picking_match)))


def test_the_form_stores_the_pick_and_the_zombie_and_shows_them_again(
    client, undead_match, home_coach
) -> None:
    client.force_login(home_coach)
    data = {
        "played_on": "2026-11-01", "home_touchdowns": "1", "away_touchdowns": "0",
        "home-mvp-1": "9", "away-mvp-1": "2",
        "cas-0-victim": "away-4", "cas-0-causer": "home-1", "cas-0-action": "block",
        "cas-0-means": "ordinary",
        "cas-0-dice-injury-1": "5", "cas-0-dice-injury-2": "6",
        "cas-0-dice-serious-1": "6", "cas-0-dice-serious-2": "6",
        "cas-0-dice-ability-1": "4",
        "cas-1-victim": "away-3", "cas-1-causer": "home-2", "cas-1-action": "block",
        "cas-1-means": "ordinary",
        "cas-1-dice-injury-1": "6", "cas-1-dice-injury-2": "6",
        "home-raised": "3", "concession": "",
    }  # fmt: skip
    page = client.post(url(undead_match, "report"), data)
    assert page.status_code == 302, text(page)
    assert Report.objects.get(match=undead_match).raised == {"home": [3]}
    form = form_of(client.get(url(undead_match)))
    assert (form["cas-0-dice-ability-1"], form["home-raised"]) == (["4"], ["3"])


# --- The pick through the dice log -----------------------------------------------------------


def test_the_dice_log_refuses_to_roll_the_coach_s_pick(picking_match, home_coach) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(picking_match, home_coach, "ability lost for away #4", "1 of 4")
    assert [(p.field, p.message) for p in refused.value.problems] == [
        (
            "source",
            "'ability lost for away #4' is the table's or the coach's, not the server's: enter it.",
        )
    ]


def test_the_dice_log_takes_the_pick_typed_in_where_the_server_rolls_the_dice(
    picking_match, home_coach
) -> None:
    Match.objects.filter(pk=picking_match.pk).update(dice_sources="rolled")
    roll = dice_enter(picking_match, home_coach, "ability lost for away #4", "1 of 4", [3])
    assert (roll.values, roll.source) == ([3], "entered")


def test_where_the_ability_is_rolled_the_dice_log_rolls_it_as_any_other(
    undead_match, home_coach
) -> None:
    roll = dice_roll(undead_match, home_coach, "ability lost for away #4", "1 of 4")
    assert (roll.notation, roll.source, 1 <= roll.values[0] <= 4) == ("1 of 4", "rolled", True)


def test_the_server_never_rolls_a_gdbbl_injury_roll_the_table_made(
    undead_match, home_coach
) -> None:
    with unchanged(), pytest.raises(MatchRefused) as refused:
        dice_roll(undead_match, home_coach, "injury for away #4", "2D6")
    assert [(p.field, p.message) for p in refused.value.problems] == [
        (
            "source",
            "'injury for away #4' is the table's or the coach's, not the server's: enter it.",
        )
    ]


def test_an_injury_roll_is_typed_in_where_the_server_rolls_the_dice(
    undead_match, home_coach
) -> None:
    Match.objects.filter(pk=undead_match.pk).update(dice_sources="rolled")
    roll = dice_enter(undead_match, home_coach, "injury for away #4", "2D6", [5, 6])
    assert (roll.values, roll.source) == ([5, 6], "entered")
