"""Hypothesis over random friendly seasons of four or five LRB6 teams (Orcs, and a Necromantic
team whose Necromancer raises the dead as Zombies) — deaths, injuries that keep a player out
of the next game, level-ups and the skills chosen for them, journeymen filling a team short
of eleven, purchases between the games and some of them undone — that reverting report k
(and then another) equals never having played it, or refuses with the review list and
changes nothing; and that applying the reverted reports again gives back the season as it
was.

"Never having played it" is worked out independently: the same season played again through
the ordinary services on fresh teams, without report k, each later game with the same
players taking part, the same lines, casualties and dice (the same seeds), each purchase and
improvement asked again. Where that cannot be done (a purchase the treasury can no longer
pay, a roll no longer due, a player who took part but would be dead), reverting must refuse;
where it can, reverting must end with every team exactly as that season leaves it, and
every ledger clean."""

from __future__ import annotations

import dataclasses
import datetime
from collections import Counter
from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from matches import workflow
from matches.amend.reapply import report_reapply
from matches.amend.revert import report_revert
from matches.kick_off.lrb6 import journeymen_take
from matches.kick_off.shared import able_players
from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from rules.engine.errors import Refused
from rules.engine.kick_off import journeymen_wanted
from rules.engine.purchases import Purchase
from rules.selectors import version_get
from teams import ledger
from teams.advancement import improvement_choose, improvement_roll, roll_choices
from teams.between_matches import rules_of, team_purchase
from teams.ledger_rows import ledger_differences, state_of
from teams.models import Player, Team
from teams.rebuild import RebuildReview
from teams.undo import entry_undo
from tests.matches.report.test_raised import necromantic_team
from tests.teams.helpers import orc_team
from tests.unchanged import database

pytestmark = pytest.mark.django_db

PLAYED = datetime.date(2025, 3, 1)
NAMES = ("Gouged Eye", "Da Krumpers", "Skull Hill", "Iron Tuskers", "Black Crag")
# The casualty table's D68: Badly Hurt, Seriously Injured (misses the next game), a
# Niggling Injury, and Dead.
D68 = {"badly hurt": [1, 1], "out next game": [4, 1], "niggle": [5, 1], "dead": [6, 1]}
POSITIONS = ("Lineman", "Blitzer", "Thrower", "Black Orc Blocker")
NECROMANTIC = 0  # the first team: eleven Zombies, whose Necromancer raises one dead a game
# Who scores, and rolls for an improvement: the Blitzers most, so that some reach a level.
SCORERS = (6, 6, 6, 7, 7, 8, 1)


@dataclass(frozen=True)
class Play:
    home: int
    away: int
    touchdowns: tuple[tuple[int, ...], tuple[int, ...]]  # each side's scorers, by number
    hurt: tuple[tuple[str, int, int, str], ...]  # victim's side, victim, causer, result
    fill: bool = False  # short of eleven, the teams take journeymen (else they play short)


@dataclass(frozen=True)
class Buy:
    team: int
    position: str


@dataclass(frozen=True)
class Undo:
    team: int  # its latest purchase that still stands, undone by site staff


@dataclass(frozen=True)
class Improve:
    team: int
    number: int
    dice: tuple[int, int]


@st.composite
def plays(draw, teams: int) -> Play:
    # The Necromantic team plays half the games or so, that it may raise the dead it kills.
    home = draw(st.one_of(st.just(NECROMANTIC), st.integers(0, teams - 1)))
    away = draw(st.integers(0, teams - 1).filter(lambda team: team != home))
    scorers = st.lists(st.sampled_from(SCORERS), max_size=4).map(tuple)
    hurt = st.tuples(st.sampled_from(("home", "away")), st.integers(1, 11), st.integers(1, 11),
                     st.sampled_from(tuple(D68)))  # fmt: skip
    hurts = tuple(draw(st.lists(hurt, max_size=2)))
    return Play(home, away, (draw(scorers), draw(scorers)), hurts, draw(st.booleans()))


@st.composite
def seasons(draw) -> tuple[int, list, int]:
    """(how many teams, the steps in order, which played games to revert, one after the
    other)."""
    teams = draw(st.integers(4, 5))
    buy = st.builds(Buy, st.integers(0, teams - 1), st.sampled_from(POSITIONS))
    dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
    improve = st.builds(Improve, st.integers(0, teams - 1), st.sampled_from((6, 7)), dice)
    undo = st.builds(Undo, st.integers(0, teams - 1))
    step = st.one_of(plays(teams), plays(teams), buy, buy, improve, improve, undo)
    steps = draw(st.lists(step, min_size=3, max_size=9))
    steps.insert(0, draw(plays(teams)))  # a game to revert, at least
    return teams, steps, draw(st.lists(st.integers(0, 20), min_size=1, max_size=2))


