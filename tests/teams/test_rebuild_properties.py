"""Rebuilding ledgers with one entry taken out, against building the teams again without it.

Random sequences of what coaches and staff do between matches, over two or three LRB6 teams
(an Orc team, a Human team playing a house copy of LRB6 that sells fan factor, and a second
Orc team that may be created half-way): purchases of every sort, players fired or retired,
treasury and SPP adjustments by site staff, improvement rolls at the table and the choices
they allow. Each operation is written down as a plain command (which service, which team,
which player by his number, what was asked) so that it can be done again; one the services
refuse when it is generated is left out of the sequence.

The property: take out any one entry k of the sequence (creations too) with `ledger_rebuild`,
and build new teams by doing the same commands but k's again, through the same services.
Either both succeed and every team ends up the same, players matched by number (player keys
and roll keys are the ledger's own names, and differ between the builds by construction), or
the rebuild refuses naming the entry of the first command the new build has refused. On the
way: replacing k by its own deltas writes nothing at all, a refused rebuild writes nothing,
and `ledger_check` finds every row equal to its ledger.

A plain test drives the same command builder from fixed seeds and counts what it did, so a
builder that stopped reaching some kind of command or one of the two outcomes fails there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any, Protocol

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules.edition_io import edition_documents
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from rules.house_rules import edition_with, ruleset_copy, ruleset_edit
from rules.models import Race, RulesetVersion
from rules.snapshot import ruleset_snapshot, stored_edition
from teams.advancement import improvement_choose, improvement_roll, roll_choices
from teams.between_matches import player_leave, team_adjust, team_purchase
from teams.ledger_rows import state_of
from teams.models import ImprovementRoll, LedgerEntry, Player, Team
from teams.rebuild import RebuildRefused, ledger_rebuild
from teams.services import cause_new, team_create
from tests.teams.helpers import ORC_SQUAD, squad
from tests.unchanged import database, unchanged

pytestmark = pytest.mark.django_db


# --- The teams and the people ---------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A team as it is created: what `team_create` is asked."""

    name: str
    race: str
    players: tuple[tuple[int, str], ...]
    rerolls: int
    fan_factor: int
    staff: dict[str, int]
    house: bool  # plays the house copy (fan factor for sale) instead of LRB6 itself
    coach: str  # "orc_coach" or "human_coach"


PLANS = (
    # 730,000 of players + 2 re-rolls (120,000) + fan factor 3 (30,000) + an apothecary
    # (50,000) = 930,000: 70,000 left (helpers.orc_team).
    Plan("Gouged Eye", "orc", ORC_SQUAD, 2, 3, {"apothecary": 1}, False, "orc_coach"),
    # 7 Linemen (350,000) + 2 Blitzers (180,000) + 2 Catchers (140,000) = 670,000, 3 re-rolls
    # (150,000), fan factor 2 (20,000) and a cheerleader (10,000) = 850,000: 150,000 left.
    Plan(
        "Reikland Reavers",
        "human",
        ((7, "Lineman"), (2, "Blitzer"), (2, "Catcher")),
        rerolls=3,
        fan_factor=2,
        staff={"cheerleader": 1},
        house=True,
        coach="human_coach",
    ),
    # 7 Linemen (350,000) + 4 Blitzers (320,000) + 2 re-rolls (120,000) + fan factor 1
    # (10,000) = 800,000: 200,000 left.
    Plan("Da Bashers", "orc", ((7, "Lineman"), (4, "Blitzer")), 2, 1, {}, False, "orc_coach"),
)
LATE_TEAM = 2  # the team a "create" command makes, at any point of the sequence


@dataclass(frozen=True)
class People:
    orc_coach: Any
    human_coach: Any
    staff: Any  # site staff: adjusts both teams, coaches neither
    lrb6: RulesetVersion
    house: RulesetVersion
    # The first two teams, created once for all examples (each example rolls back to them).
    founded: dict[int, Team] = field(default_factory=dict)


