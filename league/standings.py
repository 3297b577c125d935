"""Keeping league tables: a row per team per season (Standing), worked out from the season's
matches whose result stands by the pure engine (rules.engine.standings) and rewritten for
both teams in the transaction that makes a result stand (a report applied, a forfeit), so a
table is read, never added up, and `manage.py standings_check` can prove it right.

A team's casualties are those its players caused to the other side (matches.selectors.
casualties_caused); a forfeit counts with the league's forfeit score; a bye counts nothing.
Blitz Bowl counts its points for and against (a forfeit's touchdowns at the points table's
value of a touchdown)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.apps import apps as django_apps
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce, TruncDate

from league.models import Fixture, Season, SeasonTable
from league.setting_checks import SCORED_IN_POINTS
from matches.models import FORFEIT, decided
from matches.selectors import casualties_caused
from rules.engine.report_results import points_of
from rules.engine.standings import (
    FIGURES,
    Line,
    Placed,
    Result,
    Scoring,
    head_to_head_groups,
    rank,
    tally,
)
from rules.models import RulesetVersion
from rules.snapshot import version_snapshot
from teams.models import Team

SCORING_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "bonus_three_touchdowns",
    "bonus_three_casualties",
    "bonus_clean_sheet",
    "tie_breakers",
)
ROW_FIELDS = (*FIGURES, "form")
RANK_FIELDS = ("place", "position", "separated_by", "level", "restarted")
# A row of a season's kept table (SeasonTable.rows), in place order.
TABLE_FIELDS = ("team", "name", "coach", *ROW_FIELDS, "position", "separated_by", "level",
                "restarted")  # fmt: skip
BATCH = 10_000  # match ids a query names at most
ONE_BY_ONE = 4  # rows written an UPDATE each (a result's two); more go in one bulk update
# The order results were played in, for the form: by round (open play has none), then the
# day it was played, or for a forfeit (which has no such day) the day it was recorded.
PLAYED_ORDER = (
    F("round__number").asc(nulls_last=True),
    Coalesce("match__report__played_on", TruncDate("match__changed_at")),
    "match_id",
)


def scoring_of(season) -> Scoring:
    """The season's scoring, as copied from its league when it started (or any object with
    the same fields: a league, for its next season)."""
    return Scoring(
        win=season.points_win,
        draw=season.points_draw,
        loss=season.points_loss,
        three_touchdowns=season.bonus_three_touchdowns,
        three_casualties=season.bonus_three_casualties,
        clean_sheet=season.bonus_clean_sheet,
        tie_breakers=tuple(season.tie_breakers),
    )


def scoring_copy(league, season) -> None:
    """The league's scoring onto the season that starts (not saved)."""
    for name in SCORING_FIELDS:
        value = getattr(league, name)
        setattr(season, name, list(value) if name == "tie_breakers" else value)


@dataclass(frozen=True)
class Played:
    """A result of a season, with what places it in the season's order."""

    season: int
    result: Result


def touchdown_points(version) -> int | None:
    """What a touchdown scores where a ruleset plays for points (Blitz Bowl); None elsewhere."""
    if version.system not in SCORED_IN_POINTS:
        return None
    if not isinstance(version, RulesetVersion):  # a migration's: read the ruleset as it is
        version = RulesetVersion.objects.get(pk=version.pk)
    return points_of(version_snapshot(version).ruleset, "touchdown", 4)


def results(where: Q, touchdown: int | None = None, registry=None) -> list[Played]:
    """The results that stand among the fixtures `where` selects, in the order they were
    played (round, date, match), in two queries. `touchdown`: a touchdown's Blitz Bowl points,
    which score a forfeit (its report records touchdowns only)."""
    fixture_model = (registry or django_apps).get_model("league", "Fixture")
    stood = fixture_model.objects.filter(where, away__isnull=False, match__isnull=False).filter(
        decided("match__")
    )
    rows = list(
        stood.order_by(*PLAYED_ORDER).values_list(
            "season_id", "match_id", "home_id", "away_id", "match__status",
            "match__report__home_touchdowns", "match__report__away_touchdowns",
            "match__report__home_points", "match__report__away_points",
        )
    )  # fmt: skip
    caused = casualties_caused(Q(match__in=stood.values("match_id")), registry) if rows else {}
    played = []
    for season, match, home, away, status, home_td, away_td, home_pts, away_pts in rows:
        forfeit = status == FORFEIT
        if forfeit and touchdown is not None:
            home_pts, away_pts = home_td * touchdown, away_td * touchdown
        result = Result(
            home, away, home_td or 0, away_td or 0,
            caused.get((match, home), 0), caused.get((match, away), 0),
            home_pts if touchdown is not None else None,
            away_pts if touchdown is not None else None,
            forfeit=forfeit,
        )  # fmt: skip
        played.append(Played(season, result))
    return played


