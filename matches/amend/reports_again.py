"""Every later match report a rebuild reaches, worked out again (teams.rebuild's refits for
"report" and "inducements" causes): what reverting a report, applying a reverted one again
and undoing an entry share. A rebuilt team's later reports need their opponents as they then
stood, so the rebuild reaches every team that played one of its teams since, and so on
(teams_touched). Each report is worked out once, from both teams as they stood just before it
(matches.amend.post_game_again); its kick-off from both teams as they stood when its figures were
fixed (Match.kick_off_mark), and not at all when that was before the change; its inducements
paid again within the new budget."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from django.db.models import F, Prefetch, Q
from django.urls import reverse

from matches.amend.kick_off_again import FIELDS as KICK_OFF_FIGURES
from matches.amend.kick_off_again import KickOffAgain, kick_off_again, kick_off_recorded, match_bill
from matches.amend.post_game_again import Again, post_game_again
from matches.match_rows import match_rows
from matches.models import (
    REVERTED,
    SCHEDULED,
    Casualty,
    DiceRoll,
    KickOff,
    Match,
    Participant,
    Performance,
    PostGame,
)
from matches.post_game.apply import dice_keep, steps_record, summary_of
from matches.services import MatchRefused
from rules.engine.errors import Problem
from rules.engine.team_building import TeamRefused
from rules.models import RulesetVersion
from rules.snapshot import version_snapshot
from teams import causes, ledger, seams
from teams.models import LedgerCause, LedgerEntry, Team
from teams.rebuild import paid_before_kick_off

TEAMS = ("home__race", "away__race")
RELATED = (*TEAMS, "ruleset_version__ruleset")
HIRED_AS = ("position", "star")
States = Mapping[int, ledger.TeamState]


class Later(NamedTuple):
    """A later report's match, as a rebuild needs it before reading it."""

    home: int
    away: int
    cause: int  # its report's ledger cause: where it stands in the applied order
    mark: int | None  # the latest ledger cause when its kick-off was fixed (None: unknown)


