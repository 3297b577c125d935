"""The match page's "Before kick-off" section (matches/kick_off/lrb6_page.py): what each step
offers each coach, its forms posted through the one action view, refusals shown with their
problems (400, nothing spent), and the page read in the same queries however far the teams
are. The worked example is the issue's: a Human team with 9 players able to play and a team
value of 900,000 (treasury 30,000) meets a team of 1,400,000."""

from __future__ import annotations

import html

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.dice import dice_enter
from matches.kick_off.lrb6 import inducements_buy, journeymen_take
from matches.models import KickOff, Match
from rules.engine.inducements import Request
from teams.models import LedgerEntry
from tests.matches.kick_off import test_kick_off as service_tests
from tests.unchanged import unchanged

pytestmark = pytest.mark.django_db

# The two teams (a Human team worth 900,000 with 9 players able to play and 30,000
# in the treasury; Orcs worth 1,400,000) and their friendly, as the service tests build them.
humans, giants, match = service_tests.humans, service_tests.giants, service_tests.match


@pytest.fixture
def fixed(match, home_coach, away_coach) -> Match:
    """Both teams have their journeymen: the Humans two Linemen, the Giants none."""
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    journeymen_take(match, away_coach, "away", [])
    return match


def url(match: Match, action: str = "") -> str:
    return f"/matches/{match.pk}/{action}/" if action else f"/matches/{match.pk}/"


def page_text(client, match: Match) -> str:
    page = client.get(url(match))
    assert page.status_code == 200
    return html.unescape(page.content.decode())


def section(text: str) -> str:
    start = text.index('id="kick-off-heading"')
    return text[start : text.index("</section>", start)]


def done(client, response, match: Match) -> str:
    assert response.status_code == 302, html.unescape(response.content.decode())
    return page_text(client, match)


def test_the_home_coach_is_offered_journeymen_from_the_lineman_position_only(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    shown = section(page_text(client, match))
    assert "Reikland Reavers has 9 players able to play: it may take up to 2 journeymen" in shown
    assert 'name="count_Lineman"' in shown
    assert 'name="count_Blitzer"' not in shown
    assert "Take no journeymen" not in shown


def test_a_team_with_eleven_able_players_is_told_why_it_takes_none(
    client, match, away_coach
) -> None:
    client.force_login(away_coach)
    shown = section(page_text(client, match))
    assert "Da Giants has 11 players able to play: it takes none." in shown
    assert "Take no journeymen" in shown
    assert 'name="count_' not in shown


def test_posting_both_journeymen_forms_fixes_the_values_and_petty_cash(
    client, match, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "count_Lineman": "2"}
    text = done(client, client.post(url(match, "journeymen"), posted), match)
    assert "Journeymen taken." in text
    assert "Journeymen: Lineman ×2" in section(text)
    client.force_login(away_coach)
    done(client, client.post(url(match, "journeymen"), {"side": "away"}), match)
    rows = {row.side: row for row in KickOff.objects.filter(match=match)}
    assert (rows["home"].value, rows["home"].petty_cash) == (1_000_000, 400_000)
    assert (rows["away"].value, rows["away"].petty_cash) == (1_400_000, 0)
    shown = section(page_text(client, match))
    for amount in ("1,000,000 gp", "400,000 gp", "1,400,000 gp"):
        assert amount in shown


def test_too_many_journeymen_are_refused_with_the_problem_and_nothing_is_taken(
    client, match, home_coach
) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = client.post(url(match, "journeymen"), {"side": "home", "count_Lineman": "3"})
    assert page.status_code == 400
    text = html.unescape(page.content.decode())
    assert "Reikland Reavers may take 2 journeymen to reach 11, not 3." in text
    assert 'value="3"' in section(text)  # the form as typed


def test_a_count_that_is_no_number_is_refused_by_name(client, match, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = client.post(url(match, "journeymen"), {"side": "home", "count_Lineman": "two"})
    assert page.status_code == 400
    assert "'two' is not a number of Lineman journeymen." in html.unescape(page.content.decode())


def test_the_inducements_form_offers_what_the_rules_allow_with_the_budget(
    client, fixed, home_coach
) -> None:
    client.force_login(home_coach)
    shown = section(page_text(client, fixed))
    assert "Budget: 400,000 gp of petty cash + up to 30,000 gp from the treasury = 430,000 gp" in (
        shown
    )
    assert "Wizard (150,000 gp, 0-1)" in shown
    assert "Igor: only for teams that may not have an apothecary." in shown
    assert 'name="item_igor"' not in shown
    assert "Mighty Zug (260,000 gp)" in shown
    assert 'name="mercenary_position"' in shown
    assert "Blitzer (120,000 gp)" in shown  # 90,000 + the 30,000 surcharge


def test_the_opponent_is_offered_no_inducements_form_for_the_other_team(
    client, fixed, away_coach
) -> None:
    client.force_login(away_coach)
    shown = section(page_text(client, fixed))
    assert shown.count('action="' + url(fixed, "inducements") + '"') == 1
    assert 'value="away"' in shown


def test_posting_the_inducements_shows_the_bill_and_pays_the_rest_from_the_treasury(
    client, fixed, humans, home_coach
) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "item_wizard": "1", "item_bribes": "", "stars": ["Mighty Zug", ""],
              "mercenary_position": ["", ""], "mercenary_skill": ["", ""]}  # fmt: skip
    text = done(client, client.post(url(fixed, "inducements"), posted), fixed)
    assert "Inducements bought." in text
    shown = section(text)
    for line in ("Wizard", "150,000", "Mighty Zug", "260,000", "410,000"):
        assert line in shown
    assert "From the treasury: 10,000 gp" in shown
    assert 'action="' + url(fixed, "inducements") + '"' not in shown
    humans.refresh_from_db()
    assert humans.treasury == 20_000
    [entry] = LedgerEntry.objects.filter(team=humans, kind="inducements")
    assert entry.deltas == [{"op": "treasury", "amount": -10_000}]


def test_a_mercenary_with_an_extra_skill_is_hired_from_the_form(client, fixed, home_coach) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "mercenary_position": ["Blitzer", ""],
              "mercenary_skill": ["Tackle", ""]}  # fmt: skip
    shown = section(done(client, client.post(url(fixed, "inducements"), posted), fixed))
    assert "Mercenary Blitzer" in shown
    assert "170,000" in shown  # 90,000 + 30,000 + 50,000