def house_rules(lrb6: RulesetVersion, owner) -> RulesetVersion:
    """A house copy of LRB6 that sells fan factor between matches (LRB6 itself does not), so
    that fan factor purchases are part of the mix and every rebuild reads each team's own
    rules."""
    ruleset = ruleset_copy(lrb6, "LRB6 with fans for sale", owner)
    edition = stored_edition(ruleset.latest_version())
    part = edition_documents(edition)["settings"]
    setting = next(s for s in part if s["key"] == "fan_factor_purchase_after_creation")
    setting["value"] = True
    version, changed = ruleset_edit(ruleset, edition_with(edition, "settings", part), owner)
    assert changed
    return version


@pytest.fixture
def people(coach, rival, lrb6) -> People:
    staff = get_user_model().objects.create_user("ref", password="whistle-blown-1", is_staff=True)
    people = People(coach, rival, staff, lrb6, house_rules(lrb6, rival))
    # Creating a team is the slowest command: the two every sequence starts with are made
    # here once, and every example starts from them.
    build = Build(people)
    people.founded.update({index: build.create(index) for index in (0, 1)})
    return people


# --- Commands and builds --------------------------------------------------------------------

LABELS = (
    "create", "buy re-roll", "buy fan factor", "buy staff", "buy players", "departure",
    "treasury adjustment", "spp adjustment", "roll", "choice",
)  # fmt: skip


@dataclass(frozen=True)
class Command:
    """One thing done to a team, in plain values: a player by his number, a choice by the
    index of the command that made its roll."""

    label: str  # one of LABELS
    team: int  # index into PLANS
    args: dict[str, Any] = field(default_factory=dict)


class NotThere(Exception):
    """The player or roll a command names was never made in this build, so there is nothing
    to ask the service about: the command is refused as surely as a service refusal."""


class Build:
    """Teams built by doing commands through the services, named with `suffix`."""

    def __init__(self, people: People, suffix: str = "") -> None:
        self.people, self.suffix = people, suffix
        self.teams: dict[int, Team] = {}
        self.rolls: dict[int, ImprovementRoll] = {}  # command index -> the roll it made

    def team(self, index: int) -> Team:
        return Team.objects.select_related("race", "ruleset_version").get(pk=self.teams[index].pk)

    def create(self, index: int) -> Team:
        plan = PLANS[index]
        version = self.people.house if plan.house else self.people.lrb6
        self.teams[index] = team_create(
            getattr(self.people, plan.coach), version, plan.name + self.suffix, plan.race,
            squad(*plan.players), rerolls=plan.rerolls, fan_factor=plan.fan_factor,
            staff=plan.staff,
        )  # fmt: skip
        return self.teams[index]

    def stand_in(self, index: int) -> Team:
        """A team whose creation never happened: the row with nothing on it (treasury 0, no
        players, no ledger), which is what a rebuild without the creation leaves."""
        plan = PLANS[index]
        version = self.people.house if plan.house else self.people.lrb6
        self.teams[index] = Team.objects.create(
            name=plan.name + self.suffix, coach=getattr(self.people, plan.coach),
            ruleset_version=version, race=Race.objects.get(version=version, slug=plan.race),
        )  # fmt: skip
        return self.teams[index]

    def player(self, command: Command) -> Player:
        team = self.teams[command.team]
        found = team.players.on_roster().filter(number=command.args["number"]).first()
        if found is None:
            raise NotThere(f"{team.name} has no #{command.args['number']}")
        return found

    def enact(self, index: int, command: Command) -> LedgerEntry:
        """Does the command (`index` is its place in the sequence); returns the entry it wrote.
        TeamRefused or NotThere when it cannot be done."""
        if command.label == "create":
            return self.create(command.team).ledger.get()
        args, team = command.args, self.teams[command.team]
        coach, staff = team.coach, self.people.staff
        if command.label.startswith("buy "):
            wanted = Purchase(args["kind"], args.get("what", ""), args["count"])
            team_purchase(team, coach, wanted, args.get("names", ()), args.get("numbers", ()))
        elif command.label == "departure":
            player_leave(team, coach, self.player(command), args["how"])
        elif command.label == "treasury adjustment":
            team_adjust(team, staff, "Treasury corrected", treasury=args["treasury"])
        elif command.label == "spp adjustment":
            team_adjust(team, staff, "SPP of an old match", player=self.player(command),
                        spp=args["spp"])  # fmt: skip
        elif command.label == "roll":
            dice = tuple(args["dice"])
            self.rolls[index] = improvement_roll(team, coach, self.player(command), dice)
        elif command.label == "choice":
            roll = self.rolls.get(args["roll_of"])
            if roll is None:
                raise NotThere(f"the roll of command {args['roll_of']} was never made")
            improvement_choose(team, coach, roll, args["choice"])
        else:
            raise AssertionError(f"unknown command {command.label!r}")
        return team.ledger.order_by("-sequence").first()


