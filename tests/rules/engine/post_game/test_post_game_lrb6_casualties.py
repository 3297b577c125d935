"""LRB6's casualties step after the match (rules/engine/post_game/lrb6_casualties.py) on its
own: each band of the D68 casualty table, the floor under a lowered characteristic, a victim
hurt twice, Decay, Regeneration and Igor, the apothecary's second result, who keeps what
happened to him (the team's own players and journeymen, not stars or mercenaries), the dice
it asks for by name, and no improvement roll for a player who died. Every number is read by
hand from rules/editions/lrb6/tables.yaml (casualty) and settings.yaml (lrb6-facts §1).

The helpers at the top (`player`, `match`, `hurt`, `dice`, `run`) are shared with
tests/rules/engine/post_game/test_post_game_lrb6_roster.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from rules.engine.post_game import (
    Change,
    DiceMissing,
    DiceSource,
    MatchBefore,
    PlayerBefore,
    PostGame,
    SideBefore,
    Step,
    post_game,
)
from rules.engine.post_game.lrb6 import level_ups, spp_step
from rules.engine.post_game.lrb6_casualties import casualties_step
from rules.engine.report_entry import CasualtyEntry, Concession, Line, Ref, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from tests.rules.scenarios import LRB6

HOME, AWAY = "Champions of Death", "Reikland Reavers"
# A Human Lineman (races.yaml): MA 6, ST 3, AG 3, AV 8, 50,000 gp.
LINEMAN = {"MA": 6, "ST": 3, "AG": 3, "AV": 8}
LINEMAN_COST = 50_000


def rules(**settings: Any) -> Ruleset:
    return replace(LRB6, settings={**LRB6.settings, **settings})


def player(
    number: int,
    name: str = "",
    *,
    kind: str = "roster",
    position: str = "Lineman",
    value: int = LINEMAN_COST,
    spp: int = 0,
    start: Mapping[str, int] = LINEMAN,
    now: Mapping[str, int] | None = None,
    skills: Iterable[str] = (),
    status: str = "active",
    played: bool = True,
) -> PlayerBefore:
    key = f"p{number}" if kind == "roster" else ""
    return PlayerBefore(
        number, name or f"Player {number}", kind, key, spp, position, value, status, played,
        dict(start), dict(now if now is not None else start), frozenset(skills),
    )  # fmt: skip


def hurt(
    victim: tuple[str, int],
    causer: tuple[str, int] | None = None,
    action: str = "block",
    *,
    helper: str = "",
    kept: str = "",
) -> CasualtyEntry:
    """A casualty record: `victim` and `causer` as (side, number)."""
    return CasualtyEntry(
        victim=Ref(*victim), causer=Ref(*causer) if causer else None, action=action,
        helper=helper, kept=kept,
    )  # fmt: skip


def match(
    home: Sequence[PlayerBefore] = (),
    away: Sequence[PlayerBefore] = (),
    *,
    races: tuple[str, str] = ("human", "human"),
    fan_factor: tuple[int, int] = (4, 3),
    treasury: tuple[int, int] = (0, 0),
    value_rest: tuple[int, int] = (0, 0),
    score: tuple[int, int] = (1, 0),
    casualties: Sequence[CasualtyEntry] = (),
    raised: Mapping[str, tuple[int, ...]] | None = None,
    lines: Mapping[str, Mapping[int, Mapping[str, int]]] | None = None,
    concession: Concession | None = None,
) -> MatchBefore:
    """`HOME` at home to `AWAY`, FAME 0 each (recorded with the gate: no gate dice)."""
    raised, lines = raised or {}, lines or {}
    entries = {
        side: SideEntry(
            players=tuple(Line(n, dict(a)) for n, a in (lines.get(side) or {}).items()),
            raised=tuple(raised.get(side, ())),
        )
        for side in ("home", "away")
    }
    report = ReportEntry(
        home_touchdowns=score[0], away_touchdowns=score[1], home=entries["home"],
        away=entries["away"], casualties=tuple(casualties), concession=concession,
    )  # fmt: skip
    sides = [
        SideBefore(
            side, name, fan_factor[i], 0, treasury[i], tuple(players), races[i], value_rest[i]
        )
        for i, (side, name, players) in enumerate((("home", HOME, home), ("away", AWAY, away)))
    ]
    return MatchBefore(sides[0], sides[1], report, {})


def dice(rolled: Mapping[str, int | Sequence[int]]) -> DiceSource:
    """Dice entered at the table by purpose: a D68 as the number read (53: a D6 of 5 for the
    tens, a D8 of 3 for the units), a D6 as its number (1-6), several D6 as a list."""
    stored = {}
    for purpose, value in rolled.items():
        if isinstance(value, int) and value > 10:
            stored[purpose] = ((value // 10, value % 10), "D68", "entered")
        elif isinstance(value, int):
            stored[purpose] = ((value,), "D6", "entered")
        else:
            stored[purpose] = (tuple(value), f"{len(value)}D6", "entered")
    return DiceSource(stored)


# The first steps' dice: home wins (D6 4 + FAME 0 + 1) x 10,000 = 50,000 gp and rolls 3D6 14
# against fan factor 4 (+1); away loses, (D6 3 + FAME 0) x 10,000 = 30,000 gp, 2D6 11 against
# 3 (no change after a loss).
FIRST_DICE: dict[str, int | list[int]] = {
    "winnings for home": 4,
    "winnings for away": 3,
    "fan factor for home": [3, 5, 6],
    "fan factor for away": [5, 6],
}


def run(
    before: MatchBefore, rolled: Mapping[str, int | Sequence[int]], ruleset: Ruleset = LRB6
) -> dict[str, Step]:
    """The whole post-game sequence with `FIRST_DICE` and `rolled`, its steps by key."""
    post = post_game(ruleset, before, dice({**FIRST_DICE, **rolled}))
    return {step.key: step for step in post.steps}


def same(changes: Iterable[Change], expected: Iterable[Change]) -> bool:
    """The same changes, in any order (a change made twice counts twice)."""
    return Counter(changes) == Counter(expected)


def purposes(step: Step) -> list[tuple[str, str, tuple[int, ...]]]:
    return [(die.purpose, die.notation, die.values) for die in step.dice]


def casualties(
    before: MatchBefore, rolled: Mapping[str, int | Sequence[int]], ruleset: Ruleset = LRB6
) -> Step:
    return casualties_step(ruleset, before, dice(rolled), {})


VICTIM = ("away", 5)
BOB = player(5, "Bob", start=LINEMAN)
KILLER = player(7, "Wight")


def one_casualty(victim: PlayerBefore = BOB, **entry: Any) -> MatchBefore:
    return match((KILLER,), (victim,), casualties=[hurt(VICTIM, ("home", 7), **entry)])


def status(number: int, detail: str, was: str = "active", side: str = "away", key: str = ""):
    why = "killed" if detail == "dead" else "injured"
    return Change(side, "status", 0, number, key or f"p{number}", why, detail, was)


def niggle(number: int, side: str = "away", key: str = "") -> Change:
    return Change(side, "injury", 1, number, key or f"p{number}", "Niggling Injury", "N")


def lowered(code: str, number: int, side: str = "away", key: str = "") -> list[Change]:
    key = key or f"p{number}"
    return [
        Change(side, "characteristic", -1, number, key, "injury", code),
        Change(side, "injury", 1, number, key, f"-1 {code}", f"-{code}"),
    ]


# --- Each band of the D68 table ---------------------------------------------------------


@pytest.mark.parametrize("roll", [11, 18, 24, 31, 38])
def test_a_badly_hurt_result_leaves_nothing_lasting(roll: int) -> None:
    step = casualties(one_casualty(), {"casualty for away #5": roll})
    assert step.changes == ()
    assert purposes(step) == [("casualty for away #5", "D68", (roll // 10, roll % 10))]
    assert f"D68 {roll} Badly Hurt" in step.result


@pytest.mark.parametrize("roll", [41, 42, 43, 44, 45, 46, 47, 48])
def test_41_to_48_miss_the_next_game_only(roll: int) -> None:
    step = casualties(one_casualty(), {"casualty for away #5": roll})
    assert step.changes == (status(5, "missing_next_game"),)


@pytest.mark.parametrize(("roll", "name"), [(51, "Damaged Back"), (52, "Smashed Knee")])
def test_51_and_52_are_a_niggling_injury_and_a_missed_game(roll: int, name: str) -> None:
    step = casualties(one_casualty(), {"casualty for away #5": roll})
    assert same(step.changes, [niggle(5), status(5, "missing_next_game")])
    assert step.result == (
        f"{AWAY} #5 Bob: D68 {roll} {name}: a Niggling Injury (+1 to later Injury rolls "
        "against him), misses the next match."
    )


@pytest.mark.parametrize(
    ("roll", "name", "code", "was"),
    [
        (53, "Smashed Hip", "MA", 6),
        (54, "Smashed Ankle", "MA", 6),
        (55, "Serious Concussion", "AV", 8),
        (56, "Fractured Skull", "AV", 8),
        (57, "Broken Neck", "AG", 3),
        (58, "Smashed Collar Bone", "ST", 3),
    ],
)
def test_53_to_58_lower_one_characteristic_and_miss_a_game(
    roll: int, name: str, code: str, was: int
) -> None:
    step = casualties(one_casualty(), {"casualty for away #5": roll})
    assert same(step.changes, [*lowered(code, 5), status(5, "missing_next_game")])
    assert step.result == (
        f"{AWAY} #5 Bob: D68 {roll} {name}: -1 {code} ({was} → {was - 1}), misses the next match."
    )


@pytest.mark.parametrize("roll", [61, 64, 68])
def test_61_to_68_kill_him_and_nothing_else_is_kept(roll: int) -> None:
    step = casualties(one_casualty(), {"casualty for away #5": roll})
    assert step.changes == (status(5, "dead"),)
    assert step.result == f"{AWAY} #5 Bob: D68 {roll} Dead: dead: removed from the roster."


def test_the_niggling_modifier_in_the_words_follows_its_setting() -> None:
    step = casualties(
        one_casualty(), {"casualty for away #5": 51}, rules(niggling_injury_modifier=2)
    )
    assert "a Niggling Injury (+2 to later Injury rolls against him)" in step.result


def test_a_player_sitting_out_an_earlier_injury_records_what_he_was() -> None:
    hurt_before = player(5, "Bob", status="missing_next_game")
    step = casualties(one_casualty(hurt_before), {"casualty for away #5": 45})
    assert step.changes == (status(5, "missing_next_game", was="missing_next_game"),)


# --- The floor: at most 2 below the start, never below 1 ----------------------------------


@pytest.mark.parametrize(
    ("roll", "code", "start", "now", "lowered_to"),
    [
        (57, "AG", 3, 2, 1),  # 2 below 3, and not below 1
        (57, "AG", 3, 1, None),  # already 2 below its start
        (57, "AG", 1, 1, None),  # never below 1
        (57, "AG", 2, 1, None),  # 1 below 2, but never below 1
        (53, "MA", 6, 5, 4),
        (53, "MA", 6, 4, None),  # 6 - 2
        (53, "MA", 6, 7, 6),  # an advanced MA may come back to its start
        (58, "ST", 4, 2, None),
        (55, "AV", 8, 7, 6),
        (55, "AV", 8, 6, None),
    ],
)
def test_an_injury_stops_at_the_floor_but_still_costs_the_next_game(
    roll: int, code: str, start: int, now: int, lowered_to: int | None
) -> None:
    victim = player(5, "Bob", start={**LINEMAN, code: start}, now={**LINEMAN, code: now})
    step = casualties(one_casualty(victim), {"casualty for away #5": roll})
    if lowered_to is None:
        assert step.changes == (status(5, "missing_next_game"),)
        assert f"{code} stays {now}: it may not go lower, misses the next match." in step.result
    else:
        assert same(step.changes, [*lowered(code, 5), status(5, "missing_next_game")])
        assert f"-1 {code} ({now} → {lowered_to})" in step.result


# --- A victim hurt twice (he regenerated the first time) ----------------------------------

ZOMBIE = player(5, "Bob", position="Zombie", skills=("Regeneration",), start={
    "MA": 4, "ST": 3, "AG": 2, "AV": 8})  # fmt: skip


def test_a_victim_regenerated_then_hurt_again_rolls_his_second_dice_under_2() -> None:
    before = match((KILLER,), (ZOMBIE,), casualties=[hurt(VICTIM, ("home", 7))] * 2)
    rolled = {
        "casualty for away #5": 53, "regeneration for away #5": 5,
        "casualty for away #5 (2)": 41, "regeneration for away #5 (2)": 2,
    }  # fmt: skip
    step = casualties(before, rolled)
    assert step.changes == (status(5, "missing_next_game"),)  # the -1 MA was healed
    assert [p for p, _, _ in purposes(step)] == list(rolled)
    assert step.result == (
        f"{AWAY} #5 Bob: D68 53 Smashed Hip; Regeneration D6 5: healed Smashed Hip: no lasting "
        f"harm. {AWAY} #5 Bob: D68 41 Broken Ribs; Regeneration D6 2: failed: misses the next "
        "match."
    )


def test_two_lasting_casualties_of_one_victim_both_stay_with_one_missed_game() -> None:
    before = match((KILLER,), (ZOMBIE,), casualties=[hurt(VICTIM, ("home", 7))] * 2)
    rolled = {
        "casualty for away #5": 53, "regeneration for away #5": 1,
        "casualty for away #5 (2)": 54, "regeneration for away #5 (2)": 3,
    }  # fmt: skip
    step = casualties(before, rolled)
    # MA 4 -> 3 -> 2: two below its start, each a -1 MA on the roster
    assert same(step.changes, [*lowered("MA", 5) * 2, status(5, "missing_next_game")])
    assert "-1 MA (4 → 3)" in step.result
    assert "-1 MA (3 → 2)" in step.result


# --- Decay: two results, one missed game ----------------------------------------------------

ROTTER = player(5, "Bob", position="Rotter", skills=("Decay", "Nurgle's Rot"), start={
    "MA": 5, "ST": 3, "AG": 3, "AV": 8})  # fmt: skip


def test_decay_reads_a_second_result_and_both_stay() -> None:
    rolled = {"casualty for away #5": 51, "Decay casualty for away #5": 55}
    step = casualties(one_casualty(ROTTER), rolled)
    assert same(step.changes, [niggle(5), *lowered("AV", 5), status(5, "missing_next_game")])
    assert purposes(step) == [
        ("casualty for away #5", "D68", (5, 1)),
        ("Decay casualty for away #5", "D68", (5, 5)),
    ]
    assert step.result == (
        f"{AWAY} #5 Bob: D68 51 Damaged Back; Decay: D68 55 Serious Concussion: a Niggling "
        "Injury (+1 to later Injury rolls against him), -1 AV (8 → 7), misses the next match."
    )


def test_decay_with_two_niggling_results_keeps_both() -> None:
    rolled = {"casualty for away #5": 51, "Decay casualty for away #5": 52}
    step = casualties(one_casualty(ROTTER), rolled)
    assert same(step.changes, [niggle(5), niggle(5), status(5, "missing_next_game")])


def test_a_decay_result_of_dead_kills_him() -> None:
    rolled = {"casualty for away #5": 53, "Decay casualty for away #5": 62}
    assert casualties(one_casualty(ROTTER), rolled).changes == (status(5, "dead"),)


def test_without_decay_second_casualty_the_decay_die_is_not_read() -> None:
    rolled = {"casualty for away #5": 41, "Decay casualty for away #5": 61}
    step = casualties(one_casualty(ROTTER), rolled, rules(decay_second_casualty=False))
    assert step.changes == (status(5, "missing_next_game"),)
    assert purposes(step) == [("casualty for away #5", "D68", (4, 1))]
    assert "Decay" not in step.result


def test_a_player_without_decay_reads_no_decay_die() -> None:
    rolled = {"casualty for away #5": 41, "Decay casualty for away #5": 61}
    step = casualties(one_casualty(), rolled)
    assert step.changes == (status(5, "missing_next_game"),)
    assert len(step.dice) == 1


# --- Regeneration (D6 4+) and Igor ------------------------------------------------------


@pytest.mark.parametrize(("die", "healed"), [(1, False), (3, False), (4, True), (6, True)])
def test_regeneration_heals_on_four_or_more(die: int, healed: bool) -> None:
    rolled = {"casualty for away #5": 61, "regeneration for away #5": die}
    step = casualties(one_casualty(ZOMBIE), rolled)
    assert step.changes == (() if healed else (status(5, "dead"),))
    assert ("regeneration for away #5", "D6", (die,)) in purposes(step)
    assert f"Regeneration D6 {die}: {'healed Dead' if healed else 'failed'}" in step.result


@pytest.mark.parametrize(("die", "healed"), [(3, False), (4, True)])
def test_igor_re_rolls_a_failed_regeneration(die: int, healed: bool) -> None:
    rolled = {
        "casualty for away #5": 57, "regeneration for away #5": 2,
        "Igor's regeneration for away #5": die,
    }  # fmt: skip
    step = casualties(one_casualty(ZOMBIE, helper="igor"), rolled)
    if healed:
        assert step.changes == ()
    else:
        assert same(step.changes, [*lowered("AG", 5), status(5, "missing_next_game")])
    assert purposes(step)[-1] == ("Igor's regeneration for away #5", "D6", (die,))
    assert "Regeneration D6 2: failed" in step.result
    assert f"Igor D6 {die}: {'healed Broken Neck' if healed else 'failed'}" in step.result


DECAY_AND_REGENERATION = player(5, "Bob", skills=("Decay", "Regeneration"))
DECAY_REGENERATES = {
    "casualty for away #5": 53,
    "Decay casualty for away #5": 51,
    "regeneration for away #5": 4,
}


def test_regeneration_heals_both_decay_results_by_default() -> None:
    step = casualties(one_casualty(DECAY_AND_REGENERATION), DECAY_REGENERATES)
    assert step.changes == ()
    assert "Regeneration D6 4: healed Smashed Hip and Damaged Back: no lasting harm." in step.result


def test_regeneration_heals_only_the_first_result_when_the_setting_is_off() -> None:
    ruleset = rules(decay_regeneration_heals_both=False)
    step = casualties(one_casualty(DECAY_AND_REGENERATION), DECAY_REGENERATES, ruleset)
    # the Decay result (51, Damaged Back) stands: a Niggling Injury and a missed game
    assert same(step.changes, [niggle(5), status(5, "missing_next_game")])
    assert "Regeneration D6 4: healed Smashed Hip" in step.result


def test_a_failed_regeneration_leaves_both_decay_results() -> None:
    rolled = {**DECAY_REGENERATES, "regeneration for away #5": 3}
    step = casualties(one_casualty(DECAY_AND_REGENERATION), rolled)
    assert same(step.changes, [*lowered("MA", 5), niggle(5), status(5, "missing_next_game")])


# --- The apothecary's second result --------------------------------------------------------


def test_the_apothecarys_kept_second_result_replaces_the_first() -> None:
    rolled = {"casualty for away #5": 61, "apothecary's casualty for away #5": 45}
    step = casualties(one_casualty(helper="apothecary", kept="second"), rolled)
    assert step.changes == (status(5, "missing_next_game"),)
    assert purposes(step) == [
        ("casualty for away #5", "D68", (6, 1)),
        ("apothecary's casualty for away #5", "D68", (4, 5)),
    ]
    assert step.result == (
        f"{AWAY} #5 Bob: D68 61 Dead; apothecary: D68 45 Fractured Arm, kept: misses the next "
        "match."
    )


def test_the_first_result_kept_stands() -> None:
    rolled = {"casualty for away #5": 61, "apothecary's casualty for away #5": 45}
    step = casualties(one_casualty(helper="apothecary", kept="first"), rolled)
    assert step.changes == (status(5, "dead"),)
    assert "apothecary: D68 45 Fractured Arm, the first result kept" in step.result


def test_a_wandering_apothecarys_kept_second_result_replaces_the_first() -> None:
    rolled = {"casualty for away #5": 61, "apothecary's casualty for away #5": 45}
    step = casualties(one_casualty(helper="wandering_apothecary", kept="second"), rolled)
    assert step.changes == (status(5, "missing_next_game"),)


def test_the_apothecary_re_rolls_the_first_result_of_a_decay_player() -> None:
    rolled = {
        "casualty for away #5": 61, "Decay casualty for away #5": 41,
        "apothecary's casualty for away #5": 38,
    }  # fmt: skip
    step = casualties(one_casualty(ROTTER, helper="apothecary", kept="second"), rolled)
    assert step.changes == (status(5, "missing_next_game"),)  # 38 Badly Hurt and 41


# --- Who keeps what: own players, journeymen, not stars or mercenaries ---------------------


def test_a_journeymans_result_is_carried_without_a_key() -> None:
    journeyman = player(12, "Jon", kind="journeyman")
    before = match((KILLER,), (journeyman,), casualties=[hurt(("away", 12), ("home", 7))])
    step = casualties(before, {"casualty for away #12": 53})
    assert same(step.changes, [
        Change("away", "characteristic", -1, 12, "", "injury", "MA"),
        Change("away", "injury", 1, 12, "", "-1 MA", "-MA"),
        Change("away", "status", 0, 12, "", "injured", "missing_next_game", "active"),
    ])  # fmt: skip


def test_a_dead_journeyman_is_carried_without_a_key() -> None:
    journeyman = player(12, "Jon", kind="journeyman")
    before = match((KILLER,), (journeyman,), casualties=[hurt(("away", 12), ("home", 7))])
    step = casualties(before, {"casualty for away #12": 66})
    assert step.changes == (Change("away", "status", 0, 12, "", "killed", "dead", "active"),)


@pytest.mark.parametrize("kind", ["star", "mercenary"])
def test_a_star_or_a_mercenary_keeps_nothing(kind: str) -> None:
    hire = player(20, "Hired Hand", kind=kind)
    before = match((hire,), (player(5),), casualties=[
        hurt(("home", 20), ("away", 5)), hurt(("home", 20), ("away", 5))])  # fmt: skip
    rolled = {"casualty for home #20": 53, "casualty for home #20 (2)": 61}
    step = casualties(before, rolled)
    assert step.changes == ()
    assert f"(a {kind} keeps nothing after the match)" in step.result


def test_a_home_victim_is_kept_on_the_home_side() -> None:
    before = match((player(3, "Ann"),), (player(5),), casualties=[hurt(("home", 3), ("away", 5))])
    step = casualties(before, {"casualty for home #3": 41})
    assert step.changes == (status(3, "missing_next_game", side="home"),)
    assert step.result == f"{HOME} #3 Ann: D68 41 Broken Ribs: misses the next match."


def test_no_casualties_reads_so() -> None:
    step = casualties(match((KILLER,), (BOB,)), {})
    assert (step.key, step.name, step.dice, step.changes) == (
        "casualties", "Casualties and the dead", (), ()
    )  # fmt: skip
    assert step.result == "No casualties."


# --- The dice it asks for ------------------------------------------------------------------


def test_a_missing_casualty_die_is_named_by_its_purpose() -> None:
    before = match((KILLER,), (player(3),), casualties=[hurt(("away", 3), ("home", 7))])
    with pytest.raises(DiceMissing) as raised:
        run(before, {})
    assert raised.value.needs == (("casualty for away #3", "D68"),)
    assert "D68 for 'casualty for away #3'" in str(raised.value)


def test_a_missing_decay_die_is_named_too() -> None:
    with pytest.raises(DiceMissing) as raised:
        run(one_casualty(ROTTER), {"casualty for away #5": 41})
    assert raised.value.needs == (("Decay casualty for away #5", "D68"),)


def test_a_second_casualty_of_a_victim_asks_for_its_own_die() -> None:
    before = match((KILLER,), (ZOMBIE,), casualties=[hurt(VICTIM, ("home", 7))] * 2)
    with pytest.raises(DiceMissing) as raised:
        run(before, {"casualty for away #5": 41, "regeneration for away #5": 5})
    assert raised.value.needs == (("casualty for away #5 (2)", "D68"),)


def test_the_whole_sequence_carries_the_casualties_step() -> None:
    steps = run(one_casualty(), {"casualty for away #5": 58})
    assert same(steps["casualties"].changes, [*lowered("ST", 5), status(5, "missing_next_game")])


# --- No improvement roll for the dead ---------------------------------------------------


def test_a_dead_player_who_crossed_a_level_has_no_roll_due() -> None:
    scorer = player(7, "Wight", spp=5)  # 5 + a touchdown's 3 = 8: Experienced
    before = match(
        (scorer,), (player(5),), casualties=[hurt(("home", 7), ("away", 5))],
        lines={"home": {7: {"touchdown": 1}}},
    )  # fmt: skip
    for roll, ups in ((41, [7]), (61, [])):
        rolled = dice({"casualty for home #7": roll})
        post = PostGame((spp_step(LRB6, before, rolled, {}), casualties_step(LRB6, before, rolled,
                                                                              {})))  # fmt: skip
        assert level_ups(LRB6, before, post) == {"home": ups, "away": []}


def test_a_dead_player_has_no_roll_due_after_the_whole_sequence() -> None:
    scorer = player(7, "Wight", spp=5)
    before = match(
        (scorer,), (player(5),), casualties=[hurt(("home", 7), ("away", 5))],
        lines={"home": {7: {"touchdown": 1}}},
    )  # fmt: skip
    rolled = dice({**FIRST_DICE, "casualty for home #7": 65})
    post = post_game(LRB6, before, rolled)
    assert post.total("home", "spp", 7) == 3
    assert level_ups(LRB6, before, post) == {"home": [], "away": []}
