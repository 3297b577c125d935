"""The casualty records of a report, checked (rules.engine.casualty_checks through
`report_check`): the cause (action, means, who), the helpers once per match, and the dice
each ruleset needs. LRB6: the D68 casualty table, Decay's second roll and Regeneration 4+
(003 Decay, Regeneration), Igor and the apothecaries (lrb6-facts §6-§7). GDBBL: the injury
table, dead only on an unmodified 12 (001 Injuries), the serious injury table, the
apothecary as `apothecary_action` says and Regeneration on 2-6 (001 Regeneration)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.report_checks import report_check
from rules.engine.report_entry import ACTIONS, MEANS, CasualtyEntry, Ref, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.report_facts import (
    die,
    edition,
    match,
    messages,
    rolled,
)

FIELD = "casualties.1"
BLOCKER = Ref("home", 1)


def lrb6() -> Ruleset:
    return edition("lrb6")


def gdbbl(**settings) -> Ruleset:
    return with_settings(edition("gdbbl"), **settings)


def check(ruleset, *casualties, facts=None, rolled_dice=None):
    """The report with `casualties`, each team's MVP drawn at the table (#1)."""
    drawn = SideEntry(mvps=(1,))
    entry = ReportEntry(home=drawn, away=drawn, casualties=casualties)
    return report_check(ruleset, facts or match(), entry, rolled_dice)


def purposes(found) -> list[str]:
    """The purposes of the casualties' dice, in the order the check names them."""
    return [need.purpose for need in found.dice if need.field.startswith("casualties.")]


def casualty(number: int = 3, side: str = "away", **fields) -> CasualtyEntry:
    """A block by home #1 on `side` #`number`, unless told otherwise."""
    fields.setdefault("causer", BLOCKER if side == "away" else Ref("away", 1))
    return CasualtyEntry(Ref(side, number), **fields)


def problems(found, field: str = FIELD) -> list[str]:
    return messages(found.problems, field)


def unfinished(found, field: str = FIELD) -> list[str]:
    return messages(found.unfinished, field)


# --- Causes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["block", "blitz", "foul"])
def test_a_block_blitz_or_foul_needs_the_opponent_who_made_it(action: str) -> None:
    found = check(lrb6(), casualty(action=action, causer=None, dice={"casualty": (1, 1)}))
    assert problems(found) == [f"Casualty 1: say who made the {action}."]


@pytest.mark.parametrize("action", ["block", "blitz", "foul"])
def test_an_opponent_made_block_blitz_or_foul_is_a_casualty(action: str) -> None:
    found = check(lrb6(), casualty(action=action, dice={"casualty": (1, 1)}))
    assert problems(found) == []
    assert unfinished(found) == []


@pytest.mark.parametrize("means", ["ordinary", "crowd", "chainsaw", "stab"])
def test_only_a_bomb_or_another_secret_weapon_hurts_a_team_mate(means: str) -> None:
    hurt = casualty(3, "home", causer=Ref("home", 1), means=means, dice={"casualty": (1, 1)})
    found = check(lrb6(), hurt)
    assert problems(found) == [
        "Casualty 1: #1 Griff and #3 Cal both play for Reikland Reavers; only a bomb or "
        "another secret weapon hurts a team-mate. The victim of a block is on the other side."
    ]


@pytest.mark.parametrize("means", ["bomb", "other_weapon"])
def test_a_bomb_or_another_secret_weapon_may_hurt_a_team_mate(means: str) -> None:
    hurt = casualty(3, "home", causer=Ref("home", 1), means=means, dice={"casualty": (1, 1)})
    assert problems(check(lrb6(), hurt)) == []


def test_a_failed_dodge_has_no_causer() -> None:
    fell = casualty(action="none", means="failed_dodge", dice={"casualty": (1, 1)})
    assert problems(check(lrb6(), fell)) == [
        "Casualty 1: a failed dodge or go-for-it is #3 Cal's own doing."
    ]


def test_a_failed_dodge_is_the_victims_own_doing() -> None:
    fell = casualty(action="none", means="failed_dodge", causer=None, dice={"casualty": (1, 1)})
    assert problems(check(lrb6(), fell)) == []


