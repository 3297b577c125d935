"""Applying a report: the post-game sequence worked out by the engine (rules.engine.post_game)
from both teams as they stood at kick-off, the report and the match's dice, then written to
both teams at once, as ledger entries caused by the report, exactly once.

A report is applied when it becomes the result (confirmed, or approved where the league
waits): LRB6's whole sequence, from the winnings to the casualties (the dead leave the
roster, the injured miss the next game or lose a characteristic), the value changes, the
spiralling expenses and a Zombie or Rotters who join; GDBBL's; and the one step of the
results-only rulesets (the result, and 1st edition's dead where the league strikes them off).
A forfeit is confirmed but not applied, and the match says why."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import fields

from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects

from matches.match_rows import MatchRows, key_of, match_rows
from matches.models import APPROVED, CONFIRMED, Casualty, DiceRoll, Match, PostGame
from matches.report.content import entry_of, match_sides, member_of, rolled_dice
from matches.services import MatchRefused
from rules.engine import post_game as engine
from rules.engine.characteristics import characteristic_now
from rules.engine.errors import Problem
from rules.engine.post_game.lrb6 import rolls_due
from rules.engine.report_checks import report_check
from rules.engine.report_entry import SIDES
from rules.snapshot import version_snapshot
from teams.models import LedgerCause, Player, Team
from teams.roster import player_value, team_worth
from teams.services import cause_new, entry_append, next_player_key

APPLIED_SYSTEMS = ("lrb6", "gdbbl", "first-edition", "blitz-bowl")
# What a change writes to the ledger: the team's own columns, or a player's counters.
TEAM_OPS = ("treasury", "fan_factor")
ON_ROSTER = ("active", "missing_next_game")  # not dead, retired, fired or undone


NEVER_APPLIED = (
    "it became the result before Dugout applied this ruleset's reports; site staff apply it "
    "with manage.py apply_reports."
)


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
    return ""


def applied_state(match: Match) -> tuple[PostGame | None, str]:
    """(its application, why not applied): both empty while the report is not the result,
    or while a confirmed one waits for the commissioner."""
    waits = match.status == CONFIRMED and match.reports_apply == "commissioner"
    if match.status not in (CONFIRMED, APPROVED) or waits:
        return None, ""
    post = PostGame.objects.filter(match=match).first()
    if post is not None:
        return post, ""
    # Nothing else leaves a result unapplied: confirming applies it in the same transaction.
    return None, not_applied_why(match) or NEVER_APPLIED


def match_before(
    match: Match, rows: MatchRows | None = None, checks: list | None = None
) -> tuple[engine.MatchBefore, object]:
    """Both teams as they stood at kick-off and the report, as the engine reads them: every
    roster player not dead or gone (those who sat the match out too) and the one-game hires
    who took part. The match's dice, lines and casualties are read once (prefetched) for the
    whole sequence, the rosters in one query: the same queries however many players. `rows`:
    the teams and players to read (as the rows stand unless given: match_rows); `checks`
    gains the report's problems as those teams would have it."""
    casualties = Prefetch("casualties", Casualty.objects.select_related("victim", "causer"))
    prefetch_related_objects([match], "dice", "performances", casualties, "kick_offs")
    rows = rows or match_rows(match)
    sides = match_sides(match, rows)
    entry = entry_of(match, sides)
    checked = report_check(sides.ruleset, sides.facts, entry, rolled_dice(match))
    if checks is not None:
        checks += checked.problems
    fame = {row.side: row.fame for row in match.kick_offs.all()}
    rating = {row.side: row.rating for row in match.kick_offs.all()}  # GDBBL's, at kick-off
    snapshot = version_snapshot(match.ruleset_version)
    everyone = rows.players  # the dead and gone too: their shirts stay theirs
    roster = [row for row in everyone if row.status in ON_ROSTER]
    hires = [p for p in sides.participants.values() if p.player_id is None]
    prefetch_related_objects([p for p in hires if p.star_id], "star")
    before = {}
    for side, team in (("home", rows.team(match.home_id)), ("away", rows.team(match.away_id))):
        reader = _Reader(snapshot, team.race.slug)
        played = {
            (p.team_id, key_of(p)) for (s, _), p in sides.participants.items()
            if s == side and p.player_id
        }  # fmt: skip
        players = [
            reader.player(row, (row.team_id, row.key) in played)
            for row in roster if row.team_id == team.pk
        ]  # fmt: skip
        players += [
            reader.hire(p) for (s, _), p in sorted(sides.participants.items())
            if s == side and p.player_id is None
        ]  # fmt: skip
        before[side] = engine.SideBefore(
            side, team.name, team.fan_factor, fame.get(side), team.treasury,
            tuple(sorted(players, key=lambda p: p.number)), race=team.race.slug,
            value_rest=_value_rest(team, sides.ruleset), rating=rating.get(side),
            staff={key: int(n) for key, n in team.staff.items() if n},
            gone_numbers=tuple(sorted({row.number for row in everyone
                                       if row.team_id == team.pk and row.status not in ON_ROSTER})),
        )  # fmt: skip
    mvps = {side: tuple(checked.mvps.get(side, ())) for side in SIDES}
    return (
        engine.MatchBefore(before["home"], before["away"], entry, mvps, gate=match.gate),
        sides.ruleset,
    )


