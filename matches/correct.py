"""Correcting an applied report: a mistyped casualty roll, a forgotten touchdown, the wrong
MVP. A commissioner (site staff for a friendly) gives the report as it should have been,
with a reason. It is written in place of the old one and both teams are rebuilt from it with
Reverting's machinery (teams.rebuild, matches.reports_again): the corrected report worked
out again from its teams as they stood just before it, every later entry of theirs (and of
every team a later report of theirs touched) applied again in its order. Where a later entry
no longer stands, nothing changes and the commissioner gets the list to review.

The dice of steps the correction does not touch stand, by purpose. A die the corrected
report needs and nobody rolled is rolled from the match's seed where the match takes the
server's dice; where it does not, the commissioner is asked for it (DiceNeeded), with its
purpose and notation, and gives it with the correction. A server's die is never retyped.

A preview does all of it and rolls it back: what the correction would change, nothing
written. A correction that changes no value of the report writes nothing at all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from django.db import transaction

from matches.dice import is_post_game_purpose
from matches.match_rows import MatchRows, match_rows
from matches.models import APPROVED, CONFIRMED, Correction, DiceRoll, Match, PostGame
from matches.post_game import (
    cause_of,
    dice_keep,
    dice_source,
    match_before,
    side_deltas,
    steps_record,
)
from matches.post_game import worked_out as worked_out_now
from matches.report_body import body_of, entry_from
from matches.reports import content_check, content_store, entry_of, match_sides
from matches.reports_again import RELATED, reports_again
from matches.revert import hires_of, settler_checked, standing_of
from matches.seams import settlers
from matches.services import MatchRefused, step
from matches.workflow import report_values_checked
from rules.engine import dice as dice_rules
from rules.engine import post_game as engine
from rules.engine.errors import Problem, RulesError
from rules.engine.report_changes import Change, report_changes
from rules.engine.report_entry import SIDES, is_report_purpose
from teams import ledger
from teams.ledger_rows import standing
from teams.models import LedgerEntry, Player, Team
from teams.rebuild import RebuildRefused, RebuildReview, applied_order, ledger_rebuild
from teams.services import cause_new


@dataclass(frozen=True)
class TeamChanges:
    team: str
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Corrected:
    """What a correction changes: the report's values, each team's figures (only those of
    the teams it changes) and the season's table. `committed`: written, not a preview."""

    match: Match
    report: tuple[Change, ...]
    teams: tuple[TeamChanges, ...]
    table: tuple[Change, ...]
    committed: bool


def corrected_data(corrected: Corrected) -> dict:
    """What the API answers: the changes as named values."""
    return {"committed": corrected.committed, "report": _named(corrected.report),
            "teams": [{"team": t.team, "changes": _named(t.changes)} for t in corrected.teams],
            "table": _named(corrected.table)}  # fmt: skip


def _named(changes: Sequence[Change]) -> list[dict[str, str]]:
    return [dict(zip(("what", "was", "now"), change, strict=True)) for change in changes]


class DiceNeeded(MatchRefused):
    """The corrected report needs dice nobody rolled and the server may not roll: each
    (purpose, notation), for the commissioner to give with the correction."""

    def __init__(self, needs: Sequence[tuple[str, str]]) -> None:
        self.needs = list(needs)
        super().__init__([
            Problem("dice", f"The corrected report needs the {notation} for {purpose!r}: "
                            "give it with the correction.")
            for purpose, notation in self.needs
        ])  # fmt: skip


class _RolledBack(Exception):
    def __init__(self, corrected: Corrected) -> None:
        self.corrected = corrected


