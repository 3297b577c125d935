"""Every entry of every demo team can be taken out of its history: the rebuild without it
equals building the team afresh from its other causes, or it refuses naming the later entry
the fresh build could not carry out either. A round-1 report is re-enacted as the match
left it: its own changes, on the fresh team's players of the same shirt numbers."""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import pytest
from django.db import transaction

from league.demo import demo_data_create
from rules.engine.team_building import Problem, TeamRefused
from teams import ledger
from teams.ledger_rows import ledger_differences, standing, state_of
from teams.models import LedgerEntry, Team
from teams.rebuild import RebuildRefused, ledger_rebuild
from teams.services import cause_new, entry_append
from tests.teams import reenact as fresh
from tests.teams.reenact import Refusal, a_staff_user, by_number, fresh_state

pytestmark = pytest.mark.django_db


class _RollBack(Exception):
    pass


@contextmanager
def rolled_back():
    """Whatever happens inside is undone afterwards."""
    try:
        with transaction.atomic():
            yield
            raise _RollBack
    except _RollBack:
        pass


def test_every_demo_entry_comes_out_as_a_fresh_build_or_names_its_blocker() -> None:
    demo_data_create()
    staff = a_staff_user()
    outcomes: Counter[str] = Counter()
    for team in Team.objects.order_by("pk"):
        for entry in list(team.ledger.select_related("cause").order_by("sequence")):
            with rolled_back():
                built = reenact(team, entry, staff)
                expected = built if isinstance(built, Refusal) else fresh_state(built)
            with rolled_back():
                outcomes[_rebuilt_as_expected(team, entry, expected, staff)] += 1
    # The Reavers' history has both kinds: taking out the Lineman bought is fine, taking
    # out the SPP adjustment leaves the improvement roll it paid for without its SPP.
    assert outcomes["matched"] >= 5, outcomes
    assert outcomes["refused"] >= 2, outcomes


def reenact(team: Team, without: LedgerEntry, staff) -> Team | Refusal | None:
    """tests.teams.reenact.reenact, with the match reports the demo applied: each re-enacted
    by its own deltas, the original players' keys read as the fresh team's of the same
    numbers (a report is the match's doing, not a service's the team could call again)."""
    entries = [e for e in standing(team.ledger.select_related("cause")) if e.pk != without.pk]
    built: Team | None = None
    numbers: dict[str, int] = {}  # the original team's keys -> shirt numbers
    for entry in entries:
        try:
            if entry.kind == "report":
                built = _report_again(built, entry, numbers)
            else:
                built = fresh._apply(team, built, entry, numbers, staff)
        except TeamRefused as refused:
            return Refusal(entry, " ".join(p.message for p in refused.problems))
    return built


def _report_again(built: Team | None, entry: LedgerEntry, numbers: dict[str, int]) -> Team:
    if built is None:
        raise TeamRefused([Problem("entry", "There is no team: its creation was left out.")])
    keys = {p.number: p.key for p in built.players.on_roster()}
    deltas = []
    for delta in entry.deltas:
        if "player" in delta and delta.get("op") != "join":
            key = keys.get(numbers.get(delta["player"], -1))
            if key is None:
                raise TeamRefused([Problem("player", "That player is not on the team.")])
            delta = {**delta, "player": key}
        deltas.append(delta)
    try:
        entry_append(built, "report", entry.summary, entry.cause, deltas)
    except ledger.LedgerError as error:
        raise TeamRefused([Problem("report", str(error))]) from None
    built.refresh_from_db()
    return built


def _rebuilt_as_expected(team: Team, entry, expected, staff) -> str:
    """Rebuilds `team` without `entry` and checks it against the fresh build `expected`."""
    cause = cause_new("undo", staff, {"entry": entry.sequence, "reason": "check"})
    try:
        ledger_rebuild([team], {entry: None}, cause, "check")
    except RebuildRefused as refused:
        blocker = refused.entry
    else:
        blocker = None
    if blocker is not None:
        assert isinstance(expected, Refusal), (entry, blocker)
        assert blocker.pk == expected.entry.pk, (entry, blocker, expected)
        return "refused"
    team.refresh_from_db()
    assert not isinstance(expected, Refusal), (entry, expected)
    assert by_number(state_of(team)) == expected, entry
    assert ledger_differences(team) == []
    return "matched"


def test_the_reavers_history_is_what_the_demo_promises() -> None:
    demo_data_create()
    team = Team.objects.get(name="Reikland Reavers")
    assert [(e.sequence, e.kind, e.cause.kind) for e in team.ledger.order_by("sequence")] == [
        (1, "creation", "creation"),
        (2, "purchase", "purchase"),
        (3, "adjustment", "adjustment"),
        (4, "roll", "roll"),
        (5, "advancement", "choice"),
        (6, "departure", "departure"),
        (7, "report", "report"),
    ]
    # 1,000,000 - 930,000 at creation = 70,000; a Lineman for 50,000 leaves 20,000; round 1
    # (tests/scenarios/lrb6/demo-round-1-match-1.yaml) wins 60,000 and costs no expenses.
    assert team.treasury == 80_000
    blitzer = team.players.get(number=11)
    # 6 SPP adjusted, then 10 in round 1 (a touchdown, a casualty and the MVP).
    assert (blitzer.spp, blitzer.skills, blitzer.value_increase) == (16, ["Tackle"], 20_000)
    assert team.players.get(number=13).name == "Werner Kopf"
    assert team.players.get(number=1).status == "retired"
    assert team.players.get(number=5).status == "dead"  # D68 61 in round 1
    assert ledger_differences(team) == []
