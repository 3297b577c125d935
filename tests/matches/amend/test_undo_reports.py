"""An undo works every later match report of its team out again (teams/undo.py, through
teams.seams.reports, answered by matches/amend/revert.py): a player whose hiring is undone never
played, so a report he took part in stops the undo, named; a purchase undone changes what a
later kick-off gave the opponent, whose ledger is rebuilt too.

The match is tests/matches/amend/test_revert_kick_off.py's second game: Gouged Eye at home to Da
Krumpers, who induce Bloodweiser Babes (50,000 gp) with the petty cash the difference in
team value gives them and then their treasury."""

from __future__ import annotations

import pytest

from rules.engine.purchases import Purchase
from teams.between_matches import team_purchase
from teams.models import LedgerEntry, Team
from teams.rebuild import RebuildRefused
from teams.undo import entry_undo
from tests.matches.amend.test_revert import clean, played, state
from tests.matches.amend.test_revert_kick_off import kick_off, kicked_off, never_played
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

WHY = "Bought by mistake."


def latest(team: Team) -> LedgerEntry:
    return Team.objects.get(pk=team.pk).ledger.order_by("-sequence").first()


def test_undoing_the_hiring_of_a_player_who_has_played_since_is_refused_naming_the_game(
    home_team, away_team, home_coach, staff
) -> None:
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("player", "Lineman", 1), names=["Snag"], numbers=[12])  # fmt: skip
    bought = latest(home_team)
    match = played(home_team, away_team)  # Snag took part
    with unchanged(), pytest.raises(RebuildRefused) as refused:
        entry_undo(bought, staff, WHY)
    [problem] = refused.value.problems
    assert f"#12 Snag of Gouged Eye took part in {match}, but by then he had not been hired." in (
        problem.message
    )


def test_undoing_a_purchase_gives_the_opponent_the_petty_cash_it_would_have_had(
    home_team, away_team, home_coach, staff
) -> None:
    # An assistant coach: 10,000 gp of Gouged Eye's team value, and so of Da Krumpers' petty
    # cash at the next kick-off (10,000 of their 50,000 bill; 40,000 from their treasury).
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("staff", "assistant_coach", 1))  # fmt: skip
    coach_bought = latest(home_team)
    match = kicked_off(home_team, away_team, {"bloodweiser_babes": 1})
    assert kick_off(match)["away"][1:3] == (10_000, 40_000)
    never, rival = never_played(home_team, away_team)
    alone = kicked_off(never, rival, {"bloodweiser_babes": 1})
    entry_undo(coach_bought, staff, WHY)
    assert kick_off(match) == kick_off(alone)
    assert kick_off(match)["away"][1:3] == (0, 50_000)
    assert state(home_team) == state(never)
    assert state(away_team) == state(rival)  # 10,000 gp less: the babes cost them more
    # Da Krumpers' inducements and report reversed under the undo's cause, then applied again.
    ledger = Team.objects.get(pk=away_team.pk).ledger.order_by("sequence")
    assert [entry.kind for entry in ledger][-4:] == ["reversal", "reversal", "inducements",
                                                     "report"]  # fmt: skip
    reversal = ledger.filter(kind="reversal").first()
    assert reversal.cause.kind == "undo"
    assert WHY in reversal.summary
    clean(home_team, away_team)


def test_undoing_a_purchase_no_report_depends_on_leaves_the_opponent_alone(
    home_team, away_team, home_coach, staff
) -> None:
    played(home_team, away_team)  # no kick-off values: nothing of the opponent's follows
    team_purchase(Team.objects.get(pk=home_team.pk), home_coach,
                  Purchase("staff", "assistant_coach", 1))  # fmt: skip
    opponent = list(LedgerEntry.objects.filter(team=away_team).values_list("pk", flat=True))
    entry_undo(latest(home_team), staff, WHY)
    assert list(LedgerEntry.objects.filter(team=away_team).values_list("pk", flat=True)) == (
        opponent
    )
    clean(home_team, away_team)
