"""`teams.ledger.inverse`, property-tested: whatever valid history a team has, the deltas
`inverse` returns take it back exactly to where it was.

A reversal entry holds exactly those deltas, so "exactly" means equality of the whole state:
the order of skills, injuries and rolls included, and a player who left coming back with his
whole record. The histories are random but always valid: the strategy looks at the state the
deltas so far have made and draws one delta that applies to it, for every kind of delta the
ledger knows. A test below checks that the strategy really reaches every kind, so that a
strategy gone narrow (only treasury deltas, say) cannot pass the properties silently.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from teams.ledger import (
    PLAYER_COUNTERS,
    STATUSES,
    Delta,
    LedgerError,
    PlayerState,
    Roll,
    TeamState,
    apply,
    inverse,
    replay,
)

# Small alphabets on purpose: with three skills and three injuries a player holds the same
# one twice often, which is where "take away the latest copy" and "put it back at its place"
# can go wrong.
SKILLS = ("Block", "Dodge", "Tackle")
INJURIES = ("N", "-MA", "-AV")
CHARACTERISTICS = ("MA", "ST", "AG", "AV")
STAFF = ("apothecary", "cheerleader", "assistant_coach")
CHOICES = ("Block", "Dodge", "MA", "AG")  # what a coach may pick on an improvement roll
NAMES = ("Grotbag", "Ug", "Snikch", "Player 1")  # new names for a rename

TOGGLES = ("add", "add_at", "remove", "remove_at", "remove_duplicate", "remove_at_duplicate")
# Every kind of delta the strategy must reach (its tags; see `Draw.tag`). "…_duplicate" is a
# removal of an item the player holds more than once.
KINDS = (
    "treasury",
    "rerolls",
    "fan_factor",
    "staff:hire",
    "staff:fire",
    "join",
    "join:star",
    "leave",
    "rejoin",
    *(f"counter:{name}" for name in PLAYER_COUNTERS),
    "status",
    "rename:name",
    "rename:number",
    *(f"{field}:{how}" for field in ("skill", "injury") for how in TOGGLES),
    "characteristic:advancement",
    "characteristic:injury",
    "roll:add",
    "roll:add_at",
    "roll:remove",
    "choice:choose",
    "choice:unchoose",
    "choice:change",
)


@dataclass(frozen=True)
class History:
    before: TeamState
    deltas: tuple[Delta, ...]
    kinds: tuple[str, ...]  # what the deltas exercised, in order

    @property
    def after(self) -> TeamState:
        return replay(self.deltas, self.before)


# --- Strategies -----------------------------------------------------------------------------


def rolls(keys: list[str]) -> st.SearchStrategy[tuple[Roll, ...]]:
    """Improvement rolls with the given keys, chosen or not yet."""
    return st.tuples(
        *(
            st.builds(
                Roll,
                key=st.just(key),
                die1=st.integers(1, 6),
                die2=st.integers(1, 6),
                source=st.sampled_from(("entered", "rolled")),
                seed=st.sampled_from(("", "5eed")),
                choice=st.sampled_from(("", *CHOICES)),
            )
            for key in keys
        )
    )


@st.composite
def player_states(draw: st.DrawFn, number: int, roll_keys: list[str]) -> PlayerState:
    """A player as the ledger could have left him: counters never below zero (value_increase
    may be), no zero left in `changes` or `injury_changes` (the ledger drops them)."""
    counters = {
        name: draw(st.integers(-30_000 if name == "value_increase" else 0, 40))
        for name in PLAYER_COUNTERS
    }
    return PlayerState(
        number=number,
        name=f"Player {number}",
        position=draw(st.sampled_from(("Lineman", "Blitzer", "Thrower"))),
        star=draw(st.booleans()),
        status=draw(st.sampled_from(STATUSES)),
        skills=tuple(draw(st.lists(st.sampled_from(SKILLS), max_size=4))),
        changes=draw(st.dictionaries(st.sampled_from(CHARACTERISTICS), st.integers(1, 2))),
        injury_changes=draw(st.dictionaries(st.sampled_from(CHARACTERISTICS), st.integers(-2, -1))),
        injuries=tuple(draw(st.lists(st.sampled_from(INJURIES), max_size=4))),
        rolls=draw(rolls(roll_keys)),
        **counters,
    )


@st.composite
def team_states(draw: st.DrawFn) -> TeamState:
    """A team somewhere in its life: "p0".."pN" on it, rolls keyed "r0".."rM" across it."""
    players: dict[str, PlayerState] = {}
    next_roll = 0
    for index in range(draw(st.integers(0, 4))):
        count = draw(st.integers(0, 3))
        keys = [f"r{next_roll + i}" for i in range(count)]
        next_roll += count
        players[f"p{index}"] = draw(player_states(index + 1, keys))
    return TeamState(
        treasury=draw(st.integers(-100_000, 500_000)),
        rerolls=draw(st.integers(0, 4)),
        fan_factor=draw(st.integers(0, 9)),
        staff=draw(st.dictionaries(st.sampled_from(STAFF), st.integers(1, 3))),
        players=players,
    )


class Draw:
    """Draws one delta that applies to the state it is given, and tags what it exercises."""

    def __init__(self, draw: st.DrawFn, state: TeamState) -> None:
        self.draw = draw
        self.tags: list[str] = []
        rolled = [roll.key for p in state.players.values() for roll in p.rolls]
        # Keys never reused: new players and rolls count on from the highest there is.
        self.next_player = len(state.players)
        self.next_roll = 1 + max((int(key[1:]) for key in rolled), default=-1)
        self.gone: dict[str, Delta] = {}  # who left, and the delta that brings him back

    def tag(self, kind: str) -> None:
        self.tags.append(kind)

    def one(self, state: TeamState) -> Delta:
        players = state.players
        has = {
            "with_staff": bool(state.staff),
            "with_players": bool(players),
            "gone": any(key not in players for key in self.gone),
            "with_skills": any(p.skills for p in players.values()),
            "with_injuries": any(p.injuries for p in players.values()),
            "with_rolls": any(p.rolls for p in players.values()),
        }
        makers: dict[str, tuple[str | None, Callable[[TeamState], Delta]]] = {
            "treasury": (None, self.treasury),
            "rerolls": (None, self.rerolls),
            "fan_factor": (None, self.fan_factor),
            "staff:hire": (None, self.hire),
            "staff:fire": ("with_staff", self.fire),
            "join": (None, self.join),
            "leave": ("with_players", self.leave),
            "rejoin": ("gone", self.rejoin),
            # One kind per counter: under one kind together, each counter came up too rarely.
            **{
                f"counter:{name}": ("with_players", lambda s, name=name: self.counter(s, name))
                for name in PLAYER_COUNTERS
            },
            "status": ("with_players", self.status),
            "rename": ("with_players", self.rename),
            "characteristic": ("with_players", self.characteristic),
            "skill:add": ("with_players", lambda s: self.add(s, "skill", SKILLS)),
            "skill:remove": ("with_skills", lambda s: self.remove(s, "skill", at=False)),
            "skill:remove_at": ("with_skills", lambda s: self.remove(s, "skill", at=True)),
            "injury:add": ("with_players", lambda s: self.add(s, "injury", INJURIES)),
            "injury:remove": ("with_injuries", lambda s: self.remove(s, "injury", at=False)),
            "injury:remove_at": ("with_injuries", lambda s: self.remove(s, "injury", at=True)),
            "roll:add": ("with_players", self.roll_add),
            "roll:remove": ("with_rolls", self.roll_remove),
            "choice": ("with_rolls", self.choice),
        }
        kind = self.draw(
            st.sampled_from(sorted(k for k, (need, _) in makers.items() if not need or has[need]))
        )
        return makers[kind][1](state)

    def player(self, state: TeamState, having: str | None = None) -> str:
        keys = sorted(k for k, p in state.players.items() if not having or getattr(p, having))
        return self.draw(st.sampled_from(keys))

    def treasury(self, state: TeamState) -> Delta:
        self.tag("treasury")  # it may go below zero: some rulesets allow a debt
        return {"op": "treasury", "amount": self.draw(st.integers(-200_000, 200_000))}

    def rerolls(self, state: TeamState) -> Delta:
        self.tag("rerolls")
        return {"op": "rerolls", "amount": self.draw(st.integers(-state.rerolls, 3))}

    def fan_factor(self, state: TeamState) -> Delta:
        self.tag("fan_factor")
        return {"op": "fan_factor", "amount": self.draw(st.integers(-state.fan_factor, 3))}

    def hire(self, state: TeamState) -> Delta:
        self.tag("staff:hire")
        key = self.draw(st.sampled_from(STAFF))
        return {"op": "staff", "key": key, "amount": self.draw(st.integers(1, 2))}

    def fire(self, state: TeamState) -> Delta:
        self.tag("staff:fire")
        key = self.draw(st.sampled_from(sorted(state.staff)))
        return {"op": "staff", "key": key, "amount": -self.draw(st.integers(1, state.staff[key]))}

    def join(self, state: TeamState) -> Delta:
        self.tag("join")
        key = f"p{self.next_player}"
        self.next_player += 1
        delta = {"op": "join", "player": key, "number": self.next_player, "name": f"New {key}",
                 "position": self.draw(st.sampled_from(("Lineman", "Catcher")))}  # fmt: skip
        if self.draw(st.booleans()):
            self.tag("join:star")
            delta["star"] = True
        return delta

    def leave(self, state: TeamState) -> Delta:
        self.tag("leave")
        delta = {"op": "leave", "player": self.player(state)}
        # What a reversal of this leave would hold: the join with his whole record.
        (self.gone[delta["player"]],) = inverse([delta], state)
        return delta

    def rejoin(self, state: TeamState) -> Delta:
        self.tag("rejoin")
        key = self.draw(st.sampled_from(sorted(k for k in self.gone if k not in state.players)))
        return self.gone[key]

    def counter(self, state: TeamState, name: str) -> Delta:
        key = self.player(state)
        self.tag(f"counter:{name}")
        now = getattr(state.players[key], name)
        low = -50_000 if name == "value_increase" else -now  # only value_increase goes below 0
        amount = self.draw(st.integers(low, 50_000 if name == "value_increase" else 6))
        return {"op": "player", "player": key, "field": name, "amount": amount}

    def status(self, state: TeamState) -> Delta:
        self.tag("status")
        key = self.player(state)
        now = state.players[key].status
        to = self.draw(st.sampled_from([s for s in STATUSES if s != now]))
        return {"op": "player", "player": key, "field": "status", "from": now, "to": to}

    def rename(self, state: TeamState) -> Delta:
        key = self.player(state)
        field = self.draw(st.sampled_from(("name", "number")))
        self.tag(f"rename:{field}")
        now = getattr(state.players[key], field)
        if field == "name":
            to = self.draw(st.sampled_from([n for n in NAMES if n != now]))
        else:  # a number no other player wears (the rename cause's rule; the delta itself
            # only checks the number it starts from)
            worn = {p.number for p in state.players.values()}
            to = self.draw(st.sampled_from([n for n in range(1, 100) if n not in worn]))
        return {"op": "player", "player": key, "field": field, "from": now, "to": to}

    def characteristic(self, state: TeamState) -> Delta:
        origin = self.draw(st.sampled_from(("advancement", "injury")))
        self.tag(f"characteristic:{origin}")
        amounts = (1, 1, 2, -1) if origin == "advancement" else (-1, -1, -2, 1)
        return {"op": "player", "player": self.player(state), "field": "characteristic",
                "characteristic": self.draw(st.sampled_from(CHARACTERISTICS)),
                "origin": origin, "amount": self.draw(st.sampled_from(amounts))}  # fmt: skip

    def add(self, state: TeamState, field: str, names: tuple[str, ...]) -> Delta:
        key = self.player(state)
        delta = {"op": "player", "player": key, "field": field,
                 field: self.draw(st.sampled_from(names)), "add": True}  # fmt: skip
        if self.draw(st.booleans()):  # back at a place, as a reversal puts it
            held = getattr(state.players[key], "injuries" if field == "injury" else "skills")
            delta["at"] = self.draw(st.integers(0, len(held)))
            self.tag(f"{field}:add_at")
        else:
            self.tag(f"{field}:add")
        return delta

    def remove(self, state: TeamState, field: str, *, at: bool) -> Delta:
        plural = "injuries" if field == "injury" else "skills"
        key = self.player(state, having=plural)
        held = getattr(state.players[key], plural)
        item = self.draw(st.sampled_from(held))  # an item held twice comes up twice as often
        duplicate = "_duplicate" if held.count(item) > 1 else ""
        delta = {"op": "player", "player": key, "field": field, field: item, "add": False}
        if at:  # a named copy, not necessarily the latest
            delta["at"] = self.draw(st.sampled_from([i for i, x in enumerate(held) if x == item]))
            self.tag(f"{field}:remove_at{duplicate}")
        else:
            self.tag(f"{field}:remove{duplicate}")
        return delta

    def roll_add(self, state: TeamState) -> Delta:
        key = self.player(state)
        roll = {"key": f"r{self.next_roll}", "die1": self.draw(st.integers(1, 6)),
                "die2": self.draw(st.integers(1, 6)), "choice": ""}  # fmt: skip
        self.next_roll += 1
        if self.draw(st.booleans()):
            roll.update(source="rolled", seed=self.draw(st.sampled_from(("ab12", "ffff"))))
        else:
            roll.update(source="entered", seed="")
        delta = {"op": "player", "player": key, "field": "roll", "roll": roll, "add": True}
        if self.draw(st.booleans()):
            delta["at"] = self.draw(st.integers(0, len(state.players[key].rolls)))
            self.tag("roll:add_at")
        else:
            self.tag("roll:add")
        return delta

    def roll_remove(self, state: TeamState) -> Delta:
        self.tag("roll:remove")
        key = self.player(state, having="rolls")
        roll = self.draw(st.sampled_from(state.players[key].rolls))
        return {"op": "player", "player": key, "field": "roll", "roll": asdict(roll), "add": False}

    def choice(self, state: TeamState) -> Delta:
        key = self.player(state, having="rolls")
        roll = self.draw(st.sampled_from(state.players[key].rolls))
        if roll.choice and self.draw(st.booleans()):
            to = ""
            self.tag("choice:unchoose")
        else:
            to = self.draw(st.sampled_from([c for c in CHOICES if c != roll.choice]))
            self.tag("choice:change" if roll.choice else "choice:choose")
        return {"op": "player", "player": key, "field": "choice", "roll": roll.key,
                "from": roll.choice, "to": to}  # fmt: skip


@st.composite
def histories(draw: st.DrawFn, max_deltas: int = 25) -> History:
    """A random team and a random valid sequence of deltas from it."""
    before = draw(team_states())
    drawer = Draw(draw, before)
    state, deltas = before, []
    # Uniform lengths (integers() would favour the short ones), still shrinking towards 0.
    for _ in range(draw(st.sampled_from(range(max_deltas + 1)))):
        delta = drawer.one(state)
        state = apply(state, delta)  # a delta that does not apply is a bug in the strategy
        deltas.append(delta)
    return History(before, tuple(deltas), tuple(drawer.tags))


def record_events(history: History) -> None:
    for kind in sorted(set(history.kinds)):
        event(f"op:{kind}")


# --- The strategy reaches everything --------------------------------------------------------


def test_the_strategy_reaches_every_kind_of_delta() -> None:
    seen: Counter[str] = Counter()

    # A fixed, seeded sample (derandomize), generation only: the count must not depend on
    # the example database or on shrinking.
    @settings(
        max_examples=200,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(histories())
    def collect(history: History) -> None:
        seen.update(history.kinds)

    collect()
    assert [kind for kind in KINDS if not seen[kind]] == []
    assert set(seen) <= set(KINDS)  # a kind the list above forgot to name


# --- Properties -----------------------------------------------------------------------------


@settings(max_examples=200)
@given(histories())
def test_the_inverse_takes_any_history_back_exactly(history: History) -> None:
    record_events(history)
    assert replay(inverse(history.deltas, history.before), history.after) == history.before


@settings(max_examples=100)
@given(histories())
def test_the_inverse_of_the_inverse_does_what_the_deltas_did(history: History) -> None:
    record_events(history)
    after = history.after
    undo = inverse(history.deltas, history.before)
    assert replay(inverse(undo, after), history.before) == after


@settings(max_examples=100)
@given(histories(max_deltas=12))
def test_undoing_the_last_k_deltas_gives_the_state_after_the_first_n_minus_k(
    history: History,
) -> None:
    record_events(history)
    after, deltas = history.after, history.deltas
    for kept in range(len(deltas) + 1):
        middle = replay(deltas[:kept], history.before)
        assert replay(inverse(deltas[kept:], middle), after) == middle, f"undoing from {kept}"


@settings(max_examples=100)
@given(histories())
def test_an_undo_survives_being_stored_as_json(history: History) -> None:
    # A reversal entry keeps its deltas in a JSON column: tuples come back as lists, and the
    # undo must still take the team back exactly.
    record_events(history)
    stored = json.loads(json.dumps(inverse(history.deltas, history.before)))
    assert replay(stored, history.after) == history.before


# --- Duplicates, by hand --------------------------------------------------------------------


def one_player(**record: Any) -> TeamState:
    player = PlayerState(number=1, name="Grotbag", position="Lineman", **record)
    return TeamState(players={"p1": player})


def held(state: TeamState, plural: str) -> tuple[str, ...]:
    return getattr(state.players["p1"], plural)


@pytest.mark.parametrize(
    ("field", "plural", "items", "item", "latest", "left_latest", "left_first"),
    [
        # ("Block", "Block", "Dodge"): the latest Block is at 1, the first at 0. Both removals
        # leave ("Block", "Dodge"), so only the undo's place tells which copy went.
        ("skill", "skills", ("Block", "Block", "Dodge"), "Block", 1, ("Block", "Dodge"),
         ("Block", "Dodge")),
        # ("N", "-MA", "N"): the latest N is at 2, the first at 0; they leave different tuples.
        ("injury", "injuries", ("N", "-MA", "N"), "N", 2, ("N", "-MA"), ("-MA", "N")),
    ],
)  # fmt: skip
def test_taking_away_a_duplicate_takes_the_latest_or_the_named_copy_and_undo_puts_it_back(
    field: str,
    plural: str,
    items: tuple[str, ...],
    item: str,
    latest: int,
    left_latest: tuple[str, ...],
    left_first: tuple[str, ...],
) -> None:
    before = one_player(**{plural: items})
    remove = {"op": "player", "player": "p1", "field": field, field: item, "add": False}

    after = apply(before, remove)
    assert held(after, plural) == left_latest
    (undo,) = inverse([remove], before)
    assert (undo["add"], undo["at"]) == (True, latest)
    assert held(apply(after, undo), plural) == items

    first = {**remove, "at": 0}
    after = apply(before, first)
    assert held(after, plural) == left_first
    (undo,) = inverse([first], before)
    assert (undo["add"], undo["at"]) == (True, 0)
    assert held(apply(after, undo), plural) == items


def test_undoing_an_added_duplicate_takes_away_the_copy_that_was_added() -> None:
    # Block goes in at place 0 of ("Dodge", "Block"): the undo must take *that* Block away
    # (place 0), not the latest one (place 2), which would leave ("Block", "Dodge").
    before = one_player(skills=("Dodge", "Block"))
    delta = {"op": "player", "player": "p1", "field": "skill", "skill": "Block", "add": True,
             "at": 0}  # fmt: skip
    after = apply(before, delta)
    assert held(after, "skills") == ("Block", "Dodge", "Block")
    assert replay(inverse([delta], before), after) == before


# --- Deltas that do not fit -----------------------------------------------------------------

ROLL = {"key": "r1", "die1": 5, "die2": 5, "source": "rolled", "seed": "ab12", "choice": "Block"}


def rolled() -> TeamState:
    return one_player(skills=("Block", "Dodge"), injuries=("N",), rolls=(Roll(**ROLL),))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"field": "skill", "skill": "Tackle", "add": False},
         "'Tackle' cannot be taken away: it is not there"),
        ({"field": "injury", "injury": "-AV", "add": False},
         "'-AV' cannot be taken away: it is not there"),
        # Dodge is held, but at place 1: at=0 names the Block.
        ({"field": "skill", "skill": "Dodge", "add": False, "at": 0},
         "'Dodge' cannot be taken away: it is not at place 0"),
        ({"field": "skill", "skill": "Dodge", "add": False, "at": 7},
         "'Dodge' cannot be taken away: it is not at place 7"),
        ({"field": "skill", "skill": "Pro", "add": True, "at": 3},
         "'Pro' cannot go back at place 3"),
        # The same key, but not chosen yet: a stale copy of the roll, not the roll held.
        ({"field": "roll", "roll": {**ROLL, "choice": ""}, "add": False},
         "player p1 has no roll r1 like that to take away"),
        ({"field": "roll", "roll": {**ROLL, "key": "r2"}, "add": False},
         "player p1 has no roll r2 like that to take away"),
        ({"field": "roll", "roll": ROLL, "add": True}, "player p1 rolled r1 twice"),
        ({"field": "choice", "roll": "r1", "from": "", "to": "Dodge"},
         "player p1 roll r1 is 'Block', not 'not chosen'"),
        ({"field": "choice", "roll": "r9", "from": "", "to": "Dodge"},
         "player p1 has no roll r9"),
        ({"field": "characteristic", "characteristic": "MA", "amount": 1, "origin": "training"},
         "a characteristic changes by advancement or injury, not 'training'"),
        # A rename starts from the name and number the player has, never a stale one.
        ({"field": "name", "from": "Ug", "to": "Snikch"},
         "player p1's name is 'Grotbag', not 'Ug'"),
        ({"field": "number", "from": 7, "to": 12}, "player p1's number is 1, not 7"),
    ],
)  # fmt: skip
def test_it_refuses_a_player_delta_that_does_not_fit_and_names_it(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(LedgerError, match=re.escape(message)):
        apply(rolled(), {"op": "player", "player": "p1", **change})


def test_a_choice_undone_from_a_stale_value_is_refused() -> None:
    # The roll was chosen "Block", then changed to "Dodge". Undoing the first choice alone
    # (Block back to not chosen) meets "Dodge" and must not quietly overwrite it.
    before = rolled()
    choose = {"op": "player", "player": "p1", "field": "choice", "roll": "r1", "from": "Block",
              "to": "Dodge"}  # fmt: skip
    after = apply(before, choose)
    stale = {**choose, "from": "Block", "to": ""}
    with pytest.raises(LedgerError, match=re.escape("roll r1 is 'Dodge', not 'Block'")):
        apply(after, stale)
