"""Demo data for a site you can click through: coaches, teams, a league with a season drawn
and its first round played through reports and applied. Each addition stays idempotent:
running it twice changes nothing."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from league.demo_gdbbl import demo_gdbbl_league_create
from league.models import League, Season
from league.seasons import season_start
from league.services import (
    commissioner_add,
    league_create,
    membership_decide,
    membership_request,
)
from matches.dice import dice_enter
from matches.kick_off.gdbbl import freebooters_hire, gdbbl_gate_record
from matches.kick_off.shared import weather_record
from matches.models import MatchStep
from matches.services import friendly_accept, friendly_offer
from matches.workflow import report_confirm, report_save, report_submit
from rules.engine.purchases import Purchase
from rules.selectors import version_get
from teams.advancement import improvement_choose, improvement_roll
from teams.between_matches import player_leave, team_adjust, team_purchase
from teams.models import Team
from teams.services import NewPlayer, team_create

DEMO_PASSWORD = "blitz-and-block"


@dataclass(frozen=True)
class DemoCoach:
    username: str
    email: str


DEMO_COACHES = (
    DemoCoach("nuffle", "nuffle@dugout.example"),
    DemoCoach("griff", "griff@dugout.example"),
    DemoCoach("varag", "varag@dugout.example"),
    DemoCoach("morg", "morg@dugout.example"),
    # Coaches no team: the Old World Classic's second commissioner, free to adjust, undo and
    # settle what nuffle, who plays every team of its season, leaves to another.
    DemoCoach("jim", "jim@dugout.example"),
)
NEUTRAL_COMMISSIONER = "jim"


@dataclass(frozen=True)
class DemoTeam:
    coach: str
    name: str
    ruleset: str
    race: str
    players: tuple[tuple[str, int], ...]  # position, how many
    rerolls: int
    fan_factor: int
    staff: tuple[tuple[str, int], ...] = ()


DEMO_TEAMS = (
    # 5 x 50,000 + 4 x 80,000 + 2 x 80,000 + 2 x 60,000 + 3 x 10,000 + 50,000 = 930,000
    DemoTeam(
        "varag",
        "Gouged Eye",
        "lrb6",
        "orc",
        (("Lineman", 5), ("Blitzer", 4), ("Black Orc Blocker", 2)),
        2,
        3,
        (("apothecary", 1),),
    ),
    # 6 x 50,000 + 2 x 70,000 + 2 x 70,000 + 2 x 90,000 + 3 x 50,000 + 2 x 10,000 = 930,000
    DemoTeam(
        "griff",
        "Reikland Reavers",
        "lrb6",
        "human",
        (("Lineman", 6), ("Catcher", 2), ("Thrower", 2), ("Blitzer", 2)),
        3,
        2,
    ),
    # 7 x 70,000 + 2 x 100,000 + 2 x 110,000 + 1 x 50,000 + 4 x 10,000 = 1,000,000
    DemoTeam(
        "morg",
        "Naggaroth Nightmares",
        "lrb6",
        "dark-elf",
        (("Lineman", 7), ("Blitzer", 2), ("Witch Elf", 2)),
        1,
        4,
    ),
    # 6 x 50,000 + 70,000 + 2 x 80,000 + 2 x 90,000 + 2 x 60,000 + 5 x 10,000 + 50,000 = 930,000
    DemoTeam(
        "nuffle",
        "Underworld Creepers",
        "lrb6",
        "skaven",
        (("Lineman", 6), ("Thrower", 1), ("Gutter Runner", 2), ("Blitzer", 2)),
        2,
        5,
        (("apothecary", 1),),
    ),
    # GDBBL: 11 Long Beards, a re-roll, fan factor 1 and an alchemist.
    DemoTeam(
        "morg", "Grudgebearers", "gdbbl", "dwarf", (("Long Beard", 11),), 1, 1, (("alchemist", 1),)
    ),
    # GDBBL: 7 Linemen, 2 Catchers, 2 Blitzers, a re-roll, fan factor 2 and an apothecary
    # (350,000 + 140,000 + 180,000 + 50,000 + 20,000 + 50,000 = 790,000).
    DemoTeam(
        "varag",
        "Middenheim Marauders",
        "gdbbl",
        "human",
        (("Lineman", 7), ("Catcher", 2), ("Blitzer", 2)),
        1,
        2,
        (("apothecary", 1),),
    ),
)


@transaction.atomic
def demo_data_create() -> list[DemoCoach]:
    """Creates (or resets the password of) every demo coach, and the demo teams once."""
    User = get_user_model()
    users = {}
    for coach in DEMO_COACHES:
        # Confirmed, so the demo shows the mails a league sends (printed to the console).
        user, _created = User.objects.get_or_create(
            username=coach.username, defaults={"email": coach.email, "email_verified": True}
        )
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
        users[coach.username] = user
    for demo in DEMO_TEAMS:
        if Team.objects.filter(name=demo.name).exists():
            continue
        players = [
            NewPlayer(position, f"{position} {index}")
            for position, count in demo.players
            for index in range(1, count + 1)
        ]
        team_create(
            users[demo.coach],
            version_get(demo.ruleset),
            demo.name,
            demo.race,
            players,
            demo.rerolls,
            demo.fan_factor,
            dict(demo.staff),
        )
    # The Reavers' history is written before the season is drawn: nuffle, who adjusts it,
    # coaches in the league, and once the season runs he plays them (league/permissions.py).
    demo_league_create(users["nuffle"], lambda: demo_history_create(users["griff"],
                                                                    users["nuffle"]))  # fmt: skip
    demo_neutral_commissioner_add(users["nuffle"], users[NEUTRAL_COMMISSIONER])
    demo_matches_create()
    demo_gdbbl_league_create()
    return list(DEMO_COACHES)


def demo_history_create(coach, commissioner) -> None:
    """A between-matches history on the Reikland Reavers, so the roster's history has
    something to read and undo: a Lineman bought, the commissioner's SPP for an exhibition
    match, the improvement roll it earned and its choice, and a veteran retired. Only on a
    team that has nothing but its creation yet."""
    team = Team.objects.get(name="Reikland Reavers")
    if team.ledger.count() != 1:
        return
    # 70,000 left at creation; a Lineman costs 50,000: 20,000 stays in the treasury.
    team = team_purchase(team, coach, Purchase("player", "Lineman"), ["Werner Kopf"], [13])
    blitzer = team.players.get(number=11)
    reason = "Exhibition match against the Underworld Creepers: two touchdowns"
    team = team_adjust(team, commissioner, reason, player=blitzer, spp=6)
    roll = improvement_roll(team, coach, blitzer, (3, 4))  # 7: a skill of his categories
    team = improvement_choose(team, coach, roll, "Tackle")
    player_leave(team, coach, team.players.get(number=1), "retired")


def demo_neutral_commissioner_add(commissioner, neutral) -> None:
    """The demo league's second commissioner, who coaches none of its teams (once)."""
    league = League.objects.get(name=DEMO_LEAGUE)
    if not league.commissioner_rows.filter(user=neutral).exists():
        commissioner_add(league, commissioner, neutral)