def season_lines(season, teams: Iterable[int] | None = None, registry=None) -> dict[int, Line]:
    """team -> its line of the season, worked out from the matches: every team of the season,
    or only `teams` (from their matches alone)."""
    wanted = None if teams is None else list(teams)
    where = Q(season_id=season.pk)
    if wanted is not None:
        where &= Q(home_id__in=wanted) | Q(away_id__in=wanted)
    played = results(where, touchdown_points(season.league.ruleset_version), registry)
    everyone = wanted if wanted is not None else season.teams.values_list("pk", flat=True)
    lines = tally(scoring_of(season), (p.result for p in played), everyone)
    return lines if wanted is None else {team: lines[team] for team in wanted}


def _row_values(line: Line) -> dict:
    return {name: getattr(line, name) for name in ROW_FIELDS}


def standings_write(season, lines: dict[int, Line], registry=None) -> None:
    """The lines as the season's rows: updated where a team has one, created where not."""
    model = (registry or django_apps).get_model("league", "Standing")
    kept = {row.team_id: row for row in model.objects.filter(season=season, team__in=list(lines))}
    fresh = []
    for team, line in lines.items():
        row = kept.get(team)
        if row is None:
            fresh.append(model(season_id=season.pk, team_id=team, **_row_values(line)))
            continue
        for name, value in _row_values(line).items():
            setattr(row, name, value)
    if len(kept) <= ONE_BY_ONE:
        # A result changes its two teams' rows: an UPDATE of each is several times quicker
        # to build than one bulk update's CASE for every column of every row.
        for row in kept.values():
            model.objects.filter(pk=row.pk).update(**{name: getattr(row, name)
                                                      for name in ROW_FIELDS})  # fmt: skip
    else:
        model.objects.bulk_update(list(kept.values()), list(ROW_FIELDS))
    model.objects.bulk_create(fresh)


def standings_rebuild(season, registry=None) -> None:
    """Every row of the season from its matches, and its ranking (the migration that added
    tables; the bench)."""
    standings_write(season, season_lines(season, registry=registry), registry)
    standings_rank(season, registry)


def ranked(
    scoring: Scoring,
    lines: dict[int, Line],
    where: Q,
    touchdown: int | None,
    names: dict[int, str],
    scorings: dict[int, Scoring] | None = None,
    registry=None,
) -> list[Placed]:
    """The lines in order of the scoring's tie-breakers. Head-to-head needs the results
    between teams of one group level before it: who played whom (among the fixtures `where`
    picks) is read lightly, then only those matches whole — and only where some teams are
    level that far. `scorings` (season -> its scoring) scores each result as its own season
    did (the all-time table)."""
    groups = head_to_head_groups(lines.values(), scoring.tie_breakers)
    between = []
    if groups:
        fixture_model = (registry or django_apps).get_model("league", "Fixture")
        group_of = {team: n for n, group in enumerate(groups) for team in group}
        pairs = fixture_model.objects.filter(where, away__isnull=False, match__isnull=False)
        pairs = pairs.filter(decided("match__")).values_list("home_id", "away_id", "match_id")
        picked = [
            match for home, away, match in pairs
            if home in group_of and group_of[home] == group_of.get(away)
        ]  # fmt: skip
        for start in range(0, len(picked), BATCH):  # SQLite takes so many values at a time
            chunk = Q(match_id__in=picked[start : start + BATCH])
            for played in results(chunk, touchdown, registry):
                own = scorings.get(played.season) if scorings else None
                keep = own is None or own == scoring
                between.append(played.result if keep else replace(played.result, scoring=own))
    return rank(scoring, lines.values(), between, names)


def rank_values(place: int, row: Placed) -> tuple:
    """What a row keeps of its ranking, in RANK_FIELDS' order."""
    return (place, row.position, row.by or "", row.level, row.restarted)


def standings_rank(season, registry=None) -> None:
    """The season's rows put in order (standings_place) and its kept table written whole
    (SeasonTable), names included, for readers."""
    table = standings_place(season, registry)
    kept_table = (registry or django_apps).get_model("league", "SeasonTable")
    fresh = {"rows": table, "stamp": uuid.uuid4().hex}
    # One write where the table is kept already (the season is locked, or being started).
    if not kept_table.objects.filter(season_id=season.pk).update(**fresh):
        kept_table.objects.create(season_id=season.pk, **fresh)


