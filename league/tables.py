"""Reading league tables: a season's (its kept rows, ranked by its own tie-breakers) and the
all-time table (each team's rows of every season summed, as each season scored them, ranked
by the current season's tie-breakers), in a fixed number of queries however many teams; and
the check that every kept row equals a fresh count from the matches."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from django.db.models import Q

from league.models import League, Season, Standing
from league.setting_checks import NO_CASUALTY_COUNT, SCORED_IN_POINTS, TIE_BREAKERS
from league.standings import ROW_FIELDS, results, scoring_of, season_lines, touchdown_points
from rules.engine.standings import (
    Line,
    Placed,
    Scoring,
    combined,
    needs_head_to_head,
    rank,
)
from teams.models import Team

LABELS = {choice.key: choice.label.lower() for choice in TIE_BREAKERS}


@dataclass(frozen=True)
class Row:
    """A team's place in a table, and what separated it from the team above."""

    placed: Placed
    team: object  # teams.Team

    @property
    def line(self) -> Line:
        return self.placed.line

    @property
    def position(self) -> int:
        return self.placed.position

    @property
    def by(self) -> str:
        """The tie-breaker that put it below the team above, in words ("" if points did, or it
        is first, or level)."""
        by = self.placed.by
        return LABELS.get(by, by) if by and by != "points" else ""

    @property
    def touchdown_difference(self) -> int:
        return self.line.touchdowns_for - self.line.touchdowns_against

    @property
    def casualty_difference(self) -> int:
        return self.line.casualties_for - self.line.casualties_against

    @property
    def score_difference(self) -> int:
        return self.line.score_for - self.line.score_against


@dataclass(frozen=True)
class Table:
    rows: list[Row]
    scoring: Scoring
    system: str  # the ruleset's: what the table counts

    @property
    def in_points(self) -> bool:
        """Blitz Bowl: its points for and against stand where casualties would."""
        return self.system in SCORED_IN_POINTS

    @property
    def counts_casualties(self) -> bool:
        return self.system not in NO_CASUALTY_COUNT

    @property
    def restarted(self) -> bool:
        """Head-to-head separated part of a tie and the rest started again: the page says so."""
        return any(row.placed.restarted for row in self.rows)

    @property
    def tie_breakers(self) -> list[str]:
        return [LABELS.get(key, key) for key in self.scoring.tie_breakers]


def _line(row: Standing) -> Line:
    return Line(row.team_id, **{name: getattr(row, name) for name in ROW_FIELDS})


def _ranked(
    scoring: Scoring,
    lines: dict[int, Line],
    teams: dict,
    where: Q,
    touchdown: int | None,
    scorings: dict[int, Scoring] | None = None,
) -> list[Row]:
    """The lines in order. Head-to-head reads the results (among the fixtures `where` picks)
    between the teams it may have to compare, in two more queries and only if some are level
    that far; `scorings` (season -> its scoring) scores each as its own season did."""
    tied = needs_head_to_head(lines.values(), scoring.tie_breakers)
    between = []
    if tied:
        picked = where & Q(home_id__in=tied, away_id__in=tied)
        for played in results(picked, touchdown):
            own = scorings.get(played.season) if scorings else None
            between.append(replace(played.result, scoring=own) if own else played.result)
    names = {pk: team.name for pk, team in teams.items()}
    placed = rank(scoring, lines.values(), between, names)
    return [Row(row, teams[row.line.team]) for row in placed]


def season_table(season: Season) -> Table:
    """The season's table from its kept rows."""
    version = season.league.ruleset_version
    rows = list(Standing.objects.filter(season=season).select_related("team__coach"))
    lines = {row.team_id: _line(row) for row in rows}
    teams = {row.team_id: row.team for row in rows}
    scoring = scoring_of(season)
    ranked = _ranked(scoring, lines, teams, Q(season=season), touchdown_points(version))
    return Table(ranked, scoring, version.system)


def all_time_table(league: League, current: Season | None) -> Table:
    """Every season's rows of each team summed (each as its season scored it), ranked by the
    current season's tie-breakers; head-to-head counts their matches of every season, each
    scored by its own season."""
    version = league.ruleset_version
    seasons = {season.pk: season for season in league.seasons.order_by("number")}
    if not seasons:
        return Table([], scoring_of(league), version.system)
    newest = current or seasons[max(seasons, key=lambda pk: seasons[pk].number)]
    by_team: dict[int, list[Line]] = defaultdict(list)
    teams = {}
    rows = Standing.objects.filter(season__league=league).select_related("team__coach")
    for row in rows.order_by("season__number", "pk"):
        by_team[row.team_id].append(_line(row))
        teams[row.team_id] = row.team
    lines = {team: combined(kept) for team, kept in by_team.items()}
    scoring = scoring_of(newest)
    scorings = {pk: scoring_of(season) for pk, season in seasons.items()}
    where = Q(season__league=league)
    ranked = _ranked(scoring, lines, teams, where, touchdown_points(version), scorings)
    return Table(ranked, scoring, version.system)


def standings_problems(seasons=None) -> list[str]:
    """Every kept figure that differs from a fresh count of the season's matches, naming the
    league, season, team and figure: "Old World Classic, Season 1, Reikland Reavers: points
    is 4, the matches say 3"."""
    problems = []
    seasons = seasons if seasons is not None else Season.objects.all()
    for season in seasons.select_related("league__ruleset_version").order_by("league", "number"):
        fresh = season_lines(season)
        kept = {row.team_id: row for row in Standing.objects.filter(season=season)}
        where = f"{season.league.name}, {season.name}"
        teams = set(fresh) | set(kept)
        names = dict(Team.objects.filter(pk__in=teams).values_list("pk", "name"))
        for team, line in fresh.items():
            row = kept.pop(team, None)
            if row is None:
                if line.played:
                    problems.append(f"{where}, {names[team]}: no row, the matches say "
                                    f"{line.played} played")  # fmt: skip
                continue
            for name in ROW_FIELDS:
                have, want = getattr(row, name), getattr(line, name)
                if have != want:
                    said = f"{name} is {have!r}, the matches say {want!r}"
                    problems.append(f"{where}, {names[row.team_id]}: {said}")
        for row in kept.values():
            if row.played:
                problems.append(
                    f"{where}, {names[row.team_id]}: a row with {row.played} played, "
                    "but no match of the season"
                )
    return problems
