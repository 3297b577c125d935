"""Hiring a journeyman for good after the match (LRB6, lrb6-facts §5).

A journeyman who played and did not die may be hired permanently by his team's coach, until
the team's next match begins: he costs his position's cost from the treasury, priced and
limited as one player of that position bought between matches (the position's maximum, 16
players, the treasury: teams.causes.hire), and joins the roster as a normal player of his
position (Loner was the journeyman's, not the position's) with the team's next player key,
his shirt number if it is free (else the lowest free one) and his name. He keeps what this
match gave him, which the post-game sequence recorded for him without writing it to any
ledger: his SPP and counters, a missed next game and his lasting injuries. One ledger entry
of a "hire" cause, once per journeyman; a coach who lets him go records nothing.

The journeymen offered are the post-game's "hires" step's (its inputs: {"journeymen":
{"home": [numbers], "away": [...]}}); what he keeps is the changes recorded with no key for
his side and number. The team's next match begins with its first step before kick-off or
its report: a match of the team made after this one with a KickOff row or a report."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse

from matches.kick_off.shared import free_numbers
from matches.models import Match, Participant, PostGame
from matches.services import MatchRefused
from rules.engine.errors import Problem
from rules.engine.report_entry import SIDES
from rules.models import Position
from rules.plumbing.people import is_coach_or_staff
from teams import causes
from teams.between_matches import require_coach, rules_of
from teams.ledger_rows import state_of
from teams.models import LedgerEntry, Player, Team
from teams.seams import Pending
from teams.services import cause_new, entry_append, next_player_key

STEP = "hires"
# What a hired journeyman keeps of this match's changes: his counters, added up.
COUNTERS = ("spp", "touchdowns", "completions", "interceptions", "casualties", "mvps",
            "value_increase")  # fmt: skip


@dataclass(frozen=True)
class Journeyman:
    """A journeyman who played the match, as the hire reads him."""

    side: str
    team: Team
    number: int  # his shirt number in the match
    name: str
    position: str
    cost: int  # his position's cost, in his team's rules
    record: Mapping[str, Any]  # what he keeps: counters, status, injuries, injury_changes
    offered: bool  # the hires step lists him (he played and did not die)
    hired: bool  # hired already (an entry that stands)

    @property
    def spp(self) -> int:
        return int(self.record.get("spp", 0))

    @property
    def dead(self) -> bool:
        return self.record.get("status") == "dead"

    @property
    def missing(self) -> bool:
        return self.record.get("status") == "missing_next_game"

    @property
    def injuries(self) -> list[str]:
        return list(self.record.get("injuries", ()))


def hires_step(post: PostGame) -> dict | None:
    return next((s for s in post.steps.get("steps", ()) if s.get("key") == STEP), None)


def offered_numbers(post: PostGame, side: str) -> list[int]:
    """The numbers of the side's journeymen the hires step offers (none without the step)."""
    step = hires_step(post)
    if step is None:
        return []
    return [int(n) for n in step.get("inputs", {}).get("journeymen", {}).get(side, ())]


def kept_record(post: PostGame, side: str, number: int) -> dict[str, Any]:
    """What the match gave a one-game hire (the changes recorded for him with no key), as a
    roster player's record: counters added up, his status at the end, his injuries in order
    and the characteristics they lowered. Active, with nothing, if nothing was recorded."""
    record: dict[str, Any] = {name: 0 for name in COUNTERS}
    record.update(status="active", injuries=[], injury_changes={})
    for step in post.steps.get("steps", ()):
        for change in step.get("changes", ()):
            if change.get("side") != side or change.get("number") != number or change.get("key"):
                continue
            what, amount = change.get("what"), int(change.get("amount") or 0)
            if what in COUNTERS:
                record[what] += amount
            elif what == "status":
                record["status"] = change.get("detail") or record["status"]
            elif what == "injury":
                record["injuries"].append(change["detail"])
            elif what == "characteristic":
                code = change["detail"]
                lowered = record["injury_changes"].get(code, 0) + amount
                record["injury_changes"] = {
                    k: v for k, v in {**record["injury_changes"], code: lowered}.items() if v
                }
    return record


