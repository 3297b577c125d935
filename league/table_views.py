"""League tables on the pages: a season's table and the all-time table on pages of their own,
and what the league home and the season page show with them (the table, the latest results).
The tables are read by league.tables; here they are put into words for a reader: a shared
position as "2=", the tie-breaker that put a team below its neighbour, the season's scoring."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from league import selectors
from league.models import Fixture, Season
from league.standings import scoring_of
from league.tables import LABELS, Row, Table, all_time_table, season_table, table_page
from matches.models import decided
from rules.engine.standings import Scoring

RECENT_RESULTS = 5  # the league home's "recent results"
# The league home shows the top of the table, the season page more; a league of a thousand
# teams has its whole table a click away, on the full table page.
HOME_ROWS = 20
SEASON_ROWS = 100
TABLE_ROWS = 100  # a table page's: a league of a thousand teams has ten
BONUSES = (
    ("three_touchdowns", "for 3 or more touchdowns"),
    ("three_casualties", "for 3 or more casualties"),
    ("clean_sheet", "for a clean sheet"),
)


def signed(number: int) -> str:
    """A difference as a table prints it: +4, 0, −2 (a minus sign, not a hyphen)."""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


@dataclass(frozen=True)
class RowShown:
    row: Row
    place: str  # "2=" where the team shares its position
    reason: str  # "below Reikland Reavers on touchdown difference", or ""

    @property
    def form(self) -> list[str]:
        return list(self.row.line.form)

    @property
    def touchdown_difference(self) -> str:
        return signed(self.row.touchdown_difference)

    @property
    def score_difference(self) -> str:
        return signed(self.row.score_difference)


@dataclass(frozen=True)
class TableShown:
    table: Table
    rows: list[RowShown]
    shows_bonus: bool
    scoring: str  # the line under the table
    more: int = 0  # teams below the rows shown (on the full table page)


def scoring_words(scoring: Scoring, all_time: bool = False) -> str:
    """The line under a season's table: "Win 3, draw 1, loss 0; no bonus points; tie-breakers:
    points, head to head." The all-time table sums seasons scored in different ways: its line
    names its tie-breakers only."""
    tie_breakers = ", ".join(LABELS.get(key, key) for key in scoring.tie_breakers)
    if all_time:
        return f"Tie-breakers: {tie_breakers}."
    earned = [f"{getattr(scoring, key)} {words}" for key, words in BONUSES if getattr(scoring, key)]
    bonus = f"bonus {', '.join(earned)}" if earned else "no bonus points"
    points = f"Win {scoring.win}, draw {scoring.draw}, loss {scoring.loss}"
    return f"{points}; {bonus}; tie-breakers: {tie_breakers}."


def table_shown(table: Table, all_time: bool = False) -> TableShown:
    """The table (or the part of it read) in words."""
    rows = table.rows
    shared = table.shared_positions
    shown = []
    for index, row in enumerate(rows):
        place = f"{row.position}=" if row.position in shared else str(row.position)
        above = rows[index - 1].team if index else table.above
        reason = f"below {above.name} on {row.by}" if above and row.by else ""
        shown.append(RowShown(row, place, reason))
    bonus = any(getattr(table.scoring, key) for key, _ in BONUSES)
    return TableShown(
        table=table,
        rows=shown,
        shows_bonus=bonus or any(row.line.bonus for row in rows),
        scoring=scoring_words(table.scoring, all_time),
        more=table.more,
    )


def _page(request: HttpRequest) -> int:
    asked = request.GET.get("page", "1")
    return int(asked) if asked.isdigit() and 0 < int(asked) < 10**6 else 1


def _pager(table: Table, page: int) -> dict:
    """The page's place in a long table: "Teams 101–200 of 1,000", and its neighbours."""
    if page > 1 and not table.rows:
        raise Http404(f"This table has no page {page}.")
    return {
        "page": page,
        "first_shown": table.before + 1,
        "last_shown": table.before + len(table.rows),
        "total": table.total,
        "previous_page": page - 1 if page > 1 else None,
        "next_page": page + 1 if table.more else None,
    }


def recent_results(season: Season, count: int = RECENT_RESULTS) -> list[Fixture]:
    """The season's last `count` fixtures whose result stands, newest first, in one query:
    newest by when the match last changed (its confirmation, approval or forfeit), since a
    forfeit has no date played and the day a match was played says nothing of the order
    within a day."""
    fixtures = season.fixtures.filter(away__isnull=False, match__isnull=False).filter(
        decided("match__")
    )
    related = ("round", "home", "away", "match__report", "match__forfeited_by")
    ordered = fixtures.select_related(*related).order_by("-match__changed_at", "-pk")
    return list(ordered[:count])


def home_tables(season: Season | None) -> dict:
    """What the league home shows above its fixtures: the current season's table and its
    latest results."""
    if season is None:
        return {"table": None, "recent": []}
    shown = table_shown(season_table(season, top=HOME_ROWS))
    return {"table": shown, "recent": recent_results(season)}


def scoring_note(season: Season | None) -> str:
    """The settings page's word on when a change to the scoring counts."""
    if season is None:
        return "No season has started: the first one starts with these."
    kept = scoring_words(scoring_of(season))
    kept = kept[0].lower() + kept[1:]
    return f"Changes count from the next season; {season.name} keeps {kept}"


@require_safe
def season_table_view(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    season = selectors.season_get(league, number)
    page = _page(request)
    table = season_table(season, top=TABLE_ROWS, skip=(page - 1) * TABLE_ROWS)
    context = {"league": league, "season": season, "table": table_shown(table)}
    return render(request, "leagues/season_table.html", context | _pager(table, page))


@require_safe
def all_time_table_view(request: HttpRequest, pk: int) -> HttpResponse:
    league = selectors.league_get(pk, request.user)
    current = selectors.current_season(league)
    page = _page(request)
    whole = all_time_table(league, current)
    table = table_page(whole, TABLE_ROWS, (page - 1) * TABLE_ROWS)
    context = {"league": league, "season": current, "table": table_shown(table, all_time=True)}
    return render(request, "leagues/all_time_table.html", context | _pager(table, page))
