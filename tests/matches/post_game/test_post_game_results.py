"""Applying a results-only report (matches/post_game/apply.py with rules.engine.post_game.results):
a confirmed Blitz Bowl or 1st edition report is applied once, through the same engine, with
the one step "The result"; nothing about either team changes but, in 1st edition with
dead_players_removed on, the dead leave the roster in one ledger entry caused by the
report. The summary page and the API show the step and no gold, fans or SPP."""

from __future__ import annotations

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command

from matches import workflow
from matches.models import Match, PostGame
from matches.post_game.apply import not_applied_why, post_game_apply
from matches.services import MatchRefused
from teams.models import LedgerEntry, Team
from teams.services import team_create
from tests.matches.helpers import PLAYED, fresh
from tests.matches.rulesets import FIRST_HUMANS, friendly_of, house_version
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

# 004: 4 points a touchdown, a Challenge card its printed points, 2 a Clean Sweep. The
# Reavers: 2 touchdowns (8) + 5 Challenge points + 1 Clean Sweep (2) = 15; the Wolves:
# 1 touchdown (4) + 3 Challenge points + 1 Bonus Play point = 8. Seven behind: on points.
BLITZ_REPORT = {
    "home": {"challenge_points": 5, "clean_sweeps": 1, "score": 15},
    "away": {"challenge_points": 3, "bonus_points": 1, "score": 8},
    "win_type": "points",
}
DEATH = {"victim": {"side": "away", "number": 4}, "causer": {"side": "home", "number": 9},
         "action": "block"}  # fmt: skip


def played(match: Match, home: int, away: int, content: dict) -> Match:
    """Reported by the home coach and confirmed by the away coach."""
    workflow.report_save(match, match.home.coach, PLAYED, home, away, content)
    workflow.report_submit(match, match.home.coach)
    return workflow.report_confirm(fresh(match), match.away.coach)


def roster(team: Team) -> list[tuple[int, str, str]]:
    return list(
        Team.objects.get(pk=team.pk).players.values_list("number", "position__name", "status")
    )


def page_text(client, url: str) -> str:
    """The page as a reader sees it: tags out, spaces collapsed."""
    markup = client.get(url).content.decode()
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def ledger_clean() -> None:
    out = StringIO()
    call_command("ledger_check", stdout=out)  # CommandError (exit 1) on any difference


@pytest.fixture
def struck_off(home_coach, away_coach) -> Match:
    """1st edition as a house rule that strikes off the dead, every Veterans Rule in play."""
    version = house_version("first-edition", home_coach, dead_players_removed=True)
    home, away = (
        team_create(coach, version, name, "human", squad(*FIRST_HUMANS))
        for coach, name in ((home_coach, "Bright Crusaders"), (away_coach, "Reikland Reavers"))
    )
    return friendly_of(home, away)


# --- Blitz Bowl -----------------------------------------------------------------------------


def test_a_confirmed_blitz_bowl_report_is_applied_with_the_one_step_of_its_result(
    blitz_friendly,
) -> None:
    before = [roster(blitz_friendly.home), roster(blitz_friendly.away)]
    entries = LedgerEntry.objects.count()
    match = played(blitz_friendly, 2, 1, BLITZ_REPORT)
    assert (match.status, not_applied_why(match)) == ("confirmed", "")
    post = PostGame.objects.get(match=match)
    [step] = post.steps["steps"]
    assert (step["key"], step["name"], step["dice"], step["changes"]) == (
        "result", "The result", [], []
    )  # fmt: skip
    assert step["result"] == (
        "The Reavers 15–8 Middenheim Wolves (touchdowns 2–1): The Reavers win on points."
    )
    assert step["inputs"] == {
        "home_touchdowns": 2, "away_touchdowns": 1, "home_score": 15, "away_score": 8,
        "win_type": "points",
    }  # fmt: skip
    assert [roster(match.home), roster(match.away)] == before
    assert LedgerEntry.objects.count() == entries  # nothing to keep: no entry at all
    ledger_clean()


def test_a_blitz_bowl_report_is_applied_once(blitz_friendly) -> None:
    match = played(blitz_friendly, 2, 1, BLITZ_REPORT)
    first = PostGame.objects.get(match=match)
    with unchanged():
        assert post_game_apply(fresh(match), match.away.coach) == first


