"""Reading league tables: a season's (its kept rows, ranked by its own tie-breakers) and the
all-time table (each team's rows of every season summed, as each season scored them, ranked
by the current season's tie-breakers), in a fixed number of queries however many teams; and
the check that every kept row equals a fresh count from the matches."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from django.db.models import Q

from league.models import Fixture, League, Season, Standing
from league.setting_checks import NO_CASUALTY_COUNT, SCORED_IN_POINTS, TIE_BREAKERS
from league.standings import ROW_FIELDS, results, scoring_of, season_lines, touchdown_points
from matches.models import decided
from rules.engine.standings import (
    Line,
    Placed,
    Scoring,
    combined,
    head_to_head_groups,
    rank,
)
from teams.models import Team

BATCH = 10_000  # match ids a query names at most
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


def _lines_and_teams(rows) -> tuple[dict[int, list[Line]], dict]:
    """Each team's kept lines, oldest season first, and the teams (with their coaches) read
    once each: rows as plain values, since a large league has thousands."""
    by_team: dict[int, list[Line]] = defaultdict(list)
    for team, *values in rows:
        by_team[team].append(Line(team, *values))
    teams = Team.objects.filter(pk__in=rows.values("team_id")).select_related("coach")
    return by_team, {team.pk: team for team in teams}


def _ranked(
    scoring: Scoring,
    lines: dict[int, Line],
    teams: dict,
    where: Q,
    touchdown: int | None,
    scorings: dict[int, Scoring] | None = None,
) -> list[Row]:
    """The lines in order. Head-to-head needs the results between teams of one group level
    before it: who played whom is read lightly, then only those matches whole (a few queries,
    and only where some teams are level that far). `scorings` (season -> its scoring) scores
    each result as its own season did."""
    groups = head_to_head_groups(lines.values(), scoring.tie_breakers)
    between = []
    if groups:
        group_of = {team: n for n, group in enumerate(groups) for team in group}
        pairs = Fixture.objects.filter(where, away__isnull=False, match__isnull=False)
        pairs = pairs.filter(decided("match__")).values_list("home_id", "away_id", "match_id")
        picked = [
            match for home, away, match in pairs
            if home in group_of and group_of[home] == group_of.get(away)
        ]  # fmt: skip
        for start in range(0, len(picked), BATCH):  # SQLite takes so many values at a time
            for played in results(Q(match_id__in=picked[start : start + BATCH]), touchdown):
                own = scorings.get(played.season) if scorings else None
                keep = own is None or own == scoring
                between.append(played.result if keep else replace(played.result, scoring=own))
    names = {pk: team.name for pk, team in teams.items()}
    placed = rank(scoring, lines.values(), between, names)
    return [Row(row, teams[row.line.team]) for row in placed]


def season_table(season: Season) -> Table:
    """The season's table from its kept rows."""
    version = season.league.ruleset_version
    rows = Standing.objects.filter(season=season).values_list("team_id", *ROW_FIELDS)
    by_team, teams = _lines_and_teams(rows)
    lines = {team: kept[0] for team, kept in by_team.items()}
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
    rows = Standing.objects.filter(season__league=league).order_by("season__number", "pk")
    by_team, teams = _lines_and_teams(rows.values_list("team_id", *ROW_FIELDS))
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