def hired_numbers(match: Match) -> set[tuple[str, int]]:
    """(side, number) of the match's journeymen hired by an entry that stands (one undone,
    and not applied again by a rebuild, may be hired again)."""
    requests = LedgerEntry.objects.filter(
        kind="hire", cause__kind="hire", cause__request__match=match.pk, reversed_by__isnull=True
    ).values_list("cause__request", flat=True)
    return {(request["side"], int(request["number"])) for request in requests}


def _began_after(team: Team, match):
    """The team's matches made after `match` (a pk, or an OuterRef to one) whose pre-match
    steps or report began."""
    return Match.objects.filter(Q(home=team) | Q(away=team), pk__gt=match).filter(
        Q(kick_offs__isnull=False) | Q(report__isnull=False)
    )


def next_match_began(match: Match, team: Team) -> Match | None:
    """The team's first match made after this one whose pre-match steps or report began."""
    return _began_after(team, match.pk).select_related("home", "away").order_by("pk").first()


def ended_words(team: Team, later: Match) -> str:
    return (
        f"The offer ended when {team.name}'s next match ({later}) began: a journeyman may be "
        "hired only until then."
    )


def journeymen_of(match: Match, post: PostGame) -> list[Journeyman]:
    """Every journeyman who took part in the match, home first, with what he would keep."""
    hired = hired_numbers(match)
    offered = {side: set(offered_numbers(post, side)) for side in SIDES}
    rows = Participant.objects.filter(match=match, kind="journeyman").select_related("position")
    teams = {"home": match.home, "away": match.away}
    races = {side: rules_of(team).ruleset.races[team.race.slug] for side, team in teams.items()}
    found = []
    for row in sorted(rows, key=lambda r: (SIDES.index(match.side_of(r.team_id)), r.number)):
        side = match.side_of(row.team_id)
        team = teams[side]
        position = row.position.name if row.position_id else ""
        cost = races[side].position(position).cost if position else 0
        found.append(
            Journeyman(
                side, team, row.number, row.name, position, cost,
                kept_record(post, side, row.number), row.number in offered[side],
                (side, row.number) in hired,
            )
        )  # fmt: skip
    return found


def _locked(team: Team) -> Team:
    return (
        Team.objects.select_for_update(of=("self",))
        .select_related("race", "ruleset_version", "coach")
        .get(pk=team.pk)
    )


def _refusal(match: Match, team: Team, post: PostGame | None, number) -> Journeyman:
    """The journeyman to hire, or MatchRefused saying why there is none."""
    if post is None:
        raise MatchRefused(
            [Problem("match", "This match's report has not been applied: there is no journeyman "
                              "to hire yet.")]
        )  # fmt: skip
    side = match.side_of(team.pk)
    found = next(
        (j for j in journeymen_of(match, post) if j.side == side and j.number == number), None
    )
    if found is None:
        raise MatchRefused(
            [Problem("number", f"{team.name} had no journeyman #{number} in this match.")]
        )
    who = f"Journeyman #{number} {found.name}"
    if found.dead:
        raise MatchRefused([Problem("number", f"{who} died in this match: there is no one to "
                                              "hire.")])  # fmt: skip
    if not found.offered:
        raise MatchRefused([Problem("number", f"{who} is not offered for hire after this "
                                              "match.")])  # fmt: skip
    if found.hired:
        raise MatchRefused([Problem("number", f"{who} has been hired already.")])
    later = next_match_began(match, team)
    if later is not None:
        raise MatchRefused([Problem("match", ended_words(team, later))])
    return found


