"""Demo data for a site you can click through: coaches, teams, a league with a season drawn
and its first matches reported. Each addition stays idempotent: running it twice changes
nothing."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from league.models import League, Season
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.dice import dice_enter
from matches.gdbbl_kick_off import freebooters_hire, gdbbl_gate_record
from matches.models import MatchStep
from matches.pre_match import weather_record
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
)


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
        user, _created = User.objects.get_or_create(
            username=coach.username, defaults={"email": coach.email}
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
    demo_league_create(users["nuffle"])
    demo_history_create(users["griff"], users["nuffle"])
    demo_matches_create()
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


DEMO_LEAGUE = "Old World Classic"


def demo_league_create(commissioner) -> None:
    """The demo LRB6 league: its four LRB6 teams approved and a double round robin drawn,
    with a round due every week from next week."""
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
    first = timezone.localdate() + datetime.timedelta(days=7)
    season_start(league, commissioner, "double_round_robin", "Season 1", first, 7)


def played_report(home: Team, away: Team) -> dict:
    """Round 1's confirmed report, naming each team's players who may play by their order on
    the roster: who scored and passed, a casualty with its D68 entered at the table (34:
    Badly Hurt), a failed dodge the server rolls, and both MVPs drawn by the server."""
    ours, theirs = (
        sorted(team.players.filter(status="active").values_list("number", flat=True))
        for team in (home, away)
    )
    scorer = {"number": theirs[2], "actions": {"touchdown": 1, "interception": 1}}
    block = {
        "victim": {"side": "away", "number": theirs[1]},
        "causer": {"side": "home", "number": ours[4]},
        "action": "block", "means": "ordinary", "dice": {"casualty": [3, 4]},
    }  # fmt: skip
    dodge = {
        "victim": {"side": "home", "number": ours[5]},
        "action": "none",
        "means": "failed_dodge",
    }
    return {
        "notes": "Rain in the second half; the home crowd threw a rock at the away bench.",
        "home": {"players": [
            {"number": ours[0], "actions": {"touchdown": 1, "completion": 1}},
            {"number": ours[1], "actions": {"touchdown": 1}},
        ]},
        "away": {"players": [scorer]},
        "casualties": [block, dodge],
        "server_rolls": True,
    }  # fmt: skip


def demo_matches_create() -> None:
    """Round 1 of the demo season: one match reported and confirmed, with its dice, and one
    report waiting for the opposing coach; a friendly offered; and a GDBBL friendly before
    kick-off. Only while no match of the demo has a step yet."""
    season = Season.objects.get(league__name=DEMO_LEAGUE, number=1)
    fixtures = list(
        season.fixtures.filter(round__number=1, away__isnull=False)
        .select_related("home__coach", "away__coach", "match")
        .order_by("pk")
    )
    if MatchStep.objects.filter(match__in=[f.match for f in fixtures]).exists():
        return
    today = timezone.localdate()
    played, waiting = fixtures[0], fixtures[1]
    home, away = played.home.coach, played.away.coach
    report_save(played.match, home, today, 2, 1, played_report(played.home, played.away))
    dice_enter(played.match, home, "kick-off", "2D6", [3, 4])
    report_submit(played.match, home)
    report_confirm(played.match, away)
    report_save(waiting.match, waiting.away.coach, today, 0, 1, {"server_rolls": True})
    report_submit(waiting.match, waiting.away.coach)
    creepers = Team.objects.get(name="Underworld Creepers")
    friendly_offer(creepers.coach, creepers, Team.objects.get(name="Naggaroth Nightmares"))
    demo_gdbbl_friendly_create()


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