@dataclass
class World:
    """A season played through the services; what each step did, to play it again."""

    teams: list[Team]
    staff: object
    done: list[tuple[int, object, dict]] = field(default_factory=list)  # (step, what, how)
    matches: dict[int, Match] = field(default_factory=dict)

    def team(self, index: int) -> Team:
        return Team.objects.get(pk=self.teams[index].pk)


def body(play: Play) -> dict:
    """The report: each scorer's touchdowns, each casualty's D68, the rest the server's. The
    Necromantic team (the first) raises the first player it kills."""
    content: dict = {"server_rolls": True, "casualties": []}
    for side, scorers in zip(("home", "away"), play.touchdowns, strict=True):
        counts = {number: scorers.count(number) for number in scorers}
        lines = [{"number": n, "actions": {"touchdown": c}} for n, c in sorted(counts.items())]
        content[side] = {"players": lines}
    necromancer = {play.home: "home", play.away: "away"}.get(NECROMANTIC)
    for victim_side, victim, causer, result in play.hurt:
        causer_side = "away" if victim_side == "home" else "home"
        content["casualties"].append({
            "victim": {"side": victim_side, "number": victim},
            "causer": {"side": causer_side, "number": causer},
            "action": "block", "means": "ordinary", "dice": {"casualty": D68[result]},
        })  # fmt: skip
        if result == "dead" and causer_side == necromancer and "raised" not in content[causer_side]:
            content[causer_side]["raised"] = [victim]
    return content


def played(
    world: World, index: int, play: Play, taking_part: list | None, journeymen: dict | None = None
) -> dict:
    """The friendly, reported and confirmed; `taking_part` (side, number) as another world's
    game had them. Returns who took part."""
    home, away = world.team(play.home), world.team(play.away)
    match = friendly_accept(friendly_offer(home.coach, home, away), away.coach)
    Match.objects.filter(pk=match.pk).update(seed=f"season-game-{index}")
    match = Match.objects.select_related("home__coach", "away__coach").get(pk=match.pk)
    if taking_part is not None:
        _take_part(match, taking_part)
    hired = journeymen or {}
    for side, team in (("home", home), ("away", away)):
        # Short of eleven, a team fills up with journeymen; the season without a game takes
        # as many as the game first took (refused if it would have had more players).
        wanted = journeymen_wanted(rules_of(team).ruleset, len(able_players(team)))
        count = hired.get(side, wanted if play.fill else 0)
        journeymen_take(match, team.coach, side, ["Lineman"] * count)
        event("journeymen taken") if count else None
    touchdowns = [len(scorers) for scorers in play.touchdowns]
    raising = world.team(NECROMANTIC).players.count()
    workflow.report_save(match, home.coach, PLAYED, *touchdowns, body(play))
    workflow.report_submit(match, home.coach)
    workflow.report_confirm(match, away.coach)
    if world.team(NECROMANTIC).players.count() > raising:
        event("a Zombie raised and joined")
    world.matches[index] = match
    for _, _, _, result in play.hurt:
        event(f"a casualty: {result}")
    took = Counter(match.side_of(p.team_id) for p in match.participants.filter(kind="journeyman"))
    return {"taking_part": [(match.side_of(p.team_id), p.number)
                            for p in match.participants.filter(kind="roster")],
            "journeymen": dict(took)}  # fmt: skip


def _take_part(match: Match, taking_part: list) -> None:
    """The players of the other world's game, as this world's rows: each must be able to."""
    for side, number in taking_part:
        team = match.home if side == "home" else match.away
        player = Player.objects.filter(team=team, number=number, status="active").first()
        if player is None:
            raise Refused([])  # he could not have played: this season cannot be played
        match.participants.create(team=team, player=player, number=number, name=player.name)


def improved(world: World, step: Improve, choice: str | None) -> dict:
    team = world.team(step.team)
    player = Player.objects.filter(team=team, number=step.number, status="active").first()
    if player is None:
        raise Refused([])  # nobody of that number to roll for
    roll = improvement_roll(team, team.coach, player, step.dice)
    offered = roll_choices(rules_of(team).ruleset, roll)
    choice = choice or (offered.normal_skills + offered.characteristics)[0]
    improvement_choose(world.team(step.team), team.coach, roll, choice)
    event("an improvement chosen")
    return {"choice": choice}


def bought(world: World, step: Buy) -> dict:
    team = world.team(step.team)
    team_purchase(team, team.coach, Purchase("player", step.position, 1), names=["New Orc"])
    event("a purchase")
    return {}


