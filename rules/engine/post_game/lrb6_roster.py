"""The end of LRB6's post-game sequence (lrb6-facts §4's order: ... remove dead players →
record value changes → pay spiralling expenses → hire and fire):

- casualties: rules.engine.post_game.lrb6_casualties (the dead are removed there);
- value changes: an injury lowers a player's value only under `injuries_lower_value`; a
  player who sat this match out for an earlier injury may play again; the team value for the
  next match counts the players able to play it (`tv_excludes_missing_players`);
- spiralling expenses on that team value, from the winnings and then the treasury, which
  stops at 0 unless `spiralling_expenses_may_go_negative`;
- hire and fire, after the expenses so a new player does not count in them: the
  Necromancer's Zombie and Nurgle's Rotters (003), the journeymen who may be hired for good
  until the team's next match (lrb6-facts §5), and the veterans who may leave a team that
  conceded (`concession_veterans_may_leave`)."""

from __future__ import annotations

from rules.engine.advancement import advancement_value
from rules.engine.casualties import CANNOT_RISE, RAISE_MAX_STRENGTH, ROT
from rules.engine.checks import optional_setting
from rules.engine.money import spiralling_expenses
from rules.engine.post_game.lrb6_casualties import Fate, casualties_step
from rules.engine.post_game.steps import Change, DiceSource, MatchBefore, SideBefore, Step, other
from rules.engine.report_entry import AGAINST_OPPONENT, SIDES
from rules.engine.ruleset import Ruleset

ZOMBIE, ROTTER = "Zombie", "Rotter"  # the positions raised, in the races' team lists
VETERAN_SPP = 51  # concession_veterans_may_leave: "51 or more SPP"
VETERAN_LEAVES_ON = 3  # ... "leaves the team on 1-3"
MOST_SHIRT = 99


def veteran_purpose(side: str, number: int) -> str:
    return f"veteran for {side} #{number}"


def _fates(state: dict, side: str) -> dict[int, Fate]:
    return {n: fate for (s, n), fate in state.get("fates", {}).items() if s == side}


def _died(fates: dict[int, Fate], number: int) -> bool:
    fate = fates.get(number)
    return fate is not None and fate.dead


def _value_lost(ruleset: Ruleset, fate: Fate) -> int:
    """What the injuries take off his value: the matching increase per characteristic lost,
    only under `injuries_lower_value`."""
    if not optional_setting(ruleset, "injuries_lower_value", False):
        return 0
    return sum(advancement_value(ruleset, code) for code in fate.lost)


def value_changes_step(
    ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict
) -> Step:
    excludes = bool(optional_setting(ruleset, "tv_excludes_missing_players", True))
    price = ruleset.team_creation.fan_factor_price
    changes, words, values = [], [], {}
    for side in SIDES:
        team, fates = before.side(side), _fates(state, side)
        total = team.value_rest
        for player in team.roster():
            fate = fates.get(player.number)
            lost = _value_lost(ruleset, fate) if fate and not fate.dead else 0
            if lost:
                changes.append(Change(side, "value_increase", -lost, player.number, player.key,
                                      f"-{lost:,} for {', '.join(fate.lost)} lost"))  # fmt: skip
                words.append(f"#{player.number} {player.name}'s value falls by {lost:,} gp.")
            if fate is None and not player.played and player.status == "missing_next_game":
                changes.append(
                    Change(side, "status", 0, player.number, player.key, "sat out his injury",
                           "active", "missing_next_game")
                )  # fmt: skip
                words.append(
                    f"{team.team} #{player.number} {player.name} has sat out his injury: "
                    "able to play again."
                )
            if fate and (fate.dead or (fate.misses_next and excludes)):
                continue
            total += player.value - lost
        ff = team.fan_factor + state.get("fan_factor", {}).get(side, 0)
        values[side] = total + ff * price
        words.append(f"{team.team}: team value for the next match {values[side]:,} gp.")
    state["team_value"] = values
    return Step("value_changes", "Value changes", {"team_value": values}, (), " ".join(words),
                tuple(changes))  # fmt: skip


def expenses_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    negative = bool(optional_setting(ruleset, "spiralling_expenses_may_go_negative", False))
    changes, words, owed = [], [], {}
    for side in SIDES:
        team = before.side(side)
        value = state["team_value"][side]
        owed[side] = expense = spiralling_expenses(ruleset, value)
        if not expense:
            words.append(f"{team.team}: team value {value:,}, no spiralling expenses.")
            continue
        won = state.get("winnings", {}).get(side, 0)
        has = team.treasury + won
        paid = expense if negative else min(expense, max(has, 0))
        text = f"{team.team}: team value {value:,}, spiralling expenses {expense:,} gp"
        if expense <= won:
            text += " from the winnings."
        elif paid == expense:
            text += f": {won:,} from the winnings and {expense - won:,} from the treasury."
        else:
            text += f": only {paid:,} could be paid (the treasury stops at 0)."
        words.append(text)
        if paid:
            changes.append(Change(side, "treasury", -paid, why="spiralling expenses"))
    return Step("expenses", "Spiralling expenses", {"expenses": owed}, (), " ".join(words),
                tuple(changes))  # fmt: skip


def _kept_on(team: SideBefore, fates: dict[int, Fate]) -> list[int]:
    """The shirt numbers of the roster after the dead are removed."""
    return [p.number for p in team.roster() if not _died(fates, p.number)]


