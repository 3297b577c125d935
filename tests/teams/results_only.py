"""The teams of the two results-only rulesets, as the results-only page, sheet and API tests
build them, and what those rulesets do not have, to look for in what a reader sees."""

from __future__ import annotations

import html
import re

from rules.selectors import version_get
from teams.models import Team
from teams.services import team_create
from tests.matches.rulesets import house_version
from tests.teams.helpers import squad

# Blitz Bowl's Human card (document 004): three Linemen and the three unique players.
REAVERS = ((3, "Lineman"), (1, "Thrower"), (1, "Catcher"), (1, "Blitzer"))
# A 1st edition Human squad of the Veterans Rules (document 002): 11 of its 16.
CRUSADERS = ((6, "Lineman"), (2, "Blitzer"), (3, "Blocker"))

# Money, experience and value words: none of them belongs on a results-only team's page, sheet
# or API answer. Whole words, any case: "Catcher's" is not "Cas", "Blitz Bowl" not "BL".
LACKED = re.compile(
    r"\b(treasury|gold|gp|spp|star player points|value|re-?rolls?|fan factor|staff|apothecary"
    r"|mvp|comp|td|int|cas|inj|injuries|niggling|level|rookie|improvement|buy)\b",
    re.IGNORECASE,
)


def reavers(coach, name: str = "The Reavers") -> Team:
    """Blitz Bowl: the Human card's six."""
    return team_create(coach, version_get("blitz-bowl"), name, "human", squad(*REAVERS))


def crusaders(coach, name: str = "Bright Crusaders", version=None) -> Team:
    """1st edition with the Veterans Rules (the bundled default, veterans_rules all)."""
    version = version or version_get("first-edition")
    return team_create(coach, version, name, "human", squad(*CRUSADERS))


def standard_game_version(owner):
    """A house copy of 1st edition playing the standard game (veterans_rules none)."""
    return house_version("first-edition", owner, veterans_rules="none")


def standard_orcs(coach, version=None, name: str = "Gouged Eye") -> Team:
    """1st edition's standard game: 11 Linemen, numbered 1 to 11 (document 002 l.161)."""
    version = version or standard_game_version(coach)
    return team_create(coach, version, name, "orc", squad((11, "Lineman")))


def words(page: str) -> str:
    """The page's text as a reader sees it: no tags, scripts or styles, entities read,
    spaces single."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def lacked(text: str) -> list[str]:
    """The money, experience and value words found in `text`."""
    return [match.group(0) for match in LACKED.finditer(text)]