def season_played(teams: int, steps: list, again: list | None = None) -> World | None:
    """World: the steps played (one that is refused simply did not happen). With `again`
    (another world's `done`), exactly those steps, as they were done: None if one cannot."""
    users = get_user_model().objects
    lrb6 = version_get("lrb6")
    made = Team.objects.count()
    coaches = [users.create_user(f"coach-{n}-{made}") for n in range(teams)]
    staff = users.create_user(f"staff-{made}", is_staff=True)
    world = World([necromantic_team(coach, NAMES[n]) if n == NECROMANTIC
                   else orc_team(coach, lrb6, NAMES[n]) for n, coach in enumerate(coaches)],
                  staff)  # fmt: skip
    todo: list[tuple[int, object, dict | None]] = (
        [(index, step, None) for index, step in enumerate(steps)] if again is None else again
    )
    for index, step, how in todo:
        try:
            with transaction.atomic():
                done = _act(world, index, step, how)
        except Refused:
            if again is not None:
                return None
            continue
        world.done.append((index, step, done))
    return world


def undone(world: World, step: Undo) -> dict:
    """The team's latest purchase that stands, undone: the step that made it, to leave out.
    The undo works every later report out again, so one of a player who has played since is
    refused (he took part in a game, but would never have been hired)."""
    team = world.team(step.team)
    bought = [
        (index, how) for index, done, how in world.done
        if isinstance(done, Buy) and done.team == step.team and "undid" not in how
    ]  # fmt: skip
    entry = team.ledger.filter(cause__kind="purchase", reversed_by__isnull=True).last()
    if not bought or entry is None:
        raise Refused([])  # nothing to undo
    entry_undo(entry, world.staff, "Bought by mistake.")  # refused if he has played since
    bought[-1][1]["undid"] = True
    event("a purchase undone")
    return {"undid": bought[-1][0]}


def _act(world: World, index: int, step, how: dict | None) -> dict:
    if isinstance(step, Undo):
        return undone(world, step)
    if isinstance(step, Play):
        return played(world, index, step, how and how["taking_part"], how and how["journeymen"])
    if isinstance(step, Buy):
        return bought(world, step)
    return improved(world, step, how and how["choice"])


def states(world: World) -> list:
    """Each team's state, its players by shirt number rather than key, and their rolls without
    keys: a key names a player or roll by the order it was made in, which counts those
    undone too; a season without the game or the undone purchase numbers them differently."""
    return [_unkeyed(state_of(world.team(n))) for n in range(len(world.teams))]


def _unkeyed(state: ledger.TeamState) -> tuple:
    players = [
        dataclasses.replace(player, rolls=tuple(dataclasses.replace(roll, key="")
                                                for roll in player.rolls))
        for player in state.players.values()
    ]  # fmt: skip
    players.sort(key=lambda p: (p.number, p.status, p.name, p.position, p.spp))
    return (dataclasses.replace(state, players={}), players)


def without(done: list, games: list[int]) -> list:
    """The history of a season in which `games` were never played: the purchases undone left
    out with their undos."""
    undid = {how["undid"] for _, step, how in done if isinstance(step, Undo)}
    return [
        (index, step, how) for index, step, how in done
        if index not in games and index not in undid and not isinstance(step, Undo)
    ]  # fmt: skip


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(season=seasons())
def test_reverting_games_equals_never_having_played_them_or_refuses(
    season, django_user_model
) -> None:
    teams, steps, picks = season
    with transaction.atomic():
        reverter = django_user_model.objects.create_user("reverter", is_staff=True)
        world = season_played(teams, steps)
        games = [index for index, step, _ in world.done if isinstance(step, Play)]
        if not games:  # every game's report was refused (a player hurt twice, say)
            event("no game was played")
            transaction.set_rollback(True)
            return
        reverted, refused, original = [], None, states(world)
        for pick in picks:
            game = games[pick % len(games)]
            if game in reverted:
                continue
            before = database()
            try:
                report_revert(world.matches[game], reverter, "It did not count.")
            except RebuildReview:
                assert database() == before  # nothing changed
                refused = game
                break
            reverted.append(game)
            for n in range(teams):
                assert ledger_differences(world.team(n)) == []
        after = states(world)
        done = world.done
        for game in reversed(reverted):  # the last taken back is the first given back
            report_reapply(Match.objects.get(pk=world.matches[game].pk), reverter, "It did.")
            for n in range(teams):
                assert ledger_differences(world.team(n)) == []
        assert states(world) == original, "applying again did not give back the season"
        transaction.set_rollback(True)
    event(f"{len(reverted)} game(s) reverted")
    with transaction.atomic():
        never = season_played(teams, steps, again=without(done, reverted))
        assert never is not None, "reverting kept a season that cannot be played without it"
        assert after == states(never)
        transaction.set_rollback(True)
    if refused is not None:
        event("reverting refused, with the list to review")
        with transaction.atomic():
            never = season_played(teams, steps, again=without(done, [*reverted, refused]))
            assert never is None, "reverting refused a season that plays without the game"
            transaction.set_rollback(True)