def _free_number(taken: set[int]) -> int:
    return next(n for n in range(1, MOST_SHIRT + 1) if n not in taken)


def _why_not_raised(before: MatchBefore, side: str, fate: Fate | None, rotter: bool) -> str:
    """Why an opponent of `side` may not join it (empty when he may), by 003's conditions."""
    if fate is None or not fate.dead:
        return "was not killed in this match"
    victim = fate.player
    if victim.now.get("ST", 0) > RAISE_MAX_STRENGTH:
        return f"has strength {victim.now.get('ST')}, more than {RAISE_MAX_STRENGTH}"
    for skill in CANNOT_RISE[ROTTER if rotter else ZOMBIE]:
        if skill in victim.skills:
            return f"has {skill}"
    if rotter:
        killer = fate.killed_by
        causer = killer.causer if killer else None
        by = before.side(side).player(causer.number) if causer and causer.side == side else None
        if by is None or ROT not in by.skills:
            return f"was not killed by a player with {ROT}"
        if killer.action not in AGAINST_OPPONENT:
            return "was not killed in a Block, Blitz or Foul"
    return ""


def _raised(ruleset: Ruleset, before: MatchBefore, side: str, state: dict, words: list) -> list:
    team = before.side(side)
    race = ruleset.races.get(team.race)
    if race is None or not (race.necromancer or race.raises_rotters):
        return []
    rotter = race.raises_rotters
    position = race.position(ROTTER if rotter else ZOMBIE)
    victims = _fates(state, other(side))
    taken = _kept_on(team, _fates(state, side))
    worn = {p.number for p in team.roster()} | set(team.gone_numbers)  # the gone keep theirs
    kinds = sum(1 for p in team.roster() if p.position == position.name and p.number in taken)
    joins = []
    for number in before.report.of(side).raised:
        fate = victims.get(number)
        name = fate.player.name if fate else f"#{number}"
        why = _why_not_raised(before, side, fate, rotter)
        if not why and not rotter and joins:
            why = "comes too late: a Necromancer raises one Zombie per match"
        if not why and len(taken) >= ruleset.team_creation.max_players:
            why = f"finds no place: {team.team} has {len(taken)} players"
        if not why and kinds >= position.max_quantity:
            why = f"finds no place: {team.team} has {kinds} {position.name}s already"
        if why:
            words.append(f"{team.team} may not raise {name}: he {why}.")
            continue
        shirt = _free_number(worn)
        worn.add(shirt)
        taken.append(shirt)
        kinds += 1
        joins.append(Change(side, "join", 1, shirt, "", f"raised from {name}", position.name,
                            name=name))  # fmt: skip
        words.append(
            f"{team.team}: {name} rises as a {position.name}, free, #{shirt} (his "
            f"{position.cost:,} gp count in team value from now on)."
        )
    return joins


def _veterans(ruleset, before: MatchBefore, dice: DiceSource, state: dict, words, rolled):
    conceded = before.report.concession
    if conceded is None or not optional_setting(ruleset, "concession_veterans_may_leave", True):
        return []
    if conceded.forced and not optional_setting(ruleset, "concession_penalties_when_forced", False):
        return []
    side, leaving = conceded.side, []
    fates = _fates(state, side)
    for player in before.side(side).roster():
        spp = player.spp + state.get("spp", {}).get((side, player.number), 0)
        if spp < VETERAN_SPP or _died(fates, player.number):
            continue
        die = dice.roll(veteran_purpose(side, player.number), "D6")
        rolled.append(die)
        leaves = die.total <= VETERAN_LEAVES_ON
        words.append(
            f"#{player.number} {player.name} ({spp} SPP) rolls {die.total}: "
            f"{'leaves the team' if leaves else 'stays'}."
        )
        if leaves:
            hurt = fates.get(player.number)  # injured this match: his status changed first
            was = "missing_next_game" if hurt and hurt.misses_next else player.status
            leaving.append(Change(side, "status", 0, player.number, player.key,
                                  "left after the concession", "retired", was))  # fmt: skip
    return leaving


def hires_step(ruleset: Ruleset, before: MatchBefore, dice: DiceSource, state: dict) -> Step:
    changes, words, rolled, journeymen = [], [], [], {}
    for side in SIDES:
        changes += _raised(ruleset, before, side, state, words)
        fates = _fates(state, side)
        journeymen[side] = [
            p.number
            for p in before.side(side).players
            if p.kind == "journeyman" and not _died(fates, p.number)
        ]
        for number in journeymen[side]:
            player = before.side(side).player(number)
            words.append(
                f"{before.side(side).team} may hire journeyman #{number} {player.name} for good "
                f"at {player.value:,} gp before its next match."
            )
    changes += _veterans(ruleset, before, dice, state, words, rolled)
    result = " ".join(words) if words else "Nobody joins or leaves."
    return Step("hires", "Hire and fire", {"journeymen": journeymen}, tuple(rolled), result,
                tuple(changes))  # fmt: skip


# The rest of LRB6's sequence, after rules.engine.post_game.lrb6's first four steps.
STEPS = {
    "casualties": casualties_step,
    "value_changes": value_changes_step,
    "expenses": expenses_step,
    "hires": hires_step,
}
