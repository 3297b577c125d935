"""Improvement roll choices and value increases (lrb6-facts §3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.advancement import (
    Choices,
    advancement_value,
    choice_value,
    improvement_choices,
)
from rules.engine.errors import RulesError
from rules.engine.ruleset import Position, Ruleset
from tests.rules.conftest import SKILLS_BY_CATEGORY, with_params

ALL_DICE = [(die1, die2) for die1 in range(1, 7) for die2 in range(1, 7)]

# What each 2D6 total offers besides skills, for a player still at his starting values.
CHARACTERISTICS_BY_TOTAL = {
    **{total: () for total in range(2, 10)},
    10: ("MA", "AV"),
    11: ("AG",),
    12: ("ST",),
}

# One position per access pattern: (race, position, Normal categories, Double categories,
# skills a new player of that position can never be offered: held, or barred by a pair).
ACCESS_PATTERNS = {
    "human lineman G/ASP": ("human", "Lineman", "G", "ASP", set()),
    "human catcher GA/SP": ("human", "Catcher", "GA", "SP", {"Catch", "Dodge"}),
    "goblin A/GSP": ("goblin", "Goblin", "A", "GSP", {"Dodge"}),
    "human ogre S/GAP": ("human", "Ogre", "S", "GAP", {"Mighty Blow", "Thick Skull"}),
    "dwarf troll slayer GS/AP": (
        "dwarf",
        "Troll Slayer",
        "GS",
        "AP",
        # Grab: he has Frenzy, and Frenzy and Grab never go together.
        {"Block", "Dauntless", "Frenzy", "Thick Skull", "Grab"},
    ),
    "skaven rat ogre S/GAPM": (
        "skaven",
        "Rat Ogre",
        "S",
        "GAPM",
        {"Frenzy", "Mighty Blow", "Prehensile Tail", "Grab"},
    ),
}


def skills_in(categories: str, excluded: set[str]) -> tuple[str, ...]:
    names = {name for code in categories for name in SKILLS_BY_CATEGORY[code]}
    return tuple(sorted(names - excluded))


def position_of(ruleset: Ruleset, race: str, name: str) -> Position:
    return ruleset.races[race].position(name)


def choices_for(
    ruleset: Ruleset,
    race: str,
    name: str,
    die1: int,
    die2: int,
    *,
    gained: tuple[str, ...] = (),
    **characteristics: int,
) -> Choices:
    """Choices for a player of that position with his starting skills plus `gained`, at his
    starting characteristics except those given as keywords."""
    position = position_of(ruleset, race, name)
    current = {**position.characteristics, **characteristics}
    return improvement_choices(ruleset, position, current, (*position.skills, *gained), die1, die2)


@pytest.mark.parametrize("pattern", ACCESS_PATTERNS)
@pytest.mark.parametrize(("die1", "die2"), ALL_DICE)
def test_each_pair_of_dice_offers_what_the_improvement_table_allows(
    lrb6_like: Ruleset, pattern: str, die1: int, die2: int
) -> None:
    race, name, normal, double, excluded = ACCESS_PATTERNS[pattern]

    choices = choices_for(lrb6_like, race, name, die1, die2)

    assert choices.normal_skills == skills_in(normal, excluded)
    assert choices.double_skills == (skills_in(double, excluded) if die1 == die2 else ())
    assert choices.characteristics == CHARACTERISTICS_BY_TOTAL[die1 + die2]


@pytest.mark.parametrize(("die1", "die2"), ALL_DICE)
def test_extraordinary_skills_are_never_offered(lrb6_like: Ruleset, die1: int, die2: int) -> None:
    extraordinary = set(SKILLS_BY_CATEGORY["E"])
    for race in lrb6_like.races.values():
        for position in race.positions:
            choices = improvement_choices(
                lrb6_like, position, position.characteristics, position.skills, die1, die2
            )
            offered = set(choices.normal_skills) | set(choices.double_skills)
            assert not offered & extraordinary, (race.name, position.name)


def test_an_access_string_naming_extraordinary_still_offers_none(lrb6_like: Ruleset) -> None:
    # A house-rule position typed with "E" in its access: the category is not selectable.
    odd = replace(position_of(lrb6_like, "human", "Lineman"), normal_access="GE")
    choices = improvement_choices(lrb6_like, odd, odd.characteristics, (), 3, 3)
    assert choices.normal_skills == skills_in("G", set())


def test_the_order_of_the_dice_does_not_matter(lrb6_like: Ruleset) -> None:
    for die1, die2 in ALL_DICE:
        assert choices_for(lrb6_like, "human", "Catcher", die1, die2) == choices_for(
            lrb6_like, "human", "Catcher", die2, die1
        )


def test_it_gives_no_ma_on_a_ten_to_a_player_already_two_over(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 4, 6, MA=8)
    assert choices.characteristics == ("AV",)


def test_it_gives_ma_on_a_ten_to_a_player_only_one_over(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 5, 5, MA=7)
    assert choices.characteristics == ("MA", "AV")


def test_it_gives_no_av_on_a_ten_to_a_player_already_two_over(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 6, 4, AV=10)
    assert choices.characteristics == ("MA",)


def test_it_gives_nothing_but_skills_on_a_ten_when_ma_and_av_are_both_capped(
    lrb6_like: Ruleset,
) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 4, 6, MA=8, AV=10)
    assert choices.characteristics == ()
    assert choices.normal_skills == skills_in("G", set())


def test_a_player_who_lost_ma_to_an_injury_may_win_it_back(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 4, 6, MA=5)
    assert "MA" in choices.characteristics


def test_it_never_raises_a_characteristic_past_ten(lrb6_like: Ruleset) -> None:
    # The Treeman starts at AV 10: +2 would allow 12, the absolute maximum does not.
    choices = choices_for(lrb6_like, "wood-elf", "Treeman", 5, 5)
    assert choices.characteristics == ("MA",)


def test_a_catcher_at_ma_nine_may_reach_ten_but_not_beyond(lrb6_like: Ruleset) -> None:
    assert "MA" in choices_for(lrb6_like, "human", "Catcher", 4, 6, MA=9).characteristics
    assert "MA" not in choices_for(lrb6_like, "human", "Catcher", 4, 6, MA=10).characteristics


def test_it_gives_no_ag_on_an_eleven_to_a_player_already_two_over(lrb6_like: Ruleset) -> None:
    assert choices_for(lrb6_like, "human", "Ogre", 5, 6, AG=3).characteristics == ("AG",)
    assert choices_for(lrb6_like, "human", "Ogre", 5, 6, AG=4).characteristics == ()


def test_it_gives_no_st_on_a_twelve_to_a_player_already_two_over(lrb6_like: Ruleset) -> None:
    assert choices_for(lrb6_like, "goblin", "Goblin", 6, 6, ST=3).characteristics == ("ST",)
    assert choices_for(lrb6_like, "goblin", "Goblin", 6, 6, ST=4).characteristics == ()


def test_a_twelve_still_offers_double_skills_when_st_is_capped(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "goblin", "Goblin", 6, 6, ST=4)
    assert choices.double_skills == skills_in("GSP", set())


def test_it_never_offers_a_skill_the_player_already_gained(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 2, 2, gained=("Block", "Dodge"))
    assert "Block" not in choices.normal_skills
    assert "Dodge" not in choices.double_skills
    assert choices.normal_skills == skills_in("G", {"Block"})


def test_a_player_with_grab_is_never_offered_frenzy(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 1, 2, gained=("Grab",))
    assert "Frenzy" not in choices.normal_skills
    assert choices.normal_skills == skills_in("G", {"Frenzy"})


def test_a_player_with_frenzy_is_never_offered_grab(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 3, 3, gained=("Frenzy",))
    assert "Grab" not in choices.double_skills
    assert "Strong Arm" in choices.double_skills


def test_a_lineman_without_either_may_take_frenzy_or_grab(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 3, 3)
    assert "Frenzy" in choices.normal_skills
    assert "Grab" in choices.double_skills


def test_ball_and_chain_bars_its_five_skills(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "goblin", "Fanatic", 4, 4)
    barred = {"Diving Tackle", "Frenzy", "Kick-Off Return", "Pass Block", "Shadowing"}
    assert choices.double_skills == skills_in("GAP", barred)
    assert choices.normal_skills == skills_in("S", set())  # Grab is fine without Frenzy


def test_the_barred_skills_are_only_barred_for_the_player_with_ball_and_chain(
    lrb6_like: Ruleset,
) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 1, 1)
    for skill in ("Diving Tackle", "Kick-Off Return", "Pass Block", "Shadowing"):
        assert skill in choices.normal_skills + choices.double_skills


def test_skills_are_offered_in_alphabetical_order(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "skaven", "Rat Ogre", 6, 6)
    assert list(choices.normal_skills) == sorted(choices.normal_skills)
    assert list(choices.double_skills) == sorted(choices.double_skills)
    assert choices.double_skills[0] == "Accurate"


@pytest.mark.parametrize(("die1", "die2"), [(0, 3), (7, 3), (3, 0), (3, 7), (-1, 1)])
def test_it_refuses_improvement_dice_that_are_not_d6(
    lrb6_like: Ruleset, die1: int, die2: int
) -> None:
    with pytest.raises(RulesError, match=r"improvement roll .* needs a D6 \(1-6\)"):
        choices_for(lrb6_like, "human", "Lineman", die1, die2)


def test_it_names_which_improvement_die_is_wrong(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match=r"\(second die\) needs a D6 \(1-6\), not 9"):
        choices_for(lrb6_like, "human", "Lineman", 4, 9)


def test_it_needs_the_current_value_of_an_offered_characteristic(lrb6_like: Ruleset) -> None:
    lineman = position_of(lrb6_like, "human", "Lineman")
    with pytest.raises(RulesError, match="current AV"):
        improvement_choices(lrb6_like, lineman, {"MA": 6, "ST": 3, "AG": 3}, (), 4, 6)


def test_a_missing_characteristic_does_not_matter_when_the_roll_offers_none(
    lrb6_like: Ruleset,
) -> None:
    lineman = position_of(lrb6_like, "human", "Lineman")
    choices = improvement_choices(lrb6_like, lineman, {}, (), 2, 3)
    assert choices.characteristics == ()


def test_a_ruleset_without_double_skills_offers_none_on_doubles(lrb6_like: Ruleset) -> None:
    house = with_params(lrb6_like, "improvement_roll", doubles_allow_double_skill=False)
    assert choices_for(house, "human", "Lineman", 5, 5).double_skills == ()


def test_a_ruleset_without_normal_skill_always_offers_them_only_on_two_to_nine(
    lrb6_like: Ruleset,
) -> None:
    house = with_params(lrb6_like, "improvement_roll", normal_skill_always=False)
    assert choices_for(house, "human", "Lineman", 4, 5).normal_skills == skills_in("G", set())
    assert choices_for(house, "human", "Lineman", 4, 6).normal_skills == ()
    assert choices_for(house, "human", "Lineman", 6, 6).normal_skills == ()
    assert choices_for(house, "human", "Lineman", 6, 6).double_skills != ()


def test_a_ruleset_with_a_higher_cap_lets_a_player_go_three_over(lrb6_like: Ruleset) -> None:
    house = with_params(lrb6_like, "improvement_roll", max_increase=3)
    assert choices_for(house, "human", "Lineman", 4, 6, MA=8).characteristics == ("MA", "AV")


def test_a_position_with_no_access_gets_empty_choices(lrb6_like: Ruleset) -> None:
    nobody = replace(position_of(lrb6_like, "human", "Lineman"), normal_access="")
    choices = improvement_choices(lrb6_like, nobody, nobody.characteristics, (), 1, 2)
    assert choices.is_empty()
    assert not choices_for(lrb6_like, "human", "Lineman", 1, 2).is_empty()


def test_each_choice_names_its_kind_of_advancement(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 5, 5)
    assert choices.advancement("Block") == "normal_skill"
    assert choices.advancement("Dodge") == "double_skill"
    assert choices.advancement("MA") == "MA"
    assert choices.advancement("AV") == "AV"


def test_a_double_skill_without_doubles_is_not_a_choice(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 4, 6)
    with pytest.raises(RulesError, match="'Dodge' is not one of the choices"):
        choices.advancement("Dodge")


def test_a_characteristic_the_dice_do_not_offer_is_not_a_choice(lrb6_like: Ruleset) -> None:
    choices = choices_for(lrb6_like, "human", "Lineman", 5, 6)
    with pytest.raises(RulesError, match="'ST' is not one of the choices"):
        choices.advancement("ST")


@pytest.mark.parametrize(
    ("advancement", "value"),
    [
        ("normal_skill", 20_000),
        ("double_skill", 30_000),
        ("MA", 30_000),
        ("AV", 30_000),
        ("AG", 40_000),
        ("ST", 50_000),
    ],
)
def test_each_advancement_adds_its_lrb6_value(
    lrb6_like: Ruleset, advancement: str, value: int
) -> None:
    assert advancement_value(lrb6_like, advancement) == value


def test_it_refuses_an_advancement_the_value_table_does_not_list(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="no value increase for 'mutation'"):
        advancement_value(lrb6_like, "mutation")


@pytest.mark.parametrize(
    ("race", "name", "choice", "value"),
    [
        ("human", "Lineman", "Block", 20_000),
        ("human", "Lineman", "Dodge", 30_000),
        ("human", "Lineman", "Guard", 30_000),
        ("human", "Catcher", "Dodge", 20_000),
        ("goblin", "Goblin", "Block", 30_000),
        ("skaven", "Rat Ogre", "Horns", 30_000),
        ("human", "Lineman", "MA", 30_000),
        ("human", "Lineman", "AV", 30_000),
        ("human", "Lineman", "AG", 40_000),
        ("human", "Lineman", "ST", 50_000),
    ],
)
def test_a_choice_is_worth_what_the_position_access_makes_it(
    lrb6_like: Ruleset, race: str, name: str, choice: str, value: int
) -> None:
    assert choice_value(lrb6_like, position_of(lrb6_like, race, name), choice) == value


def test_a_skill_outside_the_position_access_has_no_value(lrb6_like: Ruleset) -> None:
    lineman = position_of(lrb6_like, "human", "Lineman")
    with pytest.raises(RulesError, match="A Lineman cannot take Horns"):
        choice_value(lrb6_like, lineman, "Horns")


def test_an_unknown_skill_has_no_value(lrb6_like: Ruleset) -> None:
    lineman = position_of(lrb6_like, "human", "Lineman")
    with pytest.raises(RulesError, match="'Flying' is neither a skill nor a characteristic"):
        choice_value(lrb6_like, lineman, "Flying")


def test_the_value_of_a_legal_choice_matches_the_choice_kind(lrb6_like: Ruleset) -> None:
    lineman = position_of(lrb6_like, "human", "Lineman")
    choices = choices_for(lrb6_like, "human", "Lineman", 6, 6)
    for choice in (*choices.normal_skills, *choices.double_skills, *choices.characteristics):
        expected = advancement_value(lrb6_like, choices.advancement(choice))
        assert choice_value(lrb6_like, lineman, choice) == expected, choice