# --- Making sequences -----------------------------------------------------------------------


class Chooser(Protocol):
    """Where the builder's choices come from: Hypothesis, or a seeded random generator."""

    def pick(self, label: str, options: Sequence[Any]) -> Any: ...

    def number(self, label: str, low: int, high: int) -> int: ...


class Drawn:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, label: str, options: Sequence[Any]) -> Any:
        return self.data.draw(st.sampled_from(list(options)), label=label)

    def number(self, label: str, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high), label=label)


class Seeded:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def pick(self, label: str, options: Sequence[Any]) -> Any:
        return self.random.choice(list(options))

    def number(self, label: str, low: int, high: int) -> int:
        return self.random.randint(low, high)


# How often each kind is tried, the most telling first (Hypothesis leans towards the first
# options). "advancement" is a player's whole way to a new skill, three commands in a row (SPP,
# a roll, its choice), as rolls need SPP before them; treasury adjustments pay for purchases
# the starting treasuries could not.
OPERATIONS = (
    "advancement", "buy players", "treasury adjustment", "departure", "roll", "choice",
    "spp adjustment", "buy re-roll", "buy staff", "buy fan factor", "advancement",
    "treasury adjustment", "buy players", "create",
)  # fmt: skip
STEPS = range(9, 2, -1)  # operations tried per sequence, the most first


def numbers_of(team: Team, **status) -> list[int]:
    return list(team.players.on_roster().filter(**status).values_list("number", flat=True))


def waiting_rolls(build: Build, team: Team) -> list[int]:
    """The commands whose rolls still wait for their choice, on `team`."""
    return [
        made
        for made, roll in build.rolls.items()
        if roll.player.team_id == team.pk and not ImprovementRoll.objects.get(pk=roll.pk).choice
    ]


def commands_for(chooser: Chooser, build: Build) -> Iterator[Command]:
    """The commands of one operation, each worked out from the build as the one before left
    it (the builder does each before asking for the next); none when there is nothing of the
    kind picked to do (no player with SPP to roll, no roll waiting for its choice)."""
    label = chooser.pick("operation", OPERATIONS)
    if label == "create":
        if LATE_TEAM not in build.teams:
            yield Command("create", LATE_TEAM)
        return
    which = chooser.pick("team", sorted(build.teams))
    team = build.team(which)
    if label == "buy re-roll":
        yield Command(label, which, {"kind": "reroll", "count": 1})
    elif label == "buy fan factor":
        yield Command(label, which, {"kind": "fan_factor", "count": chooser.pick("count", (1, 2))})
    elif label == "buy staff":
        what = chooser.pick("staff", ("cheerleader", "assistant_coach", "apothecary"))
        yield Command(label, which, {"kind": "staff", "what": what,
                                     "count": chooser.pick("count", (1, 2))})  # fmt: skip
    elif label == "buy players":
        yield players_bought(chooser, team, which)
    elif label == "treasury adjustment":
        amount = chooser.pick("treasury", (-40_000, -10_000, 30_000, 60_000, 150_000))
        yield Command(label, which, {"treasury": amount})
    elif label == "departure" and numbers_of(team, status="active"):
        number = chooser.pick("player", numbers_of(team, status="active"))
        yield Command(
            label, which, {"number": number, "how": chooser.pick("how", ("fired", "retired"))}
        )
    elif label in ("spp adjustment", "advancement") and numbers_of(team, status="active"):
        number = chooser.pick("player", numbers_of(team, status="active"))
        # 6 SPP earn a first roll and 16 a second (LRB6); 2 alone earns nothing yet.
        yield Command(
            "spp adjustment", which, {"number": number, "spp": chooser.pick("spp", (6, 10, 2))}
        )
        if label == "advancement":
            yield roll(chooser, which, number)
            waiting = waiting_rolls(build, team)
            if waiting:
                yield choice(chooser, build, team, which, max(waiting))  # the roll just made
    elif label == "roll" and numbers_of(team, status="active", spp__gte=6):
        # 6 SPP earn the first roll (LRB6): a player with fewer is refused, not worth trying.
        yield roll(
            chooser, which, chooser.pick("player", numbers_of(team, status="active", spp__gte=6))
        )
    elif label == "choice" and waiting_rolls(build, team):
        yield choice(chooser, build, team, which, chooser.pick("roll", waiting_rolls(build, team)))


