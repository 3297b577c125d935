"""Working an applied report out again, as reverting or correcting an earlier report of its
teams needs for every later one: its kick-off figures (matches.amend.kick_off_again) and its
post-game sequence from both teams as their ledgers stood just before it
(matches.match_rows), with the report's own dice. A die it never needed
before is rolled from the match's seed where the match takes the server's dice; one only
the table could give stops it, named. So does a player who took part but, by those ledgers,
was dead, gone or out injured by then: the report cannot stand as it was written."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from matches.amend.kick_off_again import KickOffAgain, kick_off_again
from matches.match_rows import MatchRows, match_rows
from matches.models import Match
from matches.post_game.apply import side_deltas, worked_out
from matches.report.content import participants_of
from matches.services import MatchRefused
from rules.engine import post_game as engine
from rules.engine.errors import Problem
from rules.engine.report_entry import SIDES
from rules.engine.ruleset import Ruleset
from rules.snapshot import version_snapshot
from teams.ledger import TeamState
from teams.services import next_player_key

GONE_WORDS = {
    "dead": "dead",
    "retired": "retired",
    "fired": "gone from the team",
    "missing_next_game": "to miss this match",
}


@dataclass(frozen=True)
class Again:
    """The report worked out again: each side's deltas, the steps, and the teams before."""

    deltas: Mapping[str, list[dict]]
    worked: engine.PostGame
    before: engine.MatchBefore
    ruleset: Ruleset
    kick_off: KickOffAgain | None = None  # its kick-off's figures, where they changed


def post_game_again(
    match: Match,
    states: Mapping[int, TeamState],
    read: dict | None = None,
    joined: Mapping[str, list[dict]] | None = None,
    kick: KickOffAgain | None = None,
) -> Again:
    """The match's post-game sequence from `states` (team pk -> its ledger's state just
    before the report); MatchRefused naming each player who could not have taken part, each
    rule of the report those teams would break, and each die the table would have to give.
    Nothing is written. `read`: as match_rows'. `joined`: each side's deltas as the report
    first wrote them, whose joining players' keys a player joining again keeps. `kick`: its
    kick-off figures as worked out already (at its inducements, paid before it)."""
    rows = match_rows(match, states, read)
    problems = took_part_problems(match, rows)
    if problems:
        raise MatchRefused(problems)
    kick = kick or kick_off_again(match, rows, version_snapshot(match.ruleset_version).ruleset)
    kick.put(match)  # the post-game sequence and the report's checks read them
    checks: list = []
    before, ruleset, worked = worked_out(match, rows, checks)
    if checks:
        raise MatchRefused(checks)
    teams = {"home": match.home, "away": match.away}
    deltas = {}
    for side in SIDES:
        team = teams[side]

        def fresh(team=team) -> int:  # asked only when somebody joins
            return max(next_key(states[team.pk]), next_player_key(team))

        deltas[side] = keys_kept(side_deltas(worked, side, fresh), (joined or {}).get(side, ()))
    return Again(deltas, worked, before, ruleset, kick if kick.changed else None)


def keys_kept(deltas: list[dict], first: Iterable[dict]) -> list[dict]:
    """`deltas` with each player who joins under the key the same player took when the report
    was first applied (the n-th to join, of the same position); one who did not join then
    keeps the fresh key he was given, past every key the team ever had."""
    before = [delta for delta in first if delta.get("op") == "join"]
    renamed = {}
    for n, delta in enumerate(d for d in deltas if d.get("op") == "join"):
        if n < len(before) and before[n].get("position") == delta.get("position"):
            renamed[delta["player"]] = before[n]["player"]
    return [
        {**delta, "player": renamed[delta["player"]]} if delta.get("player") in renamed
        else delta
        for delta in deltas
    ]  # fmt: skip


def took_part_problems(match: Match, rows: MatchRows) -> list[Problem]:
    """Each roster player the report has taking part who, by `rows`, could not have: dead,
    retired, gone or out injured by then, or never hired at all."""
    problems = []
    names = {team.pk: team.name for team in rows.teams.values()}
    roster = [p for p in participants_of(match) if p.player_id]  # hires are nobody's
    for participant in sorted(roster, key=lambda p: (p.team_id != match.home_id, p.number)):
        player = rows.player_of(participant)
        who = f"#{participant.number} {participant.name} of {names[participant.team_id]}"
        if player is None:
            problems.append(Problem("players", f"{who} took part in {match}, but by then "
                                               "he had not been hired."))  # fmt: skip
        elif player.status != "active":
            said = GONE_WORDS.get(player.status, player.status)
            problems.append(Problem("players", f"{who} took part in {match}, but by then he "
                                               f"was {said}."))  # fmt: skip
    return problems


def next_key(state: TeamState) -> int:
    """The number of the team's next player key by its ledger then: one past the highest it
    had given (keys are never reused)."""
    numbers = [int(key[1:]) for key in state.players if key[1:].isdigit()]
    return max(numbers, default=0) + 1