def test_over_budget_inducements_are_refused_with_the_problem_and_nothing_is_spent(
    client, fixed, humans, home_coach
) -> None:
    client.force_login(home_coach)
    posted = {"side": "home", "item_wizard": "1", "item_bribes": "1", "stars": ["Mighty Zug"]}
    with unchanged():
        page = client.post(url(fixed, "inducements"), posted)
    assert page.status_code == 400
    text = html.unescape(page.content.decode())
    assert (
        "The inducements cost 510,000; Reikland Reavers has 400,000 of petty cash and may add "
        "30,000 from its treasury."
    ) in text
    assert '<option value="Mighty Zug" data-each="260000" selected>' in section(text)
    humans.refresh_from_db()
    assert humans.treasury == 30_000


def test_inducements_before_the_values_are_fixed_are_refused(client, match, home_coach) -> None:
    client.force_login(home_coach)
    with unchanged():
        page = client.post(url(match, "inducements"), {"side": "home", "item_wizard": "1"})
    assert page.status_code == 400
    assert "Both teams take their journeymen first" in page.content.decode()


def test_the_gate_shows_each_teams_fans_and_fame_with_their_dice(
    client, fixed, home_coach, away_coach
) -> None:
    dice_enter(fixed, home_coach, "gate for home", "2D6", [3, 4])
    dice_enter(fixed, away_coach, "gate for away", "2D6", [2, 2])
    client.force_login(home_coach)
    assert "Record the gate" in section(page_text(client, fixed))
    shown = section(done(client, client.post(url(fixed, "gate")), fixed))
    assert "16,000 fans · FAME 2 · dice 3 4 (2D6, entered)" in shown
    assert "7,000 fans · FAME 0 · dice 2 2 (2D6, entered)" in shown
    assert "Record the gate" not in shown


def queries(client, match: Match) -> int:
    with CaptureQueriesContext(connection) as read:
        assert client.get(url(match)).status_code == 200
    return len(read.captured_queries)


def test_the_page_reads_in_the_same_queries_however_much_is_recorded(
    client, match, home_coach, away_coach
) -> None:
    client.force_login(home_coach)
    journeymen_take(match, home_coach, "home", ["Lineman"])
    few = queries(client, match)
    journeymen_take(match, home_coach, "home", ["Lineman", "Lineman"])
    for side, values in (("home", [3, 4]), ("away", [2, 2])):
        dice_enter(match, home_coach if side == "home" else away_coach, f"gate for {side}", "2D6",
                   values)  # fmt: skip
    assert queries(client, match) == few
    journeymen_take(match, away_coach, "away", [])
    inducements_buy(match, home_coach, "home", Request({"wizard": 1}, stars=("Mighty Zug",)))
    bought = queries(client, match)
    inducements_buy(match, away_coach, "away", Request({"bloodweiser_babes": 1}))
    assert queries(client, match) <= bought


niggling_match = service_tests.niggling_match  # a house rule that rolls for niggles


def test_where_the_league_rolls_for_niggles_the_coach_rolls_them_from_the_page(
    client, niggling_match, home_coach
) -> None:
    match = niggling_match
    client.force_login(home_coach)
    assert "Roll for niggling injuries" in section(page_text(client, match))
    answer = client.post(url(match, "niggles"), {"side": "home"})
    assert answer.status_code == 302
    shown = section(page_text(client, match))
    assert "Niggling injuries:" in shown
    assert "Roll for niggling injuries" not in shown
