"""What firing or retiring a player will do, said before it is done.

The roster page asks first; its words come from the same deltas the service writes
(teams.causes.departure), so a refund, an assistant coach or a refusal ("these rules only
retire players") is said exactly when it will happen. Nothing is written here."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from rules.engine.team_building import Problem, TeamRefused
from teams import causes
from teams.between_matches import require_coach, rules_of
from teams.ledger_rows import state_of
from teams.models import Player, Team
from teams.roster import roster, team_worth
from teams.services import retired_words


@dataclass(frozen=True)
class Departure:
    player: Player
    how: str  # "fired" or "retired"
    refund: int  # the gold that comes back to the treasury (setting fired_player_refund)
    assistant_coach: bool  # he stays on as an extra assistant coach
    player_value: int | None  # None for results-only systems
    counted: bool  # his value is in the team value now
    value_before: int | None
    value_after: int | None


def departure_preview(team: Team, actor, player: Player, how: str) -> Departure:
    """What `player_leave` would do, refused as it would refuse: PermissionDenied for anyone
    but the coach (before anything else), TeamRefused for what the rules refuse."""
    require_coach(team, actor, "fire or retire its players")
    if team.retired_at is not None:
        raise TeamRefused([Problem("team", retired_words(team))])
    deltas = causes.departure(rules_of(team), state_of(team), {"player": player.key, "how": how})
    sheet = roster(team)
    staying = [row.player for row in sheet.rows if row.player.pk != player.pk]
    without, _rating = team_worth(team, staying, sheet.ruleset)
    after = copy.copy(team)  # read only: the team with the staff the deltas give it
    after.staff = dict(team.staff)
    for delta in deltas:
        if delta["op"] == "staff":
            after.staff[delta["key"]] = after.staff.get(delta["key"], 0) + delta["amount"]
    value_after, _rating = team_worth(after, staying, sheet.ruleset)
    row = next(row for row in sheet.rows if row.player.pk == player.pk)
    return Departure(
        player=player,
        how=how,
        refund=sum(delta["amount"] for delta in deltas if delta["op"] == "treasury"),
        assistant_coach=any(delta.get("key") == "assistant_coach" for delta in deltas),
        player_value=row.value if sheet.value is not None else None,
        counted=without != sheet.value,
        value_before=sheet.value,
        value_after=value_after,
    )
