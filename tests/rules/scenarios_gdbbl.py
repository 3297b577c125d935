"""The GDBBL golden scenarios of tests/scenarios/gdbbl/ (worked by hand from document 001,
its notes and rules/editions/gdbbl/, never from the code) read into the post-game engine's
input: both teams at kick-off with their rating, staff and the gate, the report, the MVPs
(the handicap's bonus MVPs among them) and the dice as rolled at the table.

A player named with his `position` on a team with a `race` takes his starting
characteristics, skills, cost and size from the race's GDBBL team list; a star hired for
good (`star: true`) takes them from the GDBBL star players, his secret weapon (`special`)
included. `changes` are the characteristic changes already on him, `size` and `special`
override the position's. A casualty's dice are the scenario's dice under the purposes the
report gives that casualty; a scenario names every die it rolls, so a die it lacks is
missing, never made up."""

from __future__ import annotations

from pathlib import Path

from rules.edition import edition_read
from rules.engine.post_game import DiceSource, MatchBefore, PlayerBefore, SideBefore
from rules.engine.report_entry import (
    CASUALTY_DICE,
    SIDES,
    CasualtyEntry,
    Ref,
    ReportEntry,
    casualty_purposes,
)
from rules.engine.ruleset import Position, Ruleset
from rules.snapshot import edition_ruleset
from tests.rules.scenarios import MEANS, ruleset_of, scenario, scenario_files, side_entries

__all__ = ["GDBBL", "dice_of", "match_before", "ruleset_for", "scenario", "scenario_files"]

SYSTEM = "gdbbl"
EDITION = edition_read(SYSTEM)
GDBBL = edition_ruleset(EDITION)
STARS = {star.name: star for star in EDITION.star_players}
# How each die of a scenario is rolled, by the start of its purpose: the casualty dice of
# the report (injury, apothecary, serious injury, regeneration, the ability lost, the ball
# and chain) and the post-game sequence's own D6s.
NOTATIONS = {f"{label} for ": notation for label, notation in CASUALTY_DICE[SYSTEM].values()}
NOTATIONS.update({"winnings for ": "D6", "alchemist for ": "D6", "fan factor for ": "D6"})


def ruleset_for(data: dict, base: Ruleset = GDBBL) -> Ruleset:
    """The GDBBL ruleset (or a changed copy of it) with the scenario's settings."""
    return ruleset_of(data, base)


def _position(race: str, player: dict, ruleset: Ruleset) -> Position | None:
    name = player.get("position")
    if not race or not name or player.get("star"):
        return None
    return ruleset.races[race].position(str(name))


def _player(p: dict, race: str, ruleset: Ruleset) -> PlayerBefore:
    kind = str(p.get("kind", "roster"))
    star = STARS[str(p["position"])] if p.get("star") else None
    position = _position(race, p, ruleset)
    made = star or position
    start = dict(made.characteristics) if made else {}
    changes = {str(k): int(v) for k, v in (p.get("changes") or {}).items()}
    now = {name: value + changes.get(name, 0) for name, value in start.items()}
    skills = set(made.skills if made else ()) | {str(s) for s in p.get("skills") or ()}
    value = int(p["value"]) if "value" in p else (made.cost if made else 0)
    size = str(p.get("size") or (made.size if made else "") or "human")
    special = str(p.get("special") or (getattr(star, "special", "") if star else ""))
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
        star=bool(p.get("star", False)),
        size=size,
        special=special,
    )


def _side(data: dict, side: str, ruleset: Ruleset) -> SideBefore:
    team = data[side]
    race = str(team.get("race", ""))
    return SideBefore(
        side, team["name"], int(team["fan_factor"]), team.get("fame"), int(team["treasury"]),
        tuple(_player(p, race, ruleset) for p in team["players"]), race=race,
        value_rest=int(team.get("value_rest", 0)),
        gone_numbers=tuple(int(n) for n in team.get("gone") or ()),
        rating=int(team["rating"]) if team.get("rating") is not None else None,
        staff={str(k): int(v) for k, v in (team.get("staff") or {}).items()},
    )  # fmt: skip


def _ref(value: dict | None) -> Ref | None:
    return Ref(value["side"], int(value["number"])) if value else None


def _dice(data: dict) -> dict[str, tuple[int, ...]]:
    return {purpose: tuple(values) for purpose, values in (data.get("dice") or {}).items()}


def _casualties(data: dict) -> tuple[CasualtyEntry, ...]:
    records = data.get("casualties") or ()
    rolled = _dice(data)
    purposes = casualty_purposes(SYSTEM, [_ref(c["victim"]) for c in records])
    return tuple(
        CasualtyEntry(
            victim=_ref(c["victim"]),
            causer=_ref(c.get("causer")),
            action=c.get("action", "block"),
            means=MEANS.get(c.get("means", "ordinary"), c.get("means", "ordinary")),
            modifier=int(c.get("modifier", 0)),
            helper=str(c.get("helper", "")),
            kept=str(c.get("kept", "")),
            dice={kind: rolled[p] for kind, p in named.items() if p in rolled},
        )
        for c, named in zip(records, purposes, strict=True)
    )


def match_before(data: dict, ruleset: Ruleset = GDBBL) -> MatchBefore:
    entries = side_entries(data)
    report = ReportEntry(
        home_touchdowns=int(data["score"]["home"]),
        away_touchdowns=int(data["score"]["away"]),
        home=entries["home"],
        away=entries["away"],
        casualties=_casualties(data),
    )
    mvps = {side: entries[side].mvps for side in SIDES}
    gate = data.get("gate")
    return MatchBefore(
        _side(data, "home", ruleset),
        _side(data, "away", ruleset),
        report,
        mvps,
        gate=int(gate) if gate is not None else None,
    )


def notation_of(purpose: str, values: tuple[int, ...] | list[int]) -> str:
    """How a scenario's die was rolled: by the start of its purpose, else as many D6 as it
    has values."""
    for start, notation in NOTATIONS.items():
        if purpose.startswith(start):
            return notation
    return f"{len(values)}D6" if len(values) > 1 else "D6"


def dice_of(data: dict) -> DiceSource:
    """The scenario's dice as entered at the table; no seed, so a die it lacks is missing."""
    stored = {
        purpose: (values, notation_of(purpose, values), "entered")
        for purpose, values in _dice(data).items()
    }
    return DiceSource(stored)


def files() -> list[Path]:
    return scenario_files(SYSTEM)