class ReportsAgain:
    """The later reports of a rebuild from the cause `point` on, each worked out once (at
    its first entry) and kept with what to write afterwards: the dice the server newly
    rolled, its post-game steps and its kick-off's figures."""

    def __init__(self, actor, later: Mapping[int, Later], changed: set[int], point: int) -> None:
        self.actor, self.later, self.point = actor, later, point
        self.changed = set(changed)  # the teams that stand otherwise than they did
        self.worked: dict[int, tuple[Match, Again] | MatchRefused] = {}
        self.read: dict = {}  # positions and star players, read once for every report
        self.matches: dict[int, Match] = {}  # later reports' matches, read a batch at a time
        self.first: dict[int, list[LedgerEntry]] = {}  # their causes' standing entries
        self.paid: dict[tuple[int, int], int] = {}  # (match, team): inducements' gold, standing
        self.kicks: dict[int, KickOffAgain] = {}
        self.at_kick_off: dict[int, dict[int, ledger.TeamState]] = {}  # both teams, by match
        self._marks = sorted((later.mark, pk) for pk, later in later.items()
                             if later.mark is not None and later.mark >= point)  # fmt: skip

    def options(self) -> dict[str, Any]:
        """ledger_rebuild's keywords for these reports."""
        return {"refits": {"report": self.refit, "inducements": self.induced},
                "summary": self.summary, "reads": self.reads, "observe": self.observe}  # fmt: skip

    def observe(self, entry: LedgerEntry, states: States) -> None:
        """Before each entry the rebuild replays: the teams of every match whose kick-off
        was fixed before it, as they stood then."""
        while self._marks and self._marks[0][0] < entry.cause_id:
            _, pk = self._marks.pop(0)
            teams = self.later[pk][:2]
            if all(team in states for team in teams):
                self.at_kick_off[pk] = {team: states[team] for team in teams}

    def refit(self, entry: LedgerEntry, rules: Mapping[int, causes.Rules], states: States):
        cause = entry.cause
        if cause.pk not in self.worked:
            self.worked[cause.pk] = self._again(cause, states)
        got = self.worked[cause.pk]
        if isinstance(got, MatchRefused):
            raise TeamRefused(got.problems)
        match, again = got
        return again.deltas[match.side_of(entry.team_id)]

    def induced(self, entry: LedgerEntry, rules: Mapping[int, causes.Rules], states: States):
        """A later match's inducements, paid again before its kick-off: the same bill, from
        the petty cash its teams' values would now give and then the treasury it now finds,
        within that budget."""
        if entry.cause.ref not in self.later:  # a match not reported since: its treasury pays
            return paid_before_kick_off(entry, rules, states)
        try:
            match = self._match(entry.cause)
            if match.status == REVERTED:  # reverted meanwhile: its kick-off stands as paid
                return paid_before_kick_off(entry, rules, states)
            kick = self._kick(match, states)
        except MatchRefused as refused:
            raise TeamRefused(refused.problems) from None
        side = match.side_of(entry.team_id)
        figures, ruleset = kick.figures[side], version_snapshot(match.ruleset_version).ruleset
        need, have = figures["from_treasury"] or 0, states[entry.team_id].treasury
        may = max(0, have) if ruleset.settings.get("treasury_for_inducements", True) else 0
        self.paid[(match.pk, entry.team_id)] = need  # refused or not: listed here, once
        if need > may:
            raise TeamRefused([Problem("inducements", (
                f"The inducements for {match} cost {match_bill(match, side):,} gp; the budget "
                f"would now be {figures['petty_cash']:,} gp of petty cash and {may:,} gp from "
                f"the treasury ({need - may:,} short)."
            ))])  # fmt: skip
        return [{"op": "treasury", "amount": -need}]

    def _kick(self, match: Match, states: States) -> KickOffAgain:
        """The match's kick-off: as recorded where it was fixed before the change; else from
        both teams as they stood when it was (or, not knowing when, just now)."""
        if match.pk not in self.kicks:
            mark = self.later[match.pk].mark
            if mark is not None and mark < self.point:
                self.kicks[match.pk] = kick_off_recorded(match)
            else:
                teams = (match.home_id, match.away_id)
                then = self.at_kick_off.get(match.pk) or {team: states[team] for team in teams}
                ruleset = version_snapshot(match.ruleset_version).ruleset
                rows = match_rows(match, then, self.read)
                self.kicks[match.pk] = kick_off_again(match, rows, ruleset)
        return self.kicks[match.pk]

    def _again(self, cause, states: States) -> tuple[Match, Again] | MatchRefused:
        """The report worked out again, or why it cannot be: MatchRefused names it."""
        try:
            match = self._match(cause)
            teams = {"home": match.home, "away": match.away}
            if any(team.pk not in states for team in teams.values()):
                raise MatchRefused([Problem("teams", f"{match} was applied while this was "
                                                     "being done: try again.")])  # fmt: skip
            kick = self._kick(match, states)
            first = {entry.team_id: entry.deltas for entry in self.first.get(cause.pk, ())}
            joined = {side: first.get(team.pk, []) for side, team in teams.items()}
            again = post_game_again(match, {team.pk: states[team.pk] for team in teams.values()},
                                    self.read, joined, kick)  # fmt: skip
        except MatchRefused as refused:
            return refused
        # Gold for inducements that changed must be what the ledger now pays for them.
        problems = [
            Problem("inducements", f"{match}'s inducements would now take {now:,} gp from "
                                   f"{team.name}'s treasury, where its ledger pays {pays:,}: "
                                   "Dugout cannot write that yet.")
            for side, team in teams.items()
            if (now := kick.figures.get(side, {}).get("from_treasury") or 0)
            != (kick.recorded.get(side, {}).get("from_treasury") or 0)
            and now != (pays := self.paid.get((match.pk, team.pk), 0))
        ]  # fmt: skip
        problems += [
            Problem("teams", f"{match} would now change {team.name}, which it never changed: "
                             "Dugout cannot write that yet.")
            for side, team in teams.items() if again.deltas[side] and team.pk not in first
        ]  # fmt: skip
        if problems:  # no entry to write it as: say so, write nothing
            return MatchRefused(problems)
        self.changed |= {team.pk for side, team in teams.items()
                         if again.deltas[side] != first.get(team.pk, [])}  # fmt: skip
        return match, again

    def _match(self, cause) -> Match:
        """The report's match, read with every later one not read yet of the teams that
        stand otherwise than they did: those will be worked out again too. A few queries a
        batch, not a few a report."""
        if cause.ref not in self.later:  # applied after the rebuild found its teams
            raise MatchRefused([Problem("teams", "A report of these teams was applied while "
                                                 "this was being done: try again.")])  # fmt: skip
        if cause.ref not in self.matches:
            since = self.later[cause.ref].cause
            batch = {cause.ref} | {
                pk for pk, later in self.later.items()
                if later.cause > since and pk not in self.matches
                and self.changed & {later.home, later.away}
            }  # fmt: skip
            self.matches.update(later_matches(batch))
            standing = LedgerEntry.objects.filter(reversed_by__isnull=True)
            for entry in standing.filter(cause__in=[self.later[pk].cause for pk in batch]):
                self.first.setdefault(entry.cause_id, []).append(entry)
            induced = standing.filter(cause__kind="inducements", cause__ref__in=list(batch))
            for ref, team, deltas in induced.values_list("cause__ref", "team_id", "deltas"):
                gold = -sum(int(d["amount"]) for d in deltas if d.get("op") == "treasury")
                self.paid.setdefault((ref, team), gold)
        return self.matches[cause.ref]

    def reads(self, entry: LedgerEntry) -> tuple[int, ...]:
        """The teams a report's entry is worked out from, or its inducements': both of its
        match's (the petty cash follows both teams' values)."""
        if entry.cause.kind not in ("report", "inducements") or entry.cause.ref not in self.later:
            return (entry.team_id,)
        return self.later[entry.cause.ref][:2]

    def summary(self, entry: LedgerEntry) -> str | None:
        """The entry's summary as its report now works out (None: not a report of ours)."""
        got = self.worked.get(entry.cause_id)
        if got is None or isinstance(got, MatchRefused):
            return None
        match, again = got
        return summary_of(match, again.worked, match.side_of(entry.team_id))

    def write(self) -> None:
        """Each later report's new dice, steps and kick-off, once the rebuild is written."""
        worked = [got for got in self.worked.values() if not isinstance(got, MatchRefused)]
        applied = PostGame.objects.filter(match__in=[match for match, _ in worked])
        posts = {match: PostGame(pk=pk, match_id=match)  # its steps are all it writes again
                 for pk, match in applied.values_list("pk", "match_id")}  # fmt: skip
        kicked, gates = [], []
        for match, again in worked:
            dice_keep(match, again.worked, self.actor)
            posts[match.pk].steps = steps_record(again.ruleset, again.before, again.worked)
            if again.kick_off is not None:  # its rows as read carry the new figures
                kicked += list(match.kick_offs.all())
                gates.append(match)
        PostGame.objects.bulk_update(list(posts.values()), ["steps"])
        KickOff.objects.bulk_update(kicked, list(KICK_OFF_FIGURES))
        Match.objects.bulk_update(gates, ["gate"])


