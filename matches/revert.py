"""Reverting an applied report that should never have been applied: the wrong match, a result
entered twice, a game that did not count. Every team it touched is rebuilt without it
(teams.rebuild), and every later entry of those teams — and of every team a later report of
theirs touched — is applied again in the order it was first applied: a purchase against
the treasury it now finds, an improvement roll only where still due, each later report
worked out again from its teams as they now stood before it, with its own dice
(matches.post_game_again). Where a later entry no longer stands, nothing changes and the
commissioner gets the list to review, each with its reason. The league's table is rewritten
in the same transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Prefetch, Q
from django.utils import timezone

from matches.kick_off_again import FIELDS as KICK_OFF_FIGURES
from matches.kick_off_again import KickOffAgain, kick_off_again, match_bill
from matches.match_rows import match_rows
from matches.models import (
    APPROVED,
    CONFIRMED,
    REVERTED,
    Casualty,
    KickOff,
    Match,
    Participant,
    PostGame,
)
from matches.post_game import cause_of, dice_keep, steps_record, summary_of
from matches.post_game_again import Again, post_game_again
from matches.seams import settlers
from matches.services import MatchRefused, step
from matches.workflow import reason_checked
from rules.engine.errors import Problem
from rules.engine.team_building import TeamRefused
from rules.snapshot import version_snapshot
from teams import causes, ledger, seams
from teams.models import LedgerCause, LedgerEntry, Team
from teams.rebuild import RebuildRefused, RebuildReview, ledger_rebuild, paid_before_kick_off
from teams.services import cause_new

RELATED = ("home__race", "away__race", "ruleset_version__ruleset")
HIRED_AS = ("position", "star")


class ReportsAgain:
    """The later reports of a rebuild, each worked out once (at its first entry, when both
    its teams stand as they did just before it) and kept with what to write afterwards: the
    dice the server newly rolled, and its post-game steps."""

    def __init__(self, actor, later: Mapping[int, tuple[int, int, int]], changed: set[int]) -> None:
        self.actor = actor
        self.later = later  # each later report's match: its two teams and its cause
        self.changed = set(changed)  # the teams that stand otherwise than they did
        self.worked: dict[int, tuple[Match, Again] | MatchRefused] = {}
        self.read: dict = {}  # positions and star players, read once for every report
        self.matches: dict[int, Match] = {}  # later reports' matches, read a batch at a time
        self.first: dict[int, list[LedgerEntry]] = {}  # their causes' standing entries
        self.kicks: dict[int, KickOffAgain] = {}  # kick-offs worked out at their inducements

    def refit(
        self,
        entry: LedgerEntry,
        rules: Mapping[int, causes.Rules],
        states: Mapping[int, ledger.TeamState],
    ) -> list[dict[str, Any]]:
        cause = entry.cause
        if cause.pk not in self.worked:
            self.worked[cause.pk] = self._again(cause, states)
        got = self.worked[cause.pk]
        if isinstance(got, MatchRefused):
            raise TeamRefused(got.problems)
        match, again = got
        return again.deltas["home" if entry.team_id == match.home_id else "away"]

    def induced(
        self,
        entry: LedgerEntry,
        rules: Mapping[int, causes.Rules],
        states: Mapping[int, ledger.TeamState],
    ) -> list[dict[str, Any]]:
        """A later match's inducements, paid again before its kick-off: the same bill, from
        the petty cash its teams' values would now give and then the treasury it now finds,
        within that budget."""
        cause = entry.cause
        if cause.ref not in self.later:  # a match not reported since: its treasury suffices
            return paid_before_kick_off(entry, rules, states)
        match = self._match(cause)
        ruleset = version_snapshot(match.ruleset_version).ruleset
        if match.pk not in self.kicks:
            both = {pk: states[pk] for pk in (match.home_id, match.away_id)}
            rows = match_rows(match, both, self.read)
            try:
                self.kicks[match.pk] = kick_off_again(match, rows, ruleset)
            except MatchRefused as refused:
                raise TeamRefused(refused.problems) from None
        side = match.side_of(entry.team_id)
        figures = self.kicks[match.pk].figures[side]
        need, have = figures["from_treasury"], states[entry.team_id].treasury
        may = max(0, have) if ruleset.settings.get("treasury_for_inducements", True) else 0
        if need > may:
            raise TeamRefused([Problem("inducements", (
                f"The inducements for {match} cost {match_bill(match, side):,} gp; the budget "
                f"would now be {figures['petty_cash']:,} gp of petty cash and {may:,} gp from "
                f"the treasury ({need - may:,} short)."
            ))])  # fmt: skip
        return [{"op": "treasury", "amount": -need}]

    def _again(self, cause, states) -> tuple[Match, Again] | MatchRefused:
        """The report worked out again, or why it cannot be: MatchRefused names it."""
        match = self._match(cause)
        teams = {"home": match.home, "away": match.away}
        late = [team.name for team in teams.values() if team.pk not in states]
        if late:  # a report applied since the revert began: its opponent was not rebuilt
            return MatchRefused([Problem("teams", f"{match} was applied while this was being "
                                                  "reverted: try again.")])  # fmt: skip
        first = {entry.team_id: entry.deltas for entry in self.first.get(cause.pk, ())}
        joined = {side: first.get(team.pk, []) for side, team in teams.items()}
        try:
            again = post_game_again(match, {team.pk: states[team.pk] for team in teams.values()},
                                    self.read, joined, self.kicks.get(match.pk))  # fmt: skip
        except MatchRefused as refused:
            return refused
        kick = again.kick_off
        unpaid = [team.name for side, team in teams.items() if kick is not None
                  and kick.figures[side]["from_treasury"]
                  and not kick.recorded[side]["from_treasury"]]  # fmt: skip
        if unpaid:  # inducements the petty cash no longer covers, and no entry paid them
            return MatchRefused([Problem("inducements", f"{match}'s inducements would now "
                                                        f"take gold from {name}'s treasury, "
                                                        "which paid none for them: Dugout "
                                                        "cannot write that yet.")
                                 for name in unpaid])  # fmt: skip
        changed_now = [team.name for side, team in teams.items()
                       if again.deltas[side] and team.pk not in first]  # fmt: skip
        if changed_now:  # no entry of the report's to write them as: say so, write nothing
            return MatchRefused([Problem("teams", f"{match} would now change {name}, which "
                                                  "it never changed: Dugout cannot write that "
                                                  "yet.") for name in changed_now])  # fmt: skip
        self.changed |= {team.pk for side, team in teams.items()
                         if again.deltas[side] != first.get(team.pk, [])}  # fmt: skip
        return match, again

    def _match(self, cause) -> Match:
        """The report's match, read with every later one not read yet of the teams that
        stand otherwise than they did: those will be worked out again too. A few queries a
        batch, not a few a report."""
        if cause.ref not in self.matches:
            batch = {cause.ref} | {
                pk for pk, (home, away, caused) in self.later.items()
                if caused > cause.pk and pk not in self.matches and self.changed & {home, away}
            }  # fmt: skip
            self.matches.update(later_matches(batch))
            causes = [self.later[pk][2] for pk in batch]
            for entry in LedgerEntry.objects.filter(cause__in=causes, reversed_by__isnull=True):
                self.first.setdefault(entry.cause_id, []).append(entry)
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
        side = "home" if entry.team_id == match.home_id else "away"
        return summary_of(match, again.worked, side)

    def write(self) -> None:
        """Each later report's new dice and steps, once the rebuild has been written."""
        worked = [got for got in self.worked.values() if not isinstance(got, MatchRefused)]
        posts = {post.match_id: post for post in
                 PostGame.objects.filter(match__in=[match for match, _ in worked])}  # fmt: skip
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


