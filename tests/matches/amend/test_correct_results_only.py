"""Correcting a results-only report (matches/amend/correct.py): Blitz Bowl carries nothing over, so
its corrected report rewrites the result and writes no entry; 1st edition struck off a
player named dead, so a correction that finds him only hurt gives him back, and one that
names a death the report left out strikes him off. The reports are tests/matches/
test_post_game_results.py's."""

from __future__ import annotations

import pytest

from matches.amend.correct import report_correct
from matches.models import PostGame
from matches.services import MatchRefused
from teams.ledger_rows import ledger_differences
from teams.models import LedgerEntry, Team
from teams.services import team_create
from tests.matches.helpers import PLAYED
from tests.matches.post_game.test_post_game_results import BLITZ_REPORT, DEATH, played, roster
from tests.matches.rulesets import FIRST_HUMANS, friendly_of, house_version
from tests.teams.helpers import squad
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

REASON = "The score sheet says otherwise."


@pytest.fixture
def struck_off(home_coach, away_coach):
    """1st edition as a house rule that strikes off the dead (as in test_post_game_results)."""
    version = house_version("first-edition", home_coach, dead_players_removed=True)
    home, away = (
        team_create(coach, version, name, "human", squad(*FIRST_HUMANS))
        for coach, name in ((home_coach, "Bright Crusaders"), (away_coach, "Reikland Reavers"))
    )
    return friendly_of(home, away)


def report(score: tuple[int, int], **content) -> dict:
    return {"played_on": PLAYED, "home_touchdowns": score[0], "away_touchdowns": score[1],
            **content}  # fmt: skip


def result(match) -> str:
    [step] = PostGame.objects.get(match=match).steps["steps"]
    return step["result"]


def test_a_blitz_bowl_result_corrected_rewrites_the_result_and_no_entry(
    blitz_friendly, staff
) -> None:
    match = played(blitz_friendly, 2, 1, BLITZ_REPORT)
    entries = LedgerEntry.objects.count()
    # The Wolves' Challenge points were 5, not 3: 4 + 5 + 1 = 10.
    away = {"challenge_points": 5, "bonus_points": 1, "score": 10}
    done = report_correct(match, staff, REASON, report((2, 1), **{**BLITZ_REPORT, "away": away}))
    assert done.committed
    assert ("Middenheim Wolves score", "8", "10") in done.report
    assert result(match) == (
        "The Reavers 15–10 Middenheim Wolves (touchdowns 2–1): The Reavers win on points."
    )
    assert LedgerEntry.objects.count() == entries


def test_a_first_edition_death_that_was_not_gives_the_player_back(struck_off, staff) -> None:
    match = played(struck_off, 2, 0, {"casualties": [DEATH]})
    assert (4, "Lineman", "dead") in roster(match.away)
    report_correct(match, staff, REASON, report((2, 0)))
    assert (4, "Lineman", "active") in roster(match.away)
    assert "dead" not in result(match)
    assert ledger_differences(Team.objects.get(pk=match.away_id)) == []


def test_a_first_edition_correction_that_would_strike_off_a_team_it_never_changed_is_refused(
    struck_off,
    staff,
) -> None:
    match = played(struck_off, 2, 0, {})
    with unchanged(), pytest.raises(MatchRefused) as refused:
        report_correct(match, staff, REASON, report((2, 0), casualties=[DEATH]))
    assert "revert it and apply it again instead" in str(refused.value)