@pytest.mark.parametrize("action", ["pass", "other", "none"])
def test_other_actions_need_nobody_to_have_caused_them(action: str) -> None:
    hurt = casualty(action=action, causer=None, dice={"casualty": (1, 1)})
    assert problems(check(lrb6(), hurt)) == []


def test_an_unknown_action_is_refused() -> None:
    found = check(lrb6(), casualty(action="headbutt", dice={"casualty": (1, 1)}))
    assert problems(found) == [f"Casualty 1: the action is one of {', '.join(ACTIONS)}."]


def test_an_unknown_means_is_refused() -> None:
    found = check(lrb6(), casualty(means="lightning", dice={"casualty": (1, 1)}))
    assert problems(found) == [f"Casualty 1: the means is one of {', '.join(MEANS)}."]


def test_a_side_other_than_home_or_away_is_refused() -> None:
    found = check(lrb6(), CasualtyEntry(Ref("bench", 3), BLOCKER))
    assert problems(found) == ["Casualty 1: a side is home or away."]


def test_a_victim_not_on_the_team_is_refused() -> None:
    found = check(lrb6(), casualty(42))
    assert problems(found) == ["Casualty 1's victim: Gouged Eye has no player #42."]


@pytest.mark.parametrize(("number", "reason"), [(10, "#10 Dan is dead"), (11, "#11 Ben misses")])
def test_a_victim_who_did_not_take_part_is_refused_with_the_reason(number, reason) -> None:
    (message,) = problems(check(lrb6(), casualty(number)))
    assert message.startswith(f"Casualty 1's victim: {reason}")
    assert message.endswith("so he did not take part.")


def test_a_causer_who_did_not_take_part_is_refused() -> None:
    found = check(lrb6(), casualty(causer=Ref("home", 10), dice={"casualty": (1, 1)}))
    assert problems(found) == ["Casualty 1's cause: #10 Dan is dead, so he did not take part."]


def test_a_second_casualty_of_the_same_victim_is_refused() -> None:
    once = casualty(dice={"casualty": (1, 1)})
    found = check(lrb6(), once, once)
    assert problems(found, "casualties.2") == [
        "Casualty 2: #3 Cal was already a casualty of this match."
    ]
    assert problems(found) == []


def test_a_regenerated_player_may_be_a_casualty_again_with_his_own_dice() -> None:
    first = casualty(8, dice={"casualty": (6, 1), "regeneration": (5,)})
    again = casualty(8, dice={"casualty": (1, 2), "regeneration": (2,)})
    found = check(lrb6(), first, again)
    assert found.problems == []
    assert die(found.dice, "casualty for away #8 (2)").values == (1, 2)
    assert die(found.dice, "regeneration for away #8 (2)").values == (2,)


# --- LRB6 dice --------------------------------------------------------------------------------


def test_a_casualty_rolls_one_d68() -> None:
    found = check(lrb6(), casualty(dice={"casualty": (4, 1)}))
    assert (found.problems, found.unfinished) == ([], [])
    need = die(found.dice, "casualty for away #3")
    assert (need.notation, need.values, need.source, need.field) == (
        "D68",
        (4, 1),
        "entered",
        FIELD,
    )


@pytest.mark.parametrize(
    ("dice", "wrong"),
    [
        ((7, 1), "Die 1 of a D68 roll reads 1 to 6, not 7"),
        ((0, 1), "Die 1 of a D68 roll reads 1 to 6, not 0"),
        ((4, 9), "Die 2 of a D68 roll reads 1 to 8, not 9"),
        ((4,), "A D68 roll needs 2 dice, not 1"),
        ((4, 1, 1), "A D68 roll needs 2 dice, not 3"),
    ],
)
def test_a_d68_is_a_d6_for_the_tens_and_a_d8_for_the_units(dice, wrong: str) -> None:
    found = check(lrb6(), casualty(dice={"casualty": dice}))
    assert problems(found) == [f"The casualty roll for away #3: {wrong}."]


