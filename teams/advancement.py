"""Improvement rolls: due by the player's SPP, rolled at the table or by the server (with a
seed that replays it), and a choice among exactly what the roll allows under the team's
ruleset. The roll and the choice are each a cause with its own ledger entry, so undoing the
choice frees the roll and the ledger check covers both."""

from __future__ import annotations

import random
import secrets

from django.db import transaction

from rules.engine.advancement import Choices
from rules.engine.experience import improvement_rolls_due
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import Problem, TeamRefused
from teams import causes
from teams.between_matches import require_coach, rules_of
from teams.ledger import Roll
from teams.ledger_rows import ledger_head, player_state, state_of
from teams.models import ImprovementRoll, Player, Team
from teams.seams import dice_sources, leagues
from teams.services import cause_new, entry_append

SOURCE_REFUSALS = {
    "rolled": "{league} rolls its dice at the table: enter the two dice you rolled.",
    "entered": "{league} has the server roll every die: let the server roll.",
}


def rolls_due(ruleset: Ruleset, player: Player) -> int:
    made = player.improvements.count()
    return improvement_rolls_due(ruleset, player.spp, made) if ruleset.play == "league" else 0


def server_dice(seed: str) -> tuple[int, int]:
    """The two dice a seed gives: the same seed always gives the same dice."""
    rng = random.Random(seed)
    return rng.randint(1, 6), rng.randint(1, 6)


@transaction.atomic
def improvement_roll(
    team: Team,
    actor,
    player: Player,
    dice: tuple[int, int] | None = None,
    seed: str | None = None,
) -> ImprovementRoll:
    """Records the next roll due: the coach's two dice, or the server's when none are given
    (from `seed` when one is given, to replay a server roll, else a fresh one)."""
    team = Team.objects.select_for_update(of=("self",)).select_related("race").get(pk=team.pk)
    require_coach(team, actor, "roll for its players")
    if player.team_id != team.pk:
        raise TeamRefused([Problem("player", f"{player.name} does not play for {team.name}.")])
    league = leagues.answer.league_of(team, actor, waiting=True)
    source = "rolled" if dice is None else "entered"
    if source not in dice_sources(league):
        raise TeamRefused([Problem("source", SOURCE_REFUSALS[source].format(league=league))])
    if dice is None:
        seed = seed or secrets.token_hex(8)
        dice = server_dice(seed)
    else:
        seed = ""
        for die in dice:
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise TeamRefused([Problem("dice", f"A die shows 1 to 6, not {die!r}.")])
    # The roll's key is the sequence of the entry that records it: unique on the team for good.
    made = Roll(f"r{ledger_head(team) + 1}", dice[0], dice[1], source, seed)
    request = {"player": player.key, "roll": {"key": made.key, "die1": made.die1,
               "die2": made.die2, "source": source, "seed": seed}}  # fmt: skip
    deltas = causes.roll(rules_of(team), state_of(team), request)
    number = player.improvements.count() + 1
    label = "rolled by the server" if source == "rolled" else "rolled at the table"
    summary = (
        f"#{player.number} {player.name}: improvement roll {number} "
        f"({made.die1}+{made.die2}, {label})"
    )
    entry_append(team, "roll", summary, cause_new("roll", actor, request), deltas)
    return ImprovementRoll.objects.get(player=player, key=made.key)


def roll_choices(ruleset: Ruleset, roll: ImprovementRoll) -> Choices:
    """What the roll allows the player as his rows have him now."""
    player = roll.player
    rules = causes.Rules(ruleset, (), player.team.race.slug, {})
    made = Roll(roll.key, roll.die1, roll.die2, roll.source, roll.seed, roll.choice)
    return causes.roll_choices(rules, player_state(player), made)


@transaction.atomic
def improvement_choose(team: Team, actor, roll: ImprovementRoll, choice: str) -> Team:
    """Takes `choice` (a skill or a characteristic) if the roll allows it."""
    team = Team.objects.select_for_update(of=("self",)).select_related("race").get(pk=team.pk)
    require_coach(team, actor, "choose for its players")
    roll = ImprovementRoll.objects.select_related("player").filter(pk=roll.pk).first()
    if roll is None or roll.player.team_id != team.pk or roll.choice:
        raise TeamRefused([Problem("roll", "This roll has been used already.")])
    request = {"player": roll.player.key, "roll": roll.key, "choice": choice}
    rules = rules_of(team)
    deltas = causes.choice(rules, state_of(team), request)
    characteristic = any(d["field"] == "characteristic" for d in deltas)
    value = next((d["amount"] for d in deltas if d["field"] == "value_increase"), 0)
    label = f"+1 {choice}" if characteristic else choice
    source = dict(ImprovementRoll.SOURCES)[roll.source]
    summary = (
        f"#{roll.player.number} {roll.player.name}: improvement roll {roll.number} "
        f"({roll.die1}+{roll.die2}, {source}) → {label}" + (f", value +{value:,}" if value else "")
    )
    entry_append(team, "advancement", summary, cause_new("choice", actor, request), deltas)
    team.refresh_from_db()
    return team
