"""How far injuries may lower a characteristic and how far advancements may raise it again
(rules.engine.characteristics, with the caps of rules.engine.advancement), as players' careers
worked by hand.

LRB6: the casualty table's params floor an injury at max(start - 2, 1); the improvement table
caps an advancement below start + 2 and 10. GDBBL: the setting `ability_loss_limit` floors at
max(start - 1, 1) (`lifetime`) or at 1 (`per_injury`). Both limits read the value the player
has now, never how many injuries or advancements he took, so each scenario below walks a
player up and down and checks every step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from rules.engine.advancement import improvement_choices
from rules.engine.characteristics import (
    characteristic_now,
    injury_change,
    injury_floor,
    lowerable,
)
from rules.engine.ruleset import Position, Ruleset
from tests.rules.conftest import with_params, with_settings
from tests.rules.gdbbl_like import gdbbl_ruleset, without_settings


@pytest.fixture(scope="session", params=["typed", "data-files"])
def gdbbl_like(request: pytest.FixtureRequest) -> Ruleset:
    """The typed-in GDBBL numbers, then GDBBL as read from rules/editions/gdbbl/."""
    return gdbbl_ruleset(request.param)


# Improvement dice that offer each characteristic in both editions: 10 → MA (LRB6: or AV),
# 11 → AG, 12 → ST. Not doubles where it can be helped; 12 can only be 6 + 6.
DICE = {"MA": (4, 6), "AV": (4, 6), "AG": (5, 6), "ST": (6, 6)}


@dataclass
class Player:
    """A player as the ledger keeps him: his position's starting values, and the sums of his
    advancements' and of his injuries' changes, kept apart."""

    ruleset: Ruleset
    race: str
    position: Position
    advanced: dict[str, int] = field(default_factory=dict)
    injured: dict[str, int] = field(default_factory=dict)

    def start(self, code: str) -> int:
        return self.position.characteristics[code]

    def now(self, code: str) -> int:
        advanced, injured = self.advanced.get(code, 0), self.injured.get(code, 0)
        return characteristic_now(self.start(code), advanced, injured)

    def current(self) -> dict[str, int]:
        return {code: self.now(code) for code in self.position.characteristics}

    def injure(self, code: str) -> int:
        """A -1 injury to `code`, as far as the floor lets it go; the value after it."""
        change = injury_change(self.ruleset, self.start(code), self.now(code))
        if change:  # an injury at the floor leaves nothing in the ledger's changes
            self.injured[code] = self.injured.get(code, 0) + change
        return self.now(code)

    def may_raise(self, code: str) -> bool:
        choices = improvement_choices(
            self.ruleset,
            self.position,
            self.current(),
            self.position.skills,
            *DICE[code],
            race=self.race,
        )
        return code in choices.characteristics

    def advance(self, code: str) -> int:
        """A +1 advancement to `code`, which the improvement roll must offer; the value after."""
        assert self.may_raise(code), f"{code} {self.now(code)} may not rise"
        self.advanced[code] = self.advanced.get(code, 0) + 1
        return self.now(code)

    def lowerable(self) -> tuple[str, ...]:
        return lowerable(self.ruleset, self.position.characteristics, self.current())


def player(ruleset: Ruleset, race: str, position: str) -> Player:
    return Player(ruleset, race, ruleset.races[race].position(position))


def lifetime(ruleset: Ruleset) -> Ruleset:
    return with_settings(ruleset, ability_loss_limit="lifetime")


def per_injury(ruleset: Ruleset) -> Ruleset:
    return with_settings(ruleset, ability_loss_limit="per_injury")


def test_a_characteristic_is_its_start_plus_advancements_plus_injuries() -> None:
    assert characteristic_now(6) == 6
    assert characteristic_now(6, 2, -3) == 5  # 6 + 2 - 3


# --- LRB6: the casualty table's floor, the improvement table's caps -------------------------


def test_lrb6_floors_an_injury_two_below_the_start_and_never_below_one(
    lrb6_like: Ruleset,
) -> None:
    assert injury_floor(lrb6_like, 6) == 4  # max(6 - 2, 1)
    assert injury_floor(lrb6_like, 3) == 1  # max(3 - 2, 1)
    assert injury_floor(lrb6_like, 2) == 1  # max(2 - 2, 1): absolute_min, not 0
    assert injury_floor(lrb6_like, 1) == 1  # max(1 - 2, 1)


def test_a_lineman_loses_ma_6_to_4_then_no_more_and_climbs_back_to_8_but_not_9(
    lrb6_like: Ruleset,
) -> None:
    lineman = player(lrb6_like, "human", "Lineman")
    # Floor max(6 - 2, 1) = 4: two injuries reach it, the third lowers nothing.
    assert [lineman.injure("MA") for _ in range(3)] == [5, 4, 4]
    assert lineman.injured == {"MA": -2}
    assert injury_change(lrb6_like, 6, 4) == 0
    # The cap is 6 + 2 = 8 on the value: from 4, four advancements are allowed (4 → 8).
    assert [lineman.advance("MA") for _ in range(4)] == [5, 6, 7, 8]
    assert lineman.now("MA") == 8  # 6 + 4 - 2
    assert not lineman.may_raise("MA")  # 9 would be 3 over the start


def test_a_lineman_raised_to_ma_8_may_be_injured_down_to_4_and_no_further(
    lrb6_like: Ruleset,
) -> None:
    lineman = player(lrb6_like, "human", "Lineman")
    assert [lineman.advance("MA") for _ in range(2)] == [7, 8]
    assert not lineman.may_raise("MA")
    # The floor is still max(6 - 2, 1) = 4: the advancements do not move it, so four injuries
    # lower him (8 → 4) and the fifth does nothing.
    assert [lineman.injure("MA") for _ in range(5)] == [7, 6, 5, 4, 4]
    assert (lineman.advanced, lineman.injured) == ({"MA": 2}, {"MA": -4})
    # And at 4 he may rise again, though he has had his two advancements already.
    assert lineman.may_raise("MA")


def test_an_ag_1_treeman_never_loses_ag_to_an_injury(lrb6_like: Ruleset) -> None:
    treeman = player(lrb6_like, "wood-elf", "Treeman")  # MA 2, ST 6, AG 1, AV 10
    # Floor max(1 - 2, 1) = 1: he is on it from the start.
    assert injury_floor(lrb6_like, 1) == 1
    assert injury_change(lrb6_like, 1, 1) == 0
    assert treeman.injure("AG") == 1
    assert treeman.injured == {}
    # MA 2 (floor 1), ST 6 (floor 4) and AV 10 (floor 8) may still go down.
    assert treeman.lowerable() == ("MA", "ST", "AV")
    assert treeman.injure("MA") == 1
    assert treeman.injure("MA") == 1  # max(2 - 2, 1) = 1
    assert treeman.lowerable() == ("ST", "AV")


def test_av_9_may_rise_to_10_and_never_past_it(lrb6_like: Ruleset) -> None:
    ogre = player(lrb6_like, "human", "Ogre")  # AV 9
    # 9 + 2 = 11 would be the cap over the start; the absolute maximum 10 comes first.
    assert ogre.advance("AV") == 10
    assert not ogre.may_raise("AV")


def test_an_av_10_treeman_may_not_rise_but_may_climb_back_to_10_after_an_injury(
    lrb6_like: Ruleset,
) -> None:
    treeman = player(lrb6_like, "wood-elf", "Treeman")
    assert not treeman.may_raise("AV")  # 10 is the absolute maximum
    # The MA on the same roll is still offered: the cap is per characteristic.
    assert treeman.may_raise("MA")
    assert treeman.injure("AV") == 9  # floor max(10 - 2, 1) = 8
    assert treeman.advance("AV") == 10
    assert not treeman.may_raise("AV")
    assert (treeman.advanced, treeman.injured) == ({"AV": 1}, {"AV": -1})


def test_an_injured_characteristic_may_climb_back_past_two_advancements(
    lrb6_like: Ruleset,
) -> None:
    lineman = player(lrb6_like, "human", "Lineman")
    assert lineman.injure("MA") == 5
    # max_increase is 2, but it bounds the value (6 + 2 = 8), not how many times MA rose:
    # from 5 that is three advancements.
    assert [lineman.advance("MA") for _ in range(3)] == [6, 7, 8]
    assert not lineman.may_raise("MA")


def test_lrb6_reads_its_floor_from_the_casualty_table_not_from_the_gdbbl_setting(
    lrb6_like: Ruleset,
) -> None:
    assert injury_floor(per_injury(lrb6_like), 6) == 4  # still max(6 - 2, 1), not 1
    assert injury_floor(lifetime(lrb6_like), 6) == 4  # still max(6 - 2, 1), not 5


def test_a_league_that_allows_one_point_of_loss_floors_ma_6_at_5(lrb6_like: Ruleset) -> None:
    house = with_params(lrb6_like, "casualty", max_decrease=1)
    lineman = player(house, "human", "Lineman")
    assert [lineman.injure("MA") for _ in range(2)] == [5, 5]  # max(6 - 1, 1) = 5


# --- GDBBL: the ability_loss_limit setting --------------------------------------------------


def test_lifetime_lets_st_3_lose_one_point_only(gdbbl_like: Ruleset) -> None:
    lineman = player(lifetime(gdbbl_like), "human", "Lineman")  # MA 6, ST 3, AG 3, AV 8
    assert injury_floor(lifetime(gdbbl_like), 3) == 2  # max(3 - 1, 1)
    assert [lineman.injure("ST") for _ in range(2)] == [2, 2]
    assert lineman.injured == {"ST": -1}


def test_lifetime_floors_the_value_so_a_raised_st_may_take_two_injuries(
    gdbbl_like: Ruleset,
) -> None:
    lineman = player(lifetime(gdbbl_like), "human", "Lineman")
    assert lineman.advance("ST") == 4
    # The floor is max(3 - 1, 1) = 2 whatever happened before: 4 → 3 → 2, then nothing.
    assert [lineman.injure("ST") for _ in range(3)] == [3, 2, 2]
    assert (lineman.advanced, lineman.injured) == ({"ST": 1}, {"ST": -2})


def test_lifetime_lets_an_st_raised_back_to_its_start_be_lowered_again(
    gdbbl_like: Ruleset,
) -> None:
    lineman = player(lifetime(gdbbl_like), "human", "Lineman")
    assert lineman.injure("ST") == 2
    assert lineman.injure("ST") == 2  # at the floor
    assert lineman.advance("ST") == 3  # 3 + 1 - 1
    assert lineman.injure("ST") == 2  # 3 - 1 is the floor again, not below it
    assert lineman.injure("ST") == 2


def test_lifetime_sends_a_later_injury_to_another_characteristic(gdbbl_like: Ruleset) -> None:
    lineman = player(lifetime(gdbbl_like), "human", "Lineman")
    assert lineman.lowerable() == ("MA", "ST", "AG", "AV")
    lineman.injure("ST")
    assert lineman.lowerable() == ("MA", "AG", "AV")  # ST 2 is at max(3 - 1, 1)
    lineman.injure("AV")
    lineman.injure("MA")
    assert lineman.lowerable() == ("AG",)
    lineman.injure("AG")
    # MA 5, ST 2, AG 2, AV 7: each one below its start, so an injury lowers nothing.
    assert lineman.current() == {"MA": 5, "ST": 2, "AG": 2, "AV": 7}
    assert lineman.lowerable() == ()
    # An advancement lifts ST off its floor, and ST may take the next -1 again.
    lineman.advance("ST")
    assert lineman.lowerable() == ("ST",)


def test_lifetime_lets_an_injured_ma_climb_back_to_the_cap(gdbbl_like: Ruleset) -> None:
    lineman = player(lifetime(gdbbl_like), "human", "Lineman")
    assert lineman.injure("MA") == 5
    # GDBBL's cap is 6 + 2 = 8 too: three advancements from 5.
    assert [lineman.advance("MA") for _ in range(3)] == [6, 7, 8]
    assert not lineman.may_raise("MA")


def test_per_injury_losses_add_up_down_to_one(gdbbl_like: Ruleset) -> None:
    ruleset = per_injury(gdbbl_like)
    lineman = player(ruleset, "human", "Lineman")
    assert injury_floor(ruleset, 6) == 1
    # Each injury takes one point: MA 6 → 1 in five injuries, the sixth does nothing.
    assert [lineman.injure("MA") for _ in range(6)] == [5, 4, 3, 2, 1, 1]
    assert [lineman.injure("ST") for _ in range(3)] == [2, 1, 1]
    assert [lineman.injure("AG") for _ in range(3)] == [2, 1, 1]
    assert lineman.lowerable() == ("AV",)
    assert [lineman.injure("AV") for _ in range(8)] == [7, 6, 5, 4, 3, 2, 1, 1]
    assert lineman.lowerable() == ()
    assert lineman.injured == {"MA": -5, "ST": -2, "AG": -2, "AV": -7}


def test_without_the_setting_injuries_go_down_to_one(gdbbl_like: Ruleset) -> None:
    older = without_settings(gdbbl_like, "ability_loss_limit")
    assert injury_floor(older, 3) == 1
    assert injury_change(older, 3, 2) == -1  # lifetime would stop at 2; nothing says so here


def test_an_unknown_ability_loss_limit_is_refused_by_name(gdbbl_like: Ruleset) -> None:
    house = with_settings(gdbbl_like, ability_loss_limit="forever")
    message = "unknown ability_loss_limit setting 'forever'"
    with pytest.raises(LookupError, match=message):
        injury_floor(house, 3)
    with pytest.raises(LookupError, match=message):
        injury_change(house, 3, 3)
    with pytest.raises(LookupError, match=message):
        player(house, "human", "Lineman").lowerable()
