"""The GDBBL star player roll (seed-gdbbl-1st-blitz §A.4): 2-9 a skill the position may
take, 10/11/12 only +1 MA/AG/ST, doubles any skill, Physical only for Skaven and Chaos,
no characteristic more than 2 over its starting value."""

from __future__ import annotations

import pytest

from rules.engine.advancement import Choices, improvement_choices
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_params, with_settings
from tests.rules.gdbbl_like import SKILLS_BY_CATEGORY, gdbbl_ruleset, without_settings


@pytest.fixture(scope="session", params=["typed", "data-files"])
def gdbbl_like(request: pytest.FixtureRequest) -> Ruleset:
    """The typed-in GDBBL numbers, then GDBBL as read from rules/editions/gdbbl/."""
    return gdbbl_ruleset(request.param)


ALL_DICE = [(die1, die2) for die1 in range(1, 7) for die2 in range(1, 7)]
ALL_CATEGORIES = "GASPH"
CHARACTERISTIC_BY_TOTAL = {**{total: () for total in range(2, 10)}, 10: ("MA",), 11: ("AG",),
                           12: ("ST",)}  # fmt: skip

# (race, position, its access, the categories doubles open for it, its starting skills,
# and chaos_dwarf_physical). Physical (H) on doubles only for Skaven and Chaos, and for
# Chaos Dwarfs when the league counts them as Chaos.
POSITIONS = {
    "skaven storm vermin with physical access": (
        "skaven", "Storm Vermin", "GSH", ALL_CATEGORIES, {"Block"}, False,
    ),
    "chaos beastman": ("chaos", "Chaos Beastman", "GSH", ALL_CATEGORIES, {"Horns"}, False),
    "human lineman without physical": ("human", "Lineman", "G", "GASP", set(), False),
    "human catcher without physical": (
        "human", "Catcher", "GA", "GASP", {"Catch", "Dodge"}, False,
    ),
    "chaos dwarf blocker not counted as chaos": (
        "chaos-dwarf", "Chaos Dwarf Blocker", "GS", "GASP",
        {"Block", "Tackle", "Thick Skull"}, False,
    ),
    "chaos dwarf blocker counted as chaos": (
        "chaos-dwarf", "Chaos Dwarf Blocker", "GS", ALL_CATEGORIES,
        {"Block", "Tackle", "Thick Skull"}, True,
    ),
}  # fmt: skip


def skills_in(categories: str, excluded: set[str]) -> tuple[str, ...]:
    names = {name for code in categories for name in SKILLS_BY_CATEGORY[code]}
    return tuple(sorted(names - excluded))


