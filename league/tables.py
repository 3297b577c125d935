"""Reading league tables: a season's (its kept table, ranked by its own tie-breakers when a
result stood) and the all-time table (each team's rows of every season summed, as each
season scored them, ranked by the current season's tie-breakers), in a fixed number of
queries however many teams; and the check that every kept row, and every season's kept
table, equals a fresh count from the matches."""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, replace

from django.db.models import Q

from league.models import League, Season, SeasonTable, Standing
from league.setting_checks import NO_CASUALTY_COUNT, SCORED_IN_POINTS, TIE_BREAKERS
from league.standings import (
    RANK_FIELDS,
    ROW_FIELDS,
    TABLE_FIELDS,
    rank_values,
    ranked,
    scoring_of,
    season_lines,
    table_row,
    touchdown_points,
)
from rules.engine.standings import (
    Line,
    Placed,
    Scoring,
    combined,
)
from teams.models import Team

LABELS = {choice.key: choice.label.lower() for choice in TIE_BREAKERS}


@dataclass(slots=True)
class TeamRef:
    """A team as a table names it: a thousand rows are read as values, not as models."""

    pk: int
    name: str
    coach_name: str


@dataclass(frozen=True, slots=True)
class Row:
    """A team's place in a table, and what separated it from the team above."""

    placed: Placed
    team: TeamRef

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
    more: int = 0  # rows below those read (a table read a page at a time)
    before: int = 0  # rows above those read
    above: TeamRef | None = None  # the team just above the first row read

    @property
    def total(self) -> int:
        return self.before + len(self.rows) + self.more

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
    def shared_positions(self) -> set[int]:
        """The positions two or more teams share (level on every tie-breaker)."""
        return {row.position for row in self.rows if row.placed.level}


TEAM_FIELDS = ("team_id", "team__name", "team__coach__username")


# The tables this process read last, by season: (stamp, rows), the least recently read first.
# A table is rewritten with a new stamp whenever it changes, so a read costs one small query
# while the table stands, and the rows are read and built again only after a change. Rows
# are shared: nobody changes one.
KEPT: OrderedDict[int, tuple[str, list[Row]]] = OrderedDict()
KEPT_SEASONS = 64  # the most tables a process keeps
_kept_lock = threading.Lock()  # gunicorn threads share the store


def season_table(season: Season, top: int | None = None, skip: int = 0) -> Table:
    """The season's table as kept (SeasonTable, written when the season is ranked): its rows
    in their places, or with `top`, the `top` rows after the first `skip`, the team just
    above them and a count of the rest. One query while the table stands, two after a
    change, however many teams."""
    version = season.league.ruleset_version
    rows = kept_rows(season.pk)
    start = max(skip - 1, 0) if top is not None else 0
    listed = rows[start : skip + top] if top is not None else list(rows)
    above = listed.pop(0).team if top is not None and skip and listed else None
    before = min(skip, len(rows)) if top is not None else 0
    more = max(len(rows) - before - len(listed), 0)
    return Table(listed, scoring_of(season), version.system, more, before, above)


def kept_rows(season_pk: int) -> list[Row]:
    """The season's kept table as rows: this process's copy while its stamp stands."""
    stamp = SeasonTable.objects.filter(season=season_pk).values_list("stamp", flat=True).first()
    if stamp is None:
        return []
    with _kept_lock:
        had = KEPT.get(season_pk)
        if had is not None and had[0] == stamp:
            KEPT.move_to_end(season_pk)
            return had[1]
    read = SeasonTable.objects.filter(season=season_pk).values_list("stamp", "rows").first()
    if read is None:
        return []
    width = len(ROW_FIELDS)
    rows = []
    for team, name, coach, *values in read[1]:
        position, by, level, restarted = values[width:]
        placed = Placed(position, Line(team, *values[:width]), by or None, restarted, level)
        rows.append(Row(placed, TeamRef(team, name, coach)))
    with _kept_lock:
        KEPT[season_pk] = (read[0], rows)
        KEPT.move_to_end(season_pk)
        while len(KEPT) > KEPT_SEASONS:
            KEPT.popitem(last=False)
    return rows


