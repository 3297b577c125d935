"""GDBBL's injuries step after the match (rules/engine/post_game/gdbbl_injuries.py): what each
casualty record leaves on the roster (M, N, -1 characteristic, dead), who keeps it, a second
casualty of a player who regenerated, the "ability lost" die a coach picks, and the
Necromancer's Raise Dead with each reason it may be refused.

Every number is read by hand from 001 ("Injuries", "Regeneration", "Ball and Chain", "Undead
Necromancer", the team lists), the notes (seed-gdbbl-1st-blitz.md §A.5, §A.7) and
rules/editions/gdbbl/ (tables.yaml serious_injury, settings.yaml, races.yaml).

The helpers at the top (`player`, `hurt`, `match`, `dice`, `run`) are shared with
tests/rules/engine/post_game/test_post_game_gdbbl.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.post_game import (
    Change,
    DiceMissing,
    DiceSource,
    MatchBefore,
    PlayerBefore,
    SideBefore,
    Step,
    post_game,
)
from rules.engine.post_game.gdbbl_injuries import injuries_step
from rules.engine.report_entry import CasualtyEntry, Concession, Line, Ref, ReportEntry, SideEntry
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset

GDBBL = edition_ruleset(edition_read("gdbbl"), version=1)
HOME, AWAY = "Champions of Death", "Reikland Reavers"
# 001's team lists: a Human Lineman MA 6 ST 3 AG 3 AV 8 for 50,000; an Undead Skeleton
# MA 5 ST 3 AG 2 AV 7 with Regenerate for 30,000, a Zombie 30,000.
LINEMAN = {"MA": 6, "ST": 3, "AG": 3, "AV": 8}
LINEMAN_COST = 50_000
SKELETON = {"MA": 5, "ST": 3, "AG": 2, "AV": 7}
SKELETON_COST = ZOMBIE_COST = 30_000


def rules(**settings: Any) -> Ruleset:
    return replace(GDBBL, settings={**GDBBL.settings, **settings})


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
    star: bool = False,
    size: str = "human",
    special: str = "",
) -> PlayerBefore:
    key = f"p{number}" if kind == "roster" else ""
    return PlayerBefore(
        number, name or f"Player {number}", kind, key, spp, position, value, status, played,
        dict(start), dict(now if now is not None else start), frozenset(skills), (), star,
        size, special,
    )  # fmt: skip


def skeleton(number: int, name: str = "", **kwargs: Any) -> PlayerBefore:
    return player(number, name, position="Skeleton", value=SKELETON_COST, start=SKELETON,
                  skills=("Regeneration",), **kwargs)  # fmt: skip


def hurt(
    victim: tuple[str, int],
    causer: tuple[str, int] | None = None,
    action: str = "block",
    *,
    means: str = "ordinary",
    modifier: int = 0,
    helper: str = "",
    kept: str = "",
) -> CasualtyEntry:
    """A casualty record: `victim` and `causer` as (side, number)."""
    return CasualtyEntry(
        victim=Ref(*victim), causer=Ref(*causer) if causer else None, action=action,
        means=means, modifier=modifier, helper=helper, kept=kept,
    )  # fmt: skip


def match(
    home: Sequence[PlayerBefore] = (),
    away: Sequence[PlayerBefore] = (),
    *,
    races: tuple[str, str] = ("human", "human"),
    fan_factor: tuple[int, int] = (4, 3),
    value_rest: tuple[int, int] = (0, 0),
    rating: tuple[int | None, int | None] = (100, 100),
    staff: Mapping[str, Mapping[str, int]] | None = None,
    gone: Mapping[str, tuple[int, ...]] | None = None,
    gate: int | None = 45_000,
    score: tuple[int, int] = (1, 0),
    casualties: Sequence[CasualtyEntry] = (),
    raised: Mapping[str, tuple[int, ...]] | None = None,
    lines: Mapping[str, Mapping[int, Mapping[str, int]]] | None = None,
    mvps: Mapping[str, tuple[int, ...]] | None = None,
    concession: Concession | None = None,
) -> MatchBefore:
    """`HOME` at home to `AWAY`, with the gate and both ratings recorded at kick-off unless
    given as None."""
    raised, lines, staff, gone = raised or {}, lines or {}, staff or {}, gone or {}
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
            side,
            name,
            fan_factor[i],
            None,
            0,
            tuple(players),
            races[i],
            value_rest[i],
            tuple(gone.get(side, ())),
            rating[i],
            dict(staff.get(side, {})),
        )
        for i, (side, name, players) in enumerate((("home", HOME, home), ("away", AWAY, away)))
    ]
    return MatchBefore(sides[0], sides[1], report, dict(mvps or {}), gate)


def dice(rolled: Mapping[str, int | Sequence[int]], seed: str | None = None) -> DiceSource:
    """Dice entered at the table by purpose: a D6 (or the "ability lost" pick, 1 of 4) as
    its number, several D6 as a list."""
    stored = {}
    for purpose, value in rolled.items():
        if isinstance(value, int):
            notation = "1 of 4" if purpose.startswith("ability lost") else "D6"
            stored[purpose] = ((value,), notation, "entered")
        else:
            stored[purpose] = (tuple(value), f"{len(value)}D6", "entered")
    return DiceSource(stored, seed)


# The later steps' dice: both coaches roll 3 for winnings; home wins and rolls 3 for fan
# factor (3 + 1 = 4: no change), away loses and rolls 3 (3 - 1 = 2: no change).
FIRST_DICE: dict[str, int | list[int]] = {
    "winnings for home": 3,
    "winnings for away": 3,
    "fan factor for home": 3,
    "fan factor for away": 3,
}


def run(
    before: MatchBefore, rolled: Mapping[str, int | Sequence[int]], ruleset: Ruleset = GDBBL
) -> dict[str, Step]:
    """The whole post-game sequence with `FIRST_DICE` and `rolled`, its steps by key."""
    post = post_game(ruleset, before, dice({**FIRST_DICE, **rolled}))
    return {step.key: step for step in post.steps}


def injuries(
    before: MatchBefore, rolled: Mapping[str, int | Sequence[int]], ruleset: Ruleset = GDBBL
) -> Step:
    return injuries_step(ruleset, before, dice(rolled), {})


def same(changes: Iterable[Change], expected: Iterable[Change]) -> bool:
    """The same changes, in any order (a change made twice counts twice)."""
    return Counter(changes) == Counter(expected)


def purposes(step: Step) -> list[tuple[str, str, tuple[int, ...]]]:
    return [(die.purpose, die.notation, die.values) for die in step.dice]


def status(number: int, detail: str, was: str = "active", side: str = "away") -> Change:
    why = "killed" if detail == "dead" else "injured"
    return Change(side, "status", 0, number, f"p{number}", why, detail, was)


def niggle(number: int, side: str = "away") -> Change:
    return Change(side, "injury", 1, number, f"p{number}", "Niggling Injury", "N")


def lowered(code: str, number: int, side: str = "away") -> list[Change]:
    key = f"p{number}"
    return [
        Change(side, "characteristic", -1, number, key, "injury", code),
        Change(side, "injury", 1, number, key, f"-1 {code}", f"-{code}"),
    ]


VICTIM = ("away", 5)
BOB = player(5, "Bob")
WIGHT = player(7, "Wight")


def one_casualty(victim: PlayerBefore = BOB, **entry: Any) -> MatchBefore:
    return match((WIGHT,), (victim,), casualties=[hurt(VICTIM, ("home", 7), **entry)])


# --- What stays on the roster ------------------------------------------------------------


def test_a_badly_hurt_player_keeps_nothing() -> None:
    step = injuries(one_casualty(), {"injury for away #5": [4, 6]})
    assert step.changes == ()
    assert purposes(step) == [("injury for away #5", "2D6", (4, 6))]


@pytest.mark.parametrize("serious", [[1, 1], [3, 4]])  # 2-7: miss next game
def test_a_serious_injury_writes_m(serious: list[int]) -> None:
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": serious}
    step = injuries(one_casualty(), rolled)
    assert step.changes == (status(5, "missing_next_game"),)
    assert purposes(step) == [("injury for away #5", "2D6", (5, 6)),
                              ("serious injury for away #5", "2D6", tuple(serious))]  # fmt: skip


@pytest.mark.parametrize("serious", [[4, 4], [3, 6]])  # 8-9: niggling injury
def test_a_niggling_injury_writes_n_and_m(serious: list[int]) -> None:
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": serious}
    step = injuries(one_casualty(), rolled)
    assert same(step.changes, [niggle(5), status(5, "missing_next_game")])


@pytest.mark.parametrize(("face", "code"), [(1, "MA"), (2, "ST"), (3, "AG"), (4, "AV")])
def test_minus_one_ability_lowers_the_picked_characteristic_and_writes_m(face, code) -> None:
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [5, 5],
              "ability lost for away #5": face}  # fmt: skip
    step = injuries(one_casualty(), rolled)
    assert same(step.changes, [*lowered(code, 5), status(5, "missing_next_game")])
    assert purposes(step)[-1] == ("ability lost for away #5", "1 of 4", (face,))


def test_a_lowered_characteristic_passes_the_loss_to_the_next_one() -> None:
    # ability_loss_limit lifetime (the default): ST is already 2, one below 3
    hurt_before = player(5, "Bob", now={**LINEMAN, "ST": 2})
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [6, 6],
              "ability lost for away #5": 2}  # fmt: skip
    step = injuries(one_casualty(hurt_before), rolled)
    assert same(step.changes, [*lowered("AG", 5), status(5, "missing_next_game")])


def test_with_all_four_lowered_minus_one_ability_leaves_only_the_m() -> None:
    worn = player(5, "Bob", now={"MA": 5, "ST": 2, "AG": 2, "AV": 7})
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [5, 5],
              "ability lost for away #5": 1}  # fmt: skip
    step = injuries(one_casualty(worn), rolled)
    assert step.changes == (status(5, "missing_next_game"),)


def test_per_injury_a_characteristic_at_1_leaves_only_the_m() -> None:
    # 001's Mummy: AG 1
    mummy = player(5, "Bob", start={"MA": 3, "ST": 5, "AG": 1, "AV": 9})
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [5, 5],
              "ability lost for away #5": 3}  # fmt: skip
    step = injuries(one_casualty(mummy), rolled, rules(ability_loss_limit="per_injury"))
    assert step.changes == (status(5, "missing_next_game"),)


def test_a_dead_player_is_removed() -> None:
    step = injuries(one_casualty(), {"injury for away #5": [6, 6]})
    assert step.changes == (status(5, "dead"),)


def test_a_player_who_was_missing_a_match_dies_from_that_status() -> None:
    # the status change records what he was at kick-off
    step = injuries(one_casualty(player(5, "Bob", status="missing_next_game")),
                    {"injury for away #5": [6, 6]})  # fmt: skip
    assert step.changes == (status(5, "dead", was="missing_next_game"),)


def test_a_regenerated_player_keeps_nothing() -> None:
    before = match((player(7),), (skeleton(5, "Bones"),), races=("human", "undead"),
                   casualties=[hurt(VICTIM, ("home", 7))])  # fmt: skip
    step = injuries(before, {"injury for away #5": [6, 6], "regeneration for away #5": 2})
    assert step.changes == ()
    assert purposes(step) == [("injury for away #5", "2D6", (6, 6)),
                              ("regeneration for away #5", "D6", (2,))]  # fmt: skip


def test_a_failed_regeneration_leaves_the_death() -> None:
    before = match((player(7),), (skeleton(5, "Bones"),), races=("human", "undead"),
                   casualties=[hurt(VICTIM, ("home", 7))])  # fmt: skip
    step = injuries(before, {"injury for away #5": [6, 6], "regeneration for away #5": 1})
    assert step.changes == (status(5, "dead"),)


@pytest.mark.parametrize(
    "rolled",
    [
        {"injury for away #5": [6, 6]},
        {"injury for away #5": [5, 6], "serious injury for away #5": [5, 5],
         "ability lost for away #5": 1},
        {"injury for away #5": [5, 6], "serious injury for away #5": [4, 4]},
    ],
)  # fmt: skip
def test_a_freebooter_keeps_nothing(rolled) -> None:
    # hired "for one game only" (001 Hire freebooters): he leaves with whatever happened
    step = injuries(one_casualty(player(5, "Hired Hand", kind="freebooter")), rolled)
    assert step.changes == ()
    assert "Hired Hand" in step.result


def test_a_star_hired_for_good_keeps_his_injuries() -> None:
    star = player(5, "Griff Oberwald", value=180_000, star=True)
    rolled = {"injury for away #5": [5, 6], "serious injury for away #5": [4, 5]}
    step = injuries(one_casualty(star), rolled)
    assert same(step.changes, [niggle(5), status(5, "missing_next_game")])


def test_a_second_casualty_of_a_regenerated_player_rolls_under_its_own_name() -> None:
    before = match((player(7), player(8)), (skeleton(5, "Bones"),), races=("human", "undead"),
                   casualties=[hurt(VICTIM, ("home", 7)), hurt(VICTIM, ("home", 8))])  # fmt: skip
    rolled = {
        "injury for away #5": [6, 6], "regeneration for away #5": 4,  # back to the reserves
        "injury for away #5 (2)": [5, 6], "regeneration for away #5 (2)": 1,
        "serious injury for away #5 (2)": [4, 5],  # 9: niggling
    }  # fmt: skip
    step = injuries(before, rolled)
    assert same(step.changes, [niggle(5), status(5, "missing_next_game")])
    assert [p for p, _, _ in purposes(step)] == list(rolled)


def test_a_dead_player_is_not_hurt_again() -> None:
    before = match((player(7), player(8)), (BOB,),
                   casualties=[hurt(VICTIM, ("home", 7)), hurt(VICTIM, ("home", 8))])  # fmt: skip
    source = dice({"injury for away #5": [6, 6]})
    step = injuries_step(GDBBL, before, source, {})
    assert step.changes == (status(5, "dead"),)
    assert source.missing == []  # the second record asks for no die


@pytest.mark.parametrize(("die", "dead"), [(1, True), (3, True), (4, False), (6, False)])
def test_a_fanatic_hurt_by_his_own_ball_and_chain(die: int, dead: bool) -> None:
    # 001 Ball and Chain: "1-3 the fanatic is dead. 4-6 ... may play next match"
    fanatic = player(9, "Fungus the Loon", value=60_000, star=True, size="small",
                     special="Ball & Chain")  # fmt: skip
    before = match((fanatic,), (BOB,), races=("goblin", "human"),
                   casualties=[hurt(("home", 9), None, "none", means="own_weapon")])  # fmt: skip
    step = injuries(before, {"Ball and Chain for home #9": die})
    assert step.changes == ((status(9, "dead", side="home"),) if dead else ())
    assert purposes(step) == [("Ball and Chain for home #9", "D6", (die,))]


def test_a_death_roller_knocked_down_plays_next_match_and_rolls_nothing() -> None:
    # 001 Dwarf Death-Roller: "It can be used again in next match."
    roller = player(11, "The Deathroller", value=160_000, star=True, special="Dwarf Death-Roller")
    before = match((roller,), (BOB,), races=("dwarf", "human"),
                   casualties=[hurt(("home", 11), ("away", 5))])  # fmt: skip
    source = dice({})
    step = injuries_step(GDBBL, before, source, {})
    assert step.changes == ()
    assert step.dice == ()
    assert source.missing == []


# --- The "ability lost" pick under serious_injury_ability ---------------------------------

SERIOUS_LOSS = {"injury for away #5": [5, 6], "serious injury for away #5": [5, 5]}


@pytest.mark.parametrize("who", ["coach_choice", "opponent_choice"])
def test_a_chosen_ability_is_entered_only_even_where_the_server_rolls(who: str) -> None:
    source = dice(SERIOUS_LOSS, seed="match 12")
    injuries_step(rules(serious_injury_ability=who), one_casualty(), source, {})
    assert source.missing == [("ability lost for away #5", "1 of 4")]


@pytest.mark.parametrize("who", ["coach_choice", "opponent_choice"])
def test_a_chosen_ability_missing_stops_the_whole_sequence(who: str) -> None:
    with pytest.raises(DiceMissing) as raised:
        post_game(rules(serious_injury_ability=who), one_casualty(),
                  dice({**FIRST_DICE, **SERIOUS_LOSS}, seed="match 12"))  # fmt: skip
    assert raised.value.needs == (("ability lost for away #5", "1 of 4"),)


@pytest.mark.parametrize("who", ["coach_choice", "opponent_choice"])
def test_a_chosen_ability_once_entered_is_the_one_lowered(who: str) -> None:
    source = dice({**SERIOUS_LOSS, "ability lost for away #5": 3}, seed="match 12")
    step = injuries_step(rules(serious_injury_ability=who), one_casualty(), source, {})
    assert source.missing == []
    assert same(step.changes, [*lowered("AG", 5), status(5, "missing_next_game")])


def test_a_random_ability_is_rolled_by_the_server() -> None:
    source = dice(SERIOUS_LOSS, seed="match 12")
    step = injuries_step(GDBBL, one_casualty(), source, {})
    assert source.missing == []
    (pick,) = [d for d in step.dice if d.purpose == "ability lost for away #5"]
    assert (pick.notation, pick.source) == ("1 of 4", "rolled")
    assert 1 <= pick.values[0] <= 4


def test_without_a_seed_a_random_ability_is_asked_for() -> None:
    source = dice(SERIOUS_LOSS)
    injuries_step(GDBBL, one_casualty(), source, {})
    assert source.missing == [("ability lost for away #5", "1 of 4")]


# --- Raise Dead (001 Undead Necromancer) ---------------------------------------------------

UNDEAD = ("undead", "human")
KILLED_BOB = {"injury for away #5": [6, 6]}


def undead(count: int, *, first: int = 1) -> tuple[PlayerBefore, ...]:
    return tuple(skeleton(n) for n in range(first, first + count))


def joins(step: Step) -> list[tuple[str, int | None, str, str]]:
    return [(c.side, c.number, c.detail, c.name) for c in step.changes if c.what == "join"]


def raise_dead(
    home: Sequence[PlayerBefore],
    away: Sequence[PlayerBefore] = (BOB,),
    rolled: Mapping[str, int | Sequence[int]] = KILLED_BOB,
    raised: tuple[int, ...] = (5,),
    ruleset: Ruleset = GDBBL,
    **kwargs: Any,
) -> Step:
    kwargs.setdefault("casualties", [hurt(VICTIM, ("home", 1))])
    before = match(home, away, races=UNDEAD, raised={"home": raised}, **kwargs)
    return injuries(before, rolled, ruleset)


def test_a_killed_opponent_joins_the_undead_as_a_zombie_in_the_first_free_shirt() -> None:
    step = raise_dead(undead(11))
    assert joins(step) == [("home", 12, "Zombie", "Bob")]
    (join,) = [c for c in step.changes if c.what == "join"]
    assert (join.amount, join.key) == (1, "")  # a new player, no ledger key yet


def test_the_zombie_skips_the_shirts_of_players_dead_or_gone() -> None:
    home = (*undead(3), *undead(4, first=6))  # #1-#3 and #6-#9; #4 and #5 are gone
    step = raise_dead(home, gone={"home": (4, 5)})
    assert joins(step) == [("home", 10, "Zombie", "Bob")]


def test_the_zombie_takes_a_gap_no_one_has_worn() -> None:
    home = (*undead(3), *undead(4, first=6))
    step = raise_dead(home, gone={"home": (5,)})
    assert joins(step) == [("home", 4, "Zombie", "Bob")]


def test_the_killed_opponent_still_leaves_his_own_team() -> None:
    step = raise_dead(undead(11))
    assert status(5, "dead") in step.changes


@pytest.mark.parametrize(
    "rolled",
    [
        {"injury for away #5": [4, 6]},  # Badly Hurt
        {"injury for away #5": [5, 6], "serious injury for away #5": [1, 1]},
    ],
)
def test_raise_dead_is_refused_for_a_player_not_killed(rolled) -> None:
    step = raise_dead(undead(11), rolled=rolled)
    assert joins(step) == []
    assert "may not raise Bob: he was not killed in this match" in step.result


def test_raise_dead_is_refused_for_a_player_the_apothecary_saved() -> None:
    casualties = [hurt(VICTIM, ("home", 1), helper="apothecary")]
    rolled = {"injury for away #5": [6, 6], "apothecary's roll for away #5": [4, 6]}
    step = raise_dead(undead(11), rolled=rolled, casualties=casualties)
    assert joins(step) == []
    assert "not killed" in step.result


def test_raise_dead_is_refused_for_a_player_nobody_hurt() -> None:
    step = raise_dead(undead(11), away=(BOB, player(6, "Ann")), raised=(6,))
    assert joins(step) == []
    assert "may not raise #6: he was not killed in this match" in step.result


@pytest.mark.parametrize(
    ("size", "victim"),
    [("small", "Halfling"), ("small", "Goblin"), ("large", "Morg 'n' Thorg")],
)
def test_raise_dead_is_refused_for_a_player_not_of_roughly_human_size(size, victim) -> None:
    # 001: "roughly human size (not large monsters or small players like halflings or goblins)"
    step = raise_dead(undead(11), away=(player(5, victim, size=size),))
    assert joins(step) == []
    assert f"may not raise {victim}: he is {size}" in step.result


def test_the_necromancer_raises_one_zombie_per_match() -> None:
    away = (BOB, player(6, "Ann"))
    casualties = [hurt(VICTIM, ("home", 1)), hurt(("away", 6), ("home", 2))]
    rolled = {**KILLED_BOB, "injury for away #6": [6, 6]}
    step = raise_dead(undead(11), away=away, rolled=rolled, raised=(5, 6),
                      casualties=casualties)  # fmt: skip
    assert joins(step) == [("home", 12, "Zombie", "Bob")]
    assert "may not raise Ann: he comes too late" in step.result


def test_a_refused_victim_does_not_use_up_the_spell() -> None:
    away = (player(5, "Halfling", size="small"), player(6, "Ann"))
    casualties = [hurt(VICTIM, ("home", 1)), hurt(("away", 6), ("home", 2))]
    rolled = {**KILLED_BOB, "injury for away #6": [6, 6]}
    step = raise_dead(undead(11), away=away, rolled=rolled, raised=(5, 6),
                      casualties=casualties)  # fmt: skip
    assert joins(step) == [("home", 12, "Zombie", "Ann")]


def test_raise_dead_is_refused_for_a_team_of_16() -> None:
    # 001: "if the undead team has fewer than 16 players"
    step = raise_dead(undead(16))
    assert joins(step) == []
    assert "finds no place: the team has 16 players (zombie_raise_limit 16)" in step.result


def test_a_team_of_15_raises_its_16th() -> None:
    step = raise_dead(undead(15))
    assert joins(step) == [("home", 16, "Zombie", "Bob")]


def test_the_team_is_counted_after_its_own_dead() -> None:
    # 16 Skeletons, #3 killed (his Regeneration fails): 15 remain, so Bob rises; #3 keeps
    # his shirt, so the Zombie takes #17
    casualties = [hurt(VICTIM, ("home", 1)), hurt(("home", 3), ("away", 5))]
    rolled = {**KILLED_BOB, "injury for home #3": [6, 6], "regeneration for home #3": 1}
    step = raise_dead(undead(16), rolled=rolled, casualties=casualties)
    assert status(3, "dead", side="home") in step.changes
    assert joins(step) == [("home", 17, "Zombie", "Bob")]


def test_a_house_zombie_raise_limit_is_read() -> None:
    step = raise_dead(undead(12), ruleset=rules(zombie_raise_limit=12))
    assert joins(step) == []
    assert "the team has 12 players (zombie_raise_limit 12)" in step.result
    assert joins(raise_dead(undead(11), ruleset=rules(zombie_raise_limit=12))) == [
        ("home", 12, "Zombie", "Bob")
    ]


def test_a_team_without_a_necromancer_raises_nobody() -> None:
    before = match((player(1),), (BOB,), races=("human", "human"), raised={"home": (5,)},
                   casualties=[hurt(VICTIM, ("home", 1))])  # fmt: skip
    step = injuries(before, KILLED_BOB)
    assert joins(step) == []
    assert "Necromancer" not in step.result