DEMO_LEAGUE = "Old World Classic"
# Round 1 of the demo season, (home, away): the pairings its hand-worked scenarios
# (tests/scenarios/lrb6/demo-round-1-match-*.yaml) are written for.
DEMO_ROUND_ONE = (
    ("Naggaroth Nightmares", "Reikland Reavers"),
    ("Underworld Creepers", "Gouged Eye"),
)
DEMO_SEED = "0000000000000003"  # draws DEMO_ROUND_ONE from the four teams in their order


def demo_league_create(commissioner, before_the_draw: Callable[[], None]) -> None:
    """The demo LRB6 league: its four LRB6 teams approved, `before_the_draw` done, and a
    double round robin drawn, with a round due every week from next week. The draw's seed
    is fixed, so round 1 pairs the teams as DEMO_ROUND_ONE says."""
    if League.objects.filter(name=DEMO_LEAGUE).exists():
        return
    league = league_create(
        commissioner,
        DEMO_LEAGUE,
        version_get("lrb6"),
        "A perpetual LRB6 league: teams join whenever and keep everything between seasons.",
    )
    for demo in DEMO_TEAMS:
        if demo.ruleset == "lrb6":
            team = Team.objects.get(name=demo.name)
            membership = membership_request(league, team.coach, team)
            membership_decide(membership, commissioner, approve=True)
    before_the_draw()
    first = timezone.localdate() + datetime.timedelta(days=7)
    season = season_start(
        league, commissioner, "double_round_robin", "Season 1", first, 7, seed=DEMO_SEED
    )
    if _round_one(season) != set(DEMO_ROUND_ONE):  # the teams were made in another order
        raise RuntimeError(f"The demo's draw gave {sorted(_round_one(season))} as round 1.")


