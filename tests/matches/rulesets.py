"""Friendlies under each ruleset, for the report tests: LRB6 Orcs against Nurgle (Rotters
have Decay, Pestigors Regeneration, and Nurgle may have no apothecary), GDBBL Humans against
Orcs, and the two results-only rulesets' Human teams."""

from __future__ import annotations

from matches.models import Match
from matches.services import friendly_accept, friendly_offer
from rules.edition_io import edition_documents
from rules.house_rules import edition_with, ruleset_copy, ruleset_edit
from rules.selectors import version_get
from rules.snapshot import stored_edition
from teams.models import Team
from teams.services import team_create
from tests.teams.helpers import squad

# LRB6 Nurgle: 9 Rotters (9 x 40,000 = 360,000) + 2 Pestigors (2 x 80,000 = 160,000)
# + 2 re-rolls (2 x 70,000 = 140,000) = 660,000. Numbers 1-9 are Rotters, 10-11 Pestigors.
NURGLE_SQUAD = ((9, "Rotter"), (2, "Pestigor"))
# GDBBL Human: 7 Linemen (350,000) + 2 Catchers (140,000) + 2 Blitzers (180,000), an
# apothecary (50,000), 1 re-roll (50,000) and fan factor 1 (10,000) = 780,000.
GDBBL_HUMANS = ((7, "Lineman"), (2, "Catcher"), (2, "Blitzer"))
# GDBBL Orc: 7 Linemen (350,000) + 4 Black Orc Blockers (320,000), 1 re-roll (60,000),
# fan factor 1 (10,000) and no apothecary = 740,000.
GDBBL_ORCS = ((7, "Lineman"), (4, "Black Orc Blocker"))
# Blitz Bowl's Human card: three Linemen and the three unique players.
BLITZ_HUMANS = ((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))
# 1st edition's Human squad for eleven players a side.
FIRST_HUMANS = ((6, "Lineman"), (2, "Blitzer"), (3, "Blocker"))


def friendly_of(home: Team, away: Team) -> Match:
    return friendly_accept(friendly_offer(home.coach, home, away), away.coach)


def nurgle_team(coach, name: str = "Rotten Rovers") -> Team:
    return team_create(coach, version_get("lrb6"), name, "nurgle", squad(*NURGLE_SQUAD), rerolls=2)


def gdbbl_teams(home_coach, away_coach) -> tuple[Team, Team]:
    version = version_get("gdbbl")
    humans = team_create(
        home_coach, version, "Altdorf Hammers", "human", squad(*GDBBL_HUMANS),
        rerolls=1, fan_factor=1, staff={"apothecary": 1},
    )  # fmt: skip
    orcs = team_create(
        away_coach, version, "Iron Tuskers", "orc", squad(*GDBBL_ORCS), rerolls=1, fan_factor=1
    )
    return humans, orcs


def blitz_teams(home_coach, away_coach) -> tuple[Team, Team]:
    version = version_get("blitz-bowl")
    return (
        team_create(home_coach, version, "The Reavers", "human", squad(*BLITZ_HUMANS)),
        team_create(away_coach, version, "Middenheim Wolves", "human", squad(*BLITZ_HUMANS)),
    )


def first_teams(home_coach, away_coach) -> tuple[Team, Team]:
    version = version_get("first-edition")
    return (
        team_create(home_coach, version, "Bright Crusaders", "human", squad(*FIRST_HUMANS)),
        team_create(away_coach, version, "Reikland Reavers", "human", squad(*FIRST_HUMANS)),
    )


def house_version(slug: str, owner, **settings):
    """A house-rule copy of a bundled ruleset with `settings` changed; its version."""
    ruleset = ruleset_copy(version_get(slug), f"{slug} with house rules", owner)
    edition = stored_edition(ruleset.latest_version())
    part = edition_documents(edition)["settings"]
    for setting in part:
        if setting["key"] in settings:
            setting["value"] = settings[setting["key"]]
    return ruleset_edit(ruleset, edition_with(edition, "settings", part), owner)[0]
