"""Checking and pricing a new team (lrb6-facts §4, §9, §11; GDBBL notes §A.6-§A.8).

`team_check` reports every problem at once, each with its form field and the rule in a
coach's words. The Ruleset lacks staff eligibility and star players: StaffRule and StarRule
carry them from the Edition. `squad_for` says what a race's squad may be made of where a
setting reshapes it (a Blitz Bowl team card, 1st edition's standard game)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine.checks import optional_setting
from rules.engine.errors import Problem, Refused
from rules.engine.gdbbl import star_price
from rules.engine.ruleset import Race, Ruleset

ORC_GOBLINS_SHARE = "orc_goblins_share_lineman_limit"
SYSTEM_NAMES = {"lrb6": "LRB6", "gdbbl": "GDBBL", "first-edition": "Blood Bowl 1st edition",
                "blitz-bowl": "Blitz Bowl"}  # fmt: skip
# Blitz Bowl (document 004 l.642-645): "Each team consists of six players - three Linemen,
# ... and three unique players", the players of its team card; off, a house rule.
CARD_RULE = "team_is_its_card"
# 1st edition's standard game (002 l.161, l.213): players numbered 1 to 11, no profiles,
# all moving 6; the 16-player squads of the race lists belong to the Veterans Rules. Every
# 1st edition race has Linemen, the players without a speciality, so they stand for them.
STANDARD_PLAYERS, STANDARD_POSITION = 11, "Lineman"
STANDARD_GAME = "In the standard game (setting veterans_rules: none)"
STANDARD_RULE = (f"The standard game (setting veterans_rules: none): {STANDARD_PLAYERS} "
                 f"players, numbered 1 to {STANDARD_PLAYERS}, who all move 6 squares and have "
                 f"no profile; each is entered as a {STANDARD_POSITION}")  # fmt: skip


@dataclass(frozen=True)
class StaffRule:  # what the engine needs of a member of staff (the Edition's ExtraDef)
    key: str
    name: str
    cost: int
    max_quantity: int | None  # None: no limit
    eligibility: str = "any"  # any | apothecary | no_apothecary | races | except
    races: tuple[str, ...] = ()
    race_costs: Mapping[str, int] = field(default_factory=dict)
    group: str = ""  # at most one member of staff per group (GDBBL's wizard and kin)


@dataclass(frozen=True)
class StarRule:  # what the engine needs of a star player (the Edition's StarPlayerDef)
    name: str
    cost: int
    eligibility: str  # "races" (only those listed) or "except" (all but those listed)
    races: tuple[str, ...]
    kind: str = ""  # goblin, troll, treeman...: GDBBL's double price depends on it
    paired_with: str | None = None  # hired together for one price (Brick Far'th and Grotty)


@dataclass(frozen=True)
class TeamRequest:
    race: str  # race slug
    positions: Mapping[str, int]  # position name -> how many players
    rerolls: int = 0
    fan_factor: int = 0  # the total fan factor the team starts with
    staff: Mapping[str, int] = field(default_factory=dict)  # staff key -> how many
    star_players: tuple[str, ...] = ()  # names of the stars hired for good


@dataclass(frozen=True)
class TeamCost:
    players: int
    rerolls: int
    fan_factor: int
    staff: int
    star_players: int
    total: int
    treasury: int  # what is left of the budget


class TeamRefused(Refused):
    """The team breaks one or more rules: `problems` has them all."""


@dataclass(frozen=True)
class Squad:
    """What a new team of one race may be made of: the most of each position it may field
    (a position left out may not be fielded), and how many players in all."""

    most_of: Mapping[str, int]  # position name -> most players, in the race list's order
    least: int
    most: int
    exact: bool = False  # every position filled to its most: a Blitz Bowl team card
    rule: str = ""  # the squad rule in a coach's words where a setting shapes it, else ""
    size_rule: str = ""  # where a setting fixes the number of players: how, in words


def system_name(ruleset: Ruleset) -> str:
    """The ruleset's game as a coach names it ("Blitz Bowl"); a system Dugout does not name
    goes by its slug."""
    return SYSTEM_NAMES.get(ruleset.system, ruleset.slug)


def card_rule(ruleset: Ruleset) -> bool | None:
    """True: a team is exactly its card; False: any of its card's players (a house rule);
    None: the ruleset has no team cards. Copies made before the setting was named keep
    the rulebook's card."""
    if CARD_RULE not in ruleset.settings and ruleset.system != "blitz-bowl":
        return None
    return bool(ruleset.settings.get(CARD_RULE, True))


