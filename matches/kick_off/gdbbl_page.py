"""The match page's "Before kick-off" section for GDBBL, in 001's order: each team's
freebooters (a form while its coach may hire), the weather, the gate, the ratings at kick-off
and the handicap, each team's Special Play cards and its niggling injuries; and the
freebooters form read into the data matches.actions takes (a count per position made into
one name per player, and the stars chosen)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import prefetch_related_objects

from matches.kick_off.gdbbl import GATE, cards_purpose, gate_notation, roster_now, stars_taken
from matches.kick_off.lrb6_page import form_count, weather_context
from matches.models import Match
from rules.engine.freebooters import SHARE
from rules.engine.gdbbl import star_price
from rules.engine.inducements import star_may_play_for
from rules.snapshot import version_snapshot

COUNT = "count_"  # a position's field: how many freebooters of it
STAR_SLOTS = 2  # selects of the star form
NIGGLE_RULES = {  # by niggling_roll_per_marker
    "once_per_player": "Each player with Niggling Injuries rolls one D6, however many he has; "
    "a 1 keeps him out of this match.",
    None: "Each player with Niggling Injuries rolls a D6 for each; any 1 keeps him out of this "
    "match.",
}


@dataclass
class Side:
    side: str
    team: object
    row: object  # its KickOff, or None before either coach acts
    mine: bool
    hired: list[str] = field(default_factory=list)  # "Freebooter Thrower", "Griff Oberwald"
    show_form: bool = False
    positions: list = field(default_factory=list)  # (name, each, room, typed)
    full: list[str] = field(default_factory=list)  # "Throwers (2 of 2)"
    stars: list = field(default_factory=list)  # (name, price)
    chosen_stars: list[str] = field(default_factory=list)
    cards_roll: object = None  # the Special Play cards' D6
    cards_purpose: str = ""
    behind: int = 0  # how far its rating is below the other's: the handicap's difference
    roster_room: int | None = None  # players the roster may still take, if freebooters count

    @property
    def bill_total(self) -> int:
        return sum(line["count"] * line["each"] for line in (self.row.bill if self.row else []))


def gdbbl_section(match: Match, user, actions, posted=None) -> dict:
    posted = posted or {}
    prefetch_related_objects([match.home, match.away], "race")
    snapshot = version_snapshot(match.ruleset_version)
    rows = {row.side: row for row in match.kick_offs.all()}
    dice = {roll.purpose: roll for roll in match.dice.all()}
    uid = getattr(user, "pk", None)
    sides = []
    for name, team in (("home", match.home), ("away", match.away)):
        row = rows.get(name)
        side = Side(name, team, row, team.coach_id == uid)
        side.hired = [
            p.name
            for p in match.participants.all()
            if p.team_id == team.pk and p.kind == "freebooter"
        ]
        side.cards_purpose = cards_purpose(name)
        side.cards_roll = dice.get(side.cards_purpose)
        hiring = row is None or row.freebooters is None
        if side.mine and "freebooters" in actions and hiring:
            again = posted if posted.get("side") == name else {}
            _freebooters_form(match, side, snapshot, again)
        sides.append(side)
    ratings = [rows[s].rating for s in ("home", "away") if s in rows]
    fixed = len(ratings) == 2 and None not in ratings
    if fixed:
        for side, other in ((sides[0], sides[1]), (sides[1], sides[0])):
            side.behind = max(0, other.row.rating - side.row.rating)
    return {
        "template": "matches/_gdbbl_kick_off.html",
        "sides": sides,
        "fixed": fixed,
        "hires": snapshot.ruleset.settings.get("freebooters_allowed", True),
        **weather_context(match, snapshot.ruleset, dice),
        "gate_roll": dice.get(GATE),
        "gate_notation": gate_notation(match),
        "server_rolls": "rolled" in match.accepted_sources,
        "max_players": snapshot.ruleset.team_creation.max_players,
        "niggles_always": True,  # 001 rolls them before every match
        "niggle_rule": NIGGLE_RULES.get(
            snapshot.ruleset.settings.get("niggling_roll_per_marker"), NIGGLE_RULES[None]
        ),
    }


def _freebooters_form(match: Match, side: Side, snapshot, posted) -> None:
    ruleset, team = snapshot.ruleset, side.team
    race = ruleset.races[team.race.slug]
    side.show_form = True
    players = roster_now(team)
    have = Counter(p.position.name for p in players if p.position_id and not p.star_id)
    if ruleset.settings.get("freebooters_count_toward_roster", True):
        side.roster_room = max(0, ruleset.team_creation.max_players - len(players))
    for position in race.positions:
        room = position.max_quantity - have[position.name]
        if room > 0:
            room = room if side.roster_room is None else min(room, side.roster_room)
            typed = posted.get(COUNT + position.name, "")
            if room > 0:
                side.positions.append((position.name, position.cost // SHARE, room, typed))
        else:
            side.full.append(f"{position.name} ({have[position.name]} of {position.max_quantity})")
    own = {p.star.name for p in players if p.star_id}
    taken = set(stars_taken(match, team))
    side.stars = [
        (star.name, star_price(ruleset, star.cost, race.slug, star.kind, freebooter=True))
        for star in snapshot.star_rules
        if star_may_play_for(star, race) and star.name not in own | taken
    ]
    chosen = list(posted.getlist("stars")) if hasattr(posted, "getlist") else []
    side.chosen_stars = (chosen + [""] * STAR_SLOTS)[:STAR_SLOTS]


def freebooters_data(post) -> dict:
    """The freebooters form as the action takes it: one position name per player, and the
    stars chosen."""
    positions = []
    for key in post:
        if key.startswith(COUNT):
            name = key[len(COUNT) :]
            positions += [name] * form_count(post.get(key), f"{name} freebooters", "positions")
    stars = [name for name in post.getlist("stars") if name]
    return {"side": post.get("side", ""), "positions": positions, "stars": stars}
