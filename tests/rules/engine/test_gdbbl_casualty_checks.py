"""A GDBBL casualty's dice, checked (rules.engine.gdbbl_casualty_checks through
`report_check`): the check asks exactly the dice rules.engine.gdbbl_injuries reads, in its
order (001 "Injuries", notes §A.5 and §A.10): the injury 2D6 and its modifier, the
apothecary as `apothecary_action` says, Regeneration before anything else (2-6 heals), the
serious injury 2D6 (tables.yaml serious_injury: 2-7 miss next game, 8-9 niggling, 10-12
-1 ability) and, for -1 ability only, which ability (1 MA, 2 ST, 3 AG, 4 AV). A fanatic hurt
by his own ball and chain rolls one D6 (1-3 dead, 4-6 plays the next match); a Death-Roller
rolls nothing."""

from __future__ import annotations

import pytest

from rules.engine.report_checks import report_check
from rules.engine.report_entry import CasualtyEntry, MatchFacts, Member, Ref, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.report_facts import ROSTER, die, edition, messages, rolled, side

FIELD = "casualties.1"
BLOCKER = Ref("home", 1)
# Gouged Eye's star players: a goblin fanatic and the Dwarf war machine (star_players.yaml).
FANATIC = Member(12, "Fungus the Loon", "star", star=True, size="small", special="Ball & Chain")
ROLLER = Member(13, "The Deathroller", "star", star=True, special="Dwarf Death-Roller")
APOTHECARY = {"apothecary": 1}


def gdbbl(**settings) -> Ruleset:
    return with_settings(edition("gdbbl"), **settings)


def facts(away_helpers=None, sources=("entered", "rolled")) -> MatchFacts:
    away = side("away", (*ROSTER, FANATIC, ROLLER), helpers=away_helpers)
    return MatchFacts(side("home"), away, sources)


def check(ruleset, *casualties, match=None, rolled_dice=None):
    """The report with `casualties`, each team's MVP drawn at the table (#1)."""
    drawn = SideEntry(mvps=(1,))
    entry = ReportEntry(home=drawn, away=drawn, casualties=casualties)
    return report_check(ruleset, match or facts(), entry, rolled_dice)


def casualty(number: int = 3, **fields) -> CasualtyEntry:
    """Away #`number` hurt in a block by home #1, unless told otherwise."""
    fields.setdefault("causer", BLOCKER)
    return CasualtyEntry(Ref("away", number), **fields)


def own_ball_and_chain(number: int = 12, **fields) -> CasualtyEntry:
    """Hurt by his own ball and chain: nobody caused it."""
    return CasualtyEntry(Ref("away", number), None, "other", "own_weapon", **fields)


def purposes(found) -> list[str]:
    """The purposes of the casualties' dice, in the order the check asks for them."""
    return [need.purpose for need in found.dice if need.field.startswith("casualties.")]


def problems(found) -> list[str]:
    return messages(found.problems, FIELD)


def unfinished(found) -> list[str]:
    return messages(found.unfinished, FIELD)


def complete(found) -> bool:
    """Nothing wrong or missing in the casualty."""
    return (problems(found), unfinished(found)) == ([], [])


# --- The injury roll and the serious injury --------------------------------------------------


def test_a_badly_hurt_asks_only_the_injury_roll() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (4, 6)}))
    assert complete(found)
    assert purposes(found) == ["injury for away #3"]


def test_a_serious_injury_asks_its_own_roll_after_the_injury_roll() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6)}))
    assert found.problems == []
    assert unfinished(found) == ["Roll the serious injury (2D6) for away #3."]
    assert purposes(found) == ["injury for away #3", "serious injury for away #3"]


@pytest.mark.parametrize("serious", [(1, 1), (3, 4), (4, 4), (4, 5)])
def test_a_missed_game_or_a_niggling_injury_asks_no_ability(serious) -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6), "serious": serious}))
    assert complete(found)
    assert purposes(found) == ["injury for away #3", "serious injury for away #3"]


@pytest.mark.parametrize("serious", [(4, 6), (5, 5), (6, 6)])
def test_a_minus_1_ability_asks_which_ability_is_lost(serious) -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6), "serious": serious}))
    assert found.problems == []
    assert unfinished(found) == ["Roll the ability lost (1 of 4) for away #3."]
    assert not die(found.dice, "ability lost for away #3").picked  # random: the server may roll