def _round_one(season: Season) -> set[tuple[str, str]]:
    fixtures = season.fixtures.filter(round__number=1, away__isnull=False)
    return set(fixtures.values_list("home__name", "away__name"))


@dataclass(frozen=True)
class DemoPlayed:
    """A round-1 match as it was played: the report (who scored, passed and intercepted,
    the MVPs the coaches drew at the table, each casualty with its D68) and every die of
    the post-game sequence, entered by the coach of the side that rolled it."""

    home: str
    away: str
    score: tuple[int, int]
    report: dict
    dice: tuple[tuple[str, str, str, tuple[int, ...]], ...]  # side, purpose, notation, values


def _hurt(victim: tuple[str, int], causer: tuple[str, int], action: str, d68: tuple) -> dict:
    return {
        "victim": {"side": victim[0], "number": victim[1]},
        "causer": {"side": causer[0], "number": causer[1]},
        "action": action, "means": "ordinary", "dice": {"casualty": list(d68)},
    }  # fmt: skip


# Each worked by hand, step by step, in tests/scenarios/lrb6/demo-round-1-match-*.yaml.
DEMO_PLAYED = (
    # A Witch Elf kills a Reavers Lineman (61); the Reavers' Blitzer #11 takes 1 MA off a
    # Lineman (53), scores and is MVP: an away win, re-rolled winnings, fan factor -1 / +1.
    DemoPlayed(
        "Naggaroth Nightmares",
        "Reikland Reavers",
        (1, 2),
        {
            "notes": "A Witch Elf's blitz killed Lineman #5; the Reavers won it late.",
            "home": {"players": [{"number": 8, "actions": {"touchdown": 1}}], "mvps": [10]},
            "away": {
                "players": [
                    {"number": 7, "actions": {"touchdown": 1}},
                    {"number": 9, "actions": {"completion": 2}},
                    {"number": 11, "actions": {"touchdown": 1}},
                ],
                "mvps": [11],
            },
            "casualties": [
                _hurt(("away", 5), ("home", 10), "blitz", (6, 1)),
                _hurt(("home", 3), ("away", 11), "block", (5, 3)),
            ],
        },
        (
            ("home", "gate for home", "2D6", (4, 5)),
            ("away", "gate for away", "2D6", (2, 3)),
            ("home", "winnings for home", "D6", (3,)),
            ("away", "winnings for away", "D6", (2,)),
            ("away", "winnings re-roll for away", "D6", (5,)),
            ("home", "fan factor for home", "2D6", (2, 1)),
            ("away", "fan factor for away", "3D6", (4, 3, 2)),
        ),
    ),
    # A Gouged Eye Lineman Badly Hurt (23), a Gutter Runner's arm fractured (45: out next
    # game); completions, an interception, FAME 2: a home win, fan factors unchanged.
    DemoPlayed(
        "Underworld Creepers",
        "Gouged Eye",
        (2, 1),
        {
            "notes": "Two Gutter Runner touchdowns; a Black Orc broke #9's arm.",
            "home": {
                "players": [
                    {"number": 7, "actions": {"completion": 2}},
                    {"number": 8, "actions": {"touchdown": 1}},
                    {"number": 9, "actions": {"touchdown": 1}},
                ],
                "mvps": [7],
            },
            "away": {
                "players": [
                    {"number": 6, "actions": {"touchdown": 1}},
                    {"number": 7, "actions": {"interception": 1}},
                ],
                "mvps": [4],
            },
            "casualties": [
                _hurt(("away", 2), ("home", 10), "block", (2, 3)),
                _hurt(("home", 9), ("away", 10), "block", (4, 5)),
            ],
        },
        (
            ("home", "gate for home", "2D6", (6, 4)),
            ("away", "gate for away", "2D6", (1, 2)),
            ("home", "winnings for home", "D6", (4,)),
            ("away", "winnings for away", "D6", (5,)),
            ("home", "fan factor for home", "3D6", (3, 1, 1)),
            ("away", "fan factor for away", "2D6", (5, 4)),
        ),
    ),
)


