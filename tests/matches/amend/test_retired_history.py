"""A retired team's history (teams/rebuild.py, `retired_check`): a report of a game it played
before it retired may still be reverted, applied again or corrected, and every entry that
rewrites its history says so while the team stays retired; nothing else changes it, and
each refusal names the team.

The game is tests/matches/post_game/test_post_game.py's worked example, a friendly: Gouged Eye beat
Da Krumpers 2-1 (Gouged Eye won 60,000 gp and a fan); then Gouged Eye retire."""

from __future__ import annotations

import datetime

import pytest

from league.retirement import team_retire
from matches.amend.correct import report_correct
from matches.amend.reapply import report_reapply
from matches.amend.revert import report_revert
from matches.models import Match
from rules.engine.purchases import Purchase
from rules.engine.team_building import TeamRefused
from teams.between_matches import team_purchase
from teams.models import LedgerEntry, Team
from teams.undo import entry_undo
from tests.matches.amend.test_correct import body
from tests.matches.amend.test_correct import played as played_with
from tests.matches.amend.test_revert import REASON, clean, state
from tests.matches.post_game.test_post_game_casualties import BROKEN_RIBS, DEAD, casualty
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

AGAIN = "It was the right game after all."
MARK = "After retirement: "


def retired(team: Team) -> Team:
    team_retire(Team.objects.get(pk=team.pk), team.coach)
    return Team.objects.get(pk=team.pk)


def written_since(team: Team, count: int) -> list[LedgerEntry]:
    return list(LedgerEntry.objects.filter(team=team).order_by("sequence")[count:])


def test_a_game_played_before_retiring_may_be_reverted_and_its_entries_say_so(
    applied_report, home_team, away_team, staff
) -> None:
    gone = retired(home_team)
    count = LedgerEntry.objects.filter(team=home_team).count()
    report_revert(applied_report, staff, REASON)
    latest = written_since(home_team, count)
    assert [entry.kind for entry in latest] == ["reversal"]
    assert latest[0].summary.startswith(f"{MARK}Reverses #")
    assert state(home_team).treasury == 70_000  # the 60,000 gp won are taken back
    assert Team.objects.get(pk=home_team.pk).retired_at == gone.retired_at  # stays retired
    # Da Krumpers never retired: their entries read as any revert's.
    assert not LedgerEntry.objects.filter(team=away_team, summary__startswith=MARK).exists()
    clean(home_team, away_team)


def test_a_reverted_game_applied_again_after_retiring_says_so_and_the_team_stays_retired(
    applied_report, home_team, away_team, staff
) -> None:
    report_revert(applied_report, staff, REASON)
    gone = retired(home_team)
    count = LedgerEntry.objects.filter(team=home_team).count()
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    latest = written_since(home_team, count)
    assert [entry.kind for entry in latest] == ["report"]
    assert latest[0].summary.startswith(MARK)
    assert latest[0].summary.endswith("applied again)")
    assert state(home_team).treasury == 130_000
    assert Team.objects.get(pk=home_team.pk).retired_at == gone.retired_at
    clean(home_team, away_team)


def test_a_game_corrected_after_the_loser_retired_rewrites_its_history_and_says_so(
    home_team, away_team, staff
) -> None:
    hurt = played_with(home_team, away_team, body(casualty(3, BROKEN_RIBS)))
    gone = retired(away_team)
    count = LedgerEntry.objects.filter(team=away_team).count()
    report_correct(hurt, staff, "The D68 was 61, not 41.", body(casualty(3, DEAD)))
    latest = written_since(away_team, count)
    assert latest
    assert all(entry.summary.startswith(MARK) for entry in latest)
    assert Team.objects.get(pk=away_team.pk).players.get(number=3).status == "dead"
    assert Team.objects.get(pk=away_team.pk).retired_at == gone.retired_at
    clean(home_team, away_team)


def test_a_second_rewrite_marks_its_entries_once(applied_report, home_team, staff) -> None:
    retired(home_team)
    report_revert(applied_report, staff, REASON)
    report_reapply(Match.objects.get(pk=applied_report.pk), staff, AGAIN)
    again = LedgerEntry.objects.filter(team=home_team, kind="report").order_by("sequence").last()
    assert again.summary.count(MARK) == 1
    assert again.summary.count("applied again") == 1


def test_undoing_a_retired_teams_purchase_is_refused_naming_the_team(home_team, staff) -> None:
    team_purchase(Team.objects.get(pk=home_team.pk), home_team.coach,
                  Purchase("player", "Lineman", 1), names=["Snag"], numbers=[12])  # fmt: skip
    bought = LedgerEntry.objects.filter(team=home_team).order_by("sequence").last()
    retired(home_team)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        entry_undo(bought, staff, "Bought by mistake.")
    assert [problem.message for problem in refused.value.problems] == [
        "Gouged Eye is retired: it can be read but not changed, and this would change it."
    ]


def test_an_entry_made_after_the_retirement_stands(applied_report, home_team, staff) -> None:
    """Unreachable through the site (a retired team plays and buys nothing), so the
    retirement is dated back past the game: the game then came after it, and stands."""
    retired(home_team)
    before_the_game = applied_report.changed_at - datetime.timedelta(days=1)
    Team.objects.filter(pk=home_team.pk).update(retired_at=before_the_game)
    with unchanged(), pytest.raises(TeamRefused) as refused:
        report_revert(applied_report, staff, REASON)
    [problem] = refused.value.problems
    assert problem.field == "team"
    assert problem.message.startswith(f"Gouged Eye retired on {before_the_game:%d %b %Y}: entry #")
    assert problem.message.endswith("came after, and stands.")