def _value_rest(team, ruleset) -> int:
    """The team value besides its players and fan factor: re-rolls and the staff that counts
    (the roster's own reckoning, with no players)."""
    value = team_worth(team, [], ruleset)[0] or 0
    if ruleset.system == "gdbbl" and not ruleset.settings.get("team_value_staff", True):
        return value  # the fan factor is not in it
    return value - team.fan_factor * ruleset.team_creation.fan_factor_price


class _Reader:
    """One team's players as the engine reads them: characteristics from the position (or
    the star) with the roster's changes, every skill as the report check has them (a
    journeyman's Loner too), value and lasting injuries."""

    def __init__(self, snapshot, race: str) -> None:
        self.snapshot, self.race = snapshot, snapshot.ruleset.races.get(race)

    def start(self, position, star) -> dict[str, int]:
        if star is not None:
            return dict(self.snapshot.star_characteristics.get(star.name, {}))
        try:
            return dict(self.race.position(position.name).characteristics)
        except (AttributeError, KeyError):  # a position a house copy removed
            return {}

    def player(self, row: Player, played: bool) -> engine.PlayerBefore:
        start = self.start(row.position, row.star)
        now = {code: characteristic_now(value, row.changes.get(code, 0),
                                        row.injury_changes.get(code, 0))
               for code, value in start.items()}  # fmt: skip
        member = member_of(row.number, row.name, "roster", row, self.race, self.snapshot)
        return engine.PlayerBefore(
            row.number, row.name, "roster", row.key, row.spp, position=row.role,
            value=player_value(row), status=row.status, played=played, start=start, now=now,
            skills=member.skills, injuries=tuple(row.injuries), star=row.star_id is not None,
            **_build(row.position, row.star),
        )  # fmt: skip

    def hire(self, hired) -> engine.PlayerBefore:
        position, star = hired.position, hired.star if hired.star_id else None
        start = self.start(position, star)
        cost = star.cost if star is not None else position.cost if position is not None else 0
        member = member_of(hired.number, hired.name, hired.kind, None, self.race, self.snapshot,
                           hired_as=position, hired_star=star)  # fmt: skip
        return engine.PlayerBefore(
            hired.number, hired.name, hired.kind, "", 0,
            position=star.name if star is not None else position.name if position else "",
            value=hired.value or cost, start=start, now=dict(start), skills=member.skills,
            star=star is not None, **_build(position, star),
        )  # fmt: skip


def _build(position, star) -> dict[str, str]:
    """His size (the Necromancer raises only the roughly human-sized) and the secret weapon
    he carries, from the version's own rows, so a house copy's sizes count."""
    if star is not None:
        return {"size": star.size, "special": star.special}
    return {"size": position.size if position is not None else "human", "special": ""}


def dice_source(match: Match) -> engine.DiceSource:
    stored = {
        roll.purpose: (tuple(roll.values), roll.notation, roll.source) for roll in match.dice.all()
    }
    seed = match.seed if "rolled" in match.accepted_sources else None
    return engine.DiceSource(stored, seed)


def worked_out(match: Match, rows: MatchRows | None = None, checks: list | None = None):
    """(the teams before, the ruleset, the steps): MatchRefused naming the dice nobody
    entered where the server may not roll them. `rows` and `checks`: as match_before's."""
    before, ruleset = match_before(match, rows, checks)
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
    return worked_out(match)[2]


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
    # Both teams locked before either is read, in pk order, as every rebuild locks them.
    teams = sorted((match.home_id, match.away_id))
    list(Team.objects.select_for_update(of=("self",)).filter(pk__in=teams).order_by("pk"))
    before, ruleset, worked = worked_out(match)
    dice_keep(match, worked, actor)
    cause = cause_new("report", actor, {"match": match.pk, "deltas": "each entry's"}, ref=match.pk)
    for side, team in (("home", match.home), ("away", match.away)):
        deltas = side_deltas(worked, side, lambda team=team: next_player_key(team))
        if deltas:  # entry_append locks the team and reads its state itself
            entry_append(team, "report", summary_of(match, worked, side), cause, deltas)
    return PostGame.objects.create(
        match=match, steps=steps_record(ruleset, before, worked), applied_by=actor
    )


