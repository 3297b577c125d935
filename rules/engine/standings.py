"""League tables: what each result is worth under a season's scoring, each team's line (played,
won, drawn, lost, touchdowns, casualties and Blitz Bowl points for and against, bonus points,
points, form) and the order the season's tie-breakers put the lines in.

None of the four rulebooks has a league table (LRB6 and GDBBL leave points and tie-breakers to
the league; 1st edition and Blitz Bowl have no leagues), so the scoring is the league's own,
copied onto each season when it starts. Pure: teams are ids, results plain numbers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

FORM_LENGTH = 5  # "form (last five)"
HEAD_TO_HEAD = "head_to_head"
# A bonus for three or more touchdowns, or casualties, caused in one match.
BONUS_THRESHOLD = 3


@dataclass(frozen=True)
class Scoring:
    """A season's points for a win, draw and loss, its bonus points and its tie-breakers."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    three_touchdowns: int = 0
    three_casualties: int = 0
    clean_sheet: int = 0
    tie_breakers: tuple[str, ...] = ("points",)


@dataclass(frozen=True)
class Result:
    """A match whose result stands. Casualties are those each side's players caused to the
    other side; `*_score` is Blitz Bowl's points (None elsewhere). `scoring` is the season's,
    where results of several seasons meet (the all-time head-to-head)."""

    home: int
    away: int
    home_touchdowns: int
    away_touchdowns: int
    home_casualties: int = 0
    away_casualties: int = 0
    home_score: int | None = None
    away_score: int | None = None
    forfeit: bool = False
    scoring: Scoring | None = None

    def of(self, team: int) -> Side:
        """The result as `team` saw it."""
        home = team == self.home
        mine, theirs = ("home", "away") if home else ("away", "home")
        score, against = getattr(self, f"{mine}_score"), getattr(self, f"{theirs}_score")
        return Side(
            touchdowns_for=getattr(self, f"{mine}_touchdowns"),
            touchdowns_against=getattr(self, f"{theirs}_touchdowns"),
            casualties_for=getattr(self, f"{mine}_casualties"),
            casualties_against=getattr(self, f"{theirs}_casualties"),
            score_for=score or 0,
            score_against=against or 0,
            scored_in_points=score is not None and against is not None,
            forfeit=self.forfeit,
        )


@dataclass(frozen=True)
class Side:
    touchdowns_for: int
    touchdowns_against: int
    casualties_for: int
    casualties_against: int
    score_for: int
    score_against: int
    scored_in_points: bool
    forfeit: bool

    @property
    def outcome(self) -> str:
        """W, D or L: on Blitz Bowl points where the match has them, else on touchdowns."""
        if self.scored_in_points:
            mine, theirs = self.score_for, self.score_against
        else:
            mine, theirs = self.touchdowns_for, self.touchdowns_against
        return "W" if mine > theirs else "D" if mine == theirs else "L"


def bonus_points(scoring: Scoring, side: Side) -> int:
    """Bonus points are earned on the pitch: a forfeit earns none (the winner's default score
    would otherwise collect a clean sheet for a game nobody played)."""
    if side.forfeit:
        return 0
    bonus = scoring.three_touchdowns if side.touchdowns_for >= BONUS_THRESHOLD else 0
    bonus += scoring.three_casualties if side.casualties_for >= BONUS_THRESHOLD else 0
    return bonus + (scoring.clean_sheet if side.touchdowns_against == 0 else 0)


def points_for(scoring: Scoring, side: Side) -> int:
    """League points for one result: the win, draw or loss, and the bonus points."""
    earned = {"W": scoring.win, "D": scoring.draw, "L": scoring.loss}[side.outcome]
    return earned + bonus_points(scoring, side)


@dataclass(slots=True)  # a thousand-team table builds a thousand of these per read
class Line:
    """A team's row of a table. `form` is its last five results, oldest first ("WDLWW")."""

    team: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    touchdowns_for: int = 0
    touchdowns_against: int = 0
    casualties_for: int = 0
    casualties_against: int = 0
    score_for: int = 0
    score_against: int = 0
    bonus: int = 0
    points: int = 0
    form: str = ""

    def add(self, scoring: Scoring, side: Side) -> None:
        outcome = side.outcome
        self.played += 1
        self.won += outcome == "W"
        self.drawn += outcome == "D"
        self.lost += outcome == "L"
        self.touchdowns_for += side.touchdowns_for
        self.touchdowns_against += side.touchdowns_against
        self.casualties_for += side.casualties_for
        self.casualties_against += side.casualties_against
        self.score_for += side.score_for
        self.score_against += side.score_against
        self.bonus += bonus_points(scoring, side)
        self.points += points_for(scoring, side)
        self.form = (self.form + outcome)[-FORM_LENGTH:]


FIGURES = tuple(name for name in Line.__dataclass_fields__ if name not in ("team", "form"))


def tally(
    scoring: Scoring, results: Iterable[Result], teams: Iterable[int] = ()
) -> dict[int, Line]:
    """Each team's line from the results, taken in the order they were played (for the form);
    every team of `teams` has a line, played or not. A bye is no result and counts nothing."""
    lines = {team: Line(team) for team in teams}
    for result in results:
        for team in (result.home, result.away):
            lines.setdefault(team, Line(team)).add(result.scoring or scoring, result.of(team))
    return lines