def report_correct(
    match: Match, actor, reason: str, body: Mapping, dice: Sequence[Mapping] = (),
    commit: bool = True,
) -> Corrected:  # fmt: skip
    """Corrects the match's applied report to `body` (the API's report body, whole), with
    `dice` ({purpose, values, notation for a new die}) entered beside it, giving `reason`.
    With `commit` False it is a preview: the same work, rolled back. MatchRefused (and its
    RebuildReview, DiceNeeded) says why it cannot be, nothing changed."""
    try:
        with transaction.atomic():
            corrected = _correct(match, actor, reason, body, dice, commit)
            if not (commit and corrected.report):
                raise _RolledBack(corrected)  # a preview, or nothing to correct
    except _RolledBack as rolled_back:
        return replace(rolled_back.corrected, committed=False)
    return corrected


def _correct(match, actor, reason, body, dice, commit) -> Corrected:
    given = reason if commit else (reason or "").strip() or "A preview."
    match, reason = settler_checked(match, actor, given, "correct the report",
                                    "correct its report")  # fmt: skip
    post = PostGame.objects.filter(match=match).first()
    if post is None or match.status not in (CONFIRMED, APPROVED):
        said = f"The report of {match} is {match.stage}, not applied: there is nothing to correct."
        raise MatchRefused([Problem("status", said)])
    hired = hires_of(match)
    if hired:  # his hiring rests on the game as it was: it goes first
        why = "it hires a journeyman for his game in this match: undo it first"
        raise RebuildReview([RebuildRefused(entry, why) for entry in hired])
    # Both teams locked first, in pk order (as every report and rebuild locks them), so a
    # report of one of them applied meanwhile waits, or is found below.
    pair = sorted((match.home_id, match.away_id))
    list(Team.objects.select_for_update(of=("self",)).filter(pk__in=pair).order_by("pk"))
    cause = cause_of(match)
    entries = sorted(standing_of(cause), key=lambda entry: entry.pk) if cause else []
    touched, again = reports_again(pair, cause.pk, actor, since=cause.pk - 1)
    names = {"home": match.home.name, "away": match.away.name}
    teams_before, table_before = team_figures(touched), settlers.answer.table_lines(match)
    then = match_rows(match, states_before(pair, cause.pk))
    was = report_as_it_stands(match.pk, then)
    _report_write(match, actor, body, then)
    _dice_write(match, actor, dice)
    now = report_as_it_stands(match.pk, then)
    changed = tuple(report_changes(was[0], now[0], names, was[1], now[1]))
    if not changed:  # nothing to write: rolled back by the caller
        return Corrected(match, (), (), (), False)
    _report_checked(match.pk, then)
    correcting = cause_new("correct", actor, {"match": match.pk, "reason": reason,
                                              "changes": [list(c) for c in changed]})  # fmt: skip
    if entries:
        ledger_rebuild(touched, {}, correcting, f"{match} corrected: {reason}", review=True,
                       redo=entries, **again.options())  # fmt: skip
        again.write()
    else:
        _steps_again(match.pk, then, actor, post)
    Correction.objects.create(match=match, actor=actor, reason=reason,
                              changes=[list(c) for c in changed])  # fmt: skip
    step(match, actor, "correct", reason)
    settlers.answer.results_stand([match])  # its score or casualties may count otherwise
    teams_after, table_after = team_figures(touched), settlers.answer.table_lines(match)
    return Corrected(match, changed, figures_changed(teams_before, teams_after),
                     table_changed(table_before, table_after), commit)  # fmt: skip


def states_before(teams: Sequence[int], point: int) -> dict[int, ledger.TeamState]:
    """Each team as its ledger stood just before the cause `point` (the report's)."""
    states = {pk: ledger.TeamState() for pk in teams}
    entries = standing(LedgerEntry.objects.filter(team__in=teams).order_by("pk"))
    for entry in sorted(entries, key=applied_order):
        if entry.cause_id < point:
            states[entry.team_id] = ledger.replay(entry.deltas, states[entry.team_id])
    return states


def match_read(pk: int) -> Match:
    """The match as it now stands, with its report: read again after the report's rows were
    written (a match read before holds the old ones)."""
    return Match.objects.select_related(*RELATED, "report").get(pk=pk)