def demo_matches_create() -> None:
    """Round 1 of the demo season played: both matches reported, confirmed and applied, each
    die entered at the table; a friendly's report waiting for the opposing coach and another
    friendly offered; and a GDBBL friendly before kick-off. Only while no match of round 1
    has a step yet."""
    season = Season.objects.get(league__name=DEMO_LEAGUE, number=1)
    fixtures = {
        (fixture.home.name, fixture.away.name): fixture
        for fixture in season.fixtures.filter(round__number=1, away__isnull=False)
        .select_related("home__coach", "away__coach", "match")
    }  # fmt: skip
    if set(fixtures) != set(DEMO_ROUND_ONE):
        return  # a league an earlier demo drew: its round 1 is not the scenarios'
    if MatchStep.objects.filter(match__in=[f.match for f in fixtures.values()]).exists():
        return
    today = timezone.localdate()
    for played in DEMO_PLAYED:
        _play(fixtures[(played.home, played.away)], played, today)
    demo_friendlies_create(today)
    demo_gdbbl_friendly_create()


def _play(fixture, played: DemoPlayed, today: datetime.date) -> None:
    """The home coach reports and submits, both coaches enter the post-game dice they
    rolled, and the away coach confirms: the report is applied at once."""
    match = fixture.match
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    report_save(match, coaches["home"], today, *played.score, played.report)
    report_submit(match, coaches["home"])
    for side, purpose, notation, values in played.dice:
        dice_enter(match, coaches[side], purpose, notation, list(values))
    report_confirm(match, coaches["away"])


def demo_friendlies_create(today: datetime.date) -> None:
    """A friendly after round 1, its report waiting for the Nightmares' coach (the server
    rolls its dice), and a friendly the Reavers may accept."""
    creepers = Team.objects.get(name="Underworld Creepers")
    nightmares = Team.objects.get(name="Naggaroth Nightmares")
    match = friendly_accept(friendly_offer(creepers.coach, creepers, nightmares), nightmares.coach)
    report_save(match, creepers.coach, today, 1, 1, {"server_rolls": True})
    report_submit(match, creepers.coach)
    orcs = Team.objects.get(name="Gouged Eye")
    friendly_offer(orcs.coach, orcs, Team.objects.get(name="Reikland Reavers"))


def demo_gdbbl_friendly_create() -> None:
    """A GDBBL friendly part-way through its pre-match sequence: the Marauders hired a
    Thrower freebooter (35,000), the Grudgebearers none, so the ratings and the handicap are
    fixed; the weather and the gate are rolled by the server. The Special Play cards and the
    niggles are left for a visitor to roll."""
    marauders = Team.objects.get(name="Middenheim Marauders")
    dwarfs = Team.objects.get(name="Grudgebearers")
    match = friendly_accept(friendly_offer(marauders.coach, marauders, dwarfs), dwarfs.coach)
    freebooters_hire(match, marauders.coach, "home", ["Thrower"], [])
    freebooters_hire(match, dwarfs.coach, "away", [], [])
    weather_record(match, marauders.coach)
    gdbbl_gate_record(match, marauders.coach)