def players_bought(chooser: Chooser, team: Team, which: int) -> Command:
    """One or two players of a position, wearing numbers no player of the team wears."""
    ruleset = ruleset_snapshot(team.ruleset_version)
    position = chooser.pick("position", [p.name for p in ruleset.races[team.race.slug].positions])
    taken = set(numbers_of(team))
    numbers: list[int] = []
    for _ in range(chooser.pick("count", (1, 2))):
        free = [n for n in range(12, 31) if n not in taken and n not in numbers]
        numbers.append(chooser.pick("number", free))
    names = [f"Rookie {position} {number}" for number in numbers]
    return Command("buy players", which, {"kind": "player", "what": position,
                                          "count": len(numbers), "numbers": numbers,
                                          "names": names})  # fmt: skip


def roll(chooser: Chooser, which: int, number: int) -> Command:
    dice = [chooser.number("die", 1, 6), chooser.number("die", 1, 6)]
    return Command("roll", which, {"number": number, "dice": dice})


def choice(chooser: Chooser, build: Build, team: Team, which: int, made: int) -> Command:
    """One of the choices the roll made by command `made` allows."""
    roll = ImprovementRoll.objects.select_related("player__team__race").get(pk=build.rolls[made].pk)
    allowed = roll_choices(ruleset_snapshot(team.ruleset_version), roll)
    options = (*allowed.normal_skills, *allowed.double_skills, *allowed.characteristics)
    return Command("choice", which, {"roll_of": made, "choice": chooser.pick("choice", options)})


def sequence(chooser: Chooser, build: Build) -> tuple[list[Command], list[LedgerEntry]]:
    """The commands done on `build` and the entry each wrote: the first two teams' creations
    (made already, in `People.founded`), then the steps the services accepted."""
    build.teams.update(build.people.founded)
    commands = [Command("create", 0), Command("create", 1)]
    entries = [build.teams[0].ledger.get(), build.teams[1].ledger.get()]
    for _ in range(chooser.pick("steps", STEPS)):
        for command in commands_for(chooser, build):
            try:
                entry = build.enact(len(commands), command)
            except TeamRefused:
                break  # the services said no: it never happened, nor what rests on it
            commands.append(command)
            entries.append(entry)
    return commands, entries


# --- Comparing ------------------------------------------------------------------------------


def shape(team: Team) -> dict[str, Any]:
    """What a team has, its players by number (what two builds share; keys they do not)."""
    state = state_of(Team.objects.get(pk=team.pk))
    players = {
        p.number: (
            p.name, p.position, p.status, p.spp, p.skills, dict(p.changes), p.injuries,
            p.value_increase, tuple((r.die1, r.die2, r.choice) for r in p.rolls),
        )
        for p in state.players.values()
    }  # fmt: skip
    assert len(players) == len(state.players), "two players of one team wear one number"
    return {
        "treasury": state.treasury,
        "rerolls": state.rerolls,
        "fan_factor": state.fan_factor,
        "staff": dict(state.staff),
        "players": players,
    }


def assert_ledgers_match() -> None:
    out = StringIO()
    try:
        call_command("ledger_check", stdout=out)
    except CommandError:
        pytest.fail(f"ledger_check found differences:\n{out.getvalue()}")


def story(commands: list[Command], removed: int) -> str:
    return "\n".join(
        f"{'-> ' if index == removed else '   '}{index}: {command.label} of team "
        f"{command.team} {command.args}"
        for index, command in enumerate(commands)
    )


@dataclass(frozen=True)
class Outcome:
    labels: tuple[str, ...]  # of the commands done
    removed: str  # the label of the command whose entry was taken out
    result: str  # "matched" or "refused"


