"""Buying between matches: players, re-rolls, fan factor and staff, paid from the treasury.

Pure Python, no Django. A purchase is checked against the team as it is now and priced by
its ruleset; a refusal names the rule and, for money, the shortfall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from rules.engine.ruleset import Ruleset
from rules.engine.team_building import (
    Problem,
    StaffRule,
    TeamRefused,
    a,
    many,
    may_have,
    shared_limit_problem,
    system_name,
)

KINDS = ("player", "reroll", "fan_factor", "staff")


def refuse_results_only(ruleset: Ruleset, field: str, said: str) -> None:
    """The one rule for what the results-only rulesets (1st edition, Blitz Bowl) keep
    between matches: nothing, so buying, firing, adjusting and improving are refused with
    `said` ("{system} teams buy nothing between matches."), naming the game."""
    if ruleset.play == "results_only":
        raise TeamRefused([Problem(field, said.format(system=system_name(ruleset)))])


@dataclass(frozen=True)
class TeamNow:
    """What a purchase needs to know of the team."""

    race: str
    players: Mapping[str, int]  # position name -> players of it on the roster
    rerolls: int
    fan_factor: int
    treasury: int
    staff: Mapping[str, int] = field(default_factory=dict)

    @property
    def roster(self) -> int:
        return sum(self.players.values())


@dataclass(frozen=True)
class Purchase:
    kind: str  # one of KINDS
    what: str = ""  # the position's name or the staff key
    count: int = 1


@dataclass(frozen=True)
class Offer:
    """One thing a team may buy now (one of it), as a form offers it."""

    kind: str  # one of KINDS
    what: str  # the position's name or the staff key; "" for re-rolls and fan factor
    name: str  # as a coach reads it
    price: int  # for one


def purchase_offers(
    ruleset: Ruleset, staff_rules: Sequence[StaffRule], team: TeamNow
) -> list[Offer]:
    """What `purchase_price` would sell the team now, one of each, money aside: positions of
    its race with room under their maximum (and on the roster), a re-roll under the most
    allowed, fan factor where the ruleset sells it after creation, staff its race may have
    and has room for. The treasury is not asked: a purchase it cannot pay is refused with
    the shortfall. Nothing for a results-only system."""
    if ruleset.play == "results_only":
        return []
    race = ruleset.races[team.race]
    wanted = [
        *((Purchase("player", p.name), p.name) for p in race.positions),
        (Purchase("reroll"), "Re-roll"),
        (Purchase("fan_factor"), "Fan factor"),
        *((Purchase("staff", rule.key), rule.name) for rule in staff_rules),
    ]
    rich = replace(team, treasury=max(team.treasury, 0) + 10**12)  # money aside
    offers = []
    for purchase, name in wanted:
        try:
            price = purchase_price(ruleset, staff_rules, rich, purchase)
        except TeamRefused:
            continue
        offers.append(Offer(purchase.kind, purchase.what, name, price))
    return offers


def purchase_price(
    ruleset: Ruleset, staff_rules: Sequence[StaffRule], team: TeamNow, purchase: Purchase
) -> int:
    """The price in gold, or TeamRefused with every problem."""
    problems: list[Problem] = []
    refuse_results_only(ruleset, "kind", "{system} teams buy nothing between matches.")
    if purchase.kind not in KINDS:
        raise TeamRefused(
            [Problem("kind", f"One can buy {', '.join(KINDS)}; not {purchase.kind!r}.")]
        )
    if (
        isinstance(purchase.count, bool)
        or not isinstance(purchase.count, int)
        or purchase.count < 1
    ):
        raise TeamRefused([Problem("count", f"Buy at least one, not {purchase.count!r}.")])
    price = {
        "player": _player,
        "reroll": _reroll,
        "fan_factor": _fan_factor,
        "staff": _staff,
    }[purchase.kind](ruleset, staff_rules, team, purchase, problems)
    if not problems and price > team.treasury:
        problems.append(
            Problem(
                "treasury",
                f"This costs {price:,} gp; the treasury has {team.treasury:,} gp "
                f"({price - team.treasury:,} short).",
            )
        )
    if problems:
        raise TeamRefused(problems)
    return price


def _player(ruleset, staff_rules, team, purchase, problems) -> int:
    race = ruleset.races[team.race]
    position = next((p for p in race.positions if p.name == purchase.what), None)
    if position is None:
        problems.append(
            Problem("what", f"{race.name} teams have no position called {purchase.what!r}.")
        )
        return 0
    have = team.players.get(position.name, 0)
    if have + purchase.count > position.max_quantity:
        problems.append(
            Problem(
                "count",
                f"{race.name} teams may have at most {many(position.max_quantity, position.name)}; "
                f"this team has {have}.",
            )
        )
    after = {**team.players, position.name: have + purchase.count}
    shared = shared_limit_problem(ruleset, race, after)
    if shared:
        lineman, goblin = team.players.get("Lineman", 0), team.players.get("Goblin", 0)
        problems.append(
            Problem("count", f"{shared}; this team has {lineman} Linemen and {goblin} Goblins.")
        )
    most = ruleset.team_creation.max_players
    if team.roster + purchase.count > most:
        problems.append(
            Problem(
                "count", f"A team may have at most {most} players; this team has {team.roster}."
            )
        )
    return position.cost * purchase.count


def _reroll(ruleset, staff_rules, team, purchase, problems) -> int:
    most = int(ruleset.settings.get("max_team_rerolls", 0) or 0)
    if most and team.rerolls + purchase.count > most:
        problems.append(
            Problem(
                "count", f"A team may have at most {most} re-rolls; this team has {team.rerolls}."
            )
        )
    # After creation a re-roll costs the list price times this (2: "double" in LRB6 and GDBBL).
    times = int(ruleset.settings.get("reroll_price_multiplier_after_creation", 2))
    return ruleset.races[team.race].reroll_cost * times * purchase.count


def _fan_factor(ruleset, staff_rules, team, purchase, problems) -> int:
    if not ruleset.settings.get("fan_factor_purchase_after_creation", False):
        problems.append(
            Problem(
                "kind",
                "Fan factor is not bought after the team is created under these rules "
                "(setting fan_factor_purchase_after_creation).",
            )
        )
    most = int(ruleset.settings.get("fan_factor_max", 0) or 0)
    if most and team.fan_factor + purchase.count > most:
        problems.append(
            Problem("count", f"Fan factor may be at most {most}; it is {team.fan_factor}.")
        )
    return ruleset.team_creation.fan_factor_price * purchase.count


def _staff(ruleset, staff_rules, team, purchase, problems) -> int:
    rule = next((r for r in staff_rules if r.key == purchase.what), None)
    race = ruleset.races[team.race]
    if rule is None:
        problems.append(Problem("what", f"This ruleset has no staff called {purchase.what!r}."))
        return 0
    if not may_have(rule.eligibility, rule.races, race.slug, race.apothecary_allowed):
        problems.append(Problem("what", f"{race.name} teams may not have {a(rule.name)}."))
    have = team.staff.get(rule.key, 0)
    # A setting "<key>_max" overrides the list (GDBBL's apothecary_max; 0: the list's), as
    # at creation (rules.engine.team_building).
    most = int(ruleset.settings.get(f"{rule.key}_max", 0) or 0) or rule.max_quantity
    if most is not None and have + purchase.count > most:
        problems.append(
            Problem(
                "count",
                f"A team may have at most {many(most, rule.name)}; this team has {have}.",
            )
        )
    if rule.group:
        others = [
            r.name
            for r in staff_rules
            if r.group == rule.group and r.key != rule.key and team.staff.get(r.key, 0)
        ]
        if others:
            problems.append(
                Problem(
                    "what",
                    f"A team may have only one of its {rule.group} staff; "
                    f"this team has {a(others[0])}.",
                )
            )
    return rule.race_costs.get(race.slug, rule.cost) * purchase.count
