"""Reading a team as its roster: each player's current characteristics, skills and value, and
the team's value (LRB6) or rating (GDBBL) by its ruleset's own formula; and a page of teams
as the team list shows it, in the same queries for 3 teams as for 50."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, Q

from rules.engine.characteristics import characteristic_now
from rules.engine.experience import improvement_rolls_due, level_title
from rules.engine.gdbbl import team_rating
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import highest_number
from rules.engine.team_value import RosterEntry, team_value
from rules.snapshot import ruleset_snapshot, version_snapshot
from teams.models import Player, Team
from teams.seams import TeamLeague, leagues

GONE = ("dead", "retired", "fired")
# Characteristics a ruleset prints as the D6 score a check needs: a Blitz Bowl card's Throw
# and Armour read "4+" and "3+" (stored as 4 and 3, as the ruleset's description says).
PRINTED_AS_SCORES = {"blitz-bowl": ("TH", "AR")}


@dataclass(frozen=True)
class RosterRow:
    player: Player
    characteristics: list[tuple[str, int, int]]  # name, current value, change
    starting_skills: tuple[str, ...]
    gained_skills: tuple[str, ...]
    value: int
    rolls_due: int = 0  # improvement rolls earned and not rolled yet
    roll_pending: bool = False  # rolled, waiting for the coach's choice
    level: str | None = None  # "Rookie" ... "Legend"; None for stars and results-only systems


@dataclass(frozen=True)
class Roster:
    team: Team
    ruleset: Ruleset
    rows: list[RosterRow]
    value: int | None  # None for results-only systems
    rating: int | None  # GDBBL's team rating
    spp: int

    @property
    def has_levels(self) -> bool:
        """Whether its players have experience levels (a title by their SPP)."""
        return "experience_levels" in self.ruleset.tables

    @property
    def keeps_records(self) -> bool:
        """Whether the ruleset carries anything from match to match: money, SPP, the
        players' counters, lasting injuries, value. The results-only rulesets (Blitz Bowl,
        1st edition) keep none of it, so no page, sheet or API answer shows it."""
        return self.ruleset.play == "league"

    @property
    def has_profiles(self) -> bool:
        """Whether the players have characteristics to show. 1st edition's standard game
        (setting veterans_rules none) has none: every player moves up to 6 squares (document
        002 l.161, l.213); the profiles belong to the optional Veterans Rules."""
        return self.ruleset.settings.get("veterans_rules") != "none"

    @property
    def highest_number(self) -> int:
        """The highest shirt number a player may wear (11 in the standard game)."""
        return highest_number(self.ruleset)

    @property
    def has_skills(self) -> bool:
        """Whether there are skills (Blitz Bowl's abilities) to show: 1st edition has none,
        unless a house-rule copy adds them."""
        return bool(self.ruleset.skills) or any(
            row.starting_skills or row.gained_skills for row in self.rows
        )

    @property
    def scores(self) -> tuple[str, ...]:
        """The characteristics printed with a plus, as the D6 score they need ("4+")."""
        return PRINTED_AS_SCORES.get(self.ruleset.system, ())

    @property
    def skills_label(self) -> str:
        """What the ruleset calls them: a Blitz Bowl team card prints each player's ability."""
        return "Abilities" if self.ruleset.system == "blitz-bowl" else "Skills"


def player_value(player: Player) -> int:
    base = player.star.cost if player.star_id else player.position.cost
    return base + player.value_increase


def _counts(player: Player, ruleset: Ruleset) -> bool:
    """Whether a player adds his value to the team. One who misses the next game counts as
    each system's setting says: LRB6's tv_excludes_missing_players (on: he does not count),
    GDBBL's team_value_injured_players (on: he does)."""
    if player.status in GONE:
        return False
    if player.star_id and not ruleset.settings.get("team_value_star_players", True):
        return False
    if player.status == "missing_next_game":
        if ruleset.system == "lrb6":
            return not ruleset.settings.get("tv_excludes_missing_players", True)
        return bool(ruleset.settings.get("team_value_injured_players", True))
    return True


def team_worth(team: Team, players: list[Player], ruleset: Ruleset) -> tuple[int | None, int]:
    race = ruleset.races[team.race.slug]
    staff = team.staff
    if ruleset.play == "results_only":
        return None, 0
    if ruleset.system == "lrb6":
        value = team_value(
            ruleset,
            race,
            [RosterEntry(player_value(p), _counts(p, ruleset)) for p in players],
            team.rerolls,
            team.fan_factor,
            staff.get("assistant_coach", 0),
            staff.get("cheerleader", 0),
            bool(staff.get("apothecary", 0)),
        )
        return value, 0
    # GDBBL: the document leaves "team value" open; its settings say what counts.
    value = sum(player_value(p) for p in players if _counts(p, ruleset))
    price = race.reroll_cost
    if ruleset.settings.get("team_value_reroll_price") == "doubled_price":
        price *= int(ruleset.settings.get("reroll_price_multiplier_after_creation", 2))
    value += team.rerolls * price
    if ruleset.settings.get("team_value_staff", True):
        value += team.fan_factor * ruleset.team_creation.fan_factor_price
        value += sum(
            count * ruleset.staff[key].cost
            for key, count in staff.items()
            if key in ruleset.staff and ruleset.staff[key].counts_in_value
        )
    spp = sum(p.spp for p in players if p.status not in GONE)
    return value, team_rating(ruleset, value, spp)


def _rolls_due(ruleset: Ruleset, player: Player) -> int:
    if ruleset.play != "league" or player.star_id or player.status in GONE:
        return 0  # stars earn no SPP; results-only systems have no progression
    return improvement_rolls_due(ruleset, player.spp, player.rolls_made)


def _level(ruleset: Ruleset, player: Player) -> str | None:
    if player.star_id:
        return None  # stars have no experience level of their own
    return level_title(ruleset, player.spp)


def _characteristic(player: Player, name: str, start: int) -> tuple[str, int, int]:
    advanced, injured = player.changes.get(name, 0), player.injury_changes.get(name, 0)
    return name, characteristic_now(start, advanced, injured), advanced + injured


def roster(team: Team) -> Roster:
    """The roster in a fixed number of queries, whatever the number of players."""
    snapshot = version_snapshot(team.ruleset_version)
    ruleset = snapshot.ruleset
    race = ruleset.races[team.race.slug]
    players = list(
        team.players.on_roster()
        .select_related("position", "star")
        .annotate(
            rolls_made=Count("improvements"),
            rolls_pending=Count("improvements", filter=Q(improvements__choice="")),
        )
        # Meta.ordering does not apply to grouped queries: ask for roster order.
        .order_by("number")
    )
    star_skills = snapshot.star_skills
    rows = []
    for player in players:
        if player.star_id:
            profile = {name: player.star.characteristics[name] for name in ruleset.characteristics}
            starting = star_skills[player.star_id]
        else:
            position = race.position(player.position.name)
            profile, starting = dict(position.characteristics), position.skills
        rows.append(
            RosterRow(
                player=player,
                characteristics=[_characteristic(player, n, start) for n, start in profile.items()],
                starting_skills=starting,
                gained_skills=tuple(player.skills),
                value=player_value(player),
                rolls_due=_rolls_due(ruleset, player),
                roll_pending=player.rolls_pending > 0,
                level=_level(ruleset, player),
            )
        )
    value, rating = team_worth(team, players, ruleset)
    spp = sum(p.spp for p in players if p.status not in GONE)  # as team_worth counts it
    return Roster(team, ruleset, rows, value, rating if ruleset.system == "gdbbl" else None, spp)


@dataclass(frozen=True)
class ListedTeam:
    """A team as the team list shows it."""

    team: Team
    value: int | None  # None for results-only systems
    league: TeamLeague | None  # None outside a league, or in one the reader may not see

    @property
    def keeps_records(self) -> bool:
        """Whether its ruleset keeps money and value (Roster.keeps_records)."""
        return self.team.ruleset_version.play == "league"


@dataclass(frozen=True)
class Glance:
    """A team at a glance, for lists and the coach's desk."""

    value: int | None  # None: a results-only system keeps no value
    rolls_due: int  # improvement rolls earned and not rolled
    choices_waiting: int  # rolls made and not yet spent


def team_glances(teams: Sequence[Team]) -> dict[int, Glance]:
    """Each team's value (team_worth's) and waiting rolls, by team id: the rules from the
    process's snapshot, read once per ruleset version, and the players of every team in one
    query (none when every team plays a results-only system). The teams come with their
    ruleset_version and race."""
    rulesets: dict[int, Ruleset] = {}
    for team in teams:
        version = team.ruleset_version
        if version.pk not in rulesets:
            rulesets[version.pk] = ruleset_snapshot(version)
    valued = [t.pk for t in teams if rulesets[t.ruleset_version_id].play != "results_only"]
    players: dict[int, list[Player]] = defaultdict(list)
    if valued:
        read = (
            Player.objects.on_roster()
            .filter(team_id__in=valued)
            .select_related("position", "star")
            .annotate(
                rolls_made=Count("improvements"),
                rolls_pending=Count("improvements", filter=Q(improvements__choice="")),
            )
            .order_by("team", "number")
        )
        for player in read:
            players[player.team_id].append(player)
    glances = {}
    for team in teams:
        ruleset, mine = rulesets[team.ruleset_version_id], players[team.pk]
        able = [p for p in mine if not p.star_id and p.status not in GONE]
        glances[team.pk] = Glance(
            value=team_worth(team, mine, ruleset)[0],
            rolls_due=sum(_rolls_due(ruleset, p) for p in mine),
            choices_waiting=sum(p.rolls_pending for p in able) if ruleset.play == "league" else 0,
        )
    return glances


def teams_listed(teams: Sequence[Team], user) -> list[ListedTeam]:
    """A page of teams with their values and leagues, in a fixed number of queries: the
    players in one, the leagues in one or two (a private league named only to those who may
    see it)."""
    teams = list(teams)
    glances = team_glances(teams)
    said = leagues.answer.leagues_of(teams, user)
    listed = []
    for team in teams:
        league = said.get(team.pk)
        listed.append(
            ListedTeam(team, glances[team.pk].value, league if league and league.visible else None)
        )
    return listed
