"""The golden scenarios of tests/scenarios/ (worked by hand from the rules, never from the
code) read into the post-game engine's input: both teams at kick-off, the report, the MVPs
and the dice as rolled at the table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import yaml

from rules.edition import edition_read
from rules.engine.post_game import DiceSource, MatchBefore, PlayerBefore, SideBefore
from rules.engine.report_entry import (
    SIDES,
    CasualtyEntry,
    Concession,
    Line,
    Ref,
    ReportEntry,
    SideEntry,
)
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset

FOLDER = Path(__file__).resolve().parent.parent / "scenarios"
MEANS = {"crowd_push": "crowd"}  # the scenarios' word for the report's means
LRB6 = edition_ruleset(edition_read("lrb6"))


def scenario_files(system: str) -> list[Path]:
    return sorted((FOLDER / system).glob("*.yaml"))


def scenario(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def ruleset_of(data: dict, base: Ruleset = LRB6) -> Ruleset:
    return replace(base, settings={**base.settings, **(data.get("settings") or {})})


def _side(data: dict, side: str) -> SideBefore:
    team = data[side]
    players = tuple(
        PlayerBefore(
            int(p["number"]),
            str(p.get("name", f"#{p['number']}")),
            str(p.get("kind", "roster")),
            f"p{p['number']}" if p.get("kind", "roster") == "roster" else "",
            int(p.get("spp", 0)),
        )
        for p in team["players"]
    )
    return SideBefore(
        side, team["name"], int(team["fan_factor"]), team.get("fame"), int(team["treasury"]),
        players,
    )  # fmt: skip


def _ref(value: dict | None) -> Ref | None:
    return Ref(value["side"], int(value["number"])) if value else None


def match_before(data: dict) -> MatchBefore:
    lines = data.get("lines") or {}
    entries = {
        side: SideEntry(
            players=tuple(
                Line(int(number), dict(actions))
                for number, actions in (lines.get(side) or {}).items()
            ),
            mvps=tuple(int(n) for n in (data.get("mvps") or {}).get(side, ())),
        )
        for side in SIDES
    }
    casualties = tuple(
        CasualtyEntry(
            victim=_ref(c["victim"]),
            causer=_ref(c.get("causer")),
            action=c.get("action", "block"),
            means=MEANS.get(c.get("means", "ordinary"), c.get("means", "ordinary")),
        )
        for c in data.get("casualties") or ()
    )
    conceded = data.get("concession")
    concession = (
        Concession(conceded["side"], 2, None, bool(conceded.get("forced"))) if conceded else None
    )
    report = ReportEntry(
        home_touchdowns=int(data["score"]["home"]),
        away_touchdowns=int(data["score"]["away"]),
        home=entries["home"],
        away=entries["away"],
        casualties=casualties,
        concession=concession,
    )
    mvps = {side: entries[side].mvps for side in SIDES}
    return MatchBefore(_side(data, "home"), _side(data, "away"), report, mvps)


def dice_of(data: dict) -> DiceSource:
    """The scenario's dice as entered at the table; no seed, so a die it lacks is missing."""
    stored = {}
    for purpose, values in (data.get("dice") or {}).items():
        count = len(values)
        stored[purpose] = (tuple(values), f"{count}D6" if count > 1 else "D6", "entered")
    return DiceSource(stored)
