"""What each field of the report form shows, for the match's ruleset: its players and their
SPP actions, the MVPs each team awards, the casualties with only the dice the ruleset rolls
(and only where the match takes entered dice), the concession; Blitz Bowl's points and 1st
edition's Veterans Rules and deaths. The values come from a report body: the stored draft's
(`report_view(...).body`) or the one just posted and refused. The field names are those
matches/report/form.py reads back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from matches.models import Match
from matches.report.content import Sides
from matches.report.form import SERVER
from matches.report.raised import RaisedField, raised_field
from matches.report.view import WIN_NAMES
from rules.engine.casualty_checks import BALL_AND_CHAIN, MAX_MODIFIER
from rules.engine.report_checks import MAX_COUNT, counted_actions, mvp_candidates, setting
from rules.engine.report_entry import (
    ACTIONS,
    CASUALTY_DICE,
    HALVES,
    HELPER_NAMES,
    HELPERS,
    MEANS_NAMES,
    PICKERS,
    SIDES,
    DieNeed,
    SideFacts,
    mvp_purpose,
    never_rolled,
)

# How each die of a roll is named beside its box; GDBBL's "ability lost" is a face of four.
FACES = {"D68": (("tens", 6), ("units", 8)), "2D6": (("die 1", 6), ("die 2", 6)),
         "D6": (("", 6),), "1 of 4": (("1 MA, 2 ST, 3 AG, 4 AV", 4),)}  # fmt: skip
# The dice the script hides unless the victim has the skill (or, for "fanatic", carries a
# ball and chain) or the helper was chosen.
NEEDS = ("decay", "regeneration", "apothecary", "igor", "fanatic")
LEAGUE_SYSTEMS = ("lrb6", "gdbbl")
# Blitz Bowl's points besides the touchdowns: field, label, most.
BLITZ_POINTS = (
    ("challenge_points", "Challenge points", 999),
    ("clean_sweeps", "Clean Sweeps", 99),
    ("bonus_points", "Bonus Play points", 999),
)
KEPT_NAMES = {"first": "the first result", "second": "the apothecary's result"}


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    selected: bool = False
    data: str = ""  # for the script: a victim's skills, or the sides a helper serves


@dataclass(frozen=True)
class Pick:
    """A select: its options, in optgroups when their label is not blank."""

    name: str
    label: str
    groups: tuple[tuple[str, tuple[Option, ...]], ...]
    note: str = ""


@dataclass(frozen=True)
class Number:
    name: str
    label: str  # whole, for screen readers and error messages
    value: object
    max: int
    min: int = 0
    short: str = ""  # what the eye reads beside the box


@dataclass(frozen=True)
class Row:
    number: int
    name: str
    counts: tuple[Number, ...]


@dataclass(frozen=True)
class SideForm:
    side: str
    team: str
    touchdowns: Number
    rows: tuple[Row, ...] = ()
    mvps: tuple[Pick, ...] = ()
    points: tuple[Number, ...] = ()  # Blitz Bowl: challenge (as one total), sweeps, bonus
    cards: tuple[tuple[str, str, Number], ...] = ()  # Blitz Bowl per card: name, value, points
    score: Number | None = None
    raised: RaisedField | None = None  # a Necromancer's Zombie, or (LRB6) Nurgle's Rotters

    @property
    def counted(self) -> bool:
        """Whether any player's count is filled in: his team's list opens."""
        return any(n.value not in ("", "0") for row in self.rows for n in row.counts)


@dataclass(frozen=True)
class DiceGroup:
    kind: str
    label: str
    needs: str
    dice: tuple[Number, ...]


@dataclass(frozen=True)
class CasualtyForm:
    key: str  # the number in its field names; "__n__" in the template the script copies
    title: str
    victim: Pick
    causer: Pick
    details: tuple[Pick, ...] = ()  # action, means, helper, kept
    modifier: Number | None = None
    dice: tuple[DiceGroup, ...] = ()


@dataclass(frozen=True)
class ReportForm:
    system: str
    played_on: str
    notes: str
    sides: tuple[SideForm, SideForm]
    casualties: tuple[CasualtyForm, ...]
    blank: CasualtyForm | None  # the slot a form without the script fills in
    template: CasualtyForm | None
    concession: dict
    server_rolls: str  # "ask" (a checkbox), "always" or ""
    server_rolls_checked: bool
    win_type: Pick | None = None
    regional: Pick | None = None
    endgame: bool | None = None  # None: the league plays without the Endgame cards
    per_card: bool = False
    veterans: tuple[tuple[str, str, str, bool], ...] = ()  # key, name, summary, agreed
    deaths: bool = False


def _text(value) -> str:
    return "" if value is None else str(value)


def _number(name: str, label: str, value, most: int, least: int = 0, short: str = "") -> Number:
    return Number(name, label, _text(value), most, least, short)


def _people(facts, chosen: str, blank: str) -> tuple[tuple[str, tuple[Option, ...]], ...]:
    """Everybody who took part, by team: the victim and causer selects' options."""
    groups = [("", (Option("", blank, not chosen),))]
    for side in SIDES:
        team = facts.of(side)
        options = tuple(
            Option(f"{side}-{m.number}", str(m), chosen == f"{side}-{m.number}", _skills(m))
            for m in team.members
            if m.took_part
        )
        groups.append((team.team, options))
    return tuple(groups)