def table_page(table: Table, top: int, skip: int) -> Table:
    """`top` rows of a table read whole (the all-time table), after the first `skip`."""
    rows = table.rows[skip : skip + top]
    above = table.rows[skip - 1].team if 0 < skip <= len(table.rows) else None
    more = max(len(table.rows) - skip - len(rows), 0)
    return replace(table, rows=rows, more=more, before=min(skip, len(table.rows)), above=above)


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
    by_team: dict[int, list[Line]] = defaultdict(list)
    teams = {}
    for team, name, coach, *values in rows.values_list(*TEAM_FIELDS, *ROW_FIELDS):
        by_team[team].append(Line(team, *values))
        teams[team] = teams.get(team) or TeamRef(team, name, coach)
    lines = {team: combined(kept) for team, kept in by_team.items()}
    scoring = scoring_of(newest)
    scorings = {pk: scoring_of(season) for pk, season in seasons.items()}
    names = {pk: team.name for pk, team in teams.items()}
    where = Q(season__league=league)
    placed = ranked(scoring, lines, where, touchdown_points(version), names, scorings)
    return Table([Row(row, teams[row.line.team]) for row in placed], scoring, version.system)


def standings_problems(seasons=None) -> list[str]:
    """Every kept figure that differs from a fresh count of the season's matches, naming the
    league, season, team and figure: "Old World Classic, Season 1, Reikland Reavers: points
    is 4, the matches say 3"."""
    problems = []
    seasons = seasons if seasons is not None else Season.objects.all()
    for season in seasons.select_related("league__ruleset_version").order_by("league", "number"):
        fresh = season_lines(season)
        rows = {row.team_id: row for row in Standing.objects.filter(season=season)}
        kept = dict(rows)
        where = f"{season.league.name}, {season.name}"
        teams = set(fresh) | set(kept)
        named = Team.objects.filter(pk__in=teams).values_list("pk", "name", "coach__username")
        names, coaches = {}, {}
        for pk, name, coach in named:
            names[pk], coaches[pk] = name, coach
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
        placed = ranked(scoring_of(season), fresh, Q(season_id=season.pk),
                        touchdown_points(season.league.ruleset_version), names)  # fmt: skip
        problems += _rank_problems(placed, rows, names, where)
        problems += _kept_table_problems(season, placed, names, coaches, where)
    return problems


def _kept_table_problems(season: Season, placed: list[Placed], names, coaches, where) -> list:
    """Each difference between the season's kept table (what readers see) and the table its
    matches make, with the teams' names as they are now."""
    wanted = {row.line.team: table_row(row, names[row.line.team], coaches[row.line.team])
              for row in placed}  # fmt: skip
    kept = SeasonTable.objects.filter(season=season).values_list("rows", flat=True).first()
    if kept is None:
        return [f"{where}: no kept table"] if wanted else []
    had = {row[0]: row for row in kept}
    problems = []
    for team, want in wanted.items():
        row = had.pop(team, None)
        if row is None:
            problems.append(f"{where}, {names[team]}: missing from the kept table")
            continue
        for name, have, should in zip(TABLE_FIELDS, row, want, strict=True):
            if have != should:
                said = f"the kept table's {name} is {have!r}, the matches say {should!r}"
                problems.append(f"{where}, {names[team]}: {said}")
    problems += [f"{where}: the kept table lists team {team}, which has no row" for team in had]
    if not problems and [row[0] for row in kept] != list(wanted):
        problems.append(f"{where}: the kept table lists its teams out of their places")
    return problems


def _rank_problems(placed: list[Placed], rows: dict, names, where) -> list[str]:
    """Each kept place, position or separation that differs from ranking the fresh lines."""
    problems = []
    for place, row in enumerate(placed, start=1):
        kept = rows.get(row.line.team)
        if kept is None:
            continue  # named above, if it played
        for name, wanted in zip(RANK_FIELDS, rank_values(place, row), strict=True):
            had = getattr(kept, name)
            if had != wanted:
                said = f"{name} is {had!r}, the matches say {wanted!r}"
                problems.append(f"{where}, {names[row.line.team]}: {said}")
    return problems