def standing_of(cause) -> list[LedgerEntry]:
    """The cause's entries that still stand (neither reversed nor reversals)."""
    return list(LedgerEntry.objects.filter(cause=cause, reversed_by__isnull=True))


def hires_of(match: Match) -> list[LedgerEntry]:
    """The entries that hired, for good, a journeyman who played in the match: they keep his
    game (its SPP, its injuries), which a revert would take back."""
    hires = LedgerEntry.objects.filter(cause__kind="hire", cause__request__match=match.pk)
    return list(hires.filter(reversed_by__isnull=True).select_related("team", "cause"))


def later_matches(pks) -> dict[int, Match]:
    """Later reports' matches with all they are worked out from (report, dice, lines,
    casualties, who took part, before kick-off), in a fixed number of queries however many."""
    casualties = Casualty.objects.select_related("victim", "causer")
    # Only a hire's position or star is read: a roster player's row comes from his team's
    # ledger state (matches.match_rows), so his key is all that is read with him.
    taking_part = Participant.objects.select_related(*HIRED_AS).annotate(
        player_key=F("player__key")
    )
    found = Match.objects.filter(pk__in=list(pks)).select_related(*RELATED, "report")
    found = found.prefetch_related("dice", "performances", "kick_offs",
                                   Prefetch("casualties", casualties),
                                   Prefetch("participants", taking_part,
                                            to_attr="taking_part"))  # fmt: skip
    return {match.pk: match for match in found}