@given(tens=st.integers(1, 6), units=st.integers(1, 8))
def test_every_d68_a_d6_and_a_d8_can_show_is_accepted(tens: int, units: int) -> None:
    assert check(lrb6(), casualty(dice={"casualty": (tens, units)})).problems == []


def test_a_missing_die_is_unfinished_not_a_problem() -> None:
    found = check(lrb6(), casualty())
    assert found.problems == []
    assert unfinished(found) == ["Roll the casualty (D68) for away #3."]
    need = die(found.dice, "casualty for away #3")
    assert (need.notation, need.values) == ("D68", None)


def test_a_die_the_server_rolled_stands_without_being_entered() -> None:
    server = rolled("casualty for away #3", "D68", 6, 1)
    found = check(lrb6(), casualty(), rolled_dice=server)
    assert (found.problems, found.unfinished) == ([], [])
    need = die(found.dice, "casualty for away #3")
    assert (need.values, need.source) == ((6, 1), "rolled")


def test_entering_a_die_the_server_rolled_differently_is_a_problem() -> None:
    server = rolled("casualty for away #3", "D68", 6, 1)
    found = check(lrb6(), casualty(dice={"casualty": (1, 1)}), rolled_dice=server)
    assert problems(found) == ["The server already rolled the casualty for away #3: [6, 1] stands."]


def test_entering_the_die_the_server_rolled_is_no_problem() -> None:
    server = rolled("casualty for away #3", "D68", 6, 1)
    assert check(lrb6(), casualty(dice={"casualty": (6, 1)}), rolled_dice=server).problems == []


def test_a_decay_player_rolls_a_second_d68() -> None:
    found = check(lrb6(), casualty(7, dice={"casualty": (4, 1)}))
    assert unfinished(found) == ["Roll the Decay casualty (D68) for away #7."]
    done = check(lrb6(), casualty(7, dice={"casualty": (4, 1), "decay": (2, 2)}))
    assert (done.problems, done.unfinished) == ([], [])
    assert die(done.dice, "Decay casualty for away #7").values == (2, 2)


def test_a_decay_roll_for_a_player_without_decay_is_refused() -> None:
    found = check(lrb6(), casualty(dice={"casualty": (4, 1), "decay": (2, 2)}))
    assert problems(found) == ["Casualty 1: no Decay casualty roll here for away #3."]


def test_without_decays_second_casualty_a_decay_player_rolls_once() -> None:
    ruleset = with_settings(lrb6(), decay_second_casualty=False)
    found = check(ruleset, casualty(7, dice={"casualty": (4, 1), "decay": (2, 2)}))
    assert problems(found) == ["Casualty 1: no Decay casualty roll here for away #7."]


def test_a_die_of_no_known_kind_is_refused() -> None:
    found = check(lrb6(), casualty(dice={"casualty": (4, 1), "luck": (3,)}))
    assert problems(found) == ["Casualty 1: no luck roll here for away #3."]


def test_a_regeneration_player_rolls_a_d6_after_the_casualty() -> None:
    found = check(lrb6(), casualty(8, dice={"casualty": (6, 1)}))
    assert unfinished(found) == ["Roll the regeneration (D6) for away #8."]
    done = check(lrb6(), casualty(8, dice={"casualty": (6, 1), "regeneration": (6,)}))
    assert (done.problems, done.unfinished) == ([], [])


def test_a_regeneration_d6_reads_1_to_6() -> None:
    found = check(lrb6(), casualty(8, dice={"casualty": (6, 1), "regeneration": (7,)}))
    assert problems(found) == [
        "The regeneration roll for away #8: Die 1 of a D6 roll reads 1 to 6, not 7."
    ]


def test_a_regeneration_roll_for_a_player_without_regeneration_is_refused() -> None:
    found = check(lrb6(), casualty(dice={"casualty": (6, 1), "regeneration": (4,)}))
    assert problems(found) == ["Casualty 1: no regeneration roll here for away #3."]


def test_a_player_with_decay_and_regeneration_rolls_all_three() -> None:
    found = check(lrb6(), casualty(9))
    assert purposes(found) == [
        "casualty for away #9",
        "Decay casualty for away #9",
        "regeneration for away #9",
    ]