def report_as_it_stands(pk: int, then: MatchRows) -> tuple[dict, dict]:
    """(the report as a body, the match's dice but the casualties' own) as now stored."""
    match = match_read(pk)
    entry = entry_of(match, match_sides(match, then))
    report = match.report
    shown = {roll.purpose: list(roll.values) for roll in match.dice.all()
             if roll.source == "rolled" or not is_report_purpose(roll.purpose)}  # fmt: skip
    return body_of(entry, report.played_on, report.notes), shown


def _report_write(match: Match, actor, body: Mapping, then: MatchRows) -> None:
    """The report replaced by `body`, checked against its teams as they stood before it
    (the dice left blank rolled where the server may roll them)."""
    content = {key: value for key, value in body.items()
               if key not in ("played_on", "home_touchdowns", "away_touchdowns")}  # fmt: skip
    scores, notes = report_values_checked(match, body.get("played_on"),
                                          body.get("home_touchdowns"),
                                          body.get("away_touchdowns"), content)  # fmt: skip
    sides = match_sides(match, then)
    entry = entry_from(content, scores["home_touchdowns"], scores["away_touchdowns"])
    checked = content_check(match, sides, entry, actor)
    if checked.problems or checked.unfinished:
        raise MatchRefused(checked.problems + checked.unfinished)
    report = match.report
    report.played_on, report.notes = body.get("played_on"), notes
    report.home_touchdowns, report.away_touchdowns = (scores["home_touchdowns"],
                                                      scores["away_touchdowns"])  # fmt: skip
    # Its lines name the players' rows as they stand (those of `then` are not stored).
    took_part = {key: p.player for key, p in sides.participants.items() if p.player_id}
    content_store(match, replace(sides, players=took_part), entry, checked, actor)


def _dice_write(match: Match, actor, given: Sequence[Mapping]) -> None:
    """The dice given with the correction, entered: a new one, or one typed again. The
    server's stand. MatchRefused names each that cannot be."""
    stored = {roll.purpose: roll for roll in DiceRoll.objects.filter(match=match)}
    problems, rows = [], []
    for n, die in enumerate(given, start=1):
        purpose = " ".join(str(die.get("purpose") or "").split())
        roll = stored.get(purpose)
        field = f"dice.{n}"
        if roll is not None and roll.source == "rolled":
            problems.append(Problem(field, f"The server rolled {purpose!r} from the match's "
                                           "seed: it stands."))  # fmt: skip
            continue
        if not is_post_game_purpose(match, purpose):
            problems.append(Problem(field, f"{purpose!r} is no die of the post-game sequence: "
                                           "a casualty's dice are given with it, and the "
                                           "kick-off's are not the report's."))  # fmt: skip
            continue
        try:
            notation = dice_rules.notation(die.get("notation") or (roll and roll.notation) or "")
            values = dice_rules.checked(notation, list(die.get("values") or ()))
        except RulesError as error:
            problems.append(Problem(field, f"{purpose!r}: {error}"))
            continue
        row = roll or DiceRoll(match=match, purpose=purpose)
        row.notation, row.values, row.total = str(notation), list(values), notation.total(values)
        row.source, row.seed, row.made_by = "entered", "", actor
        rows.append(row)
    if problems:
        raise MatchRefused(problems)
    for row in rows:
        row.save()


def _report_checked(pk: int, then: MatchRows) -> None:
    """The corrected report, worked out from its teams as they stood before it: DiceNeeded
    for each die only the table could give; MatchRefused for each rule it breaks. A die kept
    as another roll than the corrected report reads (the loser's 2D6 for fan factor, where
    its side now won and rolls 3D6) is a step the correction touched: it is rolled again
    from the seed where the server may roll, else asked for."""
    match = match_read(pk)
    checks: list = []
    before, ruleset = match_before(match, then, checks)
    if checks:
        raise MatchRefused(checks)
    source = Retyped(**vars(dice_source(match)))
    try:
        engine.post_game(ruleset, before, source)
    except engine.DiceMissing as missing:
        raise DiceNeeded(missing.needs) from None
    DiceRoll.objects.filter(match=match, purpose__in=source.retyped).delete()


