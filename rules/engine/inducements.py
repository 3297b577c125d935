"""Inducements before an LRB6 match: what a team may buy for one game, at its race's price,
within each limit, and the bill against its budget (petty cash, then the treasury).

The list, limits and race prices are the ruleset's (rules/editions/lrb6/inducements.yaml):
Bribes are cheaper for Goblins and the Halfling Master Chef for Halflings; Wandering
Apothecaries only for teams that may have an apothecary, Igor only for those that may not.
Star players: 0-2, each of the team's race; Brick Far'th and Grotty are one inducement
taking two places. Mercenaries: a position of the team's own roster at its cost plus the
surcharge (and one extra skill), within the position limit and the 16-player cap."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.engine.checks import param
from rules.engine.errors import Problem
from rules.engine.ruleset import Race, Ruleset
from rules.engine.team_building import StarRule

STAR_PLAYER, MERCENARY = "star_player", "mercenary"  # inducements priced elsewhere
MORG, RAMTUT = "Morg 'n' Thorg", "Ramtut III"
FIELD = "inducements"


@dataclass(frozen=True)
class InducementRule:  # what the engine needs of an inducement (the Edition's ExtraDef)
    key: str
    name: str
    cost: int
    max_quantity: int | None  # None: no limit of its own
    eligibility: str = "any"  # any | apothecary | no_apothecary | races | except
    races: tuple[str, ...] = ()
    race_costs: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Mercenary:
    position: str
    extra_skill: str = ""


@dataclass(frozen=True)
class Request:
    items: Mapping[str, int] = field(default_factory=dict)  # key -> how many
    stars: tuple[str, ...] = ()
    mercenaries: tuple[Mercenary, ...] = ()


@dataclass(frozen=True)
class TeamAtKickOff:
    name: str
    race: Race
    players: int  # on the roster for this match, journeymen included
    positions: Mapping[str, int] = field(default_factory=dict)  # position -> players of it


@dataclass(frozen=True)
class BillLine:
    what: str
    count: int
    each: int

    @property
    def total(self) -> int:
        return self.count * self.each


@dataclass(frozen=True)
class Bill:
    lines: tuple[BillLine, ...]
    petty_cash: int
    problems: tuple[Problem, ...] = ()

    @property
    def total(self) -> int:
        return sum(line.total for line in self.lines)

    @property
    def from_treasury(self) -> int:
        """What the petty cash does not cover: the gold taken from the treasury."""
        return max(0, self.total - self.petty_cash)


def may_have(rule: InducementRule, race: Race) -> bool:
    if rule.eligibility == "apothecary":
        return race.apothecary_allowed
    if rule.eligibility == "no_apothecary":
        return not race.apothecary_allowed
    if rule.eligibility == "races":
        return race.slug in rule.races
    if rule.eligibility == "except":
        return race.slug not in rule.races
    return True


def price(rule: InducementRule, race: Race) -> int:
    return int(rule.race_costs.get(race.slug, rule.cost))


def star_may_play_for(star: StarRule, race: Race) -> bool:
    listed = race.slug in star.races
    return listed if star.eligibility == "races" else not listed


def inducement_bill(
    ruleset: Ruleset,
    rules: Sequence[InducementRule],
    stars: Sequence[StarRule],
    team: TeamAtKickOff,
    request: Request,
    petty_cash: int,
    treasury: int,
    opponent_stars: Sequence[str] = (),
) -> Bill:
    """The bill for `request`, every problem named; `treasury` is the most gold the team
    may add to its petty cash."""
    bill = _Bill(ruleset, team)
    by_key = {rule.key: rule for rule in rules}
    for key, count in request.items.items():
        bill.item(by_key.get(key), key, count)
    bill.stars(by_key.get(STAR_PLAYER), {s.name: s for s in stars}, request.stars, opponent_stars)
    bill.mercenaries(request.mercenaries)
    bill.places(len(request.stars) + len(request.mercenaries))
    total = sum(line.total for line in bill.lines)
    if total > petty_cash + treasury:
        bill.wrong(
            f"The inducements cost {total:,}; {team.name} has {petty_cash:,} of petty cash and "
            f"may add {treasury:,} from its treasury."
        )
    return Bill(tuple(bill.lines), petty_cash, tuple(bill.problems))


class _Bill:
    def __init__(self, ruleset: Ruleset, team: TeamAtKickOff) -> None:
        self.ruleset, self.team = ruleset, team
        self.lines: list[BillLine] = []
        self.problems: list[Problem] = []

    def wrong(self, message: str) -> None:
        self.problems.append(Problem(FIELD, message))

    def item(self, rule: InducementRule | None, key: str, count: int) -> None:
        race = self.team.race
        if rule is None or key in (STAR_PLAYER, MERCENARY):
            self.wrong(f"{key!r} is not an inducement of this ruleset.")
        elif isinstance(count, bool) or not isinstance(count, int):
            self.wrong(f"{rule.name}: {count!r} is not a whole number.")
        elif count < 0:
            self.wrong(f"{rule.name}: a count cannot be {count}.")
        elif count and not may_have(rule, race):
            self.wrong(f"{race.name} teams may not induce {rule.name}.")
        elif rule.max_quantity is not None and count > rule.max_quantity:
            self.wrong(f"A team may induce at most {rule.max_quantity} {rule.name}, not {count}.")
        elif count:
            self.lines.append(BillLine(rule.name, count, price(rule, race)))

    def stars(self, rule, known: Mapping[str, StarRule], names: Sequence[str], theirs) -> None:
        if not names:
            return
        race, settings = self.team.race, self.ruleset.settings
        most = rule.max_quantity if rule and rule.max_quantity is not None else 2
        # A pair hired together (Brick Far'th and Grotty) is one inducement.
        inducements = len([name for name in names if not self.comes_along(known.get(name), names)])
        if inducements > most:
            self.wrong(f"A team may induce at most {most} star players, not {inducements}.")
        if len(set(names)) != len(names):
            self.wrong("Each star player is induced once.")
        chosen = set(names)
        if settings.get("star_morg_refuses_ramtut") and {MORG, RAMTUT} <= chosen:
            self.wrong(f"{MORG} refuses to play beside {RAMTUT} (star_morg_refuses_ramtut).")
        for name in dict.fromkeys(names):
            star = known.get(name)
            if star is None:
                self.wrong(f"{name!r} is not a star player of this ruleset.")
            elif not star_may_play_for(star, race):
                self.wrong(f"{name} does not play for {race.name} teams.")
            elif star.paired_with and star.paired_with not in chosen:
                self.wrong(f"{name} is hired together with {star.paired_with}.")
            elif name in theirs and settings.get("star_induced_by_both", "second_refused") == (
                "second_refused"
            ):
                self.wrong(f"{name} already plays for the opponent in this match.")
            elif star.cost:
                self.lines.append(BillLine(name, 1, star.cost))

    @staticmethod
    def comes_along(star: StarRule | None, names: Sequence[str]) -> bool:
        """Grotty: free, and hired with Brick Far'th in one inducement."""
        return bool(star and star.cost == 0 and star.paired_with in names)

    def places(self, extra: int) -> None:
        """Hires for one game never take a team past the ruleset's most players."""
        if not extra:
            return
        most = self.ruleset.team_creation.max_players
        if self.team.players + extra > most:
            self.wrong(
                f"{self.team.name} has {self.team.players} players for this match; "
                f"{extra} more would pass the {most} a team may have."
            )

    def mercenaries(self, hired: Sequence[Mercenary]) -> None:
        if not hired:
            return
        race = self.team.race
        table = self.ruleset.table("mercenaries")
        surcharge, skill_cost = (
            int(param(table, "surcharge")),
            int(param(table, "extra_skill_cost")),
        )
        counts: dict[str, int] = {}
        for mercenary in hired:
            try:
                position = race.position(mercenary.position)
            except KeyError:
                self.wrong(f"{race.name} teams have no {mercenary.position} to hire as mercenary.")
                continue
            counts[position.name] = counts.get(position.name, 0) + 1
            on_roster = self.team.positions.get(position.name, 0)
            if on_roster + counts[position.name] > position.max_quantity:
                self.wrong(
                    f"{race.name} teams may have at most {position.max_quantity} "
                    f"{position.name}; a mercenary would make {on_roster + counts[position.name]}."
                )
                continue
            each = position.cost + surcharge
            if mercenary.extra_skill:
                each += self.extra_skill(position, mercenary.extra_skill, skill_cost)
            self.lines.append(BillLine(f"Mercenary {position.name}", 1, each))

    def extra_skill(self, position, skill: str, cost: int) -> int:
        if not self.ruleset.settings.get("mercenary_extra_skill", True):
            self.wrong(
                "Mercenaries come with their position's skills only (mercenary_extra_skill)."
            )
            return 0
        known = self.ruleset.skills.get(skill)
        if known is None or known.category not in position.normal_access:
            self.wrong(f"A mercenary {position.name} may take a skill of his normal categories "
                       f"({position.normal_access}), not {skill}.")  # fmt: skip
            return 0
        if skill in position.skills:
            self.wrong(f"A {position.name} already has {skill}.")
            return 0
        return cost
