"""A match report as the coaches enter it, and the facts of the match it is checked against,
as plain values. `rules.engine.report_checks` checks one against the other; the post-game
sequence reads the same values.

Casualty counts are never entered: each casualty is one record (victim, who caused it, the
action and the means, the dice), and every count is derived from those records. A die is
named by its purpose ("casualty for away #3"), the same purpose whether it was entered at the
table or rolled by the server, so a step run again finds its die."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SIDES = ("home", "away")
ACTIONS = ("block", "blitz", "foul", "pass", "other", "none")
MEANS = ("ordinary", "crowd", "bomb", "chainsaw", "stab", "other_weapon", "own_weapon",
         "failed_dodge")  # fmt: skip
MEANS_NAMES = {
    "ordinary": "ordinary",
    "crowd": "crowd push",
    "bomb": "bomb",
    "chainsaw": "chainsaw",
    "stab": "stab",
    "other_weapon": "other secret weapon",
    "own_weapon": "his own secret weapon (a fanatic's ball and chain)",
    "failed_dodge": "failed dodge or go-for-it",
}
# Actions thrown at an opponent: somebody of the other team caused the casualty.
AGAINST_OPPONENT = ("block", "blitz", "foul")
# Means that may hurt a player's own team-mate (a bomb landing among them).
MAY_HIT_OWN_TEAM = ("bomb", "other_weapon")
HELPERS = ("apothecary", "wandering_apothecary", "igor")
HELPER_NAMES = {
    "apothecary": "apothecary",
    "wandering_apothecary": "Wandering Apothecary",
    "igor": "Igor",
}
KEPT = ("first", "second")
WIN_TYPES = ("points", "sudden_death", "draw")
HALVES = {1: "first half", 2: "second half", 3: "overtime"}
# Hires who are not players of the team (journeymen, mercenaries, stars, freebooters).
HIRES = ("journeyman", "mercenary", "star", "freebooter")


def other(side: str) -> str:
    return "away" if side == "home" else "home"


@dataclass(frozen=True)
class Member:
    """Someone a report may name for a team: a player of its roster or a one-game hire."""

    number: int
    name: str
    kind: str = "roster"  # roster, journeyman, mercenary, star, freebooter
    skills: frozenset[str] = frozenset()
    star: bool = False  # a star player, hired for good or for this match
    took_part: bool = True
    absent: str = ""  # why he does not take part: "is dead", "misses this match"
    size: str = "human"  # small, human or large: GDBBL's Necromancer raises only the human
    special: str = ""  # the secret weapon he carries, as the secret_weapons table names it

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


@dataclass(frozen=True)
class SideFacts:
    """One team as the report sees it."""

    side: str  # home or away
    team: str  # its name, for messages
    members: tuple[Member, ...]  # the roster (with those who are absent) and the hires
    helpers: Mapping[str, int] = field(default_factory=dict)  # apothecary -> how many
    bonus_mvps: int = 0  # the handicap's (GDBBL, before kick-off)

    def member(self, number: int) -> Member | None:
        for member in self.members:
            if member.number == number and member.took_part:
                return member
        return next((m for m in self.members if m.number == number), None)


@dataclass(frozen=True)
class MatchFacts:
    home: SideFacts
    away: SideFacts
    sources: tuple[str, ...] = ("entered", "rolled")  # the dice the match accepts

    def of(self, side: str) -> SideFacts:
        return self.home if side == "home" else self.away


@dataclass(frozen=True)
class Ref:
    """A player named by his team's side and his number."""

    side: str
    number: int

    def __str__(self) -> str:
        return f"{self.side} #{self.number}"


@dataclass(frozen=True)
class Line:
    """What one player did: counts of the SPP table's actions (touchdown, completion, ...)."""

    number: int
    actions: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class SideEntry:
    players: tuple[Line, ...] = ()
    mvps: tuple[int, ...] = ()  # chosen, or drawn at the table
    # LRB6: the opponents killed this match whom the team takes on (a Necromancer's Zombie,
    # Nurgle's Rotters), by their shirt numbers; the post-game sequence checks each.
    raised: tuple[int, ...] = ()
    # Blitz Bowl
    challenge_points: int = 0
    challenge_cards: tuple[tuple[str, int], ...] = ()  # (card, printed points), per card
    clean_sweeps: int = 0
    bonus_points: int = 0
    score: int | None = None


@dataclass(frozen=True)
class CasualtyEntry:
    victim: Ref
    causer: Ref | None = None
    action: str = "block"
    means: str = "ordinary"
    modifier: int = 0  # added to the injury roll (GDBBL)
    helper: str = ""  # apothecary, wandering_apothecary, igor, or "" for none
    kept: str = ""  # which result the helper's owner kept: first or second
    dice: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # by kind, as entered


@dataclass(frozen=True)
class Concession:
    side: str
    half: int  # 1, 2, or 3 for overtime
    turn: int | None = None
    forced: bool = False  # it could not put three players on the pitch


