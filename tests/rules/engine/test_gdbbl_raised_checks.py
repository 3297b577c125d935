"""GDBBL's Raise Dead in the report check (rules.engine.casualty_checks.RaisedChecks and
rules.engine.gdbbl_casualty_checks): an Undead team's Necromancer raises one opponent per
match who died in it and is "of roughly human size (not large monsters or small players
like halflings or goblins)" (001 Undead team). Whether he died is the one reading of his
casualty (rules.engine.gdbbl_injuries): the apothecary and Regeneration first. Whether the
team has room for him (`zombie_raise_limit`) is the post-game sequence's to say."""

from __future__ import annotations

import pytest

from rules.engine.casualty_checks import NECROMANCER
from rules.engine.report_checks import report_check
from rules.engine.report_entry import CasualtyEntry, MatchFacts, Member, Ref, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.report_facts import ROSTER, edition, messages, side

FIELD = "home.raised"
DEAD = {"injury": (6, 6)}  # dead only on an unmodified 12
# Gouged Eye's players besides the plain ones (#1-4) and the Skeleton with Regeneration (#8).
HALFLING = Member(5, "Pip", size="small")
GOBLIN = Member(6, "Snik", size="small")
OGRE = Member(14, "Morg 'n' Thorg", "star", star=True, size="large")
TROLL = Member(15, "Ripper Bolgrot", "star", star=True, size="large")
UNDEAD = {NECROMANCER: 1}


def gdbbl(**settings) -> Ruleset:
    return with_settings(edition("gdbbl"), **settings)


def facts(home_helpers=UNDEAD, away_helpers=None) -> MatchFacts:
    away = side("away", (*ROSTER, HALFLING, GOBLIN, OGRE, TROLL), helpers=away_helpers)
    return MatchFacts(side("home", helpers=home_helpers), away)


def killed(number: int, **dice) -> CasualtyEntry:
    """Gouged Eye's #`number` hurt in a block by the Reavers' #1, with `dice`."""
    return CasualtyEntry(Ref("away", number), Ref("home", 1), dice=dice or DEAD)


def check(raised, *casualties, ruleset=None, match=None):
    """The report in which the Reavers (Undead unless told otherwise) raise `raised`."""
    entry = ReportEntry(
        home=SideEntry(mvps=(1,), raised=tuple(raised)),
        away=SideEntry(mvps=(1,)),
        casualties=casualties,
    )
    return report_check(ruleset or gdbbl(), match or facts(), entry)


def raised_problems(found) -> list[str]:
    return messages(found.problems, FIELD)


# --- Who rises -------------------------------------------------------------------------------


def test_an_undead_team_raises_an_opponent_of_human_size_killed_in_the_match() -> None:
    found = check([3], killed(3))
    assert found.problems == []


def test_a_player_with_regeneration_who_failed_it_and_died_may_rise() -> None:
    """001 bars only the small and the large; Regeneration that failed leaves him dead."""
    found = check([8], killed(8, injury=(6, 6), regeneration=(1,)))
    assert found.problems == []


@pytest.mark.parametrize("small", [HALFLING, GOBLIN])
def test_a_small_player_does_not_rise(small: Member) -> None:
    found = check([small.number], killed(small.number))
    assert raised_problems(found) == [
        f"Gouged Eye's {small} is small (halflings, goblins, snotlings): the Necromancer raises "
        "only players of roughly human size."
    ]


@pytest.mark.parametrize("large", [OGRE, TROLL])
def test_a_large_player_does_not_rise(large: Member) -> None:
    found = check([large.number], killed(large.number))
    assert raised_problems(found) == [
        f"Gouged Eye's {large} is large (Ogres, Trolls and the other big monsters): the "
        "Necromancer raises only players of roughly human size."
    ]


def test_a_necromancer_raises_one_zombie_per_match() -> None:
    found = check([3, 4], killed(3), killed(4))
    assert raised_problems(found) == [
        "A Necromancer raises one Zombie per match: Reikland Reavers names 2."
    ]


# --- Who was killed ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dice",
    [{"injury": (4, 6)}, {"injury": (5, 6), "serious": (6, 6), "ability": (2,)}],
)
def test_a_player_hurt_but_not_killed_does_not_rise(dice) -> None:
    found = check([3], killed(3, **dice))
    assert raised_problems(found) == ["Gouged Eye's #3 Cal was not killed in this match."]


def test_a_player_who_was_no_casualty_does_not_rise() -> None:
    assert raised_problems(check([3])) == ["Gouged Eye's #3 Cal was not killed in this match."]


@pytest.mark.parametrize("healed", [2, 3, 4, 5, 6])
def test_a_player_who_regenerated_was_not_killed(healed: int) -> None:
    found = check([8], killed(8, injury=(6, 6), regeneration=(healed,)))
    assert raised_problems(found) == ["Gouged Eye's #8 Skeleton was not killed in this match."]


def test_a_death_the_apothecary_undid_was_no_death() -> None:
    treated = CasualtyEntry(
        Ref("away", 3),
        Ref("home", 1),
        helper="apothecary",
        dice={"injury": (6, 6), "apothecary": (4, 6)},
    )
    found = check([3], treated, match=facts(away_helpers={"apothecary": 1}))
    assert raised_problems(found) == ["Gouged Eye's #3 Cal was not killed in this match."]


def test_a_death_not_read_yet_is_not_refused_while_its_dice_are_missing() -> None:
    """The casualty's own check asks for the Regeneration roll; the raise waits for it."""
    found = check([8], killed(8, injury=(6, 6)))
    assert found.problems == []
    assert messages(found.unfinished) == ["Roll the regeneration (D6) for away #8."]


def test_a_number_the_other_team_does_not_have_is_refused() -> None:
    assert raised_problems(check([40])) == ["Gouged Eye has no player #40 in this match."]


# --- Who raises --------------------------------------------------------------------------------


def test_a_team_without_a_necromancer_raises_no_one() -> None:
    found = check([3], killed(3), match=facts(home_helpers={}))
    assert raised_problems(found) == [
        "Reikland Reavers cannot raise the dead: only an Undead team's Necromancer raises a Zombie."
    ]


def test_the_report_leaves_the_room_on_the_roster_to_the_post_game() -> None:
    """zombie_raise_limit counts the roster after the match: the report does not know it."""
    found = check([3], killed(3), ruleset=gdbbl(zombie_raise_limit=1))
    assert found.problems == []
