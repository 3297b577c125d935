"""The post-game summary (templates/matches/post_game.html) of every hand-worked LRB6 scenario
of tests/scenarios/lrb6/: the engine's steps stored as matches/post_game/apply.py stores them, read
by matches/post_game_views.summary_of and rendered. Each team's block shows the winnings the
scenario worked out by hand, its fan factor change, each player's SPP and, for those who
reach a new level, that an improvement roll is due. No database: stand-ins for the match and
its PostGame row."""

from __future__ import annotations

import datetime
import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from matches.post_game.apply import _step_record
from matches.post_game.views import summary_of
from rules.engine.post_game import post_game
from rules.engine.post_game.lrb6 import level_ups
from rules.engine.report_entry import SIDES
from tests.rules.scenarios import (
    dice_of,
    match_before,
    notation_of,
    ruleset_of,
    scenario,
    scenario_files,
)

FILES = scenario_files("lrb6")
DUE = " — an improvement roll is due"
STEPS = ("winnings", "fan_factor", "mvp", "spp", "casualties", "value_changes", "expenses", "hires")
STEP_NAMES = (
    "Winnings", "Fan factor", "Most Valuable Player", "Star Player Points",
    "Casualties and the dead", "Value changes", "Spiralling expenses", "Hire and fire",
)  # fmt: skip


@dataclass
class PostGameRow:
    """What the summary reads of a PostGame row."""

    steps: dict
    applied_by: str = "nuffle"
    applied_at: datetime.datetime = field(
        default_factory=lambda: datetime.datetime(2025, 3, 1, 18, 0, tzinfo=datetime.UTC)
    )


def match_of(data: dict) -> SimpleNamespace:
    """What the summary reads of a match: its teams' names, its id and its ruleset."""
    return SimpleNamespace(
        pk=1,
        home=SimpleNamespace(name=data["home"]["name"]),
        away=SimpleNamespace(name=data["away"]["name"]),
        ruleset_version="Living Rulebook 6 v1",
    )


def rendered(data: dict) -> str:
    """The summary page of the scenario, as text."""
    rules, before = ruleset_of(data), match_before(data)
    worked = post_game(rules, before, dice_of(data))
    stored = {
        "steps": [_step_record(step) for step in worked.steps],
        "level_ups": level_ups(rules, before, worked),
    }
    match, post = match_of(data), PostGameRow(stored)
    # No database: the players are named by the steps alone.
    context = {"match": match, "post": post, **summary_of(match, post, who={})}
    return html.unescape(render_to_string("matches/post_game.html", context))


def block(page: str, side: str) -> str:
    """The text of one team's totals (data-testid totals-<side>), tags taken out."""
    start = page.index(f'data-testid="totals-{side}"')
    inner = page[start : page.index("</div>", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", inner[inner.index(">") + 1 :])).strip()


def spp_lines(page: str, side: str) -> list[str]:
    start = page.index(f'data-testid="totals-{side}"')
    inner = page[start : page.index("</div>", start)]
    return re.findall(r"<li>(.*?)</li>", inner)


def gold(amount: int) -> str:
    return f"{'+' if amount >= 0 else '−'}{abs(amount):,} gp"


def test_there_is_a_summary_to_check_for_each_of_the_hand_worked_scenarios() -> None:
    assert len(FILES) >= 41  # 18 to the SPP, 21 to the hires, the demo's round 1


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_each_team_s_totals_show_the_scenario_s_winnings_fan_factor_spp_and_level_ups(
    path: Path,
) -> None:
    data = scenario(path)
    expect = data["expect"]
    page = rendered(data)
    for side in SIDES:
        totals = block(page, side)
        assert totals.startswith(data[side]["name"]), data["title"]
        # The treasury line is the winnings less the spiralling expenses.
        winnings = int(expect["winnings"][side]) - int((expect.get("expenses") or {}).get(side, 0))
        fan_factor = int(expect["fan_factor"][side])
        said = f"{fan_factor:+d}".replace("-", "−")  # the page's minus sign, as for gold
        assert f"Treasury {gold(winnings)} · fan factor {said}" in totals, (
            data["title"],
            totals,
        )
        spp = {int(n): int(v) for n, v in ((expect.get("spp") or {}).get(side) or {}).items()}
        ups = {int(n) for n in ((expect.get("level_ups") or {}).get(side) or ())}
        assert spp_lines(page, side) == [
            f"#{number}: +{amount} SPP{DUE if number in ups else ''}"
            for number, amount in sorted(spp.items())
        ], data["title"]
        if not spp:
            assert "No SPP." in totals


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_summary_shows_the_eight_steps_in_order_with_the_scenario_s_dice(path: Path) -> None:
    data = scenario(path)
    page = rendered(data)
    starts = [page.index(f'data-testid="step-{key}"') for key in STEPS]
    assert starts == sorted(starts)
    for number, name in enumerate(STEP_NAMES, start=1):
        assert f">{number}. {name}</h2>" in page
    for purpose, values in (data.get("dice") or {}).items():
        notation = notation_of(purpose, values)
        shown = " ".join(str(value) for value in values)
        assert f"{purpose} {notation} {shown} (entered)" in page, purpose


def test_a_conceder_who_takes_nothing_shows_nothing_gained_and_the_fan_factor_he_lost() -> None:
    """Scenario 08: the conceder's winnings go to the winner and it loses 1 fan factor."""
    data = scenario(next(path for path in FILES if path.stem == "08-voluntary-concession"))
    conceder = data["concession"]["side"]
    assert (data["expect"]["winnings"][conceder], data["expect"]["fan_factor"][conceder]) == (0, -1)
    assert "Treasury +0 gp · fan factor −1" in block(rendered(data), conceder)