@transaction.atomic
def journeyman_hire(match: Match, actor, side: str, number: int) -> Team:
    """Hires the side's journeyman #`number` for good (one ledger entry). Refused (naming
    the field) when the report is not applied, there is no such journeyman offered, he died,
    he is hired already, the team's next match began, or the purchase rules refuse him (the
    treasury, 16 players, the position's maximum); PermissionDenied for all but the team's
    coach (and site staff)."""
    if side not in SIDES:
        raise MatchRefused([Problem("side", f"The side is home or away, not {side!r}.")])
    team = _locked(match.home if side == "home" else match.away)
    require_coach(team, actor, "hire its journeymen")
    post = PostGame.objects.filter(match=match).first()
    journeyman = _refusal(match, team, post, number)
    before = state_of(team)
    taken = {player.number for player in before.players.values()}  # the gone keep theirs
    shirt = number if number not in taken else free_numbers(taken, 1)[0]
    key = f"p{next_player_key(team)}"
    request = {
        "match": match.pk, "side": side, "number": number, "position": journeyman.position,
        "player": [key, shirt, journeyman.name], "record": dict(journeyman.record),
    }  # fmt: skip
    deltas = causes.hire(rules_of(team), before, request)
    position = Position.objects.get(race=team.race, name=journeyman.position)
    Player.objects.create(team=team, key=key, position=position, number=shirt,
                          name=journeyman.name)  # fmt: skip
    paid = -deltas[0]["amount"]
    summary = (f"Hired journeyman #{shirt} {journeyman.name} ({journeyman.position}) for "
               f"{paid:,} gp after {match}")[:200]  # fmt: skip
    entry_append(team, "hire", summary, cause_new("hire", actor, request), deltas, before)
    team.refresh_from_db()
    return team


@dataclass(frozen=True)
class Offer:
    """A journeyman as the post-game page lists him, for its reader."""

    journeyman: Journeyman
    may_hire: bool  # the reader is his team's coach (or site staff) and the offer stands
    ended: str  # why the offer ended, in words ("" while it stands)


def offers_for_page(match: Match, post: PostGame, user) -> list[Offer]:
    """The journeymen offered after the match, home first, each with whether the reader may
    hire him now."""
    if not any(offered_numbers(post, side) for side in SIDES):
        return []  # no query for a match without journeymen to hire
    found = [j for j in journeymen_of(match, post) if j.offered]
    ended: dict[str, str] = {}
    for side in dict.fromkeys(j.side for j in found):
        team = match.home if side == "home" else match.away
        later = next_match_began(match, team)
        ended[side] = ended_words(team, later) if later else ""
    return [
        Offer(j, not j.hired and not ended[j.side] and is_coach_or_staff(user, j.team.coach_id),
              ended[j.side])
        for j in found
    ]  # fmt: skip


class HiresPending:
    """The team page's line for the journeymen its coach may still hire after its latest
    applied match (teams.seams.pending)."""

    def pending_for(self, team: Team, entries: Iterable[LedgerEntry]) -> list[Pending]:
        entries = list(entries)
        reports = [e for e in entries if e.kind == "report" and e.cause.kind == "report"
                   and e.cause.ref]  # fmt: skip
        if not reports:
            return []  # no query for a team that has played no applied match
        ref = max(reports, key=lambda entry: entry.sequence).cause.ref
        post = (
            PostGame.objects.filter(match_id=ref)
            .select_related("match__home", "match__away")
            .annotate(began=Exists(_began_after(team, OuterRef("match_id"))))
            .first()
        )
        if post is None or post.began:
            return []
        side = post.match.side_of(team.pk)
        undone = {entry.reverses_id for entry in entries if entry.reverses_id}
        hired = {
            int(entry.cause.request.get("number", 0))
            for entry in entries
            if entry.kind == "hire" and entry.pk not in undone
            and entry.cause.request.get("match") == ref and entry.cause.request.get("side") == side
        }  # fmt: skip
        waiting = [n for n in offered_numbers(post, side) if n not in hired]
        if not waiting:
            return []
        numbers = ", ".join(f"#{n}" for n in waiting)
        many = "Journeymen" if len(waiting) > 1 else "Journeyman"
        words = (f"{many} {numbers} from {post.match} may be hired for good until "
                 f"{team.name}'s next match begins.")  # fmt: skip
        url = reverse("matches:post-game", args=[ref]) + "#journeymen"
        return [Pending(words, url)]