@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_the_ability_lost_is_one_of_four(face: int) -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6), "serious": (6, 6), "ability": (face,)}))
    assert complete(found)
    assert die(found.dice, "ability lost for away #3").notation == "1 of 4"
    assert purposes(found)[-1] == "ability lost for away #3"


@pytest.mark.parametrize("face", [0, 5])
def test_an_ability_lost_beyond_one_to_four_is_refused(face: int) -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6), "serious": (6, 6), "ability": (face,)}))
    assert problems(found) == [
        f"The ability lost roll for away #3: Die 1 of a 1 of 4 roll reads 1 to 4, not {face}."
    ]


def test_an_ability_lost_without_a_minus_1_ability_is_refused() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6), "serious": (1, 1), "ability": (2,)}))
    assert problems(found) == ["Casualty 1: no ability lost roll here for away #3."]


def test_a_badly_hurt_refuses_the_serious_injury_and_ability_rolls() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (4, 6), "serious": (6, 6), "ability": (1,)}))
    assert problems(found) == [
        "Casualty 1: no serious injury roll here for away #3.",
        "Casualty 1: no ability lost roll here for away #3.",
    ]


def test_a_death_asks_nothing_after_the_injury_roll() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (6, 6), "serious": (6, 6)}))
    assert problems(found) == ["Casualty 1: no serious injury roll here for away #3."]


def test_a_die_entered_past_one_not_rolled_yet_waits_for_the_reading() -> None:
    """Without the injury roll nobody knows yet whether the serious injury is needed."""
    found = check(gdbbl(), casualty(dice={"serious": (2, 2)}))
    assert found.problems == []
    assert unfinished(found) == [
        "Enter the injury roll (2D6) for away #3 as it fell at the table: it is what made him "
        "a casualty."
    ]


def test_a_die_the_casualty_can_never_read_is_refused_at_once() -> None:
    found = check(gdbbl(), casualty(dice={"fanatic": (2,), "regeneration": (3,)}))
    assert problems(found) == [
        "Casualty 1: no Ball and Chain roll here for away #3.",
        "Casualty 1: no regeneration roll here for away #3.",
    ]


@pytest.mark.parametrize(("dice", "result"), [((4, 5), "KO'd"), ((3, 4), "Stunned")])
def test_a_first_injury_roll_of_stunned_or_kod_is_no_casualty(dice, result: str) -> None:
    found = check(gdbbl(), casualty(dice={"injury": dice}))
    assert problems(found) == [
        f"Casualty 1: an injury roll of {sum(dice)}+0 is {result}, not a casualty."
    ]


@pytest.mark.parametrize("modifier", [-11, 11])
def test_an_injury_modifier_beyond_ten_either_way_is_refused(modifier: int) -> None:
    found = check(gdbbl(), casualty(modifier=modifier, dice={"injury": (6, 6)}))
    assert problems(found) == [f"Casualty 1: an injury modifier is -10 to +10, not {modifier}."]


# --- The ability lost as a coach's pick ---------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "who"),
    [("coach_choice", "his coach picks"), ("opponent_choice", "the other coach picks")],
)
def test_under_a_choice_the_ability_lost_is_asked_of_the_coach_who_picks(setting, who) -> None:
    ruleset = gdbbl(serious_injury_ability=setting)
    found = check(ruleset, casualty(dice={"injury": (5, 6), "serious": (6, 6)}))
    assert unfinished(found) == [
        f"Say which ability away #3 loses, 1 MA, 2 ST, 3 AG or 4 AV: {who}."
    ]
    assert die(found.dice, "ability lost for away #3").picked  # never the server's to roll


def test_a_pick_is_entered_even_where_the_server_rolls_the_dice() -> None:
    ruleset = gdbbl(serious_injury_ability="coach_choice")
    by_server = {
        **rolled("injury for away #3", "2D6", 5, 6),
        **rolled("serious injury for away #3", "2D6", 6, 6),
    }
    picked = casualty(dice={"ability": (4,)})
    found = check(ruleset, picked, match=facts(sources=("rolled",)), rolled_dice=by_server)
    assert complete(found)
    assert die(found.dice, "ability lost for away #3").values == (4,)


def test_a_roll_is_not_entered_where_the_server_rolls_the_dice() -> None:
    ruleset = gdbbl()
    by_server = {
        **rolled("injury for away #3", "2D6", 5, 6),
        **rolled("serious injury for away #3", "2D6", 6, 6),
    }
    entered = casualty(dice={"ability": (4,)})
    found = check(ruleset, entered, match=facts(sources=("rolled",)), rolled_dice=by_server)
    assert problems(found) == [
        "The ability lost roll for away #3: this match's dice are rolled by the server, not "
        "entered."
    ]


