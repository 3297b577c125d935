"""Working an applied report out again, as reverting or correcting an earlier report of its
teams needs for every later one: its post-game sequence from both teams as their ledgers
stood just before it (matches.match_rows), with the report's own dice. A die it never needed
before is rolled from the match's seed where the match takes the server's dice; one only
the table could give stops it, named. So does a player who took part but, by those ledgers,
was dead, gone or out injured by then: the report cannot stand as it was written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from matches.match_rows import MatchRows, match_rows
from matches.models import Match
from matches.post_game import side_deltas, worked_out
from matches.reports import participants_of
from matches.services import MatchRefused
from rules.engine import post_game as engine
from rules.engine.errors import Problem
from rules.engine.report_entry import SIDES
from rules.engine.ruleset import Ruleset
from teams.ledger import TeamState

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


def post_game_again(
    match: Match, states: Mapping[int, TeamState], read: dict | None = None
) -> Again:
    """The match's post-game sequence from `states` (team pk -> its ledger's state just
    before the report); MatchRefused naming each player who could not have taken part and
    each die the table would have to give. Nothing is written. `read`: as match_rows'."""
    rows = match_rows(match, states, read)
    problems = took_part_problems(match, rows)
    if problems:
        raise MatchRefused(problems)
    before, ruleset, worked = worked_out(match, rows)
    teams = {"home": match.home_id, "away": match.away_id}
    deltas = {
        side: side_deltas(worked, side, lambda state=states[teams[side]]: next_key(state))
        for side in SIDES
    }
    return Again(deltas, worked, before, ruleset)


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
