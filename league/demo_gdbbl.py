"""The demo's GDBBL league, "Grey Mountains League" (commissioner morg): the demo's two GDBBL
teams and two more of its coaches, a double round robin drawn from a fixed seed, and round 1
half played. Skittering Horde v Black Crag Bonebreakers is played end to end through the
services, every die entered at the table as the worked match below rolls it, confirmed and
applied; Middenheim Marauders v Grudgebearers is left scheduled for a visitor to play (the
same two teams' friendly, part-way through its pre-match, stays as league.demo leaves it).
Idempotent, like the rest of the demo: running it twice changes nothing.

The worked match, every number from rules/editions/gdbbl (001's tables; races.yaml for the
prices, staff.yaml for the apothecary's 50,000, ruleset.yaml for fan factor at 10,000):

Skittering Horde (nuffle, Skaven): 6 Linemen 300,000 + a Thrower 70,000 + 2 Gutter Runners
160,000 + 2 Storm Vermin 180,000 = 710,000 of players, a re-roll 60,000, an apothecary
50,000 and fan factor 3 (30,000): 850,000, 150,000 left in the treasury.
Black Crag Bonebreakers (griff, Orcs): 4 Linemen 200,000 + a Thrower 70,000 + 4 Black Orc
Blockers 320,000 + 2 Blitzers 160,000 = 750,000, 3 re-rolls 180,000, fan factor 2 (20,000)
and an apothecary 50,000: 1,000,000, nothing left.

Before kick-off: the Horde hire a Gutter Runner freebooter at half his 80,000, 40,000 (the
treasury 150,000 -> 110,000; 2 of 4 Gutter Runners, so there is room); the Bonebreakers hire
none. Ratings at kick-off (team_rating: value / 10,000 + SPP / 5; freebooters out, setting
freebooters_in_team_rating): 85 and 100. 15 apart: handicap row 11-20, a bonus Special Play
card for the Horde, no bonus MVP. Weather 2D6 3 + 4 = 7: Nice. The gate: 5D6 (fan factors
3 + 2) 6 5 4 3 5 = 23 -> 23,000 fans. Cards (special_play_cards): the Horde's D6 4 gives 2,
+1 for the handicap = 3; the Bonebreakers' D6 6 gives 3. Nobody has a Niggling Injury:
every player plays.

The match, 2-1 to the Horde: Gutter Runner #8 scores twice from Thrower #7's two
completions; Storm Vermin #10 is drawn MVP. Bonebreakers Blitzer #10 scores, Lineman #2 is
drawn MVP. Black Orc #6 blocks Horde Lineman #3: injury 6 + 5 = 11, a Serious Injury; the
serious injury table's 5 + 4 = 9 is a niggling injury (8-9). Black Orc #7 blocks Horde
Lineman #4: 5 + 5 = 10, Badly Hurt. Storm Vermin #11 blocks Bonebreakers Lineman #1: 4 + 6
= 10, Badly Hurt.

After it (post_game_sequence):
- Injuries: Horde #3 misses the next game with N (M and N); the two Badly Hurt keep nothing.
- Winnings, row 15,001-30,000 (modifiers 2, 1, 0, ...): the Horde at 85 (column 0-99) roll
  3 + 2 = 5 -> 50,000 (treasury 110,000 -> 160,000); the Bonebreakers at 100 (column
  100-125) roll 2 + 1 = 3 -> 30,000 (treasury 0 -> 30,000).
- SPP (spp_awards: completion 1, casualty 2, touchdown 3, MVP 5): Horde #7 2, #8 6 (0 -> 6,
  Rookie -> Experienced: a star player roll due), #10 5, #11 2: 15; the freebooter none.
  Bonebreakers #10 3, #6 2, #7 2, #2 5: 12.
- Fan factor (fan_factor_roll): the Horde's D6 4 + 1 won + 1 for two touchdowns (one
  casualty inflicted: no bonus) = 6 -> +1, 3 -> 4. The Bonebreakers' D6 3 - 1 lost + 1 for
  two casualties inflicted by their players = 3: no change, 2.
- Team rating: the Horde 860,000 (fan factor 4; #3 still counts, team_value_injured_players)
  -> 86 + 15 / 5 = 3 -> 89; the Bonebreakers 1,000,000 -> 100 + 12 / 5 = 2 -> 102."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils import timezone

from league.models import League, Season
from league.seasons import season_start
from league.services import league_create, membership_decide, membership_request
from matches.dice import dice_enter
from matches.kick_off.gdbbl import cards_draw, freebooters_hire, gdbbl_gate_record
from matches.kick_off.shared import niggles_roll, weather_record
from matches.models import MatchStep
from matches.workflow import report_confirm, report_save, report_submit
from rules.selectors import version_get
from teams.models import Team
from teams.services import NewPlayer, team_create

DEMO_GDBBL_LEAGUE = "Grey Mountains League"
DEMO_GDBBL_COMMISSIONER = "morg"


@dataclass(frozen=True)
class NewTeam:
    coach: str
    name: str
    race: str
    players: tuple[tuple[str, int], ...]  # position, how many: numbered 1, 2, ... in order
    rerolls: int
    fan_factor: int
    staff: tuple[tuple[str, int], ...]


# The league's two new teams (the other two are league.demo's Grudgebearers and Marauders).
SKITTERING_HORDE = NewTeam(
    "nuffle", "Skittering Horde", "skaven",
    (("Lineman", 6), ("Thrower", 1), ("Gutter Runner", 2), ("Storm Vermin", 2)),
    1, 3, (("apothecary", 1),),
)  # fmt: skip
BLACK_CRAG = NewTeam(
    "griff", "Black Crag Bonebreakers", "orc",
    (("Lineman", 4), ("Thrower", 1), ("Black Orc Blocker", 4), ("Blitzer", 2)),
    3, 2, (("apothecary", 1),),
)  # fmt: skip
# Members in the order they are made (the draw shuffles them by pk): the demo's own first.
DEMO_GDBBL_TEAMS = ("Grudgebearers", "Middenheim Marauders", SKITTERING_HORDE.name, BLACK_CRAG.name)
# Round 1, (home, away): the first is played, the second waits for a visitor.
DEMO_GDBBL_PLAYED = (SKITTERING_HORDE.name, BLACK_CRAG.name)
DEMO_GDBBL_WAITING = ("Middenheim Marauders", "Grudgebearers")
DEMO_GDBBL_SEED = "0000000000000001"  # draws those two pairings from the four teams in order

# The worked match (see above): each die with the side whose coach enters it.
BEFORE_KICK_OFF = (
    ("home", "weather", "2D6", (3, 4)),
    ("home", "gate", "5D6", (6, 5, 4, 3, 5)),
    ("home", "special play cards for home", "D6", (4,)),
    ("away", "special play cards for away", "D6", (6,)),
)
REPORT = {
    "notes": "Gutter Runner #8 ran in two of Thrower #7's passes; a Black Orc's block put "
    "Lineman #3 out with a niggle.",
    "home": {
        "players": [
            {"number": 7, "actions": {"completion": 2}},
            {"number": 8, "actions": {"touchdown": 2}},
        ],
        "mvps": [10],
    },
    "away": {"players": [{"number": 10, "actions": {"touchdown": 1}}], "mvps": [2]},
    "casualties": [
        {"victim": {"side": "home", "number": 3}, "causer": {"side": "away", "number": 6},
         "action": "block", "dice": {"injury": [6, 5], "serious": [5, 4]}},
        {"victim": {"side": "home", "number": 4}, "causer": {"side": "away", "number": 7},
         "action": "block", "dice": {"injury": [5, 5]}},
        {"victim": {"side": "away", "number": 1}, "causer": {"side": "home", "number": 11},
         "action": "block", "dice": {"injury": [4, 6]}},
    ],
}  # fmt: skip
AT_THE_TABLE = (
    ("home", "winnings for home", "D6", (3,)),
    ("away", "winnings for away", "D6", (2,)),
    ("home", "fan factor for home", "D6", (4,)),
    ("away", "fan factor for away", "D6", (3,)),
)


def demo_gdbbl_league_create() -> None:
    """The league, its two new teams and round 1 half played; each part once."""
    users = {user.username: user for user in get_user_model().objects.all()}
    version = version_get("gdbbl")
    for new in (SKITTERING_HORDE, BLACK_CRAG):
        if not Team.objects.filter(name=new.name).exists():
            players = [
                NewPlayer(position, f"{position} {index}")
                for position, count in new.players
                for index in range(1, count + 1)
            ]
            team_create(users[new.coach], version, new.name, new.race, players,
                        new.rerolls, new.fan_factor, dict(new.staff))  # fmt: skip
    if not League.objects.filter(name=DEMO_GDBBL_LEAGUE).exists():
        _league_start(users[DEMO_GDBBL_COMMISSIONER], version)
    season = Season.objects.get(league__name=DEMO_GDBBL_LEAGUE, number=1)
    fixtures = {
        (fixture.home.name, fixture.away.name): fixture
        for fixture in season.fixtures.filter(round__number=1, away__isnull=False)
        .select_related("home__coach", "away__coach", "match")
    }  # fmt: skip
    if set(fixtures) != {DEMO_GDBBL_PLAYED, DEMO_GDBBL_WAITING}:
        return  # a league an earlier demo drew otherwise: leave it be
    played = fixtures[DEMO_GDBBL_PLAYED]
    match = played.match
    untouched = not (
        MatchStep.objects.filter(match=match).exists()
        or match.kick_offs.exists()
        or match.dice.exists()
    )
    if untouched:  # played once: afterwards it is the demo's history
        _play(played)


def _league_start(commissioner, version) -> None:
    """The four GDBBL teams approved and a double round robin drawn, a round due every week
    from next week; the fixed seed pairs round 1 as DEMO_GDBBL_PLAYED and _WAITING say."""
    league = league_create(
        commissioner,
        DEMO_GDBBL_LEAGUE,
        version,
        "A GDBBL 1.2 league under the ruleset's defaults: freebooters, the handicap, the gate "
        "and 001's whole post-game sequence.",
    )
    for name in DEMO_GDBBL_TEAMS:
        team = Team.objects.get(name=name)
        membership = membership_request(league, team.coach, team)
        membership_decide(membership, commissioner, approve=True)
    first = timezone.localdate() + datetime.timedelta(days=7)
    season_start(
        league, commissioner, "double_round_robin", "Season 1", first, 7, seed=DEMO_GDBBL_SEED
    )


def _play(fixture) -> None:
    """The worked match through the services, as two coaches at a table would: freebooters,
    weather, gate, cards and niggles; the report submitted by the home coach, the winnings
    and fan factor dice entered by each, and the away coach's confirmation applies it."""
    match = fixture.match
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    freebooters_hire(match, coaches["home"], "home", ["Gutter Runner"], [])
    freebooters_hire(match, coaches["away"], "away", [], [])
    for side, purpose, notation, values in BEFORE_KICK_OFF:
        dice_enter(match, coaches[side], purpose, notation, list(values))
    weather_record(match, coaches["home"])
    gdbbl_gate_record(match, coaches["home"])
    for side in ("home", "away"):
        cards_draw(match, coaches[side], side)
        niggles_roll(match, coaches[side], side)
    played_on = timezone.localdate()
    report_save(match, coaches["home"], played_on, 2, 1, REPORT)
    report_submit(match, coaches["home"])
    for side, purpose, notation, values in AT_THE_TABLE:
        dice_enter(match, coaches[side], purpose, notation, list(values))
    report_confirm(match, coaches["away"])