def _skills(member) -> str:
    """The victim's flags for the script: the skills that roll dice, and "fanatic"."""
    flags = [skill.lower() for skill in ("Decay", "Regeneration") if skill in member.skills]
    return " ".join(flags + (["fanatic"] if member.special == BALL_AND_CHAIN else []))


def _rows(ruleset, key: str) -> tuple:
    """A ruleset table's rows, none when a house copy removed the table."""
    try:
        return ruleset.table(key).rows
    except LookupError:
        return ()


def _ref(ref) -> str:
    return f"{ref['side']}-{_text(ref.get('number'))}" if ref else ""


def _pick(name: str, label: str, choices, chosen, data=None, only=None) -> Pick:
    """A select of (value, text) choices; with `only`, just the values in it (and blank)."""
    options = tuple(
        Option(value, text, _text(chosen) == value, (data or {}).get(value, ""))
        for value, text in choices
        if only is None or not value or value in only
    )
    return Pick(name, label, (("", options),))


class _Builder:
    def __init__(self, match: Match, sides: Sides, body: Mapping, rolled) -> None:
        self.match, self.body, self.rolled = match, body, rolled
        self.ruleset, self.facts = sides.ruleset, sides.facts
        self.system = self.ruleset.system
        self.entered = "entered" in match.accepted_sources
        self.spp_actions = counted_actions(self.ruleset)

    def form(self) -> ReportForm:
        body, settings, system = self.body, self.ruleset.settings, self.system
        blitz = system == "blitz-bowl"
        deaths = system == "first-edition" and bool(settings.get("dead_players_removed"))
        casualties = system in LEAGUE_SYSTEMS or deaths
        rows = tuple(self.casualty(str(n), c) for n, c in enumerate(body.get("casualties") or ()))
        win = [("", "—"), *WIN_NAMES.items()]
        return ReportForm(
            system=system,
            played_on=_text(body.get("played_on")),
            notes=_text(body.get("notes")),
            sides=(self.side("home"), self.side("away")),
            casualties=rows if casualties else (),
            blank=self.casualty(str(len(rows)), {}) if casualties else None,
            template=self.casualty("__n__", {}) if casualties else None,
            concession=self.concession(body.get("concession") or {}),
            server_rolls=self.server_rolls(),
            server_rolls_checked=bool(body.get("server_rolls")),
            win_type=_pick("win_type", "The win", win, body.get("win_type")) if blitz else None,
            regional=self.regional() if blitz and settings.get("regional_league") else None,
            endgame=bool(body.get("endgame_active")) if settings.get("advanced_endgame") else None,
            per_card=settings.get("challenge_points_entry") == "per_card",
            veterans=self.veterans(),
            deaths=deaths,
        )

    def concession(self, given: Mapping) -> dict:
        return {
            "side": given.get("side", ""),
            "half": _text(given.get("half") or 1),
            "turn": _text(given.get("turn")),
            "forced": bool(given.get("forced")),
            "turns": int(setting(self.ruleset, "turns_per_half")),
            "halves": tuple((str(half), name) for half, name in HALVES.items()),
        }

    def server_rolls(self) -> str:
        if self.system not in LEAGUE_SYSTEMS or "rolled" not in self.match.accepted_sources:
            return ""
        return "ask" if self.match.dice_sources == "both" else "always"

    def side(self, side: str) -> SideForm:
        facts, mine = self.facts.of(side), self.body.get(side) or {}
        most = int(setting(self.ruleset, "max_touchdowns_per_team"))
        typed = self.body.get(f"{side}_touchdowns", 0)
        touchdowns = _number(f"{side}_touchdowns", f"{facts.team} touchdowns", typed, most)
        if self.system == "blitz-bowl":
            return self.blitz_side(side, facts.team, mine, touchdowns)
        if self.system not in LEAGUE_SYSTEMS:
            return SideForm(side, facts.team, touchdowns)
        lines = {_text(line.get("number")): line.get("actions") or {}
                 for line in mine.get("players") or ()}  # fmt: skip
        rows = tuple(
            self.row(side, facts.team, member, lines.get(str(member.number)) or {})
            for member in facts.members
            if member.took_part
        )
        raised = raised_field(self.ruleset, self.facts, side, mine)
        return SideForm(
            side, facts.team, touchdowns, rows, self.mvps(side, facts, mine), raised=raised
        )

    def row(self, side: str, team: str, member, did: Mapping) -> Row:
        counts = []
        for action in self.spp_actions:
            name = f"{side}-p{member.number}-{action}"
            label = f"{action.capitalize()}s by {member}, {team}"
            counts.append(_number(name, label, did.get(action, 0), MAX_COUNT, short=action))
        return Row(member.number, member.name, tuple(counts))

    def blitz_side(self, side: str, team: str, mine: Mapping, touchdowns) -> SideForm:
        fields = BLITZ_POINTS[1:] if self.ruleset.settings.get("challenge_points_entry") == (
            "per_card") else BLITZ_POINTS  # fmt: skip
        points = tuple(
            _number(f"{side}-{key}", f"{team} {label}", mine.get(key, 0), most)
            for key, label, most in fields
        )
        cards = []
        for n, card in enumerate([*(mine.get("challenge_cards") or ()), {}], start=1):
            label = f"{team} Challenge card {n} points"
            box = _number(f"{side}-card-{n}-points", label, card.get("points"), 99)
            cards.append((f"{side}-card-{n}-name", _text(card.get("card")), box))
        score = _number(f"{side}-score", f"{team} score", mine.get("score"), 999)
        return SideForm(side, team, touchdowns, points=points, cards=tuple(cards), score=score)

    def mvps(self, side: str, facts: SideFacts, mine: Mapping) -> tuple[Pick, ...]:
        """One select per MVP the team awards, and one more per MVP a concession by the other
        team would bring. A draw at the table is entered like a die, so a league of rolled
        dice leaves the draw to the server (no select); "server" asks it to draw one."""
        random = setting(self.ruleset, "mvp_selection") == "random"
        if random and not self.entered:
            return ()
        if self.system == "gdbbl":
            due, extra = 1 + facts.bonus_mvps, 0
        else:
            due = int(setting(self.ruleset, "mvp_per_team"))
            both = self.ruleset.settings.get("concession_spp", "normal") == "winner_gets_both_mvps"
            extra = due if both else 0
        candidates = mvp_candidates(self.ruleset, facts)
        names = {m.number: str(m) for m in facts.members}
        given = [_text(number) for number in mine.get("mvps") or ()]
        picks = []
        for nth in range(1, due + extra + 1):
            drawn = self.drawn(side, nth, candidates)
            chosen = drawn or (given[nth - 1] if nth <= len(given) else "")
            choices = [("", "not drawn yet" if random else "not chosen yet")]
            if random and "rolled" in self.match.accepted_sources:
                choices.append((SERVER, "let the server draw (and roll the dice left blank)"))
            choices += [(str(n), names.get(n, f"#{n}")) for n in candidates]
            label = f"{facts.team} MVP" + (f" {nth}" if due + extra > 1 else "")
            pick = _pick(f"{side}-mvp-{nth}", label, choices, chosen)
            note = f"drawn by the server: {names.get(int(drawn), drawn)}" if drawn else ""
            if nth > due:
                note = note or "only when the other team conceded: its MVP comes here"
            picks.append(Pick(pick.name, pick.label, pick.groups, note))
        return tuple(picks)

    def drawn(self, side: str, nth: int, candidates: tuple[int, ...]) -> str:
        die: DieNeed | None = self.rolled.get(mvp_purpose(side, nth))
        if die is None or not die.values or not 1 <= die.values[0] <= len(candidates):
            return ""
        return str(candidates[die.values[0] - 1])

    def helpers(self) -> dict[str, str]:
        """The helpers each team may call on, by the sides they serve: its apothecaries and
        the Wandering Apothecaries or Igor recorded for this match."""
        serves: dict[str, list[str]] = {}
        for side in SIDES:
            has = self.facts.of(side).helpers
            for helper in (helper for helper, count in has.items() if count):
                serves.setdefault(helper, []).append(side)
        return {helper: " ".join(serves[helper]) for helper in HELPERS if helper in serves}

    def casualty(self, key: str, casualty: Mapping) -> CasualtyForm:
        n = f"cas-{key}"
        title = "Another casualty" if not casualty else f"Casualty {int(key) + 1}"
        if self.system == "first-edition":
            title = "Another death" if not casualty else f"Death {int(key) + 1}"
        who = "Who died" if self.system == "first-edition" else "Who was hurt"
        victim = Pick(f"{n}-victim", who, _people(self.facts, _ref(casualty.get("victim")), "—"))
        causers = _people(self.facts, _ref(casualty.get("causer")), "nobody")
        causer = Pick(f"{n}-causer", "Caused by", causers)
        if self.system == "first-edition":
            return CasualtyForm(key, title, victim, causer)
        helpers, got = self.helpers(), casualty.get
        details = [
            _pick(f"{n}-action", "Action", [(a, a) for a in ACTIONS], got("action") or "block"),
            _pick(f"{n}-means", "Means", list(MEANS_NAMES.items()), got("means")),
            _pick(f"{n}-helper", "Treated by", [("", "nobody"), *HELPER_NAMES.items()],
                  got("helper"), helpers, only=helpers),
        ]  # fmt: skip
        reroll = self.ruleset.settings.get("apothecary_action") == "reroll_serious_injury"
        if self.system == "lrb6" or reroll:
            kept = [("", "—"), *KEPT_NAMES.items()]
            details.append(_pick(f"{n}-kept", "Result kept", kept, got("kept")))
        modifier = None
        if self.system == "gdbbl":
            most = MAX_MODIFIER
            modifier = _number(f"{n}-modifier", "Injury modifier", got("modifier", 0), most, -most)
        dice = self.dice(n, got("dice") or {})
        return CasualtyForm(key, title, victim, causer, tuple(details), modifier, dice)

    def dice(self, n: str, entered: Mapping) -> tuple[DiceGroup, ...]:
        """The casualty's dice boxes where the match takes entered dice; where the server
        rolls, only GDBBL's injury roll (the table's: it made him a casualty) and a coach's
        pick written as a die (the "ability lost" by choice)."""
        settings = self.ruleset.settings
        picker = PICKERS.get(str(settings.get("serious_injury_ability", "")), "")
        groups = []
        for kind, (label, notation) in CASUALTY_DICE[self.system].items():
            if kind == "decay" and not settings.get("decay_second_casualty", True):
                continue
            if not self.entered and not never_rolled(self.system, kind, settings):
                continue
            values = list(entered.get(kind) or ())
            dice = []
            for i, (face, most) in enumerate(FACES[notation], start=1):
                value = values[i - 1] if i <= len(values) else ""
                name, whole = f"{n}-dice-{kind}-{i}", f"{label} {notation} {face}".strip()
                dice.append(_number(name, whole, value, most, 1, face or notation))
            needs = kind if kind in NEEDS else ""
            chosen = f"{picker}'s pick" if kind == "ability" and picker else ""
            title = f"{label.capitalize()} ({chosen or notation})"
            groups.append(DiceGroup(kind, title, needs, tuple(dice)))
        return tuple(groups)

    def regional(self) -> Pick:
        rows = _rows(self.ruleset, "regional_league")  # keyed by the D8: low is the roll
        choices = [("", "—"), *((str(r.low), f"{r.low}: {r.values['result']}") for r in rows)]
        return _pick("regional_roll", "Regional league roll (D8)", choices,
                     self.body.get("regional_roll"))  # fmt: skip

    def veterans(self) -> tuple[tuple[str, str, str, bool], ...]:
        rule = self.ruleset.settings.get("veterans_rules")
        if self.system != "first-edition" or rule != "agreed_per_match":
            return ()
        agreed = set(self.body.get("veterans_rules") or ())
        rows = (row.values for row in _rows(self.ruleset, "veterans_rules"))
        return tuple((str(r["key"]), str(r["name"]), str(r.get("summary", "")),
                      str(r["key"]) in agreed) for r in rows)  # fmt: skip


def report_form(match: Match, sides: Sides, body: Mapping | None, rolled) -> ReportForm:
    """The form filled with `body` (none: a blank report). `rolled` holds the dice the
    server already rolled, by purpose: its MVP draws show in their selects."""
    return _Builder(match, sides, body or {}, rolled).form()