# --- Regeneration comes before the serious injury ----------------------------------------------


def test_a_regeneration_player_rolls_regeneration_before_any_serious_injury() -> None:
    found = check(gdbbl(), casualty(8, dice={"injury": (5, 6)}))
    assert unfinished(found) == ["Roll the regeneration (D6) for away #8."]
    assert purposes(found) == ["injury for away #8", "regeneration for away #8"]


@pytest.mark.parametrize("healed", [2, 6])
def test_a_player_who_regenerated_needs_no_serious_injury_roll(healed: int) -> None:
    found = check(gdbbl(), casualty(8, dice={"injury": (5, 6), "regeneration": (healed,)}))
    assert complete(found)
    regenerated = casualty(8, dice={"injury": (5, 6), "regeneration": (healed,), "serious": (2, 2)})
    assert problems(check(gdbbl(), regenerated)) == [
        "Casualty 1: no serious injury roll here for away #8."
    ]


def test_a_failed_regeneration_asks_the_serious_injury_roll() -> None:
    found = check(gdbbl(), casualty(8, dice={"injury": (5, 6), "regeneration": (1,)}))
    assert unfinished(found) == ["Roll the serious injury (2D6) for away #8."]
    assert purposes(found) == [
        "injury for away #8",
        "regeneration for away #8",
        "serious injury for away #8",
    ]


def test_a_badly_hurt_regeneration_player_rolls_regeneration_too() -> None:
    found = check(gdbbl(), casualty(8, dice={"injury": (4, 6)}))
    assert unfinished(found) == ["Roll the regeneration (D6) for away #8."]


def test_a_regeneration_roll_for_a_player_without_regeneration_is_refused() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (6, 6), "regeneration": (4,)}))
    assert problems(found) == ["Casualty 1: no regeneration roll here for away #3."]


# --- The secret weapons --------------------------------------------------------------------------


@pytest.mark.parametrize("d6", [1, 2, 3, 4, 5, 6])
def test_a_fanatic_hurt_by_his_own_ball_and_chain_rolls_one_d6(d6: int) -> None:
    found = check(gdbbl(), own_ball_and_chain(dice={"fanatic": (d6,)}))
    assert complete(found)
    assert purposes(found) == ["Ball and Chain for away #12"]


def test_a_fanatics_d6_not_rolled_yet_is_unfinished() -> None:
    found = check(gdbbl(), own_ball_and_chain())
    assert unfinished(found) == ["Roll the Ball and Chain (D6) for away #12."]


def test_a_fanatic_hurt_by_his_own_ball_and_chain_rolls_no_injury() -> None:
    found = check(gdbbl(), own_ball_and_chain(dice={"fanatic": (5,), "injury": (6, 6)}))
    assert problems(found) == ["Casualty 1: no injury roll here for away #12."]


def test_a_fanatic_blocked_by_an_opponent_rolls_the_injury_like_anyone() -> None:
    found = check(gdbbl(), casualty(12, dice={"injury": (4, 6), "fanatic": (2,)}))
    assert problems(found) == ["Casualty 1: no Ball and Chain roll here for away #12."]
    assert purposes(found) == ["injury for away #12"]


def test_only_a_fanatic_is_hurt_by_his_own_ball_and_chain() -> None:
    found = check(gdbbl(), own_ball_and_chain(3, dice={"injury": (4, 6)}))
    assert problems(found) == [
        "Casualty 1: #3 Cal carries no ball and chain: only a fanatic is hurt by his own ball "
        "and chain."
    ]


def test_nobody_causes_a_fanatics_own_ball_and_chain() -> None:
    caused = CasualtyEntry(Ref("away", 12), BLOCKER, "block", "own_weapon", dice={"fanatic": (4,)})
    assert problems(check(gdbbl(), caused)) == [
        "Casualty 1: #12 Fungus the Loon was hurt by his own ball and chain: nobody caused it."
    ]


def test_a_fanatics_own_ball_and_chain_needs_nobody_named_whatever_he_was_doing() -> None:
    moving = CasualtyEntry(Ref("away", 12), None, "block", "own_weapon", dice={"fanatic": (4,)})
    assert complete(check(gdbbl(), moving))


def test_a_death_roller_rolls_no_dice() -> None:
    found = check(gdbbl(), casualty(13))
    assert complete(found)
    assert purposes(found) == []