# --- LRB6 helpers -----------------------------------------------------------------------------


def test_the_apothecarys_d68_and_the_result_kept() -> None:
    treated = casualty(
        helper="apothecary", kept="second", dice={"casualty": (6, 1), "apothecary": (1, 1)}
    )
    found = check(lrb6(), treated, facts=match(away_helpers={"apothecary": 1}))
    assert (found.problems, found.unfinished) == ([], [])
    assert die(found.dice, "apothecary's casualty for away #3").values == (1, 1)


def test_the_result_kept_is_unfinished_until_the_coach_says() -> None:
    treated = casualty(helper="apothecary", dice={"casualty": (6, 1), "apothecary": (1, 1)})
    found = check(lrb6(), treated, facts=match(away_helpers={"apothecary": 1}))
    assert found.problems == []
    assert unfinished(found) == ["Casualty 1: say which result away #3's coach kept."]


def test_the_result_kept_is_the_first_or_the_second() -> None:
    treated = casualty(
        helper="apothecary", kept="both", dice={"casualty": (6, 1), "apothecary": (1, 1)}
    )
    found = check(lrb6(), treated, facts=match(away_helpers={"apothecary": 1}))
    assert problems(found) == ["Casualty 1: the kept result is first or second."]


def test_a_result_is_kept_only_after_an_apothecary() -> None:
    found = check(lrb6(), casualty(kept="first", dice={"casualty": (6, 1)}))
    assert problems(found) == ["Casualty 1: a result is kept only when an apothecary re-rolled it."]


def test_an_apothecarys_d68_without_an_apothecary_is_refused() -> None:
    found = check(lrb6(), casualty(dice={"casualty": (6, 1), "apothecary": (1, 1)}))
    assert problems(found) == ["Casualty 1: no apothecary's casualty roll here for away #3."]


def test_a_team_without_an_apothecary_cannot_use_one() -> None:
    treated = casualty(
        helper="apothecary", kept="first", dice={"casualty": (6, 1), "apothecary": (1, 1)}
    )
    found = check(lrb6(), treated, facts=match(home_helpers={"apothecary": 1}))
    assert problems(found) == ["Casualty 1: Gouged Eye has no apothecary in this match."]


def test_an_apothecary_works_once_per_match() -> None:
    treated = {
        "helper": "apothecary",
        "kept": "first",
        "dice": {"casualty": (6, 1), "apothecary": (1, 1)},
    }
    found = check(
        lrb6(),
        casualty(3, **treated),
        casualty(4, **treated),
        facts=match(away_helpers={"apothecary": 1}),
    )
    assert problems(found) == []
    assert problems(found, "casualties.2") == [
        "Casualty 2: Gouged Eye's apothecary works once per match; it was already used."
    ]


def test_each_team_has_its_own_apothecary() -> None:
    treated = {
        "helper": "apothecary",
        "kept": "first",
        "dice": {"casualty": (6, 1), "apothecary": (1, 1)},
    }
    found = check(
        lrb6(),
        casualty(3, **treated),
        casualty(3, "home", **treated),
        facts=match(home_helpers={"apothecary": 1}, away_helpers={"apothecary": 1}),
    )
    assert found.problems == []


def test_two_wandering_apothecaries_work_once_each() -> None:
    # lrb6-facts §7: Wandering Apothecaries 0-2.
    treated = {
        "helper": "wandering_apothecary",
        "kept": "second",
        "dice": {"casualty": (6, 1), "apothecary": (1, 1)},
    }
    facts = match(away_helpers={"wandering_apothecary": 2})
    found = check(
        lrb6(), casualty(1, **treated), casualty(2, **treated), casualty(3, **treated), facts=facts
    )
    assert problems(found, "casualties.1") == problems(found, "casualties.2") == []
    assert problems(found, "casualties.3") == [
        "Casualty 3: Gouged Eye's Wandering Apothecaries (2) each work once per match; "
        "it was already used."
    ]


def test_an_unknown_helper_is_refused() -> None:
    found = check(lrb6(), casualty(helper="wizard", dice={"casualty": (6, 1)}))
    assert problems(found) == [
        "Casualty 1: the helper is one of apothecary, wandering_apothecary, igor."
    ]


