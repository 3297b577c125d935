"""The match page's "Before kick-off" section (LRB6): what each team has done and what its
coach may do next, read from the match's KickOff rows and the ruleset's snapshot; and the
section's forms read into the data matches.actions takes (journeymen: a count per allowed
position, made into one name per journeyman; inducements: a count per inducement, the star
players chosen and the mercenaries, made into the API's `items`, `stars`, `mercenaries`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import prefetch_related_objects

from matches.kick_off.lrb6 import gate_purpose
from matches.kick_off.shared import WEATHER, WEATHER_DICE, able_players
from matches.models import Match
from matches.services import MatchRefused
from rules.engine import inducements as bills
from rules.engine import kick_off as rules
from rules.engine.checks import param
from rules.engine.errors import Problem
from rules.plumbing.numbers import whole_number
from rules.snapshot import version_snapshot

ITEM, COUNT = "item_", "count_"  # form field prefixes: an inducement's count, a position's
MERCENARY_ROWS = 2  # rows of the mercenary form
MOST = 99  # the largest count a form takes
STAR_SLOTS = 2  # selects of the star form (Brick Far'th and Grotty take two, as one)
PRICED_ELSEWHERE = (bills.STAR_PLAYER, bills.MERCENARY)


@dataclass
class Offered:
    key: str
    name: str
    each: int
    most: int | None
    count: str = ""  # as posted, to fill the form again


@dataclass
class Side:
    side: str
    team: object
    row: object  # its KickOff, or None before either coach acts
    mine: bool
    able: int = 0
    wanted: int = 0
    positions: list = field(default_factory=list)  # (name, cost, typed) journeymen come from
    journeymen: list = field(default_factory=list)  # "Lineman ×2": those taken
    why_none: str = ""
    items: list[Offered] = field(default_factory=list)
    not_offered: list[str] = field(default_factory=list)
    stars: list = field(default_factory=list)  # (name, cost) who may play for the team
    chosen_stars: list[str] = field(default_factory=list)
    mercenaries: list = field(default_factory=list)  # (position, each)
    mercenary_rows: list = field(default_factory=list)  # (position, skill) as posted
    skill_cost: int = 0  # a mercenary's extra skill
    petty: int = 0
    treasury: int = 0
    dice: object = None  # the gate's roll for this side
    show_journeymen: bool = False
    show_inducements: bool = False

    @property
    def budget(self) -> int:
        return self.petty + self.treasury

    @property
    def bill_total(self) -> int:
        return sum(line["count"] * line["each"] for line in (self.row.bill if self.row else []))


def _why_not(rule: bills.InducementRule, race) -> str:
    if rule.eligibility == "apothecary":
        return f"{rule.name}: only for teams that may have an apothecary."
    if rule.eligibility == "no_apothecary":
        return f"{rule.name}: only for teams that may not have an apothecary."
    if rule.eligibility == "races":
        return f"{rule.name}: only for {', '.join(rule.races)} teams."
    return f"{rule.name}: not for {race.name} teams."


def kick_off_section(match: Match, user, actions, posted=None) -> dict | None:
    """What the section shows, or None for a match of another system. `posted` (a refused
    form) fills the forms again as they were typed."""
    if match.ruleset_version.system != "lrb6":
        return None
    posted = posted or {}
    prefetch_related_objects([match.home, match.away], "race")
    snapshot = version_snapshot(match.ruleset_version)
    ruleset = snapshot.ruleset
    rows = {row.side: row for row in match.kick_offs.all()}
    dice = {roll.purpose: roll for roll in match.dice.all()}
    uid = getattr(user, "pk", None)
    sides = []
    for name, team in (("home", match.home), ("away", match.away)):
        row = rows.get(name)
        side = Side(name, team, row, team.coach_id == uid, dice=dice.get(gate_purpose(name)))
        hired = Counter(
            p.name.removeprefix("Journeyman ")
            for p in match.participants.all()
            if p.team_id == team.pk and p.kind == "journeyman"
        )
        side.journeymen = [f"{name} ×{count}" for name, count in hired.items()]
        again = posted.get("side") == name
        if side.mine and "journeymen" in actions and (row is None or row.value is None):
            _journeymen_form(side, ruleset, posted if again else {})
        buying = row is not None and row.value is not None and row.inducements is None
        if side.mine and "inducements" in actions and buying:
            _inducements_form(side, snapshot, posted if again else {})
        sides.append(side)
    fixed = all(rows.get(s) and rows[s].value is not None for s in ("home", "away"))
    gate = all(rows.get(s) and rows[s].fans is not None for s in ("home", "away"))
    return {
        "template": "matches/_kick_off.html",
        "sides": sides,
        "fixed": fixed,
        "gate": gate,
        "gate_purposes": [gate_purpose(s) for s in ("home", "away")],
        "server_rolls": "rolled" in match.accepted_sources,
        "niggle_rule": "Before the journeymen: each player with Niggling Injuries rolls a D6 "
        "for each; a 1 keeps him out of this match.",
        **weather_context(match, ruleset, dice),
    }


def weather_context(match: Match, ruleset, dice: dict) -> dict:
    """The weather's line: its roll, its effect, and the purpose its dice are entered as."""
    rows = ruleset.tables["weather"].rows if "weather" in ruleset.tables else ()
    effect = next(
        (str(r.values.get("effect", "")) for r in rows if r.values["weather"] == match.weather), ""
    )
    return {
        "weather_roll": dice.get(WEATHER),
        "weather_effect": effect,
        "weather_purpose": WEATHER,
        "weather_dice": WEATHER_DICE,
    }


