"""What a casualty's dice say (rules.engine.casualty_outcome), read from the ruleset's
tables: the LRB6 D68 casualty table (lrb6-facts §1; 003 Decay and Regeneration) and GDBBL's
injury and serious injury tables (001 Injuries, Regeneration; serious-injury ranges from
rules/editions/gdbbl/tables.yaml). Each test runs on the typed-in numbers and on the data
files."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.casualty_outcome import Outcome, casualty_outcome
from rules.engine.report_entry import CasualtyEntry, Member, Ref
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.gdbbl_like import gdbbl_ruleset
from tests.rules.report_facts import edition

VICTIM = Ref("away", 3)
PLAIN = CasualtyEntry(VICTIM, Ref("home", 1))

# lrb6-facts §1: every D68 result a D6 (tens) and a D8 (units) can read.
BADLY_HURT = [(tens, units) for tens in (1, 2, 3) for units in range(1, 9)]
NAMED = {
    41: "Broken Ribs",
    42: "Groin Strain",
    43: "Gouged Eye",
    44: "Broken Jaw",
    45: "Fractured Arm",
    46: "Fractured Leg",
    47: "Smashed Hand",
    48: "Pinched Nerve",
    51: "Damaged Back",
    52: "Smashed Knee",
    53: "Smashed Hip",
    54: "Smashed Ankle",
    55: "Serious Concussion",
    56: "Fractured Skull",
    57: "Broken Neck",
    58: "Smashed Collar Bone",
}
DEAD = [(6, units) for units in range(1, 9)]


@pytest.fixture(scope="session", params=["typed", "data-files"])
def gdbbl_like(request: pytest.FixtureRequest) -> Ruleset:
    return gdbbl_ruleset(request.param)


# --- LRB6: the D68 casualty table -------------------------------------------------------------


@pytest.mark.parametrize(("tens", "units"), BADLY_HURT)
def test_a_d68_of_11_to_38_is_badly_hurt(lrb6_like: Ruleset, tens: int, units: int) -> None:
    outcome = casualty_outcome(lrb6_like, PLAIN, {"casualty": (tens, units)})
    assert outcome.result == "Badly Hurt"
    assert outcome.rolls == (f"casualty D68 {tens}-{units}: Badly Hurt",)


@pytest.mark.parametrize(("roll", "name"), sorted(NAMED.items()))
def test_each_d68_of_41_to_58_is_its_own_named_injury(lrb6_like, roll: int, name: str) -> None:
    outcome = casualty_outcome(lrb6_like, PLAIN, {"casualty": divmod(roll, 10)})
    assert outcome.result == name


@pytest.mark.parametrize(("tens", "units"), DEAD)
def test_a_d68_of_61_to_68_is_dead(lrb6_like: Ruleset, tens: int, units: int) -> None:
    assert casualty_outcome(lrb6_like, PLAIN, {"casualty": (tens, units)}).result == "Dead"


@given(tens=st.integers(1, 6), units=st.integers(1, 8))
def test_any_valid_d68_reads_a_row_of_the_casualty_table(tens: int, units: int) -> None:
    result = casualty_outcome(edition("lrb6"), PLAIN, {"casualty": (tens, units)}).result
    assert result in {"Badly Hurt", "Dead", *NAMED.values()}


def test_a_casualty_not_rolled_yet_has_no_result(lrb6_like: Ruleset) -> None:
    outcome = casualty_outcome(lrb6_like, PLAIN, {"casualty": None})
    assert (outcome.result, outcome.rolls) == ("not rolled yet", ())


def test_a_decay_player_suffers_both_results(lrb6_like: Ruleset) -> None:
    # 003 Decay: "roll twice on the Casualty table and apply both results".
    outcome = casualty_outcome(lrb6_like, PLAIN, {"casualty": (4, 1), "decay": (5, 5)})
    assert outcome.result == "Broken Ribs and Serious Concussion"
    assert outcome.rolls == (
        "casualty D68 4-1: Broken Ribs",
        "Decay casualty D68 5-5: Serious Concussion",
    )


def test_an_apothecary_result_kept_replaces_the_first(lrb6_like: Ruleset) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary", kept="second")
    outcome = casualty_outcome(lrb6_like, casualty, {"casualty": (6, 2), "apothecary": (2, 4)})
    assert outcome.result == "Badly Hurt"
    assert outcome.rolls[-1] == "apothecary's casualty D68 2-4: Badly Hurt (kept: second)"


def test_the_first_result_stands_when_the_coach_keeps_it(lrb6_like: Ruleset) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary", kept="first")
    outcome = casualty_outcome(lrb6_like, casualty, {"casualty": (4, 4), "apothecary": (6, 1)})
    assert outcome.result == "Broken Jaw"


def test_the_first_result_stands_until_the_coach_says_which_he_kept(lrb6_like) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary")
    outcome = casualty_outcome(lrb6_like, casualty, {"casualty": (6, 2), "apothecary": (2, 4)})
    assert outcome.result == "Dead"
    assert outcome.rolls[-1].endswith("(kept: not chosen yet)")


def test_the_apothecary_result_kept_replaces_only_the_first_of_a_decay_pair(lrb6_like) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary", kept="second")
    values = {"casualty": (6, 2), "decay": (4, 7), "apothecary": (1, 1)}
    assert casualty_outcome(lrb6_like, casualty, values).result == "Badly Hurt and Smashed Hand"


@pytest.mark.parametrize("healing", [4, 5, 6])
def test_a_regeneration_roll_of_4_or_more_heals(lrb6_like: Ruleset, healing: int) -> None:
    outcome = casualty_outcome(lrb6_like, PLAIN, {"casualty": (6, 1), "regeneration": (healing,)})
    assert outcome.result == "regenerated"
    assert outcome.rolls[-1] == f"regeneration D6 {healing}: healed"


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_regeneration_roll_of_3_or_less_fails(lrb6_like: Ruleset, failing: int) -> None:
    outcome = casualty_outcome(lrb6_like, PLAIN, {"casualty": (6, 1), "regeneration": (failing,)})
    assert outcome.result == "Dead"
    assert outcome.rolls[-1] == f"regeneration D6 {failing}: failed"


def test_igor_heals_on_4_or_more_after_a_failed_regeneration(lrb6_like: Ruleset) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="igor")
    values = {"casualty": (6, 1), "regeneration": (3,), "igor": (4,)}
    outcome = casualty_outcome(lrb6_like, casualty, values)
    assert outcome.result == "regenerated"
    assert outcome.rolls[-1] == "Igor's regeneration D6 4: healed"


def test_igor_failing_too_leaves_the_casualty(lrb6_like: Ruleset) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="igor")
    values = {"casualty": (5, 8), "regeneration": (1,), "igor": (3,)}
    assert casualty_outcome(lrb6_like, casualty, values).result == "Smashed Collar Bone"


# --- GDBBL: the injury table (the words are rules.engine.gdbbl_injuries') ------------------

SKELETON = Member(3, "Skeleton", skills=frozenset({"Regeneration"}))


@pytest.mark.parametrize(
    ("dice", "modifier", "result"),
    [
        ((4, 6), 0, "Badly Hurt"),  # 10
        ((6, 6), 0, "Dead"),  # an unmodified 12
        ((4, 5), 1, "Badly Hurt"),  # 9 + 1
        ((6, 6), -1, "Dead"),  # the dice show 12: unmodified, whatever is added
    ],
)
def test_the_gdbbl_injury_table(gdbbl_like: Ruleset, dice, modifier: int, result: str) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), modifier=modifier)
    outcome = casualty_outcome(gdbbl_like, casualty, {"injury": dice})
    assert outcome.result == result


@pytest.mark.parametrize(("dice", "modifier"), [((5, 6), 0), ((5, 6), 1), ((6, 5), 3)])
def test_a_serious_injury_of_11_or_more_stands_once_its_own_roll_is_read(
    gdbbl_like: Ruleset, dice, modifier: int
) -> None:
    # A modified 12 or more is a serious injury, not death.
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), modifier=modifier)
    outcome = casualty_outcome(gdbbl_like, casualty, {"injury": dice, "serious": (1, 1)})
    assert outcome.result == "Serious Injury (miss next game)"


def test_an_injury_roll_is_read_with_its_modifier(gdbbl_like: Ruleset) -> None:
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), modifier=1)
    outcome = casualty_outcome(gdbbl_like, casualty, {"injury": (5, 5), "serious": (1, 2)})
    assert outcome.rolls == (
        "injury 2D6 5+5 +1: Serious Injury",
        "serious injury 2D6 1+2: miss next game",
    )


@pytest.mark.parametrize(
    ("dice", "result"),
    [
        ((1, 1), "miss next game"),  # 2
        ((3, 4), "miss next game"),  # 7
        ((4, 4), "niggling injury"),  # 8
        ((4, 5), "niggling injury"),  # 9
    ],
)
def test_the_gdbbl_serious_injury_table(gdbbl_like: Ruleset, dice, result: str) -> None:
    # rules/editions/gdbbl/tables.yaml serious_injury: 2-7, 8-9, 10-12.
    outcome = casualty_outcome(gdbbl_like, PLAIN, {"injury": (5, 6), "serious": dice})
    assert outcome.result == f"Serious Injury ({result})"


@pytest.mark.parametrize("dice", [(4, 6), (6, 6)])
def test_a_minus_1_ability_names_the_characteristic_lost(gdbbl_like: Ruleset, dice) -> None:
    values = {"injury": (5, 6), "serious": dice, "ability": (2,)}
    outcome = casualty_outcome(gdbbl_like, PLAIN, values)
    assert outcome.result == "Serious Injury (-1 ability: ST)"
    assert outcome.rolls[-1] == "ability lost: 2 (ST)"


def test_a_minus_1_ability_not_picked_yet_is_not_rolled_yet(gdbbl_like: Ruleset) -> None:
    outcome = casualty_outcome(gdbbl_like, PLAIN, {"injury": (5, 6), "serious": (6, 6)})
    assert outcome.result == "not rolled yet"


def test_a_serious_injury_not_rolled_yet_reads_as_not_rolled_yet(gdbbl_like: Ruleset) -> None:
    outcome = casualty_outcome(gdbbl_like, PLAIN, {"injury": (5, 6)})
    assert (outcome.result, outcome.rolls) == (
        "not rolled yet",
        ("injury 2D6 5+6: Serious Injury",),
    )


def test_the_apothecarys_injury_roll_is_kept(gdbbl_like: Ruleset) -> None:
    # apothecary_action ko_or_reroll_casualty: "re-rolled on the injury table and the second
    # result kept".
    ruleset = with_settings(gdbbl_like, apothecary_action="ko_or_reroll_casualty")
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary")
    outcome = casualty_outcome(ruleset, casualty, {"injury": (6, 6), "apothecary": (5, 5)})
    assert outcome.result == "Badly Hurt"
    assert outcome.rolls[-1] == "apothecary's 2D6 5+5: Badly Hurt, kept"


def test_an_apothecary_turns_a_serious_injury_to_badly_hurt(gdbbl_like: Ruleset) -> None:
    ruleset = with_settings(gdbbl_like, apothecary_action="casualty_to_badly_hurt")
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary")
    assert casualty_outcome(ruleset, casualty, {"injury": (6, 6)}).result == "Badly Hurt"


@pytest.mark.parametrize(
    ("kept", "result"), [("first", "miss next game"), ("second", "-1 ability: AG")]
)
def test_the_owner_keeps_either_serious_injury_roll(gdbbl_like, kept: str, result: str) -> None:
    ruleset = with_settings(gdbbl_like, apothecary_action="reroll_serious_injury")
    casualty = CasualtyEntry(VICTIM, Ref("home", 1), helper="apothecary", kept=kept)
    values = {"injury": (5, 6), "serious": (1, 2), "apothecary": (6, 5), "ability": (3,)}
    assert casualty_outcome(ruleset, casualty, values).result == f"Serious Injury ({result})"


@pytest.mark.parametrize("healing", [2, 3, 4, 5, 6])
def test_a_gdbbl_regeneration_of_2_to_6_heals(gdbbl_like: Ruleset, healing: int) -> None:
    values = {"injury": (6, 6), "regeneration": (healing,)}
    assert casualty_outcome(gdbbl_like, PLAIN, values, SKELETON).result == "regenerated"


def test_a_gdbbl_regeneration_of_1_fails(gdbbl_like: Ruleset) -> None:
    values = {"injury": (6, 6), "regeneration": (1,)}
    outcome = casualty_outcome(gdbbl_like, PLAIN, values, SKELETON)
    assert outcome.result == "Dead"
    assert outcome.rolls[-1] == "Regeneration D6 1: failed"


def test_a_victim_without_regeneration_has_no_regeneration_roll_read(gdbbl_like) -> None:
    values = {"injury": (6, 6), "regeneration": (5,)}
    assert casualty_outcome(gdbbl_like, PLAIN, values).result == "Dead"


@pytest.mark.parametrize(("die", "result"), [(3, "Dead"), (4, "plays next match")])
def test_a_fanatic_hurt_by_his_own_ball_and_chain_reads_his_d6(gdbbl_like, die, result) -> None:
    fanatic = Member(3, "Fungus the Loon", kind="star", star=True, special="Ball & Chain")
    casualty = CasualtyEntry(VICTIM, action="other", means="own_weapon")
    outcome = casualty_outcome(gdbbl_like, casualty, {"fanatic": (die,)}, fanatic)
    assert outcome.result == result


def test_a_death_roller_is_out_for_the_match_only(gdbbl_like: Ruleset) -> None:
    roller = Member(3, "The Deathroller", kind="star", star=True, special="Dwarf Death-Roller")
    outcome = casualty_outcome(gdbbl_like, PLAIN, {}, roller)
    assert outcome == Outcome("plays next match", ("the Death-Roller is out for the match only",))


# --- 1st edition ------------------------------------------------------------------------------


def test_a_first_edition_casualty_is_a_death() -> None:
    # 002: only deaths are recorded, from the Veterans Injury Table.
    assert casualty_outcome(edition("first-edition"), PLAIN, {}).result == "Dead"
