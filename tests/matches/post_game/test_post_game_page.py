"""The post-game summary page, /matches/<id>/post-game/ (matches/post_game/views.py): the four
steps in order with their dice, and each team's totals (gold, fan factor, each player's SPP,
the improvement rolls now due), readable on a phone; the match page links to it once the
report is applied, or says why it is not. Seen by whoever may see the match; a 404 until
applied. The worked example is tests/matches/post_game/test_post_game.py's."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.seasons import fixture_forfeit
from league.services import league_update
from matches import workflow
from matches.models import Match
from tests.matches.helpers import PLAYED, submitted
from tests.matches.post_game.test_post_game import (
    TABLE_DICE,
    at_the_table,
    gate_recorded,
    reported,
    with_casualty,
)
from tests.matches.post_game.test_post_game_summary import block, spp_lines
from tests.matches.rulesets import friendly_of
from tests.teams.helpers import orc_team
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

STEP_NAMES = [
    "1. Winnings", "2. Fan factor", "3. Most Valuable Player", "4. Star Player Points",
    "5. Casualties and the dead", "6. Value changes", "7. Spiralling expenses", "8. Hire and fire",
]  # fmt: skip


def summary_url(match: Match) -> str:
    return f"/matches/{match.pk}/post-game/"


def text(page) -> str:
    return html.unescape(page.content.decode())


def summary(client, match: Match) -> str:
    page = client.get(summary_url(match))
    assert page.status_code == 200
    return text(page)


def match_page(client, match: Match) -> str:
    page = client.get(f"/matches/{match.pk}/")
    assert page.status_code == 200
    return text(page)


def applied(match: Match) -> Match:
    """The worked example confirmed by the away coach, and so applied."""
    gate_recorded(match)
    reported(match, match.home.coach)
    at_the_table(match, TABLE_DICE)
    return workflow.report_confirm(match, match.away.coach)


def tagged(page: str, testid: str) -> str:
    """The text of the element with `testid` (its first line of markup), tags taken out."""
    start = page.index(f'data-testid="{testid}"')
    line = page[page.rindex("<", 0, start) : page.index("\n", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", line)).strip()


# --- What the page shows ------------------------------------------------------------------


def test_the_summary_shows_the_eight_steps_in_order(client, friendly, away_coach) -> None:
    applied(friendly)
    client.force_login(away_coach)
    page = summary(client, friendly)
    starts = [page.index(f'data-testid="step-{key}"')
              for key in ("winnings", "fan_factor", "mvp", "spp", "casualties", "value_changes",
                          "expenses", "hires")]  # fmt: skip
    assert starts == sorted(starts)
    headings = re.findall(r'<h2 id="step-[a-z_]+">(.*?)</h2>', page)
    assert headings == STEP_NAMES
    assert "Gouged Eye won: (D6 4 + FAME 1 + 1) × 10,000 = 60,000 gp." in page
    assert "Gouged Eye won: 3D6 14, above fan factor 3: 3 → 4." in page
    assert (
        "#6 Blitzer 6: 2 × Touchdown, 1 × Most Valuable Player = 11 SPP (0 → 11), now "
        "Experienced: an improvement roll is due."
    ) in page


def test_each_team_s_totals_show_its_gold_fan_factor_spp_and_the_rolls_due(
    client, friendly, home_coach
) -> None:
    applied(friendly)
    client.force_login(home_coach)
    page = summary(client, friendly)
    assert block(page, "home").startswith("Gouged Eye Treasury +60,000 gp · fan factor +1")
    assert spp_lines(page, "home") == [
        "#6: +11 SPP — an improvement roll is due", "#7: +1 SPP"
    ]  # fmt: skip
    assert block(page, "away").startswith("Da Krumpers Treasury +30,000 gp · fan factor +0")
    assert spp_lines(page, "away") == ["#4: +5 SPP", "#9: +3 SPP"]
    assert page.index('data-testid="totals-away"') < page.index('data-testid="step-winnings"')


def test_the_summary_lists_the_dice_each_step_read(client, friendly, home_coach) -> None:
    applied(friendly)
    page = summary(client, friendly)
    assert ("Dice: winnings for home D6 4 (entered); winnings for away D6 3 (entered)") in page
    assert (
        "Dice: fan factor for home 3D6 3 5 6 (entered); fan factor for away 2D6 2 2 (entered)"
    ) in page
    assert page.count("Dice: ") == 2  # the MVP and SPP steps roll nothing


def test_the_summary_of_a_concession_shows_the_conceder_s_lost_fan_factor(
    client, friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    workflow.report_save(friendly, home_coach, PLAYED, 1, 1, {
        "home": {"mvps": [6, 7]},
        "away": {"players": [{"number": 9, "actions": {"touchdown": 1}}]},
        "concession": {"side": "away", "half": 2, "turn": 3},
    })  # fmt: skip
    workflow.report_submit(friendly, home_coach)
    at_the_table(friendly, {p: v for p, v in TABLE_DICE.items() if p != "fan factor for away"})
    workflow.report_confirm(friendly, away_coach)
    page = summary(client, friendly)
    assert block(page, "home").startswith("Gouged Eye Treasury +90,000 gp · fan factor +1")
    assert spp_lines(page, "home") == [
        "#6: +5 SPP", "#7: +5 SPP"
    ]  # fmt: skip
    assert block(page, "away").startswith("Da Krumpers Treasury +0 gp · fan factor −1")
    assert spp_lines(page, "away") == ["#9: +3 SPP"]
    assert "Da Krumpers conceded: fan factor 3 → 2 without a roll." in page


def test_the_page_is_laid_out_for_a_phone(client, friendly) -> None:
    """The viewport is the phone's, every table scrolls inside its own box rather than the
    page, and nothing is left to a tooltip."""
    applied(friendly)
    page = summary(client, friendly)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert page.count("<table>") == 4
    assert page.count('<div class="table-scroll"><table>') == 4
    assert " title=" not in page


# --- The match page -----------------------------------------------------------------------


def test_the_match_page_links_to_the_summary_once_the_report_is_applied(
    client, friendly, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    submitted(friendly, home_coach)
    assert client.get(summary_url(friendly)).status_code == 404
    assert 'data-testid="applied"' not in match_page(client, friendly)
    workflow.report_confirm(friendly, away_coach)
    page = match_page(client, friendly)
    assert tagged(page, "applied").endswith(
        ": read the post-game summary (winnings, fan factor, SPP, casualties, expenses, who "
        "joins and who leaves)."
    )
    assert f'<a href="{summary_url(friendly)}">read the post-game summary</a>' in page
    assert 'data-testid="not-applied"' not in page
    assert client.get(summary_url(friendly)).status_code == 200


def test_a_report_with_casualties_is_applied_and_its_summary_reads_the_casualty(
    client, friendly, home_coach, away_coach
) -> None:
    gate_recorded(friendly)
    with_casualty(friendly, home_coach)
    at_the_table(friendly, TABLE_DICE)
    workflow.report_confirm(friendly, away_coach)
    client.force_login(home_coach)
    page = match_page(client, friendly)
    assert 'data-testid="applied"' in page
    assert 'data-testid="not-applied"' not in page
    assert "Da Krumpers #3 " in summary(client, friendly)


def test_a_first_edition_report_is_applied_and_the_match_page_says_it_records_the_result(
    client, first_friendly, home_coach, away_coach
) -> None:
    submitted(first_friendly, home_coach)
    workflow.report_confirm(first_friendly, away_coach)
    page = match_page(client, first_friendly)
    assert tagged(page, "applied").endswith(": read the post-game summary (the result).")
    assert 'data-testid="not-applied"' not in page
    assert client.get(summary_url(first_friendly)).status_code == 200


def test_a_report_waiting_for_the_commissioner_is_not_said_to_be_unapplied(
    client, waiting_match, commissioner
) -> None:
    applied(waiting_match)  # confirmed: it waits for the commissioner
    client.force_login(commissioner)
    page = match_page(client, waiting_match)
    assert 'data-testid="not-applied"' not in page
    assert 'data-testid="applied"' not in page
    assert client.get(summary_url(waiting_match)).status_code == 404
    workflow.report_approve(waiting_match, commissioner)
    assert "read the post-game summary" in match_page(client, waiting_match)
    assert spp_lines(summary(client, waiting_match), "home")[0] == (
        "#6: +11 SPP — an improvement roll is due"
    )


def test_a_forfeit_has_no_summary_and_its_match_page_shows_the_forfeit(
    client, fixture_match, home_coach, home_team, commissioner
) -> None:
    fixture_forfeit(fixture_match.fixture, commissioner, home_team)
    client.force_login(home_coach)
    with unchanged():
        assert client.get(summary_url(fixture_match)).status_code == 404
    page = match_page(client, fixture_match)
    assert "Gouged Eye forfeited" in page
    assert 'data-testid="applied"' not in page


# --- Who sees it --------------------------------------------------------------------------


def test_an_outsider_sees_a_friendly_s_summary_as_he_sees_the_friendly(
    client, friendly, outsider
) -> None:
    applied(friendly)
    assert "Gouged Eye Treasury +60,000 gp" in block(summary(client, friendly), "home")
    client.force_login(outsider)
    assert client.get(f"/matches/{friendly.pk}/").status_code == 200
    assert "Da Krumpers Treasury +30,000 gp" in block(summary(client, friendly), "away")


@pytest.mark.parametrize("public", [True, False])
def test_a_private_league_s_summary_is_hidden_from_an_outsider(
    client, public, fixture_match, outsider, home_coach, commissioner
) -> None:
    league_update(fixture_match.fixture.season.league, commissioner, {"public": public})
    applied(fixture_match)
    client.force_login(outsider)
    match_status = client.get(f"/matches/{fixture_match.pk}/").status_code
    assert client.get(summary_url(fixture_match)).status_code == match_status
    assert match_status == (200 if public else 404)
    client.force_login(home_coach)
    assert client.get(summary_url(fixture_match)).status_code == 200


def test_only_get_reads_the_summary(client, friendly, home_coach) -> None:
    applied(friendly)
    client.force_login(home_coach)
    with unchanged():
        assert client.post(summary_url(friendly)).status_code == 405


# --- Query count ----------------------------------------------------------------------------


def queries_to_show(client, match: Match) -> int:
    with CaptureQueriesContext(connection) as shown:
        summary(client, match)
    return len(shown.captured_queries)


def test_the_summary_costs_the_same_for_two_lines_as_for_eleven(
    client, friendly, home_coach, away_coach, lrb6
) -> None:
    applied(friendly)
    client.force_login(home_coach)
    few = queries_to_show(client, friendly)
    bigger = friendly_of(orc_team(home_coach, lrb6, "Gouged Eye II"),
                         orc_team(away_coach, lrb6, "Da Krumpers II"))  # fmt: skip
    lines = {"players": [{"number": n, "actions": {"completion": 1}} for n in range(1, 12)],
             "mvps": [1]}  # fmt: skip
    gate_recorded(bigger)
    workflow.report_save(bigger, home_coach, PLAYED, 2, 1, {"home": lines, "away": lines})
    workflow.report_submit(bigger, home_coach)
    at_the_table(bigger, TABLE_DICE)
    workflow.report_confirm(bigger, away_coach)
    assert len(spp_lines(summary(client, bigger), "home")) == 11
    assert queries_to_show(client, bigger) == few


# --- On a phone ---------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_summary_fits_the_screen_and_reads_in_order(live_server) -> None:
    from playwright.sync_api import expect

    from rules.selectors import version_get
    from tests.browser.conftest import PHONE, screen_launch
    from tests.browser.steps import coach_create, rulesets_load

    rulesets_load("lrb6")
    varag, griff = coach_create("varag", "post-game-1"), coach_create("griff", "post-game-2")
    lrb6 = version_get("lrb6")
    match = friendly_of(orc_team(varag, lrb6, "Gouged Eye"), orc_team(griff, lrb6, "Da Krumpers"))
    applied(match)
    with screen_launch() as phone:
        page = phone.page
        page.goto(f"{live_server.url}{summary_url(match)}")
        assert page.viewport_size == PHONE
        steps = page.locator("section.post-game-step h2")
        expect(steps).to_have_text(STEP_NAMES)
        expect(page.get_by_test_id("totals-home")).to_contain_text(
            "#6: +11 SPP — an improvement roll is due"
        )
        expect(page.get_by_test_id("totals-away")).to_contain_text(
            "Treasury +30,000 gp · fan factor +0"
        )
        expect(page.get_by_test_id("step-winnings")).to_contain_text("winnings for home D6 4")
        assert phone.horizontal_overflow() == 0
        assert phone.aborted == []