def test_igor_rerolls_a_failed_regeneration() -> None:
    saved = casualty(
        8, helper="igor", dice={"casualty": (6, 1), "regeneration": (3,), "igor": (4,)}
    )
    found = check(lrb6(), saved, facts=match(away_helpers={"igor": 1}))
    assert (found.problems, found.unfinished) == ([], [])
    assert die(found.dice, "Igor's regeneration for away #8").values == (4,)


def test_igors_roll_is_unfinished_until_rolled() -> None:
    saved = casualty(8, helper="igor", dice={"casualty": (6, 1), "regeneration": (3,)})
    found = check(lrb6(), saved, facts=match(away_helpers={"igor": 1}))
    assert unfinished(found) == ["Roll the Igor's regeneration (D6) for away #8."]


def test_igor_has_nothing_to_do_after_a_regeneration_that_healed() -> None:
    saved = casualty(
        8, helper="igor", dice={"casualty": (6, 1), "regeneration": (4,), "igor": (4,)}
    )
    found = check(lrb6(), saved, facts=match(away_helpers={"igor": 1}))
    assert problems(found) == ["Casualty 1: #8 Skeleton regenerated; Igor had nothing to do."]


def test_igor_is_only_for_a_player_with_regeneration() -> None:
    saved = casualty(helper="igor", dice={"casualty": (6, 1), "igor": (4,)})
    found = check(lrb6(), saved, facts=match(away_helpers={"igor": 1}))
    assert problems(found) == [
        "Casualty 1: Igor re-rolls a Regeneration roll; #3 Cal has none.",
        "Casualty 1: no Igor's regeneration roll here for away #3.",
    ]


def test_igor_is_only_for_a_team_that_induced_him() -> None:
    saved = casualty(
        8, helper="igor", dice={"casualty": (6, 1), "regeneration": (3,), "igor": (4,)}
    )
    found = check(lrb6(), saved)
    assert problems(found) == ["Casualty 1: Gouged Eye has no Igor in this match."]


def test_an_igor_roll_without_igor_is_refused() -> None:
    found = check(
        lrb6(), casualty(8, dice={"casualty": (6, 1), "regeneration": (3,), "igor": (4,)})
    )
    assert problems(found) == ["Casualty 1: no Igor's regeneration roll here for away #8."]


# --- GDBBL: the injury roll -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "modifier"), [((4, 5), 0), ((3, 5), 0), ((4, 4), 1), ((5, 5), -2)]
)
def test_an_injury_of_8_or_9_is_kod_not_a_casualty(dice, modifier: int) -> None:
    found = check(gdbbl(), casualty(modifier=modifier, dice={"injury": dice}))
    assert problems(found) == [
        f"Casualty 1: an injury roll of {sum(dice)}{modifier:+d} is KO'd, not a casualty."
    ]


def test_an_injury_of_7_or_less_is_stunned_not_a_casualty() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (3, 4)}))
    assert problems(found) == ["Casualty 1: an injury roll of 7+0 is Stunned, not a casualty."]


@pytest.mark.parametrize(("dice", "modifier"), [((4, 6), 0), ((4, 5), 1), ((6, 6), -2)])
def test_an_injury_of_10_is_badly_hurt_with_no_more_dice(dice, modifier: int) -> None:
    # (6, 6) - 2 is not 10 but an unmodified 12: dead, and the dead roll nothing more either.
    found = check(gdbbl(), casualty(modifier=modifier, dice={"injury": dice}))
    assert (found.problems, found.unfinished) == ([], [])
    assert purposes(found) == ["injury for away #3"]


@pytest.mark.parametrize(("dice", "modifier"), [((5, 6), 0), ((5, 5), 1), ((5, 6), 1), ((6, 5), 4)])
def test_an_injury_of_11_or_a_modified_12_is_a_serious_injury(dice, modifier: int) -> None:
    found = check(gdbbl(), casualty(modifier=modifier, dice={"injury": dice}))
    assert found.problems == []
    assert unfinished(found) == ["Roll the serious injury (2D6) for away #3."]