@dataclass(frozen=True)
class ReportEntry:
    home_touchdowns: int = 0
    away_touchdowns: int = 0
    home: SideEntry = SideEntry()
    away: SideEntry = SideEntry()
    casualties: tuple[CasualtyEntry, ...] = ()
    concession: Concession | None = None
    win_type: str = ""  # Blitz Bowl
    regional_roll: int | None = None  # Blitz Bowl, with the regional league rule
    endgame_active: bool = False  # Blitz Bowl, with the advanced Endgame
    veterans_rules: tuple[str, ...] = ()  # 1st edition, agreed for this match
    server_rolls: bool = False  # let the server roll the dice and draw the MVPs left blank

    def of(self, side: str) -> SideEntry:
        return self.home if side == "home" else self.away

    def touchdowns(self, side: str) -> int:
        return self.home_touchdowns if side == "home" else self.away_touchdowns

    def winner(self) -> str | None:
        if self.home_touchdowns == self.away_touchdowns:
            return None
        return "home" if self.home_touchdowns > self.away_touchdowns else "away"


@dataclass(frozen=True)
class DieNeed:
    """A die the report uses: its purpose, how it is rolled, where the entry names it, and
    its values when they are known (entered, or already rolled by the server)."""

    purpose: str
    notation: str
    field: str
    values: tuple[int, ...] | None = None
    source: str = ""  # entered or rolled, once known
    # A coach's pick written as a die (GDBBL's "ability lost" under serious_injury_ability
    # coach_choice or opponent_choice): entered even where the dice are the server's, and
    # never rolled by it.
    picked: bool = False


# The dice of one casualty, by kind: (label in its purpose, notation) per system.
CASUALTY_DICE = {
    "lrb6": {
        "casualty": ("casualty", "D68"),
        "decay": ("Decay casualty", "D68"),
        "apothecary": ("apothecary's casualty", "D68"),
        "regeneration": ("regeneration", "D6"),
        "igor": ("Igor's regeneration", "D6"),
    },
    "gdbbl": {
        # In the order they are read (rules.engine.gdbbl_injuries): Regeneration heals before
        # any serious injury is rolled. The form and the report shown back follow it.
        "injury": ("injury", "2D6"),
        "apothecary": ("apothecary's roll", "2D6"),
        "regeneration": ("regeneration", "D6"),
        "serious": ("serious injury", "2D6"),
        # -1 ability: which characteristic, MA ST AG AV in that order (a roll, or the
        # coach's pick under serious_injury_ability)
        "ability": ("ability lost", "1 of 4"),
        "fanatic": ("Ball and Chain", "D6"),  # a fanatic hurt by his own ball and chain
    },
}
# serious_injury_ability settings under which GDBBL's "ability lost" is a coach's pick: who.
PICKERS = {"coach_choice": "his coach", "opponent_choice": "the other coach"}


def never_rolled(system: str, kind: str, settings: Mapping[str, object]) -> bool:
    """A casualty die the server never rolls, entered even where it rolls the rest: GDBBL's
    injury roll (the table's: it is what made the player a casualty) and, under a choice
    `serious_injury_ability`, the "ability lost" (a coach's pick written as a die)."""
    if system != "gdbbl":
        return False
    chosen = settings.get("serious_injury_ability", "random") in PICKERS
    return kind == "injury" or (kind == "ability" and chosen)


# A Regeneration roll that heals: LRB6 skill text "a D6 of 4+", GDBBL 001 "2-6".
REGENERATES_ON = {"lrb6": 4, "gdbbl": 2}


def casualty_purpose(kind: str, system: str, victim: Ref, nth: int = 1) -> str:
    """`casualty for away #3`; a second casualty of the same victim is `(2)`."""
    label = CASUALTY_DICE[system][kind][0]
    return f"{label} for {victim}" + (f" ({nth})" if nth > 1 else "")


def casualty_purposes(system: str, victims: Iterable[Ref]) -> list[dict[str, str]]:
    """Each casualty's dice purposes by kind, in the report's order: a victim hurt a second
    time (he regenerated) rolls under "(2)"."""
    seen: dict[Ref, int] = {}
    purposes = []
    for victim in victims:
        seen[victim] = nth = seen.get(victim, 0) + 1
        kinds = CASUALTY_DICE.get(system, {})
        purposes.append({kind: casualty_purpose(kind, system, victim, nth) for kind in kinds})
    return purposes


def mvp_purpose(side: str, nth: int = 1) -> str:
    return f"MVP{f' {nth}' if nth > 1 else ''} for {side}"


_LABELS = "|".join(
    re.escape(label) for kinds in CASUALTY_DICE.values() for label, _ in kinds.values()
)
REPORT_PURPOSE = re.compile(
    rf"^(?:{_LABELS}|MVP(?: \d+)?) for (?:home|away)(?: #\d+)?(?: \(\d+\))?$"
)


def is_report_purpose(purpose: str) -> bool:
    """A die the report form owns (its casualties and MVP draws), not one of the dice log."""
    return bool(REPORT_PURPOSE.match(purpose))