def highest_number(ruleset: Ruleset) -> int:
    """The highest shirt number: the standard game takes the box's pieces numbered 1 to 11
    (002 l.161); elsewhere 99."""
    return STANDARD_PLAYERS if ruleset.settings.get("veterans_rules") == "none" else 99


def squad_for(ruleset: Ruleset, race: Race) -> Squad:
    """The squad rule of a new `race` team under `ruleset` and its settings."""
    creation = ruleset.team_creation
    positions = {position.name: position.max_quantity for position in race.positions}
    if card_rule(ruleset):
        size = sum(positions.values())
        system = system_name(ruleset)
        rule = (f"A {system} team is the {_words(size)} players of its team card: "
                f"the {race.name} card is {listing(positions)}")  # fmt: skip
        return Squad(positions, size, size, exact=True, rule=rule)
    if ruleset.settings.get("veterans_rules") == "none":
        lineman = {STANDARD_POSITION: STANDARD_PLAYERS} if STANDARD_POSITION in positions else {}
        size_rule = f"{STANDARD_GAME} a team is exactly {STANDARD_PLAYERS} players"
        return Squad(lineman, STANDARD_PLAYERS, STANDARD_PLAYERS, rule=STANDARD_RULE,
                     size_rule=size_rule)  # fmt: skip
    # With the card rule off (False) any of the card's players make a team, the six of
    # min_players then being only the card's; elsewhere a team of nobody is no team either.
    least = 1 if card_rule(ruleset) is False else max(creation.min_players, 1)
    return Squad(positions, least, creation.max_players)


def team_check(
    ruleset: Ruleset,
    staff_rules: Sequence[StaffRule],
    star_rules: Sequence[StarRule],
    request: TeamRequest,
) -> TeamCost:
    """The bill for a new team, or TeamRefused with every rule the team breaks."""
    check = _Check(ruleset, request)  # an unknown race stops no other check that can run
    players, player_cost = check.positions()
    budget = ruleset.team_creation.budget
    if ruleset.play == "results_only":  # no money at all: a squad is its players
        check.nothing_to_buy()
        check.roster_size(players)
        bill = TeamCost(0, 0, 0, 0, 0, total=0, treasury=0)
    else:
        rerolls, fan_factor = check.rerolls(), check.fan_factor()
        staff, (stars, star_spots) = check.staff(staff_rules), check.stars(star_rules)
        check.roster_size(players + star_spots)  # star players take roster spots too
        total = player_cost + rerolls + fan_factor + staff + stars
        # Refused items are priced as asked; without the race the bill is too incomplete.
        if check.race is not None and total > budget:
            check.refuse("budget", f"This team costs {total:,} gp; the budget is {budget:,} gp "
                         f"({total - budget:,} over)")  # fmt: skip
        bill = TeamCost(player_cost, rerolls, fan_factor, staff, stars, total, budget - total)
    if check.problems:
        raise TeamRefused(check.problems)
    return bill