def later_matches(pks) -> dict[int, Match]:
    """Later reports' matches with all they are worked out from (report, dice, lines,
    casualties, who took part, before kick-off), in a fixed number of queries however many.
    Their ruleset versions are read once, not once a match (a version's tables are large);
    their teams with them, inside the rebuild, after it has locked them."""
    # Only a hire's position or star is read: a roster player's row comes from his team's
    # ledger state (matches.match_rows), so his key is all that is read with him.
    taking_part = Participant.objects.select_related(*HIRED_AS)
    taking_part = taking_part.annotate(player_key=F("player__key"))
    found = Match.objects.filter(pk__in=list(pks)).select_related(*TEAMS, "report")
    rows = [Prefetch(name, model.objects.order_by(*order))
            for name, (model, order) in ROWS_READ.items()]  # fmt: skip
    rows.append(Prefetch("participants", taking_part.order_by(*TAKING_PART_ORDER),
                         to_attr="taking_part"))  # fmt: skip
    found = list(found.prefetch_related(*rows))
    versions = RulesetVersion.objects.select_related("ruleset")
    versions = versions.in_bulk({match.ruleset_version_id for match in found})
    for match in found:
        match.ruleset_version = versions[match.ruleset_version_id]
        _casualties_named(match)
    return {match.pk: match for match in found}