@pytest.mark.parametrize("modifier", [-3, -1, 0, 1, 3])
def test_an_unmodified_12_is_dead_whatever_the_modifier(modifier: int) -> None:
    # 001 Injuries: "A player is only killed with an unmodified roll of 12."
    found = check(gdbbl(), casualty(modifier=modifier, dice={"injury": (6, 6), "serious": (3, 3)}))
    assert problems(found) == ["Casualty 1: no serious injury roll here for away #3."]


def test_a_serious_injury_roll_after_badly_hurt_is_refused() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (4, 6), "serious": (3, 3)}))
    assert problems(found) == ["Casualty 1: no serious injury roll here for away #3."]


def test_a_serious_injury_with_its_roll_is_complete() -> None:
    found = check(gdbbl(), casualty(dice={"injury": (5, 6), "serious": (3, 3)}))
    assert (found.problems, found.unfinished) == ([], [])
    assert die(found.dice, "serious injury for away #3").notation == "2D6"


def test_a_missing_injury_roll_is_unfinished() -> None:
    found = check(gdbbl(), casualty())
    assert found.problems == []
    assert unfinished(found) == [
        "Enter the injury roll (2D6) for away #3 as it fell at the table: it is what made him "
        "a casualty."
    ]


@pytest.mark.parametrize("modifier", [-11, 11])
def test_an_injury_modifier_beyond_ten_either_way_is_refused(modifier: int) -> None:
    found = check(gdbbl(), casualty(modifier=modifier, dice={"injury": (6, 6)}))
    assert problems(found) == [f"Casualty 1: an injury modifier is -10 to +10, not {modifier}."]


def test_a_gdbbl_regeneration_player_rolls_a_d6() -> None:
    found = check(gdbbl(), casualty(8, dice={"injury": (6, 6)}))
    assert unfinished(found) == ["Roll the regeneration (D6) for away #8."]


def test_a_gdbbl_decay_player_rolls_no_second_injury() -> None:
    found = check(gdbbl(), casualty(7, dice={"injury": (6, 6), "decay": (2, 2)}))
    assert problems(found) == ["Casualty 1: no decay roll here for away #7."]


# --- GDBBL: the apothecary -----------------------------------------------------------------------

APOTHECARY = {"away_helpers": {"apothecary": 1}}


def test_the_apothecary_rerolls_the_injury_and_the_second_result_stands() -> None:
    ruleset = gdbbl(apothecary_action="ko_or_reroll_casualty")
    treated = casualty(helper="apothecary", dice={"injury": (6, 6), "apothecary": (4, 6)})
    found = check(ruleset, treated, facts=match(**APOTHECARY))
    assert (found.problems, found.unfinished) == ([], [])
    assert die(found.dice, "apothecary's roll for away #3").notation == "2D6"


def test_an_apothecarys_serious_injury_needs_the_serious_injury_roll() -> None:
    ruleset = gdbbl(apothecary_action="ko_or_reroll_casualty")
    treated = casualty(helper="apothecary", dice={"injury": (6, 6), "apothecary": (5, 6)})
    found = check(ruleset, treated, facts=match(**APOTHECARY))
    assert unfinished(found) == ["Roll the serious injury (2D6) for away #3."]


def test_the_first_result_cannot_be_kept_after_the_apothecarys_reroll() -> None:
    ruleset = gdbbl(apothecary_action="ko_or_reroll_casualty")
    treated = casualty(
        helper="apothecary", kept="first", dice={"injury": (6, 6), "apothecary": (4, 6)}
    )
    found = check(ruleset, treated, facts=match(**APOTHECARY))
    assert problems(found) == ["Casualty 1: the apothecary's second result is kept."]


def test_the_apothecary_rerolls_only_a_serious_injury_when_the_league_says_so() -> None:
    ruleset = gdbbl(apothecary_action="reroll_serious_injury")
    treated = casualty(
        helper="apothecary",
        kept="second",
        dice={"injury": (5, 6), "serious": (1, 1), "apothecary": (4, 4)},
    )
    found = check(ruleset, treated, facts=match(**APOTHECARY))
    assert (found.problems, found.unfinished) == ([], [])
    refused = casualty(
        helper="apothecary", kept="second", dice={"injury": (6, 6), "apothecary": (6, 6)}
    )
    assert problems(check(ruleset, refused, facts=match(**APOTHECARY))) == [
        "Casualty 1: the apothecary re-rolls a serious injury only."
    ]


