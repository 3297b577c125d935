"""Improvement rolls: due by the player's SPP, rolled at the table or by the server (with a
seed that replays it), and a choice among exactly what the roll allows under the team's
ruleset, applied with its value increase through the ledger."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from django.db import transaction

from rules.engine.advancement import Choices, advancement_value, improvement_choices
from rules.engine.errors import RulesError
from rules.engine.experience import improvement_rolls_due
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import Problem, TeamRefused
from rules.snapshot import ruleset_snapshot
from teams.between_matches import require_coach
from teams.models import ImprovementRoll, Player, Team
from teams.seams import dice_sources, leagues
from teams.services import entry_append

SOURCE_REFUSALS = {
    "rolled": "{league} rolls its dice at the table: enter the two dice you rolled.",
    "entered": "{league} has the server roll every die: let the server roll.",
}


@dataclass(frozen=True)
class Due:
    player: Player
    rolls_due: int
    pending: ImprovementRoll | None  # rolled, not chosen yet


def rolls_due(ruleset: Ruleset, player: Player) -> int:
    made = player.improvements.count()
    return improvement_rolls_due(ruleset, player.spp, made) if ruleset.play == "league" else 0


def server_dice(seed: str) -> tuple[int, int]:
    """The two dice a seed gives: the same seed always gives the same dice."""
    rng = random.Random(seed)
    return rng.randint(1, 6), rng.randint(1, 6)


@transaction.atomic
def improvement_roll(
    team: Team, actor, player: Player, dice: tuple[int, int] | None = None
) -> ImprovementRoll:
    """Records the next roll due: the coach's two dice, or the server's when none are given."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    require_coach(team, actor, "roll for its players")
    ruleset = ruleset_snapshot(team.ruleset_version)
    if player.team_id != team.pk:
        raise TeamRefused([Problem("player", f"{player.name} does not play for {team.name}.")])
    if player.improvements.filter(choice="").exists():
        raise TeamRefused([Problem("player", f"{player.name} has a roll to choose from first.")])
    if rolls_due(ruleset, player) < 1:
        raise TeamRefused(
            [Problem("player", f"{player.name} has no improvement roll due ({player.spp} SPP).")]
        )
    league = leagues.answer.league_of(team, actor, waiting=True)
    source = "rolled" if dice is None else "entered"
    if source not in dice_sources(league):
        raise TeamRefused([Problem("source", SOURCE_REFUSALS[source].format(league=league))])
    seed = ""
    if dice is None:
        seed = secrets.token_hex(8)
        dice = server_dice(seed)
    else:
        for die in dice:
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise TeamRefused([Problem("dice", f"A die shows 1 to 6, not {die!r}.")])
    return ImprovementRoll.objects.create(
        player=player,
        number=player.improvements.count() + 1,
        die1=dice[0],
        die2=dice[1],
        source=source,
        seed=seed,
    )


def roll_choices(ruleset: Ruleset, roll: ImprovementRoll) -> Choices:
    player = roll.player
    position = ruleset.races[player.team.race.slug].position(player.position.name)
    current = {
        name: value + player.changes.get(name, 0)
        for name, value in position.characteristics.items()
    }
    skills = (*position.skills, *player.skills)
    return improvement_choices(
        ruleset, position, current, skills, roll.die1, roll.die2, race=player.team.race.slug
    )


@transaction.atomic
def improvement_choose(team: Team, actor, roll: ImprovementRoll, choice: str) -> Team:
    """Takes `choice` (a skill or a characteristic) if the roll allows it."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    require_coach(team, actor, "choose for its players")
    # Lock the roll only: PostgreSQL cannot lock the nullable side of the joined position.
    roll = (
        ImprovementRoll.objects.select_for_update(of=("self",))
        .select_related("player__position", "player__team__race")
        .get(pk=roll.pk)
    )
    if roll.player.team_id != team.pk or roll.choice:
        raise TeamRefused([Problem("roll", "This roll has been used already.")])
    ruleset = ruleset_snapshot(team.ruleset_version)
    choices = roll_choices(ruleset, roll)
    try:
        kind = choices.advancement(choice)
    except RulesError as error:
        raise TeamRefused([Problem("choice", f"{error}.")]) from None
    value = advancement_value(ruleset, kind) if "value_increases" in ruleset.tables else 0
    player = str(roll.player.pk)
    if kind in ruleset.characteristics:
        change = {"op": "player", "player": player, "field": "characteristic",
                  "characteristic": kind, "amount": 1}  # fmt: skip
    else:
        change = {"op": "player", "player": player, "field": "skill", "skill": choice, "add": True}
    deltas = [change]
    if value:
        deltas.append(
            {"op": "player", "player": player, "field": "value_increase", "amount": value}
        )
    label = f"+1 {choice}" if kind in ruleset.characteristics else choice
    cause = (
        f"#{roll.player.number} {roll.player.name}: improvement roll {roll.number} "
        f"({roll.die1}+{roll.die2}, {roll.get_source_display()}) → {label}"
        + (f", value +{value:,}" if value else "")
    )
    entry_append(team, "advancement", cause, actor, deltas)
    roll.choice = choice
    roll.save(update_fields=["choice"])
    team.refresh_from_db()
    return team