def rebuild_against_fresh_build(chooser: Chooser, people: People) -> Outcome:
    """One sequence and one entry taken out, checked; every row rolled back afterwards."""
    with transaction.atomic():
        outcome = _rebuild_against_fresh_build(chooser, people)
        transaction.set_rollback(True)
    return outcome


def _rebuild_against_fresh_build(chooser: Chooser, people: People) -> Outcome:
    original = Build(people)
    commands, entries = sequence(chooser, original)
    assert_ledgers_match()
    teams = list(original.teams.values())
    # Which entry goes: the creations last, as Hypothesis leans towards the first options.
    k = chooser.pick("removed", [*range(2, len(commands)), 0, 1])
    entry, told, mine = entries[k], story(commands, k), commands[k].team
    before = {index: shape(team) for index, team in original.teams.items()}

    # The entry replaced by its own deltas: every later cause fits as it did, nothing changes.
    cause = cause_new("undo", people.staff, {"entry": entry.sequence, "reason": "Same"})
    with unchanged():
        assert ledger_rebuild(teams, {entry: list(entry.deltas)}, cause, "Same") == [], told

    cause = cause_new("undo", people.staff, {"entry": entry.sequence, "reason": "Property"})
    rows = database()
    try:
        written = ledger_rebuild(teams, {entry: None}, cause, "Property")
    except RebuildRefused as error:
        refused: RebuildRefused | None = error
        assert database() == rows, f"a refused rebuild wrote rows\n{told}"
    else:
        refused = None
        assert_ledgers_match()
        # Only the entry's own team has a history that changes: the others get no entries.
        assert {new.team_id for new in written} == {original.teams[mine].pk}, told
    rebuilt = {index: shape(team) for index, team in original.teams.items()}

    # The commands of one team never read another team, so the fresh build makes k's team
    # alone; the others must be as they were.
    fresh, stopped = Build(people, " (again)"), None
    for index, command in enumerate(commands):
        if command.team != mine:
            continue
        if index == k:
            if command.label == "create":
                fresh.stand_in(mine)
            continue
        try:
            fresh.enact(index, command)
        except (TeamRefused, NotThere):
            stopped = index
            break
    assert_ledgers_match()

    if refused is None:
        assert stopped is None, (
            f"the rebuild went through but the fresh build refused command {stopped}\n{told}"
        )
        assert shape(fresh.teams[mine]) == rebuilt[mine], told
        assert {i: s for i, s in rebuilt.items() if i != mine} == {
            i: s for i, s in before.items() if i != mine
        }, told
        result = "matched"
    else:
        named = next(i for i, old in enumerate(entries) if old.pk == refused.entry.pk)
        assert stopped == named, (
            f"the rebuild refused at command {named} ({refused}), the fresh build at "
            f"{stopped}\n{told}"
        )
        assert rebuilt == before, told
        result = "refused"
    return Outcome(tuple(c.label for c in commands), commands[k].label, result)


# --- The tests ------------------------------------------------------------------------------


@settings(
    max_examples=30,
    deadline=None,  # a sequence is a few hundred queries: its time says nothing
    # `people` is a function-scoped fixture on purpose (see the test); the draws are made
    # between database writes, which a slow machine can make look like slow generation.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_removing_any_entry_leaves_the_teams_a_fresh_build_without_it_makes(
    people: People, data: st.DataObject
) -> None:
    # `people` is made once for all examples; each example's rows are rolled back.
    outcome = rebuild_against_fresh_build(Drawn(data), people)
    for label in outcome.labels:
        event(f"command: {label}")
    event(f"removed: {outcome.removed}")
    event(f"rebuild {outcome.result}")


SEEDS = range(12)


def test_the_seeded_sequences_reach_every_command_and_both_outcomes(people: People) -> None:
    done: Counter[str] = Counter()
    results: Counter[tuple[str, str]] = Counter()  # (what was removed, how the rebuild went)
    for seed in SEEDS:
        outcome = rebuild_against_fresh_build(Seeded(seed), people)
        done.update(outcome.labels)
        results[outcome.removed, outcome.result] += 1
    # A builder that only bought re-rolls, or never got a roll to its choice, fails here.
    assert set(done) == set(LABELS), done
    # Both outcomes, and not only because a team's creation was taken out from under it.
    assert {result for removed, result in results if removed != "create"} == {
        "matched",
        "refused",
    }, results
