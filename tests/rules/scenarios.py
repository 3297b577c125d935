"""The golden scenarios of tests/scenarios/ (worked by hand from the rules, never from the
code) read into the post-game engine's input: both teams at kick-off, the report, the MVPs
and the dice as rolled at the table.

A player named with his `position` on a team with a `race` takes his starting
characteristics, his position's skills and (unless the scenario gives his `value`) his
position's cost from the race's team list in the LRB6 ruleset; `changes` are the
characteristic changes already on him, so his characteristics at kick-off are the start plus
those. Everything a scenario leaves out has the default of a player or team of no lasting
note, so the first scenarios, written before the casualties counted, read as they did."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from rules.edition import edition_read
from rules.engine.post_game import DiceSource, MatchBefore, PlayerBefore, SideBefore
from rules.engine.report_entry import (
    CASUALTY_DICE,
    SIDES,
    CasualtyEntry,
    Concession,
    Line,
    Ref,
    ReportEntry,
    SideEntry,
    casualty_purposes,
)
from rules.engine.ruleset import Position, Ruleset
from rules.snapshot import edition_ruleset

FOLDER = Path(__file__).resolve().parent.parent / "scenarios"
MEANS = {"crowd_push": "crowd"}  # the scenarios' word for the report's means
LRB6 = edition_ruleset(edition_read("lrb6"))
# How each die of a scenario is rolled, by the start of its purpose: the casualty table's
# D68 (its values [tens, units]), the D6 of a Regeneration roll, Igor's and a veteran's.
NOTATIONS = {f"{label} for ": notation for label, notation in CASUALTY_DICE["lrb6"].values()}
NOTATIONS["veteran for "] = "D6"
D68_LABELS = tuple(start for start, notation in NOTATIONS.items() if notation == "D68")
# A casualty of a scenario that gives no casualty dice at all (01-18 were written before the
# casualties counted): read as D68 11, Badly Hurt, which leaves nothing lasting.
BADLY_HURT = (1, 1)
# One-game hires who take Loner with them (tables journeymen and mercenaries, param skill).
LONER_KINDS = {"journeyman": "journeymen", "mercenary": "mercenaries"}


def scenario_files(system: str) -> list[Path]:
    return sorted((FOLDER / system).glob("*.yaml"))


def scenario_params(paths: list[Path], disagree: dict[str, str]) -> list:
    """Each scenario file as a test parameter named by its stem; one the engine disagrees
    with (`disagree`: stem -> why) is a strict xfail."""
    return [
        pytest.param(
            path,
            id=path.stem,
            marks=[pytest.mark.xfail(strict=True, reason=disagree[path.stem])]
            if path.stem in disagree
            else [],
        )
        for path in paths
    ]


def scenario(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def ruleset_of(data: dict, base: Ruleset = LRB6) -> Ruleset:
    return replace(base, settings={**base.settings, **(data.get("settings") or {})})


def _position(race: str, player: dict) -> Position | None:
    """The player's position in the race's LRB6 team list (a star has none there)."""
    name = player.get("position")
    if not race or not name or player.get("kind", "roster") == "star":
        return None
    return LRB6.races[race].position(str(name))


def _player(p: dict, race: str) -> PlayerBefore:
    kind = str(p.get("kind", "roster"))
    position = _position(race, p)
    start = dict(position.characteristics) if position else {}
    changes = {str(k): int(v) for k, v in (p.get("changes") or {}).items()}
    now = {name: value + changes.get(name, 0) for name, value in start.items()}
    skills = set(position.skills if position else ()) | {str(s) for s in p.get("skills") or ()}
    if kind in LONER_KINDS:
        skills.add(str(LRB6.table(LONER_KINDS[kind]).params["skill"]))
    value = int(p["value"]) if "value" in p else (position.cost if position else 0)
    return PlayerBefore(
        int(p["number"]),
        str(p.get("name", f"#{p['number']}")),
        kind,
        f"p{p['number']}" if kind == "roster" else "",
        int(p.get("spp", 0)),
        position=str(p.get("position", "")),
        value=value,
        status=str(p.get("status", "active")),
        played=bool(p.get("played", True)),
        start=start,
        now=now,
        skills=frozenset(skills),
        injuries=tuple(str(i) for i in p.get("injuries") or ()),
    )


def _side(data: dict, side: str) -> SideBefore:
    team = data[side]
    race = str(team.get("race", ""))
    return SideBefore(
        side, team["name"], int(team["fan_factor"]), team.get("fame"), int(team["treasury"]),
        tuple(_player(p, race) for p in team["players"]), race=race,
        value_rest=int(team.get("value_rest", 0)),
        gone_numbers=tuple(int(n) for n in team.get("gone") or ()),
    )  # fmt: skip


def _ref(value: dict | None) -> Ref | None:
    return Ref(value["side"], int(value["number"])) if value else None


def _casualty_dice(data: dict) -> dict[str, tuple[int, ...]]:
    """The scenario's dice by purpose, with D68 11 for each casualty of a scenario that
    gives no casualty dice at all."""
    dice = {purpose: tuple(values) for purpose, values in (data.get("dice") or {}).items()}
    if any(purpose.startswith(D68_LABELS) for purpose in dice):
        return dice
    victims = [_ref(c["victim"]) for c in data.get("casualties") or ()]
    for purposes in casualty_purposes("lrb6", victims):
        dice.setdefault(purposes["casualty"], BADLY_HURT)
    return dice


def _casualties(data: dict) -> tuple[CasualtyEntry, ...]:
    records = data.get("casualties") or ()
    rolled = _casualty_dice(data)
    purposes = casualty_purposes("lrb6", [_ref(c["victim"]) for c in records])
    return tuple(
        CasualtyEntry(
            victim=_ref(c["victim"]),
            causer=_ref(c.get("causer")),
            action=c.get("action", "block"),
            means=MEANS.get(c.get("means", "ordinary"), c.get("means", "ordinary")),
            helper=str(c.get("helper", "")),
            kept=str(c.get("kept", "")),
            dice={kind: rolled[p] for kind, p in named.items() if p in rolled},
        )
        for c, named in zip(records, purposes, strict=True)
    )


def side_entries(data: dict) -> dict[str, SideEntry]:
    """Each side's lines, MVPs and the killed it raises, as the report records them."""
    lines = data.get("lines") or {}
    raised = data.get("raised") or {}
    return {
        side: SideEntry(
            players=tuple(
                Line(int(number), dict(actions))
                for number, actions in (lines.get(side) or {}).items()
            ),
            mvps=tuple(int(n) for n in (data.get("mvps") or {}).get(side, ())),
            raised=tuple(int(n) for n in raised.get(side) or ()),
        )
        for side in SIDES
    }