def standings_place(season, registry=None) -> list[list]:
    """The season's rows put in order: each row's place, position, and what separated it from
    the row above, rewritten where they changed. Returns the ranked table's rows (in
    TABLE_FIELDS' order), which standings_rank keeps."""
    model = (registry or django_apps).get_model("league", "Standing")
    rows = model.objects.filter(season_id=season.pk).values_list(
        "pk", "team_id", "team__name", "team__coach__username", *ROW_FIELDS, *RANK_FIELDS
    )
    lines, names, coaches, kept, pks = {}, {}, {}, {}, {}
    width = len(ROW_FIELDS)
    for pk, team, name, coach, *values in rows:
        lines[team], names[team], coaches[team] = Line(team, *values[:width]), name, coach
        kept[team], pks[team] = tuple(values[width:]), pk
    version = season.league.ruleset_version
    placed = ranked(scoring_of(season), lines, Q(season_id=season.pk),
                    touchdown_points(version), names, registry=registry)  # fmt: skip
    changed = []
    for place, row in enumerate(placed, start=1):
        now = rank_values(place, row)
        if kept[row.line.team] != now:
            changed.append(model(pk=pks[row.line.team], **dict(zip(RANK_FIELDS, now, strict=True))))
    model.objects.bulk_update(changed, list(RANK_FIELDS), batch_size=BATCH // 10)
    return [table_row(row, names[row.line.team], coaches[row.line.team]) for row in placed]


def table_row(row: Placed, name: str, coach: str) -> list:
    """A team's row of the kept table, in TABLE_FIELDS' order (a list: JSON has no tuples)."""
    line = row.line
    figures = [getattr(line, field) for field in ROW_FIELDS]
    return [line.team, name, coach, *figures, row.position, row.by or "", row.level,
            row.restarted]  # fmt: skip


def standings_rank_teams(teams: Q) -> None:
    """Every season the teams `teams` picks (a filter on Team) have rows in, ranked again and
    its kept table rewritten: a team's name (which orders teams level on everything) or its
    coach's name changed."""
    picked = Team.objects.filter(teams).values("pk")
    seasons = Season.objects.filter(standings__team__in=picked).distinct()
    seasons = {season.pk: season for season in seasons.select_related("league__ruleset_version")}
    _seasons_locked(seasons)
    for season in seasons.values():
        standings_rank(season)


def standings_update(matches) -> None:
    """The results of `matches` stand (or changed): both teams' rows of each one's season are
    worked out again from the season's matches, in the caller's transaction. The teams are
    locked first, in a fixed order, so two results of one team at once are counted one after
    the other. A friendly belongs to no season and changes no table."""
    fixtures = Fixture.objects.select_related("season__league__ruleset_version").filter(
        match__in=[match.pk for match in matches], away__isnull=False
    )
    seasons, teams = {}, {}
    for fixture in fixtures:
        seasons[fixture.season_id] = fixture.season
        teams.setdefault(fixture.season_id, set()).update((fixture.home_id, fixture.away_id))
    everyone = sorted(set().union(*teams.values())) if teams else []
    list(Team.objects.select_for_update().filter(pk__in=everyone).order_by("pk"))
    _seasons_locked(seasons)
    for season_id, season in seasons.items():
        standings_write(season, season_lines(season, sorted(teams[season_id])))
        standings_rank(season)


def coach_naming(sender, instance, raw: bool = False, update_fields=None, **kwargs) -> None:
    """pre_save of a coach: notes whether his name is changing (his teams' kept tables hold
    it), reading the name he had. A sign-in saves last_login alone and reads nothing."""
    instance._renamed = False
    if raw or instance.pk is None or (update_fields is not None and "username" not in
                                      update_fields):  # fmt: skip
        return
    had = sender.objects.filter(pk=instance.pk).values_list("username", flat=True).first()
    instance._renamed = had is not None and had != instance.username


def coach_saved(sender, instance, created: bool = False, raw: bool = False, **kwargs) -> None:
    """post_save of a coach: where his name changed (the admin's change form), the seasons
    his teams have rows in are ranked again, their kept tables with his new name."""
    if created or raw or not getattr(instance, "_renamed", False):
        return
    instance._renamed = False
    with transaction.atomic():  # a save outside a transaction still locks the seasons
        standings_rank_teams(Q(coach=instance))


def _seasons_locked(seasons: dict) -> None:
    """Locks the kept tables of the seasons about to be ranked (after their teams, in season
    order): ranking reads every row of a season, so two rankings of one season at once would
    each miss the other's new figures, and the last to commit would keep a table without
    them. The kept table's row is locked, not the season's: starting a season updates the
    season it finishes while it waits on that season's teams, which the ranking holds."""
    picked = SeasonTable.objects.select_for_update().filter(season_id__in=sorted(seasons))
    list(picked.order_by("season_id").values_list("season_id", flat=True))