def combined(seasons: Iterable[Line]) -> Line:
    """One team's lines of several seasons, oldest first, as one (the all-time table): each
    season's points as that season scored them, the form the last five across them."""
    total: Line | None = None
    for line in seasons:
        if total is None:
            total = replace(line)
            continue
        for name in FIGURES:
            setattr(total, name, getattr(total, name) + getattr(line, name))
        total.form = (total.form + line.form)[-FORM_LENGTH:]
    if total is None:
        raise ValueError("A team's all-time line needs at least one season.")
    return total


@dataclass(slots=True)
class Placed:
    """A line in its place. `by`: the tie-breaker that put it below the line above (None for
    the first line, and for a line `level` with the one above on every tie-breaker, which
    shares its position). `restarted`: head-to-head separated part of its tie, and it was
    then ranked again from the first tie-breaker."""

    position: int
    line: Line
    by: str | None = None
    restarted: bool = False
    level: bool = False


def _value(key: str, line: Line) -> int:
    if key == "points":
        return line.points
    if key == "touchdown_difference":
        return line.touchdowns_for - line.touchdowns_against
    if key == "casualty_difference":
        return line.casualties_for - line.casualties_against
    if key == "score_difference":
        return line.score_for - line.score_against
    if key == "touchdowns_scored":
        return line.touchdowns_for
    if key == "fewest_games_played":
        return -line.played
    raise ValueError(f"{key!r} is not a tie-breaker.")


def head_to_head(scoring: Scoring, group: Sequence[Line], results: Iterable[Result]) -> dict:
    """team -> the points it took in the matches between the teams of `group` only (each
    result scored by its own season's scoring where it has one)."""
    teams = {line.team for line in group}
    taken = dict.fromkeys(teams, 0)
    for result in results:
        if result.home in teams and result.away in teams:
            for team in (result.home, result.away):
                taken[team] += points_for(result.scoring or scoring, result.of(team))
    return taken


def points_first(tie_breakers: Sequence[str]) -> tuple[str, ...]:
    """A table ranks on points first, whatever order a league lists its tie-breakers in (or
    none): the tie-breakers only ever break a tie on points."""
    return ("points", *(key for key in tie_breakers if key != "points"))


def head_to_head_groups(lines: Iterable[Line], tie_breakers: Sequence[str]) -> list[list[int]]:
    """The groups of teams head-to-head may have to compare: teams level with each other on
    every tie-breaker before it (a restart only ever ranks part of such a group). Only a match
    between two teams of one group can count, so the caller reads only those."""
    if HEAD_TO_HEAD not in tie_breakers:
        return []
    keys = points_first(tie_breakers)
    before = keys[: keys.index(HEAD_TO_HEAD)]
    groups: dict[tuple, list[int]] = defaultdict(list)
    for line in lines:
        groups[tuple(_value(key, line) for key in before)].append(line.team)
    return [teams for teams in groups.values() if len(teams) > 1]


def rank(
    scoring: Scoring,
    lines: Iterable[Line],
    results: Sequence[Result] = (),
    names: Mapping[int, str] | None = None,
) -> list[Placed]:
    """The lines in the order of `scoring.tie_breakers`. Head-to-head is a mini-league of the
    tied teams' `results`; where it separates some of them, each part still tied starts again
    from the first tie-breaker. Teams level on every tie-breaker share a position and are
    listed by name (`names`, else by id)."""
    names = names or {}
    by_team: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_team[result.home].append(result)
    keys = points_first(scoring.tie_breakers)

    def order(
        group: list[Line], start: int, restarted: bool
    ) -> list[tuple[Line, str | None, bool]]:
        if len(group) == 1:
            return [(group[0], None, restarted)]
        for index in range(start, len(keys)):
            key = keys[index]
            if key == HEAD_TO_HEAD:
                among = [r for line in group for r in by_team.get(line.team, ())]
                taken = head_to_head(scoring, group, among)
                value = {line.team: taken[line.team] for line in group}
            else:
                value = {line.team: _value(key, line) for line in group}
            if len(set(value.values())) == 1:
                continue
            parts: dict[int, list[Line]] = defaultdict(list)
            for line in group:
                parts[value[line.team]].append(line)
            placed: list[tuple[Line, str | None, bool]] = []
            for worth in sorted(parts, reverse=True):
                part = parts[worth]
                if key == HEAD_TO_HEAD and len(part) > 1:
                    ranked = order(part, 0, True)  # the rest start again
                else:
                    ranked = order(part, index + 1, restarted)
                if placed:
                    ranked[0] = (ranked[0][0], key, ranked[0][2])
                placed += ranked
            return placed
        level = sorted(group, key=lambda line: (names.get(line.team, ""), line.team))
        return [(line, None, restarted) for line in level]

    placed: list[Placed] = []
    for index, (line, by, restarted) in enumerate(order(list(lines), 0, False)):
        shares = index > 0 and by is None
        position = placed[-1].position if shares else index + 1
        placed.append(Placed(position, line, by, restarted, shares))
    return placed
