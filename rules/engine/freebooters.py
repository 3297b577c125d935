"""Freebooters before a GDBBL match (001 "Hire freebooters"): players hired for one game at
half the normal price, normal players and star players alike, only those the team may
normally have. The bill is paid from the treasury.

001 leaves open whether they count toward the 16 players and the four stars, whether they
add to team rating (and so to the handicap) and how half price meets the Goblin and
Halfling double price for stars: each is a setting of the ruleset (freebooters_*,
freebooter_price_rule), read here with its bundled default when a copy lacks it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.engine.checks import optional_setting
from rules.engine.errors import Problem
from rules.engine.gdbbl import star_price
from rules.engine.inducements import BillLine, star_may_play_for
from rules.engine.ruleset import Race, Ruleset
from rules.engine.team_building import StarRule, many, shared_limit_problem

FIELD = "freebooters"
SHARE = 2  # "half the normal price"


@dataclass(frozen=True)
class TeamBeforeMatch:
    """What hiring freebooters needs of the team: its roster as it stands."""

    name: str
    race: Race
    positions: Mapping[str, int]  # position name -> players of it on the roster
    players: int  # on the roster, star players hired for good included
    stars: tuple[str, ...]  # star players on the roster
    treasury: int


@dataclass(frozen=True)
class Hire:
    name: str  # the position's or the star player's
    star: bool
    price: int  # what the team pays for this game
    value: int  # what he would add to team value (freebooters_in_team_rating)


@dataclass(frozen=True)
class Freebooters:
    hires: tuple[Hire, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def total(self) -> int:
        return sum(hire.price for hire in self.hires)

    @property
    def value(self) -> int:
        return sum(hire.value for hire in self.hires)

    @property
    def lines(self) -> tuple[BillLine, ...]:
        """The bill, one line per position or star in the order asked."""
        counts = Counter(hire.name for hire in self.hires)
        each = {hire.name: hire.price for hire in self.hires}
        label = {
            hire.name: hire.name if hire.star else f"Freebooter {hire.name}" for hire in self.hires
        }
        return tuple(BillLine(label[name], counts[name], each[name]) for name in counts)


def freebooters_bill(
    ruleset: Ruleset,
    star_rules: Sequence[StarRule],
    team: TeamBeforeMatch,
    positions: Sequence[str],
    stars: Sequence[str],
    taken_elsewhere: Mapping[str, str] | None = None,
) -> Freebooters:
    """The freebooters a team asks for (`positions`, one name per player; `stars`, one name
    each), priced, with every rule they break named. `taken_elsewhere` maps a star player
    to the team he plays for in this match already (the opponent)."""
    if not positions and not stars:
        return Freebooters()
    if not bool(optional_setting(ruleset, "freebooters_allowed", True)):
        return Freebooters(
            problems=(Problem(FIELD, "This league hires no freebooters (freebooters_allowed)."),)
        )
    problems: list[Problem] = []
    hires = _players(ruleset, team, positions, problems) + _stars(
        ruleset, star_rules, team, stars, taken_elsewhere or {}, problems
    )
    _counts(ruleset, team, hires, problems)
    bill = Freebooters(tuple(hires))
    gold = max(0, team.treasury)  # a debt pays for nothing
    if not problems and bill.total > gold:
        problems.append(
            Problem(
                "treasury",
                f"The freebooters cost {bill.total:,} gp; {team.name}'s treasury has "
                f"{gold:,} gp ({bill.total - gold:,} short).",
            )
        )
    return Freebooters(tuple(hires), tuple(problems))


def _players(
    ruleset, team: TeamBeforeMatch, positions: Sequence[str], problems: list
) -> list[Hire]:
    race, hires = team.race, []
    known = {position.name: position for position in race.positions}
    asked = Counter(positions)
    for name in asked:  # each position once, in the order asked
        position = known.get(name)
        if position is None:
            problems.append(
                Problem("positions", f"{race.name} teams have no position named {name!r}.")
            )
            continue
        have = team.positions.get(name, 0)
        if have + asked[name] > position.max_quantity:
            problems.append(
                Problem(
                    "positions",
                    f"{race.name} teams may have at most {many(position.max_quantity, name)}: "
                    f"{team.name} has {have} and asks for {asked[name]} more.",
                )
            )
        hires += [Hire(name, False, position.cost // SHARE, position.cost)] * asked[name]
    after = Counter(team.positions) + Counter({n: asked[n] for n in asked if n in known})
    shared = shared_limit_problem(ruleset, race, after)
    if shared:
        problems.append(
            Problem(
                "positions",
                f"{shared}, freebooters included: {team.name} has "
                f"{team.positions.get('Lineman', 0)} Linemen and "
                f"{team.positions.get('Goblin', 0)} Goblins.",
            )
        )
    return hires


def _stars(ruleset, star_rules, team, names, taken_elsewhere, problems) -> list[Hire]:
    known = {star.name: star for star in star_rules}
    counts_in_value = bool(optional_setting(ruleset, "team_value_star_players", True))
    hires = []
    for name, times in Counter(names).items():
        star = known.get(name)
        if star is None:
            problems.append(Problem("stars", f"There is no star player called {name!r}."))
            continue
        if times > 1:
            problems.append(Problem("stars", f"{name} is one player: name him once."))
        if not star_may_play_for(star, team.race):
            problems.append(Problem("stars", f"{name} does not play for {team.race.name} teams."))
        elif name in team.stars:
            problems.append(Problem("stars", f"{name} plays for {team.name} already."))
        elif name in taken_elsewhere:
            problems.append(
                Problem("stars", f"{name} plays for {taken_elsewhere[name]} in this match.")
            )
        price = star_price(ruleset, star.cost, team.race.slug, star.kind, freebooter=True)
        hires.append(Hire(name, True, price, star.cost if counts_in_value else 0))
    return hires


def _counts(ruleset: Ruleset, team: TeamBeforeMatch, hires: list[Hire], problems: list) -> None:
    """The star player limit and the roster's maximum, where the league counts freebooters
    toward them."""
    stars = sum(hire.star for hire in hires)
    limit = optional_setting(ruleset, "star_player_limit", None)
    counted = bool(optional_setting(ruleset, "freebooters_count_toward_star_limit", True))
    if stars and limit is not None and counted and len(team.stars) + stars > int(limit):
        problems.append(
            Problem(
                "stars",
                f"A team may have at most {many(int(limit), 'star player')}, freebooters "
                f"included (freebooters_count_toward_star_limit): {team.name} has "
                f"{len(team.stars)} and asks for {stars} more.",
            )
        )
    most = ruleset.team_creation.max_players
    counted = bool(optional_setting(ruleset, "freebooters_count_toward_roster", True))
    if counted and team.players + len(hires) > most:
        problems.append(
            Problem(
                FIELD,
                f"A team may have at most {many(most, 'player')}, freebooters included "
                f"(freebooters_count_toward_roster): {team.name} has {team.players} and "
                f"asks for {len(hires)} more.",
            )
        )
