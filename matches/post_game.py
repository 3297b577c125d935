"""Applying a report: the post-game sequence worked out by the engine (rules.engine.post_game)
from both teams as they stood at kick-off, the report and the match's dice, then written to
both teams at once, as ledger entries caused by the report, exactly once.

A report is applied when it becomes the result (confirmed, or approved where the league
waits). Until Dugout applies a system's whole sequence, some reports are confirmed but not
applied, and the match says why: another system's, or one with casualties (LRB6 casualties,
the dead, expenses and hires come with the rest of the sequence)."""

from __future__ import annotations

from dataclasses import asdict

from django.db import transaction
from django.db.models import prefetch_related_objects

from matches.models import APPROVED, CONFIRMED, DiceRoll, Match, PostGame
from matches.reports import entry_of, match_sides, rolled_dice
from matches.services import MatchRefused
from rules.engine import post_game as engine
from rules.engine.errors import Problem
from rules.engine.post_game_lrb6 import level_ups
from rules.engine.report_checks import report_check
from rules.engine.report_entry import SIDES
from teams.models import LedgerCause
from teams.services import cause_new, entry_append

APPLIED_SYSTEMS = ("lrb6",)
# What a change writes to the ledger: the team's own columns, or a player's counters.
TEAM_OPS = ("treasury", "fan_factor")


def _read(match: Match, name: str) -> bool:
    return name in getattr(match, "_prefetched_objects_cache", {})


def not_applied_why(match: Match) -> str:
    """Why a report that is the result is not applied ("" if it may be)."""
    system = match.ruleset_version.system
    if system not in APPLIED_SYSTEMS:
        return (
            f"Dugout does not apply {match.ruleset_version.ruleset.name}'s post-game sequence "
            "yet: enter its winnings, fan factor and SPP on the rosters."
        )
    report = getattr(match, "report", None)
    if report is not None and report.forfeit:
        return "A forfeit has no post-game sequence."
    if len(match.casualties.all()) if _read(match, "casualties") else match.casualties.exists():
        return (
            "This report has casualties: Dugout applies them with the rest of LRB6's "
            "post-game sequence (the dead, value changes, expenses, hires), which is not "
            "ready yet, so the report is confirmed but not applied."
        )
    return ""


def applied_state(match: Match) -> tuple[PostGame | None, str]:
    """(its application, why not applied): both empty while the report is not the result,
    or while a confirmed one waits for the commissioner."""
    waits = match.status == CONFIRMED and match.reports_apply == "commissioner"
    if match.status not in (CONFIRMED, APPROVED) or waits:
        return None, ""
    post = PostGame.objects.filter(match=match).first()
    return post, "" if post else not_applied_why(match)


def match_before(match: Match) -> tuple[engine.MatchBefore, object]:
    """Both teams as they stood at kick-off and the report, as the engine reads them. The
    match's dice, lines and casualties are read once (prefetched) for the whole sequence."""
    prefetch_related_objects([match], "dice", "performances", "casualties", "kick_offs")
    sides = match_sides(match)
    entry = entry_of(match, sides)
    checked = report_check(sides.ruleset, sides.facts, entry, rolled_dice(match))
    fame = {row.side: row.fame for row in match.kick_offs.all()}
    teams = {"home": match.home, "away": match.away}
    before = {}
    for side in SIDES:
        team = teams[side]
        players = []
        for (where, number), participant in sorted(sides.participants.items()):
            if where != side:
                continue
            player = participant.player
            players.append(
                engine.PlayerBefore(
                    number,
                    participant.name,
                    participant.kind,
                    player.key if player else "",
                    player.spp if player else 0,
                )
            )
        before[side] = engine.SideBefore(
            side, team.name, team.fan_factor, fame.get(side), team.treasury, tuple(players)
        )
    mvps = {side: tuple(checked.mvps.get(side, ())) for side in SIDES}
    return engine.MatchBefore(before["home"], before["away"], entry, mvps), sides.ruleset


def dice_source(match: Match) -> engine.DiceSource:
    stored = {
        roll.purpose: (tuple(roll.values), roll.notation, roll.source) for roll in match.dice.all()
    }
    seed = match.seed if "rolled" in match.accepted_sources else None
    return engine.DiceSource(stored, seed)


