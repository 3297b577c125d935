"""The issue's GDBBL match before kick-off: Humans rated 100 against Orcs rated 125, so the
Humans are 25 behind (21-30 on the handicap table: 1 bonus Special Play card, 1 bonus MVP).
Team rating = team value / 10,000 + the team's SPP / 5 (001 "Team Ratings")."""

from __future__ import annotations

from matches.models import Match
from rules.selectors import version_get
from teams.models import Team
from teams.services import team_create
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import record, squad

# GDBBL Humans: 10 Linemen (500,000) + 2 Throwers (140,000) + 2 Blitzers (180,000), 2 re-rolls
# (100,000), fan factor 3 (30,000) and an apothecary (50,000) = 1,000,000: rating 100. The
# Throwers are full (0-2); no Catcher yet (0-4). A 60,000 prize fills the treasury.
HUMANS = ((10, "Lineman"), (2, "Thrower"), (2, "Blitzer"))
HUMANS_TREASURY = 60_000
# GDBBL Orcs: 7 Linemen (350,000) + 4 Black Orc Blockers (320,000), 1 re-roll (60,000), fan
# factor 2 (20,000) = 750,000; #11 has grown by 500,000: 1,250,000, rating 125.
ORCS = ((7, "Lineman"), (4, "Black Orc Blocker"))
ORCS_GROWN = 500_000


def rated_teams(home_coach, away_coach) -> tuple[Team, Team]:
    """(Humans rated 100 with 60,000 in the treasury, Orcs rated 125)."""
    version = version_get("gdbbl")
    humans = team_create(
        home_coach, version, "Altdorf Hammers", "human", squad(*HUMANS),
        rerolls=2, fan_factor=3, staff={"apothecary": 1},
    )  # fmt: skip
    prize = [{"op": "treasury", "amount": HUMANS_TREASURY}]
    record(humans, "adjustment", "Prize money", home_coach, prize)
    orcs = team_create(
        away_coach, version, "Iron Tuskers", "orc", squad(*ORCS), rerolls=1, fan_factor=2
    )
    grown = orcs.players.get(number=11)
    change = {"op": "player", "player": grown.key, "field": "value_increase", "amount": ORCS_GROWN}
    record(orcs, "adjustment", "Grown", away_coach, [change])
    humans.refresh_from_db()
    orcs.refresh_from_db()
    return humans, orcs


def rated_match(home_coach, away_coach) -> Match:
    """Humans (100) at home to Orcs (125), a friendly both coaches agreed to."""
    return friendly_of(*rated_teams(home_coach, away_coach))