class ReportsForTeams:
    """teams.seams.reports' answer: an undo's rebuild works its team's later reports out
    again, as a revert does, reaching every team they reach."""

    def reports_again(self, teams, since: int, actor) -> seams.LaterReports:
        touched, later = teams_touched(teams, since)
        again = ReportsAgain(actor, later, set(teams))
        refits = {"report": again.refit, "inducements": again.induced}
        return seams.LaterReports(touched, refits, again.summary, again.reads, again.write)


def teams_touched(
    teams: Iterable[int], since: int
) -> tuple[list[Team], dict[int, tuple[int, int, int]]]:
    """The teams, and every team that played one of them in a later report (one first
    applied after the cause `since`), and so on: a rebuilt team's every later report is
    worked out again, and that needs its opponent as he then stood. Also each later report
    of those teams: its match's two teams and its cause, by match."""
    touched, sides, reached = set(teams), {}, set(teams)
    while reached:  # two queries a step, each step the teams the last one reached
        played = Match.objects.filter(Q(home__in=reached) | Q(away__in=reached))
        found = {pk: (home, away) for pk, home, away in
                 played.values_list("pk", "home_id", "away_id") if pk not in sides}  # fmt: skip
        later = LedgerCause.objects.filter(kind="report", pk__gt=since, ref__in=list(found))
        # A report applied again keeps its cause: the latest is the one that stands.
        for ref, cause in later.order_by("pk").values_list("ref", "pk"):
            sides[ref] = (*found[ref], cause)
        reached = {team for home, away, _ in sides.values() for team in (home, away)} - touched
        touched |= reached
    return list(Team.objects.filter(pk__in=touched).order_by("pk")), sides


@transaction.atomic
def report_revert(match: Match, actor, reason: str) -> Match:
    """Reverts the match's applied report (a commissioner of its league, site staff for a
    friendly), giving `reason`. RebuildReview lists each later entry that would no longer
    stand; nothing is changed then."""
    if not settlers.answer.may_settle(actor, match):
        raise PermissionDenied(
            "Only a commissioner of the match's league (site staff for a friendly), who "
            "coaches neither team, may revert its report."
        )
    reason = reason_checked(reason, "revert the report")
    match = Match.objects.select_for_update(of=("self",)).select_related(*RELATED).get(pk=match.pk)
    post = PostGame.objects.filter(match=match).first()
    if post is None or match.status not in (CONFIRMED, APPROVED):
        raise MatchRefused([Problem("status", f"The report of {match} is {match.stage}, not "
                                              "applied: there is nothing to revert.")])  # fmt: skip
    hired = hires_of(match)
    if hired:  # his hiring rests on the game: it goes first, undone on the team's history
        why = "it hires a journeyman for his game in this match: undo it first"
        raise RebuildReview([RebuildRefused(entry, why) for entry in hired])
    cause = cause_of(match)
    entries = sorted(standing_of(cause), key=lambda entry: entry.pk) if cause else []
    reverting = cause_new("revert", actor, {"match": match.pk, "reason": reason})
    if entries:
        teams, sides = teams_touched((match.home_id, match.away_id), cause.pk)
        again = ReportsAgain(actor, sides, {match.home_id, match.away_id})
        ledger_rebuild(
            teams,
            {entry: None for entry in entries},
            reverting,
            f"{match} reverted: {reason}",
            refits={"report": again.refit, "inducements": again.induced},
            review=True,
            summary=again.summary,
            reads=again.reads,
        )
        again.write()
    post.delete()
    Match.objects.filter(pk=match.pk).update(status=REVERTED, changed_at=timezone.now())
    match.status = REVERTED
    step(match, actor, "revert", reason)
    settlers.answer.results_stand([match])  # its table counts it no longer
    return match