# A later report's rows, each in its match in its model's own order, but ordered by the
# columns themselves: ordering by `match` sorts by the match's own ordering (newest first),
# which joins each row's match; on PostgreSQL, with tens of thousands of matches, the
# planner read the whole match table to do it, a quarter of a revert's time. A team's name
# orders the two sides, as the models do.
ROWS_READ = {
    "dice": (DiceRoll, ("match_id", "pk")),
    "performances": (Performance, ("match_id", "team__name", "number")),
    "kick_offs": (KickOff, ("match_id", "side")),
    "casualties": (Casualty, ("match_id", "order")),
}
TAKING_PART_ORDER = ("match_id", "team__name", "number", "pk")


def _casualties_named(match: Match) -> None:
    """Each casualty's victim and causer, from who took part as read with the match (not
    read again with every casualty)."""
    took_part = {participant.pk: participant for participant in match.taking_part}
    for casualty in match.casualties.all():
        for role in ("victim", "causer"):
            found = took_part.get(getattr(casualty, f"{role}_id"))
            if found is not None:
                setattr(casualty, role, found)


def teams_touched(teams: Iterable[int], since: int) -> tuple[list[Team], dict[int, Later]]:
    """The teams, and every team that played one of them in a later report (one first
    applied after the cause `since`), and so on: a rebuilt team's every later report is
    worked out again, and that needs its opponent as he then stood. Also each later report
    of those teams, by match."""
    touched, sides, reached = set(teams), {}, set(teams)
    while reached:  # two queries a step, each step the teams the last one reached
        played = Match.objects.filter(Q(home__in=reached) | Q(away__in=reached))
        played = played.exclude(status=REVERTED)  # its report's entries stand no more
        found = {pk: (home, away, mark) for pk, home, away, mark in
                 played.values_list("pk", "home_id", "away_id", "kick_off_mark")
                 if pk not in sides}  # fmt: skip
        later = LedgerCause.objects.filter(kind="report", pk__gt=since, ref__in=list(found))
        # A report applied again keeps its cause: the latest is the one that stands.
        for ref, cause in later.order_by("pk").values_list("ref", "pk"):
            home, away, mark = found[ref]
            sides[ref] = Later(home, away, cause, mark)
        reached = {team for later in sides.values() for team in later[:2]} - touched
        touched |= reached
    return list(Team.objects.filter(pk__in=touched).order_by("pk")), sides


def reports_again(
    teams: Iterable[int], point: int, actor, since: int | None = None
) -> tuple[list[Team], ReportsAgain]:
    """Every team a rebuild of `teams` from the ledger cause `point` reaches, and their
    later reports to work out again (those first applied after `since`, `point` unless
    said)."""
    touched, later = teams_touched(teams, point if since is None else since)
    waiting = Match.objects.filter(
        Q(home__in=touched) | Q(away__in=touched), kick_off_mark__gte=point, post_game__isnull=True
    )
    waiting = waiting.exclude(status=REVERTED).exclude(pk__in=list(later))  # fmt: skip
    problems = [kick_off_block(match) for match in
                waiting.select_related("home", "away").order_by("pk")]  # fmt: skip
    if problems:  # its figures would follow the change, with nothing to write them as
        raise TeamRefused(problems)
    return touched, ReportsAgain(actor, later, set(teams), point)


def kick_off_block(match: Match) -> Problem:
    """A later match of a team the rebuild reaches has kicked off and waits for its report:
    the values it fixed at kick-off (team values, petty cash, the gate) were read from the
    teams as they stood, and nothing could write them again. Its page is named, to finish it
    there (or to forfeit or call it off)."""
    page = reverse("matches:detail", args=[match.pk])
    report = "has no report yet" if match.status == SCHEDULED else f"its report is {match.stage}"
    return Problem(
        "kick_off",
        f"{match} (match {match.pk}, {page}) has kicked off since and {report}: its kick-off "
        "fixed its teams' values, which this would change under it. Have its report applied "
        "first (or the match forfeited), then try again.",
        link=page,
    )


class ReportsForTeams:
    """teams.seams.reports' answer: an undo's rebuild works its team's later reports out
    again, as a revert does, reaching every team they reach."""

    def reports_again(self, teams, since: int, actor) -> seams.LaterReports:
        touched, again = reports_again(teams, since, actor)
        return seams.LaterReports(touched, again.options(), again.write)