class _Check:  # one request being checked: its race and the problems found so far
    def __init__(self, ruleset: Ruleset, request: TeamRequest) -> None:
        self.ruleset, self.request = ruleset, request
        self.system = system_name(ruleset)
        self.problems: list[Problem] = []
        self.race: Race | None = ruleset.races.get(request.race)
        self.squad = None if self.race is None else squad_for(ruleset, self.race)
        if self.race is None:
            self.refuse("race", f"{self.system} has no race called {request.race!r}")

    def refuse(self, field_name: str, message: str) -> None:
        self.problems.append(Problem(field_name, message))

    def setting(self, key: str, default: object = False) -> Any:
        return optional_setting(self.ruleset, key, default)

    def count(self, value: object, what: str, field_name: str) -> int:  # bad ones count as 0
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        self.refuse(field_name, f"{what} must be a whole number from 0 up, not {value!r}")
        return 0

    def positions(self) -> tuple[int, int]:
        # All the players asked for count for the roster size; only the known ones have a price.
        race, squad, count, cost = self.race, self.squad, 0, 0
        asked: dict[str, int] = {}
        well_counted = True  # a count refused as no number makes no card to compare
        for name, wanted in self.request.positions.items():
            number = self.count(wanted, f"The number of {_plural(name)}", "positions")
            well_counted &= number == wanted
            count += number
            asked[name] = number
            if race is None or squad is None:
                continue
            position = next((p for p in race.positions if p.name == name), None)
            if position is None:
                self.refuse("positions", f"{race.name} teams have no position called {name!r}")
                continue
            most = squad.most_of.get(name)
            if most is None and number:  # the standard game fields Linemen only
                self.refuse("positions", f"{STANDARD_GAME} every player is "
                            f"{a(STANDARD_POSITION)}: no {_plural(name)}")  # fmt: skip
            elif most is not None and number > most and not (squad.exact or squad.size_rule):
                self.refuse("positions", f"{race.name} teams may have at most {many(most, name)}")
            cost += number * position.cost
        if squad is not None and squad.exact and well_counted:
            # Named in the card's order, as the card names them, so the two read side by side.
            order = [*squad.most_of, *(name for name in asked if name not in squad.most_of)]
            fielded = {name: asked[name] for name in order if asked.get(name)}
            if fielded != {name: most for name, most in squad.most_of.items() if most}:
                self.refuse("positions", f"{squad.rule}, not {listing(fielded)}")
        if race is not None:
            shared = shared_limit_problem(self.ruleset, race, self.request.positions)
            if shared:
                self.refuse("positions", shared)
        return count, cost

    def roster_size(self, players: int) -> None:
        creation, squad = self.ruleset.team_creation, self.squad
        if squad is not None and squad.exact:
            return  # a team card's make-up is checked with the positions, the count with it
        if squad is not None and squad.size_rule and players != squad.least:
            self.refuse("positions", f"{squad.size_rule}, not {players}")
            return
        least, most = max(creation.min_players, 1), creation.max_players
        if squad is not None:  # under its settings
            least, most = squad.least, squad.most
        if players < least:
            self.refuse("positions", f"A team needs at least {many(least, 'player')}, "
                        f"not {players}")  # fmt: skip
        if players > most:
            self.refuse("positions", f"A team may have at most {many(most, 'player')}, "
                        f"not {players}")  # fmt: skip

    def nothing_to_buy(self) -> None:  # results-only systems: 1st edition, Blitz Bowl
        asked = self.request
        for field_name, wanted, what in (
            ("rerolls", asked.rerolls, "re-rolls to buy"),
            ("fan_factor", asked.fan_factor, "fan factor to buy"),
            ("staff", any(asked.staff.values()), "staff to hire"),
            ("star_players", asked.star_players, "star players to hire"),
        ):
            if wanted:
                self.refuse(field_name, f"{self.system} has no {what}")

    def rerolls(self) -> int:
        number = self.count(self.request.rerolls, "The number of re-rolls", "rerolls")
        limit = int(self.setting("max_team_rerolls", 0))  # 0: no limit
        if limit and number > limit:
            self.refuse("rerolls", f"A team may have at most {many(limit, 're-roll')}")
        # The team-list price: only re-rolls bought later cost more (setting reroll_price_...).
        return number * self.race.reroll_cost if self.race is not None else 0

    def fan_factor(self) -> int:
        # Every point is paid for, the first too: fan_factor_start is only the lowest allowed.
        # LRB6 starts at 0, so nothing changes there; GDBBL (notes §A.4.4, §A.6): "Fan factors
        # cost 10,000 gp each. A team must have at least 1", no point is given for free.
        creation, wanted = self.ruleset.team_creation, self.request.fan_factor
        low, high = creation.fan_factor_start, creation.fan_factor_max_at_creation
        if not low <= wanted <= high:
            self.refuse("fan_factor", f"Fan factor at creation must be between {low} and "
                        f"{high}, not {wanted}")  # fmt: skip
        return max(wanted, 0) * creation.fan_factor_price

    def staff(self, rules: Sequence[StaffRule]) -> int:
        by_key = {rule.key: rule for rule in rules}
        total, kinds_by_group = 0, dict[str, int]()
        for key, count in self.request.staff.items():
            rule = by_key.get(key)
            if rule is None:
                self.refuse("staff", f"{self.system} has no member of staff called {key!r}")
                continue
            number = self.count(count, f"The number of {_plural(rule.name)}", "staff")
            if number == 0:
                continue  # a form may send every key: hiring none is always allowed
            # A setting "<key>_max" overrides the list (GDBBL's apothecary_max; 0: the list's).
            most = int(self.setting(f"{key}_max", 0)) or rule.max_quantity
            if most is not None and number > most:
                self.refuse("staff", f"A team may have at most {many(most, rule.name)}")
            if self.race is not None:
                self.staff_eligibility(rule, self.race)
                total += rule.race_costs.get(self.race.slug, rule.cost) * number
            if rule.group:
                kinds_by_group[rule.group] = kinds_by_group.get(rule.group, 0) + 1
        for group, kinds in kinds_by_group.items():
            if kinds > 1:  # two of one kind is the max_quantity problem above
                names = ", ".join(rule.name for rule in rules if rule.group == group)
                self.refuse("staff", f"A team may have only one of {names}")
        return total

    def staff_eligibility(self, rule: StaffRule, race: Race) -> None:
        if may_have(rule.eligibility, rule.races, race.slug, race.apothecary_allowed):
            return
        if rule.eligibility == "races":
            names = [self.ruleset.races[s].name for s in rule.races if s in self.ruleset.races]
            listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            self.refuse("staff", f"Only {listed} teams may have {a(rule.name)}")
        else:
            self.refuse("staff", f"{race.name} teams may not have {a(rule.name)}")

    def stars(self, rules: Sequence[StarRule]) -> tuple[int, int]:  # price, roster spots
        names, race = self.request.star_players, self.race
        limit = self.setting("star_player_limit", None)
        if names and limit is None:
            # No star_player_limit: stars are only induced for a match (LRB6: lrb6-facts §7).
            self.refuse("star_players", f"Star players are not hired with a new team in "
                        f"{self.system}: they are induced for one match at a time")  # fmt: skip
        by_name = {rule.name: rule for rule in rules}
        price = spots = 0
        first_named: dict[frozenset[str], str] = {}
        for name in names:
            rule = by_name.get(name)
            if rule is None:
                self.refuse("star_players", f"{self.system} has no star player called {name!r}")
                continue
            partner = by_name.get(rule.paired_with) if rule.paired_with else None
            hire = [rule] if partner is None else [rule, partner]
            pair = frozenset(star.name for star in hire)
            if pair in first_named:
                first = first_named[pair]
                again = "is named twice" if first == name else f"comes with {first}"
                self.refuse("star_players", f"{name} {again}: name him only once")
                continue
            first_named[pair] = name
            spots += len(hire)  # each of a pair takes a roster spot
            if race is None:
                continue
            if (race.slug in rule.races) != (rule.eligibility == "races"):  # or "except"
                self.refuse("star_players", f"{name} does not play for {race.name} teams")
            # GDBBL's Goblin and Halfling teams pay double (notes §A.7); elsewhere list price.
            for star in hire:
                if self.ruleset.system == "gdbbl":
                    price += star_price(self.ruleset, star.cost, race.slug, star.kind, False)
                else:
                    price += star.cost
        if limit is not None and len(first_named) > int(limit):  # a pair is one (lrb6-facts §7)
            most = many(int(limit), "star player")
            self.refuse("star_players", f"A team may have at most {most}")
        return price, spots


