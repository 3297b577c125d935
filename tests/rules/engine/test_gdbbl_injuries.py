"""What one GDBBL casualty leaves after its dice (rules/engine/gdbbl_injuries.py), read die by
die as the coaches would: the injury table (Dead only on an unmodified 12), the apothecary
under each `apothecary_action`, Regeneration before the serious injury roll, each row of the
serious injury table, the "ability lost" pick, the two secret weapons with their own rules,
and a reading that stops at the first die nobody has rolled; then which characteristic a
"-1 ability" lowers under each `ability_loss_limit`.

Every number is read by hand from 001 ("Injuries", "Regeneration", "Ball and Chain", "Dwarf
Death-Roller"), the notes (seed-gdbbl-1st-blitz.md §A.5, §A.10) and rules/editions/gdbbl/
(tables.yaml injury and serious_injury, settings.yaml)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.gdbbl_injuries import (
    NOT_ROLLED,
    PLAYS_NEXT,
    REGENERATED,
    Standing,
    ability_lowered,
    gdbbl_casualty,
)
from rules.engine.report_entry import CasualtyEntry, Ref
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset

GDBBL = edition_ruleset(edition_read("gdbbl"), version=1)
# The injury table's results (001 "Injuries", tables.yaml injury).
STUNNED, KO, BADLY_HURT, SERIOUS, DEAD = "Stunned", "KO'd", "Badly Hurt", "Serious Injury", "Dead"
# 001's Human Lineman: MA 6, ST 3, AG 3, AV 8.
LINEMAN = {"MA": 6, "ST": 3, "AG": 3, "AV": 8}
# 001's Mummy: MA 3, ST 5, AG 1, AV 9 (an AG already at the floor of 1).
MUMMY = {"MA": 3, "ST": 5, "AG": 1, "AV": 9}
REGENERATION = frozenset({"Regeneration"})


def rules(**settings: Any) -> Ruleset:
    return replace(GDBBL, settings={**GDBBL.settings, **settings})


class Table:
    """The dice at the table by kind (injury, apothecary, regeneration, serious, ability,
    fanatic); remembers which kinds the reading asked for, in order."""

    def __init__(self, **dice: tuple[int, ...]) -> None:
        self.dice = dice
        self.asked: list[str] = []

    def read(self, kind: str) -> tuple[int, ...] | None:
        self.asked.append(kind)
        return self.dice.get(kind)


def casualty(
    table: Table,
    ruleset: Ruleset = GDBBL,
    *,
    skills: frozenset[str] = frozenset(),
    special: str = "",
    **entry: Any,
) -> Standing:
    """The standing result of one casualty of away #5, caused by home #7 unless `entry`
    says otherwise (modifier, helper, kept, means)."""
    record = CasualtyEntry(**{"victim": Ref("away", 5), "causer": Ref("home", 7), **entry})
    return gdbbl_casualty(ruleset, record, skills, special, table.read)


# --- The injury roll ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "modifier", "result"),
    [
        ((4, 6), 0, BADLY_HURT),  # 10
        ((5, 6), 0, SERIOUS),  # 11
        ((6, 6), 0, DEAD),  # 12, unmodified
        ((5, 4), 1, BADLY_HURT),  # 9 + 1 = 10
        ((4, 6), 1, SERIOUS),  # 10 + 1 = 11
        ((5, 6), 1, SERIOUS),  # 11 + 1: "If modifiers make the roll to be 12 ... serious"
        ((6, 6), 1, DEAD),  # the unmodified roll is still 12
    ],
)
def test_the_injury_roll_reads_the_injury_table(roll, modifier: int, result: str) -> None:
    table = Table(injury=roll, serious=(1, 1))
    standing = casualty(table, modifier=modifier)
    assert standing.result == result
    assert standing.dead == (result == DEAD)


def test_a_badly_hurt_player_reads_no_more_dice() -> None:
    table = Table(injury=(4, 6), serious=(5, 5))
    standing = casualty(table)
    assert (standing.result, standing.serious, standing.ability) == (BADLY_HURT, "", None)
    assert table.asked == ["injury"]


def test_a_dead_player_reads_no_serious_injury_die() -> None:
    table = Table(injury=(6, 6), serious=(1, 1))
    assert casualty(table).result == DEAD
    assert table.asked == ["injury"]


def test_a_modified_12_rolls_on_the_serious_injury_table() -> None:
    table = Table(injury=(5, 6), serious=(3, 4))
    standing = casualty(table, modifier=1)
    assert (standing.result, standing.serious) == (SERIOUS, "miss_next_game")
    assert table.asked == ["injury", "serious"]


# --- The apothecary ----------------------------------------------------------------------


def test_by_default_the_apothecary_re_rolls_the_injury_and_the_second_result_is_kept() -> None:
    table = Table(injury=(6, 6), apothecary=(4, 6))
    assert casualty(table, helper="apothecary").result == BADLY_HURT
    assert table.asked == ["injury", "apothecary"]


def test_the_apothecary_s_re_roll_is_kept_even_when_it_is_worse() -> None:
    table = Table(injury=(4, 6), apothecary=(6, 6))
    assert casualty(table, helper="apothecary").result == DEAD


@pytest.mark.parametrize(("again", "result"), [((1, 2), STUNNED), ((6, 1), STUNNED),
                                               ((4, 4), KO), ((3, 6), KO)])  # fmt: skip
def test_the_apothecary_s_re_roll_may_leave_him_stunned_or_ko_d(again, result: str) -> None:
    # 2-7 Stunned, 8-9 KO'd: no casualty stands, so neither Regeneration nor the serious
    # injury table is read
    table = Table(injury=(5, 6), apothecary=again, regeneration=(1,), serious=(5, 5))
    standing = casualty(table, skills=REGENERATION, helper="apothecary")
    assert standing.result == result
    assert table.asked == ["injury", "apothecary"]


def test_the_apothecary_s_re_roll_carries_the_injury_modifier() -> None:
    # first 10 + 1 = 11 Serious Injury; again 9 + 1 = 10 Badly Hurt
    table = Table(injury=(4, 6), apothecary=(4, 5))
    assert casualty(table, helper="apothecary", modifier=1).result == BADLY_HURT


def test_the_apothecary_s_serious_injury_rolls_on_the_serious_injury_table() -> None:
    table = Table(injury=(6, 6), apothecary=(5, 6), serious=(4, 4))
    standing = casualty(table, helper="apothecary")
    assert (standing.result, standing.serious) == (SERIOUS, "niggling")
    assert table.asked == ["injury", "apothecary", "serious"]


def test_without_an_apothecary_no_apothecary_die_is_read() -> None:
    table = Table(injury=(6, 6), apothecary=(1, 1))
    assert casualty(table).result == DEAD
    assert "apothecary" not in table.asked


@pytest.mark.parametrize("roll", [(6, 6), (4, 6)])
def test_re_roll_serious_injury_leaves_a_death_or_badly_hurt_alone(roll) -> None:
    table = Table(injury=roll, apothecary=(1, 2))
    standing = casualty(table, rules(apothecary_action="reroll_serious_injury"),
                        helper="apothecary")  # fmt: skip
    assert standing.result == (DEAD if roll == (6, 6) else BADLY_HURT)
    assert table.asked == ["injury"]


@pytest.mark.parametrize(
    ("kept", "serious", "asked"),
    [
        ("", "miss_next_game", ["injury", "serious", "apothecary"]),  # the first by default
        ("first", "miss_next_game", ["injury", "serious", "apothecary"]),
        ("second", "ability_loss", ["injury", "serious", "apothecary", "ability"]),
    ],
)
def test_re_roll_serious_injury_keeps_the_result_the_owner_chose(kept, serious, asked) -> None:
    # serious 1 + 2 = 3: miss next game; the apothecary's 5 + 5 = 10: -1 ability
    table = Table(injury=(5, 6), serious=(1, 2), apothecary=(5, 5), ability=(4,))
    standing = casualty(table, rules(apothecary_action="reroll_serious_injury"),
                        helper="apothecary", kept=kept)  # fmt: skip
    assert (standing.result, standing.serious) == (SERIOUS, serious)
    assert standing.ability == (4 if kept == "second" else None)
    assert table.asked == asked


@pytest.mark.parametrize("roll", [(5, 6), (6, 6)])
def test_casualty_to_badly_hurt_treats_a_serious_injury_or_a_death(roll) -> None:
    table = Table(injury=roll, apothecary=(6, 6), serious=(5, 5))
    standing = casualty(table, rules(apothecary_action="casualty_to_badly_hurt"),
                        helper="apothecary")  # fmt: skip
    assert standing.result == BADLY_HURT
    assert table.asked == ["injury"]


def test_casualty_to_badly_hurt_leaves_a_badly_hurt_player_badly_hurt() -> None:
    table = Table(injury=(4, 6))
    standing = casualty(table, rules(apothecary_action="casualty_to_badly_hurt"),
                        helper="apothecary")  # fmt: skip
    assert standing.result == BADLY_HURT
    assert table.asked == ["injury"]


# --- Regeneration: 001 "On 1 the regeneration failed. On 2-6 place the player in the reserves"


@pytest.mark.parametrize("die", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("roll", [(4, 6), (5, 6), (6, 6)])
def test_regeneration_on_2_to_6_heals_before_the_serious_injury_roll(die: int, roll) -> None:
    table = Table(injury=roll, regeneration=(die,), serious=(5, 5), ability=(1,))
    standing = casualty(table, skills=REGENERATION)
    assert standing == Standing(REGENERATED, words=standing.words)
    assert not standing.dead
    assert table.asked == ["injury", "regeneration"]  # no serious injury die is read


def test_regeneration_on_a_1_fails_and_the_serious_injury_roll_follows() -> None:
    table = Table(injury=(5, 6), regeneration=(1,), serious=(4, 4))
    standing = casualty(table, skills=REGENERATION)
    assert (standing.result, standing.serious) == (SERIOUS, "niggling")
    assert table.asked == ["injury", "regeneration", "serious"]


@pytest.mark.parametrize(("roll", "result"), [((6, 6), DEAD), ((4, 6), BADLY_HURT)])
def test_regeneration_on_a_1_leaves_a_death_or_badly_hurt_standing(roll, result: str) -> None:
    table = Table(injury=roll, regeneration=(1,))
    assert casualty(table, skills=REGENERATION).result == result


def test_a_player_without_regeneration_rolls_no_regeneration_die() -> None:
    table = Table(injury=(6, 6), regeneration=(6,))
    assert casualty(table).result == DEAD
    assert table.asked == ["injury"]


# --- The serious injury table (tables.yaml: 2-7, 8-9, 10-12) -------------------------------


@pytest.mark.parametrize(
    ("roll", "serious"),
    [
        ((1, 1), "miss_next_game"),  # 2
        ((3, 4), "miss_next_game"),  # 7
        ((4, 4), "niggling"),  # 8
        ((4, 5), "niggling"),  # 9
        ((5, 5), "ability_loss"),  # 10
        ((6, 6), "ability_loss"),  # 12
    ],
)
def test_each_row_of_the_serious_injury_table(roll, serious: str) -> None:
    table = Table(injury=(5, 6), serious=roll, ability=(2,))
    standing = casualty(table)
    assert (standing.result, standing.serious) == (SERIOUS, serious)
    assert not standing.dead
    # only "-1 ability" asks which characteristic
    assert ("ability" in table.asked) == (serious == "ability_loss")


@pytest.mark.parametrize(("face", "code"), [(1, "MA"), (2, "ST"), (3, "AG"), (4, "AV")])
def test_each_face_of_the_ability_lost_pick(face: int, code: str) -> None:
    table = Table(injury=(5, 6), serious=(5, 5), ability=(face,))
    standing = casualty(table)
    assert (standing.serious, standing.ability) == ("ability_loss", face)
    assert f"({code})" in standing.words[-1]


# --- The secret weapons ------------------------------------------------------------------


@pytest.mark.parametrize("die", [1, 2, 3])
def test_a_fanatic_hurt_by_his_own_ball_and_chain_dies_on_1_to_3(die: int) -> None:
    table = Table(fanatic=(die,), injury=(4, 6))
    standing = casualty(table, special="Ball & Chain", means="own_weapon", causer=None)
    assert standing.result == DEAD
    assert standing.dead
    assert table.asked == ["fanatic"]  # no injury roll


@pytest.mark.parametrize("die", [4, 5, 6])
def test_a_fanatic_hurt_by_his_own_ball_and_chain_plays_next_match_on_4_to_6(die: int) -> None:
    table = Table(fanatic=(die,), injury=(6, 6))
    standing = casualty(table, special="Ball & Chain", means="own_weapon", causer=None)
    assert standing.result == PLAYS_NEXT
    assert not standing.dead
    assert table.asked == ["fanatic"]


def test_a_fanatic_blocked_by_an_opponent_rolls_on_the_injury_table() -> None:
    table = Table(fanatic=(6,), injury=(6, 6))
    assert casualty(table, special="Ball & Chain").result == DEAD
    assert table.asked == ["injury"]


@pytest.mark.parametrize("means", ["ordinary", "crowd", "chainsaw", "own_weapon"])
def test_a_death_roller_is_out_for_the_match_only_and_reads_no_die(means: str) -> None:
    table = Table(injury=(6, 6), fanatic=(1,), serious=(5, 5))
    standing = casualty(table, special="Dwarf Death-Roller", means=means)
    assert standing.result == PLAYS_NEXT
    assert not standing.dead
    assert table.asked == []


# --- A die nobody has rolled yet --------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "entry", "asked"),
    [
        ({}, {}, ["injury"]),
        ({"injury": (6, 6)}, {"helper": "apothecary"}, ["injury", "apothecary"]),
        ({"injury": (5, 6)}, {}, ["injury", "regeneration"]),
        ({"injury": (5, 6), "regeneration": (1,)}, {}, ["injury", "regeneration", "serious"]),
        (
            {"injury": (5, 6), "regeneration": (1,), "serious": (6, 5)},
            {},
            ["injury", "regeneration", "serious", "ability"],
        ),
    ],
)
def test_the_reading_stops_at_the_first_die_nobody_rolled(dice, entry, asked) -> None:
    table = Table(**dice)
    standing = casualty(table, skills=REGENERATION, **entry)
    assert standing.result == NOT_ROLLED
    assert not standing.known
    assert table.asked == asked


def test_re_roll_serious_injury_waits_for_the_apothecary_s_die() -> None:
    table = Table(injury=(5, 6), serious=(5, 5), ability=(1,))
    standing = casualty(table, rules(apothecary_action="reroll_serious_injury"),
                        helper="apothecary", kept="first")  # fmt: skip
    assert standing.result == NOT_ROLLED
    assert table.asked == ["injury", "serious", "apothecary"]


def test_a_fanatic_waits_for_his_ball_and_chain_die() -> None:
    table = Table(injury=(6, 6))
    standing = casualty(table, special="Ball & Chain", means="own_weapon", causer=None)
    assert standing.result == NOT_ROLLED
    assert table.asked == ["fanatic"]


def test_a_casualty_with_all_its_dice_is_known() -> None:
    assert casualty(Table(injury=(4, 6))).known


# --- Which characteristic "-1 ability" lowers ---------------------------------------------


def lowered(
    face: int,
    now: Mapping[str, int] | None = None,
    start: Mapping[str, int] = LINEMAN,
    limit: str = "lifetime",
) -> str | None:
    return ability_lowered(rules(ability_loss_limit=limit), face, start,
                           dict(start if now is None else now))  # fmt: skip


@pytest.mark.parametrize("limit", ["lifetime", "per_injury"])
@pytest.mark.parametrize(("face", "code"), [(1, "MA"), (2, "ST"), (3, "AG"), (4, "AV")])
def test_a_face_lowers_its_own_characteristic(face: int, code: str, limit: str) -> None:
    assert lowered(face, limit=limit) == code


def test_lifetime_is_the_default() -> None:
    ruleset = replace(GDBBL, settings={k: v for k, v in GDBBL.settings.items()
                                       if k != "ability_loss_limit"})  # fmt: skip
    assert ability_lowered(ruleset, 1, LINEMAN, {**LINEMAN, "MA": 5}) == "ST"


def test_under_lifetime_a_lowered_characteristic_passes_to_the_next() -> None:
    assert lowered(1, {**LINEMAN, "MA": 5}) == "ST"
    assert lowered(2, {**LINEMAN, "ST": 2}) == "AG"
    assert lowered(1, {**LINEMAN, "MA": 5, "ST": 2, "AG": 2}) == "AV"


def test_under_lifetime_a_lowered_av_wraps_round_to_ma() -> None:
    assert lowered(4, {**LINEMAN, "AV": 7}) == "MA"
    assert lowered(3, {**LINEMAN, "AG": 2, "AV": 7}) == "MA"
    assert lowered(4, {"MA": 5, "ST": 3, "AG": 3, "AV": 7}) == "ST"


@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_under_lifetime_with_all_four_lowered_a_face_has_no_effect(face: int) -> None:
    assert lowered(face, {"MA": 5, "ST": 2, "AG": 2, "AV": 7}) is None


def test_under_lifetime_a_raised_characteristic_may_drop_back_to_its_start() -> None:
    # a star player roll of 10 gave +1 MA (001): 7 may drop to 6, the start
    assert lowered(1, {**LINEMAN, "MA": 7}) == "MA"


def test_under_lifetime_a_characteristic_at_1_passes_to_the_next() -> None:
    # "An ability cannot be reduced more than 1" and none goes below 1: the Mummy's AG 1
    assert lowered(3, start=MUMMY) == "AV"


def test_under_lifetime_nothing_is_lowered_when_the_rest_are_lowered_or_at_1() -> None:
    assert lowered(3, {"MA": 2, "ST": 4, "AG": 1, "AV": 8}, start=MUMMY) is None


def test_per_injury_losses_add_up() -> None:
    assert lowered(1, {**LINEMAN, "MA": 5}, limit="per_injury") == "MA"
    assert lowered(2, {**LINEMAN, "ST": 2}, limit="per_injury") == "ST"


@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_per_injury_a_characteristic_at_1_goes_no_lower(face: int) -> None:
    at_one = {"MA": 1, "ST": 1, "AG": 1, "AV": 1}
    assert lowered(face, at_one, limit="per_injury") is None


def test_per_injury_the_floor_does_not_pass_the_loss_on() -> None:
    assert lowered(3, start=MUMMY, limit="per_injury") is None