def roll(
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
    position = ruleset.races[race].position(name)
    current = {**position.characteristics, **characteristics}
    skills = (*position.skills, *gained)
    return improvement_choices(ruleset, position, current, skills, die1, die2, race=race)


def league(ruleset: Ruleset, **settings: object) -> Ruleset:
    """GDBBL with the readings the tests assume unless they say otherwise."""
    defaults = {"physical_on_doubles": False, "chaos_dwarf_physical": False}
    return with_settings(ruleset, **{**defaults, **settings})


@pytest.mark.parametrize("case", POSITIONS)
@pytest.mark.parametrize(("die1", "die2"), ALL_DICE)
def test_each_pair_of_dice_offers_what_the_star_player_roll_allows(
    gdbbl_like: Ruleset, case: str, die1: int, die2: int
) -> None:
    race, name, access, any_access, held, chaos_dwarf = POSITIONS[case]
    ruleset = league(gdbbl_like, chaos_dwarf_physical=chaos_dwarf)
    total = die1 + die2

    choices = roll(ruleset, race, name, die1, die2)

    assert choices.characteristics == CHARACTERISTIC_BY_TOTAL[total]
    assert choices.normal_skills == (skills_in(access, held) if total <= 9 else ())
    assert choices.any_skills == (skills_in(any_access, held) if die1 == die2 else ())
    assert choices.double_skills == ()
    assert choices.reroll is False


def test_doubles_give_a_human_physical_skills_when_the_league_allows_it(
    gdbbl_like: Ruleset,
) -> None:
    ruleset = league(gdbbl_like, physical_on_doubles=True)
    choices = roll(ruleset, "human", "Lineman", 3, 3)
    assert choices.any_skills == skills_in(ALL_CATEGORIES, set())
    assert "Big Hand" in choices.any_skills
    assert choices.advancement("Big Hand") == "any_skill"


def test_doubles_never_give_a_human_physical_skills_otherwise(gdbbl_like: Ruleset) -> None:
    choices = roll(league(gdbbl_like), "human", "Lineman", 2, 2)
    assert not set(choices.any_skills) & set(SKILLS_BY_CATEGORY["H"])
    with pytest.raises(RulesError, match="'Big Hand' is not one of the choices"):
        choices.advancement("Big Hand")


def test_without_the_settings_physical_stays_with_skaven_and_chaos(gdbbl_like: Ruleset) -> None:
    older = without_settings(gdbbl_like, "physical_on_doubles", "chaos_dwarf_physical")
    human = roll(older, "human", "Lineman", 4, 4)
    chaos_dwarf = roll(older, "chaos-dwarf", "Chaos Dwarf Blocker", 4, 4)
    assert human.any_skills == skills_in("GASP", set())
    assert chaos_dwarf.any_skills == skills_in("GASP", {"Block", "Tackle", "Thick Skull"})


def test_a_skill_on_a_two_to_nine_is_a_normal_skill_even_on_doubles(gdbbl_like: Ruleset) -> None:
    choices = roll(league(gdbbl_like), "human", "Lineman", 4, 4)
    assert choices.advancement("Tackle") == "normal_skill"
    assert choices.advancement("Dodge") == "any_skill"


def test_a_ten_gives_only_ma_without_doubles(gdbbl_like: Ruleset) -> None:
    choices = roll(league(gdbbl_like), "skaven", "Storm Vermin", 4, 6)
    assert choices == Choices(normal_skills=(), double_skills=(), characteristics=("MA",))
    with pytest.raises(RulesError, match="'Tackle' is not one of the choices"):
        choices.advancement("Tackle")


def test_a_twelve_offers_st_or_any_skill(gdbbl_like: Ruleset) -> None:
    choices = roll(league(gdbbl_like), "skaven", "Storm Vermin", 6, 6)
    assert choices.characteristics == ("ST",)
    assert choices.advancement("ST") == "ST"
    assert choices.advancement("Pass") == "any_skill"


def test_doubles_never_offer_a_skill_the_player_already_has(gdbbl_like: Ruleset) -> None:
    choices = roll(league(gdbbl_like), "skaven", "Storm Vermin", 1, 1, gained=("Dodge",))
    assert "Dodge" not in choices.any_skills
    assert "Block" not in choices.any_skills
    assert choices.any_skills == skills_in(ALL_CATEGORIES, {"Block", "Dodge"})


def test_the_order_of_the_dice_does_not_matter(gdbbl_like: Ruleset) -> None:
    ruleset = league(gdbbl_like)
    for die1, die2 in ALL_DICE:
        first = roll(ruleset, "chaos", "Chaos Beastman", die1, die2)
        assert first == roll(ruleset, "chaos", "Chaos Beastman", die2, die1)


def test_doubles_need_the_race_when_a_category_is_restricted(gdbbl_like: Ruleset) -> None:
    ruleset = league(gdbbl_like)
    lineman = ruleset.races["human"].position("Lineman")
    with pytest.raises(RulesError, match="only some races may take H skills"):
        improvement_choices(ruleset, lineman, lineman.characteristics, (), 3, 3)
    # Without doubles, or when doubles ignore the restriction, the race does not matter.
    assert improvement_choices(ruleset, lineman, lineman.characteristics, (), 3, 4).normal_skills
    free = league(gdbbl_like, physical_on_doubles=True)
    assert improvement_choices(free, lineman, lineman.characteristics, (), 3, 3).any_skills


def test_an_unknown_race_is_refused(gdbbl_like: Ruleset) -> None:
    ruleset = league(gdbbl_like)
    lineman = ruleset.races["human"].position("Lineman")
    with pytest.raises(RulesError, match="has no race 'gnome'"):
        improvement_choices(ruleset, lineman, lineman.characteristics, (), 2, 2, race="gnome")


# --- A characteristic at its +2 cap ------------------------------------------------------

# (dice, the characteristic the total offers, its value two over a Storm Vermin's start).
CAPPED = [((4, 6), "MA", 9), ((6, 4), "MA", 9), ((5, 6), "AG", 5), ((6, 5), "AG", 5)]


@pytest.mark.parametrize(("dice", "code", "capped"), CAPPED)
def test_a_capped_characteristic_gives_a_skill_instead_when_the_league_says_so(
    gdbbl_like: Ruleset, dice: tuple[int, int], code: str, capped: int
) -> None:
    ruleset = league(gdbbl_like, characteristic_at_cap="skill_instead")
    choices = roll(ruleset, "skaven", "Storm Vermin", *dice, **{code: capped})
    assert choices == Choices(
        normal_skills=skills_in("GSH", {"Block"}), double_skills=(), characteristics=()
    )


@pytest.mark.parametrize(("dice", "code", "capped"), CAPPED)
def test_a_capped_characteristic_means_roll_again_when_the_league_says_so(
    gdbbl_like: Ruleset, dice: tuple[int, int], code: str, capped: int
) -> None:
    ruleset = league(gdbbl_like, characteristic_at_cap="reroll")
    choices = roll(ruleset, "skaven", "Storm Vermin", *dice, **{code: capped})
    assert choices == Choices(normal_skills=(), double_skills=(), characteristics=(), reroll=True)
    assert choices.is_empty()


@pytest.mark.parametrize(("dice", "code", "capped"), CAPPED)
def test_a_capped_characteristic_gives_nothing_when_the_league_says_so(
    gdbbl_like: Ruleset, dice: tuple[int, int], code: str, capped: int
) -> None:
    ruleset = league(gdbbl_like, characteristic_at_cap="nothing")
    choices = roll(ruleset, "skaven", "Storm Vermin", *dice, **{code: capped})
    assert choices == Choices(normal_skills=(), double_skills=(), characteristics=())
    assert choices.is_empty()


def test_a_capped_characteristic_gives_nothing_without_the_setting(gdbbl_like: Ruleset) -> None:
    older = without_settings(league(gdbbl_like), "characteristic_at_cap")
    assert roll(older, "skaven", "Storm Vermin", 4, 6, MA=9).is_empty()


@pytest.mark.parametrize("at_cap", ["skill_instead", "reroll", "nothing"])
def test_doubles_still_allow_any_skill_when_the_characteristic_is_capped(
    gdbbl_like: Ruleset, at_cap: str
) -> None:
    ruleset = league(gdbbl_like, characteristic_at_cap=at_cap)
    choices = roll(ruleset, "skaven", "Storm Vermin", 6, 6, ST=5)
    assert choices.characteristics == ()
    assert choices.any_skills == skills_in(ALL_CATEGORIES, {"Block"})
    assert choices.reroll is (at_cap == "reroll")
    expected_normal = skills_in("GSH", {"Block"}) if at_cap == "skill_instead" else ()
    assert choices.normal_skills == expected_normal


@pytest.mark.parametrize("at_cap", ["skill_instead", "reroll", "nothing"])
def test_a_characteristic_one_over_its_start_may_still_rise(
    gdbbl_like: Ruleset, at_cap: str
) -> None:
    ruleset = league(gdbbl_like, characteristic_at_cap=at_cap)
    choices = roll(ruleset, "skaven", "Storm Vermin", 4, 6, MA=8)
    assert choices == Choices(normal_skills=(), double_skills=(), characteristics=("MA",))


def test_an_injured_player_may_win_a_characteristic_back(gdbbl_like: Ruleset) -> None:
    choices = roll(league(gdbbl_like), "chaos", "Chaos Beastman", 5, 6, AG=2)
    assert choices.characteristics == ("AG",)


def test_an_unknown_characteristic_at_cap_setting_is_broken_data(gdbbl_like: Ruleset) -> None:
    odd = league(gdbbl_like, characteristic_at_cap="ask_the_commissioner")
    with pytest.raises(LookupError, match="characteristic_at_cap"):
        roll(odd, "skaven", "Storm Vermin", 4, 6, MA=9)


# --- The same rules as params, on LRB6 ---------------------------------------------------


def test_lrb6_doubles_named_double_access_behave_as_before(lrb6_like: Ruleset) -> None:
    named = with_params(lrb6_like, "improvement_roll", doubles="double_access")
    lineman = lrb6_like.races["human"].position("Lineman")
    for die1, die2 in ALL_DICE:
        before = improvement_choices(lrb6_like, lineman, lineman.characteristics, (), die1, die2)
        after = improvement_choices(named, lineman, lineman.characteristics, (), die1, die2)
        assert after == before
        assert after.any_skills == ()


def test_an_lrb6_copy_may_let_doubles_take_any_skill(lrb6_like: Ruleset) -> None:
    house = with_params(lrb6_like, "improvement_roll", doubles="any_skill")
    lineman = house.races["human"].position("Lineman")
    choices = improvement_choices(house, lineman, lineman.characteristics, (), 5, 5)
    assert choices.double_skills == ()
    assert "Horns" in choices.any_skills
    assert "Loner" not in choices.any_skills  # Extraordinary skills are never selectable


def test_an_unknown_doubles_rule_is_broken_data(lrb6_like: Ruleset) -> None:
    odd = with_params(lrb6_like, "improvement_roll", doubles="triples")
    lineman = odd.races["human"].position("Lineman")
    with pytest.raises(LookupError, match="unknown doubles rule 'triples'"):
        improvement_choices(odd, lineman, lineman.characteristics, (), 5, 5)
