"""The two teams of a match and their players, as the report's checks and the post-game
sequence read them: the rows as they stand, or — working a report out again after an
earlier report of its teams was reverted — each team as its ledger stood just before the
report (teams.ledger_rows.rows_of_state), as unsaved rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from matches.models import Match, Participant
from teams.ledger import TeamState
from teams.ledger_rows import rows_of_state
from teams.models import Player, Team


def hiring_order(player: Player) -> tuple:
    """Players sharing a number (the dead and gone keep theirs) in the order they were hired:
    by row where there is one, else by key (p1, p2, … are given in that order)."""
    if player.pk is not None:
        return (player.number, 0, player.pk)
    digits = player.key[1:]
    return (player.number, 1, int(digits) if digits.isdigit() else 0, player.key)


@dataclass(frozen=True)
class MatchRows:
    teams: Mapping[int, Team]  # both teams, by pk
    players: list[Player]  # both teams' players but those whose hiring was undone, by number
    then: bool = False  # rows of ledger states, not the rows as they stand
    _by_key: dict[tuple[int, str], Player] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        self._by_key.update({(row.team_id, row.key): row for row in self.players})

    def team(self, pk: int) -> Team:
        return self.teams[pk]

    def by_key(self, team: int, key: str) -> Player | None:
        return self._by_key.get((team, key))

    def player_of(self, participant: Participant) -> Player | None:
        """The roster player who took part as `participant` (None for a hire): his row as it
        stands, or (`then`) as his team's ledger had him."""
        if participant.player_id is None:
            return None
        if not self.then:
            return participant.player
        return self._by_key.get((participant.team_id, key_of(participant)))


def key_of(participant: Participant) -> str:
    """The key of the roster player who took part: as read with him (matches.amend.revert reads
    only the key of later reports' players, their rows coming from ledger states), or from
    his row."""
    key = getattr(participant, "player_key", None)
    return key if key is not None else participant.player.key


def match_rows(
    match: Match, states: Mapping[int, TeamState] | None = None, read: dict | None = None
) -> MatchRows:
    """Both teams and every player they have or had (the dead and gone too: their shirts
    stay theirs): as the rows stand (one query), or as `states` (team pk -> its ledger's
    state) hold them (`read`: rows_of_state's, kept by the caller across matches)."""
    teams = (match.home, match.away)
    if states is None:
        players = Player.objects.filter(team__in=[team.pk for team in teams]).on_roster()
        players = list(players.select_related("position", "star").order_by("number", "pk"))
        return MatchRows({team.pk: team for team in teams}, players)
    then, players = {}, []
    for team in teams:
        then[team.pk], rows = rows_of_state(team, states[team.pk], read)
        players += rows
    return MatchRows(then, sorted(players, key=hiring_order), then=True)