def _worked(match: Match):
    """(the teams before, the ruleset, the steps): MatchRefused naming the dice nobody
    entered where the server may not roll them."""
    before, ruleset = match_before(match)
    try:
        return before, ruleset, engine.post_game(ruleset, before, dice_source(match))
    except engine.DiceWrong as wrong:
        raise MatchRefused([Problem("dice", str(wrong))]) from None
    except engine.DiceMissing as missing:
        raise MatchRefused(
            [
                Problem("dice", f"Enter the {notation} for {purpose!r} first.")
                for purpose, notation in missing.needs
            ]
        ) from None


def post_game_preview(match: Match) -> engine.PostGame:
    """The steps the report would apply now, nothing written."""
    return _worked(match)[2]


def post_game_ready(match: Match, leaving: tuple[str, ...]) -> None:
    """Refuses (naming the dice) a step that would move the report on from `leaving` while
    the post-game sequence still lacks dice only the coaches can enter. A step the status
    does not allow is left for its own refusal."""
    if match.status in leaving and not not_applied_why(match):
        post_game_preview(match)


@transaction.atomic
def post_game_apply(match: Match, actor) -> PostGame | None:
    """Applies the report to both teams, once; None when it is not to be applied (the
    match says why). The match is locked first, so a second call (or one at the same
    moment) finds the first application and changes nothing."""
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("ruleset_version__ruleset", "home__race", "away__race", "report")
        .get(pk=match.pk)
    )
    done = PostGame.objects.filter(match=match).first()
    if done is not None or not_applied_why(match):
        return done
    before, ruleset, worked = _worked(match)
    stored = {roll.purpose for roll in match.dice.all()}
    DiceRoll.objects.bulk_create(
        DiceRoll(
            match=match,
            purpose=die.purpose,
            notation=die.notation,
            values=list(die.values),
            total=die.total,
            source="rolled",
            seed=match.seed,
            made_by=actor,
        )
        for die in worked.dice
        if die.source == "rolled" and die.purpose not in stored
    )
    cause = cause_new("report", actor, {"match": match.pk, "deltas": "each entry's"}, ref=match.pk)
    for side, team in (("home", match.home), ("away", match.away)):
        deltas = _deltas(worked, side)
        if deltas:  # entry_append locks the team and reads its state itself
            entry_append(team, "report", _summary(match, worked, side), cause, deltas)
    steps = [_step_record(step) for step in worked.steps]
    ups = level_ups(ruleset, before, worked)
    return PostGame.objects.create(
        match=match, steps={"steps": steps, "level_ups": ups}, applied_by=actor
    )


def _deltas(worked: engine.PostGame, side: str) -> list[dict]:
    deltas = []
    for step in worked.steps:
        for change in step.changes:
            if change.side != side:
                continue
            if change.what in TEAM_OPS:
                deltas.append({"op": change.what, "amount": change.amount})
            elif change.key:  # a player of the roster; a one-game hire keeps nothing
                deltas.append(
                    {"op": "player", "player": change.key, "field": change.what,
                     "amount": change.amount}
                )  # fmt: skip
    return deltas


def _summary(match: Match, worked: engine.PostGame, side: str) -> str:
    gold = worked.total(side, "treasury")
    ff = worked.total(side, "fan_factor")
    spp = sum(c.amount for s in worked.steps for c in s.changes if c.side == side
              and c.what == "spp" and c.key)  # fmt: skip
    return (f"Post-game of {match}: winnings {gold:+,} gp, fan factor {ff:+d}, {spp} SPP")[:200]


def _step_record(step: engine.Step) -> dict:
    return {
        "key": step.key,
        "name": step.name,
        "inputs": dict(step.inputs),
        "dice": [asdict(die) | {"values": list(die.values)} for die in step.dice],
        "result": step.result,
        "changes": [asdict(change) for change in step.changes],
    }


def cause_of(match: Match) -> LedgerCause | None:
    return LedgerCause.objects.filter(kind="report", ref=match.pk).first()
