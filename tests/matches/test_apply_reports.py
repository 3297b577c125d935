"""`manage.py apply_reports`: the 1st edition and Blitz Bowl reports confirmed before Dugout
applied those rulesets' results are applied once, as confirming them would have been (a dead
player struck off where the league says so), by whoever confirmed them; the match page says
why such a report is not applied until then, and a second run finds nothing."""

from __future__ import annotations

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command

from matches import workflow
from matches.models import Match, PostGame
from matches.post_game.apply import NEVER_APPLIED, applied_state
from teams.models import LedgerCause, LedgerEntry, Player
from teams.services import team_create
from tests.matches.helpers import PLAYED, fresh
from tests.matches.post_game.test_post_game_results import BLITZ_REPORT, DEATH
from tests.matches.rulesets import FIRST_HUMANS, friendly_of, house_version
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db


def confirmed_before(match: Match, home: int, away: int, content: dict) -> Match:
    """A report confirmed as before Dugout applied its ruleset: the result, no post-game
    (and so no ledger entry either)."""
    workflow.report_save(match, match.home.coach, PLAYED, home, away, content)
    workflow.report_submit(match, match.home.coach)
    workflow.report_confirm(fresh(match), match.away.coach)
    post = PostGame.objects.get(match=match)
    LedgerEntry.objects.filter(cause__kind="report", cause__ref=match.pk).delete()
    LedgerCause.objects.filter(kind="report", ref=match.pk).delete()
    Player.objects.filter(team__in=(match.home_id, match.away_id)).update(status="active")
    post.delete()
    return fresh(match)


def run(*args: str) -> str:
    out = StringIO()
    call_command("apply_reports", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def struck_off(home_coach, away_coach) -> Match:
    version = house_version("first-edition", home_coach, dead_players_removed=True)
    home, away = (
        team_create(coach, version, name, "human", squad(*FIRST_HUMANS))
        for coach, name in ((home_coach, "Bright Crusaders"), (away_coach, "Reikland Reavers"))
    )
    return friendly_of(home, away)


def test_the_match_page_says_why_an_old_result_is_not_applied(client, blitz_friendly) -> None:
    match = confirmed_before(blitz_friendly, 2, 1, BLITZ_REPORT)
    assert applied_state(match) == (None, NEVER_APPLIED)
    client.force_login(match.home.coach)
    markup = client.get(f"/matches/{match.pk}/").content.decode()
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))
    assert f"Confirmed, not applied: {NEVER_APPLIED}" in text


def test_it_applies_an_old_blitz_bowl_result_as_its_confirming_coach(blitz_friendly) -> None:
    match = confirmed_before(blitz_friendly, 2, 1, BLITZ_REPORT)
    out = run()
    assert f"Applied match {match.pk}: {match}" in out
    assert "1 report(s) applied." in out
    post = PostGame.objects.get(match=match)
    assert post.applied_by == match.away.coach  # he confirmed it
    assert [step["key"] for step in post.steps["steps"]] == ["result"]
    assert applied_state(fresh(match))[0] == post


def test_it_strikes_off_an_old_first_edition_dead_player(struck_off) -> None:
    match = confirmed_before(struck_off, 2, 0, {"casualties": [DEATH]})
    assert match.away.players.get(number=4).status == "active"
    run()
    assert match.away.players.get(number=4).status == "dead"
    [entry] = LedgerEntry.objects.filter(cause__kind="report", cause__ref=match.pk)
    assert entry.summary == f"Result of {match}: 1 dead, struck off the roster"
    call_command("ledger_check", stdout=StringIO())  # exit 1 on any difference


def test_a_dry_run_lists_and_applies_nothing(blitz_friendly) -> None:
    match = confirmed_before(blitz_friendly, 2, 1, BLITZ_REPORT)
    with unchanged():
        out = run("--dry-run")
    assert out == f"Would apply match {match.pk}: {match}\n"
    assert not PostGame.objects.filter(match=match).exists()


def test_a_second_run_finds_nothing_and_changes_nothing(blitz_friendly) -> None:
    confirmed_before(blitz_friendly, 2, 1, BLITZ_REPORT)
    run()
    with unchanged():
        assert run() == "0 report(s) applied.\n"


def test_applied_and_unconfirmed_reports_are_left_alone(blitz_friendly, first_friendly) -> None:
    workflow.report_save(blitz_friendly, blitz_friendly.home.coach, PLAYED, 2, 1, BLITZ_REPORT)
    workflow.report_submit(blitz_friendly, blitz_friendly.home.coach)  # submitted, not the result
    workflow.report_save(first_friendly, first_friendly.home.coach, PLAYED, 2, 1, {})
    workflow.report_submit(first_friendly, first_friendly.home.coach)
    workflow.report_confirm(fresh(first_friendly), first_friendly.away.coach)  # applied now
    with unchanged():
        assert run() == "0 report(s) applied.\n"