def _plural(noun: str) -> str:
    # Team lists name positions in the singular; "+s" alone would say "Linemans", "Witch Elfs".
    for end, plural in (("man", "men"), ("Elf", "Elves"), ("elf", "elves"), ("y", "ies")):
        if noun.endswith(end) and not noun.endswith(("ay", "ey", "oy")):
            return noun[: -len(end)] + plural
    return noun if noun.endswith("s") else noun + "s"


def may_have(eligibility: str, races: Collection[str], race: str, apothecary_allowed: bool) -> bool:
    """Whether a team of `race` may have a member of staff (or inducement) of this
    eligibility; the one place the five kinds of race rule are read."""
    return {
        "any": True,
        "apothecary": apothecary_allowed,
        "no_apothecary": not apothecary_allowed,
        "races": race in races,
        "except": race not in races,
    }[eligibility]


def shared_limit_problem(ruleset: Ruleset, race: Race, counts: Mapping[str, int]) -> str | None:
    """Where GDBBL's orc_goblins_share_lineman_limit is on (gap §A.11.14), an Orc team's
    Goblins count within its 0-12 Linemen: the refusal when `counts` (position -> players,
    those the team has and those it asks for) break it, else None."""
    if race.slug != "orc" or not ruleset.settings.get(ORC_GOBLINS_SHARE):
        return None
    most = race.position("Lineman").max_quantity
    if sum(counts.get(name, 0) for name in ("Lineman", "Goblin")) > most:
        return f"Orc teams may have at most {most} Linemen and Goblins"
    return None


def a(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def many(number: int, noun: str) -> str:
    return f"{number} {noun if number == 1 else _plural(noun)}"


def listing(counts: Mapping[str, int]) -> str:
    """Counts in words, "3 Linemen, 1 Thrower and 1 Blitzer" (none of a position: left out),
    or "nobody"."""
    parts = [many(number, name) for name, number in counts.items() if number]
    if not parts:
        return "nobody"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _words(number: int) -> str:  # "the six players of its team card"
    names = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve")  # fmt: skip
    return names[number] if 0 <= number < len(names) else str(number)