def _journeymen_form(side: Side, ruleset, posted) -> None:
    team = side.team
    race = ruleset.races[team.race.slug]
    side.able = len(able_players(team, side.row.niggled_out if side.row else None))
    side.wanted = rules.journeymen_wanted(ruleset, side.able)
    side.show_journeymen = True
    if side.wanted == 0:
        side.why_none = f"{team.name} has {side.able} players able to play: it takes none."
        return
    side.positions = [
        (p.name, p.cost, posted.get(COUNT + p.name, ""))
        for p in rules.journeyman_positions(ruleset, race)
    ]


def _inducements_form(side: Side, snapshot, posted) -> None:
    ruleset, team, row = snapshot.ruleset, side.team, side.row
    race = ruleset.races[team.race.slug]
    side.show_inducements = True
    side.petty, side.treasury = rules.inducement_budget(ruleset, row.petty_cash or 0, team.treasury)
    for rule in snapshot.inducement_rules:
        if rule.key in PRICED_ELSEWHERE:
            continue
        if bills.may_have(rule, race):
            typed = posted.get(ITEM + rule.key, "")
            side.items.append(
                Offered(rule.key, rule.name, bills.price(rule, race), rule.max_quantity, typed)
            )
        else:
            side.not_offered.append(_why_not(rule, race))
    side.stars = [(s.name, s.cost) for s in snapshot.star_rules if bills.star_may_play_for(s, race)]
    chosen = list(posted.getlist("stars")) if hasattr(posted, "getlist") else []
    side.chosen_stars = (chosen + [""] * STAR_SLOTS)[:STAR_SLOTS]
    table = ruleset.table("mercenaries")
    surcharge, side.skill_cost = (
        int(param(table, "surcharge")),
        int(param(table, "extra_skill_cost")),
    )
    side.mercenaries = [(p.name, p.cost + surcharge) for p in race.positions]
    positions, skills = _pair_lists(posted)
    side.mercenary_rows = list(zip(positions, skills, strict=True))


def _pair_lists(posted) -> tuple[list[str], list[str]]:
    get = posted.getlist if hasattr(posted, "getlist") else (lambda key: [])
    positions = (list(get("mercenary_position")) + [""] * MERCENARY_ROWS)[:MERCENARY_ROWS]
    skills = (list(get("mercenary_skill")) + [""] * MERCENARY_ROWS)[:MERCENARY_ROWS]
    return positions, skills


def form_count(text: str, what: str, field: str | None = None) -> int:
    """A count typed in a form before kick-off: 0 to 99 (no team hires more), blank for 0."""
    number = whole_number(text, blank=0)
    if number is None or not 0 <= number <= MOST:
        raise MatchRefused([Problem(field or what, f"{text!r} is not a number of {what}.")])
    return number


def journeymen_data(post) -> dict:
    """The journeymen form (a count per position) as the action takes it."""
    positions = []
    for key in post:
        if key.startswith(COUNT):
            name = key[len(COUNT) :]
            positions += [name] * form_count(post.get(key), f"{name} journeymen")
    return {"side": post.get("side", ""), "positions": positions}


def inducements_data(post) -> dict:
    """The inducements form as the action takes it: items (key -> count), stars,
    mercenaries (position and extra skill)."""
    items = {}
    for key in post:
        if key.startswith(ITEM):
            name = key[len(ITEM) :]
            count = form_count(post.get(key), "inducements")
            if count:
                items[name] = count
    positions, skills = _pair_lists(post)
    return {
        "side": post.get("side", ""),
        "items": items,
        "stars": [name for name in post.getlist("stars") if name],
        "mercenaries": [
            {"position": position, "extra_skill": skill.strip()}
            for position, skill in zip(positions, skills, strict=True)
            if position
        ],
    }