def test_the_blitz_bowl_summary_page_shows_the_result_and_no_money_fans_or_spp(
    client, blitz_friendly
) -> None:
    match = played(blitz_friendly, 2, 1, BLITZ_REPORT)
    client.force_login(match.home.coach)
    page = html.unescape(client.get(f"/matches/{match.pk}/post-game/").content.decode())
    assert "1. The result" in page
    assert "The Reavers 15–8 Middenheim Wolves (touchdowns 2–1): The Reavers win on points." in page
    assert page.count("Nothing carries over to the next match.") == 2
    for absent in ("Treasury", "fan factor", "SPP"):
        assert absent not in page
    detail = page_text(client, f"/matches/{match.pk}/")
    assert "read the post-game summary (the result)." in detail


def test_the_api_answers_the_applied_result(client, blitz_friendly) -> None:
    match = played(blitz_friendly, 2, 1, BLITZ_REPORT)
    client.force_login(match.away.coach)
    answer = client.get(f"/api/matches/{match.pk}/post-game/")
    assert answer.status_code == 200
    [step] = answer.json()["steps"]
    assert step["key"] == "result"
    assert step["result"].endswith("The Reavers win on points.")


# --- 1st edition ----------------------------------------------------------------------------


def test_a_first_edition_report_is_applied_and_changes_nothing_where_no_one_is_struck_off(
    first_friendly,
) -> None:
    before = [roster(first_friendly.home), roster(first_friendly.away)]
    entries = LedgerEntry.objects.count()
    match = played(first_friendly, 2, 1, {})
    [step] = PostGame.objects.get(match=match).steps["steps"]
    assert step["result"] == "Bright Crusaders 2–1 Reikland Reavers: Bright Crusaders win."
    assert step["inputs"]["dead_players_removed"] is False
    assert [roster(match.home), roster(match.away)] == before
    assert LedgerEntry.objects.count() == entries


def test_a_first_edition_death_strikes_the_player_off_in_one_entry_caused_by_the_report(
    struck_off,
) -> None:
    match = played(struck_off, 2, 0, {"casualties": [DEATH]})
    [step] = PostGame.objects.get(match=match).steps["steps"]
    assert step["result"] == (
        "Bright Crusaders 2–0 Reikland Reavers: Bright Crusaders win. "
        "Reikland Reavers's #4 Lineman 4 is dead: struck off the roster."
    )
    assert (4, "Lineman", "dead") in roster(match.away)
    assert all(status == "active" for _, _, status in roster(match.home))
    [entry] = LedgerEntry.objects.filter(cause__kind="report", cause__ref=match.pk)
    assert entry.team_id == match.away_id
    assert entry.summary == f"Result of {match}: 1 dead, struck off the roster"
    assert [delta["op"] for delta in entry.deltas] == ["player"]
    assert (entry.deltas[0]["field"], entry.deltas[0]["to"]) == ("status", "dead")
    ledger_clean()
    with unchanged():
        post_game_apply(fresh(match), match.home.coach)


def test_the_struck_off_player_is_gone_from_the_team_page_and_the_summary_names_him(
    client, struck_off
) -> None:
    match = played(struck_off, 2, 0, {"casualties": [DEATH]})
    client.force_login(match.away.coach)
    summary = html.unescape(client.get(f"/matches/{match.pk}/post-game/").content.decode())
    assert "#4 Lineman 4: dead" in summary
    assert "Nothing carries over" in summary  # for the Crusaders, who lost nobody
    detail = page_text(client, f"/matches/{match.pk}/")
    assert "read the post-game summary (the result and who is struck off)." in detail


def test_a_failed_first_edition_report_changes_no_team(struck_off) -> None:
    # A touchdown target of 2: a 3-0 is no result, and the death it names is not applied.
    coach = struck_off.home.coach
    with unchanged(), pytest.raises(MatchRefused) as refused:
        workflow.report_save(struck_off, coach, PLAYED, 3, 0, {"casualties": [DEATH]})
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("home_touchdowns", "This league plays to 2 touchdowns: the winner scores exactly 2 "
         "and the loser fewer, not 3–0."),
    ]  # fmt: skip
    assert not PostGame.objects.filter(match=struck_off).exists()


def test_the_blitz_bowl_match_page_leads_with_the_points_and_the_touchdowns_beside_them(
    client, blitz_friendly
) -> None:
    # 1 touchdown (4) + 10 Challenge points = 14 beats 3 touchdowns (12): the points decide.
    report = {"home": {"challenge_points": 10, "score": 14}, "away": {"score": 12},
              "win_type": "points"}  # fmt: skip
    match = played(blitz_friendly, 1, 3, report)
    client.force_login(match.home.coach)
    detail = page_text(client, f"/matches/{match.pk}/")
    assert "The Reavers 14–12 Middenheim Wolves (1–3 TD)" in detail
    assert "The Reavers 1–3 Middenheim Wolves" not in detail
