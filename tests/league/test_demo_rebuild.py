"""Every entry of every demo team can be taken out of its history: the rebuild without it
equals building the team afresh from its other causes, or it refuses naming the later entry
the fresh build could not carry out either."""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import pytest
from django.db import transaction

from league.demo import demo_data_create
from teams.ledger_rows import ledger_differences, state_of
from teams.models import Team
from teams.rebuild import RebuildRefused, ledger_rebuild
from teams.services import cause_new
from tests.teams.reenact import Refusal, a_staff_user, by_number, fresh_state, reenact

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
                fresh = reenact(team, entry, staff)
                expected = fresh if isinstance(fresh, Refusal) else fresh_state(fresh)
            with rolled_back():
                outcomes[_rebuilt_as_expected(team, entry, expected, staff)] += 1
    # The Reavers' history has both kinds: taking out the Lineman bought is fine, taking
    # out the SPP adjustment leaves the improvement roll it paid for without its SPP.
    assert outcomes["matched"] >= 5, outcomes
    assert outcomes["refused"] >= 2, outcomes


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
    ]
    # 1,000,000 - 930,000 at creation = 70,000; a Lineman for 50,000 leaves 20,000.
    assert team.treasury == 20_000
    blitzer = team.players.get(number=11)
    assert (blitzer.spp, blitzer.skills, blitzer.value_increase) == (6, ["Tackle"], 20_000)
    assert team.players.get(number=13).name == "Werner Kopf"
    assert team.players.get(number=1).status == "retired"
    assert ledger_differences(team) == []