def test_the_owner_says_which_serious_injury_roll_he_kept() -> None:
    ruleset = gdbbl(apothecary_action="reroll_serious_injury")
    treated = casualty(
        helper="apothecary", dice={"injury": (5, 6), "serious": (1, 1), "apothecary": (6, 6)}
    )
    found = check(ruleset, treated, facts=match(**APOTHECARY))
    assert unfinished(found) == ["Casualty 1: say which result away #3's coach kept."]


@pytest.mark.parametrize("dice", [(5, 6), (6, 6)])
def test_the_apothecary_turns_a_serious_injury_or_death_to_badly_hurt(dice) -> None:
    ruleset = gdbbl(apothecary_action="casualty_to_badly_hurt")
    found = check(
        ruleset, casualty(helper="apothecary", dice={"injury": dice}), facts=match(**APOTHECARY)
    )
    assert (found.problems, found.unfinished) == ([], [])
    assert purposes(found) == ["injury for away #3"]


def test_the_apothecary_has_nothing_to_treat_after_badly_hurt() -> None:
    ruleset = gdbbl(apothecary_action="casualty_to_badly_hurt")
    found = check(
        ruleset, casualty(helper="apothecary", dice={"injury": (4, 6)}), facts=match(**APOTHECARY)
    )
    assert problems(found) == ["Casualty 1: the apothecary treats a serious injury or death."]


def test_an_apothecary_who_treats_rolls_no_dice() -> None:
    ruleset = gdbbl(apothecary_action="casualty_to_badly_hurt")
    treated = casualty(helper="apothecary", dice={"injury": (6, 6), "apothecary": (3, 3)})
    found = check(ruleset, treated, facts=match(**APOTHECARY))
    assert problems(found) == ["Casualty 1: no apothecary's roll here for away #3."]


def test_a_gdbbl_team_without_an_apothecary_cannot_use_one() -> None:
    treated = casualty(helper="apothecary", dice={"injury": (6, 6), "apothecary": (4, 6)})
    assert problems(check(gdbbl(), treated)) == [
        "Casualty 1: Gouged Eye has no apothecary in this match."
    ]


def test_each_of_a_teams_apothecaries_works_once_per_match() -> None:
    # GDBBL apothecary_max 0: no limit; "Once per match the apothecary may ..." (001).
    treated = {"helper": "apothecary", "dice": {"injury": (6, 6), "apothecary": (4, 6)}}
    facts = match(away_helpers={"apothecary": 2})
    found = check(
        gdbbl(), casualty(1, **treated), casualty(2, **treated), casualty(3, **treated), facts=facts
    )
    assert problems(found, "casualties.1") == problems(found, "casualties.2") == []
    assert problems(found, "casualties.3") == [
        "Casualty 3: Gouged Eye's apothecaries (2) each work once per match; it was already used."
    ]


@pytest.mark.parametrize(
    ("helper", "name"), [("wandering_apothecary", "Wandering Apothecary"), ("igor", "Igor")]
)
def test_gdbbl_has_no_wandering_apothecary_or_igor(helper: str, name: str) -> None:
    facts = match(away_helpers={helper: 1})
    found = check(
        gdbbl(),
        casualty(8, helper=helper, dice={"injury": (6, 6), "regeneration": (1,)}),
        facts=facts,
    )
    assert problems(found) == [f"Casualty 1: GDBBL has no {name}."]


def test_a_blitzer_who_fails_his_dodge_hurt_himself_and_needs_nobody_named() -> None:
    """The action is what he was doing; a failed dodge or go-for-it has no causer."""
    dodge = casualty(causer=None, action="blitz", means="failed_dodge", dice={"casualty": (2, 1)})
    found = check(lrb6(), dodge)
    assert problems(found) == []