@dataclass
class Retyped(engine.DiceSource):
    """The match's dice, where a die kept as another roll than the step now reads counts as
    never rolled (`retyped` lists them)."""

    retyped: list[str] = field(default_factory=list)

    def roll(self, purpose: str, notation: str) -> engine.Die:
        kept = self.stored.get(purpose)
        if kept is not None and kept[1] != str(dice_rules.notation(notation)):
            self.retyped.append(purpose)
            self.stored = {key: die for key, die in self.stored.items() if key != purpose}
        return super().roll(purpose, notation)


def _steps_again(pk: int, then: MatchRows, actor, post: PostGame) -> None:
    """A report that changed neither team: its steps kept again, if it still changes
    neither (one that now would has no entries to write again)."""
    match = match_read(pk)
    before, ruleset, worked = worked_out_now(match, then)
    if any(side_deltas(worked, side, lambda: 0) for side in SIDES):
        raise MatchRefused([Problem("report", f"{match} changed neither team when it was "
                                              "applied; corrected, it would: revert it and "
                                              "apply it again instead.")])  # fmt: skip
    dice_keep(match, worked, actor)
    post.steps = steps_record(ruleset, before, worked)
    post.save(update_fields=["steps"])


def team_figures(teams: Sequence[Team]) -> dict[int, tuple[str, dict[str, str]]]:
    """Each team's figures a correction may change, in words: gold, fan factor, and each
    player's SPP, injuries and status. Two queries, however many teams."""
    pks = [team.pk for team in teams]
    found: dict[int, tuple[str, dict[str, str]]] = {}
    for pk, name, treasury, fans in Team.objects.filter(pk__in=pks).values_list(
        "pk", "name", "treasury", "fan_factor"
    ):
        found[pk] = (name, {"treasury": f"{treasury:,} gp", "fan factor": str(fans)})
    players = Player.objects.filter(team__in=pks).exclude(status="undone")
    for team, number, name, spp, injuries, status in players.order_by("number", "pk").values_list(
        "team_id", "number", "name", "spp", "injuries", "status"
    ):
        who = f"#{number} {name}"
        figures = found[team][1]
        figures[f"{who} SPP"] = str(spp)
        figures[f"{who} injuries"] = ", ".join(injuries or ()) or "none"
        figures[f"{who} status"] = status.replace("_", " ")
    return found


def figures_changed(before: Mapping, after: Mapping) -> tuple[TeamChanges, ...]:
    """Each team whose figures differ, with those that do."""
    changed = []
    for pk, (name, was) in before.items():
        now = after.get(pk, (name, {}))[1]
        differ = tuple((what, was.get(what, ""), now.get(what, ""))
                       for what in dict.fromkeys([*was, *now])
                       if was.get(what, "") != now.get(what, ""))  # fmt: skip
        if differ:
            changed.append(TeamChanges(name, differ))
    return tuple(changed)


TABLE_WORDS = {"place": "place", "played": "played", "won": "won", "drawn": "drawn",
               "lost": "lost", "touchdowns_for": "touchdowns for",
               "touchdowns_against": "touchdowns against", "casualties_for": "casualties for",
               "casualties_against": "casualties against", "score_for": "points scored",
               "score_against": "points conceded", "bonus": "bonus points",
               "points": "points"}  # fmt: skip


def table_changed(before: list, after: list) -> tuple[Change, ...]:
    """Each figure of the season's table that differs, by team."""
    was = dict(before)
    changed = []
    for name, now in after:
        old = was.get(name, {})
        changed += [(f"{name}: {TABLE_WORDS.get(key, key)}", str(old.get(key, "")), str(value))
                    for key, value in now.items() if old.get(key) != value]  # fmt: skip
    return tuple(changed)