def dice_keep(match: Match, worked: engine.PostGame, actor) -> None:
    """The dice the server rolled for the sequence, kept with the match's others (a purpose's
    die, once rolled, stands)."""
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


def steps_record(ruleset, before: engine.MatchBefore, worked: engine.PostGame) -> dict:
    """What a PostGame keeps: each step, and the level-ups and improvement rolls due."""
    steps = [_step_record(step) for step in worked.steps]
    # Results-only rulesets have no experience: no roll is ever due.
    due = rolls_due(ruleset, before, worked) if ruleset.play == "league" else {}
    ups = {side: sorted(numbers) for side, numbers in due.items()}
    rolls = {side: {str(n): count for n, count in numbers.items()} for side, numbers in due.items()}
    return {"steps": steps, "level_ups": ups, "rolls_due": rolls}


def side_deltas(worked: engine.PostGame, side: str, next_key: Callable[[], int]) -> list[dict]:
    """The ledger's deltas of one team's changes (teams.ledger): a one-game hire's are not
    kept; a player who joins takes the team's next keys (`next_key`: the first, asked only
    when somebody joins)."""
    deltas, joined = [], 0
    for step in worked.steps:
        for change in step.changes:
            if change.side != side:
                continue
            if change.what in TEAM_OPS:
                deltas.append({"op": change.what, "amount": change.amount})
            elif change.what == "join":
                if not joined:
                    first = next_key()
                deltas.append(
                    {"op": "join", "player": f"p{first + joined}", "number": change.number,
                     "name": change.name, "position": change.detail}
                )  # fmt: skip
                joined += 1
            elif change.key:  # a player of the roster; a one-game hire keeps nothing
                deltas.append({"op": "player", "player": change.key, **_field(change)})
    return deltas


def _field(change: engine.Change) -> dict:
    if change.what == "status":
        return {"field": "status", "from": change.was, "to": change.detail}
    if change.what == "injury":
        return {"field": "injury", "injury": change.detail, "add": True}
    if change.what == "characteristic":
        return {"field": "characteristic", "characteristic": change.detail,
                "amount": change.amount, "origin": "injury"}  # fmt: skip
    return {"field": change.what, "amount": change.amount}  # a counter


STATUS_WORDS = {"dead": "dead", "missing_next_game": "out next game", "retired": "retired"}


def summary_of(match: Match, worked: engine.PostGame, side: str) -> str:
    if match.ruleset_version.play == "results_only":  # no gold, fans or SPP: only the dead
        dead = sum(1 for s in worked.steps for c in s.changes
                   if c.side == side and c.what == "status" and c.detail == "dead")  # fmt: skip
        return f"Result of {match}: {dead} dead, struck off the roster"[:200]
    expenses = -sum(c.amount for s in worked.steps if s.key == "expenses" for c in s.changes
                    if c.side == side and c.what == "treasury")  # fmt: skip
    gold = worked.total(side, "treasury") + expenses  # the winnings, a concession's included
    ff = worked.total(side, "fan_factor")
    spp = sum(c.amount for s in worked.steps for c in s.changes if c.side == side
              and c.what == "spp" and c.key)  # fmt: skip
    said = f"Post-game of {match}: winnings {gold:+,} gp, fan factor {ff:+d}, {spp} SPP"
    said += f", expenses {expenses:,} gp" if expenses else ""
    statuses = [c.detail for s in worked.steps for c in s.changes if c.side == side
                and c.what == "status" and c.key and c.detail in STATUS_WORDS]  # fmt: skip
    counted = [f"{statuses.count(k)} {w}" for k, w in STATUS_WORDS.items() if k in statuses]
    joined = sum(1 for s in worked.steps for c in s.changes if c.side == side and c.what == "join")
    counted += [f"{joined} joined"] if joined else []
    return (said + ("; " + ", ".join(counted) if counted else ""))[:200]


def _step_record(step: engine.Step) -> dict:
    return {
        "key": step.key,
        "name": step.name,
        "inputs": dict(step.inputs),
        "dice": [_flat(die) | {"values": list(die.values)} for die in step.dice],
        "result": step.result,
        "changes": [_flat(change) for change in step.changes],
    }


def _flat(record) -> dict:
    """A die or change as a dict: their fields are plain values, so a shallow copy is the
    same as dataclasses.asdict's deep one, at a fraction of the time a revert's hundreds of
    changes take."""
    return {name: getattr(record, name) for name in _names(type(record))}


@functools.cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(kind))


def cause_of(match: Match) -> LedgerCause | None:
    return LedgerCause.objects.filter(kind="report", ref=match.pk).first()