def test_a_death_rollers_injury_roll_is_refused() -> None:
    found = check(gdbbl(), casualty(13, dice={"injury": (6, 6)}))
    assert problems(found) == ["Casualty 1: no injury roll here for away #13."]


# --- The apothecary, as apothecary_action says -------------------------------------------------


def test_the_apothecarys_injury_reroll_comes_before_regeneration() -> None:
    ruleset = gdbbl(apothecary_action="ko_or_reroll_casualty")
    treated = casualty(8, helper="apothecary", dice={"injury": (6, 6), "apothecary": (5, 6)})
    found = check(ruleset, treated, match=facts(APOTHECARY))
    assert unfinished(found) == ["Roll the regeneration (D6) for away #8."]
    assert purposes(found) == [
        "injury for away #8",
        "apothecary's roll for away #8",
        "regeneration for away #8",
    ]


def test_the_apothecarys_second_result_is_kept_not_the_first() -> None:
    ruleset = gdbbl(apothecary_action="ko_or_reroll_casualty")
    treated = casualty(
        helper="apothecary", kept="first", dice={"injury": (6, 6), "apothecary": (4, 6)}
    )
    assert problems(check(ruleset, treated, match=facts(APOTHECARY))) == [
        "Casualty 1: the apothecary's second result is kept."
    ]


def test_the_apothecary_rerolls_the_serious_injury_and_the_owner_keeps_one() -> None:
    ruleset = gdbbl(apothecary_action="reroll_serious_injury")
    dice = {"injury": (5, 6), "serious": (1, 1), "apothecary": (6, 6)}
    found = check(ruleset, casualty(helper="apothecary", dice=dice), match=facts(APOTHECARY))
    assert unfinished(found) == ["Casualty 1: say which result away #3's coach kept."]
    kept = check(
        ruleset, casualty(helper="apothecary", kept="second", dice=dice), match=facts(APOTHECARY)
    )
    assert unfinished(kept) == ["Roll the ability lost (1 of 4) for away #3."]  # 12: -1 ability


def test_an_apothecary_who_rerolls_only_serious_injuries_refuses_a_death() -> None:
    ruleset = gdbbl(apothecary_action="reroll_serious_injury")
    treated = casualty(helper="apothecary", dice={"injury": (6, 6), "apothecary": (2, 2)})
    assert problems(check(ruleset, treated, match=facts(APOTHECARY))) == [
        "Casualty 1: the apothecary re-rolls a serious injury only."
    ]


def test_an_apothecary_who_treats_has_nothing_to_treat_after_badly_hurt() -> None:
    ruleset = gdbbl(apothecary_action="casualty_to_badly_hurt")
    treated = casualty(helper="apothecary", dice={"injury": (4, 6)})
    assert problems(check(ruleset, treated, match=facts(APOTHECARY))) == [
        "Casualty 1: the apothecary treats a serious injury or death."
    ]


def test_an_apothecary_who_treats_a_serious_injury_leaves_no_serious_roll() -> None:
    ruleset = gdbbl(apothecary_action="casualty_to_badly_hurt")
    treated = casualty(helper="apothecary", dice={"injury": (5, 6)})
    found = check(ruleset, treated, match=facts(APOTHECARY))
    assert complete(found)
    assert purposes(found) == ["injury for away #3"]


def test_the_injury_roll_is_the_tables_even_where_the_server_rolls_the_dice() -> None:
    """It is what made him a casualty: the server never rolls it, the coach enters it."""
    need = next(d for d in check(gdbbl(), casualty()).dice if d.purpose == "injury for away #3")
    assert (need.picked, need.values) == (True, None)


# --- Hurt again only after regenerating ------------------------------------------------------


def test_a_player_whose_regeneration_failed_is_not_hurt_again() -> None:
    first = casualty(8, dice={"injury": (5, 6), "regeneration": (1,), "serious": (2, 2)})
    again = casualty(8, dice={"injury": (4, 6), "regeneration": (3,)})
    found = check(gdbbl(), first, again)
    assert messages(found.problems, "casualties.2") == [
        "Casualty 2: #8 Skeleton was already a casualty of this match and did not "
        "regenerate: only a player back in the reserves is hurt again."
    ]


def test_a_player_who_regenerated_may_be_hurt_again() -> None:
    first = casualty(8, dice={"injury": (6, 6), "regeneration": (2,)})
    again = casualty(8, dice={"injury": (4, 6), "regeneration": (3,)})
    found = check(gdbbl(), first, again)
    assert messages(found.problems, "casualties.2") == []
