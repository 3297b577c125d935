"""The GDBBL post-game's harder cases (rules/engine/post_game_gdbbl*.py): a Death-Roller
knocked down is no casualty, a player hurt again only after he regenerated, an ability
reduced only once however it was raised, the Undead list's eight Zombies, a star's counters
without SPP, a player killed in the match drawn MVP, and a rating never recorded."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.gdbbl_injuries import ability_lowered
from rules.engine.post_game.gdbbl import POST_GAME_PURPOSE
from tests.rules.engine.post_game.test_post_game_gdbbl_injuries import (
    GDBBL,
    LINEMAN,
    ZOMBIE_COST,
    hurt,
    injuries,
    match,
    player,
    rules,
    run,
    skeleton,
)

DEATH_ROLLER = "Dwarf Death-Roller"


def changes_of(step, what: str, side: str = "home") -> list:
    return [(c.number, c.amount) for c in step.changes if c.what == what and c.side == side]


# --- A Death-Roller knocked down (001: "can be used again in next match") ------------------


def test_a_death_roller_knocked_down_earns_his_blocker_no_spp() -> None:
    roller = player(9, "The Deathroller", special=DEATH_ROLLER, star=True)
    before = match([player(7)], [roller], casualties=[hurt(("away", 9), ("home", 7))])
    steps = run(before, {})
    assert changes_of(steps["spp"], "spp") == []
    assert changes_of(steps["spp"], "casualties") == []


def test_a_death_roller_does_not_count_toward_two_casualties_inflicted() -> None:
    # D6 4 + 1 won = 5: with the Death-Roller counted as a second casualty it would be 6 (+1).
    roller = player(9, special=DEATH_ROLLER, star=True)
    lineman = player(8, now=LINEMAN)
    before = match(
        [player(7)], [roller, lineman],
        casualties=[hurt(("away", 9), ("home", 7)), hurt(("away", 8), ("home", 7))],
    )  # fmt: skip
    steps = run(before, {"fan factor for home": 4, "injury for away #8": [5, 5]})
    assert steps["fan_factor"].inputs["casualties_inflicted"]["home"] == 1
    assert changes_of(steps["fan_factor"], "fan_factor") == []


# --- Hurt again only after regenerating ------------------------------------------------


def test_a_second_casualty_of_a_player_whose_regeneration_failed_changes_nothing_more() -> None:
    bones = skeleton(3, "Bones")
    before = match(
        [player(7)], [bones], races=("human", "undead"),
        casualties=[hurt(("away", 3), ("home", 7)), hurt(("away", 3), ("home", 7))],
    )  # fmt: skip
    rolled = {"injury for away #3": [5, 6], "regeneration for away #3": 1,
              "serious injury for away #3": [2, 3]}  # fmt: skip
    step = injuries(before, rolled)
    missing = [c for c in step.changes if c.what == "status"]
    assert [(c.number, c.detail) for c in missing] == [(3, "missing_next_game")]
    assert [d.purpose for d in step.dice] == [
        "injury for away #3", "regeneration for away #3", "serious injury for away #3"
    ]  # fmt: skip


def test_a_player_who_regenerated_may_be_hurt_again_and_keeps_the_second_result() -> None:
    bones = skeleton(3, "Bones")
    before = match(
        [player(7)], [bones], races=("human", "undead"),
        casualties=[hurt(("away", 3), ("home", 7)), hurt(("away", 3), ("home", 7))],
    )  # fmt: skip
    rolled = {"injury for away #3": [6, 6], "regeneration for away #3": 2,
              "injury for away #3 (2)": [5, 6], "regeneration for away #3 (2)": 1,
              "serious injury for away #3 (2)": [2, 3]}  # fmt: skip
    step = injuries(before, rolled)
    assert [(c.number, c.detail) for c in step.changes if c.what == "status"] == [
        (3, "missing_next_game")
    ]


# --- "An ability cannot be reduced more than 1" ------------------------------------------


def test_under_lifetime_an_ability_raised_and_then_reduced_is_not_reduced_again() -> None:
    # ST 3 raised to 4 by a star player roll, then -1 (the "-ST" on his roster): ST 3 again,
    # at its start, but already reduced once: the loss passes to AG.
    now = {**LINEMAN, "ST": 3}
    assert ability_lowered(GDBBL, 2, LINEMAN, now, {"ST"}) == "AG"


def test_per_injury_an_ability_reduced_before_is_reduced_again() -> None:
    now = {**LINEMAN, "ST": 3}
    assert ability_lowered(rules(ability_loss_limit="per_injury"), 2, LINEMAN, now, {"ST"}) == "ST"


def test_the_injuries_step_reads_the_earlier_reductions_from_the_roster() -> None:
    veteran = replace(player(4, "Old Hans", now={**LINEMAN, "ST": 3}), injuries=("-ST",))
    before = match([player(7)], [veteran], casualties=[hurt(("away", 4), ("home", 7))])
    rolled = {"injury for away #4": [5, 6], "serious injury for away #4": [5, 5],
              "ability lost for away #4": 2}  # fmt: skip
    step = injuries(before, rolled)
    assert [(c.detail, c.amount) for c in step.changes if c.what == "characteristic"] == [
        ("AG", -1)
    ]


# --- The Undead list's eight Zombies ----------------------------------------------------


def test_an_undead_team_with_eight_zombies_raises_no_ninth() -> None:
    zombies = [player(n, position="Zombie", value=ZOMBIE_COST) for n in range(1, 9)]
    victim = player(5, "Hans")
    before = match(
        zombies, [victim], races=("undead", "human"),
        casualties=[hurt(("away", 5), ("home", 1))], raised={"home": (5,)},
    )  # fmt: skip
    step = injuries(before, {"injury for away #5": [6, 6]})
    assert [c for c in step.changes if c.what == "join"] == []
    assert "the team has 8 Zombies, as many as its team list allows" in step.result


# --- A star's counters; a dead MVP; a rating never recorded ---------------------------------


def test_a_star_hired_for_good_keeps_his_touchdowns_without_spp() -> None:
    griff = player(12, "Griff", star=True)
    before = match([griff], [player(1)], lines={"home": {12: {"touchdown": 2}}})
    steps = run(before, {})
    assert changes_of(steps["spp"], "spp") == []
    assert changes_of(steps["spp"], "touchdowns") == [(12, 2)]
    assert "Griff: 2 × Touchdown, no SPP (star players cannot earn SPP)." in steps["spp"].result


def test_a_player_killed_in_the_match_and_drawn_mvp_has_no_roll_due() -> None:
    hans = player(4, "Hans", spp=3)
    before = match(
        [player(7)], [hans], casualties=[hurt(("away", 4), ("home", 7))], mvps={"away": (4,)}
    )
    steps = run(before, {"injury for away #4": [6, 6]})
    assert "Hans: 1 × Most Valuable Player = 5 SPP (he died in the match" in steps["spp"].result
    assert "roll due" not in steps["spp"].result.split("Hans")[1]


def test_a_rating_never_recorded_is_said_with_the_winnings() -> None:
    before = match([player(1, spp=10)], [player(1)], rating=(None, 100), value_rest=(50_000, 0))
    steps = run(before, {})
    # 50,000 + 50,000 + fan factor 4 x 10,000 = 140,000: 14, + 10 SPP / 5 = 2: 16.
    said = "Champions of Death's rating was not recorded at kick-off: 16."
    assert said in steps["winnings"].result


def test_the_gdbbl_dice_after_the_report_include_the_gate() -> None:
    for purpose in ("gate", "winnings for home", "alchemist for away", "fan factor for home"):
        assert POST_GAME_PURPOSE.match(purpose)
    assert not POST_GAME_PURPOSE.match("gate for home")
