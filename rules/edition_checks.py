"""The checks behind rules/edition.py: each one names the file, the entry and the problem."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from rules.engine.ruleset import SIZES, Table

_MISSING = object()
IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")
SLUG = re.compile(r"^[a-z][a-z0-9-]*$")
ROLL = re.compile(r"^(\d+)(?:-(\d+)|(\+))?$")
NDICE = re.compile(r"^(\d*)D(\d+)$")
# Whole numbers from 0 upwards, the last row open-ended: SPP totals, gate gold, rating gaps.
OPEN_SCALES = ("SPP", "SCALE")


class EditionError(ValueError):
    """A data file of an edition is malformed."""

    def __init__(self, path: Path | str, entry: str | None, problem: str) -> None:
        self.path = path
        self.entry = entry
        self.problem = problem
        where = f"{path}" + (f", {entry}" if entry else "")
        super().__init__(f"{where}: {problem}")


def dice_results(dice: str) -> list[int] | None:
    """Every result the dice can give, or None for open-ended scales (SPP)."""
    if dice == "D68":
        return [tens * 10 + units for tens in range(1, 7) for units in range(1, 9)]
    if dice in OPEN_SCALES:
        return None
    match = NDICE.match(dice)
    if not match:
        raise ValueError(f"unknown dice {dice!r}")
    count, sides = int(match.group(1) or 1), int(match.group(2))
    return list(range(count, count * sides + 1))


class Checker:
    def __init__(self, path: Path | str) -> None:
        self.path = path

    def fail(self, entry: str | None, problem: str) -> EditionError:
        return EditionError(self.path, entry, problem)

    def mapping(self, value: Any, where: str | None) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"must be a mapping of keys to values, not {value!r}")
        return value

    def entries(
        self, value: Any, key: str | None, where: str | None = None
    ) -> list[Mapping[str, Any]]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list of entries, not {type(value).__name__}")
        for index, entry in enumerate(value, 1):
            if not isinstance(entry, Mapping):
                raise self.fail(where, f"entry {index} must be a mapping, not {entry!r}")
            if key is not None and key not in entry:
                raise self.fail(where, f"entry {index} has no {key}")
        return value

    def _get(self, entry: Mapping[str, Any], key: str, where: str | None, default: Any) -> Any:
        value = entry.get(key, default)
        if value is _MISSING:
            raise self.fail(where, f"{key} is missing")
        return value

    def text(
        self, entry: Mapping[str, Any], key: str, where: str | None, default: Any = _MISSING
    ) -> str:
        value = self._get(entry, key, where, default)
        if not isinstance(value, str):
            raise self.fail(where, f"{key} must be text, not {value!r}")
        return value

    def identifier(
        self, entry: Mapping[str, Any], key: str, where: str | None, dashes: bool = False
    ) -> str:
        value = self.text(entry, key, where)
        pattern = SLUG if dashes else IDENTIFIER
        if not pattern.match(value):
            shape = "lowercase letters, digits and dashes" if dashes else "snake_case"
            raise self.fail(where, f"{key} must be {shape}, not {value!r}")
        return value

    def whole(
        self,
        entry: Mapping[str, Any],
        key: str,
        where: str | None,
        optional: bool = False,
    ) -> Any:
        value = self._get(entry, key, where, None if optional else _MISSING)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(where, f"{key} must be a whole number of 0 or more, not {value!r}")
        return value

    def flag(
        self, entry: Mapping[str, Any], key: str, where: str | None, default: Any = _MISSING
    ) -> bool:
        value = self._get(entry, key, where, default)
        if not isinstance(value, bool):
            raise self.fail(where, f"{key} must be true or false, not {value!r}")
        return value

    def one_of(
        self,
        entry: Mapping[str, Any],
        key: str,
        where: str | None,
        allowed: Collection[str],
        default: Any = _MISSING,
    ) -> str:
        value = self._get(entry, key, where, default)
        if value not in allowed:
            raise self.fail(where, f"{key} must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def str_list(
        self,
        entry: Mapping[str, Any],
        key: str,
        where: str | None,
        default: Any = _MISSING,
        min_items: int = 0,
    ) -> list[str]:
        value = self._get(entry, key, where, default)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.fail(where, f"{key} must be a list of names, not {value!r}")
        if len(value) < min_items:
            raise self.fail(where, f"{key} needs at least {min_items} item(s)")
        return value

    def known(
        self,
        entry: Mapping[str, Any],
        key: str,
        where: str | None,
        known: Collection[str],
        default: Any = _MISSING,
    ) -> list[str]:
        names = self.str_list(entry, key, where, default)
        for name in names:
            if name not in known:
                raise self.fail(where, f"{key} names {name!r}, which this edition does not have")
        if len(set(names)) != len(names):
            raise self.fail(where, f"{key} lists a name twice")
        return names

    def size(self, entry: Mapping[str, Any], where: str | None) -> str:
        """A player's build; left out, he is of human size (the data files omit it then)."""
        value = self._get(entry, "size", where, "human")
        if value not in SIZES:
            allowed = ", ".join(SIZES[:-1]) + f" or {SIZES[-1]}"
            raise self.fail(where, f"size must be {allowed}, not {value!r}")
        return value

    def race_costs(
        self, entry: Mapping[str, Any], where: str, races: Collection[str]
    ) -> dict[str, int]:
        """A price per race, e.g. {goblin: 50000}: known races, whole numbers of gold."""
        costs = self.mapping(entry.get("race_costs", {}), f"{where}, race_costs")
        for race in costs:
            if race not in races:
                raise self.fail(
                    where, f"race_costs names {race!r}, which this edition does not have"
                )
            self.whole(costs, race, f"{where}, race_costs")
        return dict(costs)

    def codes(self, entry: Mapping[str, Any], key: str, where: str | None, codes: str) -> str:
        value = self.text(entry, key, where, default="")
        for code in value:
            if code not in codes:
                raise self.fail(where, f"{key} has {code!r}, which is not a skill category")
        return value

    def characteristics(
        self, entry: Mapping[str, Any], where: str | None, names: tuple[str, ...]
    ) -> dict[str, int]:
        value = self.mapping(entry.get("characteristics"), f"{where}, characteristics")
        if set(value) != set(names):
            raise self.fail(
                where, f"characteristics must be exactly {', '.join(names)}, not {list(value)}"
            )
        for name in names:
            # Whole numbers, negative ones too: 1st edition prints TS and CL of -1.
            number = value[name]
            if isinstance(number, bool) or not isinstance(number, int):
                raise self.fail(
                    f"{where}, characteristics", f"{name} must be a whole number, not {number!r}"
                )
        return {name: value[name] for name in names}

    def roll(self, row: Mapping[str, Any], where: str) -> tuple[int, int | None]:
        raw = str(self._get(row, "roll", where, _MISSING))
        match = ROLL.match(raw.replace(" ", ""))
        if not match:
            raise self.fail(where, f"roll must be a number, low-high or low+, not {raw!r}")
        low = int(match.group(1))
        if match.group(3):
            return low, None
        high = int(match.group(2) or low)
        if high < low:
            raise self.fail(where, f"roll {raw!r} ends before it starts")
        return low, high

    def coverage(self, table: Table, where: str) -> None:
        """A dice table must give exactly one row for every result the dice can show."""
        if not table.dice:
            return
        try:
            results = dice_results(table.dice)
        except ValueError as error:
            raise self.fail(where, str(error)) from None
        if results is None:
            results = list(range(0, max((row.low or 0) for row in table.rows) + 1))
            if not any(row.high is None for row in table.rows):
                raise self.fail(where, "the last row must be open-ended (e.g. 176+)")
        # How many rows cover each result, in one sweep over the rows: a GDBBL gate of many
        # dice has hundreds of results, and checking every row for each was most of the
        # time a house-rule edit took.
        first, last = min(results), max(results)
        starts = [0] * (last - first + 2)
        for row in table.rows:
            if row.low is None:
                continue
            low, high = max(row.low, first), last if row.high is None else min(row.high, last)
            if low <= high:
                starts[low - first] += 1
                starts[high - first + 1] -= 1
        covering, counts = 0, []
        for start in starts[:-1]:
            covering += start
            counts.append(covering)
        for result in results:
            count = counts[result - first]
            if count != 1:
                problem = "no row" if not count else f"{count} rows"
                raise self.fail(where, f"a roll of {result} has {problem}")

    def setting_value(
        self, kind: str, choices: tuple[str, ...], value: Any, where: str, what: str = "default"
    ) -> None:
        ok = {
            "bool": isinstance(value, bool),
            "int": isinstance(value, int) and not isinstance(value, bool),
            "money": isinstance(value, int) and not isinstance(value, bool) and value >= 0,
            "choice": value in choices,
        }[kind]
        if kind == "choice" and len(choices) < 2:
            raise self.fail(where, "a choice setting needs at least two choices")
        if not ok:
            raise self.fail(where, f"{what} {value!r} is not a valid {kind}")

    def unique(self, names: Iterable[str], what: str) -> None:
        repeated = [name for name, count in Counter(names).items() if count > 1]
        if repeated:
            raise self.fail(f"{what} {repeated[0]!r}", "appears twice")