def match_before(data: dict) -> MatchBefore:
    entries = side_entries(data)
    conceded = data.get("concession")
    concession = (
        Concession(conceded["side"], 2, None, bool(conceded.get("forced"))) if conceded else None
    )
    report = ReportEntry(
        home_touchdowns=int(data["score"]["home"]),
        away_touchdowns=int(data["score"]["away"]),
        home=entries["home"],
        away=entries["away"],
        casualties=_casualties(data),
        concession=concession,
    )
    mvps = {side: entries[side].mvps for side in SIDES}
    return MatchBefore(_side(data, "home"), _side(data, "away"), report, mvps)


def notation_of(purpose: str, values: tuple[int, ...] | list[int]) -> str:
    """How a scenario's die was rolled: a casualty's D68 ([tens, units]), a Regeneration,
    Igor's or a veteran's D6, else as many D6 as it has values."""
    for start, notation in NOTATIONS.items():
        if purpose.startswith(start):
            return notation
    return f"{len(values)}D6" if len(values) > 1 else "D6"


def dice_of(data: dict) -> DiceSource:
    """The scenario's dice as entered at the table; no seed, so a die it lacks is missing."""
    stored = {
        purpose: (tuple(values), notation_of(purpose, values), "entered")
        for purpose, values in _casualty_dice(data).items()
    }
    return DiceSource(stored)
